"""Measure the page as a player meets it, in headless Chromium (issue 4 targets).

    python tools/perf.py        (make perf)
    python tools/perf.py --largest VARIANT...    (only the largest games' figures)
    python tools/perf.py --three-deck            (issue 12's three-deck set of saves)

Prints: time to the table frame (first contentful paint), engine ready (cold and
warm), a late-game save resumed, bytes transferred on a first (gzip) and a repeat
visit, the longest main-thread tasks at boot and during play (Long Tasks API),
and the time from a human click to the updated table. The largest game of each family,
Classic for six (`classic-6p`: six seats, three decks) and Mexicana (`mexicana`: 162
cards, 13 more per side), is measured beside Classic for four: AI
decision time in the worker, main-thread tasks and click to table during play, and
a long save replayed; the figures end with the two side by side. The strong level is also
timed in the worker on issue 12's three-deck set (bench/saves-three-deck.json; `--three-deck`
times it alone, beside CPython). Last, engine ready
with and without the worker's memory snapshot (issue 17), side by side, with this
run's CPython bench figure.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import canasta  # noqa: E402
from canasta.ai.timing import time_summary  # noqa: E402
from canasta.rules.house_rules import rules_named  # noqa: E402
from tools.serve import make_server  # noqa: E402

SETTLE_MS = 3000
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LONG_TASKS = """
window.__long = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});
"""


def mark(page: Page, name: str) -> float:
    value = page.evaluate(f"(performance.getEntriesByName('{name}')[0] || {{}}).startTime")
    return round(float(value or -1) / 1000, 3)


def fcp(page: Page) -> float:
    value = page.evaluate(
        "(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime")
    return round(float(value or -1) / 1000, 3)


def long_tasks(page: Page, after: float = 0.0) -> list[float]:
    tasks: list[list[float]] = page.evaluate("window.__long")
    return sorted((d for start, d in tasks if start >= after * 1000), reverse=True)


def wait_for_human(page: Page) -> None:
    """Until it is the human's turn to draw, or the round is over. A partner's "May I
    go out?" on the way is answered yes."""
    while True:
        page.wait_for_function(
            "() => { const b = document.querySelector('[data-testid=btn-draw]');"
            " return (b && !b.disabled)"
            " || document.querySelector('[data-testid=score-sheet]')"
            " || document.querySelector('[data-testid=answer-dialog]'); }",
            timeout=120_000)
        if not page.get_by_test_id("answer-dialog").count():
            return
        page.get_by_test_id("answer-yes").click()
        page.wait_for_selector("[data-testid=answer-dialog]", state="detached")


def click_to_render_ms(page: Page, testid: str) -> float:
    """Time from a click to the next change of the hand, measured in the page."""
    return float(page.evaluate("""(id) => new Promise((done) => {
        const hand = document.getElementById('hand');
        const t0 = performance.now();
        new MutationObserver((_, obs) => { obs.disconnect(); done(performance.now() - t0); })
            .observe(hand, {childList: true, subtree: true});
        document.querySelector(`[data-testid=${id}]`).click();
    })""", testid))


# The largest game of each family (variant checklist item 4): six seats and three
# decks (the player-count family); a 162-card deck with 13 more cards per side
# (issue 13's family: Mexicana); three decks with sequences (issue 12's: Samba); eight
# decks and a kitty a player (issue 14's: Railroad).
LARGEST = ("classic-6p", "mexicana", "samba", "railroad")
# The rounds of a long save: six; a whole game (at most 40 rounds) where each player has
# a dealt packet (issue 14: "a save of a whole game to 20,000 points").
SAVE_ROUNDS, WHOLE_GAME_ROUNDS = 6, 40


def ai_step_times(context: Any, base: str, level: str, turns: int = 25,
                  variant: str = "classic") -> dict[str, float]:
    """Seconds per AI decision in the worker (one ai_step call, as the table times it)."""
    page = context.new_page()
    page.goto(base + f"?seed=9&new=1&fast=1&level={level}&variant={variant}&nosw=1")
    page.wait_for_selector("body[data-engine=ready]", timeout=120_000)
    for _ in range(turns):
        wait_for_human(page)
        if page.get_by_test_id("score-sheet").count():
            break
        page.get_by_test_id("btn-draw").click()
        discard_card(page, variant)
        page.get_by_test_id("btn-discard").click()
    times = [t / 1000 for t in json.loads(page.evaluate("window.canastaAiTimes()"))]
    page.close()
    return time_summary(times)


