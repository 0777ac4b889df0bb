"""Pennies from Heaven at the table (docs/variants/pennies.md): chosen in the set-up
dialog with its options (PH12, PH13), six seats each with a face-down packet and its
count, the packet joining the hand at once when its player's own play completes a
canasta (PH4), and a 7 refused as a discard while a side lacks a canasta of 7s (PH9)."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from playwright.sync_api import Page, expect

from canasta.game.cards import make_deck
from tests.e2e.conftest import (
    hand_cards,
    my_turn,
    open_position,
    select,
    start_from_dialog,
)

# The human's packet: a red 3 among its cards goes down as it joins his hand (PH4, R6).
PACKET = ["4S", "4H", "5H", "6D", "8C", "9C", "TD", "JH", "QS", "3H", "2S"]
KINGS = ["KS", "KS", "KH", "KD", "KC", "KH"]  # his side's kings: one more makes a canasta
OTHERS = [["4C", "5C"], ["4H", "6C"], ["AH", "QC"], ["5D", "6H"], ["9S", "TS"]]


def position(hand: list[str], melds: list[list[str]]) -> dict[str, Any]:
    """The human to play with `hand`, his side's `melds`, every seat's packet face down
    (the others' from what is left of the four decks, without 3s, 7s or jokers)."""
    hands = [hand, *OTHERS]
    rest = (Counter(make_deck(4, 2)) - Counter(c for h in hands for c in h)
            - Counter(c for m in melds for c in m) - Counter(PACKET) - Counter(["5D"]))
    pool = sorted(c for c in rest.elements() if c[0] not in "37" and c != "JK")
    return {
        "variant": "pennies", "to_move": 0, "phase": "play", "hands": hands,
        "melds": [melds, []], "pile": ["5D"],
        "packets": [PACKET] + [pool[i * 11:(i + 1) * 11] for i in range(5)],
        "packets_open": [False] * 6,
    }


def test_pennies_is_dealt_from_the_dialog_and_a_turn_played(page: Page) -> None:
    start_from_dialog(page, "pennies", ("PH12", "PH13"))
    expect(page.locator("section.seat:not([hidden])")).to_have_count(5)
    expect(page.get_by_test_id("rules-link")).to_have_attribute(
        "href", re.compile(r"pennies\.html$"))
    # Every seat's packet lies face down with its count, called a packet, not a kitty.
    for seat in range(6):
        expect(page.get_by_test_id(f"kitty-count-{seat}")).to_have_text("Packet 11")
    expect(page.get_by_test_id("kitty-0")).to_have_attribute(
        "title", "Your packet: 11 cards, face down")
    expect(page.get_by_test_id("kitty-look")).to_have_count(0)
    hand = hand_cards(page)
    assert len(hand) == 13
    page.get_by_test_id("btn-draw").click()  # two cards (PH5)
    expect(page.get_by_test_id("hand-card")).to_have_count(15)
    expect(page.get_by_test_id("kitty-take")).to_have_count(0)  # it joins by itself (PH4)
    card = next(c for c in hand_cards(page) if c[0] != "7")  # no 7 discarded (PH9)
    select(page, [card])
    page.get_by_test_id("btn-discard").click()
    expect(page.get_by_test_id("log")).to_contain_text("You discarded")
    my_turn(page)
    expect(page.get_by_test_id("hand-card")).to_have_count(14)
    assert "kitty" not in page.locator("body").inner_text().lower()


def test_the_packet_joins_the_hand_when_a_meld_completes_a_canasta(page: Page) -> None:
    open_position(page, position(["KD", "5S", "6S", "9D"], [KINGS]))
    expect(page.get_by_test_id("kitty-count-0")).to_have_text("Packet 11")
    select(page, ["KD"])
    page.get_by_test_id("btn-meld").click()
    # The seventh king makes the canasta: the packet joins at once (PH4), its 3♥ laid
    # down and replaced from the stock, and the packet's stack is gone.
    log = page.get_by_test_id("log")
    expect(log).to_contain_text("You laid off K♦ on kings")
    expect(log).to_contain_text(
        "You completed a canasta and took the packet into the hand (11 cards)")
    expect(log).to_contain_text("You laid down 3♥")
    expect(page.get_by_test_id("kitty-0")).to_have_count(0)
    expect(page.get_by_test_id("kitty-look")).to_have_count(0)
    expect(page.get_by_test_id("kitty-take")).to_have_count(0)
    expect(page.get_by_test_id("hand-card")).to_have_count(3 + 11)
    hand = Counter(hand_cards(page))
    kept = Counter(["5S", "6S", "9D", *PACKET]) - Counter(["3H"])
    assert not kept - hand  # every card of the packet but its red 3 ...
    assert sum((hand - kept).values()) == 1  # ... and one card in its place
    expect(page.get_by_test_id("kitty-1")).to_be_visible()  # the others keep theirs
    text = log.inner_text()
    assert text.index("laid off K♦") < text.index("took the packet") < text.index("laid down 3♥")
    assert "kitty" not in text.lower()


def test_a_seven_is_refused_as_a_discard_with_ph9(page: Page) -> None:
    open_position(page, position(["7S", "5S", "6S", "9D"], [KINGS]))
    select(page, ["7S"])
    page.get_by_test_id("btn-discard").click()
    expect(page.get_by_test_id("refusal")).to_contain_text("PH9")
    rule = page.get_by_test_id("refusal-rule")
    expect(rule).to_have_text("PH9")
    expect(rule).to_have_attribute("href", re.compile(r"static/rules/pennies\.html#PH9$"))
    expect(page.get_by_test_id("hand-card")).to_have_count(4)
