"""Brazilian Canasta at the table (issue 12; docs/variants/brazilian.md): the pile refused
to a side without its initial meld (BR3), the meter and the melds set aside asking for the
canasta the initial meld needs from 7000 (BR2), and the score sheet's line for sequences
of five or more (BR5). Brazilian chosen in the set-up dialog: test_variants.py."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from playwright.sync_api import Page, expect

import canasta
from tests.e2e.conftest import open_game, select

OTHERS = [["4C", "5C", "6C", "7C", "8C"], ["4H", "4H", "6C", "6C", "7C"],
          ["AH", "AH", "AD", "QC", "QC"]]
KINGS = ["KC", "KD", "KD", "KH", "KS", "KS"]


def brazilian(hand: list[str], **extra: Any) -> dict[str, Any]:
    return {"variant": "brazilian", "to_move": 0, "phase": "draw",
            "hands": [hand, *OTHERS], "melds": [[], []], "pile": ["9S", "KD"],
            "scores": [7200, 3000], **extra}


def open_position(page: Page, position: dict[str, Any]) -> None:
    canasta.load_position(position, 0)  # (a position the engine refuses fails here)
    open_game(page, "fast=1&level=easy&position=" + quote(json.dumps(position)))
    page.wait_for_selector("[data-testid=hand-card]")


def test_from_7000_the_initial_meld_is_a_canasta_from_the_hand(page: Page) -> None:
    open_position(page, brazilian([*KINGS, "2C", "9D", "9C", "4S", "7S", "7D", "JD", "QD",
                                   "5H"]))
    # BR3: two kings in hand, a king on the pile, but no initial meld yet: refused.
    select(page, ["KC", "KD"])
    page.get_by_test_id("pile").click()
    expect(page.get_by_test_id("refusal")).to_contain_text("never taken for the initial meld")
    expect(page.get_by_test_id("refusal-rule")).to_have_text("BR3")
    page.get_by_test_id("btn-clear").click()
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(17)  # the two cards drawn
    meter = page.get_by_test_id("meld-meter")
    expect(meter).to_have_text("Initial meld 0 / a canasta")
    expect(page.get_by_test_id("score-0")).to_contain_text("min canasta")
    expect(page.get_by_test_id("score-1")).to_contain_text("min 120")
    # BR2: three kings are set aside, not laid: the side needs a canasta.
    select(page, ["KC", "KD", "KD"])
    expect(meter).to_have_text("Initial meld 30 / a canasta")
    page.get_by_test_id("btn-meld").click()
    aside = page.get_by_test_id("pending-melds")
    expect(aside).to_contain_text("30 points; it needs a canasta")
    # The other kings and the 2 make it a canasta of seven: all of it goes down.
    select(page, ["KH", "KS", "KS", "2C"])
    aside.locator("[data-act=meld-target]").click()
    expect(aside).to_have_count(0)
    expect(page.get_by_test_id("meld-0-K").locator(".mlabel")).to_contain_text("Kings · 7")
    expect(meter).to_have_count(0)  # the initial meld is made
    page.screenshot(path="test-results/brazilian-initial-canasta.png")


def test_the_score_sheet_counts_sequences_of_five_or_more(page: Page) -> None:
    position = brazilian(["9C"], phase="play", scores=[0, 0], melds=[
        [["4S", "5S", "6S", "7S", "8S"], ["5H", "6H", "7H", "8H", "9H", "TH", "JH"],
         ["KC", "KD", "KD", "KH", "KH", "KS", "KS"]], []])
    open_position(page, position)
    select(page, ["9C"])
    page.get_by_test_id("pile").click()
    expect(page.get_by_test_id("score-sheet")).to_be_visible()
    expect(page.get_by_test_id("sheet-extra-sequences-0")).to_have_text("2000")
    expect(page.get_by_test_id("score-sheet")).to_contain_text("Sequences by their length")