def discard_card(page: Page, variant: str) -> None:
    """Select the card the human discards: the first of the hand the discard button
    accepts, or where 7s are held (R16, PH9: Railroad, Pennies) the first that is not a 7."""
    cards = page.locator("[data-testid=hand-card]")
    if rules_named(variant).sevens_held:
        others = page.locator("[data-testid=hand-card]:not([data-card^='7'])")
        if others.count():
            cards = others
    for i in range(cards.count()):  # the first card the rules let go (a wild card may not)
        cards.nth(i).click()
        if page.get_by_test_id("btn-discard").is_enabled():
            return
        cards.nth(i).click()  # (selected again: unselected)


def play_human_turns(page: Page, turns: int, next_rounds: bool = False,
                     variant: str = "classic") -> dict[str, Any]:
    """Play `turns` human turns (draw, discard the first card; the AIs play on) and
    measure the click to the updated table and the main-thread tasks meanwhile. At a
    round's end: stop, or with `next_rounds` deal the next round and go on."""
    latencies: list[float] = []
    rounds = 1
    while len(latencies) < turns:
        wait_for_human(page)
        if page.get_by_test_id("score-sheet").count():
            if not next_rounds or not page.get_by_test_id("next-round").count():
                break
            page.get_by_test_id("next-round").click()
            page.wait_for_selector("[data-testid=score-sheet]", state="detached")
            rounds += 1
            continue
        latencies.append(click_to_render_ms(page, "btn-draw"))
        discard_card(page, variant)
        page.get_by_test_id("btn-discard").click()
    boot_end = mark(page, "engine-ready")
    return {
        "human_actions": len(latencies),
        "rounds": rounds,
        "click_to_table_ms_median": round(statistics.median(latencies), 1),
        "click_to_table_ms_max": round(max(latencies), 1),
        "longest_main_thread_tasks_ms": [round(t) for t in long_tasks(page, boot_end + 1)[:3]],
        # Every reply carries the save (all the game's actions): it grows round by round.
        "save_bytes_at_end": len(page.evaluate(
            "localStorage.getItem(document.body.dataset.gameKey)") or ""),
    }


def store_as_last(page: Page, save: str) -> None:
    """Store `save` as a game of its own, the one played last, so the next load
    without a deal number resumes it (static/ui/ui_saves.py)."""
    page.evaluate("(s) => { localStorage.setItem('canasta:v1:game:perf-late', s);"
                  " localStorage.setItem('canasta:v1:last', 'perf-late'); }", save)


def resume_save(page: Page, base: str, save: str) -> float:
    """Seconds from the engine ready to the saved game resumed (its actions replayed)."""
    store_as_last(page, save)
    page.goto(base + "?fast=1&nosw=1")
    page.wait_for_selector("body[data-engine=ready]", timeout=120_000)
    page.wait_for_function("performance.getEntriesByName('resumed').length > 0",
                           timeout=120_000)
    return round(mark(page, "resumed") - mark(page, "engine-ready"), 3)


def largest_game(context: Any, base: str, variant: str) -> dict[str, Any]:
    """The figures of a family's largest game: play, a long save replayed, the strong AI."""
    page = context.new_page()
    page.goto(base + f"?seed=7&new=1&fast=1&variant={variant}&nosw=1")
    page.wait_for_selector("body[data-engine=ready]", timeout=120_000)
    page.wait_for_selector("[data-testid=hand-card]")
    play = play_human_turns(page, 30, next_rounds=True,  # six-player rounds are short
                            variant=variant)
    save = late_game_save(variant)
    figures = {
        "play": play,
        "save": {"actions": len(json.loads(save)["engine"]["actions"]),
                 "rounds": len(json.loads(save)["view"]["history"]), "bytes": len(save)},
        "save_replayed_s": resume_save(page, base, save),
    }
    page.close()
    figures["ai_in_browser_worker"] = {"strong": ai_step_times(context, base, "strong", 10,
                                                               variant)}
    return figures


