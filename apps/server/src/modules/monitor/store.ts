/**
 * The time-series store. Ingest writes raw points and merges them into the hourly and daily rollups (min, max,
 * avg, sum, count) and the series' first/last point in ONE statement (data-modifying CTEs), so the three never
 * disagree, even after an error. Points already stored are skipped (ON CONFLICT DO NOTHING) and only the points
 * actually inserted reach the rollups, so re-running a backfill is harmless.
 *
 * On PostgreSQL the rows travel by a binary COPY, in one transaction per chunk with their rollups (an error leaves
 * nothing): straight into the raw table when none of them is stored yet (rollups from partials merged here), else
 * into a temporary staging table of the connection, from which ONE statement moves them into the raw table (`on
 * conflict do nothing`, so duplicates are skipped) and merges what it inserted into the rollups (`copyPoints`). The
 * embedded database's socket serves no COPY from a client: there the rows travel as three parallel arrays through
 * `unnest` (one parameter per column, however many rows), with the same first try and fallback (`unnestPoints`).
 * Either way in chunks; the raw table is partitioned by month: the month partitions a chunk needs are created first.
 *
 * Why large transactions: the rollups cost one merged row per series and hour (and day) in each transaction, however
 * many of the series' points it carries. A backlog (a gateway's buffer, a reconnecting broker, an import) therefore
 * drains in transactions of many seconds of each series; a steady stream still makes small ones of what arrived.
 */
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { withPooledClient } from '../../core/pg-client.ts';
import { JOURNAL_INSERT_SQL, LATEST_SQL, latestParams, type Partials, packSlices } from './rollup-journal.ts';
import { mergeLatest, mergeRollup, partialsIntoRollups } from './store-sql.ts';

export const POINT_TABLE = 'swp_monitor_point';
const CHUNK = 20_000;
/**
 * rows per COPY and its transaction (PostgreSQL): 400,000 rows are a 15 MB buffer; at 100,000 the rollup merges of a
 * backlog of 20,000 series took twice the COPY's time (issue 18's bench: 35 % of a bare COPY, now 57–66 %)
 */
export const COPY_CHUNK = 400_000;
/** the per-connection temporary table a COPY fills, emptied at each commit */
const STAGE_TABLE = 'swp_monitor_point_stage';
const PARTITION_LOCK = 7_261_010;

export interface PointArrays {
  seriesIds: ArrayLike<number>;
  /** epoch ms */
  ts: ArrayLike<number>;
  values: ArrayLike<number>;
}

type Queryable = pg.Pool | pg.PoolClient;

/** Remembers which month partitions exist, per database URL. */
const knownPartitions = new Map<string, Set<string>>();

function monthName(y: number, m: number) {
  return `${POINT_TABLE}_y${y}m${String(m + 1).padStart(2, '0')}`;
}

/** Local month (process time zone) bounds of every month touched by [from, to]. */
export function monthsBetween(from: number, to: number): { name: string; start: Date; end: Date }[] {
  const out = [];
  const a = new Date(from);
  let y = a.getFullYear();
  let m = a.getMonth();
  for (;;) {
    const start = new Date(y, m, 1);
    if (start.getTime() > to) break;
    const end = new Date(y, m + 1, 1);
    out.push({ name: monthName(y, m), start, end });
    m++;
    if (m === 12) {
      m = 0;
      y++;
    }
  }
  return out;
}

