"""Railroad Canasta at the table (docs/variants/railroad.md): chosen in the set-up dialog
with its options (R21-R26), each seat's kitty shown face down with its count, yours
looked at and taken with a discard once open (R13), a hand of 7s none of which may be
discarded (R16) ending the round by its button (R18), and a draw from the empty stock
ending it too (R18)."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from playwright.sync_api import Page, expect

import canasta
from canasta.game.cards import make_deck
from tests.e2e.conftest import (
    cards_of,
    hand_cards,
    my_turn,
    open_position,
    select,
    start_from_dialog,
)

KINGS = ["KS", "KS", "KH", "KD", "KC", "KH", "KD"]  # a red (natural) canasta: the kitty opens
KITTY = ["4S", "4H", "5H", "6D", "8C", "9C", "TD", "JH", "QS", "AH", "2S"]
OTHERS = [["4C", "5C", "6C", "8C", "9C"], ["4H", "4H", "6C", "6C", "8C"],
          ["AH", "AH", "AD", "QC", "QC"]]


def test_railroad_is_dealt_from_the_dialog_with_its_options_and_a_turn_played(
        page: Page) -> None:
    start_from_dialog(page, "railroad", ("R21", "R22", "R23", "R24", "R25", "R26"))
    expect(page.locator("section.seat:not([hidden])")).to_have_count(3)
    expect(page.get_by_test_id("rules-link")).to_have_attribute(
        "href", re.compile(r"railroad\.html$"))
    # Every seat's kitty lies face down with its count; yours is not open yet.
    for seat in range(4):
        expect(page.get_by_test_id(f"kitty-count-{seat}")).to_have_text("Kitty 11")
    expect(page.get_by_test_id("kitty-look")).to_have_count(0)
    hand = hand_cards(page)
    assert len(hand) == 13
    page.get_by_test_id("btn-draw").click()  # two cards (R12)
    expect(page.get_by_test_id("hand-card")).to_have_count(15)
    expect(page.get_by_test_id("kitty-take")).to_have_count(0)  # no kitty to take
    card = next(c for c in hand_cards(page) if c[0] != "7")  # no 7 discarded (R16)
    select(page, [card])
    page.get_by_test_id("btn-discard").click()
    expect(page.get_by_test_id("log")).to_contain_text("You discarded")
    my_turn(page)
    expect(page.get_by_test_id("hand-card")).to_have_count(14)


def kitty_position() -> dict[str, Any]:
    """The human has a red canasta, so his kitty is open to him (R13), and must discard."""
    return {
        "variant": "railroad", "to_move": 0, "phase": "play",
        "hands": [["5S", "6S", "8D", "8H", "9D"], *OTHERS],
        "melds": [[KINGS], [], [], []], "pile": ["5D"],
        "packets": [KITTY, KITTY, KITTY, KITTY],
        "packets_open": [True, False, False, False],
    }


def test_an_open_kitty_is_looked_at_and_taken_with_the_discard(page: Page) -> None:
    open_position(page, kitty_position())
    expect(page.get_by_test_id("kitty-count-0")).to_have_text("Kitty 11")
    expect(page.get_by_test_id("kitty-count-1")).to_have_text("Kitty 11")
    # Looked at: its cards face up, small, on request.
    expect(page.get_by_test_id("kitty-cards")).to_be_hidden()
    page.get_by_test_id("kitty-look").click()
    expect(page.get_by_test_id("kitty-look")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("kitty-cards").locator(".card")).to_have_count(11)
    assert Counter(cards_of(page, "kitty-cards")) == Counter(KITTY)
    page.get_by_test_id("kitty-look").click()
    expect(page.get_by_test_id("kitty-cards")).to_be_hidden()
    # The check beside the discard, ticked by default: the discard takes the kitty.
    take = page.get_by_test_id("kitty-take")
    expect(take).to_be_checked()
    expect(page.locator(".kitty-take")).to_contain_text("Take the kitty with this discard")
    select(page, ["9D"])
    page.get_by_test_id("btn-discard").click()
    expect(page.get_by_test_id("log")).to_contain_text(
        "You discarded 9♦ and took the kitty (11 cards)")
    expect(page.get_by_test_id("kitty-0")).to_have_count(0)  # no kitty any more
    expect(page.get_by_test_id("kitty-look")).to_have_count(0)
    expect(page.get_by_test_id("hand-card")).to_have_count(4 + 11)
    expect(page.get_by_test_id("kitty-1")).to_be_visible()  # the others keep theirs
    my_turn(page)
    assert Counter(hand_cards(page)) == Counter(["5S", "6S", "8D", "8H", *KITTY])


def test_the_kitty_unticked_stays_where_it_is(page: Page) -> None:
    open_position(page, kitty_position())
    page.get_by_test_id("kitty-take").uncheck()
    expect(page.get_by_test_id("kitty-take")).not_to_be_checked()
    select(page, ["9D"])
    page.get_by_test_id("btn-discard").click()
    expect(page.get_by_test_id("log")).to_contain_text("You discarded 9♦")
    my_turn(page)
    expect(page.get_by_test_id("hand-card")).to_have_count(4)
    expect(page.get_by_test_id("kitty-count-0")).to_have_text("Kitty 11")
    assert "took the kitty" not in page.get_by_test_id("log").inner_text()


def test_a_hand_of_7s_that_may_not_be_discarded_ends_the_round(page: Page) -> None:
    position = {
        "variant": "railroad", "to_move": 0, "phase": "play",
        "hands": [["7S", "7H", "7D", "7C"], *OTHERS],
        "melds": [[KINGS], [], [], []], "pile": ["5D"],
        "packets": [KITTY, KITTY, KITTY, KITTY],
        "packets_open": [True, False, False, False],
    }
    open_position(page, position)
    state = canasta.load_position(position, 0)
    assert [canasta.action_to_json(a) for a in canasta.legal_actions(state)] == [
        {"type": "end_round"}]
    # A 7 is refused with its rule, linked to Railroad's page (prefix R).
    select(page, ["7S"])
    page.get_by_test_id("btn-discard").click()
    expect(page.get_by_test_id("refusal")).to_contain_text("R16")
    expect(page.get_by_test_id("refusal-rule")).to_have_attribute(
        "href", re.compile(r"railroad\.html#R16$"))
    expect(page.get_by_test_id("kitty-take")).to_have_count(0)  # no discard to take it with
    button = page.get_by_test_id("end-round")
    expect(button).to_have_text("End the round (no card to discard)")
    button.click()
    expect(page.get_by_test_id("score-sheet")).to_be_visible()
    expect(page.get_by_test_id("round-ended")).to_contain_text("held only 7s")
    # Every untaken kitty is shown on the sheet: it counts against its owner (R19).
    for seat in range(4):
        expect(page.get_by_test_id(f"left-kitty-{seat}").locator(".card")).to_have_count(11)
    expect(page.get_by_test_id("log")).to_contain_text("You ended the round")


def test_a_draw_from_the_empty_stock_ends_the_round(page: Page) -> None:
    hands = [["5S", "6S", "8D", "8H", "9D"], ["4C", "5C", "9S"], ["4H", "6C", "9H"],
             ["AH", "QC", "TD"]]
    rest = Counter(make_deck(8, 1)) - Counter(c for h in hands for c in h)
    reds = sorted(c for c in rest.elements() if c in ("3H", "3D"))
    pile = sorted(c for c in rest.elements() if c not in ("3H", "3D"))
    pile.remove("4C")
    pile.append("4C")  # on top: nobody holds two 4s to take it with
    position = {
        "variant": "railroad", "to_move": 0, "phase": "draw", "hands": hands,
        "melds": [[], [], [], []], "red_threes": [reds[:8], reds[8:], [], []],
        "pile": pile, "stock": [],
    }
    open_position(page, position)
    expect(page.get_by_test_id("stock")).to_have_attribute("data-empty", "true")
    expect(page.get_by_test_id("stock-count")).to_contain_text("End the round")
    draw = page.get_by_test_id("btn-draw")
    expect(draw).to_have_text("End the round (stock empty)")
    expect(page.get_by_test_id("banner")).to_contain_text("the stock is empty")
    draw.click()
    expect(page.get_by_test_id("score-sheet")).to_be_visible()
    expect(page.get_by_test_id("round-ended")).to_contain_text("drew from the empty stock")
    expect(page.get_by_test_id("hand-card")).to_have_count(5)  # no card was drawn
    expect(page.get_by_test_id("log")).to_contain_text("You drew from the empty stock")
