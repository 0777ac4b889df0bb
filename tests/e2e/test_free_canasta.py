"""Free Canasta at the table: chosen in the set-up dialog, a meld of wild cards started
by selecting wild cards alone, built up, and drawn as a wild canasta when complete."""

from __future__ import annotations

import json
from urllib.parse import quote

from playwright.sync_api import Page, expect

import canasta
from tests.e2e.conftest import hand_cards, my_turn, open_game, play_human_turn, select

FREE = canasta.get_rules("free-canasta")
KINGS = ["KC", "KC", "KD", "KD", "KH", "KH", "KS"]


def test_free_canasta_from_the_dialog_plays_a_turn(page: Page) -> None:
    open_game(page, "fast=1")
    page.get_by_test_id("opt-variant").select_option("free-canasta")
    expect(page.get_by_test_id("variant-note")).to_have_text(FREE.title)
    page.get_by_test_id("opt-seed").fill("6")
    page.get_by_test_id("start-game").click()
    my_turn(page)
    assert hand_cards(page) == canasta.view_for(canasta.new_game(FREE, 6), 0)["hand"]
    expect(page.get_by_test_id("rules-link")).to_have_attribute(
        "href", "./static/rules/free-canasta.html")
    play_human_turn(page)
    my_turn(page)


def test_wild_cards_alone_make_a_meld_that_becomes_a_wild_canasta(page: Page) -> None:
    position = {
        "rules": FREE.to_json(), "to_move": 0, "phase": "play",
        "hands": [["JK", "JK", "2C", "2C", "2D", "2D", "2H", "9C", "9D", "8S"],
                  ["4S", "4D", "7D"], ["JS", "JD", "7S"], ["6S", "6D", "7H"]],
        "melds": [[KINGS], []], "pile": ["7C"], "scores": [0, 0],
    }
    open_game(page, "fast=1&position=" + quote(json.dumps(position)))
    page.wait_for_selector("[data-testid=hand-card]")
    select(page, ["2C", "2C", "2D"])
    page.get_by_test_id("btn-meld").click()
    wild = page.get_by_test_id("meld-0-W")
    expect(wild).to_contain_text("Wild cards · 3")
    # The rest of the wild cards join it: dropped on it, or selected with it targeted.
    select(page, ["JK", "JK", "2D", "2H"])
    wild.click()
    expect(wild).to_contain_text("Wild canasta · Wild cards · 7")
    expect(wild.locator(".card.canasta-wild")).to_have_count(1)
    expect(page.get_by_test_id("log")).to_contain_text("laid off")
    page.screenshot(path="test-results/free-canasta-wild-canasta.png")
