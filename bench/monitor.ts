/**
 * Monitoring history figures (issue 4). On PostgreSQL (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/
 * postgres), in a scratch database created and dropped here: one station with a year of minute data (525,600 points),
 * written through the normal ingest path (raw points + hourly/daily rollups). Then, in the same run:
 *   - the 1H-thinned history query through our service (which reads the hourly rollups) vs PostgreSQL's own
 *     `date_bin('1 hour')` aggregation over the raw rows of the same range; goal: ours ≤ 1/10 of its time;
 *   - the same on the embedded database (PGlite);
 *   - the largest response's points per series (goal ≤ 4,000).
 * Run alone: `node --import tsx bench/monitor.ts`.
 */
import pg from 'pg';
import { createScratchDatabase, runAlone, serverBasics, serverSrc, timesInTurns } from './harness.ts';

process.env.TZ ||= 'Asia/Shanghai';

const { connectDatabase, startEmbedded, runMigrations, loadConfig, LiveBus } = await serverBasics();
const { monitorSeries, monitorStation } = await import(`${serverSrc}/modules/monitor/schema.ts`);
const { ingest, forgetPartitions, analyzeTables } = await import(`${serverSrc}/modules/monitor/store.ts`);
const { simulate } = await import(`${serverSrc}/modules/monitor/simulator.ts`);
const { keyOf } = await import(`${serverSrc}/modules/monitor/hash.ts`);
const { history } = await import(`${serverSrc}/modules/monitor/service.ts`);
const { parseHistoryQuery } = await import(`${serverSrc}/modules/monitor/request.ts`);

const STCD = 'BENCH001';
const YEAR_MS = 365 * 86_400_000;
const sim = { model: 'flow' as const, base: 800, p0: 0.41, c: 0.056 };

interface Db {
  kind: string;
  pool: pg.Pool;
  db: any;
  url: string;
  close(): Promise<void>;
}

const pad = (n: number) => String(n).padStart(2, '0');
const fmt = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/** A year of minute data for one station, through the normal ingest path; returns [from, to] and the ingest time. */
export async function load(database: Db, end: number) {
  await runMigrations(database.pool);
  const [st] = await database.db
    .insert(monitorStation)
    .values({ stcd: STCD, stnm: '基准测试流量计', sttp: 'LL', category: 'NETWORK', lgtd: 117.2, lttd: 31.8 })
    .returning({ id: monitorStation.id });
  const [se] = await database.db
    .insert(monitorSeries)
    .values({ stationId: st.id, field: 'flow', stepSeconds: 60, physMin: 0, physMax: 4000, hampelFloor: 160 })
    .returning({ id: monitorSeries.id });
  const from = end - YEAR_MS;
  const points = simulate(20_260_101, { key: keyOf(STCD), field: 'flow', step: 60, sim }, from, end - 1);
  // the bench wants every minute of the year: fill the simulator's gaps with the clean neighbour
  const n = YEAR_MS / 60_000;
  const ts = new Float64Array(n);
  const values = new Float64Array(n);
  let j = 0;
  for (let i = 0; i < n; i++) {
    ts[i] = from + i * 60_000;
    while (j < points.ts.length - 1 && points.ts[j] < ts[i]) j++;
    values[i] = points.values[j];
  }
  const t0 = performance.now();
  forgetPartitions(database.url);
  const inserted = await ingest(database.pool, database.url, process.env.TZ as string, {
    seriesIds: new Int32Array(n).fill(se.id),
    ts,
    values,
  });
  const ingestMs = performance.now() - t0;
  await analyzeTables(database.pool); // as the first-start backfill does (the embedded database has no autovacuum)
  return { from, to: end, seriesId: se.id as number, inserted, ingestMs };
}

/**
 * Median times of several contenders measured in turns (A, B, C, A, B, C, …) so that the machine's load at any
 * moment weighs on all of them alike; one warm-up round first (plans, caches).
 */
async function interleaved(runs: number, fns: (() => Promise<unknown>)[]): Promise<number[]> {
  const times = await timesInTurns(runs, fns);
  return times.map((t) => t.sort((a, b) => a - b)[t.length >> 1]);
}

