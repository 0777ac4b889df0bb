"""Issue 19: no gifts to the next opponent, no pointless loops (canasta/ai/gifts.py),
each scenario one that was seen (the K♦ onto the opponents' kings, the 4 to a seat
shown holding two 4s, a black 3 going round with two-card piles)."""

from __future__ import annotations

from typing import Any

import pytest

import canasta as C
import canasta.ai.heuristic as heuristic
from canasta.ai import choose_action
from canasta.ai.gifts import (
    MELD,
    PAIR,
    empty_takes,
    explain_discard,
    gift_reason,
    longest_loop,
)
from canasta.ai.knowledge import read_view
from canasta.ai.search import _candidates
from canasta.game.actions import Discard, TakePile
from canasta_tools.audit import _opens_pile, audit_round, run
from tests.engine.helpers import DRAW, discard, position, take

KINGS = position(
    ["KD", "8C", "8S", "5H", "5D"], phase="play",
    melds=[[["QS", "QC", "QH"]], [["KS", "KC", "KH"]]],
    pile=["9C", "6D", "AH", "TD", "4C", "7C", "9H", "6C"],
    others=[["JS", "JS", "7H", "6H"], ["JH", "JH", "7D", "6S"], ["JC", "JC", "7S", "8D"]])


def _fours(seed: int = 29) -> C.State:
    """Seat 1 takes a pile holding 4♥ 4♦ and keeps them; three turns later seat 0 holds
    4♠ and pairs (deal seed 29 draws it a card that pairs)."""
    data: dict[str, Any] = {
        "variant": "classic", "to_move": 1, "phase": "draw",
        "hands": [["4S", "8C", "8S", "5H", "5D", "KH"], ["9S", "9S", "5C", "6D", "KH", "QS"],
                  ["TS", "TH", "7H", "6H"], ["8H", "8D", "7D", "6S"]],
        "melds": [[["QH", "QC", "QD"]], [["JC", "JC", "JD"]]], "pile": ["4H", "4D", "9C"],
        "scores": [0, 0]}
    state = C.load_position(data, seed=seed)
    for action in (take("9S", "9S"), discard("5C"), DRAW, discard("6H"), DRAW, discard("6S"),
                   DRAW):
        state = C.apply(state, action)
    return state


def _loop(sevens: list[str] | None = None) -> C.State:
    """Two piles of one card over a black 3 taken and the 3 thrown back; now the pile is
    3♠ 7♥ and seat 0 holds 7♠ 7♦ (its team with a meld of `sevens` if given)."""
    data: dict[str, Any] = {
        "variant": "classic", "to_move": 0, "phase": "draw",
        "hands": [["QS", "QD", "7S", "7D", "5H", "9C"], ["TH", "6C", "6D", "KH"],
                  ["TS", "TC", "4D", "4C", "8H"], ["7H", "8D", "AD", "AC"]],
        "melds": [[["AH", "AS", "AD"], *([sevens] if sevens else [])], [["JC", "JC", "JD"]]],
        "pile": ["3S", "QH"],
        "scores": [0, 0]}
    state = C.load_position(data, seed=1)
    for action in (take("QS", "QD"), discard("3S"), DRAW, discard("TH"), take("TS", "TC"),
                   discard("3S"), DRAW, discard("7H")):
        state = C.apply(state, action)
    return state


def test_a_natural_card_of_their_meld_onto_an_open_pile_is_a_gift() -> None:
    view = C.view_for(KINGS, 0)
    know = read_view(view)
    assert {c: gift_reason(view, know, c) for c in view["hand"]} == {
        "KD": MELD, "8C": None, "8S": None, "5H": None, "5D": None}


def test_a_pair_the_log_shows_them_holding_makes_a_gift_even_of_a_frozen_pile() -> None:
    view = C.view_for(_fours(), 0)
    know = read_view(view)
    assert gift_reason(view, know, "4S") == PAIR
    frozen = dict(view, pile={**view["pile"], "frozen": True})
    assert gift_reason(frozen, know, "4S") == PAIR


