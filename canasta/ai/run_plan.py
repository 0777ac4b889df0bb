"""B4 (Bolivia): a side needs a canasta of a sequence — an escalera — to go out. While
it lacks one, the rule-based player keeps the natural cards that could grow one: they
are not thrown or melded into groups, and sequences go down before groups."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import RANK, WILDS
from ..rules import RuleSet
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


def sequence_canastas(view: dict[str, Any], team: int) -> int:
    """The canastas of a sequence (escaleras, B4) `team` has on the table in the view."""
    return sum(1 for m in view["melds"][team] if m["canasta"] == "sequence")


def escalera_keepers(view: dict[str, Any], rules: RuleSet) -> frozenset[str]:
    """B4: while the side of the player to move lacks the canasta of a sequence it needs
    to go out, the cards of its hand that could grow one (`run_keepers`); else none."""
    team = view["seat"] % view["teams"]
    if rules.sequence_canastas_to_go_out <= sequence_canastas(view, team):
        return frozenset()
    runs = [m["cards"] for m in view["melds"][team] if m["kind"] == "sequence"
            and not m["canasta"]]
    return run_keepers(view["hand"], runs, rules.canasta_size)
