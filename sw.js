// Our own small service worker: the game works offline after one visit.
//
// While the network answers it stays out of the way of the big compiled files
// (.wasm, .js, .mjs): they go to the network and the browser's HTTP cache as
// usual (Chromium keeps compiled WebAssembly and script code for HTTP cache
// entries, which makes Pyodide start about a second sooner than from a service
// worker's cache; tools/perf.py measures it). Once the engine is ready the page
// asks it to copy every file of the app (static/precache.json, written by
// tools/build.py) into its cache; the copies come from the HTTP cache, so they
// cost almost nothing.
//
// The page itself and the other files go to the network first and fall back to
// that cache when the network fails, including while the browser believes it is
// online (server down, captive Wi-Fi). When the page had to come from the cache,
// or the browser knows it is offline, the rest of that load is answered from the
// cache too, compiled files included. A new version (a new VERSION) drops the
// old cache when it activates, on the next load.
const VERSION = "canasta-v3";

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

// False once a network fetch has failed and until one succeeds again: the rest
// of a load that had to start from the cache does not wait for a dead network.
let networkUp = true;
const COMPILED = /\.(wasm|m?js)$/;

async function fromCache(request) {
  return caches.match(request, { ignoreSearch: true });
}

async function networkThenCache(request) {
  try {
    const response = await fetch(request);
    if (response.status < 500) {
      networkUp = true;
      return response;
    }
    return (await fromCache(request)) || response;
  } catch (err) {
    networkUp = false;
    const hit = await fromCache(request);
    if (hit) return hit;
    throw err;
  }
}

async function cacheThenNetwork(request) {
  return (await fromCache(request)) || networkThenCache(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (!self.navigator.onLine || (!networkUp && request.mode !== "navigate")) {
    event.respondWith(cacheThenNetwork(request));
  } else if (request.mode === "navigate" || !COMPILED.test(url.pathname)) {
    event.respondWith(networkThenCache(request));
  }
  // Otherwise (online, a compiled file): the browser fetches it itself.
});
