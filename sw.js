// Our own small service worker: the game works offline after one visit, and a page
// always runs one release's files together (issue 16).
//
// Releases. The build lists every file of the app with its SHA-256 in
// static/precache.json ({"release": id, "files": {"./path": sha256}}); the release id
// is a hash of that list. Once the engine is ready the page asks this worker to copy
// the network's current release into a cache of its own, `canasta-v4:<release>`. Each
// copy is checked against its hash as it is stored, and the cache counts only once its
// last file is in (the entry DONE, written last, holds the list): a release half
// copied, or one whose files changed on the server meanwhile, is never used. Old
// releases are dropped once no open page uses them.
//
// Pinning. Each page load is pinned to one release when it is navigated to:
// - the page from the network: its release is the one the network's precache.json
//   names, if the page's hash matches it (else the release is unknown). Its files go
//   to the network; a file whose hash is not that release's, or that fails to come,
//   is answered from that release's cache when it is complete, and otherwise fails:
//   the page is then told to reload, and the next load comes whole from the newest
//   complete cache. Never a file of another release.
// - the network fails, or its release could not be copied: the whole page and every
//   file it loads come from the newest complete cache.
// The engine worker of a page (a dedicated worker, a client of its own that does not
// say whose it is) gets the pin of the page that announced it last: at its navigation,
// or with the message "worker" before it starts a new one (static/boot.js).
//
// While a page from the network loads, the vendored runtime's compiled files
// (static/pyodide, static/micropython, static/pyscript: .wasm, .js, .mjs) go to the
// network and the browser's HTTP cache as usual: Chromium keeps compiled WebAssembly
// and script code for HTTP cache entries, which makes Pyodide start about a second
// sooner than from a service worker's cache (tools/perf.py measures it). They change
// only with a runtime update.
const VERSION = "canasta-v4";
const PREFIX = VERSION + ":";
const META = PREFIX + "meta";
const DONE = "./.release-complete";
const PINS = "./.pins";
const MANIFEST = "./static/precache.json";
const RUNTIME = /\/static\/(pyodide|micropython|pyscript)\/[^/]+\.(wasm|m?js)$/;

// {releases: Map(id -> {files, time}), pins: {clientId: pin}, worker: pin | null,
//  broken: Set(id), manifests: Map(id -> files)}; a pin is {release, network}.
let loading = null;
let state = null;

function load() {
  if (!loading) {
    loading = (async () => {
      const releases = new Map();
      for (const name of await caches.keys()) {
        if (!name.startsWith(PREFIX) || name === META) continue;
        const done = await (await caches.open(name)).match(DONE);
        if (done) {
          const data = await done.json();
          releases.set(name.slice(PREFIX.length), data);
        }
      }
      let pins = {};
      let worker = null;
      const saved = await (await caches.open(META)).match(PINS);
      if (saved) ({ pins, worker } = await saved.json());
      state = { releases, pins, worker, broken: new Set(), manifests: new Map() };
      return state;
    })();
  }
  return loading;
}

async function savePins() {
  const body = JSON.stringify({ pins: state.pins, worker: state.worker });
  await (await caches.open(META)).put(PINS, new Response(body));
}

function newest() {
  let best = null;
  for (const [id, data] of state.releases) {
    if (!best || data.time > state.releases.get(best).time) best = id;
  }
  return best;
}

function filesOf(release) {
  if (!release) return null;
  const done = state.releases.get(release);
  return done ? done.files : state.manifests.get(release) || null;
}

// "./static/x.mpy" for a URL of this app ("./" for the page itself).
function keyOf(url) {
  const scope = new URL(self.registration.scope).pathname;
  const path = new URL(url).pathname;
  return path.startsWith(scope) ? "./" + path.slice(scope.length) : null;
}