/** Creates the month partitions of the raw table that [from, to] needs (idempotent, safe across instances). */
export async function ensurePartitions(pool: pg.Pool, dbKey: string, from: number, to: number): Promise<void> {
  let known = knownPartitions.get(dbKey);
  if (!known) {
    const r = await pool.query<{ name: string }>(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = $1::regclass`,
      [POINT_TABLE],
    );
    known = new Set(r.rows.map((x) => x.name));
    knownPartitions.set(dbKey, known);
  }
  const missing = monthsBetween(from, to).filter((p) => !known.has(p.name));
  if (!missing.length) return;
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [PARTITION_LOCK]);
    for (const p of missing) {
      // Names and bounds come from dates computed here, never from input.
      await client.query(
        `create table if not exists "${p.name}" partition of ${POINT_TABLE}
           for values from ('${p.start.toISOString()}') to ('${p.end.toISOString()}')`,
      );
    }
    await client.query('commit');
    for (const p of missing) known.add(p.name);
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Refreshes the planner's statistics of the monitoring tables. The embedded database has no autovacuum, so after a
 * bulk load its plans would assume near-empty tables; PostgreSQL's autovacuum would get there later on its own.
 */
export async function analyzeTables(pool: pg.Pool): Promise<void> {
  await pool.query('analyze swp_monitor_point, swp_monitor_hourly, swp_monitor_daily, swp_monitor_series');
}

/** Forgets the cached partition list (after a database is dropped or recreated). */
export function forgetPartitions(dbKey: string) {
  knownPartitions.delete(dbKey);
}

/** The rollup, daily and series-bounds CTEs that follow the raw insert `ins` (the zone is parameter `tz`). */
const rollupsAfter = (tz: string) => `, hourly as (${mergeRollup(
  'swp_monitor_hourly',
  `select series_id, date_trunc('hour', ts, ${tz}), min(value), max(value), avg(value), sum(value), count(*)
    from ins group by 1, 2`,
)}
), daily as (${mergeRollup(
  'swp_monitor_daily',
  `select series_id, date_trunc('day', ts, ${tz}), min(value), max(value), avg(value), sum(value), count(*)
    from ins group by 1, 2`,
)}
), latest as (${mergeLatest(
  `select series_id, min(ts) as first_ts, max(ts) as last_ts, (array_agg(value order by ts desc))[1] as last_value
          from ins group by series_id`,
)}
)
select count(*)::int as inserted from ins`;

const INGEST_SQL = `
with ins as (
  insert into swp_monitor_point (series_id, ts, value)
  select s, to_timestamp(t / 1000.0), v from unnest($1::int[], $2::float8[], $3::float8[]) as u(s, t, v)
  on conflict do nothing
  returning series_id, ts, value
)${rollupsAfter('$4')}`;

/** The same statement over the rows a COPY put in the connection's staging table (zone: $1). */
const INGEST_STAGED_SQL = `
with ins as (
  insert into swp_monitor_point (series_id, ts, value)
  select series_id, ts, value from ${STAGE_TABLE}
  on conflict do nothing
  returning series_id, ts, value
)${rollupsAfter('$1')}`;

/**
 * Writes points (any order, any series) with their rollups; returns how many were new.
 * Each transaction's raw rows, rollups and series bounds commit together.
 */
export async function ingest(
  pool: pg.Pool,
  dbKey: string,
  tz: string,
  points: PointArrays,
  opts: { copy?: boolean } & JournalOptions = {},
): Promise<number> {
  const n = points.ts.length;
  if (!n) return 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const t = points.ts[i];
    if (t < min) min = t;
    if (t > max) max = t;
  }
  await ensurePartitions(pool, dbKey, min, max);
  return opts.copy ? copyPoints(pool, tz, points) : unnestPoints(pool, tz, points, opts);
}

/** Clients whose session has the staging table already (a pool hands out the same client objects again). */
const staged = new WeakSet<pg.PoolClient>();
const PG_EPOCH_MS = 946_684_800_000; // 2000-01-01T00:00:00Z, the origin of binary timestamps
const COPY_HEADER = Buffer.from('PGCOPY\n\xff\r\n\0\0\0\0\0\0\0\0\0', 'latin1');
const ROW_BYTES = 2 + 4 + 4 + 4 + 8 + 4 + 8;

/** The binary COPY form of rows [off, end): (int4 series_id, timestamptz ts, float8 value). */
export function copyBinary(points: PointArrays, off: number, end: number): Buffer {
  const buf = Buffer.allocUnsafe(COPY_HEADER.length + (end - off) * ROW_BYTES + 2);
  let o = COPY_HEADER.copy(buf, 0);
  for (let i = off; i < end; i++) {
    o = buf.writeInt16BE(3, o);
    o = buf.writeInt32BE(4, o);
    o = buf.writeInt32BE(points.seriesIds[i], o);
    o = buf.writeInt32BE(8, o);
    // microseconds since 2000-01-01 as a big-endian int64, written as two 32-bit halves (exact below 2^53)
    const us = Math.round((points.ts[i] - PG_EPOCH_MS) * 1000);
    const hi = Math.floor(us / 4_294_967_296);
    o = buf.writeInt32BE(hi, o);
    o = buf.writeUInt32BE(us - hi * 4_294_967_296, o);
    o = buf.writeInt32BE(8, o);
    o = buf.writeDoubleBE(points.values[i], o);
  }
  buf.writeInt16BE(-1, o);
  return buf;
}

/**
 * Rollups of points known to be all new (a COPY straight into the raw table took every one of them): the points
 * travel pre-merged per series and quarter of an hour (UTC) as partial aggregates. Every zone's offset is a multiple
 * of 15 minutes, so a quarter lies inside one local hour and one local day; the statement merges the quarters into
 * the hourly and daily rows and the series' bounds exactly as INGEST_SQL merges single points.
 */
const ROLLUP_PARTIALS_SQL = `
with p as (
  select * from unnest($1::int[], $2::float8[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[],
                       $8::float8[]) as u(series_id, first_t, last_t, mn, mx, sm, cnt, last_value)
), ${partialsIntoRollups('$9')}, latest as (${mergeLatest(
  `select series_id, to_timestamp(min(first_t) / 1000.0) as first_ts, to_timestamp(max(last_t) / 1000.0) as last_ts,
               (array_agg(last_value order by last_t desc))[1] as last_value
          from p group by series_id`,
)}
)
select 1`;

const QUARTER_MS = 900_000;

/** Points [off, end) merged per series and UTC quarter hour: the parameters of ROLLUP_PARTIALS_SQL (zone last). */
export function quarterPartials(points: PointArrays, off: number, end: number, tz: string): unknown[] {
  const index = new Map<number, Map<number, number>>();
  const ids: number[] = [];
  const first: number[] = [];
  const last: number[] = [];
  const mn: number[] = [];
  const mx: number[] = [];
  const sm: number[] = [];
  const cnt: number[] = [];
  const lastValue: number[] = [];
  for (let i = off; i < end; i++) {
    const s = points.seriesIds[i];
    const t = points.ts[i];
    const v = points.values[i];
    let bySeries = index.get(s);
    if (!bySeries) {
      bySeries = new Map();
      index.set(s, bySeries);
    }
    const q = Math.floor(t / QUARTER_MS);
    const k = bySeries.get(q);
    if (k === undefined) {
      bySeries.set(q, ids.length);
      ids.push(s);
      first.push(t);
      last.push(t);
      mn.push(v);
      mx.push(v);
      sm.push(v);
      cnt.push(1);
      lastValue.push(v);
      continue;
    }
    if (t < first[k]) first[k] = t;
    if (t >= last[k]) {
      last[k] = t;
      lastValue[k] = v;
    }
    if (v < mn[k]) mn[k] = v;
    if (v > mx[k]) mx[k] = v;
    sm[k] += v;
    cnt[k]++;
  }
  return [ids, first, last, mn, mx, sm, cnt, lastValue, tz];
}

async function copyIn(client: pg.PoolClient, table: string, buf: Buffer): Promise<void> {
  const stream = client.query(copyFrom(`copy ${table} (series_id, ts, value) from stdin (format binary)`));
  await new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    stream.on('finish', () => resolve());
    stream.end(buf);
  });
}

/**
 * The COPY form of `insertPoints` (PostgreSQL), one transaction per chunk. First try: a binary COPY straight into
 * the raw table (as fast as a bare COPY), and the chunk's rollups merged from partial aggregates computed here — right
 * only because the COPY took every point. If any point is already stored (or is twice in the chunk) the COPY fails on
 * the primary key; then, back at the savepoint, the chunk is copied into the connection's staging table and one
 * statement moves it into the raw table (`on conflict do nothing`) and merges only the new points into the rollups.
 */
export async function copyPoints(pool: pg.Pool, tz: string, points: PointArrays): Promise<number> {
  const n = points.ts.length;
  let inserted = 0;
  await withPooledClient(pool, async (client, transaction) => {
    if (!staged.has(client)) {
      await client.query(
        `create temporary table if not exists ${STAGE_TABLE} (series_id int, ts timestamptz, value float8) on commit delete rows`,
      );
      staged.add(client);
    }
    for (let off = 0; off < n; off += COPY_CHUNK) {
      const end = Math.min(n, off + COPY_CHUNK);
      const rows = copyBinary(points, off, end);
      // no JIT: the planner sees the staging table's real size and would compile a statement that runs in
      // milliseconds per thousand rows
      inserted += await transaction(async () => {
        try {
          await copyIn(client, POINT_TABLE, rows);
          await client.query(ROLLUP_PARTIALS_SQL, quarterPartials(points, off, end, tz));
          return end - off;
        } catch (err) {
          if ((err as { code?: string }).code !== '23505') throw err;
          await client.query('rollback to savepoint direct');
          await copyIn(client, STAGE_TABLE, rows);
          return (await client.query<{ inserted: number }>(INGEST_STAGED_SQL, [tz])).rows[0].inserted;
        }
      }, 'begin; set local jit = off; savepoint direct');
    }
  });
  return inserted;
}

export interface JournalOptions {
  /** first tries journal their rollups' partials instead of merging them (rollup-journal.ts) */
  journal?: boolean;
  /** called after a transaction that wrote journal rows committed */
  onJournaled?: () => void;
}

/** Rows of one `unnest` transaction of `unnestPoints`: its rollups are merged once, from partials of all of them. */
export const UNNEST_TXN = 100_000;

const INSERT_RAW_SQL = `
insert into swp_monitor_point (series_id, ts, value)
select s, to_timestamp(t / 1000.0), v from unnest($1::int[], $2::float8[], $3::float8[]) as u(s, t, v)`;

/** Rows [off, end) of `points` as three plain arrays (the parameters of one `unnest`). */
function sliceOf(points: PointArrays, off: number, end: number): [number[], number[], number[]] {
  const ids = new Array<number>(end - off);
  const ts = new Array<number>(end - off);
  const vs = new Array<number>(end - off);
  for (let i = off; i < end; i++) {
    ids[i - off] = points.seriesIds[i];
    ts[i - off] = points.ts[i];
    vs[i - off] = points.values[i];
  }
  return [ids, ts, vs];
}

/**
 * The embedded database's form of `copyPoints` (its socket serves no COPY): one transaction per UNNEST_TXN rows.
 * First try: plain multi-row inserts (no conflict check, no RETURNING) and the transaction's rollups merged once from
 * partial aggregates computed here, so a series' points of several seconds cost one rollup row, not one each. If any
 * point is already stored (or twice in the rows) the insert fails on the primary key; back at the savepoint, the
 * rows go through INGEST_SQL, which skips stored points and merges only the new ones. With `journal`, the first try
 * moves only the series' latest values on and journals the rollups' partials for a later merge (rollup-journal.ts).
 */
export async function unnestPoints(
  pool: pg.Pool,
  tz: string,
  points: PointArrays,
  opts: JournalOptions = {},
): Promise<number> {
  const n = points.ts.length;
  let inserted = 0;
  await withPooledClient(pool, async (client, transaction) => {
    for (let off = 0; off < n; off += UNNEST_TXN) {
      const end = Math.min(n, off + UNNEST_TXN);
      let journaled = false;
      inserted += await transaction(async () => {
        await client.query('savepoint direct');
        try {
          for (let o = off; o < end; o += CHUNK) {
            await client.query(INSERT_RAW_SQL, sliceOf(points, o, Math.min(end, o + CHUNK)));
          }
          const partials = quarterPartials(points, off, end, tz);
          if (opts.journal) {
            await client.query(LATEST_SQL, latestParams(partials as Partials));
            for (const row of packSlices(partials as Partials)) await client.query(JOURNAL_INSERT_SQL, row);
            journaled = true;
          } else await client.query(ROLLUP_PARTIALS_SQL, partials);
          return end - off;
        } catch (err) {
          if ((err as { code?: string }).code !== '23505') throw err;
          await client.query('rollback to savepoint direct');
          journaled = false;
          return await insertPoints(client, tz, points, off, end);
        }
      });
      if (journaled) opts.onJournaled?.();
    }
  });
  return inserted;
}

/**
 * The chunk loop of `ingest` on a given connection, e.g. a client inside a transaction so that a whole import
 * commits or rolls back together. The month partitions must exist already (`ensurePartitions` first).
 */
export async function insertPoints(
  db: Queryable,
  tz: string,
  points: PointArrays,
  from = 0,
  to = points.ts.length,
): Promise<number> {
  let inserted = 0;
  for (let off = from; off < to; off += CHUNK) {
    const end = Math.min(to, off + CHUNK);
    const r = await db.query<{ inserted: number }>(INGEST_SQL, [...sliceOf(points, off, end), tz]);
    inserted += r.rows[0].inserted;
  }
  return inserted;
}

// Reads travel packed: PostgreSQL concatenates the float8 binary forms (float8send) of every column of every row
// into one bytea, which arrives as a single value and is unpacked here with a DataView. Parsing thousands of rows
// of text columns costs more than the query itself; one packed value costs a fraction of it.

const EPOCH_MS = `date_part('epoch', ts) * 1000`;

/** Splits a packed bytea of `width` float8 columns into columns. */
function unpack(buf: Buffer | null, width: number): Float64Array[] {
  const n = buf ? buf.length / (8 * width) : 0;
  const cols = Array.from({ length: width }, () => new Float64Array(n));
  if (!buf || !n) return cols;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let off = 0;
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < width; c++) {
      cols[c][i] = view.getFloat64(off);
      off += 8;
    }
  }
  return cols;
}

async function packed(db: Queryable, text: string, values: unknown[], width: number): Promise<Float64Array[]> {
  const r = await db.query({ text, values, rowMode: 'array' });
  return unpack((r.rows[0]?.[0] as Buffer | null) ?? null, width);
}

export interface RawRows {
  ts: Float64Array;
  values: Float64Array;
}

/** Raw points of a series in [from, to) (ms), ascending. */
export async function readRaw(db: Queryable, seriesId: number, from: number, to: number): Promise<RawRows> {
  const [ts, values] = await packed(
    db,
    `select string_agg(float8send(${EPOCH_MS}) || float8send(value), ''::bytea order by ts) from swp_monitor_point
      where series_id = $1 and ts >= to_timestamp($2 / 1000.0) and ts < to_timestamp($3 / 1000.0)`,
    [seriesId, from, to],
    2,
  );
  return { ts, values };
}

/** Raw points of a series inside several disjoint, ascending spans [a, b) (ms), ascending: one query. */
export async function readRawSpans(pool: pg.Pool, seriesId: number, spans: [number, number][]): Promise<RawRows> {
  if (!spans.length) return { ts: new Float64Array(0), values: new Float64Array(0) };
  // The planner cannot know how short the spans are and, over a year of partitions, estimates a cost that switches
  // JIT compilation on (seconds, for a query that runs in milliseconds): off for this one statement.
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query("select set_config('jit', 'off', true)");
    const [ts, values] = await packed(
      client,
      `select string_agg(float8send(date_part('epoch', p.ts) * 1000) || float8send(p.value), ''::bytea order by p.ts)
       from unnest($2::float8[], $3::float8[]) as s(a, b)
       cross join lateral (
         select ts, value from swp_monitor_point
          where series_id = $1 and ts >= to_timestamp(s.a / 1000.0) and ts < to_timestamp(s.b / 1000.0)
         offset 0 -- keeps the subquery a per-span index scan (never pulled up into a join over every partition)
       ) p`,
      [seriesId, spans.map((x) => x[0]), spans.map((x) => x[1])],
      2,
    );
    await client.query('commit');
    return { ts, values };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

export interface RollupRow {
  t: number;
  min: number;
  max: number;
  sum: number;
  count: number;
}

function rowsOf(cols: Float64Array[]): RollupRow[] {
  const [t, min, max, sum, count] = cols;
  const out: RollupRow[] = new Array(t.length);
  for (let i = 0; i < t.length; i++) out[i] = { t: t[i], min: min[i], max: max[i], sum: sum[i], count: count[i] };
  return out;
}

/** Hourly or daily rollup rows of a series whose start lies in [from, to), ascending. */
export async function readRollups(
  db: Queryable,
  level: 'hourly' | 'daily',
  seriesId: number,
  from: number,
  to: number,
): Promise<RollupRow[]> {
  const table = level === 'hourly' ? 'swp_monitor_hourly' : 'swp_monitor_daily';
  return rowsOf(
    await packed(
      db,
      `select string_agg(float8send(${EPOCH_MS}) || float8send(min) || float8send(max) || float8send(sum) || float8send(count::float8),
                         ''::bytea order by ts)
         from ${table} where series_id = $1 and ts >= to_timestamp($2 / 1000.0) and ts < to_timestamp($3 / 1000.0)`,
      [seriesId, from, to],
      5,
    ),
  );
}

/**
 * Hourly rollups merged in the database into windows of `hours` (3, 6 or 12) starting at `origin` (ms, a local
 * midnight) and every `hours` after it, ascending. Callers use it where the zone's offset is constant over the range,
 * so the windows are those `thinning.windowStart` aligns to the local day.
 */
export async function readRollupWindows(
  db: Queryable,
  seriesId: number,
  from: number,
  to: number,
  hours: number,
  origin: number,
): Promise<RollupRow[]> {
  return rowsOf(
    await packed(
      db,
      `select string_agg(float8send(date_part('epoch', t) * 1000) || float8send(mn) || float8send(mx) || float8send(s) || float8send(c),
                         ''::bytea order by t)
         from (select date_bin(make_interval(hours => $4), ts, to_timestamp($5 / 1000.0)) as t,
                      min(min) as mn, max(max) as mx, sum(sum) as s, sum(count)::float8 as c
                 from swp_monitor_hourly
                where series_id = $1 and ts >= to_timestamp($2 / 1000.0) and ts < to_timestamp($3 / 1000.0)
                group by 1) w`,
      [seriesId, from, to, hours, origin],
      5,
    ),
  );
}
