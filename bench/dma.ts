/**
 * DMA leak detection figures (docs/dma.md): the detector over synthetic years of three demo DMAs (the monitoring
 * simulator's demand model, injected bursts and incipient leaks of 2.5–10 % of the mean inflow, holidays, meter
 * outages), on seeds other than those the defaults were tuned on (7, 8). Reports the detection rate, false alarms
 * per DMA per month, the median delay by kind and the time of a year's detection of three DMAs.
 *
 * Then the water balance through the HTTP API on PostgreSQL (a scratch database on TEST_DATABASE_URL's server,
 * dropped at the end; the server a child process with 35 days of simulated 5-minute inlet data): DMA01 is given
 * 5,000 customer meters inside its polygon with three monthly reads each; timed: `GET /swp-dma/balance` for last
 * month of DMA01 (goal p99 ≤ 200 ms) and the ranking, which balances every zone (goal p99 ≤ 1 s).
 * Run alone: `node --import tsx bench/dma.ts` (or `npm run bench -- dma`).
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { makeScenario, runScenario } from '../apps/server/src/modules/dma/evaluation.ts';
import { stop, waitHealthy, withDb } from './harness.ts';
import type { BenchResult } from './run.ts';

const root = path.resolve(import.meta.dirname, '..');
const BASIC = `Basic ${Buffer.from('swp_web:swp_web_secret').toString('base64')}`;
const PORT = 18370;
const TENANT = '000000';
const CUSTOMERS = Number(process.env.BENCH_DMA_CUSTOMERS ?? 5000);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)];

async function benchBalance(): Promise<string[]> {
  const base = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `bench_dma_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  const url = withDb(base, dbName);
  const dataDir = path.join(root, `.tmp/bench-dma-data-${process.pid}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SWP_CAPTCHA: 'off',
      SWP_JOBS: 'off',
      SWP_MONITOR_BACKFILL_DAYS: '35',
      LOG_LEVEL: 'warn',
    },
  });
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  try {
    await waitHealthy(`http://127.0.0.1:${PORT}/api/health`, 900_000, server);
    // 5,000 customer meters spread over DMA01's polygon, each read monthly for three months
    await pool.query(
      `insert into swp_gis_node (id, tenant_id, gid, kind, dno, subtype, customer_count, geom)
       select 9000000000000 + g, $1, 10000000 + g, 'meter', 'BENCH-' || g, 'user', 1,
              ST_SetSRID(ST_MakePoint(ST_XMin(d.geom) + random() * (ST_XMax(d.geom) - ST_XMin(d.geom)),
                                      ST_YMin(d.geom) + random() * (ST_YMax(d.geom) - ST_YMin(d.geom))), 4548)
         from generate_series(1, $2) g, (select geom from swp_dma where tenant_id = $1 and code = 'DMA01') d`,
      [TENANT, CUSTOMERS],
    );
    await pool.query(
      `insert into swp_billing_meter_read (id, tenant_id, account_no, meter_code, households, prev_read_date, read_date, volume)
       select 9100000000000 + g * 10 + m, $1, 'B' || g, 'BENCH-' || g, 1,
              (date_trunc('month', now()) - make_interval(months => m + 1) + make_interval(days => g % 28))::date,
              (date_trunc('month', now()) - make_interval(months => m) + make_interval(days => g % 28))::date,
              8 + (g % 7)
         from generate_series(1, $2) g, generate_series(0, 2) m`,
      [TENANT, CUSTOMERS],
    );
    await pool.query('analyze');
    const md5 = crypto.createHash('md5').update('admin').digest('hex');
    const tok = (await fetch(
      `http://127.0.0.1:${PORT}/api/blade-auth/oauth/token?tenantId=${TENANT}&username=admin&password=${md5}&grant_type=password&scope=all&type=account`,
      { method: 'POST', headers: { authorization: BASIC, 'tenant-id': TENANT } },
    ).then((r) => r.json())) as { access_token: string };
    const auth = { authorization: BASIC, 'blade-auth': `bearer ${tok.access_token}` };
    const d = new Date();
    const lastMonth = new Date(d.getFullYear(), d.getMonth() - 1, 1);
    const month = `${lastMonth.getFullYear()}-${String(lastMonth.getMonth() + 1).padStart(2, '0')}`;
    const time = async (url: string, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const r = await fetch(url, { headers: auth });
        const body = (await r.json()) as { code: number; msg?: string };
        if (body.code !== 200) throw new Error(`${url}: ${body.msg}`);
        out.push(performance.now() - t0);
      }
      return out.sort((a, b) => a - b);
    };
    const B = `http://127.0.0.1:${PORT}/api/swp-dma`;
    await time(`${B}/balance?dmaCode=DMA01&period=MONTH&date=${month}`, 5);
    const one = await time(`${B}/balance?dmaCode=DMA01&period=MONTH&date=${month}`, 100);
    const all = await time(`${B}/balance/ranking?period=MONTH&date=${month}`, 30);
    const members = (
      await pool.query(
        `select count(*)::int as n from swp_gis_node n, swp_dma d where d.tenant_id = $1 and d.code = 'DMA01'
           and n.tenant_id = $1 and n.kind = 'meter' and n.subtype = 'user' and ST_Contains(d.geom, n.geom)`,
        [TENANT],
      )
    ).rows[0].n;
    return [
      `- balance of one DMA for a month (${members} customer meters, 5-minute inlet data): p50 ${pct(one, 50).toFixed(1)} ms, p99 ${pct(one, 99).toFixed(1)} ms (goal ≤ 200: ${pct(one, 99) <= 200 ? 'met' : 'NOT met'})`,
      `- every DMA of the utility (the ranking): p50 ${pct(all, 50).toFixed(1)} ms, p99 ${pct(all, 99).toFixed(1)} ms (goal ≤ 1,000: ${pct(all, 99) <= 1000 ? 'met' : 'NOT met'})`,
    ];
  } finally {
    await pool.end().catch(() => {});
    await stop(server);
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const DMAS = [
  [11, 650],
  [22, 900],
  [33, 750],
] as const;

export async function benchDma(): Promise<BenchResult> {
  process.env.TZ ||= 'Asia/Shanghai';
  const from = new Date('2025-01-01T00:00:00').getTime();
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? s[s.length >> 1] : Number.NaN;
  };
  let leaks = 0;
  let found = 0;
  let falseAlarms = 0;
  let dmaYears = 0;
  const delays: { kind: string; hours: number }[] = [];
  let yearMs = 0;
  for (const seed of [101, 202, 303, 404]) {
    const t0 = performance.now();
    for (const [key, base] of DMAS) {
      const r = runScenario(makeScenario(seed, key, base, from, 365));
      leaks += r.score.leaks;
      found += r.score.found;
      falseAlarms += r.score.falseAlarms;
      delays.push(...r.score.delays);
      dmaYears++;
    }
    yearMs = Math.max(yearMs, performance.now() - t0);
  }
  const rate = found / leaks;
  const fa = falseAlarms / (dmaYears * 12);
  const burst = median(delays.filter((d) => d.kind === 'burst').map((d) => d.hours));
  const incipient = median(delays.filter((d) => d.kind === 'incipient').map((d) => d.hours));
  const mark = (okay: boolean) => (okay ? 'met' : 'NOT met');
  return {
    name: 'DMA leak detection',
    lines: [
      `- ${dmaYears} DMA-years, ${leaks} injected leaks (2.5–10 % of mean inflow): found ${found} (${(rate * 100).toFixed(1)} %; goal ≥ 80 %: ${mark(rate >= 0.8)})`,
      `- false alarms: ${falseAlarms} = ${fa.toFixed(2)} per DMA per month (goal ≤ 1: ${mark(fa <= 1)})`,
      `- median delay: bursts ${burst.toFixed(1)} h (goal ≤ 24: ${mark(burst <= 24)}), incipient ${incipient.toFixed(1)} h (goal ≤ 168: ${mark(incipient <= 168)})`,
      `- a year of three DMAs (generation of 5-minute data + rollups + detection): ${yearMs.toFixed(0)} ms`,
      ...(process.env.BENCH_DMA_BALANCE === 'off' ? [] : await benchBalance()),
    ],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchDma();
  for (const l of r.lines) console.log(l);
}
