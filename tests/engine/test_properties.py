"""Hypothesis properties of meld validity (C17, C19) and scoring (C40-C42)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

import canasta as C
from canasta.game.cards import VALUE
from canasta.game.state import evolve
from canasta.mechanics.melds import canasta_kind, shape_problem, wild_room
from canasta.rules.ruleset import CLASSIC
from tests.engine.helpers import position, rule

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


# --- check() on meld actions agrees with shape_problem (C17 new melds, C19 lay-offs) ---

SUITS = "SHDC"
WILD_POOL = ["JK", "JK", "2S", "2S", "2H", "2H", "2D", "2D", "2C", "2C"]
LOW_OTHERS = [["4S", "4S"], ["5S", "5S"], ["6S", "6S"]]


def _naturals(rank: str, n: int, start: int = 0) -> list[str]:
    return [rank + SUITS[i % 4] for i in range(start, start + n)]


@given(st.sampled_from("789TKA"), st.integers(0, 8), st.integers(0, 4))
@settings(max_examples=150, deadline=None)
def test_check_on_a_new_meld_follows_c17(rank: str, n: int, w: int) -> None:
    cards = _naturals(rank, n) + WILD_POOL[:w]
    if not cards:
        return
    state = position([*cards, "4H", "5H", "6H"], others=LOW_OTHERS, phase="play", pile=["4D"],
                     melds=[[["QD", "QD", "QC"]], []])
    got = rule(state, C.parse_action({"type": "meld", "cards": cards}))
    if n == 0:
        assert got in ("C17", "C19")  # wilds alone name no rank
    elif shape_problem(CLASSIC, rank, n, w) is None:
        assert got is None
    else:
        assert got == "C17"


@given(st.sampled_from("789TKA"), st.integers(2, 7), st.integers(0, 3),
       st.integers(0, 2), st.integers(0, 3))
@settings(max_examples=200, deadline=None)
def test_check_on_a_lay_off_follows_c19(rank: str, e: int, f: int, k: int, j: int) -> None:
    if shape_problem(CLASSIC, rank, e, f) is not None or k + j == 0 or e + k > 8:
        return
    table = _naturals(rank, e) + WILD_POOL[:f]
    cards = _naturals(rank, k, start=e) + WILD_POOL[f:f + j]
    state = position([*cards, "4H", "5H", "6H"], others=LOW_OTHERS, phase="play", pile=["4D"],
                     melds=[[table], []])
    action: dict[str, object] = {"type": "meld", "cards": cards}
    if k == 0:
        action["rank"] = rank
    got = rule(state, C.parse_action(action))
    natural_canasta = f == 0 and e >= CLASSIC.canasta_size
    if j and natural_canasta and not CLASSIC.wild_on_natural_canasta:
        assert got == "C19"
    elif shape_problem(CLASSIC, rank, e + k, f + j) is None:
        assert got is None
    else:
        assert got == "C19"
