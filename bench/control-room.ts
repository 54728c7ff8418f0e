/**
 * `npm run bench -- control-room` (issue 21, docs/screen.md): the control room's live path and its big screen.
 * - reading → screen: wall displays hold the dispatch screen's share-link event stream open; a device reading is
 *   posted over HTTP and each display takes the new value from the event (what the page does, re-reading the whole
 *   screen at most every 15 s); the time from the post to each display holding the new value in its diagram,
 *   p50/p99, with 1 display and with 50 in the same run (goal p99 ≤ 1 s with 50), and for comparison 50 displays
 *   re-reading the whole screen on every event (the page before)
 * - the big screen opened by its link in headless Chromium at 1920×1080: first contentful paint, time to the drawn
 *   diagram, and the JS it loads (gzip)
 * - memory: the page's JS heap (after a forced GC) while live updates keep arriving, sampled along the run; a leak
 *   shows as a heap that keeps growing with the number of updates
 * Needs a built web app (`apps/web/dist`, or SWP_WEB_DIST).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { passwordGrant, pctOf, spawnServer, sseBlocks, stop, waitHealthy } from './harness.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = process.env.SWP_WEB_DIST ?? path.join(root, 'apps/web/dist');
const BASIC = `Basic ${Buffer.from('swp_web:swp_web_secret').toString('base64')}`;
const SCREENS = 50;
const READINGS = 20;
// 8 h of live updates at the simulator's one tick a minute
const UPDATES = Number(process.env.BENCH_SCREEN_UPDATES ?? 480);

export async function benchControlRoom(): Promise<{ name: string; lines: string[] }> {
  const lines: string[] = [];
  const port = 18251;
  const dataDir = path.join(root, '.tmp/bench-control-data');
  // BENCH_CONTROL_URL: measure a server already running (its web app must be `dist`), instead of starting one
  const reuse = process.env.BENCH_CONTROL_URL;
  if (!reuse) fs.rmSync(dataDir, { recursive: true, force: true });
  const server = reuse
    ? null
    : spawnServer(port, dataDir, {
        SWP_MQTT_PORT: 'off',
        SWP_WEB_DIST: dist,
        // the live path does not depend on the history's length: 30 days keep the first start short
        SWP_MONITOR_BACKFILL_DAYS: process.env.SWP_MONITOR_BACKFILL_DAYS ?? '30',
      });
  const base = reuse ?? `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--js-flags=--expose-gc'],
  });
  const streams: AbortController[] = [];
  try {
    if (server) await waitHealthy(`${base}/api/health`, 900_000, server);
    const tok = await passwordGrant(`${base}/api/blade-auth/oauth/token`, 'admin', 'admin');
    const headers = {
      Authorization: BASIC,
      'Blade-Auth': `bearer ${tok.access_token}`,
      'Tenant-Id': '000000',
      'Content-Type': 'application/json',
    };
    const api = async (method: string, url: string, body?: unknown) => {
      const r = await fetch(`${base}${url}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
      const j = await r.json();
      if (j.code !== 200) throw new Error(`${url}: ${j.msg}`);
      return j.data;
    };
    // YL003 is fed by its device from now on (not the simulator), so every value posted is one we know
    const st = (await api('GET', '/api/swp-computing/monitor/station/page?stcd=YL003')).records[0];
    await api('POST', '/api/swp-computing/monitor/station/simulation', { id: st.id, simulated: false });
    const secret = (await api('POST', '/api/swp-iot/device/credential', { deviceCode: 'FM-YL003' })).secret;
    const device = `Basic ${Buffer.from(`FM-YL003@000000:${secret}`).toString('base64')}`;
    // the dispatch screen as it comes (diagram, supply, orders), whatever an earlier run arranged
    await api('POST', '/api/swp-screen/layout/dispatch/reset', {});
    const link = await api('POST', '/api/swp-screen/token/submit', {
      screenCode: 'dispatch',
      name: 'bench',
      hours: 24,
    });
    const view = `${base}/api/swp-screen/view/dispatch?token=${encodeURIComponent(link.token)}`;
    const live = `${base}/api/swp-screen/live/dispatch?token=${encodeURIComponent(link.token)}`;
    const valueIn = (d: any) =>
      d.widgets
        .find((w: any) => w.widget === 'diagram')
        ?.data.nodes.find((n: any) => n.stcd === 'YL003')
        ?.values.find((v: any) => v.field === 'pressure')?.value;

    // Displays listen on the link's stream and do what the page does (ScreenPage.tsx):
    // - 'delta': take the new values from the event itself, and re-read the whole screen at most every REREAD_MS
    //   (in the background, as the page does, so the server carries that load too);
    // - 'reread': re-read the screen on every event (the page before the values rode on the event; the server
    //   shares one computation among the displays reading at once, shared-data.ts).
    // The sample is the time from the post to the display holding the new value in its diagram.
    const REREAD_MS = 15_000;
    const measure = async (screens: number, mode: 'delta' | 'reread') => {
      let want = 0;
      let sentAt = 0;
      const samples: number[] = [];
      const pending = new Set<number>();
      const acs: AbortController[] = [];
      const display = async (i: number) => {
        const ac = new AbortController();
        acs.push(ac);
        streams.push(ac);
        const res = await fetch(live, { signal: ac.signal });
        let lastRead = 0;
        let reading = false;
        for await (const block of sseBlocks(res.body as ReadableStream<Uint8Array>)) {
          if (!block.startsWith('event: points')) continue;
          if (mode === 'delta') {
            const data = JSON.parse(block.slice(block.indexOf('data: ') + 6));
            const got = (data.values ?? []).find((r: any[]) => r[0] === 'YL003' && r[1] === 'pressure');
            if (pending.has(i) && got && got[2] === want) {
              pending.delete(i);
              samples.push(Date.now() - sentAt);
            }
            if (!reading && Date.now() - lastRead >= REREAD_MS) {
              reading = true;
              lastRead = Date.now();
              void fetch(view)
                .then((r) => r.json())
                .catch(() => null)
                .finally(() => {
                  reading = false;
                });
            }
          } else {
            if (!pending.has(i)) continue;
            const d = (await (await fetch(view)).json()).data;
            if (pending.has(i) && valueIn(d) === want) {
              pending.delete(i);
              samples.push(Date.now() - sentAt);
            }
          }
        }
      };
      for (let i = 0; i < screens; i++) void display(i);
      await new Promise((r) => setTimeout(r, 2000));
      for (let k = 0; k < READINGS; k++) {
        want = Number((0.3 + (k + readingNo++) / 1000).toFixed(3));
        for (let i = 0; i < screens; i++) pending.add(i);
        sentAt = Date.now();
        await fetch(`${base}/api/swp-iot/telemetry`, {
          method: 'POST',
          headers: { authorization: device, 'content-type': 'application/json' },
          body: JSON.stringify({ ts: Date.now(), values: { pressure: want } }),
        });
        const t0 = Date.now();
        while (pending.size && Date.now() - t0 < 20_000) await new Promise((r) => setTimeout(r, 20));
        pending.clear();
        // the live bus sends at most one event per tenant a second
        await new Promise((r) => setTimeout(r, 1100));
      }
      for (const a of acs) a.abort();
      samples.sort((a, b) => a - b);
      return { samples, p50: pctOf(samples, 50), p99: pctOf(samples, 99), of: screens * READINGS };
    };
    let readingNo = 0;
    const one = await measure(1, 'delta');
    const many = await measure(SCREENS, 'delta');
    const reread = await measure(SCREENS, 'reread');
    const fmt = (m: Awaited<ReturnType<typeof measure>>) =>
      `${m.samples.length}/${m.of} arrived, p50 ${m.p50} ms, p99 ${m.p99} ms`;
    const met = many.p99 <= 1000 && many.samples.length === many.of;
    lines.push(
      `- reading → diagram, values in the live event (the page): 1 share-link screen ${fmt(one)}; ${SCREENS} screens ${fmt(many)} (p99 ×${(many.p99 / Math.max(1, one.p99)).toFixed(1)} of one screen; goal ≤ 1000 ms: ${met ? 'met' : 'MISSED'})`,
      `- for comparison, ${SCREENS} screens each re-reading the whole screen on every event (one shared computation per reading): ${fmt(reread)} (p99 ×${(reread.p99 / Math.max(1, one.p99)).toFixed(1)} of one screen with values in the event)`,
    );

    // the big screen in Chromium, signed out, at 1920×1080
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    const js: string[] = [];
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/assets/') && u.pathname.endsWith('.js')) js.push(u.pathname);
    });
    const t0 = Date.now();
    await page.goto(`${base}${link.path}`);
    await page.getByTestId('widget-diagram').waitFor({ timeout: 120_000 });
    await page.locator('[data-testid="value-YL003-pressure"]').waitFor({ timeout: 120_000 });
    const drawn = Date.now() - t0;
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
    const gz = [...new Set(js)].reduce((n, a) => {
      const f = path.join(dist, a);
      return n + (fs.existsSync(f) ? zlib.gzipSync(fs.readFileSync(f), { level: 9 }).length : 0);
    }, 0);
    lines.push(
      `- big screen by link at 1920×1080: first contentful paint ${fcp === null ? '—' : Math.round(fcp)} ms, diagram drawn ${drawn} ms; JS loaded ${(gz / 1024).toFixed(1)} KB gzip (${new Set(js).size} files)`,
    );

    // memory along a long run of live updates
    const cdp = await context.newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const m = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
      return m.usedSize;
    };
    const points: { n: number; mb: number }[] = [{ n: 0, mb: (await heap()) / 1048576 }];
    for (let k = 1; k <= UPDATES; k++) {
      const v = Number((0.35 + (k % 100) / 1000).toFixed(3));
      await fetch(`${base}/api/swp-iot/telemetry`, {
        method: 'POST',
        headers: { authorization: device, 'content-type': 'application/json' },
        body: JSON.stringify({ ts: Date.now(), values: { pressure: v } }),
      });
      await new Promise((r) => setTimeout(r, 1100));
      if (k % Math.max(1, Math.floor(UPDATES / 6)) === 0) points.push({ n: k, mb: (await heap()) / 1048576 });
    }
    const first = points[1]?.mb ?? points[0].mb;
    const last = points[points.length - 1].mb;
    lines.push(
      `- JS heap after GC over ${UPDATES} live updates (= ${(UPDATES / 60).toFixed(1)} h at one refresh a minute): ${points.map((p) => `${p.n}: ${p.mb.toFixed(1)} MB`).join(', ')}; growth after warm-up ${(last - first).toFixed(1)} MB (${last - first <= 2 ? 'flat' : 'GROWS'})`,
    );
    await context.close();
  } finally {
    for (const a of streams) a.abort();
    await browser.close();
    if (server) await stop(server);
  }
  return { name: 'Control room (供水调度 / 大屏)', lines };
}
