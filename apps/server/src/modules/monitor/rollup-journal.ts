/**
 * Deferred rollups for the embedded database's live stream (issue 18). The embedded database is PostgreSQL in
 * WebAssembly behind one connection: merging a second of 20,000 series into the hourly and daily rollups costs about
 * as much as the raw insert of several seconds of them, and every device's acknowledgement waited for it. Here the
 * stream's transaction stores the raw points, moves the series' latest values on (the live views read those) and
 * writes the rollups' partial aggregates into a journal (a few rows of packed bytes); the merge into the rollups
 * follows a moment later, in slices of the series, each its own short transaction, so acknowledgements no longer wait
 * for it and one merge serves several seconds of points (its cost is one row per series and hour however many points
 * it carries).
 *
 * Nothing is lost or counted twice: a journal row is written in the same transaction as its raw points, and deleted
 * in the same transaction that merges it (rows are claimed with `for update skip locked`, so two merges never take
 * the same row). A journal left by a stop is merged at the next start. Readers of the rollups may lag the raw points
 * by the merge delay (a few seconds); `flushRollups` waits for an empty journal (shutdown, tests, the bench).
 */
import type pg from 'pg';
import { withPooledClient } from '../../core/pg-client.ts';
import { mergeLatest, partialsIntoRollups } from './store-sql.ts';

export const JOURNAL_TABLE = 'swp_monitor_rollup_pending';
/** the series are merged in this many slices (series id modulo), one transaction each */
export const JOURNAL_SLICES = 4;
/** how long journaled partials wait before their merge, so that one merge serves several transactions */
export const MERGE_DELAY_MS = 2_000;
/** journal rows one merge transaction takes at most (bounds a backlog's transactions) */
const ROWS_PER_MERGE = 8;
/** the partial aggregate's columns: series id, a time inside its quarter hour, min, max, sum, count */
const WIDTH = 6;

/** Partials per series and UTC quarter hour, as `quarterPartials` computes them (parameters 0–7). */
export type Partials = [
  ids: number[],
  first: number[],
  last: number[],
  mn: number[],
  mx: number[],
  sm: number[],
  cnt: number[],
  lastValue: number[],
];

/** The partials packed per slice of the series: [slice, points, bytes] for each slice that has any. */
export function packSlices(p: Partials): [number, number, Buffer][] {
  const [ids, first, , mn, mx, sm, cnt] = p;
  const rowsOf: number[][] = Array.from({ length: JOURNAL_SLICES }, () => []);
  for (let k = 0; k < ids.length; k++) rowsOf[ids[k] % JOURNAL_SLICES].push(k);
  const out: [number, number, Buffer][] = [];
  for (const [slice, rows] of rowsOf.entries()) {
    if (!rows.length) continue;
    const buf = Buffer.allocUnsafe(rows.length * WIDTH * 8);
    let o = 0;
    let points = 0;
    for (const k of rows) {
      for (const v of [ids[k], first[k], mn[k], mx[k], sm[k], cnt[k]]) o = buf.writeDoubleLE(v, o);
      points += cnt[k];
    }
    out.push([slice, points, buf]);
  }
  return out;
}

/** Journal rows' bytes back into the parameters of MERGE_SQL (the zone last). */
export function unpackRows(bufs: Buffer[], tz: string): unknown[] {
  const cols: number[][] = Array.from({ length: WIDTH }, () => []);
  for (const b of bufs) {
    for (let o = 0; o < b.length; o += WIDTH * 8) {
      for (let c = 0; c < WIDTH; c++) cols[c].push(b.readDoubleLE(o + c * 8));
    }
  }
  return [...cols, tz];
}