async function digest(response) {
  const hash = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function networkManifest() {
  try {
    const response = await fetch(MANIFEST, { cache: "no-cache" });
    const data = await response.json();
    if (typeof data.release === "string" && data.files && typeof data.files === "object") {
      state.manifests.set(data.release, data.files);
      return data;
    }
  } catch (err) {
    // no list from the network: its release is unknown
  }
  return null;
}

async function fromRelease(release, request) {
  if (!state.releases.has(release)) return null;
  const cache = await caches.open(PREFIX + release);
  return (await cache.match(request, { ignoreSearch: true })) || null;
}

// ----- copying a release ---------------------------------------------------------------
let copying = null;

async function copyRelease() {
  const manifest = await networkManifest();
  if (!manifest) throw new Error("no release list from the network");
  const release = manifest.release;
  if (state.releases.has(release)) return release;
  const cache = await caches.open(PREFIX + release);
  for (const [key, hash] of Object.entries(manifest.files)) {
    if (await cache.match(key)) continue;  // stored by an earlier, interrupted copy
    let response = await fetch(key);  // usually from the HTTP cache: cheap
    if (!response.ok || (await digest(response)) !== hash) {
      response = await fetch(key, { cache: "reload" });
      if (!response.ok || (await digest(response)) !== hash) {
        throw new Error(`${key} is not the file of release ${release}`);
      }
    }
    await cache.put(key, response);
  }
  const done = { files: manifest.files, time: Date.now() };
  await cache.put(DONE, new Response(JSON.stringify(done)));
  state.releases.set(release, done);
  state.broken.delete(release);
  await dropUnused();
  return release;
}

// Forget the pins of pages and workers that are gone (a pin younger than a minute
// stays: its page may not be listed yet while it loads).
async function prunePins() {
  const live = new Set((await self.clients.matchAll({ type: "all", includeUncontrolled: true }))
    .map((client) => client.id));
  for (const [id, pin] of Object.entries(state.pins)) {
    if (!live.has(id) && !(Date.now() - (pin.time || 0) < 60_000)) delete state.pins[id];
  }
}

// Drop the releases no open page is pinned to, but the newest, and copies never
// finished (not while one is being made).
async function dropUnused() {
  await prunePins();
  await savePins();
  const keep = new Set([newest(), ...Object.values(state.pins).map((pin) => pin.release)]);
  if (state.worker) keep.add(state.worker.release);
  for (const name of await caches.keys()) {
    if (name === META || !name.startsWith(PREFIX)) continue;
    const id = name.slice(PREFIX.length);
    if (keep.has(id) || (copying && !state.releases.has(id))) continue;
    state.releases.delete(id);
    await caches.delete(name);
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (!name.startsWith(PREFIX)) await caches.delete(name);  // an older VERSION's
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "precache") {
    event.waitUntil((async () => {
      await load();
      copying = copying || copyRelease().finally(() => { copying = null; });
      await copying;
      if (event.source) event.source.postMessage("cached");
    })().catch(() => {}));
  } else if (event.data === "worker" && event.source) {
    event.waitUntil((async () => {
      await load();
      const pin = state.pins[event.source.id];
      if (pin) {
        state.worker = pin;
        await savePins();
      }
    })());
  }
});

// ----- answering requests ---------------------------------------------------------------
async function pinOf(clientId) {
  if (state.pins[clientId]) return state.pins[clientId];
  const client = clientId ? await self.clients.get(clientId) : null;
  // A page's engine worker: the release of the page that announced it. Anything else
  // unknown (a page loaded before this service worker) goes to the network only.
  const pin = client && client.type === "worker" && state.worker
    ? { ...state.worker, time: Date.now() } : { release: null, network: true, time: Date.now() };
  if (clientId) {
    state.pins[clientId] = pin;
    await savePins();
  }
  return pin;
}

async function navigate(event) {
  await load();
  const request = event.request;
  const key = keyOf(request.url);
  let page = null;
  let manifest = null;
  if (self.navigator.onLine) {
    try {
      [page, manifest] = await Promise.all([fetch(request), networkManifest()]);
    } catch (err) {
      page = null;
    }
  }
  const fallback = newest();
  let pin = null;
  if (page && page.status < 500) {
    let release = null;
    if (manifest && page.ok && key in manifest.files
        && (await digest(page)) === manifest.files[key]) {
      release = manifest.release;
    }
    const unusable = release && state.broken.has(release) && !state.releases.has(release);
    if (!(unusable && fallback)) pin = { release, network: true };
  }
  let response = page;
  if (!pin && fallback) {
    response = await fromRelease(fallback, request);
    if (response) pin = { release: fallback, network: false };
  }
  if (!pin && page) pin = { release: null, network: true };
  if (!pin) return Response.error();
  pin.time = Date.now();
  state.pins[event.resultingClientId] = pin;
  state.worker = pin;  // the engine worker this page is about to start
  event.waitUntil(dropUnused());
  return response;
}

async function failed(clientId, pin) {
  if (!pin.release || state.releases.has(pin.release)) return;
  // This page's release cannot be completed: never fill it from another release. The
  // next load comes whole from the newest complete cache, if there is one.
  state.broken.add(pin.release);
  if (!newest() || pin.told) return;
  pin.told = true;
  // The page, or the page of this engine worker (the pages pinned to that release).
  for (const client of await self.clients.matchAll({ type: "window" })) {
    const own = state.pins[client.id];
    if (client.id === clientId || (own && own.release === pin.release && own.network)) {
      client.postMessage("reload");
    }
  }
}

async function answer(event) {
  await load();
  const request = event.request;
  const pin = await pinOf(event.clientId);
  if (!pin.network || pin.offline) {
    const hit = pin.release && (await fromRelease(pin.release, request));
    if (hit) return hit;
    if (!pin.network) return fetch(request);  // not part of the release
  }
  const files = filesOf(pin.release);
  const key = keyOf(request.url);
  const hash = files && key !== null ? files[key] : undefined;
  let response = null;
  try {
    response = await fetch(request);
  } catch (err) {
    pin.offline = true;  // the rest of this load does not wait for a dead network
  }
  if (response && response.status < 500) {
    pin.offline = false;
    if (!hash || !response.ok || (await digest(response)) === hash) return response;
    response = null;  // the network now holds another release's file
  }
  const hit = pin.release && (await fromRelease(pin.release, request));
  if (hit) return hit;
  if (hash) {
    await failed(event.clientId, pin);
    return Response.error();
  }
  return response || Response.error();
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event));
    return;
  }
  const pin = state && state.pins[event.clientId];
  if (pin && pin.network && !pin.offline && self.navigator.onLine
      && RUNTIME.test(url.pathname)) {
    return;  // the browser fetches it itself (see the top of this file)
  }
  event.respondWith(answer(event));
});