def side_by_side(out: dict[str, Any]) -> str:
    """Classic and each family's largest game, figure by figure."""
    games = [out, *(out[name] for name in LARGEST)]
    warm = [out["warm_visit"]["save_replayed_s"], *(out[n]["save_replayed_s"] for n in LARGEST)]

    def ai(game: dict[str, Any], key: str) -> Any:
        return game["ai_in_browser_worker"]["strong"][key]

    rows = [
        ("strong AI decisions in the worker", [ai(g, "decisions") for g in games]),
        ("strong AI decision, mean s", [ai(g, "mean_s") for g in games]),
        ("strong AI decision, p95 s", [ai(g, "p95_s") for g in games]),
        ("strong AI decision, max s", [ai(g, "max_s") for g in games]),
        ("human actions played (rounds)",
         [f"{g['play']['human_actions']} ({g['play']['rounds']})" for g in games]),
        ("save at the end of play, bytes", [g["play"]["save_bytes_at_end"] for g in games]),
        ("longest main-thread tasks in play, ms",
         [g["play"]["longest_main_thread_tasks_ms"] for g in games]),
        ("click to table, median ms", [g["play"]["click_to_table_ms_median"] for g in games]),
        ("click to table, max ms", [g["play"]["click_to_table_ms_max"] for g in games]),
        ("long save: rounds / actions",
         [f"{g['save']['rounds']} / {g['save']['actions']}" for g in games]),
        ("long save replayed, s", warm),
    ]
    width = max(len(r[0]) for r in rows)
    lines = [f"{'':{width}}" + "".join(f"  {name:>16}" for name in ("classic", *LARGEST))]
    lines += [f"{name:{width}}" + "".join(f"  {v!s:>16}" for v in values)
              for name, values in rows]
    return "\n".join(lines)


PLAIN_INTERPRETER = 'interpreter = "./static/pyodide/pyodide.mjs"'
SNAPSHOT_INTERPRETER = 'interpreter = "./static/pyodide_start.mjs"'


def engine_start(browser: Any, base: str, repeats: int = 5) -> dict[str, Any]:
    """Engine ready with and without the worker's memory snapshot (issue 17), side by
    side in one run: two contexts (no service worker in either, the HTTP cache warm after
    the first visit), one whose pyscript.toml names Pyodide's own loader. A first visit
    each, then repeat visits taken in turns. The CPython bench of this run goes beside."""
    from canasta_tools.cli import bench

    config = (ROOT / "pyscript.toml").read_text()
    if SNAPSHOT_INTERPRETER not in config:
        raise SystemExit("pyscript.toml does not name static/pyodide_start.mjs")
    # Pyodide's own loader, and the engine's files written by PyScript instead.
    plain_config = config.replace(SNAPSHOT_INTERPRETER, PLAIN_INTERPRETER) + (
        '[files]\n"./static/canasta.zip" = "./*"\n')
    pages = {}
    for arm in ("snapshot", "plain"):
        context = browser.new_context(service_workers="block")
        if arm == "plain":
            context.route("**/pyscript.toml", lambda route: route.fulfill(
                body=plain_config, content_type="application/toml"))
        pages[arm] = context.new_page()
    ready: dict[str, list[float]] = {"snapshot": [], "plain": []}
    how: dict[str, list[str]] = {"snapshot": [], "plain": []}
    first: dict[str, float] = {}
    for visit in range(repeats + 1):
        for arm, page in pages.items():
            page.goto(base + "?seed=7&new=1&fast=1")
            page.wait_for_selector("body[data-engine=ready]", timeout=120_000)
            page.wait_for_selector("[data-testid=hand-card]")
            seconds = mark(page, "engine-ready")
            boot = json.loads(page.get_attribute("body", "data-boot") or "{}")
            if visit == 0:
                first[arm] = seconds
                if arm == "snapshot":  # the next visit needs the snapshot stored
                    page.wait_for_function(
                        "new Promise((ok) => { const r = indexedDB.open('canasta-start', 1);"
                        " r.onsuccess = () => { const g = r.result.transaction('snapshot')"
                        ".objectStore('snapshot').getKey('engine-worker');"
                        " g.onsuccess = () => ok(g.result !== undefined); }; })",
                        timeout=60_000)
            else:
                ready[arm].append(seconds)
                how[arm].append(boot.get("start", {}).get("how", "?"))
    for page in pages.values():
        page.context.close()
    snap, plain = statistics.median(ready["snapshot"]), statistics.median(ready["plain"])
    return {
        "first_visit_ready_s": first,
        "repeat_visits_ready_s": ready,
        "repeat_median_s": {"snapshot": snap, "plain": plain},
        "ratio_plain_over_snapshot": round(plain / snap, 2),
        "how_started": how,
        "cpython_random_rounds_per_s": bench(2.0, "classic")["random_rounds_per_s"],
    }


