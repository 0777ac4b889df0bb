"""C21 with three or more decks (six black 3s or more): black 3s go down as one meld of
three or four by a player going out, so of five black 3s four are melded and the fifth
is the discard; six can never all go. R7 (Railroad): any number from three. The listed
moves, the going-out search and the play-outs' bound all agree (`way_groups.black_threes_left`)."""

from __future__ import annotations

import random

import canasta as C
from canasta.ai.fast.playout import Sim
from canasta.game.actions import ASK, Discard, Meld
from canasta.outlook.going_out import can_go_out_with, go_out_plan
from canasta.outlook.way_groups import black_meld_ok, black_threes_left, go_out_groups

SIX = C.get_rules("classic-6p")
CANASTA = ["KS", "KS", "KH", "KH", "KD", "KD", "KC"]
FIVE = ["3C", "3C", "3S", "3S", "3C"]


def _at(hand: list[str]) -> C.State:
    others = [["4H", "4H", "4D"], ["5H", "5H", "5D"], ["6H", "6H", "6D"],
              ["8H", "8H", "8D"], ["9H", "9H", "9D"]]
    melds = [[CANASTA, ["QS", "QS", "QH", "QH", "QD", "QD", "QC"]], []]
    return C.load_position({"variant": "classic-6p", "to_move": 0, "phase": "play",
                            "hands": [hand, *others], "melds": melds, "pile": ["7C"],
                            "scores": [0, 0]}, 1)


def test_C21_of_five_black_3s_four_go_down_and_the_fifth_is_the_discard() -> None:
    state = _at(FIVE)
    four = Meld(("3S", "3S", "3C", "3C"))
    listed = C.legal_actions(state)
    assert four in listed and ASK in listed
    assert C.check(state, Meld(tuple(FIVE))) is not None  # never five in one meld
    plan = go_out_plan(SIX, tuple(FIVE), state.melds[0], 2, 0)
    assert plan is not None and len(plan) == 2
    laid, last = plan
    assert isinstance(laid, Meld) and sorted(laid.cards) == sorted(four.cards)
    assert isinstance(last, Discard) and last.card in ("3C", "3S")
    after = C.apply(C.apply(state, four), Discard("3C"))
    assert after.round_over and after.went_out == 0


def test_C21_six_black_3s_can_never_all_go() -> None:
    six = [*FIVE, "3S"]
    state = _at(six)
    assert not can_go_out_with(SIX, tuple(six), state.melds[0], 2, 0)
    assert ASK not in C.legal_actions(state)
    assert C.check(state, Meld(("3C", "3C", "3S", "3S"))) is not None  # two would be left
    assert black_threes_left(SIX, 6) == 2 and black_threes_left(SIX, 5) == 1


def test_C21_R7_how_many_black_3s_one_meld_takes() -> None:
    railroad = C.get_rules("railroad")
    assert [black_meld_ok(SIX, n) for n in range(7)] == [True, False, False, True, True,
                                                         False, False]
    assert [black_meld_ok(railroad, n) for n in range(7)] == [True, False, False, True,
                                                              True, True, True]
    assert [black_threes_left(railroad, n) for n in range(7)] == [0, 1, 2, 0, 0, 0, 0]


def test_C21_the_play_outs_go_out_with_five_black_3s() -> None:
    sim = Sim(_at(FIVE), random.Random(0), record=True)
    assert sim._go_out(0)
    assert sim.went_out == 0 and sim.sizes[0] == 0


def test_R7_a_railroad_player_goes_out_with_five_black_3s_in_one_meld() -> None:
    hand = (*FIVE, "KH")
    way = go_out_groups(C.get_rules("railroad"), hand, (), 9, 0)
    assert way is not None and way[2] == "KH"  # the five melded, the king discarded
    assert go_out_groups(SIX, hand, (), 9, 0) is None  # C21: a 3 and the king left
