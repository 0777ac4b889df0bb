"""The page's guards (issue 16): no HTML from data, a Content-Security-Policy, a worker
that fails or hangs replaced without losing the game, crafted addresses refused."""

from __future__ import annotations

import json
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import ROOT, guard_requests, hand_cards, my_turn, open_game, saved_game

POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; "
          "worker-src 'self' blob:; connect-src 'self'; img-src 'self' data:; "
          "style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'self'")
PAYLOAD = 'AS"><img src=x onerror=window.__pwned=1>'
CURRENT = "canasta:v1:current"

# Elements and handlers that markup from data would add, seen as they are added (the
# table redraws: a transient one would otherwise be missed), and CSP reports.
WATCH = """
window.__injected = [];
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(
    e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber));
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node.nodeType !== 1) continue;
      for (const el of [node, ...node.querySelectorAll('*')]) {
        const handlers = [...el.attributes].filter((a) => a.name.startsWith('on'));
        const tag = el.tagName.toUpperCase();
        // ours: the page's own scripts
        const ours = tag === 'SCRIPT' && el.src.startsWith(location.origin + '/static/');
        if (['IMG', 'SVG', 'SCRIPT', 'IFRAME', 'OBJECT', 'EMBED'].includes(tag) && !ours
            || handlers.length) {
          window.__injected.push(el.outerHTML.slice(0, 120));
        }
      }
    }
  }
}).observe(document, { childList: true, subtree: true });
"""


def saved(page: Page) -> dict[str, Any]:
    save: dict[str, Any] = saved_game(page)
    return save


def start_turn(page: Page, query: str = "seed=1&fast=1") -> list[str]:
    open_game(page, query)
    my_turn(page)
    return hand_cards(page)


# ----- a Content-Security-Policy, and no inline script ----------------------------------
def test_index_has_the_policy_and_no_inline_script_or_handler() -> None:
    class Scan(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.policy: list[str] = []
            self.inline: list[str] = []
            self.script = False

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            data = dict(attrs)
            if tag == "meta" and data.get("http-equiv") == "Content-Security-Policy":
                self.policy.append(data.get("content") or "")
            self.inline += [f"{tag} {name}" for name in data if name.startswith("on")]
            self.script = tag == "script" and "src" not in data

        def handle_data(self, data: str) -> None:
            if self.script and data.strip():
                self.inline.append("script: " + data.strip()[:40])

        def handle_endtag(self, tag: str) -> None:
            self.script = False

    scan = Scan()
    scan.feed(Path(ROOT / "index.html").read_text())
    assert scan.policy == [POLICY]
    assert scan.inline == []


def test_the_game_plays_under_the_policy_without_a_violation(page: Page) -> None:
    page.add_init_script(WATCH)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    start_turn(page)
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    page.get_by_test_id("hand-card").first.click()
    page.get_by_test_id("btn-discard").click()
    expect(page.get_by_test_id("log")).to_contain_text("You discarded")
    my_turn(page)  # the computer players' turns, in the worker
    assert page.evaluate("window.__violations") == []
    assert not [e for e in errors if "Content Security Policy" in e], errors
    # The policy is in force: an inline handler added now is refused.
    page.evaluate("document.body.insertAdjacentHTML('beforeend',"
                  " '<img id=probe src=x onerror=\"window.__pwned=1\">')")
    page.wait_for_function("window.__violations.length > 0")
    assert "script-src" in page.evaluate("window.__violations[0]")
    assert page.evaluate("window.__pwned") is None


# ----- no HTML from data --------------------------------------------------------------------
@pytest.fixture
def no_csp_page(browser: Browser, base_url: str,
                browser_context_args: dict[str, Any]) -> Iterator[Page]:
    """A page with its Content-Security-Policy switched off: the escaping alone holds."""
    context = browser.new_context(**{**browser_context_args, "bypass_csp": True,
                                     "base_url": base_url})
    outside = guard_requests(context)
    page = context.new_page()
    page.add_init_script(WATCH)
    try:
        yield page
    finally:
        context.close()
    assert not outside, f"requests left this machine: {outside}"


def test_markup_in_a_saved_view_is_never_run(no_csp_page: Page) -> None:
    page = no_csp_page
    start_turn(page)
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    data = saved(page)
    view = data["view"]
    view["hand"][0] = PAYLOAD
    view["totals"][0] = PAYLOAD
    view["round"] = PAYLOAD
    view["stock_size"] = PAYLOAD
    view["pile"]["top"] = PAYLOAD
    view["melds"][0] = [{"id": PAYLOAD, "rank": PAYLOAD, "cards": [PAYLOAD], "canasta": None}]
    data["level"] = PAYLOAD
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [CURRENT, json.dumps(data)])
    page.goto("/?fast=1")
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    # Settled: the engine resumed the game (its own view replaces the saved one), or
    # the save was refused and set aside.
    page.wait_for_function("""() => document.querySelector('[data-testid=setup-dialog]')
        || [...document.querySelectorAll('[data-testid=hand-card]')].length === 12
           && ![...document.querySelectorAll('[data-testid=hand-card]')]
                .some((c) => c.dataset.card.includes('<'))""")
    assert page.evaluate("window.__injected") == []
    assert page.evaluate("window.__pwned") is None
    assert page.evaluate("document.querySelectorAll('img, svg').length") == 0