async function measure(database: Db, data: Awaited<ReturnType<typeof load>>, runs: number) {
  const ctx = {
    config: loadConfig({}),
    database,
    db: database.db,
    live: new LiveBus(database.pool, false),
    isLeader: () => false,
  };
  const query = (from: number, to: number, window: string | null, filterOutliers: boolean) =>
    history(
      ctx as any,
      '000000',
      parseHistoryQuery({
        stcd: STCD,
        dataFields: 'flow',
        startTime: fmt(from),
        endTime: fmt(to - 1000),
        querySetting: { filterOutliers, dataDilute: window ? { action: 'DEFAULT', window } : null },
      }),
    );
  const DATE_BIN = `select date_bin('1 hour', ts, timestamptz '2000-01-01 00:00:00+08') as t, min(value), max(value), avg(value), count(*)
         from swp_monitor_point where series_id = $1 and ts >= to_timestamp($2 / 1000.0) and ts < to_timestamp($3 / 1000.0)
        group by 1 order by 1`;
  // PostgreSQL's own aggregation, one round trip like ours, with its default settings and on a session with JIT
  // compilation off; the faster of the two is the baseline.
  const pgOnly = database.kind === 'postgresql';
  const noJit = pgOnly ? new pg.Client({ connectionString: database.url }) : undefined;
  if (noJit) {
    await noJit.connect();
    await noJit.query('set jit = off');
  }
  const dateBinWith = (jit: boolean) => (from: number, to: number) =>
    (jit || !noJit ? database.pool : noJit).query(DATE_BIN, [data.seriesId, from, to]);
  const { from, to } = data;
  const span160 = to - 160 * 86_400_000; // 3,840 hours: 1H stays 1H
  const year = await query(from, to, '1H', false);
  const [serviceYear, serviceYearFiltered, jitOnYear, jitOffYear] = await interleaved(runs, [
    () => query(from, to, '1H', false),
    () => query(from, to, '1H', true),
    () => dateBinWith(true)(from, to),
    pgOnly ? () => dateBinWith(false)(from, to) : () => dateBinWith(true)(from, to),
  ]);
  const [service160, jitOn160, jitOff160] = await interleaved(runs, [
    () => query(span160, to, '1H', false),
    () => dateBinWith(true)(span160, to),
    pgOnly ? () => dateBinWith(false)(span160, to) : () => dateBinWith(true)(span160, to),
  ]);
  await noJit?.end();
  const r = {
    serviceYear,
    serviceYearFiltered,
    dateBinYear: Math.min(jitOnYear, jitOffYear),
    service160,
    dateBin160: Math.min(jitOn160, jitOff160),
    yearWindow: year.querySetting.dataDilute?.window,
    yearPoints: year.statistics.flow.length,
    largest: 0,
    largestWhat: '',
  };
  // the largest answers the panel can ask for: raw up to the limit, 30M over the longest range it allows, a year at 1H
  const candidates: [string, () => Promise<any>][] = [
    ['raw, 2 days 18 h (3,960 minutes)', () => query(to - 3960 * 60_000, to, null, true)],
    ['30M over 83 days', () => query(to - 83 * 86_400_000, to, '30M', true)],
    ['1H over a year (widened)', () => query(from, to, '1H', true)],
    ['1H over 160 days', () => query(span160, to, '1H', true)],
  ];
  for (const [what, fn] of candidates) {
    const res = await fn();
    const n = Math.max(...Object.values(res.statistics as Record<string, unknown[]>).map((s) => s.length));
    if (n > r.largest) {
      r.largest = n;
      r.largestWhat = what;
    }
  }
  return r;
}

export async function benchMonitor(): Promise<{ name: string; lines: string[] }> {
  const scratch = `swp_bench_monitor_${process.pid}`;
  const { admin, url } = await createScratchDatabase(scratch, true);
  const end = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  const lines: string[] = [];
  try {
    /** the year loaded into `db` and measured `runs` times; `db` closed after */
    const loadAndMeasure = async (db: Db, runs: number) => {
      try {
        const loaded = await load(db, end);
        return { loaded, measured: await measure(db, loaded, runs) };
      } finally {
        await db.close();
      }
    };
    const { loaded: pgLoad, measured: p } = await loadAndMeasure(connectDatabase(url, 'postgresql') as Db, 11);

    const emb = await startEmbedded('memory://');
    let e: Awaited<ReturnType<typeof measure>>;
    let eLoad: Awaited<ReturnType<typeof load>>;
    try {
      ({ loaded: eLoad, measured: e } = await loadAndMeasure(connectDatabase(emb.url, 'embedded') as Db, 5));
    } finally {
      await emb.stop();
    }

    const ms = (x: number) => `${x.toFixed(1)} ms`;
    const ratio = (a: number, b: number) => `${(a / b).toFixed(3)} (1/${(b / a).toFixed(0)})`;
    lines.push(
      `One station, a year of minute data: ${pgLoad.inserted.toLocaleString('en')} raw points; ingest with rollups ` +
        `${(pgLoad.ingestMs / 1000).toFixed(1)} s on PostgreSQL (${Math.round(pgLoad.inserted / (pgLoad.ingestMs / 1000)).toLocaleString('en')} points/s), ` +
        `${(eLoad.ingestMs / 1000).toFixed(1)} s embedded.`,
      '',
      '| query (median of 11 on PostgreSQL, 5 embedded, measured in turns) | PostgreSQL | embedded |',
      '|---|---|---|',
      `| service: 1H thinning over the year, filter off (answers ${p.yearWindow}, ${p.yearPoints} points) | ${ms(p.serviceYear)} | ${ms(e.serviceYear)} |`,
      `| service: same, outlier filter on | ${ms(p.serviceYearFiltered)} | ${ms(e.serviceYearFiltered)} |`,
      `| PostgreSQL date_bin('1 hour') over the year's raw rows (faster of JIT on/off) | ${ms(p.dateBinYear)} | ${ms(e.dateBinYear)} |`,
      `| **ratio service / date_bin, year** (goal ≤ 0.1) | **${ratio(p.serviceYear, p.dateBinYear)}** | ${ratio(e.serviceYear, e.dateBinYear)} |`,
      `| service: 1H over 160 days (3,840 windows, no widening) | ${ms(p.service160)} | ${ms(e.service160)} |`,
      `| date_bin('1 hour') over the same 160 days | ${ms(p.dateBin160)} | ${ms(e.dateBin160)} |`,
      `| ratio service / date_bin, 160 days (for reference: no widening, fixed costs weigh more) | ${ratio(p.service160, p.dateBin160)} | ${ratio(e.service160, e.dateBin160)} |`,
      '',
      `Largest response: ${p.largest.toLocaleString('en')} points per series (${p.largestWhat}); goal ≤ 4,000.`,
    );
    return { name: 'Monitoring history (issue 4)', lines };
  } finally {
    await admin.query(`drop database if exists ${scratch} with (force)`);
    await admin.end();
  }
}

// `node --import tsx bench/monitor.ts` runs this benchmark alone
await runAlone(import.meta.url, benchMonitor, true);
