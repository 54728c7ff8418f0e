/**
 * Position ingest: raw reports and each person's latest position in ONE statement (data-modifying CTE), so the
 * two never disagree. A report already stored (same person, same instant) is skipped; the latest row only moves
 * forward in time. Reports travel as parallel arrays through `unnest` (one parameter per column).
 *
 * `IngestQueue` (the report route's) coalesces concurrent calls: while one statement is in flight, the reports
 * that arrive wait and go together in the next one (group commit), each caller still told how many of its own
 * reports were new. Many people reporting at once cost a few statements and commits, not one each.
 *
 * The statement commits asynchronously (`synchronous_commit = off` for its own transaction only): a report is
 * answered once it is in the database, without waiting for the disk's flush of the log (a few milliseconds on
 * common disks, the floor of every synchronous commit). A crash of the database server (not of ours) may lose the
 * reports of its last fraction of a second; it never leaves the two tables inconsistent. Positions are telemetry,
 * resent every few seconds; nothing else is written this way.
 */
import type pg from 'pg';
import { tenantFromExcludedText } from '../../core/scoped.ts';
import { staffLatest } from './schema.ts';

export interface Report {
  userId: string;
  tenantId: string;
  /** epoch ms */
  ts: number;
  lon: number;
  lat: number;
  x: number;
  y: number;
  speed?: number | null;
  accuracy?: number | null;
}

const INGEST_SQL = `
with relaxed as materialized (
  -- telemetry: this statement's commit does not wait for its WAL flush (SET LOCAL, this transaction only)
  select set_config('synchronous_commit', 'off', true)
), src as (
  select u.* from relaxed, unnest($1::bigint[], $2::varchar[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::float8[], $9::float8[], $10::int[])
    as u(user_id, tenant_id, t, lon, lat, x, y, speed, accuracy, part)
), ins as (
  insert into swp_location_position (user_id, ts, tenant_id, lon, lat, x, y, speed, accuracy)
  select user_id, to_timestamp(t / 1000.0), tenant_id, lon, lat, x, y, speed, accuracy from src
  on conflict do nothing
  returning user_id, ts, tenant_id, lon, lat, x, y, speed
), last as (
  select distinct on (user_id) user_id, ts, tenant_id, lon, lat, x, y, speed, count(*) over (partition by user_id) as n
    from ins order by user_id, ts desc
), up as (
  insert into swp_location_latest as l (user_id, tenant_id, ts, lon, lat, x, y, speed, reports)
  select user_id, tenant_id, ts, lon, lat, x, y, speed, n from last
  on conflict (user_id) do update set
    reports = l.reports + excluded.reports,
    ts = greatest(l.ts, excluded.ts),
    lon = case when excluded.ts >= l.ts then excluded.lon else l.lon end,
    lat = case when excluded.ts >= l.ts then excluded.lat else l.lat end,
    x = case when excluded.ts >= l.ts then excluded.x else l.x end,
    y = case when excluded.ts >= l.ts then excluded.y else l.y end,
    speed = case when excluded.ts >= l.ts then excluded.speed else l.speed end,
    ${tenantFromExcludedText(staffLatest)}
), owner as (
  -- a report sent twice in one statement is stored once and counted for the first part that sent it
  select distinct on (user_id, t) user_id, t, part from src order by user_id, t, part
)
select o.part, count(*)::int as inserted
  from ins join owner o on o.user_id = ins.user_id and to_timestamp(o.t / 1000.0) = ins.ts
 group by o.part`;

/** Reports stored per statement at most. */
const STATEMENT_MAX = 10_000;

/** Stores several callers' reports in one statement; returns how many of each part's reports were new. */
async function storeParts(pool: pg.Pool | pg.PoolClient, parts: Report[][]): Promise<number[]> {
  const all = parts.flatMap((p, i) => p.map((r) => ({ r, i })));
  const r = await pool.query<{ part: number; inserted: number }>(INGEST_SQL, [
    all.map((a) => a.r.userId),
    all.map((a) => a.r.tenantId),
    all.map((a) => a.r.ts),
    all.map((a) => a.r.lon),
    all.map((a) => a.r.lat),
    all.map((a) => a.r.x),
    all.map((a) => a.r.y),
    all.map((a) => a.r.speed ?? null),
    all.map((a) => a.r.accuracy ?? null),
    all.map((a) => a.i),
  ]);
  const out = parts.map(() => 0);
  for (const row of r.rows) out[row.part] = row.inserted;
  return out;
}

export async function storeReports(pool: pg.Pool | pg.PoolClient, reports: Report[]): Promise<number> {
  let inserted = 0;
  for (let off = 0; off < reports.length; off += STATEMENT_MAX)
    inserted += (await storeParts(pool, [reports.slice(off, off + STATEMENT_MAX)]))[0];
  return inserted;
}

interface Waiting {
  reports: Report[];
  resolve: (inserted: number) => void;
  reject: (e: unknown) => void;
}

/**
 * One statement in flight at a time; callers arriving meanwhile are written together by the next statement (up
 * to STATEMENT_MAX reports). A failed shared statement is retried per caller, so one caller's failure stays its own.
 */
export class IngestQueue {
  private waiting: Waiting[] = [];
  private busy = false;

  constructor(private pool: pg.Pool) {}

  store(reports: Report[]): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ reports, resolve, reject });
      if (!this.busy) void this.drain();
    });
  }

  private async drain() {
    this.busy = true;
    try {
      while (this.waiting.length) {
        let n = 0;
        let k = 0;
        while (k < this.waiting.length && (k === 0 || n + this.waiting[k].reports.length <= STATEMENT_MAX))
          n += this.waiting[k++].reports.length;
        const batch = this.waiting.splice(0, k);
        try {
          const counts = await storeParts(
            this.pool,
            batch.map((w) => w.reports),
          );
          for (const [i, w] of batch.entries()) w.resolve(counts[i]);
        } catch (e) {
          if (batch.length === 1) batch[0].reject(e);
          else for (const w of batch) await storeReports(this.pool, w.reports).then(w.resolve, w.reject);
        }
      }
    } finally {
      this.busy = false;
    }
  }
}
