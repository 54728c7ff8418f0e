/**
 * Background jobs run in one instance at a time (docs/architecture.md "One leader").
 *
 * On PostgreSQL every instance keeps one dedicated connection and, every `checkMs`, either tries the session-level
 * advisory lock (`pg_try_advisory_lock`) or, while it holds it, confirms in `pg_locks` that its session still does.
 * The lock lives as long as that session: when the connection errors, ends or a check fails, leadership is dropped
 * at once (the flag resets and every `LeaderLoop` stops before its next run), and the instance goes back to trying.
 * Each gain opens a new term; a loop belongs to the term it was started in, so a lose-and-regain never leaves two
 * copies of a loop running. Loops also re-confirm the lock on the connection right before each run.
 * The embedded database serves one instance, which always leads.
 */
import pg from 'pg';

export interface Leadership {
  /** true while this instance holds the jobs lock */
  isLeader(): boolean;
  /** increases each time this instance gains the lock (0: never led) */
  term(): number;
  /** asks the database whether the lock is still held; drops leadership when it is not */
  confirm(): Promise<boolean>;
}

export interface LeadershipOptions {
  url?: string;
  crossInstance: boolean;
  onLead: () => void;
  onLose?: () => void;
  /** how often the lock is tried (follower) or confirmed (leader) */
  checkMs?: number;
}

const JOBS_LOCK = 7_261_002;
/** a bigint advisory key k shows in pg_locks as classid = k >> 32, objid = k & 0xffffffff, objsubid = 1 */
const HELD = `select exists(select 1 from pg_locks where locktype = 'advisory' and pid = pg_backend_pid() and granted
  and classid = 0 and objid = $1 and objsubid = 1) as ok`;

export class JobLeadership implements Leadership {
  private client?: pg.Client;
  private leader = false;
  private terms = 0;
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private readonly checkMs: number;

  constructor(private opts: LeadershipOptions) {
    this.checkMs = opts.checkMs ?? 3000;
  }

  isLeader = () => this.leader;
  term = () => this.terms;

  async start(): Promise<void> {
    if (!this.opts.crossInstance || !this.opts.url) {
      this.leader = true;
      this.terms = 1;
      this.opts.onLead();
      return;
    }
    await this.check();
  }

  async confirm(): Promise<boolean> {
    if (!this.leader) return false;
    if (!this.opts.crossInstance || !this.opts.url) return true;
    const c = this.client;
    if (!c) return false;
    try {
      const r = await c.query<{ ok: boolean }>(HELD, [JOBS_LOCK]);
      if (r.rows[0].ok) return this.leader;
    } catch {
      /* the lock connection is gone */
    }
    this.drop(c);
    return false;
  }

  /** Forgets the lock connection; a leader stops leading at once. */
  private drop(c: pg.Client) {
    if (this.client === c) this.client = undefined;
    c.end().catch(() => {});
    if (this.leader) {
      this.leader = false;
      if (!this.stopped) this.opts.onLose?.();
    }
  }

  private async check() {
    if (this.stopped) return;
    let c = this.client;
    try {
      if (!c) {
        const fresh = new pg.Client({
          connectionString: this.opts.url,
          connectionTimeoutMillis: 5000,
          query_timeout: Math.max(2000, this.checkMs * 2),
          application_name: 'swp-jobs-lock',
        });
        c = fresh;
        fresh.on('error', () => this.drop(fresh));
        fresh.on('end', () => this.drop(fresh));
        await fresh.connect();
        if (this.stopped) {
          await fresh.end();
          return;
        }
        this.client = fresh;
      }
      if (this.leader) await this.confirm();
      else {
        const r = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [JOBS_LOCK]);
        if (r.rows[0].ok && this.client === c && !this.stopped) {
          this.leader = true;
          this.terms++;
          this.opts.onLead();
        }
      }
    } catch {
      /* database unavailable or connection cut: try again on the next round */
      if (c) this.drop(c);
    }
    if (!this.stopped) {
      this.timer = setTimeout(() => void this.check(), this.checkMs);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.leader = false;
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => {});
  }
}

export interface LeaderCtx {
  isLeader(): boolean;
  leadership?: Pick<Leadership, 'term' | 'confirm'>;
}

/**
 * One background loop of the leader: `run` after `firstMs`, then `everyMs` after each run ends. Before every run
 * it checks that this instance still leads, in the term the loop was started in, and that the lock is still held;
 * if not, the loop ends for good (the next term's `lead` starts a fresh one).
 */
export class LeaderLoop {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;
  private readonly term: number;

  constructor(
    private ctx: LeaderCtx,
    private name: string,
    private run: () => Promise<unknown>,
    private everyMs: number,
  ) {
    this.term = ctx.leadership?.term() ?? 0;
  }

  start(firstMs = 0) {
    this.schedule(firstMs);
  }

  get active() {
    return !this.stopped;
  }

  private async leads(): Promise<boolean> {
    if (!this.ctx.isLeader()) return false;
    const l = this.ctx.leadership;
    if (!l) return true;
    return l.term() === this.term && (await l.confirm());
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.leads()
        .then(async (ok) => {
          if (!ok) {
            this.stopped = true;
            return;
          }
          await this.run();
        })
        .catch((err) => console.error(`[${this.name}] job failed:`, err))
        .finally(() => {
          this.running = undefined;
          this.schedule(this.everyMs);
        });
    }, delay);
    this.timer.unref?.();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

/**
 * A module's background job as `lead` and `stop` for its ServerModule: each gain of leadership starts one
 * LeaderLoop running `run(ctx)` every `everyMs` (the first after `firstMs`), and `stop` ends every loop it started.
 * Loops of past terms have ended themselves and are forgotten at the next `lead`.
 */
export function leaderJob<C extends LeaderCtx>(
  name: string,
  run: (ctx: C) => Promise<unknown>,
  everyMs: number,
  firstMs = 0,
): { lead(ctx: C): void; stop(): Promise<void> } {
  const loops = new Set<LeaderLoop>();
  return {
    lead(ctx) {
      for (const l of loops) if (!l.active) loops.delete(l);
      const loop = new LeaderLoop(ctx, name, () => run(ctx), everyMs);
      loops.add(loop);
      loop.start(firstMs);
    },
    async stop() {
      const all = [...loops];
      loops.clear();
      await Promise.all(all.map((l) => l.stop()));
    },
  };
}