def test_markup_in_the_players_name_and_the_address_is_text(no_csp_page: Page) -> None:
    page = no_csp_page
    page.goto("/?fast=1")
    page.evaluate("localStorage.setItem('canasta:v1:settings',"
                  " JSON.stringify({coach: true, name: '<svg onload=alert()>'}))")
    start_turn(page, "seed=1&fast=1&variant=%3Cimg%20src=x%20onerror=window.__pwned=1%3E"
                     "&level=%22%3E%3Cimg%20src=x%20onerror=window.__pwned=1%3E")
    expect(page.get_by_test_id("warning")).to_contain_text("Unknown game")
    expect(page.get_by_test_id("warning")).to_contain_text("Unknown computer level")
    page.get_by_test_id("dismiss-warning").click()
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    page.get_by_test_id("hand-card").first.click()
    page.get_by_test_id("btn-discard").click()
    expect(page.get_by_test_id("log")).to_contain_text("<svg onload=alert()> discarded")
    expect(page.get_by_test_id("seat-0-name")).to_have_text("<svg onload=alert()>")
    assert page.evaluate("window.__injected") == []
    assert page.evaluate("window.__pwned") is None
    assert page.evaluate("document.querySelectorAll('img, svg').length") == 0


# ----- never stuck: a worker that hangs, dies or fails -------------------------------------
def test_a_hung_worker_is_replaced_and_the_game_goes_on(page: Page) -> None:
    before = start_turn(page)
    actions = saved(page)["engine"]["actions"]
    # The engine's thread loops for ever from now on (a bug, a pathological save...).
    page.workers[-1].evaluate("setTimeout(() => { for (;;) {} }, 0)")
    page.get_by_test_id("btn-draw").click()
    warning = page.get_by_test_id("warning")
    expect(warning).to_contain_text("did not answer within 10 seconds", timeout=60_000)
    expect(warning).to_contain_text("restarted from your last save")
    expect(warning).to_contain_text("Your last move was not played")
    my_turn(page)
    assert hand_cards(page) == before
    assert saved(page)["engine"]["actions"] == actions
    assert saved(page)["engine"]["seed"] == 1
    page.get_by_test_id("dismiss-warning").click()
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    page.get_by_test_id("hand-card").first.click()
    page.get_by_test_id("btn-discard").click()
    my_turn(page)  # the new worker plays the computer players' turns
    assert len(saved(page)["engine"]["actions"]) > len(actions) + 2


def test_a_worker_that_dies_is_replaced(page: Page) -> None:
    before = start_turn(page)
    page.workers[-1].evaluate("setTimeout(() => self.close(), 0)")
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("warning")).to_contain_text("restarted", timeout=60_000)
    my_turn(page)
    assert hand_cards(page) == before
    page.get_by_test_id("dismiss-warning").click()
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)


