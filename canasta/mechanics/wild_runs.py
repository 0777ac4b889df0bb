"""Sequences that hold wild cards (N3, docs/variants/samba-three-naturals.md; on where
`RuleSet.sequence_wilds` > 0): the look-ahead's ways to lay cards in them.

A wild card in a sequence stands wherever the run needs it (`sequences.span_of`): in a
gap between its naturals, else at an end; a sequence holds at most `sequence_wilds`
of them, each beside at least `sequence_min` naturals. `wild_placements` is
`sequences.placements` for these rule sets: every distinct way to lay cards of a hand
in new sequences and onto the team's, wild cards included, of each kind (a joker and
a 2 score differently toward the initial meld), up to the same bounds (`MOST_WAYS`,
`MOST_SUIT_WAYS`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations

from canasta.game.cards import JOKER, RANK, WILDS
from canasta.mechanics.sequences import (
    MOST_SUIT_WAYS,
    MOST_WAYS,
    POSITION,
    RUN_ORDER,
    Placement,
    Play,
    run_key,
    span_of,
)
from canasta.rules.ruleset import RuleSet

ANY_WILD = "?"  # a wild card's place in a way, before jokers and 2s are told apart


def wild_placements(rules: RuleSet, hand: Iterable[str],
                    runs: Iterable[tuple[int, tuple[str, ...]]], limit: int = 0,
                    kinds: bool = True) -> Iterator[Placement]:
    """Every distinct way to lay some of `hand` (naturals and wild cards) in sequences:
    new ones, and onto the team's sequences `runs` (id, cards) shorter than `limit`,
    the empty way first; ways using the same cards are given once, with the most
    canastas. Without `kinds`, one mix of jokers and 2s per way (2s first)."""
    limit = limit or rules.sequence_max
    hand = tuple(hand)
    jokers = [c for c in hand if c == JOKER]
    twos = [c for c in hand if c in WILDS and c != JOKER]
    budget = len(jokers) + len(twos)
    by_suit: dict[str, list[int]] = {}
    for c in hand:
        if c not in WILDS and RANK[c] in POSITION:
            by_suit.setdefault(c[1], [0] * len(RUN_ORDER))[POSITION[RANK[c]]] += 1
    open_runs: dict[str, list[tuple[int, tuple[str, ...]]]] = {}
    for meld_id, cards in runs:
        span = span_of(cards)
        if span is not None and len(cards) < limit:
            open_runs.setdefault(span.suit, []).append((meld_id, cards))
    suits = sorted(set(by_suit) | (set(open_runs) if budget else set()))
    ways: dict[tuple[str, ...], Placement] = {(): Placement((), 0, ())}
    for suit in suits:
        options = _suit_ways(rules, suit, by_suit.get(suit, [0] * len(RUN_ORDER)),
                             open_runs.get(suit, []), limit, budget)
        nxt: dict[tuple[str, ...], Placement] = {}
        for w in ways.values():
            have = w.used.count(ANY_WILD)
            for o in options:
                if have + o.used.count(ANY_WILD) > budget:
                    continue
                used = tuple(sorted(w.used + o.used))
                made = w.canastas + o.canastas
                old = nxt.get(used)
                if old is None or old.canastas < made:
                    nxt[used] = Placement(used, made, w.plays + o.plays)
            if len(nxt) >= MOST_WAYS:
                break
        ways = nxt
    out: dict[tuple[str, ...], Placement] = {}
    for way in ways.values():
        for concrete in _told_apart(way, jokers, twos, kinds):
            old = out.get(concrete.used)
            if old is None or old.canastas < concrete.canastas:
                out[concrete.used] = concrete
    yield from sorted(out.values(), key=lambda p: len(p.used))


def _told_apart(way: Placement, jokers: list[str], twos: list[str], kinds: bool
                ) -> Iterator[Placement]:
    """`way` with its wild cards' places filled by jokers and 2s: every mix the hand
    allows (without `kinds`: the one with the most 2s)."""
    n = way.used.count(ANY_WILD)
    if not n:
        yield way
        return
    fewest = max(0, n - len(twos))
    for j in range(fewest, (min(n, len(jokers)) if kinds else fewest) + 1):
        pool = iter(jokers[:j] + twos[:n - j])
        plays = tuple(p._replace(cards=tuple(next(pool) if c == ANY_WILD else c
                                             for c in p.cards)) for p in way.plays)
        used = tuple(sorted(c for p in plays for c in p.cards))
        yield Placement(used, way.canastas, plays)


def _suit_ways(rules: RuleSet, suit: str, counts: list[int],
               open_runs: list[tuple[int, tuple[str, ...]]], limit: int, budget: int
               ) -> list[Placement]:
    """The ways within one suit: cards onto its open runs (up to `limit` cards), then
    new runs (the longest first), at most MOST_SUIT_WAYS; a wild card is `ANY_WILD`."""
    size = rules.canasta_size
    most = rules.sequence_wilds
    out: dict[tuple[str, ...], Placement] = {}

    def card(i: int) -> str:
        return RUN_ORDER[i] + suit

    def fits(naturals: set[int], wilds: int, total: int) -> bool:
        low, high = min(naturals), max(naturals)
        return high - low + 1 - len(naturals) <= wilds and total <= len(RUN_ORDER)

    def record(used: tuple[str, ...], made: int, plays: tuple[Play, ...]) -> None:
        key = tuple(sorted(used))
        old = out.get(key)
        if old is None or old.canastas < made:
            out[key] = Placement(key, made, plays)

    def new_runs(start: int, left: list[int], used: tuple[str, ...], made: int,
                 plays: tuple[Play, ...], spare: int) -> None:
        record(used, made, plays)
        for i in range(start, len(RUN_ORDER)):
            if not left[i]:
                continue
            for places, wilds in _runs_from(rules, i, left, min(most, spare)):
                if len(out) >= MOST_SUIT_WAYS:
                    return
                length = len(places) + wilds
                run = tuple(card(k) for k in places) + (ANY_WILD,) * wilds
                for k in places:
                    left[k] -= 1
                new_runs(i, left, used + run, made + (length >= size),
                         (*plays, Play(run, None, length >= size)), spare - wilds)
                for k in places:
                    left[k] += 1

    def extend(k: int, left: list[int], used: tuple[str, ...], made: int,
               plays: tuple[Play, ...], spare: int) -> None:
        if k == len(open_runs):
            new_runs(0, left, used, made, plays, spare)
            return
        meld_id, cards = open_runs[k]
        naturals = {run_key(c) for c in cards if c not in WILDS}
        had = len(cards) - len(naturals)
        room = limit - len(cards)
        low, high = min(naturals), max(naturals)
        reach = room + had  # (a wild card in the run may move to free its place)
        near = [p for p in range(max(0, low - reach), min(len(RUN_ORDER), high + reach + 1))
                if left[p] and p not in naturals]
        for r in range(min(room, len(near)) + 1):
            for extra in combinations(near, r):
                for wilds in range(min(most - had, spare, room - r) + 1):
                    if len(out) >= MOST_SUIT_WAYS:
                        return
                    if (r or wilds) and not fits(naturals | set(extra), had + wilds,
                                                 len(cards) + r + wilds):
                        continue
                    for p in extra:
                        left[p] -= 1
                    added = tuple(card(p) for p in extra) + (ANY_WILD,) * wilds
                    completes = len(cards) < size <= len(cards) + len(added)
                    step = (Play(added, meld_id, completes),) if added else ()
                    extend(k + 1, left, used + added, made + completes, plays + step,
                           spare - wilds)
                    for p in extra:
                        left[p] += 1

    extend(0, list(counts), (), 0, (), budget)
    return list(out.values())


def _runs_from(rules: RuleSet, i: int, left: list[int], wilds: int
               ) -> list[tuple[tuple[int, ...], int]]:
    """The new runs whose lowest natural is at `i`: (places of their naturals, wild
    cards), at least `sequence_min` naturals, at most `sequence_max` cards, with up to
    `wilds` wild cards filling gaps or standing at an end; the longest first."""
    found: list[tuple[tuple[int, ...], int]] = []
    smin, smax = rules.sequence_min, rules.sequence_max

    def walk(j: int, places: tuple[int, ...], gaps: int) -> None:
        if len(places) >= smin and places[-1] == j - 1:
            for w in range(gaps, wilds + 1):
                if len(places) + w <= smax:
                    found.append((places, w))
        if j >= len(RUN_ORDER) or len(places) + gaps >= smax:
            return
        if left[j]:
            walk(j + 1, (*places, j), gaps)
        if gaps < wilds:
            walk(j + 1, places, gaps + 1)

    walk(i + 1, (i,), 0)
    found.sort(key=lambda f: -(len(f[0]) + f[1]))
    return found
