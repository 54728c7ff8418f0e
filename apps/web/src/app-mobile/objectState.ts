/** Where a task's object stands on the phone: the server's result, or else its newest check-in in the outbox. */
import type { OutboxItem } from './outbox';
import type { TaskObject } from './types';

export function objectState(o: TaskObject, items: OutboxItem[]): string {
  if (o.result === 2) return 'hazard';
  if (o.result === 1) return 'checked';
  const mine = items.filter((i) => (i.kind ?? 'check') === 'check' && i.body.id === o.id);
  const last = mine[mine.length - 1];
  if (!last) return 'todo';
  if (last.state === 'conflict') return 'conflict';
  if (last.state === 'sent') return last.body.result === 2 ? 'hazard' : 'checked';
  return 'queued';
}