def test_a_failed_call_restarts_the_worker_with_its_reason(page: Page) -> None:
    before = start_turn(page)
    # The next call to the engine fails (as a Python error in the worker would).
    page.evaluate("""() => {
        const real = window.canastaDeadline;
        window.canastaDeadline = () => {
            window.canastaDeadline = real;
            return Promise.reject(new Error('injected fault'));
        };
    }""")
    page.get_by_test_id("btn-draw").click()
    warning = page.get_by_test_id("warning")
    expect(warning).to_contain_text("failed (", timeout=60_000)
    expect(warning).to_contain_text("injected fault")
    my_turn(page)
    assert hand_cards(page) == before


def test_an_engine_that_fails_to_start_is_started_again(page: Page) -> None:
    zips: list[str] = []

    def first_fails(route: Any) -> None:
        zips.append(route.request.url)
        if len(zips) == 1:
            route.abort("connectionreset")
        else:
            route.fallback()

    page.route("**/static/canasta.zip", first_fails)
    start_turn(page, "seed=7&fast=1")
    assert len(zips) == 2
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)


def test_a_game_that_fails_twice_in_a_row_is_set_aside(page: Page) -> None:
    start_turn(page)
    page.workers[-1].evaluate("setTimeout(() => { for (;;) {} }, 0)")
    page.get_by_test_id("btn-draw").click()
    warning = page.get_by_test_id("warning")
    expect(warning).to_contain_text("restarted from your last save", timeout=60_000)
    my_turn(page)
    page.get_by_test_id("dismiss-warning").click()
    page.workers[-1].evaluate("setTimeout(() => { for (;;) {} }, 0)")
    page.get_by_test_id("btn-draw").click()
    # Twice in a row on this game: it is set aside and a new game offered.
    expect(warning).to_contain_text("set aside", timeout=60_000)
    expect(warning).to_contain_text("did not answer within 10 seconds twice in a row")
    expect(page.get_by_test_id("setup-dialog")).to_be_visible()
    kept = json.loads(page.evaluate(
        "() => { const k = Object.keys(localStorage).find("
        "k => k.startsWith('canasta:v1:aside:')); return localStorage.getItem(k); }"))
    assert kept["engine"]["seed"] == 1
    # A reload does not fall into it again: the set-up dialog, and a new deal plays.
    page.goto("/?fast=1")
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    expect(page.get_by_test_id("setup-dialog")).to_be_visible()
    page.get_by_test_id("start-game").click()
    my_turn(page)


# ----- crafted addresses ----------------------------------------------------------------------
def test_an_unknown_level_is_refused_and_not_saved(page: Page) -> None:
    start_turn(page, "seed=3&fast=1&level=bogus")
    expect(page.get_by_test_id("warning")).to_contain_text("Unknown computer level “bogus”")
    assert saved(page)["level"] == "normal"
    page.get_by_test_id("dismiss-warning").click()
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)


def test_an_unknown_level_in_a_save_plays_at_normal(page: Page) -> None:
    start_turn(page, "seed=3&fast=1")
    data = saved(page)
    data["level"] = "bogus"
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [CURRENT, json.dumps(data)])
    page.goto("/?fast=1")
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    my_turn(page)
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    page.get_by_test_id("hand-card").first.click()
    page.get_by_test_id("btn-discard").click()
    my_turn(page)  # the computer players played, at normal level
    assert saved(page)["level"] == "normal"


def test_an_unknown_variant_is_refused_for_the_default(page: Page) -> None:
    start_turn(page, "seed=3&fast=1&variant=bogus")
    expect(page.get_by_test_id("warning")).to_contain_text("Unknown game “bogus”")
    assert saved(page)["view"]["variant"] == "classic"


def test_a_deeply_nested_position_is_refused_before_parsing(page: Page) -> None:
    position = quote("[" * 3000 + "]" * 3000)
    page.goto(f"/?fast=1&position={position}")
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    expect(page.get_by_test_id("warning")).to_contain_text("nested too deeply")
    expect(page.get_by_test_id("setup-dialog")).to_be_visible()
    page.get_by_test_id("start-game").click()
    my_turn(page)


def test_a_five_thousand_digit_seed_is_refused(page: Page) -> None:
    page.goto("/?fast=1&seed=" + "9" * 5000)
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    expect(page.get_by_test_id("warning")).to_contain_text("not a whole number of at most 15")
    expect(page.get_by_test_id("setup-dialog")).to_be_visible()
    page.get_by_test_id("start-game").click()
    my_turn(page)
