"""Scoring a round (C40-C43)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import VALUE
from .melds import canasta_kind

if TYPE_CHECKING:
    from .state import State


def score_round(state: State) -> list[dict[str, Any]]:
    """One dict per team with the parts of its score; valid once the round is over."""
    rules = state.rules
    all_reds = 2 * rules.decks
    rows: list[dict[str, Any]] = []
    for team in range(rules.teams):
        melds = state.melds[team]
        melded = sum(VALUE[c] for m in melds for c in m.cards)
        bonus = 0
        for m in melds:
            if m.rank == "3":
                continue  # C21: black 3s never make a canasta bonus
            kind = canasta_kind(rules, m.cards)
            if kind == "natural":
                bonus += rules.natural_canasta_bonus
            elif kind == "mixed":
                bonus += rules.mixed_canasta_bonus
        n_reds = len(state.red_threes[team])
        reds = rules.all_red_threes_bonus if n_reds == all_reds else n_reds * rules.red_three_bonus
        if not melds and rules.red_threes_negative_without_meld:
            reds = -reds  # C42
        going_out = 0
        concealed = False
        if state.went_out is not None and rules.team_of(state.went_out) == team:
            going_out = rules.going_out_bonus
            if state.concealed:
                going_out += rules.concealed_bonus
                concealed = True
        penalty = -sum(VALUE[c] for s in rules.seats_of(team) for c in state.hands[s])
        # Named bonuses and penalties of variants (none in Classic), counted in the total.
        extras: dict[str, int] = {}
        rows.append(
            {
                "melded_cards": melded,
                "canasta_bonus": bonus,
                "red_threes": reds,
                "going_out": going_out,
                "hand_penalty": penalty,
                "extras": extras,
                "total": melded + bonus + reds + going_out + penalty + sum(extras.values()),
                "concealed": concealed,
            }
        )
    return rows
