"""Samba with a counted pile and melds of 2s at the table (issue 12; docs/variants/
samba-twos.md Z3, Z5, Z6): the pile says how many of its cards lie face down; a meld
of 2s is drawn and named; a 2 put on another meld while it is short of a canasta is
refused with its rule. Chosen in the set-up dialog: test_variants.py."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

import canasta
from tests.e2e.conftest import OTHERS, open_game, open_position, select


def king_deal() -> int:
    """A seed whose deal turns up a king: thirteen cards face down under it."""
    rules = canasta.get_rules("samba-twos")
    return next(s for s in range(500) if canasta.new_game(rules, s).pile[-1][0] == "K")


def test_the_counted_pile_shows_its_face_down_cards(page: Page) -> None:
    open_game(page, f"fast=1&level=easy&variant=samba-twos&seed={king_deal()}")
    page.wait_for_selector("[data-testid=hand-card]")
    expect(page.get_by_test_id("pile")).to_contain_text("· 13 face down")


def test_a_meld_of_2s_and_its_2s_wild_nowhere_else(page: Page) -> None:
    position: dict[str, Any] = {
        "variant": "samba-twos", "to_move": 0, "phase": "play",
        "hands": [["2C", "2D", "2H", "2S", "JK", "9D", "QS", "QS", "4S"], *OTHERS],
        "melds": [[["KC", "KD", "KH"]], []], "pile": ["5D"], "scores": [0, 0]}
    open_position(page, position)
    select(page, ["2C", "2D", "2H"])
    page.get_by_test_id("btn-meld").click()
    twos = page.get_by_test_id("meld-0-W")
    expect(twos.locator(".mlabel")).to_have_text("2s · 3")
    # Z6: while it is short of a canasta, a 2 goes nowhere else
    select(page, ["2S"])
    page.get_by_test_id("meld-0-K").click()
    expect(page.get_by_test_id("refusal")).to_contain_text("Z6")
    page.screenshot(path="test-results/samba-twos-meld-of-2s.png")
