/**
 * The SpringBlade clients meet only their own views (issue 13): signed in through `saber` or `sword`, every menu call
 * names paths the client has a view for (`test/saber-views.txt`, `test/sword-views.txt`), with its own icons, and no
 * two entries of one level share a path. Our web client's menu is unchanged, and the server refuses a menu entry
 * that would duplicate a sibling's path.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, basic, bootTestApp, md5, SABER, type TestApp, WEB_CLIENT } from '../../test/harness.ts';
import { menu } from '../db/schema.ts';

const SWORD = { id: 'sword', secret: 'sword_secret' };
type Client = typeof WEB_CLIENT;
type Node = { id: string; path: string; source: string | null; code: string; children?: Node[] };

const views = (file: string) =>
  new Set(
    fs
      .readFileSync(path.resolve(import.meta.dirname, '../../test', file), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#')),
  );
const SABER_VIEWS = views('saber-views.txt');
const SWORD_VIEWS = views('sword-views.txt');

let t: TestApp;
beforeAll(async () => {
  t = await bootTestApp();
});
afterAll(() => t?.close());

async function tokenOf(client: Client, account: string) {
  const res = await t.call({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: { authorization: basic(client), 'tenant-id': '000000' },
    query: {
      tenantId: '000000',
      username: account,
      password: await md5(account),
      grant_type: 'password',
      scope: 'all',
    },
  });
  expect(res.json().access_token, res.body).toBeTruthy();
  return res.json().access_token as string;
}

async function get(client: Client, token: string, url: string, query?: Record<string, string>) {
  const res = await t.call({
    method: 'GET',
    url,
    query,
    headers: authHeaders(token, client),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Every leaf is a view of the client; every directory's path is a prefix of its children's; siblings differ. */
function checkTree(nodes: Node[], known: Set<string>, iconPrefix: RegExp | null, problems: string[], depth = 0) {
  const seen = new Set<string>();
  for (const n of nodes) {
    if (seen.has(n.path)) problems.push(`duplicate path ${n.path} at level ${depth}`);
    seen.add(n.path);
    if (n.children?.length) {
      // Saber registers every entry under its absolute path (vue-router takes absolute child paths), so a view may
      // sit under another directory than its path's first segment (its own 行政区划 /base/region does)
      for (const c of n.children) if (!c.path.startsWith('/')) problems.push(`${c.path} is not an absolute path`);
      checkTree(n.children, known, iconPrefix, problems, depth + 1);
    } else if (!known.has(n.path)) problems.push(`no view for ${n.code} at ${n.path}`);
    if (iconPrefix && n.source && !iconPrefix.test(n.source)) problems.push(`icon ${n.source} of ${n.code}`);
  }
}

const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe.each([
  ['saber', SABER, SABER_VIEWS, /^iconfont /],
  ['sword', SWORD, SWORD_VIEWS, /^[a-z][a-z-]*$/],
] as const)('the %s client', (_name, client, known, icon) => {
  it.each(['admin', 'operator', 'auditor', 'patrol'])('gives %s a menu of its own views only', async (account) => {
    const token = await tokenOf(client, account);
    const routes: Node[] = await get(client, token, '/api/blade-system/menu/routes');
    const problems: string[] = [];
    checkTree(routes, known, icon, problems);
    expect(problems).toEqual([]);
    if (account === 'admin') {
      const paths = flat(routes).map((n) => n.path);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/system/user',
          '/monitor/log/usual',
          '/base/region',
          '/tool/code',
          '/tool/datasource',
        ]),
      );
      // top menus: every area it shows has something the client can open
      for (const tm of await get(client, token, '/api/blade-system/menu/top-menu')) {
        const part: Node[] = await get(client, token, '/api/blade-system/menu/routes', { topMenuId: tm.id });
        expect(flat(part).length, tm.name).toBeGreaterThan(0);
      }
      // buttons only of entries it shows
      const shown = new Set(flat(routes).map((n) => n.code));
      for (const group of await get(client, token, '/api/blade-system/menu/buttons')) {
        expect(shown.has(group.code), group.code).toBe(true);
      }
      // the role screen's grant tree offers only what the client can show
      const grant = await get(client, token, '/api/blade-system/menu/grant-tree');
      const granted = flat(grant.menu).filter((n: any) => n.category !== 2);
      for (const n of granted) expect(shown.has(n.code), n.code).toBe(true);
    }
  });
});

describe('the dialects leave the rest alone', () => {
  it('our web client and Sword auth-routes', async () => {
    const web = await tokenOf(WEB_CLIENT, 'admin');
    const ours = flat(await get(WEB_CLIENT, web, '/api/blade-system/menu/routes')).map((n) => n.path);
    expect(ours).toEqual(expect.arrayContaining(['/ops/log/usual', '/system/region', '/monitor/station']));
    const sword = await tokenOf(SWORD, 'admin');
    const auth: Record<string, unknown>[] = await get(SWORD, sword, '/api/blade-system/menu/auth-routes');
    const paths = auth.map((o) => Object.keys(o)[0]);
    expect(paths).toContain('/system/role');
    for (const p of paths) {
      expect(SWORD_VIEWS.has(p) || [...SWORD_VIEWS].some((v) => v.startsWith(`${p}/`)), p).toBe(true);
    }
  });
});

describe('menu paths are unique within a level', () => {
  it('refuses a sibling with the same path, ours or a client view', async () => {
    await t.signIn();
    const [region] = await t.app.ctx.db.select().from(menu).where(eq(menu.code, 'region'));
    const base = { parentId: region.parentId, name: '重复', category: 1, sort: 99 };
    let res = await t.post('/api/blade-system/menu/submit', { ...base, code: 'dup_a', path: region.path });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(`同一级菜单「行政区划」已使用路径 ${region.path}`);
    res = await t.post('/api/blade-system/menu/submit', {
      ...base,
      code: 'dup_b',
      path: '/x/y',
      saberPath: '/base/region',
    });
    expect(res.json().msg).toBe('同一级菜单「行政区划」已使用路径 /base/region');
    res = await t.post('/api/blade-system/menu/submit', { ...base, code: 'dup_c', path: '/x/y', saberPath: 'base' });
    expect(res.statusCode).toBe(400);
    // the entry itself may keep its path; another level may reuse it
    res = await t.post('/api/blade-system/menu/submit', { ...region, remark: '同路径保存' });
    expect(res.json().code, res.body).toBe(200);
    res = await t.post('/api/blade-system/menu/submit', { ...base, parentId: '0', code: 'dup_ok', path: region.path });
    expect(res.json().code, res.body).toBe(200);
  });
});
