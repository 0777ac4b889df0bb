"""B4 (Bolivia): a side needs a canasta of a sequence — an escalera — to go out. While
it lacks one, the rule-based player keeps the natural cards that could grow one: they
are not thrown or melded into groups, and sequences go down before groups."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from canasta.game.cards import RANK, WILDS
from canasta.mechanics.sequences import POSITION, RUN_ORDER, run_span
from canasta.rules.ruleset import RuleSet

CONNECT = 2  # two cards of a suit this few places apart may meet in one sequence


def run_keepers(hand: Sequence[str], runs: Iterable[Sequence[str]],
                longest: int) -> frozenset[str]:
    """The natural cards of `hand` that could grow a sequence toward its canasta:
    those that fit one of the side's open `runs` of their suit (now or once the gap is
    filled) without the run passing `longest` cards, and those with another card of
    their suit and a different rank at most `CONNECT` places away in the hand."""
    held: dict[str, int] = {}
    for c in hand:
        p = POSITION.get(RANK[c]) if c not in WILDS else None
        if p is not None:
            held[c[1]] = held.get(c[1], 0) | 1 << p
    return keepers_of(held, run_spans(runs), longest)


def run_spans(runs: Iterable[Sequence[str]]) -> dict[str, list[tuple[int, int]]]:
    """The places in `RUN_ORDER` each run covers (`span_of`: lowest, highest), by suit."""
    spans: dict[str, list[tuple[int, int]]] = {}
    for run in runs:
        span = run_span(tuple(run))
        if span is not None:
            spans.setdefault(span.suit, []).append((span.low, span.high))
    return spans


def keepers_of(held: dict[str, int], spans: dict[str, list[tuple[int, int]]],
               longest: int) -> frozenset[str]:
    """`run_keepers` on a hand's naturals as bits of their places by suit (`held`) and
    its side's open runs' `run_spans`: the cards as notation."""
    keep: list[str] = []
    for suit, places in held.items():
        near = 0
        for d in range(1, CONNECT + 1):
            near |= places << d | places >> d
        fit = 0
        for low, high in spans.get(suit, ()):
            # places outside the run that it could reach within `longest` cards
            reach = _bits(max(0, high - longest + 1), low + longest - 1)
            fit |= reach & ~_bits(low, high)
        kept = places & (near | fit)
        while kept:
            bit = kept & -kept
            keep.append(RUN_ORDER[bit.bit_length() - 1] + suit)
            kept ^= bit
    return frozenset(keep)


def _bits(low: int, high: int) -> int:
    """The bits `low` to `high`, both included."""
    return (1 << (high + 1)) - (1 << low) if high >= low else 0


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
