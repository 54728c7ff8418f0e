/**
 * Deny by default, checked: every route behind the gate declares what grants it, and walking every registered
 * route as each demo role gives exactly the answers of `test/access-matrix.tsv` — the spec of who may call what
 * (Y: the gate lets the role through; N: 403 无权访问). After adding routes or changing grants, regenerate with
 * `UPDATE_ACCESS_MATRIX=1 npx vitest run --project api src/core/access-matrix.api.test.ts` and read the diff.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, bootTestApp, type TestApp } from '../../test/harness.ts';
import { GIS_PROXY } from '../modules/gis/routes.ts';
import { modules } from '../modules/index.ts';
import type { ServerModule } from './module.ts';

const MATRIX = path.resolve(import.meta.dirname, '../../test/access-matrix.tsv');
/** the least privileged first, the administrator last, so that an administrator's write cannot hide a refusal */
const ROLES = ['patrol', 'auditor', 'operator', 'admin'] as const;
/** calls that would end the session the walk runs on */
const SESSION_ENDING = /logout|OnlineUser/;

let t: TestApp;
const tokens: Record<string, string> = {};
/**
 * The walk asks the gate, not the handlers: a call the gate admits is answered 204 before its handler runs, so no
 * export, backup or table copy runs hundreds of times and no role's write changes what the next role is asked.
 * Registered first, so its hook sits in front of every module's routes.
 */
const gateProbe: ServerModule = {
  name: 'gate-probe',
  routes(app) {
    app.addHook('preHandler', async (req, reply) => {
      if (req.headers['x-gate-probe'] === '1') return reply.code(204).send();
    });
  },
};

beforeAll(async () => {
  t = await bootTestApp({}, undefined, [gateProbe, ...modules]);
  for (const r of ROLES) tokens[r] = (await t.signIn(r, r)).access_token;
});
afterAll(() => t?.close());

const grantText = (g: unknown) => (g === undefined ? '-' : Array.isArray(g) ? g.join(',') : String(g));

function apiRoutes() {
  const seen = new Set<string>();
  return t.app.routes
    .filter((r) => r.url.startsWith('/api/') && !/\/ws$/.test(r.url))
    .filter((r) => {
      const k = `${r.method} ${r.url}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .sort((a, b) => (a.url === b.url ? a.method.localeCompare(b.method) : a.url < b.url ? -1 : 1));
}

/**
 * Every call of the spec's endpoint list (`test/spec-endpoints.tsv`, a copy of the spec's endpoints.tsv) is served:
 * same method, same path, path parameters by position. The GIS proxy's prefix is ours (the spec leaves it out).
 */
describe('the spec’s endpoint list', () => {
  it('every call it lists is a route of the server', () => {
    const shape = (url: string) =>
      url
        .replace(/^\/api/, '')
        .replace(/\{[^}]+\}|:[A-Za-z_]+/g, ':p')
        .replace(/\/$/, '');
    const served = new Set(t.app.routes.map((r) => `${r.method} ${shape(r.url)}`));
    const rows = fs
      .readFileSync(path.join(import.meta.dirname, '../../test/spec-endpoints.tsv'), 'utf8')
      .split('\n')
      .slice(1)
      .filter(Boolean)
      .map((l) => l.split('\t'));
    expect(rows.length).toBe(549);
    const missing = rows
      .map(([method, url]) => [
        method,
        url
          .split('?')[0]
          .replace('{proxy}', `/api${GIS_PROXY}`)
          .replace('/lc-gis/proxyHopeServer/.../gis', `/api${GIS_PROXY}`),
      ])
      .filter(([method, url]) => !method.split('|').some((m) => served.has(`${m.trim()} ${shape(url)}`)))
      .map(([method, url]) => `${method} ${url}`);
    expect(missing).toEqual([]);
  });
});

describe('route access', () => {
  it('every route behind the gate declares what grants it', () => {
    const undeclared = apiRoutes()
      .filter((r) => r.access === 'user' && r.grant === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('each demo role gets exactly the answers of the access matrix', { timeout: 600_000 }, async () => {
    const lines = ['method\tpath\tgrant\tpatrol\tauditor\toperator\tadmin'];
    for (const r of apiRoutes()) {
      if (r.access !== 'user') continue;
      const cells: string[] = [];
      for (const role of ROLES) {
        const res = await t.call({
          method: r.method as any,
          url: r.url.replace(/:(\w+)/g, '0'),
          headers: {
            authorization: basic(),
            'x-gate-probe': '1',
            'blade-auth': `bearer ${SESSION_ENDING.test(r.url) ? (await t.signIn(role, role)).access_token : tokens[role]}`,
            ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
          },
          ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: '{}' }),
        });
        expect(res.statusCode, `${role} ${r.method} ${r.url}: ${res.body.slice(0, 200)}`).not.toBe(401);
        expect(res.statusCode, `${role} ${r.method} ${r.url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        cells.push(res.statusCode === 403 ? 'N' : 'Y');
      }
      lines.push(`${r.method}\t${r.url.slice(4)}\t${grantText(r.grant)}\t${cells.join('\t')}`);
    }
    const actual = `${lines.join('\n')}\n`;
    if (process.env.UPDATE_ACCESS_MATRIX) fs.writeFileSync(MATRIX, actual);
    const expected = fs.existsSync(MATRIX) ? fs.readFileSync(MATRIX, 'utf8') : '';
    expect(actual).toBe(expected);
  });
});