def test_blocking_cards_a_frozen_pile_and_a_partner_next_are_no_gift() -> None:
    view = C.view_for(KINGS, 0)
    know = read_view(view)
    for card in ("2C", "JK", "3S", "3C"):
        assert gift_reason(view, know, card) is None
    # A wild card under the discard freezes the pile: their meld no longer takes it.
    know.pile = [*know.pile, "2C"]
    assert gift_reason(view, know, "KD") is None
    # Three teams of two (six players): the next seat is always an opponent; a game
    # whose next seat were a partner would make no gift (checked on a forged view).
    assert gift_reason(dict(view, teams=1), read_view(view), "KD") is None


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_no_gift_of_the_king_the_opponents_have_melded(level: str) -> None:
    action = choose_action(C.view_for(KINGS, 0), level, 3)
    assert isinstance(action, Discard) and action.card != "KD"


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_no_gift_of_a_four_to_a_seat_the_log_shows_holding_two_fours(level: str) -> None:
    view = C.view_for(_fours(), 0)
    assert "4S" in view["hand"]
    action = choose_action(view, level, 3)
    assert isinstance(action, Discard) and action.card != "4S"


def test_a_gift_when_every_other_card_costs_more() -> None:
    # Only wild cards besides the king: keeping them is worth more than a small pile.
    state = position(["KD", "2C", "JK"], phase="play",
                     melds=[[["QS", "QC", "QH"]], [["KS", "KC", "KH"]]], pile=["6C"])
    view = C.view_for(state, 0)
    assert choose_action(view, "normal", 3) == discard("KD")
    why = explain_discard(view, read_view(view), "KD")
    assert why is not None and why.startswith("It lets the next player take the pile")


def test_the_hint_says_which_card_would_hand_over_the_pile() -> None:
    view = C.view_for(KINGS, 0)
    assert explain_discard(view, read_view(view), "8C") == (
        "Not K♦: the next player could take the pile with it (their side has a meld of "
        "kings).")
    fours = C.view_for(_fours(), 0)
    assert explain_discard(fours, read_view(fours), "8C") == (
        "Not 4♠: the next player could take the pile with it (the log shows them holding "
        "two 4s).")


def test_strong_weighs_no_gift_when_normal_found_a_discard_that_is_not_one() -> None:
    view = C.view_for(KINGS, 0)
    preferred = {"type": "discard", "card": "8C"}
    chosen = _candidates(view, preferred, read_view(view))
    assert sorted(c["card"] for c in chosen) == ["5D", "5H", "8C", "8S"]
    # Normal's own choice a gift (only wild cards besides): the search weighs them all.
    state = position(["KD", "2C", "JK"], phase="play",
                     melds=[[["QS", "QC", "QH"]], [["KS", "KC", "KH"]]], pile=["6C"])
    gift = {"type": "discard", "card": "KD"}
    assert sorted(c["card"] for c in _candidates(C.view_for(state, 0), gift,
                                                    read_view(C.view_for(state, 0)))) == [
        "2C", "JK", "KD"]


def test_the_loop_of_a_black_three_going_round_is_seen_and_broken(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = _loop()
    view = C.view_for(state, 0)
    assert empty_takes(view["log"], 8) == 2 and longest_loop(view["log"]) == 2
    assert choose_action(view, "normal", 3) == DRAW
    monkeypatch.setattr(heuristic, "LOOP_TAKES", 99)  # without the breaker it takes
    assert choose_action(view, "normal", 3) == take("7S", "7D")


def test_the_loop_is_not_broken_when_the_pile_completes_a_canasta() -> None:
    view = C.view_for(_loop(["7C", "7C", "7H", "2H"]), 0)
    assert empty_takes(view["log"], 8) == 2
    assert isinstance(choose_action(view, "normal", 3), TakePile)


def test_the_audit_counts_a_discard_that_opens_the_pile() -> None:
    assert _opens_pile(KINGS, "KD") and not _opens_pile(KINGS, "8C")
    row = audit_round("classic", 11, "normal")
    assert row["discards"] > 0 and row["turns"] > 0
    assert 0 <= row["true_gifts"] <= row["discards"] and 0 <= row["gifts"] <= row["discards"]
    report = run("easy", 2, seeds="tuning", first=0)
    assert report["rounds"] == 2 and report["turns_per_round"]["max"] >= 1
