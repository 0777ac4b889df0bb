"""Hypothesis properties of meld validity (C17, C19) and scoring (C40-C42)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

import canasta as C
from canasta.cards import VALUE
from canasta.melds import canasta_kind, shape_problem, wild_room
from canasta.rules import CLASSIC
from canasta.state import evolve
from tests.engine.helpers import position

RANKS = "456789TJQKA"
WILDS = ["2S", "2H", "2D", "2C", "JK"]


@given(st.integers(0, 9), st.integers(0, 5), st.booleans())
def test_shape_rule_matches_its_definition(naturals: int, wilds: int, strict: bool) -> None:
    rules = replace(CLASSIC, wilds_strictly_fewer=strict)
    valid = (naturals + wilds >= 3 and naturals >= 2 and wilds <= 3
             and (wilds < naturals if strict else wilds <= naturals))
    assert (shape_problem(rules, "K", naturals, wilds) is None) == valid


@given(st.integers(2, 8), st.integers(0, 3))
def test_wild_room_is_exactly_what_keeps_a_meld_valid(naturals: int, wilds: int) -> None:
    if shape_problem(CLASSIC, "K", naturals, wilds) is not None:
        return
    room = wild_room(CLASSIC, naturals, wilds)
    assert shape_problem(CLASSIC, "K", naturals, wilds + room) is None
    assert shape_problem(CLASSIC, "K", naturals, wilds + room + 1) is not None


@st.composite
def melds(draw: st.DrawFn) -> list[list[str]]:
    ranks = draw(st.lists(st.sampled_from(RANKS), min_size=0, max_size=4, unique=True))
    out = []
    for rank in ranks:
        n = draw(st.integers(2, 8))
        w = draw(st.integers(0, min(3, n - 1)))
        if n + w < 3:
            n = 3
        suits = "SHDC"
        cards = [rank + suits[i % 4] for i in range(n)]
        out.append(cards + WILDS[:w])
    return out


@given(melds(), melds(), st.integers(0, 4), st.integers(0, 4))
@settings(max_examples=60, deadline=None)
def test_round_score_parts_add_up_and_follow_c40_c42(
    ours: list[list[str]], theirs: list[list[str]], red_ours: int, red_theirs: int
) -> None:
    red_theirs = min(red_theirs, 4 - red_ours)
    reds = ["3H", "3H", "3D", "3D"]
    hands = [["5C"], ["6C"], ["7C"], ["8C"]]
    try:
        state = position(hands[0], others=hands[1:], melds=[ours, theirs],
                         red_threes=[reds[:red_ours], reds[red_ours:red_ours + red_theirs]])
    except C.PositionError:
        return  # more copies of a card than two decks hold
    state = evolve(state, phase="round_over", history=((0, 0),))
    rows = C.round_score(state)
    for team, table, n_red in ((0, ours, red_ours), (1, theirs, red_theirs)):
        row = rows[team]
        parts = ("melded_cards", "canasta_bonus", "red_threes", "going_out", "hand_penalty")
        assert row["total"] == sum(row[p] for p in parts)
        assert row["melded_cards"] == sum(VALUE[c] for m in table for c in m)
        bonus = sum(500 if canasta_kind(CLASSIC, tuple(m)) == "natural" else 300
                    for m in table if len(m) >= 7)
        assert row["canasta_bonus"] == bonus
        red = 800 if n_red == 4 else 100 * n_red
        assert row["red_threes"] == (red if table else -red)
