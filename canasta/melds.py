"""Melds on the table and what makes one valid (C17-C19, C21, C30)."""

from __future__ import annotations

from typing import NamedTuple

from .cards import VALUE, WILDS, rank_plural
from .rules import RuleSet


class TableMeld(NamedTuple):
    """A team's meld of one rank ('3' for black 3s melded when going out), with its
    counts of natural and wild cards kept beside the cards (make it with `table_meld`)."""

    rank: str
    cards: tuple[str, ...]
    naturals: int
    wilds: int


def table_meld(rank: str, cards: tuple[str, ...]) -> TableMeld:
    wilds = wild_count(cards)
    return TableMeld(rank, cards, len(cards) - wilds, wilds)


def wild_count(cards: tuple[str, ...] | list[str]) -> int:
    return sum(map(WILDS.__contains__, cards))


def canasta_kind(rules: RuleSet, cards: tuple[str, ...]) -> str | None:
    """C30: 'natural', 'mixed' or None (not a canasta)."""
    if len(cards) < rules.canasta_size:
        return None
    return "mixed" if wild_count(cards) else "natural"


def points(cards: tuple[str, ...] | list[str]) -> int:
    return sum(map(VALUE.__getitem__, cards))


def shape_problem(rules: RuleSet, rank: str, naturals: int, wilds: int) -> str | None:
    """Why a meld with this many naturals and wilds is not valid (C17), or None."""
    size = naturals + wilds
    if size < rules.min_meld:
        return f"A meld needs at least {rules.min_meld} cards."
    if naturals < 2:
        return f"A meld needs at least two natural {rank_plural(rank)}."
    if wilds > rules.max_wilds:
        return f"A meld may hold at most {rules.max_wilds} wild cards."
    if rules.wilds_strictly_fewer and wilds >= naturals:
        return "A meld must always hold more natural cards than wild cards."
    if not rules.wilds_strictly_fewer and wilds > naturals:
        return "A meld may not hold more wild cards than natural cards."
    return None


def wild_room(rules: RuleSet, naturals: int, wilds: int) -> int:
    """How many more wild cards a meld with these counts can take (C17; C19: none
    on a natural canasta where the rules forbid it)."""
    if not rules.wild_on_natural_canasta and wilds == 0 and naturals >= rules.canasta_size:
        return 0
    limit = naturals - 1 if rules.wilds_strictly_fewer else naturals
    return max(0, min(rules.max_wilds, limit) - wilds)


def team_canastas(rules: RuleSet, melds: tuple[TableMeld, ...]) -> int:
    size = rules.canasta_size
    n = 0
    for m in melds:
        if len(m.cards) >= size and m.rank != "3":
            n += 1
    return n


def find_meld(melds: tuple[TableMeld, ...], rank: str) -> TableMeld | None:
    for m in melds:
        if m.rank == rank:
            return m
    return None
