"""A whole round through the page to its score sheet, and offline play (issue 4)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import my_turn, open_game, play_to_score_sheet


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


@pytest.fixture
def sw_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "service_workers": "allow"}


def test_second_visit_works_offline(browser: Browser, base_url: str,
                                    sw_context_args: dict[str, Any]) -> None:
    context = browser.new_context(**{**sw_context_args, "base_url": base_url})
    try:
        page = context.new_page()
        page.goto("/?seed=5&fast=1")
        page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
        # Once the engine is ready the page asks the service worker to keep a copy.
        page.wait_for_selector("body[data-offline=ready]", state="attached", timeout=60_000)
        context.set_offline(True)
        page.reload()
        page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
        my_turn(page)
        expect(page.get_by_test_id("hand-card").first).to_be_visible()
    finally:
        context.close()

