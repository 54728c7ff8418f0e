/**
 * Streams and exports (issue 17): an export checks its parameters before the first byte (400 in the envelope, not
 * 200 and a cut file); a user holds at most MAX_STREAMS_PER_USER open position streams and live sockets; the public
 * shutValue page and its calls send `Referrer-Policy: no-referrer` (its share token is in the URL).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { authHeaders, bootTestApp, type TestApp } from '../../test/harness.ts';
import { MAX_STREAMS_PER_USER, MSG_TOO_MANY_STREAMS } from './stream-limit.ts';

let t: TestApp;
let base: string;
let web: string;
beforeAll(async () => {
  // a built web app, so the server serves its pages
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'swp-web-'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>SWP</title>');
  t = await bootTestApp({ webDist: web });
  await t.signIn();
  await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('exports check their parameters before the first byte', () => {
  it('refuses a bad sort or filter of the alarm export with a 400 in the envelope', async () => {
    for (const query of [{ ascs: 'nope' }, { descs: 'nope;drop' }, { alarmLevel: 'x' }]) {
      const res = await t.get('/api/swp-alarm/alarm-info/export', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.json()).toMatchObject({ code: 400, success: false });
      expect(res.json().msg.length).toBeGreaterThan(0);
    }
    const good = await t.get('/api/swp-alarm/alarm-info/export', { descs: 'alarm_time' });
    expect(good.statusCode).toBe(200);
    expect(good.headers['content-type']).toMatch(/spreadsheetml/);
    expect(good.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

/** Opens `position/stream`; resolves when it is open (status 200 and the first comment) or refused. */
function openStream(): Promise<{ status: number; body: string; req: http.ClientRequest }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `http://${base}/api/swp-pipeops-location/position/stream`,
      { headers: authHeaders(t.token) },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
          if (res.statusCode === 200 && body.includes(': connected')) resolve({ status: 200, body, req });
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, req }));
      },
    );
    req.on('error', reject);
  });
}

describe('open live streams per user', () => {
  it(`holds ${MAX_STREAMS_PER_USER} position streams of one user and refuses the next with 429`, async () => {
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) open.push(await openStream());
    expect(open.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));
    const refused = await openStream();
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 429, success: false, msg: MSG_TOO_MANY_STREAMS });
    // closing one frees its place
    const closed = open.pop();
    closed?.req.destroy();
    let again: Awaited<ReturnType<typeof openStream>> | undefined;
    for (let i = 0; i < 100 && again?.status !== 200; i++) {
      again = await openStream();
      if (again.status !== 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(again?.status).toBe(200);
    for (const s of [...open, again]) s?.req.destroy();
  });

  it(`holds ${MAX_STREAMS_PER_USER} live sockets of one user and refuses the next upgrade with 429`, async () => {
    const connect = () =>
      new Promise<{ ws: WebSocket; status: number }>((resolve, reject) => {
        const ws = new WebSocket(`ws://${base}/api/ws?token=${t.token}`);
        ws.on('open', () => resolve({ ws, status: 101 }));
        ws.on('unexpected-response', (_req, res) => resolve({ ws, status: res.statusCode ?? 0 }));
        ws.on('error', reject);
      });
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) open.push(await connect());
    expect(open.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(101));
    expect((await connect()).status).toBe(429);
    for (const s of open) s.ws.close();
  });
});

describe('the public valve page leaks no share token', () => {
  it('serves the page and its calls with Referrer-Policy: no-referrer', async () => {
    const page = await t.call({ method: 'GET', url: '/list-operate/shutValue?token=abc' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const view = await t.call({ method: 'GET', url: '/api/swp-dispatch/shut-value/view', query: { token: 'abc' } });
    expect(view.json().success).toBe(false);
    expect(view.headers['referrer-policy']).toBe('no-referrer');
    const close = await t.call({
      method: 'POST',
      url: '/api/swp-dispatch/shut-value/close',
      payload: { token: 'abc', valveGid: 1 },
    });
    expect(close.headers['referrer-policy']).toBe('no-referrer');
    // other pages keep the browser's default
    expect((await t.call({ method: 'GET', url: '/login' })).headers['referrer-policy']).toBeUndefined();
  });
});
