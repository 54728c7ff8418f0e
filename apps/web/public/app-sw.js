/*
 * The field app's service worker (scope /app/), written by hand to stay small:
 * - install: the app shell (/app/) and the chunks it names are cached, so the app opens without a connection;
 * - hashed build files (/assets/…): cache first (their names change with their content);
 * - the shell: network first, the cached copy offline;
 * - API reads (GET /api/…): network first, each good reply kept, the kept copy offline (tasks, a task, its map);
 *   without a copy an offline read gets a 503 envelope with `offline: true`;
 * - writes never pass through a cache: the app's IndexedDB outbox holds them until they are sent.
 */
const VERSION = 'swp-app-v1';
const SHELL = `${VERSION}-shell`;
const API = `${VERSION}-api`;

async function precache() {
  const cache = await caches.open(SHELL);
  const res = await fetch('/app/', { cache: 'no-store' });
  if (!res.ok) return;
  const html = await res.clone().text();
  await cache.put('/app/', res);
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await Promise.all(
    assets.map((a) =>
      fetch(a).then(
        (r) => (r.ok ? cache.put(a, r) : undefined),
        () => undefined,
      ),
    ),
  );
}

self.addEventListener('install', (e) => {
  e.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => !k.startsWith(VERSION)).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function networkFirst(req, cacheName, key) {
  const cache = await caches.open(cacheName);
  try {
    const res = await fetch(req);
    if (res.status === 200) await cache.put(key ?? req, res.clone());
    return res;
  } catch (err) {
    const hit = await cache.match(key ?? req);
    if (hit) return hit;
    throw err;
  }
}

async function cacheFirst(req) {
  const cache = await caches.open(SHELL);
  const hit = await cache.match(req);
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) await cache.put(req, res.clone());
  return res;
}

const offlineReply = () =>
  new Response(JSON.stringify({ code: 503, success: false, data: null, msg: 'offline', offline: true }), {
    status: 503,
    headers: { 'content-type': 'application/json' },
  });

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === 'navigate' && url.pathname.startsWith('/app/')) {
    e.respondWith(networkFirst(req, SHELL, '/app/'));
  } else if (url.pathname.startsWith('/assets/')) {
    e.respondWith(cacheFirst(req));
  } else if (url.pathname.startsWith('/api/') && !url.pathname.includes('/oauth/')) {
    e.respondWith(networkFirst(req, API).catch(offlineReply));
  }
});

// the app asks to forget the last user's replies when someone signs out
self.addEventListener('message', (e) => {
  if (e.data === 'sign-out') e.waitUntil(caches.delete(API));
});
