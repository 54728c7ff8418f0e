/**
 * Instance-end listeners: another module learns that an instance of a process key ended (finished, terminated,
 * withdrawn or deleted while running or suspended). The engine calls them inside the transaction that ended the
 * instance, so what a listener writes commits together with the end, or not at all. Each listener runs in its own
 * savepoint: one that fails is logged and rolled back alone, and never undoes the workflow's own work.
 * Register once per process (a module's `init`); the same function registered twice runs once.
 */
import type { Tx } from '../../core/resource.ts';
import type { wfInstance } from './schema.ts';

export type EndState = 'finished' | 'terminated' | 'withdrawn' | 'deleted';

export interface InstanceEnded {
  tenantId: string;
  instanceId: string;
  processKey: string;
  businessKey: string | null;
  /** finished: reached its end event; the others: stopped by a person (`deleteReason` says why) */
  state: EndState;
  endTime: Date;
  deleteReason: string | null;
  /** who ended it (completed the last task, terminated, withdrew, deleted); none for background work */
  actorId?: string;
}

export type InstanceEndedListener = (tx: Tx, ev: InstanceEnded) => Promise<void>;

const ENDED = new Set<string>(['finished', 'terminated', 'withdrawn', 'deleted']);
const listeners = new Map<string, Set<InstanceEndedListener>>();

/** Calls `fn` whenever an instance of `processKey` ends. Returns the function that unregisters it. */
export function onInstanceEnded(processKey: string, fn: InstanceEndedListener): () => void {
  const set = listeners.get(processKey) ?? new Set<InstanceEndedListener>();
  listeners.set(processKey, set);
  set.add(fn);
  return () => {
    set.delete(fn);
  };
}

/**
 * For the engine, at the end of a command's transaction: `before` is the state the command found. Does nothing
 * unless this command ended the instance.
 */
export async function instanceEnded(
  tx: Tx,
  before: string,
  inst: typeof wfInstance.$inferSelect,
  actorId: string | undefined,
): Promise<void> {
  if (ENDED.has(before) || !ENDED.has(inst.state)) return;
  const fns = listeners.get(inst.processKey);
  if (!fns?.size) return;
  const ev: InstanceEnded = {
    tenantId: inst.tenantId,
    instanceId: inst.id,
    processKey: inst.processKey,
    businessKey: inst.businessKey,
    state: inst.state as EndState,
    endTime: inst.endTime ?? new Date(),
    deleteReason: inst.deleteReason,
    actorId,
  };
  for (const fn of [...fns]) {
    try {
      await tx.transaction((sp) => fn(sp, ev));
    } catch (err) {
      console.error(`[workflow] instance-end listener of ${inst.processKey} failed:`, err);
    }
  }
}
