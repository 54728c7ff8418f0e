/**
 * What the benches that start the server as a child process share: a scratch database's URL, waiting until the
 * server answers, stopping it, autocannon as a promise and percentiles of sorted samples.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

/** The URL of another database on the same server. */
export function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/**
 * Polls `url` (every `everyMs`) until it answers 2xx; fails when the child exits or `limitMs` passes. Returns the
 * wait in ms.
 */
export async function waitHealthy(url: string, limitMs: number, child: ChildProcess, everyMs = 200): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < limitMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.ok) return Date.now() - t0;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`not healthy within ${limitMs} ms`);
}

const root = path.resolve(import.meta.dirname, '..');

/** The server's source folder, for benches that run its pieces in-process. */
export const serverSrc = path.join(root, 'apps/server/src');

/**
 * The server's database, configuration and live bus, imported from its source for the benches that run them
 * in-process (after they set TZ, which the server reads when loaded).
 */
export async function serverBasics() {
  const { connectDatabase } = await import(`${serverSrc}/db/connection.ts`);
  const { startEmbedded } = await import(`${serverSrc}/db/embedded.ts`);
  const { runMigrations } = await import(`${serverSrc}/db/migrate.ts`);
  const { loadConfig } = await import(`${serverSrc}/config.ts`);
  const { LiveBus } = await import(`${serverSrc}/core/live.ts`);
  return { connectDatabase, startEmbedded, runMigrations, loadConfig, LiveBus };
}

/**
 * The server as a child process on the embedded database in `dataDir`, captcha off and warnings only, `env` over
 * that; its output ignored.
 */
export function spawnServer(port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SWP_CAPTCHA: 'off', LOG_LEVEL: 'warn', ...env },
  });
}

/** The port a bench's server listens on: `BENCH_PORT` when set (to keep clear of other runs on a shared machine). */
export const benchPort = (fallback: number) => Number(process.env.BENCH_PORT || fallback);

/** What a bench may change in the server it starts. */
export interface ScratchOptions {
  /** environment over the defaults (e.g. `SWP_JOBS: 'on'`, `SWP_MONITOR_BACKFILL_DAYS: '30'`) */
  env?: Record<string, string>;
  /** node flags before the server's entry (e.g. `--cpu-prof` to profile it) */
  nodeArgs?: string[];
}

/**
 * The server as a child process (as in production) on a scratch PostgreSQL database `bench_<name>_<pid>` with its own
 * data folder, jobs and MQTT off unless `opts.env` says otherwise; `close()` stops it and drops both. Waits until it
 * answers (`startLimitMs`).
 */
export async function startScratchServer(name: string, port: number, startLimitMs: number, opts: ScratchOptions = {}) {
  const base = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  const url = withDb(base, dbName);
  const dataDir = path.join(root, `.tmp/bench-${name}-data-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    SWP_CAPTCHA: 'off',
    SWP_JOBS: 'off',
    SWP_MONITOR_BACKFILL_DAYS: '1',
    LOG_LEVEL: 'warn',
    SWP_MQTT_PORT: 'off',
    ...opts.env,
  };
  const server = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  const close = async () => {
    await stop(server);
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(`http://127.0.0.1:${port}/api/health`, startLimitMs, server);
  } catch (e) {
    await close();
    throw e;
  }
  return { url, env, server, close };
}

/** Stops the server (SIGTERM) and waits for it to exit. */
export async function stop(p: ChildProcess) {
  if (p.exitCode !== null) return;
  const done = new Promise((r) => p.once('exit', r));
  p.kill('SIGTERM');
  await done;
}

/** autocannon as a promise. */
export function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
}

/**
 * The blocks (`event: …` / `data: …` lines) of a server-sent event stream as they arrive; ends with the stream or
 * when reading fails (the request aborted).
 */
export async function* sseBlocks(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const dec = new TextDecoder();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
    if (done) return;
    buf += dec.decode(value, { stream: true });
    let cut = buf.indexOf('\n\n');
    while (cut >= 0) {
      const block = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      cut = buf.indexOf('\n\n');
      yield block;
    }
  }
}

/** The p-th percentile of ascending samples. */
export const pctOf = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** The web client's Basic header. */
export const BASIC = `Basic ${Buffer.from('swp_web:swp_web_secret').toString('base64')}`;

/** The password grant of the web client at `tokenUrl` (…/blade-auth/oauth/token), as a form; the JSON reply. */
export async function passwordGrant(tokenUrl: string, account: string, password: string): Promise<any> {
  const r = await fetch(tokenUrl, {
    method: 'POST',
    headers: { Authorization: BASIC, 'Tenant-Id': '000000', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      tenantId: '000000',
      grant_type: 'password',
      scope: 'all',
      type: 'account',
      username: account,
      password: md5hex(password),
    }),
  });
  return r.json();
}

