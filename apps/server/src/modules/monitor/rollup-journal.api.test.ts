import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../../../test/harness.ts';
import { flushRollups, ingestReadings, JOURNAL_MIN_POINTS } from './ingest.ts';
import { JOURNAL_TABLE, mergeJournal } from './rollup-journal.ts';
import { ingest, type PointArrays } from './store.ts';

let t: TestApp;
const STATION = 912_345_678_900_000_001n;
let series: number[] = [];
const T0 = new Date(2021, 2, 14, 9, 40).getTime(); // a quarter of an hour that crosses into the next hour

const q = async <R extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.app.ctx.database.pool.query<R>(text, values)).rows;

/** `n` one-second points of each series from `start` (offset `shift` ms), with values that differ per series. */
function points(n: number, start: number, shift = 0): PointArrays {
  const ids: number[] = [];
  const ts: number[] = [];
  const values: number[] = [];
  for (const [k, id] of series.entries()) {
    for (let i = 0; i < n; i++) {
      ids.push(id);
      ts.push(start + i * 1000 + shift);
      values.push(Math.round(((i * 37 + k * 11) % 500) * 10) / 100);
    }
  }
  return { seriesIds: ids, ts, values };
}

/** The rollups as stored, and as the raw points say they must be (hourly or daily, the zone of the server). */
async function rollupsAgainstRaw(level: 'hour' | 'day') {
  const table = level === 'hour' ? 'swp_monitor_hourly' : 'swp_monitor_daily';
  const tz = t.app.ctx.config.tz;
  const stored = await q(
    `select series_id, ts, min, max, round(avg::numeric, 6) as avg, round(sum::numeric, 6) as sum, count
       from ${table} where series_id = any($1::int[]) order by 1, 2`,
    [series],
  );
  const raw = await q(
    `select series_id, date_trunc($2, ts, $3) as ts, min(value), max(value), round(avg(value)::numeric, 6) as avg,
            round(sum(value)::numeric, 6) as sum, count(*)::int as count
       from swp_monitor_point where series_id = any($1::int[]) group by 1, 2 order by 1, 2`,
    [series, level, tz],
  );
  return { stored, raw };
}

const journalRows = async () => Number((await q<{ n: string }>(`select count(*) as n from ${JOURNAL_TABLE}`))[0].n);

beforeAll(async () => {
  t = await bootTestApp();
  await q(
    `insert into swp_monitor_station (id, tenant_id, stcd, stnm, sttp, category, simulated)
     values ($1, '000000', 'JOURNAL1', '日志测试站', 'YL', 'NETWORK', false)`,
    [String(STATION)],
  );
  series = (
    await q<{ id: number }>(
      `insert into swp_monitor_series (station_id, field, step_seconds)
       select $1, f, 1 from unnest($2::text[]) f returning id`,
      [String(STATION), ['v01', 'v02', 'v03']],
    )
  ).map((r) => r.id);
});
afterAll(() => t?.close());

describe('deferred rollups of the live stream (rollup journal)', () => {
  it('stores the raw points and latest values at once and the rollups after the merge, exactly', async () => {
    const { pool } = t.app.ctx.database;
    const tz = t.app.ctx.config.tz;
    const batch = points(3000, T0);
    const added = await ingest(pool, t.app.ctx.database.url, tz, batch, { journal: true });
    expect(added).toBe(9000);
    const latest = await q<{ id: number; last_ts: Date; first_ts: Date }>(
      'select id, first_ts, last_ts from swp_monitor_series where id = any($1::int[]) order by id',
      [series],
    );
    for (const s of latest) {
      expect(s.first_ts.getTime()).toBe(T0);
      expect(s.last_ts.getTime()).toBe(T0 + 2_999_000);
    }
    // journaled, not merged yet: a row per slice of the series at most
    const rows = await journalRows();
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThanOrEqual(4);
    expect((await rollupsAgainstRaw('hour')).stored).toEqual([]);

    expect(await mergeJournal(pool, tz)).toBe(rows);
    expect(await journalRows()).toBe(0);
    for (const level of ['hour', 'day'] as const) {
      const { stored, raw } = await rollupsAgainstRaw(level);
      expect(stored.length).toBeGreaterThan(0);
      expect(stored).toEqual(raw);
    }
  });

  it('skips stored points (merging only the new ones) and takes late, out-of-order points into the right hours', async () => {
    const { pool } = t.app.ctx.database;
    const tz = t.app.ctx.config.tz;
    // the same points again: the first try fails on the primary key and the fallback merges nothing
    expect(await ingest(pool, t.app.ctx.database.url, tz, points(3000, T0), { journal: true })).toBe(0);
    // late points half a second after the stored ones, in reverse order
    const late = points(2000, T0 + 600_000, 500);
    late.seriesIds = Array.from(late.seriesIds).reverse();
    late.ts = Array.from(late.ts).reverse();
    late.values = Array.from(late.values).reverse();
    expect(await ingest(pool, t.app.ctx.database.url, tz, late, { journal: true })).toBe(6000);
    await mergeJournal(pool, tz);
    for (const level of ['hour', 'day'] as const) {
      const { stored, raw } = await rollupsAgainstRaw(level);
      expect(stored).toEqual(raw);
      expect(stored.reduce((a, r) => a + Number(r.count), 0)).toBe(15_000);
    }
  });

  it('journals a large live write on the embedded database and merges it on flush; small writes merge at once', async () => {
    const ctx = t.app.ctx;
    const start = T0 + 86_400_000;
    const big = points(Math.ceil(JOURNAL_MIN_POINTS / series.length), start);
    expect(await ingestReadings(ctx, big, { tenants: ['000000'] })).toBe(big.ts.length);
    expect(await journalRows()).toBe(ctx.database.kind === 'embedded' ? series.length : 0);
    const small = points(10, start + 7_200_000);
    await ingestReadings(ctx, small, { tenants: ['000000'] });
    await flushRollups(ctx);
    expect(await journalRows()).toBe(0);
    const { stored, raw } = await rollupsAgainstRaw('hour');
    expect(stored).toEqual(raw);
  });
});
