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
import fs from 'node:fs';
import path from 'node:path';
import { makeScenario, runScenario } from '../apps/server/src/modules/dma/evaluation.ts';
import { adminToken, createScratchDatabase, queryGrant, scratchPool, stop, waitHealthy } from './harness.ts';
import type { BenchResult } from './run.ts';

const root = path.resolve(import.meta.dirname, '..');
const BASIC = `Basic ${Buffer.from('swp_web:swp_web_secret').toString('base64')}`;
const PORT = 18370;
const TENANT = '000000';
const CUSTOMERS = Number(process.env.BENCH_DMA_CUSTOMERS ?? 5000);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)];

/**
 * The server on `port` with its data in `dataDir`, captcha and jobs off, warnings only; `env` adds the database and
 * the rest (the environment's order is kept: PORT, HOST, DATA_DIR, DATABASE_URL, the switches, LOG_LEVEL).
 */
function spawnServer(port: number, dataDir: string, env: { DATABASE_URL: string } & Record<string, string>) {
  fs.mkdirSync(dataDir, { recursive: true });
  const { DATABASE_URL, ...rest } = env;
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL,
      SWP_CAPTCHA: 'off',
      SWP_JOBS: 'off',
      ...rest,
      LOG_LEVEL: 'warn',
    },
  });
}

