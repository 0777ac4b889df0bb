"""The AI's fast path in Hand and Foot (docs/variants/hand-and-foot.md): the foot that
joins a used-up hand (HF8), the pile's top seven (HF7), the minimum by round (HF9), a
new meld beside a book (HF4) and the books needed to go out (HF11, R17). Each play-out
step here replays through `apply` to the same hands, pile and feet; the random
play-outs of every modelled variant replay in test_fast_playout.py."""

from __future__ import annotations

import random

import canasta as C
from canasta.actions import Meld, TakePile
from canasta.ai.fast import Sim
from canasta.solver import CANNOT_GO_OUT
from canasta.state import State, evolve
from tests.engine.test_hand_and_foot import CLEAN, DIRTY, FOOT, NO_FEET, WILD, at


def _replayed(state: State, sim: Sim) -> State:
    """The engine's state after the play-out's recorded actions, checked against the
    fast path's own hands and pile."""
    for action in sim.actions:
        state = C.apply(state, action)
    for seat, hand in enumerate(state.hands):
        assert sorted(hand) == sorted(c for cards in sim.hands[seat].values() for c in cards)
    assert list(state.pile) == sim.pile
    assert [list(p) for p in state.packets] == sim.feet
    return state


def test_HF8_the_rollout_policy_melds_its_whole_hand_and_plays_on_from_the_foot() -> None:
    state = at(["8C", "8D", "8H", "9S", "9S"], melds=[["9C", "9D", "9H"]])
    sim = Sim(state, random.Random(0), record=True)
    sim._play()
    assert not sim.foot_waiting(0)
    assert {frozenset(a.cards) for a in sim.actions[:2] if isinstance(a, Meld)} == {
        frozenset(("9S",)), frozenset(("8C", "8D", "8H"))}
    after = _replayed(state, sim)
    assert after.packets[0] == () and after.to_move == 1 and after.went_out is None
    # The turn went on from the foot: its aces melded, its red 3 laid down.
    assert any(isinstance(a, Meld) and "AD" in a.cards for a in sim.actions)
    assert "3H" in after.red_threes[0] and "3H" in FOOT


def test_HF8_no_play_keeps_a_single_card_on_the_way_to_the_foot() -> None:
    # The 8 and the 9 each fit a meld, but the first of those plays would keep one card
    # (C31): the foot waits, and one of them is discarded.
    state = at(["8C", "9S"], melds=[["9C", "9D", "9H"], ["8S", "8D", "8H"]])
    sim = Sim(state, random.Random(0), record=True)
    sim._play()
    assert sim.foot_waiting(0) and sim.sizes[0] == 1
    _replayed(state, sim)


def test_HF7_the_rollout_policy_takes_the_top_seven_cards() -> None:
    pile = ["5C", "6C", "7C", "8S", "9H", "TC", "JC", "QC", "4S", "KS"]
    state = at(["KC", "KD", "2C", "5H"], pile=pile, phase="draw", melds=[["8C", "8D", "8H"]])
    sim = Sim(state, random.Random(0), record=True)
    assert sim._try_take_pile()
    assert sim.actions == [TakePile(("KD", "KC"))] and sim.pile == ["5C", "6C", "7C"]
    after = _replayed(state, sim)
    assert len(after.hands[0]) == 2 + 6


def test_HF9_the_fast_path_asks_the_minimum_of_the_round() -> None:
    for round_no, minimum in ((1, 50), (4, 150)):
        state = evolve(at(["KC"], scores=[5000, 0]), round_no=round_no)
        assert Sim(state, random.Random(0)).minimum(0) == minimum == state.minimum(0)


def test_HF4_a_new_meld_beside_a_book() -> None:
    state = at(["KC", "KH", "KS", "5H", "6D", "9C"], melds=[CLEAN[0]])
    sim = Sim(state, random.Random(0), record=True)
    sim._play()
    assert Meld(("KS", "KH", "KC"), None, None, True) in sim.actions
    after = _replayed(state, sim)
    assert [len(m.cards) for m in after.melds[0] if m.rank == "K"] == [7, 3]


def test_HF11_no_way_out_is_planned_while_a_kind_of_book_is_lacking() -> None:
    lacking = Sim(at(["5H", "6H"], melds=[*CLEAN, *DIRTY], feet=NO_FEET), random.Random(0))
    assert lacking.lacking(0) == ["wild"] and lacking.goal_of(0) >= CANNOT_GO_OUT
    assert not lacking._go_out(0)
    books = at(["5H", "6H", "6S", "6D"], melds=[*CLEAN, *DIRTY, *WILD], feet=NO_FEET)
    ready = Sim(books, random.Random(0), record=True)
    assert ready.lacking(0) == [] and ready.goal_of(0) == 5
    assert ready._go_out(0) and ready.went_out == 0
    out = _replayed(books, ready)
    assert out.round_over and out.went_out == 0


def test_HF11_a_waiting_foot_is_never_gone_out_into() -> None:
    # Every book is down, but seat 0's foot waits: melding the hand takes it up.
    state = at(["5H", "5D", "5S"], melds=[*CLEAN, *DIRTY, *WILD])
    sim = Sim(state, random.Random(0), record=True)
    assert not sim._go_out(0)
    sim._play()
    after = _replayed(state, sim)
    assert not after.round_over and after.packets[0] == ()
