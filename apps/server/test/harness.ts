/**
 * Boots the real app for an API suite on its own fresh database (a copy of the run's template) and offers
 * helpers to call it the way a client does: Basic client header, Blade-Auth token, envelope replies.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { ServerModule } from '../src/core/module.ts';
import { connectDatabase, type Database } from '../src/db/connection.ts';
import { startEmbedded } from '../src/db/embedded.ts';
import { testConfig } from './config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate?: string;
    embeddedTemplate?: string;
    runId?: string;
  }
}

export const WEB_CLIENT = { id: 'swp_web', secret: 'swp_web_secret' };
export const SABER = { id: 'saber', secret: 'saber_secret' };
export const basic = (c = WEB_CLIENT) => `Basic ${Buffer.from(`${c.id}:${c.secret}`).toString('base64')}`;

let seq = 0;

/** A fresh copy of the seeded template database. */
export async function freshDatabase(): Promise<Database> {
  const tpl = inject('pgTemplate');
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (tpl && pgUrl) {
    const name = `${tpl.replace('swp_tpl_', 'swp_s_')}_${process.pid}_${++seq}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${tpl}`);
    await admin.end();
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    return connectDatabase(u.toString(), 'postgresql', async () => {
      const a = new pg.Client({ connectionString: pgUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    });
  }
  const tarball = inject('embeddedTemplate');
  if (!tarball) throw new Error('no test template: run API tests through vitest with the api project');
  const embedded = await startEmbedded('memory://', tarball);
  return connectDatabase(embedded.url, 'embedded', () => embedded.stop());
}

export interface TestApp {
  app: App;
  config: Config;
  /** raw inject */
  call(opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** GET/POST as the signed-in user of this helper (see signIn) with the web client header */
  get(url: string, query?: Record<string, unknown>): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, query?: Record<string, unknown>): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
  /** signs in and keeps the token for later calls; returns the token reply */
  signIn(account?: string, password?: string, tenantId?: string): Promise<any>;
  /** runs `fn` with the calls made as `token`'s user, then puts the suite's token back */
  as<T>(token: string, fn: () => Promise<T>): Promise<T>;
  /** signs in without changing the suite's token; returns the access token (or throws with the refusal) */
  tokenOf(account: string, password: string, tenantId?: string): Promise<string>;
  token?: string;
  close(): Promise<void>;
}

/**
 * An account of the platform tenant to sign in: a demo account whose password is its name, or `[account, password]`.
 */
export type Account = string | [account: string, password: string];

/**
 * Boots the app and signs in each account, in order: their tokens and user ids by account; the app keeps the last
 * one's session.
 */
export async function bootSignedIn(
  accounts: Account[],
): Promise<{ t: TestApp; tokens: Record<string, string>; ids: Record<string, string> }> {
  const t = await bootTestApp();
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  for (const entry of accounts) {
    const [a, password] = typeof entry === 'string' ? [entry, entry] : entry;
    const r = await t.signIn(a, password);
    tokens[a] = t.token as string;
    ids[a] = r.user_id;
  }
  return { t, tokens, ids };
}

/**
 * `bootSignedIn` for a whole suite: boots in `beforeAll` and hands the app, tokens and ids to `set`
 * (`signedInSuite(['admin'], (s) => ({ t, tokens } = s))`), closes the app in `afterAll`. Returns `as(account)`,
 * which makes that account's session the app's (until the next switch) and answers the app: `as('operator').get(…)`.
 */
export function signedInSuite(
  accounts: Account[],
  set: (s: Awaited<ReturnType<typeof bootSignedIn>>) => void,
  timeout?: number,
): (account: string) => TestApp {
  let t: TestApp | undefined;
  let tokens: Record<string, string> = {};
  beforeAll(async () => {
    const s = await bootSignedIn(accounts);
    ({ t, tokens } = s);
    set(s);
  }, timeout);
  afterAll(() => t?.close());
  return (account) => {
    if (!t) throw new Error('as(account) is for use inside the suite, after its beforeAll');
    t.token = tokens[account];
    return t;
  };
}

/**
 * `bootTestApp` for a whole suite: boots in `beforeAll` (signed in as the admin unless `signIn: false`) and hands
 * the app to `set` (`appSuite((app) => (t = app))`), closes it in `afterAll`. `second`: with TEST_DATABASE_URL also
 * a second instance on the same database (`bootSecondInstance`), handed over as the second argument (else undefined).
 */
export function appSuite(
  set: (t: TestApp, second?: TestApp) => void,
  { signIn = true, second = false, timeout }: { signIn?: boolean; second?: boolean; timeout?: number } = {},
): void {
  let t: TestApp | undefined;
  let other: TestApp | undefined;
  beforeAll(async () => {
    t = await bootTestApp();
    if (signIn) await t.signIn();
    if (second && process.env.TEST_DATABASE_URL) other = await bootSecondInstance(t);
    set(t, other);
  }, timeout);
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });
}

