/**
 * Progress of long uploads (imports) for the screen that started them: the client names its job (`jobId`), the
 * import reports its stage and rows done, and `GET …/progress?jobId=` answers them while the upload request is
 * still running, and its report once it has finished.
 *
 * Kept twice: in the memory of the instance running the import (its own polls answer from there), and, when the
 * import passes its database, in a job row (`swp_import_job`, modules/system/schema.ts), so a poll that reaches
 * another instance behind a load balancer reads the same state. Writes of the row are queued per job and never
 * awaited by the import (on the embedded database the import's transaction holds the only connection: the row is
 * written when it commits), at most every 500 ms between stages. A row unseen for a day is swept when a job starts.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { tenantSqlNamed } from './scoped.ts';

export interface JobState {
  stage: string;
  done: number;
  total: number;
  finished: boolean;
  error: string | null;
  at: number;
  /** the import's report once finished (when the import passed it) */
  report?: unknown;
}

type Exec = Pick<Db, 'execute'>;
const TTL = 10 * 60_000;
const WRITE_EVERY_MS = 500;
/** this process, named in the job row (which instance runs the import) */
export const INSTANCE = `${process.pid}-${randomUUID().slice(0, 8)}`;
const jobs = new Map<string, JobState>();
const pending = new Set<Promise<void>>();

function sweep(now: number) {
  for (const [k, v] of jobs) if (now - v.at > TTL) jobs.delete(k);
}

function track(p: Promise<void>) {
  pending.add(p);
  void p.finally(() => pending.delete(p));
}

async function writeRow(db: Exec, tenantId: string, jobId: string, kind: string | null, s: JobState) {
  const report = s.report === undefined ? null : JSON.stringify(s.report);
  await db.execute(sql`
    insert into swp_import_job (tenant_id, job_id, kind, stage, done, total, finished, error, report, instance, update_time)
    values (${tenantId}, ${jobId}, ${kind}, ${s.stage}, ${s.done}, ${s.total}, ${s.finished ? 1 : 0}, ${s.error},
            ${report}, ${INSTANCE}, now())
    on conflict (tenant_id, job_id) do update set kind = excluded.kind, stage = excluded.stage, done = excluded.done,
      total = excluded.total, finished = excluded.finished, error = excluded.error, report = excluded.report,
      instance = excluded.instance, update_time = now()`);
}

export const progress = {
  /**
   * Starts (or restarts) a job; without a jobId the handle records nothing. With `db` the state is also written to
   * the job row other instances read.
   */
  start(tenantId: string, jobId: string | undefined, db?: Exec, kind: string | null = null) {
    const key = jobId ? `${tenantId}:${jobId}` : null;
    const now = Date.now();
    sweep(now);
    const state: JobState = { stage: 'upload', done: 0, total: 0, finished: false, error: null, at: now };
    if (key) jobs.set(key, state);
    let chain: Promise<void> = Promise.resolve();
    let written = 0;
    let timer: NodeJS.Timeout | null = null;
    const flush = () => {
      if (!db || !jobId) return;
      if (timer) clearTimeout(timer);
      timer = null;
      written = Date.now();
      const snap = { ...state };
      chain = chain
        .then(() => writeRow(db, tenantId, jobId, kind, snap))
        .catch((e) => console.warn(`import job ${jobId}: progress not stored (${(e as Error).message})`));
      track(chain);
    };
    const persist = (force: boolean) => {
      if (!db || !jobId) return;
      if (force || Date.now() - written >= WRITE_EVERY_MS) flush();
      else if (!timer) {
        timer = setTimeout(flush, WRITE_EVERY_MS);
        timer.unref?.();
      }
    };
    if (db && jobId) {
      track(
        db
          .execute(sql`delete from swp_import_job where update_time < now() - interval '1 day'`)
          .then(() => undefined)
          .catch(() => undefined),
      );
      persist(true);
    }
    const touch = (p: Partial<JobState>, force = false) => {
      Object.assign(state, p, { at: Date.now() });
      persist(force);
    };
    return {
      stage: (stage: string, total = 0) => touch({ stage, done: 0, total }, true),
      step: (done: number, total: number) => touch({ done, total }),
      finish: (report?: unknown) => touch({ stage: 'done', finished: true, report }, true),
      fail: (error: string) => touch({ stage: 'failed', finished: true, error }, true),
    };
  },
  /**
   * The job's state; only the tenant that started it sees it. This instance's memory first, else the job row
   * (another instance runs or ran it).
   */
  async get(tenantId: string, jobId: string, db?: Exec): Promise<JobState | null> {
    const mine = jobs.get(`${tenantId}:${jobId}`);
    if (mine) return mine;
    if (!db) return null;
    const r = await db.execute<{
      stage: string;
      done: number;
      total: number;
      finished: number;
      error: string | null;
      report: string | null;
      at: string;
    }>(sql`select stage, done, total, finished, error, report,
             (extract(epoch from update_time) * 1000)::bigint::text as at
           from swp_import_job where ${tenantSqlNamed('swp_import_job', tenantId)} and job_id = ${jobId}`);
    const row = r.rows[0];
    if (!row) return null;
    return {
      stage: row.stage,
      done: Number(row.done),
      total: Number(row.total),
      finished: Number(row.finished) === 1,
      error: row.error,
      at: Number(row.at),
      ...(row.report ? { report: JSON.parse(row.report) } : {}),
    };
  },
  /** Waits for the queued job-row writes (tests; a shutdown). */
  async flush() {
    while (pending.size) await Promise.allSettled([...pending]);
  },
  /** Forgets this instance's memory of a job (tests: read it as another instance would). */
  forgetLocal(tenantId: string, jobId: string) {
    jobs.delete(`${tenantId}:${jobId}`);
  },
};

/** What a progress poll answers when no instance knows the job. */
export const UNKNOWN_JOB: Omit<JobState, 'at'> = { stage: 'unknown', done: 0, total: 0, finished: false, error: null };
