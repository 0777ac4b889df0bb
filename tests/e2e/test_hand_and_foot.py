"""Hand and Foot at the table (docs/variants/hand-and-foot.md): chosen in the set-up
dialog with its options (HF15-HF20), every seat's foot face down with its count, the
foot taken up when the hand is used up (HF8), the pile that gives only its top seven
(HF7)."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from playwright.sync_api import Page, expect

from canasta.game.cards import make_deck
from tests.e2e.conftest import hand_cards, my_turn, open_position, select, start_from_dialog

# The human's foot: a red 3 among its cards goes down as it joins his hand (HF6, HF8).
FOOT = ["4S", "4H", "5H", "6D", "8C", "9C", "TD", "JH", "QS", "3H", "2S"]
OTHERS = [["4C", "5C", "6C"], ["4H", "6C", "TC"], ["AH", "QC", "KC"]]
PILE = ["4D", "5D", "6H", "9S", "TS", "JS", "QH", "KH", "AS"]  # nine: seven are taken


def position(hand: list[str], melds: list[list[str]]) -> dict[str, Any]:
    """The human to play with `hand`, his side's `melds`, every seat's foot face down
    (the others' from what is left of the five decks, without 3s or jokers)."""
    hands = [hand, *OTHERS]
    rest = (Counter(make_deck(5, 2)) - Counter(c for h in hands for c in h)
            - Counter(c for m in melds for c in m) - Counter(FOOT) - Counter(PILE))
    pool = sorted(c for c in rest.elements() if c[0] != "3" and c != "JK")
    return {
        "variant": "hand-and-foot", "to_move": 0, "phase": "play", "hands": hands,
        "melds": [melds, []], "pile": PILE,
        "packets": [FOOT] + [pool[i * 11:(i + 1) * 11] for i in range(3)],
        "packets_open": [False] * 4,
    }


def test_hand_and_foot_is_dealt_from_the_dialog_and_a_turn_played(page: Page) -> None:
    start_from_dialog(page, "hand-and-foot", tuple(f"HF{n}" for n in range(15, 21)))
    expect(page.get_by_test_id("rules-link")).to_have_attribute(
        "href", re.compile(r"hand-and-foot\.html$"))
    expect(page.get_by_test_id("round")).to_have_text("Round 1 of 4")  # HF14
    for seat in range(4):  # every foot face down with its count, called a foot
        expect(page.get_by_test_id(f"kitty-count-{seat}")).to_have_text("Foot 11")
    expect(page.get_by_test_id("kitty-0")).to_have_attribute(
        "title", "Your foot: 11 cards, face down")
    assert len(hand_cards(page)) == 11
    page.get_by_test_id("btn-draw").click()  # two cards (HF3)
    expect(page.get_by_test_id("hand-card")).to_have_count(13)
    expect(page.get_by_test_id("coach")).to_have_text(  # the first round's minimum (HF9)
        "Your team's initial meld needs 50 points (HF9).")
    select(page, [hand_cards(page)[0]])
    page.get_by_test_id("btn-discard").click()
    expect(page.get_by_test_id("log")).to_contain_text("You discarded")
    my_turn(page)
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    assert "kitty" not in page.locator("body").inner_text().lower()


def test_the_foot_joins_the_hand_when_the_last_cards_are_melded(page: Page) -> None:
    open_position(page, position(["8D", "8H", "8S"], [["9D", "9H", "9S"]]))
    expect(page.get_by_test_id("kitty-count-0")).to_have_text("Foot 11")
    expect(page.get_by_test_id("pile-takes-top")).to_have_text("Takes the top 7")
    expect(page.get_by_test_id("coach")).to_contain_text(
        "Your foot (11 cards) joins your hand once it is used up")
    select(page, ["8D", "8H", "8S"])
    page.get_by_test_id("btn-meld").click()
    # The hand used up: the foot joins at once (HF8), its 3♥ laid down and replaced from
    # the stock, its stack gone, and the turn goes on.
    log = page.get_by_test_id("log")
    expect(log).to_contain_text("You used up the hand and took up the foot (11 cards)")
    expect(log).to_contain_text("You laid down 3♥")
    expect(page.get_by_test_id("kitty-0")).to_have_count(0)
    expect(page.get_by_test_id("hand-card")).to_have_count(11)
    select(page, [hand_cards(page)[0]])  # the turn goes on: a card of the foot to discard
    expect(page.get_by_test_id("btn-discard")).to_be_enabled()


def test_a_round_ends_by_going_out_with_the_books_and_feet_count_against(page: Page) -> None:
    books = [["KC", "KD", "KD", "KH", "KS", "KS", "KS"], ["7C", "7C", "7D", "7H", "7H", "7S", "7S"],
             ["QH", "QS", "QS", "QS", "QD", "2C", "JK"], ["JH", "JS", "JS", "JS", "JD", "2D", "2H"],
             ["2C", "2D", "2H", "2S", "JK", "2C", "2D"]]
    data = position(["8D", "8H", "8S"], books)
    data["packets"] = [[], *data["packets"][1:]]  # the human's foot already taken up
    open_position(page, data)
    expect(page.get_by_test_id("kitty-0")).to_have_count(0)
    select(page, ["8D", "8H", "8S"])
    page.get_by_test_id("btn-meld").click()  # the last cards: out, with five books (HF11)
    sheet = page.get_by_test_id("score-sheet")
    expect(sheet).to_be_visible()
    expect(sheet).to_contain_text("Cards left in hand and feet")  # HF13
    expect(page.get_by_test_id("left-kitty-1")).to_contain_text("foot")
