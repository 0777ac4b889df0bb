"""House rules from the set-up dialog (canasta.rules.house_rules): ticked, refused when they
contradict each other, played by value, and their bonuses named on the score sheet."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from playwright.sync_api import Page, expect

import canasta
from canasta.rules.house_rules import with_house_rules
from tests.e2e.conftest import (
    hand_cards,
    my_turn,
    open_game,
    play_human_turn,
    saved_game,
    select,
)


def stored_view(page: Page) -> dict[str, Any]:
    view: dict[str, Any] = saved_game(page)["view"]
    return view


def test_house_rules_are_ticked_in_the_dialog_and_played(page: Page) -> None:
    open_game(page, "fast=1")
    dialog = page.get_by_test_id("setup-dialog")
    expect(dialog).to_be_visible()
    page.get_by_test_id("house-rules").locator("summary").click()
    # Two targets at once are refused with the reason, and the dialog stays.
    page.get_by_test_id("house-H3").check()
    page.get_by_test_id("house-H4").check()
    page.get_by_test_id("opt-seed").fill("4")
    page.get_by_test_id("start-game").click()
    expect(page.get_by_test_id("warning")).to_contain_text("H3 and H4 contradict")
    expect(page.get_by_test_id("setup-dialog")).to_be_visible()
    page.get_by_test_id("house-H4").uncheck()
    page.get_by_test_id("house-H9").check()
    page.get_by_test_id("house-H11").check()
    page.get_by_test_id("opt-seed").fill("4")
    page.get_by_test_id("start-game").click()
    my_turn(page)
    rules = with_house_rules(canasta.CLASSIC, ["H3", "H9", "H11"])
    assert stored_view(page)["rules"] == rules.to_json()
    assert hand_cards(page) == canasta.view_for(canasta.new_game(rules, 4), 0)["hand"]
    expect(page.get_by_test_id("rules-link")).to_have_attribute(
        "href", "./static/rules/classic-house-rules.html")
    play_human_turn(page)
    my_turn(page)
    # The dialog remembers the house rules of the game being played.
    page.get_by_test_id("menu-button").click()
    expect(page.get_by_test_id("house-H9")).to_be_checked()
    expect(page.get_by_test_id("house-H4")).not_to_be_checked()


def test_the_score_sheet_names_a_house_rules_bonus(page: Page) -> None:
    rules = with_house_rules(canasta.CLASSIC, ["H11"])
    kings = ["KC", "KC", "KD", "KD", "KH", "KH", "KS"]
    queens = ["QC", "QC", "QD", "QD", "QH", "QH", "QS"]
    position = {
        "rules": rules.to_json(), "to_move": 0, "phase": "play",
        "hands": [queens, ["4S", "4D", "7D"], ["8S", "8S"], ["6S", "6D", "7H"]],
        "melds": [[kings], []], "pile": ["7C"], "scores": [0, 0],
    }
    open_game(page, "fast=1&position=" + quote(json.dumps(position)))
    page.wait_for_selector("[data-testid=hand-card]")
    select(page, queens)
    page.get_by_test_id("btn-meld").click()
    expect(page.get_by_test_id("score-sheet")).to_be_visible()
    expect(page.get_by_test_id("score-sheet")).to_contain_text("Canastas laid down whole (H11)")
    expect(page.get_by_test_id("sheet-extra-concealed_canastas-0")).to_have_text("100")
    expect(page.get_by_test_id("sheet-extra-concealed_canastas-1")).to_have_text("0")
