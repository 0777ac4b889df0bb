"""A game's own options in the set-up dialog (canasta.rules.house_rules.VARIANT_OPTIONS):
listed per game with the house rules that apply to it, re-listed when the game chosen
changes, and played (six players with 13 cards, X3)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

import canasta
from canasta.rules.house_rules import describe, with_house_rules
from tests.e2e.conftest import hand_cards, my_turn, open_game, saved_game


def stored_view(page: Page) -> dict[str, Any]:
    view: dict[str, Any] = saved_game(page)["view"]
    return view


def offered(page: Page, rules: canasta.RuleSet) -> list[str]:
    """The ids the dialog offers, once it lists as many as the engine offers `rules`."""
    expect(page.locator("[data-testid=house-rules] input[type=checkbox]")).to_have_count(
        len(describe(rules)))
    return [t.removeprefix("house-") for t in page.eval_on_selector_all(
        "[data-testid=house-rules] input[type=checkbox]",
        "els => els.map(e => e.dataset.testid)")]


def test_six_players_with_thirteen_cards_from_the_dialog(page: Page) -> None:
    open_game(page, "fast=1")
    expect(page.get_by_test_id("setup-dialog")).to_be_visible()
    choice = page.get_by_test_id("opt-variant")
    # Classic offers every house rule; two players neither H1 (no partner) nor H8 (D4).
    expect(page.get_by_test_id("house-rules").locator("summary")).to_have_text("House rules")
    assert offered(page, canasta.CLASSIC) == [d["id"] for d in describe(canasta.CLASSIC)]
    choice.select_option("classic-2p")
    two = canasta.get_rules("classic-2p")
    assert offered(page, two) == [d["id"] for d in describe(two)]
    assert "H8" not in offered(page, two) and "H1" not in offered(page, two)
    # Six players: the game's own option X3 first, and no house rule that clashes (X6).
    choice.select_option("classic-6p")
    six = canasta.get_rules("classic-6p")
    summary = page.get_by_test_id("house-rules").locator("summary")
    expect(summary).to_have_text("Options and house rules")
    assert offered(page, six) == [d["id"] for d in describe(six)]
    assert offered(page, six)[0] == "X3" and "H4" not in offered(page, six)
    summary.click()
    page.get_by_test_id("house-X3").check()
    page.get_by_test_id("opt-seed").fill("3")
    page.get_by_test_id("start-game").click()
    my_turn(page)
    rules = with_house_rules(six, ["X3"])
    view = stored_view(page)
    assert view["rules"] == rules.to_json() and view["variant"] == "classic-6p+X3"
    assert len(hand_cards(page)) == 13
    assert view["hand_sizes"] == [13] * 6
    assert hand_cards(page) == canasta.view_for(canasta.new_game(rules, 3), 0)["hand"]
    # The rules link is the six players' page, where X3 is written.
    expect(page.get_by_test_id("rules-link")).to_have_attribute(
        "href", "./static/rules/classic-6p.html")
