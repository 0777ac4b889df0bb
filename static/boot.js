// localStorage writes from the table code go through here: a full or disabled
// storage throws a DOMException, which must become a warning, not a crash.
window.canastaStore = (key, value) => {
  try { localStorage.setItem(key, value); return true; } catch (err) { return false; }
};
window.canastaLoad = (key) => {
  try { return localStorage.getItem(key); } catch (err) { return null; }
};
// Offline support: once the engine is ready, ask our service worker to keep a
// copy of every file of the app (see sw.js).
if ("serviceWorker" in navigator && !new URLSearchParams(location.search).has("nosw")) {
  // Listening from the start: the service worker's messages are not queued for long.
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data === "cached") document.body.dataset.offline = "ready";
    // A file of this page's release could not be had, and no file of another release
    // may stand in for it: load again, whole from the newest complete copy (sw.js).
    if (event.data === "reload") location.reload();
  });
  navigator.serviceWorker.register("./sw.js").then(() => {
    const ask = () => navigator.serviceWorker.ready.then((reg) => reg.active.postMessage("precache"));
    new MutationObserver((_, observer) => {
      if (document.body.dataset.engine === "ready") { observer.disconnect(); ask(); }
    }).observe(document.documentElement, { attributes: true, subtree: true,
                                            attributeFilter: ["data-engine"] });
  }).catch(() => {});
}

// Calls to the engine worker end by a deadline (static/ui_game.py): the promise of
// the call, or an error "canasta-deadline" after `ms` milliseconds.
window.canastaDeadline = (promise, ms) => new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error("canasta-deadline")), ms);
  Promise.resolve(promise).then(
    (value) => { clearTimeout(timer); resolve(value); },
    (error) => { clearTimeout(timer); reject(error); });
});

// A new engine worker is about to start (the old one failed): the service worker
// serves it the files of this page's release (sw.js).
window.canastaWorkerComing = () => {
  const sw = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (sw) sw.postMessage("worker");
};

// Events for a page that embeds the game (docs/EMBEDDING.md): each is posted to the
// parent window when the game runs in a frame, and dispatched on this window as a
// "canasta" CustomEvent either way. They carry only what every player at the table
// sees (whose turn, scores), never a hand: any origin may receive them.
window.canastaEmit = (type, json) => {
  const data = Object.assign({ source: "canasta", type }, JSON.parse(json));
  if (window.parent !== window) window.parent.postMessage(data, "*");
  window.dispatchEvent(new CustomEvent("canasta", { detail: data }));
};
