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

// Calls to the engine worker end by a deadline (static/ui/ui_game.py): the promise of
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

// A move of another player flies from their seat (issue 15; static/ui/ui_render.py
// fly_moves): a card face or back, drawn over the table from one element's centre to
// another's in 350 ms, then removed. Decoration only (aria-hidden, no pointer events);
// nothing flies where the player asked for reduced motion.
window.canastaFly = (from, to, html, delay) => {
  if (window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const a = document.querySelector(from);
  const b = document.querySelector(to);
  if (!a || !b || !a.getClientRects().length || !b.getClientRects().length) return;
  const ra = a.getBoundingClientRect();
  const rb = b.getBoundingClientRect();
  const card = document.createElement("div");
  card.className = "flying";
  card.setAttribute("aria-hidden", "true");
  card.setAttribute("data-testid", "flying");
  card.innerHTML = html;
  card.style.left = (ra.left + ra.width / 2) + "px";
  card.style.top = (ra.top + ra.height / 2) + "px";
  document.body.appendChild(card);
  const dx = (rb.left + rb.width / 2) - (ra.left + ra.width / 2);
  const dy = (rb.top + rb.height / 2) - (ra.top + ra.height / 2);
  const flight = card.animate(
    [{ transform: "translate(-50%, -50%)", opacity: 1 },
     { transform: `translate(calc(-50% + ${dx}px), calc(-50% + ${dy}px))`, opacity: 0.6 }],
    { duration: 350, delay: delay || 0, easing: "ease-out", fill: "both" });
  const done = () => card.remove();
  flight.onfinish = done;
  flight.oncancel = done;
};
