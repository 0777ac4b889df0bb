"""The rule options that Classic leaves at one value: each other value changes what
it says (a unit test per option) and keeps every invariant in random play."""

from __future__ import annotations

from dataclasses import replace

import pytest

import canasta as C
from canasta.game.state import State
from canasta.rules.ruleset import CLASSIC, RuleSet
from tests.engine.helpers import DRAW, discard, meld, position, rule, take
from tests.engine.invariants import play_random

OPENED = [[["KD", "KD", "KC"]], []]
FLIPPED = {
    "black_three_freezes": True,
    "wild_on_natural_canasta": False,
    "frozen_for_unopened_team": False,
    "concealed_needs_minimum": False,
}


def variant(option: str) -> RuleSet:
    return replace(CLASSIC, name=f"classic+{option}", **{option: FLIPPED[option]})


def under(state: State, option: str) -> State:
    return state._replace(rules=variant(option))


def test_black_three_freezes_a_pile_it_lies_in() -> None:
    # C22 by default: a black 3 blocks only while on top; covered, it is a plain card.
    state = position(["7D", "JK", "AS", "AS", "AH"], melds=OPENED, pile=["5C", "3S", "7C"])
    assert rule(state, take("7D", "JK")) is None
    # Frozen by black 3s alone: the refusal cites C22, the rule the option changes (H10
    # in the house rule, whose preset maps C22 to H10).
    assert rule(under(state, "black_three_freezes"), take("7D", "JK")) == "C22"


def test_wild_on_natural_canasta_off_keeps_a_natural_canasta_natural() -> None:
    natural = [[["QD", "QD", "QC", "QC", "QH", "QS", "QS"]], []]
    state = C.apply(position(["2C", "5D", "8S", "9H"], melds=natural), DRAW)
    lay = meld("2C", rank="Q")
    assert rule(state, lay) is None
    assert rule(under(state, "wild_on_natural_canasta"), lay) == "C19"


def test_frozen_for_unopened_team_off_lets_a_wild_card_take_the_pile() -> None:
    state = position(["7D", "JK", "AS", "AS", "AH", "9C"], pile=["5C", "7C"])
    assert rule(state, take("7D", "JK")) == "C14"
    assert rule(under(state, "frozen_for_unopened_team"), take("7D", "JK")) is None


def test_concealed_going_out_without_the_minimum_when_waived() -> None:
    # After drawing: seven 4s (35 points, under the minimum of 50, C25) and a 9.
    hand = ["4S", "4S", "4H", "4H", "4D", "4D", "4C", "9C"]
    state = position(hand, phase="play")
    sevens = meld("4S", "4S", "4H", "4H", "4D", "4D", "4C")
    assert rule(state, sevens) == "C26"
    waived = under(state, "concealed_needs_minimum")
    assert rule(waived, sevens) is None
    out = C.apply(C.apply(waived, sevens), discard("9C"))
    assert out.round_over and out.concealed


@pytest.mark.parametrize("option", sorted(FLIPPED))
def test_random_rounds_keep_every_invariant_with_the_option_flipped(option: str) -> None:
    played = play_random(variant(option), 8000 + len(option), 40, full_every=10, save_every=150)
    assert played.rounds == 40
