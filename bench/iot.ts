/**
 * Device telemetry figures (issue 18), on PostgreSQL (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/
 * postgres) in a scratch database created and dropped here, then on an in-memory embedded database
 * (IOT_BENCH_EMBEDDED_DEVICES, default the same N; 0 skips it; IOT_BENCH_POSTGRES=off skips PostgreSQL; its baseline is a bare multi-row INSERT, as its socket
 * serves no client COPY): N devices (IOT_BENCH_DEVICES, default 1000), each on a
 * station of its own with 20 series, publish one QoS 1 message a second with 20 values for IOT_BENCH_SECONDS
 * (default 20) to the embedded broker, through the real path (argon2 sign-in, topic check, parsing, the batcher's
 * one multi-row ingest per tick, rollups). The devices run in a child process. Figures:
 *   - points/s sustained vs offered;
 *   - the ingest path at full speed (the same messages, 10 days earlier, handed to it at once: parsing, batching,
 *     the COPY and its rollups; the time in the database's statements shown apart) against a bare `COPY` of the same points (5 days earlier) into the raw table in the same run — ratio,
 *     goal ≥ 50 %;
 *   - publish-to-acknowledgement p50/p99 (the broker acknowledges after the commit: ingest-to-query ≤ this), goal
 *     p99 ≤ 2 s;
 *   - points lost: acknowledged × 20 − stored, goal 0; rollups agree with the raw points.
 * Run alone: `npm run bench -- iot` or `node --import tsx bench/iot.ts`.
 */