def late_game_save(variant: str = "classic") -> str:
    """A save deep into a game (AI against AI, SAVE_ROUNDS rounds; a whole game where
    the rules deal packets), made under CPython."""
    from canasta.ai import choose_action

    state = canasta.new_game(variant, 11)
    step = 0
    rounds = WHOLE_GAME_ROUNDS if state.rules.reserve_from == "dealt" else SAVE_ROUNDS
    while len(state.history) < rounds and not state.game_over:
        if state.round_over:
            state = canasta.apply(state, canasta.parse_action({"type": "next_round"}))
            continue
        view = canasta.view_for(state, state.to_act)
        state = canasta.apply(state, choose_action(view, "easy", step))
        step += 1
    return json.dumps({"schema": "canasta-table/1", "engine": canasta.to_json(state),
                       "level": "easy", "view": canasta.view_for(state, 0)})


def start_server() -> tuple[Any, str]:
    """The repository served on a free local port, and its address."""
    server = make_server(str(ROOT), 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def table_context(p: Any, profile: str) -> Any:
    """A persistent Chromium context at the desktop size, recording long tasks."""
    context = p.chromium.launch_persistent_context(
        profile, executable_path="/usr/bin/chromium", args=ARGS, headless=True,
        viewport={"width": 1280, "height": 900})
    context.add_init_script(LONG_TASKS)
    return context


def only_largest(variants: list[str]) -> int:
    """`python tools/perf.py --largest samba`: only the figures of the largest games named
    (play, a long save replayed, the strong AI in the worker), for a family's new game."""
    server, base = start_server()
    out: dict[str, Any] = {}
    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        context = table_context(p, profile)
        for variant in variants:
            out[variant] = largest_game(context, base, variant)
        context.close()
    server.shutdown()
    print(json.dumps(out, indent=2))
    return 0


def bench_in_worker(context: Any, base: str, name: str) -> dict[str, Any]:
    """The strong level timed inside the browser's worker on a bench position set
    (`?bench=ai`: bench/positions.json; `?bench=three-deck`: issue 12's set)."""
    page = context.new_page()
    page.goto(base + f"?bench={name}&nosw=1")
    page.wait_for_selector("body[data-bench]", state="attached", timeout=600_000)
    figures: dict[str, Any] = json.loads(page.get_attribute("body", "data-bench") or "{}")
    page.close()
    return figures


def three_deck() -> int:
    """`python tools/perf.py --three-deck`: the strong level on issue 12's three-deck
    position set (bench/saves-three-deck.json) in the browser's worker, then in
    this CPython on the same positions: p95 by variant side by side, and the ratio."""
    from canasta.ai.timing import bench_ai
    from canasta_tools.cli import THREE_DECK_SAVES

    server, base = start_server()
    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        context = table_context(p, profile)
        browser = bench_in_worker(context, base, "three-deck")
        context.close()
    server.shutdown()
    here = bench_ai(json.loads(THREE_DECK_SAVES.read_text()))
    print(json.dumps({"browser_worker": browser, "cpython": here}, indent=2))
    print("variant: browser worker mean / p95 / max s | CPython mean / p95 / max s")
    for variant, b in browser["by_variant"].items():
        c = here["by_variant"][variant]
        print(f"{variant}: {b['mean_s']:.3f} / {b['p95_s']:.3f} / {b['max_s']:.3f} | "
              f"{c['mean_s']:.3f} / {c['p95_s']:.3f} / {c['max_s']:.3f}")
    ratio = browser["seconds"] / here["seconds"]
    print(f"all {browser['positions']} positions: browser {browser['seconds']} s, CPython "
          f"{here['seconds']} s ({ratio:.2f}x); time cap hits {browser['time_cap_hits']} / "
          f"{here['time_cap_hits']}")
    return 0


def main() -> int:
    if sys.argv[1:2] == ["--largest"]:
        return only_largest(sys.argv[2:] or list(LARGEST))
    if sys.argv[1:2] == ["--three-deck"]:
        return three_deck()
    server, base = start_server()
    out: dict[str, Any] = {}
    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        context = table_context(p, profile)
        sizes: list[int] = []
        largest: list[tuple[int, str]] = []  # (bytes, path) of the first visit

        def finished(request: Any) -> None:
            response = request.response()
            # Served by the service worker or revalidated (304): nothing crossed the network.
            if response is None or response.from_service_worker or response.status == 304:
                sizes.append(0)
            else:
                sizes.append(max(0, request.sizes()["responseBodySize"]))
                largest.append((sizes[-1], request.url.replace(base, "./")))

        context.on("requestfinished", finished)
        # A player's browser is already running when they open the page: let the
        # freshly launched Chromium finish its own start-up work (in headless mode
        # it renders its omnibox WebUI in another process, competing for the two
        # cores) before the cold visit is measured.
        blank = context.pages[0] if context.pages else context.new_page()
        blank.wait_for_timeout(SETTLE_MS)
        page = context.new_page()
        page.goto(base + "?seed=7&new=1&fast=1")
        page.wait_for_selector("body[data-engine=ready]", timeout=120_000)
        page.wait_for_selector("[data-testid=hand-card]")
        out["first_visit"] = {
            "table_frame_s": fcp(page), "engine_ready_s": mark(page, "engine-ready"),
            "worker": json.loads(page.get_attribute("body", "data-boot") or "{}"),
            "transferred_MB": round(sum(sizes) / 1e6, 2), "requests": len(sizes),
            "largest_files_kB": {path: round(n / 1e3) for n, path in sorted(largest)[-8:]},
            "longest_main_thread_tasks_ms": [round(t) for t in long_tasks(page)[:3]],
        }
        # Play a few hundred actions (AI and scripted human) for a late save.
        out["play"] = play_human_turns(page, 60)
        save = late_game_save()
        store_as_last(page, save)
        out["save"] = {"actions": len(json.loads(save)["engine"]["actions"]),
                       "rounds": len(json.loads(save)["view"]["history"]), "bytes": len(save)}
        sizes.clear()
        page.goto(base + "?fast=1")
        page.wait_for_selector("body[data-engine=ready]", timeout=120_000)
        page.wait_for_function("performance.getEntriesByName('resumed').length > 0")
        out["warm_visit"] = {
            "table_frame_s": fcp(page), "engine_ready_s": mark(page, "engine-ready"),
            "worker": json.loads(page.get_attribute("body", "data-boot") or "{}"),
            "save_replayed_s": round(mark(page, "resumed") - mark(page, "engine-ready"), 3),
            "transferred_MB": round(sum(sizes) / 1e6, 3), "requests": len(sizes),
            "longest_main_thread_tasks_ms": [round(t) for t in long_tasks(page)[:3]],
        }
        out["ai_in_browser_worker"] = {
            level: ai_step_times(context, base, level) for level in ("normal", "strong")
        }
        out["ai_in_browser_worker"]["bench_positions"] = bench_in_worker(context, base, "ai")
        out["ai_in_browser_worker"]["three_deck_set"] = bench_in_worker(context, base,
                                                                        "three-deck")
        for variant in LARGEST:
            out[variant] = largest_game(context, base, variant)
        context.close()
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS,
                                    headless=True)
        out["engine_start"] = engine_start(browser, base)
        browser.close()
    server.shutdown()
    print(json.dumps(out, indent=2))
    print(side_by_side(out))
    start = out["engine_start"]
    print(f"engine ready, repeat visit (median of {len(start['repeat_visits_ready_s']['plain'])}):"
          f" {start['repeat_median_s']['snapshot']} s from the snapshot,"
          f" {start['repeat_median_s']['plain']} s without"
          f" ({start['ratio_plain_over_snapshot']}x); CPython bench of this run:"
          f" {start['cpython_random_rounds_per_s']} random rounds/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