/**
 * `bootTestApp(over)` for a suite that works as both tenants' administrators: the platform tenant's (`hq`, the
 * session the app keeps) and tenant 100001's (`fx`), handed to `set` with the app; closes the app in `afterAll`.
 * Returns `as(token)`, which makes `token` the app's session (until the next switch) and answers the app.
 */
export function twoAdminsSuite(
  set: (s: { t: TestApp; hq: string; fx: string }) => void,
  over: Partial<Config> = {},
): (token: string) => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await bootTestApp(over);
    const fx = (await t.signIn('admin', 'admin', '100001')).access_token;
    const hq = (await t.signIn()).access_token;
    set({ t, hq, fx });
  });
  afterAll(() => t?.close());
  return (token) => {
    if (!t) throw new Error('as(token) is for use inside the suite, after its beforeAll');
    t.token = token;
    return t;
  };
}

/** The id of a monitoring series of the platform tenant's station `stcd` (its `field`), read straight from the database. */
export async function seriesIdOf(t: TestApp, stcd: string, field: string): Promise<number> {
  const r = await t.app.ctx.database.pool.query<{ id: number }>(
    `select s.id from swp_monitor_series s join swp_monitor_station st on st.id = s.station_id
      where st.stcd = $1 and s.field = $2 and st.tenant_id = '000000'`,
    [stcd, field],
  );
  return r.rows[0].id;
}

/** The envelope's `data` of a reply that must be 200 (the body shown when it is not). */
export function okData(res: { statusCode: number; body: string; json(): any }): any {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Checks a refusal: the HTTP `status` (the body shown when it is not), the envelope's code and failure, `msg` in its message. */
export function expectRefused(res: { statusCode: number; body: string; json(): any }, msg: string, status = 400): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ code: status, success: false });
  expect(res.json().msg).toContain(msg);
}

/** Submits `row` (an edit of a saved row) to the resource's `${base}/submit` and answers it as `${base}/detail` reads it back. */
export async function submitAndRead(t: TestApp, base: string, row: { id: string }): Promise<any> {
  const res = await t.post(`${base}/submit`, row);
  expect(res.json().code).toBe(200);
  return okData(await t.get(`${base}/detail`, { id: row.id }));
}

/**
 * Removes row `id` through the resource's `${base}/remove` and checks that `${base}/detail` then finds nothing
 * (BladeX's empty reply: 200 with no data and 暂无承载数据).
 */
export async function expectRemoved(t: TestApp, base: string, id: string): Promise<void> {
  const res = await t.post(`${base}/remove`, undefined, { ids: id });
  expect(res.json().code).toBe(200);
  const gone = await t.get(`${base}/detail`, { id });
  expect(gone.json()).toMatchObject({ code: 200, data: null, msg: '暂无承载数据' });
}

export const md5 = async (s: string) => (await import('node:crypto')).createHash('md5').update(s).digest('hex');

/**
 * The password grant as the web client (or `client`) sends it, answered raw: for suites that look at a refusal or
 * sign in without keeping the token. `type: false` leaves out `type=account`, as some callers of the API do.
 */
