"""Free Canasta at the table: a meld of wild cards started by selecting wild cards
alone, built up, and drawn as a wild canasta when complete (chosen in the set-up dialog
and a whole round: test_variants.py)."""

from __future__ import annotations

import json
from urllib.parse import quote

from playwright.sync_api import Page, expect

import canasta
from tests.e2e.conftest import open_game, select

FREE = canasta.get_rules("free-canasta")
KINGS = ["KC", "KC", "KD", "KD", "KH", "KH", "KS"]


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
