"""The discard pile in the page: an unfrozen take, its markers, and what a click or
Take pile does when nothing fitting is staged.

The deals were found under CPython with the page's own AI (seeded as
static/worker.py seeds it, level easy) and the scripted human of conftest.py
(draw, discard the first card): by the human's second turn their partner has
made the team's initial meld and the pile can be taken."""

from __future__ import annotations

import json
from urllib.parse import quote

from playwright.sync_api import Page, expect

from tests.e2e.conftest import hand_cards, my_turn, open_game, play_human_turn, select


def second_turn(page: Page, seed: int) -> None:
    """Open the deal, play the human's first turn, wait for their second."""
    open_game(page, f"seed={seed}&fast=1&level=easy")
    my_turn(page)
    play_human_turn(page)
    my_turn(page)
    expect(page.get_by_test_id("btn-draw")).to_be_enabled()


def expect_no_marks(page: Page) -> None:
    for mark in ("pile-frozen", "pile-frozen-for-you", "pile-blocked"):
        expect(page.get_by_test_id(mark)).to_have_count(0)


def test_take_an_unfrozen_pile_with_a_natural_and_a_wild(page: Page) -> None:
    # Seed 2: North has melded aces; the pile (5 cards, 10♣ on top) holds no wild card.
    second_turn(page, 2)
    expect(page.get_by_test_id("meld-0-A")).to_be_visible()
    expect(page.get_by_test_id("pile-top")).to_have_attribute("data-card", "TC")
    expect(page.get_by_test_id("pile")).to_contain_text("Discard · 5")
    expect_no_marks(page)
    # A natural 10 and a wild card: allowed only because the pile is not frozen.
    select(page, ["TD", "2S"])
    page.get_by_test_id("pile").click()
    expect(page.get_by_test_id("log")).to_contain_text("You took the pile")
    expect(page.get_by_test_id("meld-0-T")).to_be_visible()
    expect(page.get_by_test_id("refusal")).to_be_hidden()
    # 11 - 2 melded + 5 from the pile (its top card went on the meld) = 13.
    expect(page.get_by_test_id("hand-card")).to_have_count(13)
    expect(page.get_by_test_id("btn-discard")).to_be_visible()


def test_take_pile_with_nothing_staged_never_spends_a_wild_card(page: Page) -> None:
    # Seed 2 again: every take listed needs a wild card (10♦ with the joker or the 2♠).
    second_turn(page, 2)
    before = hand_cards(page)
    page.get_by_test_id("btn-take").click()
    expect(page.get_by_test_id("refusal")).to_contain_text(
        "Select the cards that go with the Ten of clubs")
    expect(page.get_by_test_id("refusal-rule")).to_have_text("C11")
    expect(page.get_by_test_id("pile-top")).to_have_attribute("data-card", "TC")
    assert hand_cards(page) == before
    expect(page.get_by_test_id("btn-draw")).to_be_enabled()


def test_take_pile_with_nothing_staged_takes_two_naturals(page: Page) -> None:
    # Seed 12: the queen on top can go with two natural queens or with a queen and a 2.
    second_turn(page, 12)
    expect_no_marks(page)
    page.get_by_test_id("btn-take").click()
    # The game chose the cards: it says which, and waits for a yes (issue 15).
    expect(page.get_by_test_id("take-confirm")).to_contain_text("with your Q♥ Q♣")
    page.get_by_test_id("btn-take-yes").click()
    expect(page.get_by_test_id("log")).to_contain_text("You took the pile with Q♥ Q♣")
    expect(page.get_by_test_id("meld-0-Q")).to_be_visible()
    expect(page.locator("[data-testid=hand-card][data-card='2S']")).to_have_count(1)


def test_clicking_the_pile_while_playing_says_what_to_do(page: Page) -> None:
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    page.get_by_test_id("pile").click()
    expect(page.get_by_test_id("refusal")).to_contain_text("select one card of your hand")
    select(page, hand_cards(page)[:2])
    page.get_by_test_id("pile").click()
    expect(page.get_by_test_id("refusal")).to_contain_text("Only one card can be discarded")
    expect(page.get_by_test_id("hand-card")).to_have_count(12)


def _position(pile: list[str]) -> str:
    """Seat 0 to draw; both teams have melded; the pile as given (top last)."""
    return quote(json.dumps({
        "variant": "classic", "to_move": 0, "phase": "draw",
        "hands": [["9H", "9D", "5C", "KD", "2D"], ["4S", "4S", "6C"], ["8S", "8H", "7D"],
                  ["TC", "TC", "JD"]],
        "melds": [[["QD", "QD", "QC"]], [["AD", "AD", "AC"]]],
        "pile": pile,
        "scores": [0, 0],
    }))


def test_a_pile_frozen_by_a_wild_card_is_marked(page: Page) -> None:
    open_game(page, f"position={_position(['5H', '2C', '9S'])}&fast=1")
    my_turn(page)
    expect(page.get_by_test_id("pile-frozen")).to_be_visible()
    expect(page.get_by_test_id("pile-frozen-for-you")).to_have_count(0)
    expect(page.get_by_test_id("pile-blocked")).to_have_count(0)
    select(page, ["9H", "2D"])
    page.get_by_test_id("pile").click()
    expect(page.get_by_test_id("refusal-rule")).to_have_text("C14")
    expect(page.get_by_test_id("hand-card")).to_have_count(5)


def test_a_pile_under_a_black_three_is_marked_blocked(page: Page) -> None:
    open_game(page, f"position={_position(['5H', '9C', '3S'])}&fast=1")
    my_turn(page)
    expect(page.get_by_test_id("pile-blocked")).to_be_visible()
    expect(page.get_by_test_id("pile-frozen")).to_have_count(0)
    expect(page.get_by_test_id("pile-frozen-for-you")).to_have_count(0)
    page.get_by_test_id("pile").click()
    expect(page.get_by_test_id("refusal")).to_contain_text("blocked")
    expect(page.get_by_test_id("refusal-rule")).to_have_text("C15")
