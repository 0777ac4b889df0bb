"""Scoring a round (C40-C43)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import VALUE
from .melds import BLACK_THREES, canasta_kind

if TYPE_CHECKING:
    from .rules import RuleSet
    from .state import State


def red_three_score(rules: RuleSet, count: int, melded: bool) -> int:
    """C40, C42: what `count` red 3s laid down are worth to a team (`melded`: the team
    made a meld this round). A count listed in `red_three_totals` scores that total,
    all of them `all_red_threes_bonus`, any other count `red_three_bonus` each."""
    if count == 2 * rules.decks:
        value = rules.all_red_threes_bonus
    else:
        value = dict(rules.red_three_totals).get(count, count * rules.red_three_bonus)
    return -value if not melded and rules.red_threes_negative_without_meld else value


def canasta_bonus(rules: RuleSet, kind: str | None) -> int:
    """C40: the bonus of a canasta of this kind (`canasta_kind`), 0 for no canasta."""
    if kind == "natural":
        return rules.natural_canasta_bonus
    if kind == "mixed":
        return rules.mixed_canasta_bonus
    return 0


def score_round(state: State) -> list[dict[str, Any]]:
    """One dict per team with the parts of its score; valid once the round is over."""
    rules = state.rules
    rows: list[dict[str, Any]] = []
    for team in range(rules.teams):
        melds = state.melds[team]
        melded = sum(VALUE[c] for m in melds for c in m.cards)
        bonus = sum(canasta_bonus(rules, canasta_kind(rules, m.cards))
                    for m in melds if m.kind != BLACK_THREES)  # C21: no canasta bonus
        reds = red_three_score(rules, len(state.red_threes[team]), bool(melds))
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