export async function signInCall(
  on: Pick<TestApp, 'call'>,
  account: string,
  password: string,
  tenantId = '000000',
  { client = WEB_CLIENT, type = true }: { client?: typeof WEB_CLIENT; type?: boolean } = {},
): Promise<LightMyRequestResponse> {
  return on.call({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: { authorization: basic(client), 'tenant-id': tenantId },
    query: {
      tenantId,
      username: account,
      password: await md5(password),
      grant_type: 'password',
      scope: 'all',
      ...(type ? { type: 'account' } : {}),
    },
  });
}

/**
 * Another instance of the app on the same PostgreSQL database as `first`: its own pool, caches and live bus, as a
 * second server process would have. The embedded database serves one instance, so this needs TEST_DATABASE_URL.
 */
export async function bootSecondInstance(first: TestApp, over: Partial<Config> = {}): Promise<TestApp> {
  const db = first.app.ctx.database;
  if (db.kind !== 'postgresql') throw new Error('a second instance needs PostgreSQL (TEST_DATABASE_URL)');
  return bootTestApp(over, connectDatabase(db.url, 'postgresql'));
}

/** `database`: run on this one (closed with the app) instead of a fresh copy of the template. */
export async function bootTestApp(
  over: Partial<Config> = {},
  given?: Database,
  modules?: ServerModule[],
): Promise<TestApp> {
  process.env.TZ = 'Asia/Shanghai';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swp-suite-'));
  const config = testConfig(dir, { seed: false, ...over });
  const database = given ?? (await freshDatabase());
  const app = await buildApp({ config, database, logger: false, ...(modules ? { modules } : {}) });
  const t: TestApp = {
    app,
    config,
    call: (opts) => app.server.inject(opts),
    ...callsAs(app, () => t.token),
    async signIn(account = 'admin', password = 'admin', tenantId = '000000') {
      const res = await signInCall(t, account, password, tenantId);
      const body = res.json();
      if (!body.access_token) throw new Error(`sign-in failed: ${res.body}`);
      t.token = body.access_token;
      return body;
    },
    async as(token, fn) {
      const keep = t.token;
      t.token = token;
      try {
        return await fn();
      } finally {
        t.token = keep;
      }
    },
    async tokenOf(account, password, tenantId = '000000') {
      const keep = t.token;
      try {
        return (await t.signIn(account, password, tenantId)).access_token;
      } finally {
        t.token = keep;
      }
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return t;
}

/** The web client's headers, with the session of `token` when given. */
export function authHeaders(token?: string, client = WEB_CLIENT): Record<string, string> {
  return { authorization: basic(client), ...(token ? { 'blade-auth': `bearer ${token}` } : {}) };
}

/** GET, POST, PUT and DELETE on `app` with the web client's headers and the session `token()` names at the call. */
function callsAs(app: App, token: () => string | undefined): Pick<TestApp, 'get' | 'post' | 'put' | 'del'> {
  return {
    get: (url, query) =>
      app.server.inject({ method: 'GET', url, query: stringify(query), headers: authHeaders(token()) }),
    post: (url, body, query) =>
      app.server.inject({
        method: 'POST',
        url,
        query: stringify(query),
        headers: authHeaders(token()),
        ...(body === undefined ? {} : { payload: body as any }),
      }),
    put: (url, body) =>
      app.server.inject({ method: 'PUT', url, headers: authHeaders(token()), payload: (body ?? {}) as any }),
    del: (url) => app.server.inject({ method: 'DELETE', url, headers: authHeaders(token()) }),
  };
}

/**
 * A second client of the same app whose get/post/put/del call with `token`'s session (another role, another tenant's
 * administrator); the suite's token is left alone, so calls through both may run side by side. Its `signIn`, `as`
 * and `tokenOf` are the suite's own (they act on the suite's token).
 */
export function clientOf(t: TestApp, token: string): TestApp {
  return { ...t, token, ...callsAs(t.app, () => token) };
}

/** `clientOf` for a demo account (its password is its name) of a tenant, signed in now. */
export async function clientAs(t: TestApp, account: string, tenantId = '000000'): Promise<TestApp> {
  return clientOf(t, await t.tokenOf(account, account, tenantId));
}

function stringify(q?: Record<string, unknown>): Record<string, string> | undefined {
  if (!q) return undefined;
  return Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}
