"""Touch play at phone width, and the thinking indicator while an AI decides (issues 4, 5)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import hand_cards, my_turn, open_game

PHONE = {"width": 360, "height": 740}


@pytest.fixture
def context(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[BrowserContext]:
    """A phone: touch events, a 360 px wide screen (the blocking guard still applies)."""
    args = {**browser_context_args, "viewport": PHONE, "has_touch": True, "is_mobile": True}
    ctx = browser.new_context(**args)
    yield ctx
    ctx.close()


def tap_cards(page: Page, cards: list[str]) -> None:
    for card in cards:
        node = page.locator(f"[data-testid=hand-card][data-card='{card}'][aria-pressed=false]")
        node.first.tap()


def test_a_whole_turn_by_touch_on_a_phone(page: Page) -> None:
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    assert page.evaluate("() => 'ontouchstart' in window")
    page.get_by_test_id("btn-draw").tap()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    tap_cards(page, ["4D", "4C", "JK"])
    expect(page.get_by_test_id("meld-meter")).to_contain_text("60 / 50")
    page.get_by_test_id("btn-meld").tap()
    expect(page.get_by_test_id("meld-0-4")).to_be_visible()
    expect(page.get_by_test_id("hand-card")).to_have_count(9)
    tap_cards(page, [hand_cards(page)[0]])
    page.get_by_test_id("btn-discard").tap()
    expect(page.get_by_test_id("log")).to_contain_text("You discarded")
    # The other players sit in one row above the table, so the melds get the
    # phone's whole width rather than a column between two seats. The AIs play
    # on after the discard and each turn changes the lines above the table (the
    # coach line hides, the banner wraps), moving the whole table up and down:
    # measure once the turn is back, and every box in one layout, not one
    # bounding_box() call each, which may straddle a re-render.
    my_turn(page)
    boxes = page.evaluate("""() => Object.fromEntries(
        ['melds-them', 'seat-1', 'seat-2', 'seat-3'].map(id => {
            const b = document.querySelector(`[data-testid=${id}]`).getBoundingClientRect();
            return [id, {y: b.y, bottom: b.bottom, width: b.width}];
        }))""")
    melds = boxes["melds-them"]
    assert melds["width"] >= 0.8 * PHONE["width"]
    for seat in ("seat-1", "seat-2", "seat-3"):
        assert boxes[seat]["bottom"] <= melds["y"], f"{seat} is not above the melds: {boxes}"
    # Nothing of the table is wider than the phone.
    overflow = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
    assert overflow <= 0, f"the table scrolls sideways by {overflow}px"


def test_staged_cards_are_cleared_by_touch(page: Page) -> None:
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    page.get_by_test_id("btn-draw").tap()
    tap_cards(page, ["4D", "4C"])
    expect(page.locator("[data-testid=hand-card][aria-pressed=true]")).to_have_count(2)
    page.get_by_test_id("btn-clear").tap()
    expect(page.locator("[data-testid=hand-card][aria-pressed=true]")).to_have_count(0)
    expect(page.get_by_test_id("hand-card")).to_have_count(12)


def test_thinking_shows_while_the_ai_decides_and_hides_after(page: Page) -> None:
    open_game(page, "seed=1&fast=1&level=strong")
    my_turn(page)
    # Record every change of the indicator: the strong AI's steps may be quicker
    # than a poll, but each one shows it and hides it again.
    page.evaluate("""() => {
        window.thinkingSeen = [];
        const t = document.querySelector('[data-testid=thinking]');
        new MutationObserver(() => window.thinkingSeen.push(!t.hidden))
            .observe(t, {attributes: true, attributeFilter: ['hidden']});
    }""")
    page.get_by_test_id("btn-draw").tap()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    tap_cards(page, [hand_cards(page)[0]])
    page.get_by_test_id("btn-discard").tap()
    my_turn(page)
    seen = page.evaluate("() => window.thinkingSeen")
    assert True in seen, "the thinking indicator never showed during the AI turns"
    assert seen[-1] is False
    expect(page.get_by_test_id("thinking")).to_be_hidden()
    # Three AI seats played a turn each: the log names them.
    for seat in ("West", "North", "East"):
        expect(page.get_by_test_id("log")).to_contain_text(seat)
