// How the engine worker's Pyodide starts (issue 17): from a memory snapshot of a
// Pyodide that has already imported the engine and the AI, when this browser holds one
// for this engine and this Pyodide; otherwise the usual way, taking that snapshot for
// the next visit.
//
// PyScript imports this module as the worker's interpreter (pyscript.toml) and calls
// its loadPyodide with its own options (stdout, stderr); this module writes the
// engine's files (below), then PyScript runs static/worker.py, whose imports are
// already done after a restore.
//
// The snapshot is the whole WebAssembly memory (about 31 MB) right after the imports
// below, taken with Pyodide's private `_makeSnapshot` / `_loadSnapshot` options and
// `makeMemorySnapshot` (pinned Pyodide 314.0.7). It is kept in IndexedDB, one record,
// under the build's key (static/snapshot_key.json: Pyodide's version and the hashes of
// the standard library and the engine archive, tools/build.py): a new engine, standard
// library or runtime makes a new one. A snapshot that does not restore (corrupt,
// another build, cut short by a full disk) is deleted and the worker starts the usual
// way. `globalThis.canastaStart` says what happened and where the time went (read_ms:
// the stored snapshot read, hash_ms, runtime_ms: Pyodide restored from it or started,
// engine_files_ms; on a first visit imports_ms and snapshot_ms, the memory image
// taken); worker.py's `ping` reports it.
import { loadPyodide as loadRuntime, version } from "./pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./pyodide/", import.meta.url).href;
const ENGINE_URL = new URL("./canasta.zip", import.meta.url).href;
const KEY_URL = new URL("./snapshot_key.json", import.meta.url).href;
const DB_NAME = "canasta-start";
const STORE = "snapshot";
const KEY = "engine-worker";
// What static/worker.py imports, so that a restored worker imports nothing; and the
// standard-library modules PyScript's own Python package imports (html.entities alone
// takes a few hundred milliseconds to compile).
const PRELOAD = [
  "import html, html.entities, json, random, time",
  "import canasta, canasta.game.actions, canasta.ai, canasta.game.cards, canasta.rules.house_rules",
  "import canasta.ai.gifts, canasta.ai.knowledge, canasta.play.coach, canasta.mechanics.melds, canasta.rules.roster",
  "import canasta.rules.pages",
].join("\n");
// A snapshot restores a frozen random generator: reseed it from the system's entropy.
const RESEED = "import random\nrandom.seed()";

const start = { how: "plain", ms: 0, snapshot_bytes: 0, detail: "", steps: [] };
globalThis.canastaStart = start;
// PyScript's own steps in this worker ("Loading Pyodide", "Loaded Pyodide", ...), with the
// time since the worker started, so that make perf can say where the start goes.
globalThis.addEventListener?.("py:progress", (event) => {
  start.steps.push([String(event.detail), Math.round(performance.now())]);
});

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function withStore(mode, use) {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  const db = await request(open);
  try {
    const tx = db.transaction(STORE, mode);
    const result = request(use(tx.objectStore(STORE)));
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error || new Error("aborted"));
    });
    return await result;
  } finally {
    db.close();
  }
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function snapshotKey() {
  const response = await fetch(KEY_URL);
  if (!response.ok) throw new Error("static/snapshot_key.json: " + response.status);
  const { key } = await response.json();
  if (typeof key !== "string" || !key) throw new Error("static/snapshot_key.json has no key");
  return key;
}

async function engineArchive() {
  const response = await fetch(ENGINE_URL);
  if (!response.ok) throw new Error("static/canasta.zip: " + response.status);
  return new Uint8Array(await response.arrayBuffer());
}

function complete(saved) {
  return saved.bytes instanceof ArrayBuffer && saved.bytes.byteLength === saved.length
    && typeof saved.sha256 === "string";
}

