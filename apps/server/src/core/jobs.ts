/**
 * Background jobs run in one instance at a time. On PostgreSQL an instance holds a session-level advisory lock on
 * a dedicated connection; when it dies the lock goes with it and another instance takes over on its next try.
 * The embedded database serves one instance, which always runs the jobs.
 */
import pg from 'pg';

export interface JobRunner {
  /** true while this instance holds the lock for the named job group */
  isLeader(): boolean;
  stop(): Promise<void>;
}

const JOBS_LOCK = 7_261_002;

export async function startLeadership(
  url: string | undefined,
  crossInstance: boolean,
  onLead: () => void,
  retryMs = 15_000,
): Promise<JobRunner> {
  if (!crossInstance || !url) {
    onLead();
    return { isLeader: () => true, stop: async () => {} };
  }
  let client: pg.Client | undefined;
  let leader = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const attempt = async () => {
    if (stopped || leader) return;
    try {
      client = new pg.Client({ connectionString: url });
      client.on('error', () => {
        leader = false;
      });
      await client.connect();
      const r = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [JOBS_LOCK]);
      if (r.rows[0].ok) {
        leader = true;
        onLead();
        return;
      }
      await client.end();
    } catch {
      /* database unavailable: try again later */
    }
    if (!stopped) timer = setTimeout(attempt, retryMs);
    timer?.unref();
  };
  await attempt();
  return {
    isLeader: () => leader,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
