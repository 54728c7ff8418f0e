/**
 * The API describes itself: every registered route appears in the OpenAPI 3.1 document at /api/docs/json with its
 * method, parameters and grant (`x-grant`), and /api/docs is a readable page; both are public.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../../test/harness.ts';
import { DOCS_PATH, grantOf } from './docs.ts';

let t: TestApp;
let doc: any;
beforeAll(async () => {
  t = await bootTestApp();
  const res = await t.call({ method: 'GET', url: `${DOCS_PATH}/json` });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t?.close());

const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1, public, and lists every registered /api route with its grant', () => {
    expect(doc.openapi).toBe('3.1.0');
    const missing: string[] = [];
    const wrongGrant: string[] = [];
    for (const r of t.app.routes) {
      if (!r.url.startsWith('/api/') || r.url.startsWith(DOCS_PATH)) continue;
      // the live channel is a WebSocket upgrade, not an HTTP operation: the document's introduction describes it
      if (r.url === '/api/ws') {
        expect(doc.info.description).toContain('/api/ws');
        continue;
      }
      const op = doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase()];
      if (!op) {
        missing.push(`${r.method} ${r.url}`);
        continue;
      }
      const want = grantOf({ access: r.access, grant: r.grant });
      if (JSON.stringify(op['x-grant']) !== JSON.stringify(want)) wrongGrant.push(`${r.method} ${r.url}`);
      if (!op.description?.includes('权限')) wrongGrant.push(`${r.method} ${r.url} (description)`);
    }
    expect(missing).toEqual([]);
    expect(wrongGrant).toEqual([]);
    // the bare duplicates (as a gateway forwards them) are not listed twice
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
  });

  it('describes parameters from the zod schemas the routes validate with, and path parameters', () => {
    const routes = doc.paths['/api/blade-system/menu/routes'].get;
    expect(routes.parameters.some((p: any) => p.in === 'query' && p.name === 'topMenuId')).toBe(true);
    expect(routes['x-grant']).toBe('signed-in');
    const upload = doc.paths['/api/blade-log/error/upload'].post;
    expect(upload.requestBody.content['application/json'].schema).toBeTruthy();
    const withPathParam = Object.entries<any>(doc.paths).find(([p]) => /\{\w+\}/.test(p));
    expect(withPathParam).toBeTruthy();
    const op: any = Object.values(withPathParam![1])[0];
    expect(op.parameters.some((p: any) => p.in === 'path')).toBe(true);
    // the resource engine's routes list their paging and filter keys
    const param = doc.paths['/api/blade-system/param/list'].get;
    const names = param.parameters.map((p: any) => p.name);
    expect(names).toEqual(expect.arrayContaining(['current', 'size', 'paramKey']));
    expect(doc.paths['/api/blade-auth/oauth/token'].post['x-grant']).toBe('public');
  });

  it('serves a readable reference page without a client or token', async () => {
    const res = await t.call({ method: 'GET', url: DOCS_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('/api/blade-system/param/list');
    expect(res.body).toContain('x-grant');
  });
});
