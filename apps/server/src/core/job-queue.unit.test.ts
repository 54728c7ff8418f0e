import { describe, expect, it } from 'vitest';
import { ApiError } from './envelope.ts';
import { JobQueue, MSG_QUEUE_FULL } from './job-queue.ts';

/** A job that runs until released. */
function gate() {
  let release!: () => void;
  const done = new Promise<void>((r) => {
    release = r;
  });
  return { release, run: () => done };
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return { status: (e as ApiError).httpStatus, msg: (e as ApiError).message };
  }
  throw new Error('not refused');
};

describe('job queue', () => {
  it('runs one per tenant and kind, at most `limit` at once, the rest in order with their places', async () => {
    const reports: Record<string, unknown>[] = [];
    const q = new JobQueue({ limit: 2, maxWaiting: 2, report: (_s, d) => reports.push(d) });
    const spec = (tenantId: string, kind = 'backup') => ({ kind, tenantId, userId: '1', busyMessage: `${kind} busy` });
    const g = [gate(), gate(), gate(), gate()];
    const a = q.submit(spec('t1'), g[0].run);
    expect(a.position).toBe(0);
    // the same tenant and kind: refused while the first runs; another kind is fine
    expect(refusal(() => q.submit(spec('t1'), g[1].run))).toEqual({ status: 429, msg: 'backup busy' });
    const b = q.submit(spec('t1', 'datasync'), g[1].run);
    expect(b.position).toBe(0);
    const c = q.submit(spec('t2'), g[2].run);
    const d = q.submit(spec('t3'), g[3].run);
    expect([c.position, d.position]).toEqual([1, 2]);
    expect(q.running()).toBe(2);
    expect(refusal(() => q.submit(spec('t4'), async () => {}))).toEqual({ status: 429, msg: MSG_QUEUE_FULL });

    g[0].release();
    await a.result;
    await new Promise((r) => setImmediate(r));
    expect(q.list().map((j) => [j.tenantId, j.state, j.position])).toEqual([
      ['t1', 'running', 0],
      ['t2', 'running', 0],
      ['t3', 'queued', 1],
    ]);
    expect(reports).toContainEqual({ id: d.id, kind: 'backup', state: 'queued', position: 1 });
    // t1 may back up again now that its backup ended
    const again = q.submit(spec('t1'), async () => 'ok');
    expect(again.position).toBe(2);
    for (const x of g) x.release();
    expect(await again.result).toBe('ok');
    expect(q.list()).toEqual([]);
  });

  it('reports a failed job and frees its slot', async () => {
    const reports: Record<string, unknown>[] = [];
    const q = new JobQueue({ limit: 1, report: (_s, d) => reports.push(d) });
    const j = q.submit({ kind: 'k', tenantId: 't', busyMessage: 'busy' }, async () => {
      throw new Error('boom');
    });
    await expect(j.result).rejects.toThrow('boom');
    expect(reports.at(-1)).toMatchObject({ state: 'failed', message: 'boom' });
    expect(q.running()).toBe(0);
    expect(q.has('k', 't')).toBe(false);
  });
});