import { execFileSync, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import type pg from 'pg';
import { createScratchDatabase, pctOf, runAlone, serverBasics, serverSrc } from './harness.ts';

process.env.TZ ||= 'Asia/Shanghai';
const { connectDatabase, startEmbedded, runMigrations, loadConfig, LiveBus } = await serverBasics();
const { ensurePartitions } = await import(`${serverSrc}/modules/monitor/store.ts`);
const { flushRollups } = await import(`${serverSrc}/modules/monitor/ingest.ts`);
const { Telemetry } = await import(`${serverSrc}/modules/iot/telemetry.ts`);
const { startBroker } = await import(`${serverSrc}/modules/iot/broker.ts`);

const FIELDS = Array.from({ length: 20 }, (_, i) => `v${String(i + 1).padStart(2, '0')}`);
const BASE_ID = 900_000_000_000_000_000n;

async function setup(pool: pg.Pool, n: number, secretHash: string) {
  await pool.query(
    `insert into swp_monitor_station (id, tenant_id, stcd, stnm, sttp, category, simulated)
     select $1::bigint + i, '000000', 'B' || lpad(i::text, 5, '0'), '基准站' || i, 'YL', 'NETWORK', false
       from generate_series(1, $2::int) i`,
    [String(BASE_ID), n],
  );
  await pool.query(
    `insert into swp_monitor_series (station_id, field, step_seconds)
     select $1::bigint + i, f, 1 from generate_series(1, $2::int) i, unnest($3::text[]) f`,
    [String(BASE_ID), n, FIELDS],
  );
  await pool.query(
    `insert into swp_device_base (id, tenant_id, device_code, device_name, device_type, station_id)
     select $1::bigint + i, '000000', 'BENCH-' || lpad(i::text, 5, '0'), '基准设备' || i, 'valve', $1::bigint + i
       from generate_series(1, $2::int) i`,
    [String(BASE_ID), n],
  );
  await pool.query(
    `insert into swp_iot_credential (device_id, tenant_id, device_code, secret_hash)
     select $1::bigint + i, '000000', 'BENCH-' || lpad(i::text, 5, '0'), $3 from generate_series(1, $2::int) i`,
    [String(BASE_ID), n, secretHash],
  );
  return Array.from({ length: n }, (_, i) => `BENCH-${String(i + 1).padStart(5, '0')}`);
}

interface Figures {
  n: number;
  seconds: number;
  connectMs: number;
  offered: number;
  sustained: number;
  batches: number;
  written: number;
  busyMs: number;
  fullPoints: number;
  fullMs: number;
  /** of fullMs, the time in the database's statements (the rest: parsing, checks, batching in this process) */
  fullBusyMs: number;
  baseline: string;
  baselinePoints: number;
  baselineMs: number;
  p50: number;
  p99: number;
  lost: number;
  failed: number;
  rollupsAgree: boolean;
  /** rollup partials still waiting for their merge when the stream ended (embedded: rollup-journal.ts) */
  journalRows: number;
  journalAgeMs: number;
}

/** One run on a migrated, empty database: the devices over MQTT, then the ingest path and the baseline at full speed. */
async function runOn(database: any, url: string, n: number, seconds: number): Promise<Figures> {
  const csv = path.join(os.tmpdir(), `swp-bench-iot-${process.pid}.csv`);
  try {
    await runMigrations(database.pool);
    const secret = 'bench-secret-0123456789abcdef';
    const devices = await setup(database.pool, n, await hash(secret));
    const config = { ...loadConfig({}), logLevel: 'silent' };
    const ctx = { config, database, db: database.db, live: new LiveBus(database.pool, false), isLeader: () => true };
    const telemetry = new Telemetry(ctx as any);
    const broker = await startBroker(telemetry, 0, '127.0.0.1');
    const start = Math.floor(Date.now() / 1000) * 1000 - seconds * 1000;
    await ensurePartitions(database.pool, url, start - 11 * 86_400_000, start + seconds * 1000);

    const child = fork(path.join(import.meta.dirname, 'iot-publishers.ts'), { execArgv: ['--import', 'tsx'] });
    const next = () =>
      new Promise<any>((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`the devices' process exited (${code})`));
        child.once('exit', onExit);
        child.once('message', (m) => {
          child.off('exit', onExit);
          resolve(m);
        });
      });
    child.send({ port: broker.port, devices, secret, seconds, fields: FIELDS, start });
    const tc = Date.now();
    await next();
    const connectMs = Date.now() - tc;
    const w0 = {
      busy: telemetry.batcher.busyMs,
      written: telemetry.batcher.written,
      batches: telemetry.batcher.batches,
    };
    child.send('go');
    const done = await next();
    await telemetry.batcher.idle();
    const journal = (
      await database.pool.query(
        `select count(*)::int as n, coalesce(extract(epoch from clock_timestamp() - min(created_at)) * 1000, 0) as age
           from swp_monitor_rollup_pending`,
      )
    ).rows[0];
    const busyMs = telemetry.batcher.busyMs - w0.busy;
    const written = telemetry.batcher.written - w0.written;
    const batches = telemetry.batcher.batches - w0.batches;
    await broker.close();

    // the ingest path at full speed: the same messages (10 days earlier) handed to it all at once — parsing, the
    // batcher's multi-row statements, rollups
    const entries = await Promise.all(devices.map((d) => telemetry.device({ tenantId: '000000', deviceCode: d })));
    const f0 = performance.now();
    const fullBusy0 = telemetry.batcher.busyMs;
    const all: Promise<number>[] = [];
    for (let sec = 0; sec < seconds; sec++) {
      for (const [i, e] of entries.entries()) {
        const values: Record<string, number> = {};
        for (const [k, f] of FIELDS.entries()) values[f] = Math.round((sec * 7 + i * 3 + k) % 1000) / 10;
        all.push(telemetry.accept(e, 'mqtt', JSON.stringify({ ts: start - 10 * 86_400_000 + sec * 1000, values })));
      }
    }
    const fullPoints = (await Promise.all(all)).reduce((a, b) => a + b, 0);
    // the rollups of a journaled stream merged too: the full-speed figure counts all of the work
    await flushRollups(ctx as any);
    const fullMs = performance.now() - f0;
    const fullBusyMs = telemetry.batcher.busyMs - fullBusy0;
    await telemetry.close();

    const stored = Number(
      (await database.pool.query('select count(*) as n from swp_monitor_point where ts >= $1', [new Date(start)]))
        .rows[0].n,
    );
    const hourly = Number(
      (
        await database.pool.query('select coalesce(sum(count), 0) as n from swp_monitor_hourly where ts >= $1', [
          new Date(start - 3_600_000),
        ])
      ).rows[0].n,
    );

    // the baseline: the same points (5 days earlier) written bare into the raw table — COPY on PostgreSQL; on the
    // embedded database (whose socket serves no COPY from a client) one multi-row INSERT from unnest, no rollups
    const rows = await database.pool.query(
      `select series_id as s, to_char((ts - interval '5 days') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as t, value as v
         from swp_monitor_point where ts >= $1`,
      [new Date(start)],
    );
    let baseline: string;
    let baselineMs: number;
    if (database.kind === 'postgresql') {
      baseline = 'bare COPY into the raw table';
      fs.writeFileSync(csv, rows.rows.map((r: any) => `${r.s},${r.t},${r.v}`).join('\n'));
      const c0 = performance.now();
      execFileSync('psql', [
        url,
        '-q',
        '-c',
        `\\copy swp_monitor_point (series_id, ts, value) from '${csv}' with (format csv)`,
      ]);
      baselineMs = performance.now() - c0;
    } else {
      baseline = 'bare INSERT … SELECT FROM unnest into the raw table';
      const c0 = performance.now();
      await database.pool.query(
        `insert into swp_monitor_point (series_id, ts, value)
         select s, t::timestamptz, v from unnest($1::int[], $2::text[], $3::float8[]) as u(s, t, v)`,
        [rows.rows.map((r: any) => r.s), rows.rows.map((r: any) => r.t), rows.rows.map((r: any) => r.v)],
      );
      baselineMs = performance.now() - c0;
    }
    const lat = done.latencies as number[];
    return {
      n,
      seconds,
      connectMs,
      offered: n * FIELDS.length,
      sustained: (done.acked * FIELDS.length) / (done.elapsed / 1000),
      batches,
      written,
      busyMs,
      fullPoints,
      fullMs,
      fullBusyMs,
      baseline,
      baselinePoints: rows.rows.length,
      baselineMs,
      p50: pctOf(lat, 50) ?? 0,
      p99: pctOf(lat, 99) ?? 0,
      lost: done.acked * FIELDS.length - stored,
      failed: done.failed,
      rollupsAgree: hourly === stored,
      journalRows: journal.n,
      journalAgeMs: Number(journal.age),
    };
  } finally {
    fs.rmSync(csv, { force: true });
  }
}

