"""A whole round through the page to its score sheet, and offline play (issue 4)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from tests.e2e.conftest import (
    guard_requests,
    hand_cards,
    my_turn,
    open_game,
    play_to_score_sheet,
)


def test_a_whole_round_to_the_score_sheet(page: Page) -> None:
    open_game(page, "seed=3&fast=1&level=easy")
    play_to_score_sheet(page)
    sheet = page.get_by_test_id("score-sheet")
    expect(sheet).to_be_visible()
    for part in ("melded_cards", "canasta_bonus", "red_threes", "going_out", "hand_penalty"):
        expect(page.get_by_test_id(f"sheet-{part}-0")).to_be_visible()
    total = int(page.get_by_test_id("sheet-total-0").inner_text())
    assert int(page.get_by_test_id("sheet-game-0").inner_text()) == total
    page.get_by_test_id("next-round").click()
    expect(page.get_by_test_id("round")).to_have_text("Round 2")
    expect(page.get_by_test_id("history")).to_contain_text(str(total))
    # A closed sheet leaves nothing behind for `[data-testid=score-sheet]` to find.
    expect(page.get_by_test_id("score-sheet")).to_have_count(0)


@pytest.fixture
def sw_context(browser: Browser, base_url: str,
               browser_context_args: dict[str, Any]) -> Iterator[tuple[BrowserContext, list[str]]]:
    """A context of its own with the service worker allowed, under the same request
    guard as the usual one; the guard sees the service worker's requests too."""
    context = browser.new_context(**{**browser_context_args, "service_workers": "allow",
                                     "base_url": base_url})
    outside = guard_requests(context)
    try:
        yield context, outside
    finally:
        context.close()


def first_visit(context: BrowserContext, query: str) -> Page:
    """Open the page and wait until the service worker has a copy of every file."""
    page = context.new_page()
    page.goto("/?" + query)
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    # Once the engine is ready the page asks the service worker to keep a copy.
    page.wait_for_selector("body[data-offline=ready]", state="attached", timeout=60_000)
    return page


def test_second_visit_works_offline(sw_context: tuple[BrowserContext, list[str]]) -> None:
    context, outside = sw_context
    page = first_visit(context, "seed=5&fast=1")
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    my_turn(page)
    expect(page.get_by_test_id("hand-card").first).to_be_visible()
    assert not outside, f"requests left this machine: {outside}"


def test_the_guard_sees_the_service_workers_requests(
        sw_context: tuple[BrowserContext, list[str]]) -> None:
    context, outside = sw_context
    seen: list[str] = []
    context.on("request", lambda r: seen.append(r.url) if r.service_worker else None)
    first_visit(context, "seed=5&fast=1")
    # The copies for offline play are fetched by the service worker itself.
    assert any(url.endswith("/static/precache.json") for url in seen), seen
    worker = context.service_workers[0]
    # A request off this machine from inside the service worker fails: the site's
    # Content-Security-Policy (connect-src 'self', sent by tools/serve.py) stops it in
    # the worker, and were it let through, the guard would catch and abort it.
    failed = worker.evaluate("""() => fetch('https://example.com/canasta-guard-check')
        .then(() => 'fetched', (err) => 'failed: ' + err)""")
    assert failed.startswith("failed"), failed
    assert outside in ([], ["https://example.com/canasta-guard-check"])


def test_a_dead_network_while_online_falls_back_to_the_copies(
        sw_context: tuple[BrowserContext, list[str]]) -> None:
    """Server down or captive Wi-Fi: the browser says online, every fetch fails."""
    context, outside = sw_context
    page = first_visit(context, "seed=5&fast=1")
    my_turn(page)
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    before = hand_cards(page)
    failed: list[str] = []

    def dead(route: Route) -> None:
        failed.append(route.request.url)
        route.abort("internetdisconnected")

    context.route("**/*", dead)
    page.goto("/?fast=1")
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    expect(page.get_by_test_id("btn-discard")).to_be_visible()
    assert hand_cards(page) == before
    assert page.evaluate("navigator.onLine")
    # The service worker did try the network first (its fetches were aborted here).
    assert any(url.split("?")[0].endswith("/") for url in failed), failed
    assert not outside, f"requests left this machine: {outside}"
