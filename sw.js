// Our own small service worker: the game works offline after one visit.
// Vendored runtime files (Pyodide, PyScript, MicroPython) never change under the
// same URL within a version, so they are served from the cache first; the app's
// own files go to the network first (so a new version shows on the next load)
// and fall back to the cache when offline.
const VERSION = "canasta-v1";
const RUNTIME = /\/static\/(pyodide|pyscript|micropython)\//;

self.addEventListener("install", (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key !== VERSION) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

async function fromCacheFirst(request) {
  const cache = await caches.open(VERSION);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

async function fromNetworkFirst(request) {
  const cache = await caches.open(VERSION);
  try {
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone());
    return response;
  } catch (err) {
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(RUNTIME.test(url.pathname) ? fromCacheFirst(event.request)
                                               : fromNetworkFirst(event.request));
});
