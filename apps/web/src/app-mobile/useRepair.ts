/**
 * A repair step's state and calls: the step read from the server, the valves' closed state as the outbox has it
 * (a queued check-off shows until sent; one sent after the list was read shows what it was sent with), and the
 * check-off and completion both queued in the outbox so they work offline.
 */
import { useCallback, useEffect, useState } from 'react';
import { type ApiError, call, newClientId } from './api';
import { t } from './i18n';
import { allItems, enqueue, type OutboxItem, onOutbox } from './outbox';
import type { Photo } from './photos';
import type { RepairDetail, Valve } from './types';

export function useRepair(taskId: string) {
  const [d, setD] = useState<RepairDetail | null>(null);
  const [error, setError] = useState('');

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
  const isWaiting = (v: Valve) => waiting.has(v.valveGid);

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

  /** the step completed with its note and photos; false when the photos it needs are missing */
  async function complete(note: string, before: Photo[], after: Photo[]): Promise<boolean> {
    if (!d) return false;
    if (d.onSite && (!before.length || !after.length)) {
      setError(t('photosBeforeAfter'));
      return false;
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
    return true;
  }

  return { d, error, setError, closedNow, isWaiting, toggle, complete };
}
