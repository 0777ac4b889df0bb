"""The counted pile (docs/variants/samba-twos.md Z3; seed 003 line 73): on where
`RuleSet.counted_pile` is set, the deal puts face-down stock cards under the upcard,
as many as the upcard counts (`count`). The state keeps how many of the pile's bottom
cards are face down (`State.face_down`; while a side that took the pile completes its
initial meld, of the held-back cards, C12): nobody sees them, and whoever takes the
pile takes them into the hand unseen by the others."""

from __future__ import annotations

from canasta.game.cards import RANK
from canasta.rules.ruleset import RuleSet

# Z3: "Bube - 11 Karten, Dame - 12 Karten, König - 13 Karten, Ass und Joker - jeweils
# 20 Karten"; the seed is silent on the other ranks: their number (a 2 counts 2).
_COUNTS = {"J": 11, "Q": 12, "K": 13, "A": 20, "*": 20, "T": 10}


def count(rules: RuleSet, upcard: str) -> int:
    """Z3: how many face-down stock cards go under `upcard` (0 without a counted pile;
    "including": the upcard is one of the count)."""
    if not rules.counted_pile:
        return 0
    rank = RANK[upcard]
    n = _COUNTS[rank] if rank in _COUNTS else int(rank)
    return n - 1 if rules.counted_pile == "including" else n


def seen_part(cards: tuple[str, ...], face_down: int) -> tuple[str, ...]:
    """The cards of a pile (or of held-back pile cards) that every seat has seen."""
    return cards[face_down:] if face_down else cards
