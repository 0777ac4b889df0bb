"""Playwright set-up: the system Chromium, a local server, no request off this machine."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlparse

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Route, expect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import canasta  # noqa: E402
from tools import build  # noqa: E402
from tools.serve import make_server  # noqa: E402

# Requests made by a service worker reach context.route too: the pinned Playwright
# (1.65) does this unless PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK is set, which it
# reads when the browser is launched (test_round.py checks the guard sees them).
os.environ.pop("PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK", None)

CHROMIUM = "/usr/bin/chromium"
# CI machines have two cores shared by the browser, its worker and pytest.
expect.set_options(timeout=20_000)
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "e2e" in item.nodeid:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def site() -> Path:
    """The site as this checkout builds it: the engine zip, the table's bytecode, the
    offline file list. Under pytest-xdist (`make test` runs the browser tests on two
    workers) the first worker builds it while the others wait, and nobody rebuilds it
    while a page may be loading it."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID", f"single-{os.getpid()}")
    results = ROOT / "test-results"
    results.mkdir(exist_ok=True)
    marker = results / "site-built"
    with (results / "site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (marker.exists() and marker.read_text() == run):
            if not (ROOT / "static" / "pyodide" / "pyodide.mjs").exists():
                build.vendor()
            build.main(["engine"])
            marker.write_text(run)
    return ROOT


@pytest.fixture(scope="session")
def base_url(site: Path) -> Iterator[str]:
    server = make_server(str(site), 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # No service worker in the usual tests (each starts from the network); offline play
    # and the worker's own requests are tested on their own in test_round.py.
    return {**browser_context_args, "service_workers": "block",
            "viewport": {"width": 1280, "height": 900}}


# The snapshot record of static/pyodide_start.mjs, read and changed from the page (one
# origin: the page and its worker share the IndexedDB database).
RECORD = """async (change) => {
  const open = indexedDB.open("canasta-start", 1);
  open.onupgradeneeded = () => open.result.createObjectStore("snapshot");
  const db = await new Promise((ok, no) => { open.onsuccess = () => ok(open.result);
                                             open.onerror = () => no(open.error); });
  const tx = db.transaction("snapshot", change ? "readwrite" : "readonly");
  const store = tx.objectStore("snapshot");
  const record = await new Promise((ok) => { const r = store.get("engine-worker");
                                             r.onsuccess = () => ok(r.result); });
  let out = record ? {id: record.id, length: record.length, bytes: record.bytes.byteLength}
                   : null;
  if (record && change === "corrupt") {
    const bytes = new Uint8Array(record.bytes);
    for (let i = bytes.length >> 1; i < (bytes.length >> 1) + 4096; i++) bytes[i] ^= 0x5a;
    store.put({...record, bytes: bytes.buffer}, "engine-worker");
  }
  if (record && change === "foreign") {
    store.put({...record, id: "pyodide-another-release"}, "engine-worker");
  }
  if (record && change === "truncate") {
    store.put({...record, bytes: record.bytes.slice(0, 1 << 20)}, "engine-worker");
  }
  await new Promise((ok) => { tx.oncomplete = ok; });
  db.close();
  return out;
}"""


def snapshot_kept(page: Page) -> dict[str, Any]:
    """Wait until the first visit's snapshot is stored (the worker writes it while the
    game goes on); its record's id and size."""
    page.wait_for_function(f"({RECORD})(null).then((r) => r !== null)", timeout=60_000)
    return dict(page.evaluate(RECORD, None))


@pytest.fixture(scope="session")
def returning_profile(playwright: Playwright, browser_type_launch_args: dict[str, Any],
                      browser_context_args: dict[str, Any]) -> Iterator[Path]:
    """A Chromium profile that has opened the page once, as a returning player's has:
    its IndexedDB holds the engine worker's memory snapshot of this build (issue 17,
    static/pyodide_start.mjs), and nothing else of the page's (its localStorage is
    empty). A test's page starts from a copy of it, so the worker restores the snapshot
    (about 1 s) instead of starting Pyodide and taking a snapshot again (about 3 s on an
    idle machine, every test); the tests of a first visit are marked `first_visit`."""
    root = Path(tempfile.mkdtemp(prefix="canasta-profile-"))
    profile = root / "returning"
    context = playwright.chromium.launch_persistent_context(
        profile, **browser_type_launch_args, **browser_context_args)
    try:
        outside = guard_requests(context)
        page = context.new_page()
        open_game(page, "fast=1&level=easy")
        start = json.loads(page.get_attribute("body", "data-boot") or "{}")["start"]
        assert start["how"] == "made", start
        # Stored while the game goes on (after the worker's ping on a slow machine).
        record = snapshot_kept(page)
        assert record["id"].startswith("pyodide-") and record["length"] == record["bytes"], record
        page.goto("/static/snapshot_key.json")  # this origin, without the table's code
        page.evaluate("localStorage.clear()")
        assert page.evaluate("localStorage.length") == 0
        assert not outside, outside
    finally:
        context.close()
    yield profile
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def context(request: pytest.FixtureRequest, playwright: Playwright,
            browser_type_launch_args: dict[str, Any], browser_context_args: dict[str, Any]
            ) -> Iterator[BrowserContext]:
    """Each test's own browser: a copy of `returning_profile` (a fresh profile where the
    test is marked `first_visit`), with the session's context options."""
    if request.node.get_closest_marker("first_visit"):
        browser: Browser = request.getfixturevalue("browser")
        fresh = browser.new_context(**browser_context_args)
        yield fresh
        fresh.close()
        return
    template: Path = request.getfixturevalue("returning_profile")
    root = Path(tempfile.mkdtemp(prefix="canasta-test-"))
    shutil.copytree(template, root / "profile")
    try:
        context = playwright.chromium.launch_persistent_context(
            root / "profile", **browser_type_launch_args, **browser_context_args)
        for blank in context.pages:
            blank.close()  # (else the test's page opens as a tab behind it, hidden)
        yield context
        context.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)


def is_local(url: str) -> bool:
    host = urlparse(url).hostname or ""
    return url.startswith(("data:", "blob:")) or host in ("127.0.0.1", "localhost")


def guard_requests(context: BrowserContext) -> list[str]:
    """Abort every request of this context (pages and service workers) that would
    leave this machine; the list returned collects their addresses."""
    outside: list[str] = []

    def guard(route: Route) -> None:
        if is_local(route.request.url):
            route.fallback()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    return outside


@pytest.fixture(autouse=True)
def only_local_requests(context: BrowserContext) -> Iterator[list[str]]:
    outside = guard_requests(context)
    yield outside
    assert not outside, f"requests left this machine: {outside}"


def open_game(page: Page, query: str) -> None:
    """Open the page and wait for the engine and the hand."""
    page.goto("/?" + query)
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)