async function benchBalance(): Promise<string[]> {
  const dbName = `bench_dma_${process.pid}`;
  const { admin, url } = await createScratchDatabase(dbName, true);
  const dataDir = path.join(root, `.tmp/bench-dma-data-${process.pid}`);
  const server = spawnServer(PORT, dataDir, { DATABASE_URL: url, SWP_MONITOR_BACKFILL_DAYS: '35' });
  const pool = scratchPool(url, 2);
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
    const auth = { authorization: BASIC, 'blade-auth': `bearer ${await adminToken(PORT, TENANT)}` };
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

/**
 * BattLeDIM's 2019 leaks (the competition's evaluation year, published after it: KIOS-Research/BattLeDIM,
 * `Dataset Generator/dataset_configuration_evaluation.yalm`): pipe, start, end, kind, and for incipient leaks the
 * time they reach full size. Wall-clock times of the data set, read in the same zone as the imported series.
 */
const LTOWN_LEAKS_2019: [string, string, string, 'abrupt' | 'incipient', string][] = [
  ['p257', '2019-01-01 00:00', '2019-12-31 23:55', 'incipient', '2019-01-01 00:00'],
  ['p427', '2019-01-01 00:00', '2019-12-31 23:55', 'incipient', '2019-01-01 00:00'],
  ['p810', '2019-01-01 00:00', '2019-12-31 23:55', 'incipient', '2019-01-01 00:00'],
  ['p654', '2019-01-01 00:00', '2019-12-31 23:55', 'incipient', '2019-01-01 00:00'],
  ['p523', '2019-01-15 23:00', '2019-02-01 09:50', 'abrupt', '2019-01-15 23:00'],
  ['p827', '2019-01-24 18:30', '2019-02-07 09:05', 'abrupt', '2019-01-24 18:30'],
  ['p280', '2019-02-10 13:05', '2019-12-31 23:55', 'abrupt', '2019-02-10 13:05'],
  ['p653', '2019-03-03 13:10', '2019-05-05 12:10', 'incipient', '2019-04-21 19:00'],
  ['p710', '2019-03-24 14:15', '2019-12-31 23:55', 'abrupt', '2019-03-24 14:15'],
  ['p514', '2019-04-02 20:40', '2019-05-23 14:55', 'abrupt', '2019-04-02 20:40'],
  ['p331', '2019-04-20 10:10', '2019-12-31 23:55', 'abrupt', '2019-04-20 10:10'],
  ['p193', '2019-05-19 10:40', '2019-12-31 23:55', 'incipient', '2019-07-25 03:20'],
  ['p277', '2019-05-30 21:55', '2019-12-31 23:55', 'incipient', '2019-08-11 15:05'],
  ['p142', '2019-06-12 19:55', '2019-07-17 09:25', 'abrupt', '2019-06-12 19:55'],
  ['p680', '2019-07-10 08:45', '2019-12-31 23:55', 'abrupt', '2019-07-10 08:45'],
  ['p586', '2019-07-26 14:40', '2019-09-16 03:20', 'incipient', '2019-08-28 07:55'],
  ['p721', '2019-08-02 03:00', '2019-12-31 23:55', 'incipient', '2019-09-23 05:40'],
  ['p800', '2019-08-16 14:00', '2019-10-01 16:35', 'incipient', '2019-09-07 21:05'],
  ['p123', '2019-09-13 20:05', '2019-12-31 23:55', 'incipient', '2019-11-29 22:10'],
  ['p455', '2019-10-03 14:00', '2019-12-31 23:55', 'incipient', '2019-12-16 05:25'],
  ['p762', '2019-10-09 10:15', '2019-12-31 23:55', 'incipient', '2019-12-03 01:15'],
  ['p426', '2019-10-25 13:25', '2019-12-31 23:55', 'abrupt', '2019-10-25 13:25'],
  ['p879', '2019-11-20 11:55', '2019-12-31 23:55', 'incipient', '2019-12-31 23:55'],
];

interface LeakEventRow {
  code: string;
  dmaCode: string;
  kind: string;
  estimatedStart: string;
  detectedAt: string;
  leakFlow: number;
}

/**
 * Scores events against the 2019 list. A leak is found by the first event detected between its start and a week
 * after it reached full size (an abrupt leak: its start; the domain's rule of "within a week of a leak's start",
 * widened for incipient leaks that take months to grow); each event finds at most one leak, the latest started of
 * those it can still find. An event that finds none is a false alarm. The four leaks already running on
 * 2019-01-01 cannot be seen as a change (they are in every reference), nor can leaks starting while the detector
 * learns its references (the first five weeks): they are counted apart.
 */
export function scoreLTown(events: LeakEventRow[], learnUntil: number) {
  const at = (s: string) => new Date(s.replace(' ', 'T')).getTime();
  const leaks = LTOWN_LEAKS_2019.map(([pipe, start, end, kind, peak]) => ({
    pipe,
    kind,
    start: at(start),
    end: at(end),
    until: at(peak) + 7 * 86_400_000,
  }));
  const visible = leaks.filter((l) => l.start > at('2019-01-01 00:00') && l.start >= learnUntil);
  const found = new Map<string, number>();
  let falseAlarms = 0;
  for (const e of [...events].sort((a, b) => at(a.detectedAt) - at(b.detectedAt))) {
    const t = at(e.detectedAt);
    const cand = visible.filter((l) => !found.has(l.pipe) && t >= l.start && t <= l.until);
    if (!cand.length) {
      falseAlarms++;
      continue;
    }
    const l = cand.reduce((a, b) => (b.start > a.start ? b : a));
    found.set(l.pipe, (t - l.start) / 3_600_000);
  }
  const delays = (kind: string) =>
    visible
      .filter((l) => l.kind === kind && found.has(l.pipe))
      .map((l) => found.get(l.pipe) as number)
      .sort((a, b) => a - b);
  const med = (xs: number[]) => (xs.length ? xs[xs.length >> 1] : Number.NaN);
  return {
    leaks: leaks.length,
    visible: visible.length,
    found: found.size,
    falseAlarms,
    abruptDelay: med(delays('abrupt')),
    incipientDelay: med(delays('incipient')),
    foundPipes: [...found.keys()],
    missed: visible.filter((l) => !found.has(l.pipe)).map((l) => l.pipe),
  };
}

/**
 * L-Town through the product: a scratch PostgreSQL database, the server as a child process, the platform
 * administrator's one-step L-Town tenant (network, stations, 2019 flows and levels, its DMAs), then the L-Town
 * administrator runs `POST /swp-dma/leak/detect` over 2019 on the whole town and on area C and lists the events,
 * scored against the published 2019 leaks.
 */
async function benchLTown(): Promise<string[]> {
  const dbName = `bench_dma_lt_${process.pid}`;
  const { admin, url } = await createScratchDatabase(dbName, true);
  const port = PORT + 1;
  const dataDir = path.join(root, `.tmp/bench-dma-lt-${process.pid}`);
  const server = spawnServer(port, dataDir, {
    DATABASE_URL: url,
    SWP_MQTT_PORT: 'off',
    SWP_MONITOR_BACKFILL_DAYS: '1',
  });
  const U = `http://127.0.0.1:${port}/api`;
  const token = async (tenant: string, password: string) => {
    const r = (await queryGrant(`http://127.0.0.1:${port}`, tenant, 'admin', password)) as { access_token: string };
    return { authorization: BASIC, 'blade-auth': `bearer ${r.access_token}`, 'content-type': 'application/json' };
  };
  const call = async (url: string, headers: Record<string, string>, body?: unknown) => {
    const r = await fetch(`${U}${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const j = (await r.json()) as { code: number; msg?: string; data: any };
    if (j.code !== 200) throw new Error(`${url}: ${j.msg}`);
    return j.data;
  };
  try {
    await waitHealthy(`${U}/health`, 900_000, server);
    const t0 = performance.now();
    const made = await call('/swp-gis/network/l-town', await token(TENANT, 'admin'), {});
    const setupS = (performance.now() - t0) / 1000;
    const h = await token('200001', '123456');
    const lines = [
      `- L-Town (BattLeDIM 2019, real SCADA flows; Vrachimis et al. 2022): tenant, network, 4 stations, a year of 5-minute flows and levels and ${made.zones} DMAs in ${setupS.toFixed(0)} s`,
    ];
    // the detector learns its references over the first five weeks (no data before 2019-01-01)
    const learnUntil = new Date('2019-02-05T00:00:00').getTime();
    for (const code of ['LTOWN', 'LTOWN-C']) {
      const t1 = performance.now();
      const det = await call('/swp-dma/leak/detect', h, {
        dmaCode: code,
        startTime: '2019-01-01 00:00:00',
        endTime: '2020-01-01 00:00:00',
      });
      const ms = performance.now() - t1;
      const events: LeakEventRow[] = (await call(`/swp-dma/leak-event/list?dmaCode=${code}&current=1&size=1000`, h))
        .records;
      if (code !== 'LTOWN') {
        // which 2019 leaks lie in area C is not in the leak list: the leaks are scored on the whole town
        lines.push(`- ${code}: ${det.nights} nights judged in ${ms.toFixed(0)} ms, ${events.length} events`);
        continue;
      }
      const s = scoreLTown(events, learnUntil);
      lines.push(
        `- ${code}: ${det.nights} nights judged in ${ms.toFixed(0)} ms, ${events.length} events; of the ${s.leaks} leaks of 2019, ${s.leaks - s.visible} were running on 1 January or started while the detector learned (to 5 February); of the other ${s.visible}: found ${s.found} (${s.foundPipes.join(', ') || 'none'}), missed ${s.missed.length}; false alarms ${s.falseAlarms} (${(s.falseAlarms / 11).toFixed(2)} per month over February–December); median delay abrupt ${Number.isFinite(s.abruptDelay) ? `${s.abruptDelay.toFixed(0)} h` : '–'}, incipient ${Number.isFinite(s.incipientDelay) ? `${(s.incipientDelay / 24).toFixed(1)} d` : '–'}`,
      );
    }
    return lines;
  } finally {
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
  // the same scenarios twice: the inlet's flow alone, and flow with the inlet's pressure (the same-day test's witness)
  const run = (pressure: boolean) => {
    let leaks = 0;
    let found = 0;
    let falseAlarms = 0;
    let dmaYears = 0;
    const delays: { kind: string; hours: number }[] = [];
    let yearMs = 0;
    for (const seed of [101, 202, 303, 404]) {
      const t0 = performance.now();
      for (const [key, base] of DMAS) {
        const r = runScenario({ ...makeScenario(seed, key, base, from, 365), pressure });
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
    const label = pressure ? 'flow + inlet pressure' : 'flow only';
    return [
      `- ${label}: ${dmaYears} DMA-years, ${leaks} injected leaks (2.5–10 % of mean inflow): found ${found} (${(rate * 100).toFixed(1)} %; goal ≥ 80 %: ${mark(rate >= 0.8)}); false alarms ${falseAlarms} = ${fa.toFixed(2)} per DMA per month (goal ≤ 1: ${mark(fa <= 1)}); median delay bursts ${burst.toFixed(1)} h (goal ≤ 24: ${mark(burst <= 24)}), incipient ${incipient.toFixed(1)} h (goal ≤ 168: ${mark(incipient <= 168)}); a year of three DMAs (5-minute data generated, rolled up, detected): ${yearMs.toFixed(0)} ms`,
    ];
  };
  const mark = (okay: boolean) => (okay ? 'met' : 'NOT met');
  const lines = [...run(false), ...run(true)];
  if (process.env.BENCH_DMA_LTOWN !== 'off') lines.push(...(await benchLTown()));
  if (process.env.BENCH_DMA_BALANCE !== 'off') lines.push(...(await benchBalance()));
  return { name: 'DMA leak detection', lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchDma();
  for (const l of r.lines) console.log(l);
}
