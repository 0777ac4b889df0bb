"""The initial meld's canasta (Brazilian Canasta, docs/variants/brazilian.md BR2): from
`RuleSet.canasta_to_open_from` a side's initial meld must hold a canasta, and from
`natural_to_open_from` a natural one or better (an escalera, a canasta of wild cards) —
besides the points of the initial-meld table (C25)."""

from __future__ import annotations

from collections.abc import Iterable

from .melds import TableMeld, canasta_kind
from .rules import RuleSet

ANY = 1  # a canasta of any kind
NATURAL = 2  # a canasta scoring as a natural one or more


def opening_level(rules: RuleSet, score: int) -> int:
    """BR2: the canasta a side with this cumulative score needs in its initial meld:
    0 (none), ANY or NATURAL."""
    if score >= rules.natural_to_open_from:
        return NATURAL
    return ANY if score >= rules.canasta_to_open_from else 0


def qualifies(kind: str | None, level: int) -> bool:
    """Whether a canasta of this `canasta_kind` (None: no canasta) meets `level`: any
    canasta for ANY; for NATURAL any but a mixed one (a natural canasta, an escalera, a
    canasta of wild cards: "natural or better", each scoring more than a mixed one)."""
    return kind is not None and (level < NATURAL or kind != "mixed")


def canasta_lacking(rules: RuleSet, score: int, melds: Iterable[TableMeld]) -> int:
    """BR2: the level of canasta the initial meld of a side with this score still lacks,
    its melds being `melds` (all made this turn): 0 when none is needed or one is there."""
    level = opening_level(rules, score)
    if level and any(qualifies(canasta_kind(rules, m.cards), level) for m in melds):
        return 0
    return level
