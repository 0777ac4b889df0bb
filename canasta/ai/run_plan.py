"""B4 (Bolivia): a side needs a canasta of a sequence — an escalera — to go out. While
it lacks one, the rule-based player keeps the natural cards that could grow one: they
are not thrown or melded into groups, and sequences go down before groups."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import RANK, WILDS
from ..sequences import POSITION, span_of

CONNECT = 2  # two cards of a suit this few places apart may meet in one sequence


def run_keepers(hand: Sequence[str], runs: Iterable[Sequence[str]],
                longest: int) -> frozenset[str]:
    """The natural cards of `hand` that could grow a sequence toward its canasta:
    those that fit one of the side's open `runs` of their suit (now or once the gap is
    filled) without the run passing `longest` cards, and those with another card of
    their suit and a different rank at most `CONNECT` places away in the hand."""
    spans = [s for s in (span_of(r) for r in runs) if s is not None]
    places: dict[str, set[int]] = {}
    naturals = [c for c in hand if c not in WILDS and RANK[c] in POSITION]
    for c in naturals:
        places.setdefault(c[1], set()).add(POSITION[RANK[c]])
    keep: set[str] = set()
    for c in naturals:
        p = POSITION[RANK[c]]
        fits = any(s.suit == c[1] and not s.low <= p <= s.high
                   and max(s.high, p) - min(s.low, p) < longest for s in spans)
        if fits or any(q != p and abs(q - p) <= CONNECT for q in places[c[1]]):
            keep.add(c)
    return frozenset(keep)
