"""Sequences: runs of one suit (Samba, docs/variants/samba.md S6-S8, seed 003 line 71;
the other games of issue 12 reuse them). On where `RuleSet.sequence_min` > 0: natural
cards of one suit in unbroken rank order from 4 up to the ace (`RUN_ORDER`; no wild
card, no 3, no rank twice), at least `sequence_min` of them; cards join either end up
to `sequence_max`. A run of `canasta_size` cards is a canasta (its `canasta_kind` is
"sequence", named by `RuleSet.canasta_names`: Samba's samba) and, as `sequence_max` is
reached, closed.

A sequence is a `TableMeld` of kind `SEQUENCE` with no rank (`SEQUENCE_KEY`), its cards
in run order, found by its id: a team may hold several, even of one suit. A meld of
cards of more than one rank starts one; cards join one only when the play names it
(`onto`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import NamedTuple

from canasta.game.cards import RANK, WILDS
from canasta.game.errors import Text
from canasta.rules.ruleset import RuleSet

RUN_ORDER = "456789TJQKA"
POSITION = {r: i for i, r in enumerate(RUN_ORDER)}
SEQUENCE = "sequence"
SEQUENCE_KEY = ""  # a sequence's `rank`: it has none (the view shows null)


class Span(NamedTuple):
    """A run's suit and its lowest and highest place in `RUN_ORDER`."""

    suit: str
    low: int
    high: int


def run_key(card: str) -> int:
    return POSITION[RANK[card]]


def span_of(cards: Iterable[str]) -> Span | None:
    """The run these cards make (in any order), or None: naturals of one suit from 4 up,
    each rank once, with no gap their wild cards (N3: `sequence_wilds`) cannot fill. A
    wild card stands wherever the run needs it: in a gap, else above the highest
    natural (below the lowest where the run reaches the ace)."""
    places: list[int] = []
    suit = ""
    wilds = 0
    for c in cards:
        if c in WILDS:
            wilds += 1
            continue
        if RANK[c] not in POSITION or (suit and c[1] != suit):
            return None
        suit = c[1]
        places.append(POSITION[RANK[c]])
    if not places:
        return None
    low, high = min(places), max(places)
    if len(set(places)) != len(places):
        return None
    spare = wilds - (high - low + 1 - len(places))
    if spare < 0:
        return None
    up = min(spare, len(RUN_ORDER) - 1 - high)
    if low - (spare - up) < 0:
        return None
    return Span(suit, low - (spare - up), high + up)


@lru_cache(maxsize=4096)
def run_span(cards: tuple[str, ...]) -> Span | None:
    """`span_of`, remembered: the AI's play-outs ask it of the same runs again and again."""
    return span_of(cards)


def in_run_order(cards: Iterable[str]) -> tuple[str, ...]:
    """A sequence's cards from its low end, each wild card where `span_of` stands it."""
    cards = tuple(cards)
    wilds = [c for c in cards if c in WILDS]
    if not wilds:
        return tuple(sorted(cards, key=run_key))
    span = span_of(cards)
    if span is None:  # (not a run: naturals in order, wild cards last)
        return tuple(sorted((c for c in cards if c not in WILDS), key=run_key)) + tuple(wilds)
    at = {run_key(c): c for c in cards if c not in WILDS}
    spare = iter(wilds)
    return tuple(at[p] if p in at else next(spare) for p in range(span.low, span.high + 1))


def wild_problem(rules: RuleSet, cards: tuple[str, ...], run: tuple[str, ...] = ()
                 ) -> str | None:
    """S6, N3: why a sequence of `run` and `cards` holds too many wild cards, or None: none
    at all (S6), or at most `sequence_wilds` with `sequence_min` naturals besides (N3)."""
    wilds = sum(map(WILDS.__contains__, cards)) + sum(map(WILDS.__contains__, run))
    if not wilds:
        return None
    most = rules.sequence_wilds
    if not most:
        return Text("A sequence holds no wild cards.")
    if wilds > most:
        return Text("A sequence holds at most {n, plural, one {# wild card} other {# wild cards}}.",
                    n=most)
    if len(cards) + len(run) - wilds < rules.sequence_min:
        return Text("A sequence holds a wild card only beside at least {n} natural cards.",
                    n=rules.sequence_min)
    return None


def is_sequence_play(rules: RuleSet, cards: tuple[str, ...]) -> bool:
    """Whether a meld of `cards` with no target is meant as a new sequence: the rules
    allow sequences and its natural cards are of more than one rank."""
    if not rules.sequence_min:
        return False
    ranks = {RANK[c] for c in cards if c not in WILDS}
    return len(ranks) > 1