/** The series' bounds and latest values moved on from the partials (the stream's transaction runs it). */
export function latestParams(p: Partials): unknown[] {
  const [ids, first, last, , , , , lastValue] = p;
  const at = new Map<number, number>();
  const sid: number[] = [];
  const f: number[] = [];
  const l: number[] = [];
  const lv: number[] = [];
  for (let k = 0; k < ids.length; k++) {
    const j = at.get(ids[k]);
    if (j === undefined) {
      at.set(ids[k], sid.length);
      sid.push(ids[k]);
      f.push(first[k]);
      l.push(last[k]);
      lv.push(lastValue[k]);
      continue;
    }
    if (first[k] < f[j]) f[j] = first[k];
    if (last[k] >= l[j]) {
      l[j] = last[k];
      lv[j] = lastValue[k];
    }
  }
  return [sid, f, l, lv];
}

export const LATEST_SQL = mergeLatest(
  `select s as series_id, to_timestamp(f / 1000.0) as first_ts, to_timestamp(l / 1000.0) as last_ts, v as last_value
     from unnest($1::int[], $2::float8[], $3::float8[], $4::float8[]) as u(s, f, l, v)`,
);

export const JOURNAL_INSERT_SQL = `insert into ${JOURNAL_TABLE} (slice, points, data) values ($1, $2, $3)`;

const MERGE_SQL = `
with p as (
  select * from unnest($1::int[], $2::float8[], $3::float8[], $4::float8[], $5::float8[], $6::float8[])
    as u(series_id, first_t, mn, mx, sm, cnt)
), ${partialsIntoRollups('$7')}
select 1`;

/**
 * Merges up to ROWS_PER_MERGE journal rows of one slice into the rollups and deletes them, in one transaction;
 * returns how many rows it took (0: the slice is empty, or its rows are being merged by another transaction).
 */
export async function mergeSlice(pool: pg.Pool, tz: string, slice: number): Promise<number> {
  return withPooledClient(pool, (client, transaction) =>
    transaction(async () => {
      const taken = await client.query<{ data: Buffer }>(
        `delete from ${JOURNAL_TABLE} where id in (
           select id from ${JOURNAL_TABLE} where slice = $1 order by id limit $2 for update skip locked)
         returning data`,
        [slice, ROWS_PER_MERGE],
      );
      if (taken.rows.length) {
        await client.query(
          MERGE_SQL,
          unpackRows(
            taken.rows.map((r) => r.data),
            tz,
          ),
        );
      }
      return taken.rows.length;
    }),
  );
}

/** Merges the whole journal, slice by slice (each slice's transactions short, so other writes go between them). */
export async function mergeJournal(pool: pg.Pool, tz: string): Promise<number> {
  let rows = 0;
  for (let slice = 0; slice < JOURNAL_SLICES; slice++) {
    for (;;) {
      const n = await mergeSlice(pool, tz, slice);
      rows += n;
      if (n < ROWS_PER_MERGE) break;
    }
  }
  return rows;
}

/**
 * One database's merge schedule: `journaled` after a stream transaction wrote journal rows starts a merge
 * MERGE_DELAY_MS later (the transactions meanwhile share it); `flush` merges what is there now and waits.
 */
export class RollupMerger {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private closed = false;

  constructor(
    private pool: pg.Pool,
    private tz: string,
  ) {}

  journaled() {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, MERGE_DELAY_MS);
    this.timer.unref?.();
  }

  private run(): Promise<void> {
    if (!this.running) {
      this.running = (async () => {
        try {
          do {
            this.again = false;
            await mergeJournal(this.pool, this.tz);
          } while (this.again && !this.closed);
        } catch (err) {
          // the rows stay in the journal: the next merge (or the next start) takes them
          if (!this.closed) console.error('[monitor] rollup merge failed:', err);
        } finally {
          this.running = undefined;
        }
      })();
    }
    return this.running;
  }

  /** Merges everything journaled so far and resolves when the journal is empty. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.running) await this.running;
    await mergeJournal(this.pool, this.tz);
  }

  /** Stops scheduling (the journal's rows stay for the next start). */
  close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
