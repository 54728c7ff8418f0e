/**
 * The one queue of long jobs (backups, data sync) in this instance (docs/architecture.md "Long jobs").
 * - At most one job per tenant and kind is waiting or running: another is refused at once (429, the kind's own
 *   message, e.g. 已有备份正在进行，请稍后再试), so a double click or a script cannot pile them up.
 * - At most `limit` jobs run at once (SWP_JOB_LIMIT, default 2); the others wait in order, up to `maxWaiting`;
 *   beyond that a new job is refused (429 后台任务已满，请稍后再试).
 * - Queued and running jobs report on the live channel (`job.progress` to the submitting user): state, position
 *   in the queue, and whatever progress the job reports.
 * The queue is in memory: what a job must leave behind after a restart (a backup row) it persists itself.
 */
import { ApiError } from './envelope.ts';
import { newId } from './ids.ts';
import type { AppContext } from './module.ts';

export const JOB_TOPIC = 'job.progress';
export const MSG_QUEUE_FULL = '后台任务已满，请稍后再试';

export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobSpec {
  kind: string;
  tenantId: string;
  userId?: string;
  /** refusal when the tenant already has a job of this kind, e.g. 已有备份正在进行，请稍后再试 */
  busyMessage: string;
  /** the job's id (a backup uses its row id); generated when absent */
  id?: string;
}

export interface JobHandle {
  id: string;
  /** reports progress to the submitter (throttled by the caller if it reports often) */
  progress(data: Record<string, unknown>): void;
}

export interface JobTicket<T> {
  id: string;
  /** 0 when it started at once, else its place in the queue (1 = next) */
  position: number;
  result: Promise<T>;
}

interface Entry {
  spec: JobSpec & { id: string };
  state: JobState;
  start: () => void;
}

export const busy = (msg: string) => new ApiError(429, 429, msg);

export class JobQueue {
  private entries: Entry[] = [];

  constructor(
    private opts: {
      limit: number;
      maxWaiting?: number;
      report?: (spec: JobSpec & { id: string }, data: Record<string, unknown>) => void;
    },
  ) {}

  /** Runs `run` now or when a slot frees; throws 429 when the tenant has one of this kind or the queue is full. */
  submit<T>(spec: JobSpec, run: (job: JobHandle) => Promise<T>): JobTicket<T> {
    if (this.has(spec.kind, spec.tenantId)) throw busy(spec.busyMessage);
    const waiting = this.entries.filter((e) => e.state === 'queued').length;
    if (this.running() >= this.opts.limit && waiting >= (this.opts.maxWaiting ?? 20)) throw busy(MSG_QUEUE_FULL);
    const full = { ...spec, id: spec.id ?? newId() };
    const report = (data: Record<string, unknown>) => {
      try {
        this.opts.report?.(full, { id: full.id, kind: full.kind, ...data });
      } catch {
        /* progress is best effort */
      }
    };
    let resolve!: (v: T) => void;
    let reject!: (e: unknown) => void;
    const result = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const entry: Entry = {
      spec: full,
      state: 'queued',
      start: () => {
        entry.state = 'running';
        report({ state: 'running', position: 0 });
        // the slot is free (and the tenant may submit again) before the submitter hears the outcome
        const finish = (state: JobState, extra: Record<string, unknown>) => {
          entry.state = state;
          this.entries = this.entries.filter((x) => x !== entry);
          report({ state, ...extra });
          this.pump();
        };
        Promise.resolve()
          .then(() => run({ id: full.id, progress: (d) => report({ state: 'running', ...d }) }))
          .then(
            (v) => {
              finish('done', {});
              resolve(v);
            },
            (e) => {
              finish('failed', { message: e instanceof Error ? e.message : String(e) });
              reject(e);
            },
          );
      },
    };
    this.entries.push(entry);
    const position = this.positionOf(entry);
    this.pump();
    return { id: full.id, position: entry.state === 'running' ? 0 : position, result };
  }

  /** true while the tenant has a job of this kind waiting or running here */
  has(kind: string, tenantId: string): boolean {
    return this.entries.some((e) => e.spec.kind === kind && e.spec.tenantId === tenantId);
  }

  running(): number {
    return this.entries.filter((e) => e.state === 'running').length;
  }

  /** what runs and what waits, in order (for the API's status and for tests) */
  list(): { id: string; kind: string; tenantId: string; state: JobState; position: number }[] {
    return this.entries.map((e) => ({
      id: e.spec.id,
      kind: e.spec.kind,
      tenantId: e.spec.tenantId,
      state: e.state,
      position: this.positionOf(e),
    }));
  }

  private positionOf(entry: Entry): number {
    if (entry.state !== 'queued') return 0;
    return this.entries.filter((e) => e.state === 'queued').indexOf(entry) + 1;
  }

  private pump() {
    while (this.running() < this.opts.limit) {
      const next = this.entries.find((e) => e.state === 'queued');
      if (!next) return;
      next.start();
    }
    // the ones still waiting learn their new place
    for (const e of this.entries)
      if (e.state === 'queued')
        this.opts.report?.(e.spec, {
          id: e.spec.id,
          kind: e.spec.kind,
          state: 'queued',
          position: this.positionOf(e),
        });
  }
}

const queues = new WeakMap<object, JobQueue>();

/** The instance's queue (one per app context), reporting on the live channel. */
export function jobQueueOf(ctx: Pick<AppContext, 'config' | 'live'>): JobQueue {
  let q = queues.get(ctx);
  if (!q) {
    q = new JobQueue({
      limit: ctx.config.jobLimit ?? 2,
      report: (spec, data) => {
        if (!spec.userId) return;
        void ctx.live
          .publish({ topic: JOB_TOPIC, tenantId: spec.tenantId, userIds: [spec.userId], data, toSockets: true })
          .catch(() => {});
      },
    });
    queues.set(ctx, q);
  }
  return q;
}