def start_problem(rules: RuleSet, cards: tuple[str, ...]) -> str | None:
    """S6 (N3): why `cards` cannot start a sequence, or None."""
    problem = wild_problem(rules, cards)
    if problem is not None:
        return problem
    span = span_of(cards)
    if span is None:
        if rules.sequence_wilds:
            return Text("A sequence is {n} or more cards of one suit in unbroken order, from 4 "
                        "up to the ace, with no 3 and no rank twice (a wild card may fill a "
                        "gap).", n=rules.sequence_min)
        return Text("A sequence is {n} or more cards of one suit in unbroken order, from 4 up "
                    "to the ace, with no 3 and no rank twice.", n=rules.sequence_min)
    if len(cards) < rules.sequence_min:
        return Text("A sequence needs at least {n} cards.", n=rules.sequence_min)
    if len(cards) > rules.sequence_max:
        return Text("A sequence holds at most {n} cards.", n=rules.sequence_max)
    return None


def run_limit(rules: RuleSet, going_out: bool = False) -> int:
    """S7: the most cards a sequence holds; BR6 (`sequence_grows_out`): in a going-out
    turn, up to the ace (every rank from 4)."""
    return len(RUN_ORDER) if going_out and rules.sequence_grows_out else rules.sequence_max


def join_problem(rules: RuleSet, run: tuple[str, ...], cards: tuple[str, ...],
                 limit: int = 0) -> str | None:
    """S6, S7: why `cards` cannot join the sequence `run` of at most `limit` cards
    (`run_limit`; 0: `sequence_max`), or None."""
    limit = limit or rules.sequence_max
    if len(run) >= limit:
        if rules.sequence_grows_out and limit < len(RUN_ORDER):
            return Text("This sequence is complete ({n} cards): no card may join it (it grows "
                        "to the ace only in the turn you go out).", n=len(run))
        return Text("This sequence is complete ({n} cards): no card may join it.", n=len(run))
    problem = wild_problem(rules, cards, run)
    if problem is not None:
        return problem
    suit = next(c[1] for c in run if c not in WILDS)
    if any(c not in WILDS and (RANK[c] not in POSITION or c[1] != suit) for c in cards):
        return _suit_only(suit, *run_ends(run))
    if span_of(run + cards) is None:
        low, high = run_ends(run)
        return Text("These cards do not continue the sequence {low:card} to {high:card} at "
                    "either end without a gap or a rank twice.", low=low, high=high)
    if len(run) + len(cards) > limit:
        return Text("A sequence holds at most {n} cards.", n=limit)
    return None


def _suit_only(suit: str, low: str, high: str) -> str:
    """S6: only cards of the sequence's suit join it (a sentence per suit)."""
    if suit == "S":
        return Text("Only spades from 4 up to the ace can join this sequence ({low:card} to "
                    "{high:card}).", low=low, high=high)
    if suit == "H":
        return Text("Only hearts from 4 up to the ace can join this sequence ({low:card} to "
                    "{high:card}).", low=low, high=high)
    if suit == "D":
        return Text("Only diamonds from 4 up to the ace can join this sequence ({low:card} to "
                    "{high:card}).", low=low, high=high)
    return Text("Only clubs from 4 up to the ace can join this sequence ({low:card} to "
                "{high:card}).", low=low, high=high)


def run_ends(run: tuple[str, ...]) -> tuple[str, str]:
    """A sequence's two end cards (codes), a wild card's place counted as its natural
    card of the suit (a sequence named by its ends: "5♥–8♥")."""
    span = span_of(run)
    if span is None:
        return run[0], run[-1]
    return RUN_ORDER[span.low] + span.suit, RUN_ORDER[span.high] + span.suit


def extends(rules: RuleSet, run: tuple[str, ...], card: str) -> bool:
    """Whether the single `card` may join the sequence `run` (S3: the pile's top card)."""
    return join_problem(rules, run, (card,)) is None


class Placement(NamedTuple):  # (Play is defined below; annotations are lazy)
    """Cards laid in sequences: the cards, the canastas they complete, and the plays
    that lay them (`Play`)."""

    used: tuple[str, ...]
    canastas: int
    plays: tuple[Play, ...]


class Play(NamedTuple):
    """One meld of a `Placement`: its cards, the id of the sequence it joins (None: a
    new one), and whether it completes a canasta."""

    cards: tuple[str, ...]
    onto: int | None
    completes: bool


