/**
 * Generated robustness test: every registered route gets malformed input (junk query values, junk JSON, wrong
 * types, non-JSON bodies) as a signed-in administrator and must answer a 2xx/4xx in the envelope — never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await bootTestApp();
  await t.signIn();
});
afterAll(() => t?.close());

const JUNK_QUERY = {
  id: "1' or '1'='1",
  ids: 'x,,y',
  current: '-1',
  size: 'abc',
  descs: 'nope;drop',
  parentId: '{}',
  code: '%00',
  stcd: '',
  startTime: 'yesterday',
  endTime: '9999-99-99',
};
const JUNK_BODIES: { payload: string; type: string }[] = [
  { payload: '{"broken": ', type: 'application/json' },
  { payload: '[1,2,3]', type: 'application/json' },
  { payload: '{"id":{"$gt":1},"name":[1],"sort":"x","status":"abc","current":-5}', type: 'application/json' },
  { payload: 'a=1&b=%ZZ', type: 'application/x-www-form-urlencoded' },
  { payload: '<xml/>', type: 'text/xml' },
];

function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_, name) => (/id$/i.test(name) ? '999999999' : 'zz-not-there'));
}

describe('malformed input on every route', () => {
  it('never answers 5xx', { timeout: 300_000 }, async () => {
    const seen = new Set<string>();
    const failures: string[] = [];
    const routes = t.app.routes.filter((r) => r.url.startsWith('/api/') && !/\/ws$/.test(r.url));
    expect(routes.length).toBeGreaterThan(0);
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // signing out or revoking would end the session this test runs on
      if (/logout|force|OnlineUser/i.test(r.url)) continue;
      const url = concrete(r.url);
      const attempts =
        r.method === 'GET' || r.method === 'DELETE'
          ? [{ query: JUNK_QUERY }]
          : JUNK_BODIES.map((b) => ({ query: JUNK_QUERY, payload: b.payload, type: b.type }));
      for (const a of attempts) {
        const res = await t.call({
          method: r.method as any,
          url,
          query: a.query,
          headers: {
            authorization: `Basic ${Buffer.from('swp_web:swp_web_secret').toString('base64')}`,
            'blade-auth': `bearer ${t.token}`,
            ...('type' in a ? { 'content-type': a.type } : {}),
          },
          ...('payload' in a ? { payload: a.payload } : {}),
        });
        if (res.statusCode >= 500) failures.push(`${key} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (res.headers['content-type']?.toString().includes('json')) {
          const body = res.json();
          if (res.statusCode >= 400 && typeof body.msg !== 'string' && typeof body.error_description !== 'string') {
            failures.push(`${key} → ${res.statusCode} without a message: ${res.body.slice(0, 200)}`);
          }
          if (/at .*\.ts:\d+/.test(res.body)) failures.push(`${key} leaks a stack trace`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