/**
 * The password grant of the web client on the server at `origin` (`http://host:port`), the grant's fields in the
 * query string; the JSON reply (`access_token`, `user_id`, `dept_id`, … or the refusal).
 */
export async function queryGrant(origin: string, tenant: string, account: string, password: string): Promise<any> {
  return fetch(
    `${origin}/api/blade-auth/oauth/token?tenantId=${tenant}&username=${account}&password=${md5hex(password)}&grant_type=password&scope=all&type=account`,
    { method: 'POST', headers: { authorization: BASIC, 'tenant-id': tenant } },
  ).then((r) => r.json());
}

/** The administrator's token of `tenant` on the server at `port`, the grant's fields in the query string. */
export async function adminToken(port: number, tenant: string): Promise<string> {
  return (await queryGrant(`http://127.0.0.1:${port}`, tenant, 'admin', 'admin')).access_token;
}

/** The web client's headers of `account` of the platform tenant signed in at `origin`; throws when refused. */
export async function signInHeaders(
  origin: string,
  account: string,
  password: string,
): Promise<Record<string, string>> {
  const r = await queryGrant(origin, '000000', account, password);
  if (!r.access_token) throw new Error(`sign-in of ${account} failed: ${JSON.stringify(r)}`);
  return { authorization: BASIC, 'blade-auth': `bearer ${r.access_token}` };
}

const md5hex = (s: string) => crypto.createHash('md5').update(s).digest('hex');

/** The PostgreSQL server the benches use (TEST_DATABASE_URL or the local default). */
export const benchPostgres = () => process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Creates the scratch database `name` on the bench's server (dropping a leftover first when `fresh`); returns the
 * server's URL, the connected admin client (to drop it afterwards) and the database's URL.
 */
export async function createScratchDatabase(name: string, fresh = false) {
  const base = benchPostgres();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  if (fresh) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  return { base, admin, url: withDb(base, name) };
}

/**
 * A scratch database `name` with the server's schema, for the benches that run the server's code in-process: the
 * server's connection to it and `drop()`, which closes that and drops the database.
 */
export async function migratedScratch(name: string) {
  const { admin, url } = await createScratchDatabase(name);
  const { connectDatabase } = await import('../apps/server/src/db/connection.ts');
  const { runMigrations } = await import('../apps/server/src/db/migrate.ts');
  const database = connectDatabase(url, 'postgresql');
  const drop = async () => {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  };
  try {
    await runMigrations(database.pool);
  } catch (e) {
    await drop();
    throw e;
  }
  return { database, drop };
}

/** A pool on a scratch database that ignores its connections' errors: they end when the database is dropped. */
export function scratchPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    /* connections end when the scratch database is dropped */
  });
  return pool;
}

/**
 * Fills a scratch database on one client of `pool`: `work` in a transaction, committed when it returns, then `after`
 * on the same client outside it (VACUUM cannot run in one); rolled back when either throws; the client released.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<void>,
  after: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await work(client);
    await client.query('commit');
    return await after(client);
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/** Runs a command in the repository to its end; rejects on a non-zero exit; returns its stdout. */
export function runToEnd(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d) => {
      out += d;
    });
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

/**
 * The times (ms) of several contenders measured in turns (A, B, C, A, B, C, …) so that the machine's load at any
 * moment weighs on all of them alike; one warm-up round first (plans, caches). One array of samples per contender.
 */
export async function timesInTurns(runs: number, fns: (() => Promise<unknown>)[]): Promise<number[][]> {
  for (const fn of fns) await fn();
  const times = fns.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) {
    for (const [k, fn] of fns.entries()) {
      const t0 = performance.now();
      await fn();
      times[k].push(performance.now() - t0);
    }
  }
  return times;
}

/**
 * `node --import tsx bench/<name>.ts` runs one benchmark alone: when `url` (the bench file's `import.meta.url`) is the
 * script node was started with, runs `bench`, prints its lines (under its name as a heading with `heading`) and exits.
 */
export async function runAlone(
  url: string,
  bench: () => Promise<{ name: string; lines: string[] }>,
  heading = false,
): Promise<void> {
  if (url !== `file://${process.argv[1]}`) return;
  const r = await bench();
  console.log(
    heading
      ? `## ${r.name}

${r.lines.join('\n')}`
      : r.lines.join('\n'),
  );
  process.exit(0);
}