def placements(rules: RuleSet, naturals: Iterable[str],
               runs: Iterable[tuple[int, tuple[str, ...]]], limit: int = 0
               ) -> Iterator[Placement]:
    """Every distinct way to lay some of `naturals` in sequences: new ones, and onto
    the team's sequences `runs` (id, cards) shorter than `limit` (`run_limit`; 0:
    `sequence_max`), the empty way first. Ways that use the same cards are given once,
    with the most canastas. Exact: the solver tries each with the rest of the hand in
    groups (these sequences hold no wild cards: `wild_runs.wild_placements` is this for
    rule sets whose sequences do, N3)."""
    limit = limit or rules.sequence_max
    by_suit: dict[str, list[int]] = {}
    for c in naturals:
        if c not in WILDS and RANK[c] in POSITION:
            by_suit.setdefault(c[1], [0] * len(RUN_ORDER))[POSITION[RANK[c]]] += 1
    open_runs: dict[str, list[tuple[int, Span]]] = {}
    for meld_id, cards in runs:
        span = span_of(cards)
        if span is not None and len(cards) < limit:
            open_runs.setdefault(span.suit, []).append((meld_id, span))
    suits = sorted(set(by_suit))
    per_suit = [_suit_ways(rules, s, by_suit[s], open_runs.get(s, []), limit) for s in suits]
    ways: dict[tuple[str, ...], Placement] = {(): Placement((), 0, ())}
    for options in per_suit:
        nxt: dict[tuple[str, ...], Placement] = {}
        for w in ways.values():
            for o in options:
                used = w.used + o.used
                made = w.canastas + o.canastas
                old = nxt.get(used)
                if old is None or old.canastas < made:
                    nxt[used] = Placement(used, made, w.plays + o.plays)
            if len(nxt) >= MOST_WAYS:
                break  # (a hand of dozens of cards: see MOST_WAYS)
        ways = nxt
    yield from sorted(ways.values(), key=lambda p: len(p.used))


# The most ways `placements` gives, and finds within one suit. Hands of fifteen or so
# cards have far fewer, so the look-aheads stay exact in play; a hand of dozens of cards
# (a random player's, after many piles) can have millions, of which the first found
# (longest runs first) are kept. docs/ENGINE.md, "Sequences, as built", says what this
# means for the rules.
MOST_WAYS = 4096
MOST_SUIT_WAYS = 256


def _suit_ways(rules: RuleSet, suit: str, counts: list[int],
               open_runs: list[tuple[int, Span]], limit: int) -> list[Placement]:
    """`placements` within one suit: extensions of its open runs (up to `limit` cards),
    then new runs (the longest first), at most MOST_SUIT_WAYS."""
    size = rules.canasta_size
    out: dict[tuple[str, ...], Placement] = {}

    def card(i: int) -> str:
        return RUN_ORDER[i] + suit

    def new_runs(start: int, left: list[int], used: tuple[str, ...], made: int,
                 plays: tuple[Play, ...]) -> None:
        key = tuple(sorted(used))
        old = out.get(key)
        if old is None or old.canastas < made:
            out[key] = Placement(key, made, plays)
        for i in range(start, len(RUN_ORDER)):
            if not left[i]:
                continue
            j = i
            while j < len(RUN_ORDER) and left[j] and j - i < rules.sequence_max:
                j += 1
            for end in range(j, i + rules.sequence_min - 1, -1):  # the longest first
                if len(out) >= MOST_SUIT_WAYS:
                    return
                length = end - i
                run = tuple(card(k) for k in range(i, end))
                for k in range(i, end):
                    left[k] -= 1
                new_runs(i, left, used + run, made + (length >= size),
                         (*plays, Play(run, None, length >= size)))
                for k in range(i, end):
                    left[k] += 1

    def extend(k: int, left: list[int], used: tuple[str, ...], made: int,
               plays: tuple[Play, ...]) -> None:
        if k == len(open_runs):
            new_runs(0, left, used, made, plays)
            return
        meld_id, span = open_runs[k]
        length = span.high - span.low + 1
        room = limit - length
        down = 0
        while True:
            if down > room:
                break
            up = 0
            while down + up <= room:
                places = list(range(span.low - down, span.low)) + list(
                    range(span.high + 1, span.high + 1 + up))
                if any(p < 0 or p >= len(RUN_ORDER) for p in places):
                    break
                if all(left[p] for p in places):
                    for p in places:
                        left[p] -= 1
                    cards = tuple(card(p) for p in places)
                    completes = length < size <= length + len(places)
                    extra = (Play(cards, meld_id, completes),) if cards else ()
                    extend(k + 1, left, used + cards, made + completes, plays + extra)
                    for p in places:
                        left[p] += 1
                elif up and not left[span.high + up]:
                    break
                up += 1
            if span.low - down - 1 < 0 or not left[span.low - down - 1]:
                break
            down += 1

    extend(0, list(counts), (), 0, ())
    return list(out.values())
