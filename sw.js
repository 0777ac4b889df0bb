// Our own small service worker: the game works offline after one visit.
//
// While online it stays out of the way: requests go to the network and the
// browser's HTTP cache as usual (Chromium keeps compiled WebAssembly for HTTP
// cache entries, which makes Pyodide start about a second sooner than from a
// service worker's cache). Once the engine is ready the page asks it to copy
// every file of the app (static/precache.json, written by tools/build.py) into
// its cache; the copies come from the HTTP cache, so they cost almost nothing.
// Offline, it answers from that cache. A new version (a new VERSION) drops the
// old cache when it activates, on the next load.
const VERSION = "canasta-v2";

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

async function precache() {
  const response = await fetch("./static/precache.json", { cache: "no-cache" });
  const files = await response.json();
  const cache = await caches.open(VERSION);
  await cache.addAll(files);
}

self.addEventListener("message", (event) => {
  if (event.data === "precache") {
    event.waitUntil(precache().then(() => event.source && event.source.postMessage("cached")));
  }
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  if (self.navigator.onLine) return;
  event.respondWith((async () => {
    const hit = await caches.match(event.request, { ignoreSearch: true });
    return hit || fetch(event.request);
  })());
});
