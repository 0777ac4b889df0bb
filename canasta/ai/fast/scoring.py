"""The fast path's round scoring (C40-C42 and every variant's scoring options the fast
path models), on the counts of a `fast_table.Table`: the same functions of
`canasta.play.scoring` the engine's `score_round` calls, so the play-outs replay through
`apply` to the same totals (tests/ai/test_fast_playout.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from canasta.game.cards import JOKER, RED_THREES, VALUE
from canasta.mechanics.black_threes import aside_score
from canasta.mechanics.melds import TableMeld
from canasta.mechanics.sequences import SEQUENCE
from canasta.play.scoring import (
    canasta_bonus,
    count_bonus,
    hand_card_cost,
    held_penalty,
    meld_penalties,
    red_three_score,
    red_threes_count_plus,
    sequence_score,
    threes_score,
)
from canasta.rules.ruleset import RuleSet


class CountedMeld(Protocol):
    """A meld as the fast path counts it (`fast.table._Meld`)."""

    naturals: int
    wilds: int
    cards: list[str]


class Melds(Protocol):
    """A fast path's melds (`fast.melds.Melder`) by team, and the canasta size."""

    size: int

    @property
    def melds(self) -> Sequence[Mapping[str, CountedMeld]]: ...


class Table(Melds, Protocol):
    """What the scoring reads of a fast path's table (`fast.table.Table`, which
    imports this module: the protocol keeps the import one way)."""

    rules: RuleSet
    players: int
    teams: int
    size: int
    went_out: int | None
    concealed: bool
    canastas: list[int]
    reds: list[int]
    blacks: list[int]
    aside: list[int]
    packets: list[list[str]]
    hands: list[dict[str, list[str]]]

    def _special(self, team: int) -> bool: ...

    def _table_melds(self, team: int, least: int = 0) -> tuple[TableMeld, ...]: ...

# The keys of a table's melds beside a rank's: a sequence's, and an older meld of a rank.
SEQUENCE_PREFIX = "q"  # a sequence's key: "q" and its id (S6)
OLDER = "#"  # an older meld of a rank beside a newer one (S5): rank, "#", its id


def round_totals(t: Table) -> list[int]:
    """C40-C42: each team's total for the round of the table `t`."""
    rules = t.rules
    out = []
    for team in range(t.teams):
        table = t.melds[team]
        melded = bonus = 0
        for kind, meld in table.items():
            melded += sum(VALUE[c] for c in meld.cards)
            if kind != "b" and len(meld.cards) >= t.size:
                canasta = ("natural" if not meld.wilds else "mixed" if meld.naturals
                           else "wild")
                if canasta == "wild" and rules.wild_bonus_going_out_only and (
                        t.went_out is None or t.went_out % t.teams != team):
                    continue  # Z10: only the side that went out

                if kind[0] == SEQUENCE_PREFIX:
                    canasta = SEQUENCE  # S7
                bonus += canasta_bonus(rules, canasta, meld.wilds, meld.cards.count(JOKER),
                                       kind.split(OLDER)[0])
        if rules.melds_minus_without_canasta and not t.canastas[team]:
            melded = -melded  # U18
        total = melded + bonus
        if rules.red_threes_need_sevens:  # PH7: plus only with a canasta of 7s
            total += red_three_score(rules, t.reds[team], sevens_canasta(t, team))
        elif t.blacks[team] or rules.threes_plus_from:  # U5, U16: 3s by colour
            reds = t.reds[team] - t.blacks[team]
            total += threes_score(rules, ("3H",) * reds + ("3S",) * t.blacks[team],
                                  bool(table), t.canastas[team], t._special(team))
        else:
            total += red_three_score(rules, t.reds[team], red_threes_count_plus(
                rules, bool(table), t.canastas[team]), t._special(team))
        if (rules.unfinished_pure_penalty or rules.unfinished_wild_penalty
                or rules.unfinished_wild_by_jokers):  # U17, U22
            total -= meld_penalties(rules, t._table_melds(team))
        if rules.sequence_scores:  # BR5
            total += sequence_score(rules, t._table_melds(team))
        if rules.canasta_count_bonus:  # Z11
            total += count_bonus(rules, t._table_melds(team))
        if t.aside[team] or "b" in table:  # K10
            total += aside_score(rules, t.aside[team],
                                 len(table["b"].cards) if "b" in table else 0)
        if t.went_out is not None and t.went_out % t.teams == team:
            total += rules.going_out_bonus + (rules.concealed_bonus if t.concealed else 0)
        for seat in range(team, t.players, t.teams):
            if t.packets:  # HF13, R19: a packet never taken up (its red 3s: nothing)
                total -= sum(hand_card_cost(rules, c) for c in t.packets[seat]
                             if c not in RED_THREES)
            for kind, cards in t.hands[seat].items():
                if kind == "b" and rules.black_three_in_hand:  # H9, B5
                    total -= rules.black_three_in_hand * len(cards)
                elif kind == "7" and rules.seven_in_hand:  # E10
                    total -= rules.seven_in_hand * len(cards)
                else:
                    total -= sum(VALUE[c] for c in cards)
            if rules.held_pure_count:  # U17
                total -= held_penalty(rules, tuple(
                    c for cards in t.hands[seat].values() for c in cards))
        out.append(total)
    return out


def sevens_canasta(t: Melds, team: int) -> bool:
    """PH7, R16: whether the team has a canasta of 7s."""
    return any(len(m.cards) >= t.size for k, m in t.melds[team].items()
               if k == "7" or k.startswith("7" + OLDER))
