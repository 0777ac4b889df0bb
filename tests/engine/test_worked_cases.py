"""The worked cases of shared/rules/classic.md, loaded as positions (C11, C16, C18, C26)."""

from __future__ import annotations

import canasta as C
from tests.engine.helpers import DRAW, discard, meld, position, rule, take

KINGS = [[["KD", "KD", "KC", "2H"]], []]
OPENED = [[["KD", "KD", "KC"]], []]


def test_c16_bill_melds_his_pair_of_sixes_with_the_top_card() -> None:
    state = position(["6C", "6C", "7H", "8D"], melds=OPENED, pile=["9S", "6D"])
    assert rule(state, take("6C", "6C")) is None
    after = C.apply(state, take("6C", "6C"))
    assert sorted(next(m for m in after.melds[0] if m.rank == "6").cards) == ["6C", "6C", "6D"]
    assert "9S" in after.hands[0]


def test_c16_mike_lacks_a_natural_pair_for_the_frozen_pile_and_must_draw() -> None:
    state = position(["5H", "2D", "2D", "QS", "QD"], melds=OPENED, pile=["2C", "9S", "5S"])
    assert rule(state, take("5H", "2D")) == "C14"
    assert [C.action_to_json(a) for a in C.legal_actions(state)] == [{"type": "draw"}]


def test_c16_lisa_lays_the_king_off_on_her_teams_meld() -> None:
    state = position(["5H", "7C", "9D"], melds=KINGS, pile=["9S", "KH"])
    assert rule(state, take()) is None
    after = C.apply(state, take())
    assert len(next(m for m in after.melds[0] if m.rank == "K").cards) == 5
    assert "9S" in after.hands[0]


def test_c16_bill_without_a_pair_of_kings_may_not_take_the_frozen_pile() -> None:
    state = position(["KS", "7C", "9D"], melds=KINGS, pile=["2C", "9S", "KH"])
    assert rule(state, take()) == "C14"
    assert rule(state, take("KS")) == "C14"
    assert all(a == DRAW for a in C.legal_actions(state))


def test_c11_example_top_king_laid_off_on_kings_with_a_wild() -> None:
    state = position(["5H", "7C"], melds=[[["KD", "KD", "KC", "2H"]], []], pile=["8C", "KH"])
    assert rule(state, take()) is None


def test_c18_example_tens_join_the_teams_meld_of_seven() -> None:
    state = C.apply(position(["TS", "TS", "TC", "2D", "9H", "9D"],
                             melds=[[["TH", "TD", "TD"]], []],
                             others=[["4S", "4S", "6C"], ["8S", "8H", "7D"], ["JC", "JC", "JD"]]),
                    DRAW)
    after = C.apply(state, meld("TS", "TS", "TC", "2D"))
    assert [len(m.cards) for m in after.melds[0] if m.rank == "T"] == [7]


OTHER_HANDS = [["6S", "6S", "7S"], ["8S", "8H", "7D"], ["TC", "TC", "JD"]]


def _play(hand: str, score: int) -> C.State:
    return position(hand.split(), phase="play", scores=[score, 0], others=OTHER_HANDS)


def test_c26_case_1100_needs_50_only_the_aces_with_the_2_reach_it() -> None:
    state = _play("AH AC 2D 5C 6H 7H 8C 4C 4C 4D JC KD", 1100)
    assert rule(state, meld("4C", "4C", "4D", "2D")) == "C26"
    assert rule(state, meld("AH", "AC", "2D")) is None
    after = C.apply(state, meld("AH", "AC", "2D"))
    assert after.opened[0]
    assert rule(after, meld("4C", "4C", "4D")) is None


def test_c26_case_1500_needs_90_aces_then_nines() -> None:
    state = _play("AH AC 2D 5C 6H 7H 8C 9C 9C 9D 9H KD", 1500)
    assert rule(state, meld("AH", "AC", "2D")) is None
    half = C.apply(state, meld("AH", "AC", "2D"))
    assert not half.opened[0]
    assert rule(half, discard("KD")) == "C26"
    done = C.apply(half, meld("9C", "9C", "9D"))
    assert done.opened[0]
    assert rule(done, meld("9H")) is None


def test_c26_case_3000_needs_120_and_no_combination_reaches_it() -> None:
    state = _play("AH AC 2D 2H 5C 6H 7H 8C 4C 4C 4D 4H KD", 3000)
    assert rule(state, meld("AH", "AC", "2D")) == "C26"
    assert rule(state, meld("4C", "4C", "4D", "4H", "2H")) == "C26"
    assert not [a for a in C.legal_actions(state) if a.__class__.__name__ == "Meld"]


def test_c26_case_1800_needs_90_and_melding_all_would_leave_one_card() -> None:
    state = _play("5H 5H 5D 5D 9D 9D 9C KH KD KD KC 3S", 1800)
    assert rule(state, meld("KH", "KD", "KD", "KC")) == "C26"
    assert rule(state, meld("5H", "5H", "5D", "5D")) == "C26"
    assert not [a for a in C.legal_actions(state) if a.__class__.__name__ == "Meld"]
