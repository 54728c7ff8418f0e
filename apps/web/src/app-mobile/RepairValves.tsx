/** The burst's valves of a repair step: those to close nearest first, then the backups, each checked off in turn. */
import { t } from './i18n';
import type { RepairDetail, Valve } from './types';

export function RepairValves({
  event,
  valves,
  closedNow,
  isWaiting,
  onToggle,
}: {
  event: NonNullable<RepairDetail['event']>;
  valves: Valve[];
  closedNow: (v: Valve) => boolean;
  isWaiting: (v: Valve) => boolean;
  onToggle: (v: Valve) => void;
}) {
  const close = valves.filter((v) => v.role === 'close');
  const backups = valves.filter((v) => v.role === 'backup');
  const valveRow = (v: Valve) => (
    <li
      key={`${v.role}-${v.forValveGid}-${v.valveGid}`}
      data-testid="app-valve"
      data-closed={closedNow(v)}
      data-pending={isWaiting(v)}
    >
      <label className="row">
        <input
          type="checkbox"
          checked={closedNow(v)}
          onChange={() => onToggle(v)}
          aria-label={`${t('valve')} ${v.valveDno ?? v.valveGid}`}
        />
        <span>
          {v.seq}. {v.valveDno ?? v.valveGid}
          {v.diameter ? ` DN${v.diameter}` : ''}
          {v.distance != null ? ` · ${Math.round(v.distance)} ${t('metres')}` : ''}
          {v.role === 'backup' ? ` · ${t('backupFor')} ${v.forValveGid}` : ''}
        </span>
        {isWaiting(v) && <span className="tag queued">{t('queued')}</span>}
      </label>
    </li>
  );
  return (
    <section>
      <h3>
        {t('valvesToClose')} ({close.filter(closedNow).length}/{close.length})
      </h3>
      <p className="meta" data-testid="app-event-status">
        {event.code} · {t(`eventStatus${event.eventStatus}` as 'eventStatus0')}
      </p>
      <ul className="valves">{close.map(valveRow)}</ul>
      {!!backups.length && (
        <>
          <h3>{t('backupValves')}</h3>
          <ul className="valves">{backups.map(valveRow)}</ul>
        </>
      )}
    </section>
  );
}