function table(kind: string, f: Figures): string[] {
  const rate = (points: number, ms: number) => Math.round(points / (ms / 1000)).toLocaleString('en');
  const ratio = (f.fullPoints / f.fullMs / (f.baselinePoints / f.baselineMs)) * 100;
  return [
    `**${kind}**: ${f.n} devices × ${FIELDS.length} values, one QoS 1 message a second each, ${f.seconds} s, embedded ` +
      `broker (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores; sign-in of all devices ` +
      `${(f.connectMs / 1000).toFixed(1)} s)`,
    '',
    '| figure | value | goal |',
    '|---|---|---|',
    `| points/s sustained (offered ${f.offered.toLocaleString('en')}) | ${Math.round(f.sustained).toLocaleString('en')} | the offered rate |`,
    `| ingest statements while sustained | ${f.batches.toLocaleString('en')} (${Math.round(f.written / Math.max(1, f.batches))} points each), ${(f.busyMs / 1000).toFixed(1)} s busy | — |`,
    `| ingest path at full speed: the same ${f.fullPoints.toLocaleString('en')} points as messages (parse, batch, rollups) | ${rate(f.fullPoints, f.fullMs)} points/s (${(f.fullMs / 1000).toFixed(2)} s, of which ${(f.fullBusyMs / 1000).toFixed(2)} s in the database's statements) | — |`,
    `| ${f.baseline}, the same points | ${rate(f.baselinePoints, f.baselineMs)} points/s (${(f.baselineMs / 1000).toFixed(2)} s) | — |`,
    `| **ratio ingest / baseline** | **${ratio.toFixed(0)} %** | ≥ 50 % |`,
    `| publish → acknowledged (after commit): p50 / p99 | ${f.p50.toFixed(0)} ms / ${f.p99.toFixed(0)} ms | p99 ≤ 2,000 ms |`,
    `| points lost (acknowledged × 20 − stored) | ${f.lost} (messages failed: ${f.failed}) | 0 |`,
    `| hourly rollups count the stored points | ${f.rollupsAgree ? 'yes' : 'no'} | yes |`,
    `| rollups waiting for their merge when the stream ended | ${f.journalRows} journal rows${f.journalRows ? `, oldest ${(f.journalAgeMs / 1000).toFixed(1)} s` : ''} | — |`,
    '',
  ];
}

export async function benchIot(): Promise<{ name: string; lines: string[] }> {
  const n = Number(process.env.IOT_BENCH_DEVICES ?? 1000);
  const seconds = Number(process.env.IOT_BENCH_SECONDS ?? 20);
  const nEmbedded = Number(process.env.IOT_BENCH_EMBEDDED_DEVICES ?? n);
  const lines: string[] = [];
  // IOT_BENCH_POSTGRES=off runs the embedded database alone
  if (process.env.IOT_BENCH_POSTGRES !== 'off') {
    const scratch = `swp_bench_iot_${process.pid}`;
    const { admin, url } = await createScratchDatabase(scratch, true);
    try {
      const database = connectDatabase(url, 'postgresql');
      try {
        lines.push(...table('PostgreSQL', await runOn(database, url, n, seconds)));
      } finally {
        await database.close();
      }
    } finally {
      await admin.query(`drop database if exists ${scratch} with (force)`);
      await admin.end();
    }
  }
  if (nEmbedded > 0) {
    const emb = await startEmbedded('memory://');
    const edb = connectDatabase(emb.url, 'embedded');
    try {
      lines.push(...table('Embedded (PGlite)', await runOn(edb, emb.url, nEmbedded, seconds)));
    } finally {
      await edb.close();
      await emb.stop();
    }
  }
  return { name: 'Device telemetry (bench/iot.ts)', lines };
}

// `node --import tsx bench/iot.ts` runs this benchmark alone
await runAlone(import.meta.url, benchIot, true);
