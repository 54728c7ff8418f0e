/**
 * A repair step (爆管抢修 / 调度指令) on the phone: the process's steps and where this one stands, the burst's valves
 * in closing order (the shutValue page's list: valves to close nearest first, then the backups for valves that
 * cannot be operated) checked off one by one, and the step completed as a form with photos before and after the
 * work. Checking a valve off and the completion both go through the outbox, so they work offline and are sent
 * once, in the order they were made (the control room sees the closures as soon as they arrive).
 */
import { useCallback, useEffect, useState } from 'react';
import { type ApiError, call, newClientId } from './api';
import { t } from './i18n';
import { allItems, enqueue, type OutboxItem, onOutbox } from './outbox';
import { readPhoto } from './TaskView';
import type { RepairDetail, Valve } from './types';

type Photo = { key: string; data: string };

export function Repair({ taskId, photoMaxKb, onBack }: { taskId: string; photoMaxKb: number; onBack: () => void }) {
  const [d, setD] = useState<RepairDetail | null>(null);
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  const [before, setBefore] = useState<Photo[]>([]);
  const [after, setAfter] = useState<Photo[]>([]);

  // when the list shown was asked for: a valve sent after that still shows what it was sent with
  const [loadedAt, setLoadedAt] = useState(0);
  const load = useCallback(async () => {
    const asked = Date.now();
    try {
      setD(await call<RepairDetail>('GET', '/api/swp-app/repair/detail', undefined, { taskId }));
      setLoadedAt(asked);
    } catch (e) {
      setError((e as ApiError).network ? t('offline') : (e as Error).message);
    }
  }, [taskId]);
  useEffect(() => void load(), [load]);

  // valves checked off go through the outbox (offline too, in order, each once): until sent, a valve shows what
  // its newest queued item says; each one that reaches the server reloads the list (the event's status with it)
  const [pending, setPending] = useState<OutboxItem[]>([]);
  useEffect(() => {
    const read = () =>
      void allItems().then((all) => setPending(all.filter((i) => i.kind === 'valve' && i.taskId === taskId)));
    read();
    const off = onOutbox(read);
    return () => void off();
  }, [taskId]);
  const sentValves = pending.filter((i) => i.state === 'sent').length;
  useEffect(() => {
    if (sentValves) void load();
  }, [sentValves, load]);
  const waiting = new Map<number, boolean>();
  const fresh = new Map<number, boolean>();
  for (const i of pending) {
    const b = i.body as { valveGid?: number; closed?: boolean };
    if (i.state === 'queued' || i.state === 'sending') waiting.set(Number(b.valveGid), !!b.closed);
    else if (i.state === 'sent' && (i.sentAt ?? 0) >= loadedAt) fresh.set(Number(b.valveGid), !!b.closed);
  }
  const closedNow = (v: Valve) => waiting.get(v.valveGid) ?? fresh.get(v.valveGid) ?? v.closed === 1;

  async function toggle(v: Valve) {
    setError('');
    const clientId = newClientId('vlv');
    await enqueue({
      kind: 'valve',
      clientId,
      taskId,
      objectName: `${t('valve')} ${v.valveDno ?? v.valveGid}`,
      body: { taskId, valveGid: v.valveGid, closed: !closedNow(v), clientId },
      photos: [],
    });
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
    <li
      key={`${v.role}-${v.forValveGid}-${v.valveGid}`}
      data-testid="app-valve"
      data-closed={closedNow(v)}
      data-pending={waiting.has(v.valveGid)}
    >
      <label className="row">
        <input
          type="checkbox"
          checked={closedNow(v)}
          onChange={() => void toggle(v)}
          aria-label={`${t('valve')} ${v.valveDno ?? v.valveGid}`}
        />
        <span>
          {v.seq}. {v.valveDno ?? v.valveGid}
          {v.diameter ? ` DN${v.diameter}` : ''}
          {v.distance != null ? ` · ${Math.round(v.distance)} ${t('metres')}` : ''}
          {v.role === 'backup' ? ` · ${t('backupFor')} ${v.forValveGid}` : ''}
        </span>
        {waiting.has(v.valveGid) && <span className="tag queued">{t('queued')}</span>}
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
                {t('valvesToClose')} ({close.filter(closedNow).length}/{close.length})
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
