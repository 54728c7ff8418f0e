/**
 * Today's work kept for offline use. While online, after *Today* loads, each of its tasks is fetched ahead (a
 * patrol task's detail with its objects, the stored network of its area and the basemap under it, a repair step's detail with the
 * burst's valves) and put into the service worker's API cache under the very address the app reads it from, so a
 * task never opened online still opens, is started, checked in and finished without a connection (the worker
 * serves the kept copy; the outbox carries the writes).
 */
import { call } from './api';
import { basemapRequest } from './TaskMap';
import type { TaskDetail, Work } from './types';

/** The service worker's cache of API replies (public/app-sw.js: `${VERSION}-api`). */
export const API_CACHE = 'swp-app-v1-api';

async function keep<T>(cache: Cache, url: string, query: Record<string, string>): Promise<T> {
  const data = await call<T>('GET', url, undefined, query);
  // the same envelope the server sent, under the address `call` builds, so the worker's lookup finds it
  await cache.put(
    `${location.origin}${url}?${new URLSearchParams(query)}`,
    new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), {
      headers: { 'content-type': 'application/json' },
    }),
  );
  return data;
}

let running: Promise<number> | undefined;
let lastKey = '';
let lastKept = 0;

/**
 * Fetches Today's tasks ahead into the offline cache, one request at a time (a phone on a weak network); resolves
 * with how many tasks are kept. A task whose fetch fails is skipped (the next load tries again).
 */
export function keepForOffline(work: Work): Promise<number> {
  if (typeof caches === 'undefined' || !navigator.onLine) return Promise.resolve(0);
  // Today reloads often (each sent item, each push): fetch again only when its tasks or their progress changed
  const key = JSON.stringify([
    work.patrol.map((p) => `${p.id}:${p.taskStatus}:${p.checkedCount}`),
    work.repairs.map((r) => r.taskId),
    work.sampling.length,
  ]);
  if (key === lastKey) return running ?? Promise.resolve(lastKept);
  lastKey = key;
  const previous = running ?? Promise.resolve(0);
  running = previous.then(async () => {
    const cache = await caches.open(API_CACHE);
    let kept = 0;
    for (const task of work.patrol) {
      try {
        const d = await keep<TaskDetail>(cache, '/api/swp-app/task/detail', { id: task.id });
        await keep(cache, '/api/swp-app/task/network', { id: task.id });
        const bm = basemapRequest(d.objects);
        if (bm) await keep(cache, bm.path, bm.query);
        kept++;
      } catch {
        /* offline again or refused: this task is not kept this time */
      }
    }
    for (const r of work.repairs) {
      try {
        await keep(cache, '/api/swp-app/repair/detail', { taskId: r.taskId });
        kept++;
      } catch {
        /* as above */
      }
    }
    // a sampling task needs nothing beyond Today's own row, which the worker keeps with Today
    lastKept = kept + work.sampling.length;
    if (kept < work.patrol.length + work.repairs.length) lastKey = '';
    return lastKept;
  });
  return running;
}
