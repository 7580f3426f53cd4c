/*
 * Colophon playground service worker: precaches the page, the engine worker bundle and the fonts
 * listed in precache-manifest.json (written by the build), so the playground works offline once
 * loaded. The East Asian fallback face (4 MB) is listed as lazy: cached in the background after
 * activation, or on first use. Same-origin GETs are answered cache-first; the API (/v1/) never is.
 */
const BUILD = '__COLOPHON_BUILD__';
const CACHE = `colophon-${BUILD}`;
const MANIFEST = './precache-manifest.json';

async function readManifest() {
  const res = await fetch(MANIFEST, { cache: 'no-store' });
  if (!res.ok) throw new Error(`precache manifest: HTTP ${res.status}`);
  return res.json();
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const manifest = await readManifest();
    const cache = await caches.open(CACHE);
    await cache.addAll(manifest.required.map((f) => new Request(f, { cache: 'reload' })));
    await cache.put(MANIFEST, new Response(JSON.stringify(manifest), { headers: { 'Content-Type': 'application/json' } }));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key.startsWith('colophon-') && key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
  // Warm the lazy files without holding activation up; failures are retried on first use.
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const res = await cache.match(MANIFEST);
    const manifest = res ? await res.json() : { lazy: [] };
    for (const f of manifest.lazy) if (!(await cache.match(f))) await cache.add(f).catch(() => undefined);
  })().catch(() => undefined));
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname) || url.pathname.startsWith('/v1/')) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(req, { ignoreSearch: true });
    if (hit) return hit;
    try {
      const res = await fetch(req);
      if (res.ok && url.pathname.includes('/fonts/')) await cache.put(req, res.clone());
      return res;
    } catch (e) {
      if (req.mode === 'navigate') {
        const shell = await cache.match('./');
        if (shell) return shell;
      }
      throw e;
    }
  })());
});