def open_position(page: Page, position: dict[str, Any]) -> None:
    """Open the page on a position (`?position=`; a position the engine refuses fails
    here), the computer players easy, and wait for the hand."""
    canasta.load_position(position, 0)
    open_game(page, "fast=1&level=easy&position=" + quote(json.dumps(position)))
    page.wait_for_selector("[data-testid=hand-card]")


def start_from_dialog(page: Page, variant: str, presets: tuple[str, ...], seed: int = 7
                      ) -> None:
    """Pick `variant` in the New Game dialog (its title shown, its own presets offered),
    start it with `seed` and wait for the human's turn."""
    open_game(page, "fast=1&level=easy")
    expect(page.get_by_test_id("setup-dialog")).to_be_visible()
    page.get_by_test_id("opt-variant").select_option(variant)
    expect(page.get_by_test_id("variant-note")).to_have_text(canasta.VARIANTS[variant].title)
    for rule in presets:
        expect(page.get_by_test_id(f"house-{rule}")).to_have_count(1)
    page.get_by_test_id("opt-seed").fill(str(seed))
    page.get_by_test_id("start-game").click()
    my_turn(page)


def cards_of(page: Page, testid: str) -> list[str]:
    """The cards (`data-card`) drawn inside the element of that test id, in order."""
    return [str(c) for c in page.get_by_test_id(testid).locator(".card").evaluate_all(
        "els => els.map(e => e.dataset.card)")]


# Three opponents' hands for a position where only the human's cards matter.
OTHERS = [["4C", "5C", "6C", "7C", "8C"], ["4H", "4H", "6C", "6C", "7C"],
          ["AH", "AH", "AD", "QC", "QC"]]


def saved_game(page: Page) -> Any:
    """The save of the game this page plays (static/ui/ui_saves.py keys each game by its id)."""
    page.wait_for_selector("body[data-game-key]", state="attached")
    text = page.evaluate("() => localStorage.getItem(document.body.dataset.gameKey)")
    return None if text is None else json.loads(text)


def hand_cards(page: Page) -> list[str]:
    return [str(c) for c in page.eval_on_selector_all(
        "[data-testid=hand-card]", "els => els.map(e => e.dataset.card)")]


def my_turn(page: Page, timeout: int = 60_000) -> None:
    page.wait_for_function(
        "() => { const b = document.querySelector('[data-testid=btn-draw]');"
        " return (b && !b.disabled) || document.querySelector('[data-testid=score-sheet]')"
        " || document.querySelector('[data-testid=answer-dialog]'); }",
        timeout=timeout,
    )


def expect_refusal(page: Page, rule: str, href: str, text: str) -> None:
    """The refusal on show cites `rule`, links `href` and says `text`."""
    cited = page.get_by_test_id("refusal-rule")
    expect(cited).to_have_text(rule)
    expect(cited).to_have_attribute("href", href)
    expect(page.get_by_test_id("refusal")).to_contain_text(text)


def select(page: Page, cards: list[str]) -> None:
    """Click hand cards by their notation (each card once, duplicates in turn)."""
    taken: list[int] = []
    for card in cards:
        nodes = page.locator(f"[data-testid=hand-card][data-card='{card}']")
        for i in range(nodes.count()):
            node = nodes.nth(i)
            index = int(node.get_attribute("data-i") or -1)
            if index not in taken and node.get_attribute("aria-pressed") == "false":
                node.click()
                taken.append(index)
                break


def play_human_turn(page: Page) -> None:
    """A plain scripted human: draw, then discard the first card (always legal here)."""
    if page.get_by_test_id("answer-dialog").count():
        page.get_by_test_id("answer-yes").click()
        return
    page.get_by_test_id("btn-draw").click()
    page.wait_for_function("() => !document.querySelector('[data-testid=btn-draw]') ||"
                           " document.querySelector('[data-testid=btn-draw]').disabled")
    if page.get_by_test_id("score-sheet").count():
        return
    select(page, [hand_cards(page)[0]])
    page.get_by_test_id("btn-discard").click()


def play_to_score_sheet(page: Page) -> None:
    """Play the human's turns (the AI plays the rest) until the round's score sheet shows."""
    for _ in range(200):
        my_turn(page)
        if page.get_by_test_id("score-sheet").count():
            return
        play_human_turn(page)
    raise AssertionError("the round did not end within 200 human turns")
