/**
 * A repair step (爆管抢修 / 调度指令) on the phone: the process's steps and where this one stands, the burst's valves
 * in closing order (the shutValue page's list: valves to close nearest first, then the backups for valves that
 * cannot be operated) checked off one by one, and the step completed as a form with photos before and after the
 * work. Checking a valve off needs a connection (the control room follows the closures live); the completion
 * goes through the outbox, so it works offline and is sent once.
 */
import { useCallback, useEffect, useState } from 'react';
import { type ApiError, call, newClientId } from './api';
import { t } from './i18n';
import { enqueue } from './outbox';
import { readPhoto } from './TaskView';
import type { RepairDetail, Valve } from './types';

type Photo = { key: string; data: string };

export function Repair({ taskId, photoMaxKb, onBack }: { taskId: string; photoMaxKb: number; onBack: () => void }) {
  const [d, setD] = useState<RepairDetail | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [before, setBefore] = useState<Photo[]>([]);
  const [after, setAfter] = useState<Photo[]>([]);

  const load = useCallback(async () => {
    try {
      setD(await call<RepairDetail>('GET', '/api/swp-app/repair/detail', undefined, { taskId }));
    } catch (e) {
      setError((e as ApiError).network ? t('offline') : (e as Error).message);
    }
  }, [taskId]);
  useEffect(() => void load(), [load]);

  async function toggle(v: Valve) {
    setBusy(v.valveGid);
    setError('');
    try {
      const r = await call<{ valves: Valve[]; eventStatus: number }>('POST', '/api/swp-app/repair/valve', {
        taskId,
        valveGid: v.valveGid,
        closed: v.closed !== 1,
      });
      setD((x) => x && { ...x, valves: r.valves, event: x.event && { ...x.event, eventStatus: r.eventStatus } });
    } catch (e) {
      setError((e as ApiError).network ? t('valveOffline') : (e as Error).message);
    } finally {
      setBusy(null);
    }
  }

  async function add(files: FileList | null, set: (f: (p: Photo[]) => Photo[]) => void) {
    setError('');
    for (const f of Array.from(files ?? [])) {
      if (f.size > photoMaxKb * 1024) {
        setError(t('photoTooBig', { kb: photoMaxKb }));
        continue;
      }
      const data = await readPhoto(f);
      set((p) => [...p, { key: crypto.randomUUID(), data }].slice(0, 9));
    }
  }

  async function submit() {
    if (!d) return;
    if (d.onSite && (!before.length || !after.length)) {
      setError(t('photosBeforeAfter'));
      return;
    }
    const clientId = newClientId('rep');
    await enqueue({
      kind: 'repair',
      clientId,
      taskId,
      objectName: d.task.title ?? d.task.processName,
      body: { taskId, clientId, note: note.trim() },
      photos: [
        ...before.map((p, i) => ({ clientId: `${clientId}-b${i}`, data: p.data, group: 'before' as const })),
        ...after.map((p, i) => ({ clientId: `${clientId}-a${i}`, data: p.data, group: 'after' as const })),
      ],
    });
    onBack();
  }

  const close = d?.valves.filter((v) => v.role === 'close') ?? [];
  const backups = d?.valves.filter((v) => v.role === 'backup') ?? [];
  const valveRow = (v: Valve) => (
    <li key={`${v.role}-${v.forValveGid}-${v.valveGid}`} data-testid="app-valve" data-closed={v.closed === 1}>
      <label className="row">
        <input
          type="checkbox"
          checked={v.closed === 1}
          disabled={busy !== null}
          onChange={() => void toggle(v)}
          aria-label={`${t('valve')} ${v.valveDno ?? v.valveGid}`}
        />
        <span>
          {v.seq}. {v.valveDno ?? v.valveGid}
          {v.diameter ? ` DN${v.diameter}` : ''}
          {v.distance != null ? ` · ${Math.round(v.distance)} ${t('metres')}` : ''}
          {v.role === 'backup' ? ` · ${t('backupFor')} ${v.forValveGid}` : ''}
        </span>
      </label>
    </li>
  );

  return (
    <div className="page" data-testid="app-repair-view">
      <div className="bar">
        <button type="button" onClick={onBack}>
          ‹ {t('back')}
        </button>
      </div>
      {!d && (error ? <p className="error">{error}</p> : <p className="meta">…</p>)}
      {d && (
        <>
          <h2>{d.task.title ?? d.task.processName}</h2>
          <p className="meta">{[d.task.vars.address, d.task.vars.level].filter(Boolean).join(' · ')}</p>
          <ol className="steps" data-testid="app-steps">
            {d.task.steps.map((s, i) => (
              <li
                key={s.key}
                className={i + 1 < d.task.stepNo ? 'done' : i + 1 === d.task.stepNo ? 'current' : ''}
                aria-current={i + 1 === d.task.stepNo ? 'step' : undefined}
              >
                {s.name}
              </li>
            ))}
          </ol>
          {d.event && (
            <section>
              <h3>
                {t('valvesToClose')} ({close.filter((v) => v.closed === 1).length}/{close.length})
              </h3>
              <p className="meta" data-testid="app-event-status">
                {d.event.code} · {t(`eventStatus${d.event.eventStatus}` as 'eventStatus0')}
              </p>
              <ul className="valves">{close.map(valveRow)}</ul>
              {!!backups.length && (
                <>
                  <h3>{t('backupValves')}</h3>
                  <ul className="valves">{backups.map(valveRow)}</ul>
                </>
              )}
            </section>
          )}
          <section className="form">
            <h3>{d.task.taskName}</h3>
            <label className="field">
              {t('repairNote')}
              <textarea
                value={note}
                maxLength={500}
                onChange={(e) => setNote(e.target.value)}
                data-testid="app-repair-note"
              />
            </label>
            {(['before', 'after'] as const).map((g) => {
              const list = g === 'before' ? before : after;
              return (
                <div key={g}>
                  <label className="photo">
                    {t(g === 'before' ? 'photoBefore' : 'photoAfter')}
                    <input
                      type="file"
                      accept="image/*"
                      capture="environment"
                      multiple
                      onChange={(e) => void add(e.target.files, g === 'before' ? setBefore : setAfter)}
                      data-testid={`app-photo-${g}`}
                    />
                  </label>
                  <div className="thumbs">
                    {list.map((p, i) => (
                      <img
                        key={p.key}
                        src={p.data}
                        alt={`${t(g === 'before' ? 'photoBefore' : 'photoAfter')} ${i + 1}`}
                      />
                    ))}
                  </div>
                </div>
              );
            })}
            {error && <p className="error">{error}</p>}
            <button type="button" className="primary" onClick={() => void submit()} data-testid="app-repair-submit">
              {t('completeStep')}
            </button>
          </section>
        </>
      )}
    </div>
  );
}
