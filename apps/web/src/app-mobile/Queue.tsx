/**
 * The outbox as the person sees it: every check-in, hazard, start, finish, sampling, valve and repair step with its state;
 * refusals (conflicts) stay with the server's message until dismissed.
 */
import { t } from './i18n';
import { clearSent, dismiss, flush, type OutboxItem } from './outbox';

const label = (it: OutboxItem) => {
  switch (it.kind ?? 'check') {
    case 'start':
      return t('taskStarted');
    case 'finish':
      return t('taskFinished');
    case 'sample':
      return t('sampleDone');
    case 'repair':
      return t('repairDone');
    case 'valve':
      return t((it.body as { closed?: boolean }).closed ? 'valveClosed' : 'valveOpened');
    default:
      return it.body.result === 2 ? `${t('hazard')} · ${String(it.body.description ?? '')}` : t('checkIn');
  }
};

export function Queue({ items }: { items: OutboxItem[] }) {
  const ordered = [...items].reverse();
  return (
    <div className="page" data-testid="app-queue">
      <div className="bar">
        <h2>{t('queue')}</h2>
        <button type="button" onClick={() => void flush()}>
          {t('refresh')}
        </button>
        <button type="button" onClick={() => void clearSent()}>
          {t('clearSent')}
        </button>
      </div>
      {!items.length && <p className="empty">{t('queueEmpty')}</p>}
      <ul className="queue">
        {ordered.map((it) => (
          <li key={it.seq} data-testid="app-queue-item" data-state={it.state} data-kind={it.kind ?? 'check'}>
            <div className="row">
              <b>{it.objectName}</b>
              <span className={`tag ${it.state}`}>{t(it.state)}</span>
            </div>
            <div className="meta">
              {label(it)} · {new Date(it.createdAt).toLocaleTimeString()}
              {it.far && <span className="tag far">{t('far')}</span>}
            </div>
            {it.state === 'conflict' && (
              <div className="row">
                <span className="error">{it.error}</span>
                <button type="button" onClick={() => void dismiss(it.seq!)}>
                  {t('dismiss')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
