"""What a side's initial meld must hold besides the points of the initial-meld table
(C25): its canasta (Brazilian Canasta, docs/variants/brazilian.md BR2) — from
`RuleSet.canasta_to_open_from` a canasta, from `natural_to_open_from` a natural one or
better (an escalera, a canasta of wild cards); its natural triple (Modern American
Canasta's option U23, docs/variants/american.md) — with `initial_natural_triple` a meld
of three natural cards or more and no wild card."""

from __future__ import annotations

from collections.abc import Iterable

from canasta.mechanics.melds import WILD_KEY, TableMeld, canasta_kind
from canasta.mechanics.sequences import SEQUENCE_KEY
from canasta.rules.ruleset import RuleSet

ANY = 1  # a canasta of any kind
NATURAL = 2  # a canasta scoring as a natural one or more
TRIPLE = 3  # U23: no canasta, but a natural meld of three cards or more


def opening_level(rules: RuleSet, score: int) -> int:
    """BR2, U23: what a side with this cumulative score needs in its initial meld: 0
    (nothing), ANY or NATURAL (a canasta), TRIPLE (a natural meld of three)."""
    if score >= rules.natural_to_open_from:
        return NATURAL
    if score >= rules.canasta_to_open_from:
        return ANY
    return TRIPLE if rules.initial_natural_triple else 0


def natural_triple(naturals: int, wilds: int) -> bool:
    """U23: a meld of `naturals` natural cards and `wilds` wild cards is a natural triple
    (three natural cards or more, no wild card)."""
    return naturals >= 3 and not wilds


def qualifies(kind: str | None, level: int) -> bool:
    """Whether a canasta of this `canasta_kind` (None: no canasta) meets `level`: any
    canasta for ANY; for NATURAL any but a mixed one (a natural canasta, an escalera, a
    canasta of wild cards: "natural or better", each scoring more than a mixed one)."""
    return kind is not None and (level < NATURAL or kind != "mixed")


def meets(rules: RuleSet, meld: TableMeld, level: int) -> bool:
    """Whether `meld` gives an initial meld what `level` asks (BR2, U23)."""
    if level == TRIPLE:
        return meld.rank not in ("3", WILD_KEY, SEQUENCE_KEY) and natural_triple(
            meld.naturals, meld.wilds)
    return qualifies(canasta_kind(rules, meld.cards), level)


def canasta_lacking(rules: RuleSet, score: int, melds: Iterable[TableMeld]) -> int:
    """BR2, U23: what the initial meld of a side with this score still lacks (its level),
    its melds being `melds` (all made this turn): 0 when nothing is needed or it is
    there."""
    level = opening_level(rules, score)
    if level and any(meets(rules, m, level) for m in melds):
        return 0
    return level


def still_needed(rules: RuleSet, score: int, lacking: int) -> int:
    """What the look-ahead of an unfinished initial meld must make or keep (its level),
    `lacking` being what `canasta_lacking` says it lacks now: U23's natural triple always,
    as a wild card added later in the turn would spoil the one made; BR2's canasta only
    while it is lacking."""
    level = opening_level(rules, score)
    return level if level == TRIPLE else lacking