async function restore(options, saved) {
  // A corrupt memory image must never run: its hash is checked first.
  const began = performance.now();
  if (await sha256(saved.bytes) !== saved.sha256) throw new Error("its hash does not match");
  start.hash_ms = Math.round(performance.now() - began);
  const loading = performance.now();
  const py = await loadRuntime({ ...options, _loadSnapshot: new Uint8Array(saved.bytes) });
  start.runtime_ms = Math.round(performance.now() - loading);
  py.runPython(RESEED);
  // The engine must be there, imported: else this snapshot is not what it claims.
  if (!py.runPython("import sys\n'canasta.ai' in sys.modules")) {
    throw new Error("the restored worker has no engine");
  }
  return py;
}

async function makeAndKeep(options, key, archive) {
  let began = performance.now();
  const py = await loadRuntime({ ...options, _makeSnapshot: true });
  start.runtime_ms = Math.round(performance.now() - began);
  // Fetched while Pyodide started: on a first visit the download is off the critical path.
  py.unpackArchive(await archive, "zip", { extractDir: "." });
  try {
    began = performance.now();
    py.runPython(PRELOAD);
    start.imports_ms = Math.round(performance.now() - began);
    began = performance.now();
    const snapshot = py.makeMemorySnapshot();
    start.snapshot_ms = Math.round(performance.now() - began);
    start.snapshot_bytes = snapshot.byteLength;
    const bytes = snapshot.buffer.slice(snapshot.byteOffset, snapshot.byteOffset + snapshot.byteLength);
    // Kept while the worker boots on; a failure (quota) only costs the next visit's speed.
    sha256(bytes)
      .then((hash) => withStore("readwrite", (store) => store.put(
        { id: key, length: bytes.byteLength, sha256: hash, bytes }, KEY)))
      .then(() => { start.kept = true; })
      .catch((err) => { start.kept = false; start.detail += " not kept: " + err; });
  } catch (err) {
    start.detail += " no snapshot taken: " + err;
  }
  return py;
}

// The engine's files: this module writes them into the worker's file system in every
// case (pyscript.toml has no [files]), one fetch of static/canasta.zip per worker start.
// A snapshot holds the modules imported from them, not the files (the file system is
// not part of the memory image), so a restored worker gets them too: the AI imports
// some modules only when it first needs them. If the archive cannot be had, the worker
// fails to start and the page starts another (static/ui/ui_game.py).
export async function loadPyodide(options = {}) {
  const began = performance.now();
  const base = { ...options, indexURL: INDEX_URL };
  const archive = engineArchive();
  archive.catch(() => {});  // awaited below: its failure is the start's
  const withEngine = async (how, py, unpacked = false) => {
    const writing = performance.now();
    if (!unpacked) py.unpackArchive(await archive, "zip", { extractDir: "." });
    start.engine_files_ms = Math.round(performance.now() - writing);
    start.how = how;
    start.ms = Math.round(performance.now() - began);
    start.began_ms = Math.round(began);  // since this worker's start
    return py;
  };
  // The build's snapshot key and the stored snapshot, read at the same time.
  const reading = withStore("readonly", (store) => store.get(KEY)).then((saved) => {
    start.read_ms = Math.round(performance.now() - began);
    return saved;
  }, (err) => {
    start.detail = "storage unavailable: " + err;
    return null;
  });
  let key;
  try {
    key = await snapshotKey();
  } catch (err) {
    start.detail = "no snapshot key: " + err;
    await reading;
    return withEngine("plain", await loadRuntime(base));
  }
  const saved = await reading;
  let discarded = false;
  if (saved && saved.id === key) {
    if (complete(saved)) {
      try {
        return withEngine("restored", await restore(base, saved));
      } catch (err) {
        start.detail = "snapshot discarded: " + err;
      }
    } else {
      start.detail = "snapshot discarded: incomplete";
    }
    discarded = true;
  } else if (saved) {
    start.detail = "snapshot of another release replaced";
  }
  if (saved) await withStore("readwrite", (store) => store.delete(KEY)).catch(() => {});
  return withEngine(discarded ? "discarded" : "made",
                    await makeAndKeep(base, key, archive), true);
}
