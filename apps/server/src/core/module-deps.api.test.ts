/**
 * Each module boots with only the modules it declares (`ServerModule.uses`, closed over): a dependency that is
 * imported but not declared fails the unit test, one that is needed at run time but not imported fails here.
 * Each boot: the app starts, one of the module's own routes answers a call without credentials (not 404, not 500),
 * and, when `auth` is in the set (it provides the gate's checks, see core/gate.ts), every plain read of the module
 * answers the administrator without a server error. One database for every boot, one boot at a time; seed and
 * background jobs off.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/config.ts';
import { authHeaders, freshDatabase, signInCall } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import type { Database } from '../db/connection.ts';
import { modules } from '../modules/index.ts';
import type { ServerModule } from './module.ts';
import { closureOf } from './module-deps.ts';

let database: Database;
let dir: string;
beforeAll(async () => {
  process.env.TZ = 'Asia/Shanghai';
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swp-deps-'));
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

interface Mounted {
  method: string;
  url: string;
  access: string;
}

/** The module with its routes in a scope of their own, so the routes it mounts (and only those) are seen. */
function watched(m: ServerModule, seen: Mounted[]): ServerModule {
  const { routes } = m;
  if (!routes) return m;
  return {
    ...m,
    async routes(app, ctx) {
      await app.register(async (scope) => {
        scope.addHook('onRoute', (r) => {
          for (const method of [r.method].flat()) seen.push({ method, url: r.url, access: r.config?.access ?? 'user' });
        });
        await routes.call(m, scope, ctx);
      });
    },
  };
}

/** One of the module's own routes to call: a GET under /api without path parameters if there is one. */
function probeOf(seen: Mounted[]): Mounted | undefined {
  const api = seen.filter((r) => r.url.startsWith('/api/') && (r.method === 'GET' || r.method === 'POST'));
  const rank = (r: Mounted) => (r.url.includes(':') || r.url.includes('*') ? 2 : 0) + (r.method === 'GET' ? 0 : 1);
  return api.sort((a, b) => rank(a) - rank(b))[0];
}

/**
 * A GET under /api without path parameters that neither exports nor streams (safe to call with no query). The
 * hydraulic model is left out: its first read builds the network model from the GIS (tens of seconds, and the build
 * goes on after the answer).
 */
const plainRead = (r: Mounted) =>
  r.method === 'GET' &&
  r.url.startsWith('/api/') &&
  !/[:*]/.test(r.url) &&
  !/export|download|backup|stream|sse|ws|live|template|excel|pdf/i.test(r.url) &&
  !r.url.startsWith('/api/swp-hydraulic/model');

describe('every module boots with only the modules it uses', () => {
  it.each(modules.map((m) => [m.name]))('%s', async (name) => {
    const seen: Mounted[] = [];
    const subset = closureOf(modules, [name]).map((m) => (m.name === name ? watched(m, seen) : m));
    const config = testConfig(dir, { seed: false, jobs: false });
    const app = await buildApp({ config, database, logger: false, modules: subset });
    try {
      const own = modules.find((m) => m.name === name);
      if (!own?.routes) return;
      const probe = probeOf(seen);
      expect(probe, `${name} mounts no GET or POST route under /api`).toBeDefined();
      if (!probe) return;
      const url = probe.url.replace(/:\w+/g, '1').replace(/\*$/, 'x');
      const res = await app.server.inject({ method: probe.method as 'GET' | 'POST', url });
      const what = `${probe.method} ${url} (${probe.access}) → ${res.statusCode} ${res.body.slice(0, 200)}`;
      expect(res.statusCode, what).not.toBe(404);
      if (probe.access === 'public') expect(res.statusCode, what).toBeLessThan(500);
      // behind the gate: refused for want of a client; 503 only while no auth module ever provided the gate's checks
      else if (res.statusCode !== 401) expect([res.statusCode, res.json().msg], what).toEqual([503, '服务启动中']);
      if (!subset.some((m) => m.name === 'auth')) return;
      // signed in as the administrator, none of its plain reads fails for want of a module it did not declare
      const call = (o: InjectOptions) => app.server.inject(o);
      const token = (await signInCall({ call }, 'admin', 'admin')).json().access_token;
      expect(token, 'admin signs in').toBeTruthy();
      const failed: string[] = [];
      for (const r of seen.filter(plainRead)) {
        const got = await call({
          method: 'GET',
          url: r.url,
          headers: authHeaders(token),
        });
        if (got.statusCode >= 500) failed.push(`GET ${r.url} → ${got.statusCode} ${got.body.slice(0, 200)}`);
      }
      expect(failed).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
