"""Going out (C30-C33 and every variant's requirements): `finish_problem` says why a
play that leaves a card or none is refused; the search for a way out (`go_out_plan`,
`can_go_out_with`) and whether cards form melds of their own (C32: `forms_own_melds`) or
could all be laid down (H1: `lays_down_whole`). The initial meld's look-ahead and the
counts both use are in `solver.py`."""

from __future__ import annotations

from collections.abc import Iterable

from .actions import Action, Discard, Meld
from .cards import BLACK_THREES, RANK, RANK_VALUE, SORT_KEY, VALUE, WILDS, sort_cards
from .melds import WILD_KEY, TableMeld, points, team_canastas, wild_room
from .opening import NATURAL, TRIPLE, natural_triple
from .rules import RuleSet
from .sequences import SEQUENCE, Play
from .solver import (
    sequence_canastas,
    sequence_ways,
    split_hand,
    without,
)
from .twos_melds import settle
from .wild_melds import shares


def finish_problem(
    rules: RuleSet,
    left: tuple[str, ...],
    melds: tuple[TableMeld, ...],
    canastas: int,
    permission: bool | None,
    *,
    discard: bool = False,
    lone: bool = False,
    dead: frozenset[str] = frozenset(),
) -> str | None:
    """Going out's requirements as data, in one place: `checks` (melds, taking the
    pile, discards), the round's end at an empty stock (`transitions`), and through
    `ends_allowed`, `may_go_out` and the go-out solver, `legal_actions` and the view's
    `may_ask`. Why a play that leaves the cards `left` in hand (a meld or taking the
    pile), or with `discard` the discard of the last card, is refused, the team then
    having `melds` and `canastas` and the partner having answered `permission`; None
    when it is allowed. A play leaving two cards or more does not go out: allowed here.

    - "canastas" (C30): the last card discarded without the canastas to go out;
    - "keep_two" (C31): fewer than two cards left without them (`c31_refuses`);
    - "no" (C33): going out after the partner said no;
    - "ask" (C33 compulsory, `must_ask`): going out without the partner's yes, unless
      the player held a single card (`lone`: a last red 3 drawn, C34), who cannot ask;
    - "discard_required", "discard_forbidden" (C30 as `final_discard`): going out by
      melding the last card where it must be discarded, or by discarding it where it
      must be melded (one card may be left only where it can then be melded).

    `dead`: ranks the team may no longer meld (U24, `melds.dead_ranks`)."""
    goal = rules.canastas_to_go_out
    if discard:
        if canastas < goal:
            return "canastas"
        if rules.final_discard == "forbidden":
            return "discard_forbidden"
        return "no" if permission is False else None
    if len(left) >= 2:
        return None
    if c31_refuses(rules, left, melds, canastas, dead):
        return "keep_two"
    if permission is False:
        return "no"
    if rules.must_ask and permission is not True and not lone:
        return "ask"
    if not left:
        return "discard_required" if rules.final_discard == "required" else None
    if rules.final_discard == "forbidden" and not can_go_out_with(
            rules, left, melds, canastas, 0, dead=dead):
        return "discard_forbidden"
    return None


def assign_wilds(
    rules: RuleSet,
    groups: dict[str, int],
    wild_total: int,
    existing: dict[str, tuple[int, int]],
    canastas_have: int,
    canastas_needed: int,
) -> dict[str, int] | None:
    """Give every wild card a rank so that all naturals (by rank, `groups`) and
    wilds are melded validly and the team reaches `canastas_needed` canastas.
    Returns wilds per rank, or None when no arrangement exists."""
    size = rules.canasta_size
    req: dict[str, int] = {}
    room: dict[str, int] = {}
    for r, n in groups.items():
        e, f = existing.get(r, (0, 0))
        if rules.meld_max and e + f + n > rules.meld_max:
            return None  # W2: more naturals than the meld can hold
        if e == 0:
            if n < 2:
                return None
            need = max(0, rules.min_meld - n)
            space = wild_room(rules, n, 0, r.removesuffix(NEW_GROUP))  # (U8, R10: a new
            if need > space:  # meld of 7s beside a canasta of them takes none either)
                return None
            req[r], room[r] = need, space
        else:
            req[r], room[r] = 0, wild_room(rules, e + n, f, r)
    for r, (e, f) in existing.items():
        if r not in groups:
            req[r], room[r] = 0, wild_room(rules, e, f, r)
    if not sum(req.values()) <= wild_total <= sum(room.values()):
        return None
    extra = wild_total - sum(req.values())
    assign = dict(req)
    made = canastas_have
    gaps: list[tuple[int, str]] = []
    for r in room:
        e, f = existing.get(r, (0, 0))
        if e + f >= size:
            continue
        total = e + f + groups.get(r, 0) + req[r]
        if total >= size:
            made += 1
        elif size - total <= room[r] - req[r]:
            gaps.append((size - total, r))
    for gap, r in sorted(gaps):
        if made >= canastas_needed:
            break
        if gap <= extra:
            assign[r] += gap
            extra -= gap
            made += 1
    if made < canastas_needed:
        return None
    for r in room:
        take = min(extra, room[r] - assign[r])
        assign[r] += take
        extra -= take
    return assign


def c31_refuses(
    rules: RuleSet, left: tuple[str, ...], melds: tuple[TableMeld, ...], canastas: int,
    dead: frozenset[str] = frozenset(),
) -> bool:
    """C31 for a play that leaves the cards `left` in hand, the team's melds and
    canastas then being `melds` and `canastas`: fewer than two cards are allowed
    only with the canastas needed to go out. Where more than one is needed, the
    single card left may also be the one that completes the last of them, as the
    player's last meld (each play of a two-canasta go-out cannot complete both).
    The one home of C31: `legal_actions` keeps a quicker copy for the plays it lists
    (the explorer, tests/engine/test_explorer.py, proves that `check` accepts exactly
    those), and the AI's fast path never plays below two cards without the canastas."""
    goal = rules.canastas_to_go_out
    if len(left) >= 2 or canastas >= goal:
        return False
    return not (goal > 1 and len(left) == 1
                and can_go_out_with(rules, left, melds, canastas, 0, dead=dead))


def _team_counts(melds: Iterable[TableMeld]) -> tuple[dict[str, tuple[int, int]], int | None]:
    """The team's melds as (naturals, wilds) by rank, black 3s left out, and the size
    of its meld of wild cards (None: it has none)."""
    existing: dict[str, tuple[int, int]] = {}
    on_table = None
    for m in melds:
        if m.rank == WILD_KEY:
            on_table = len(m.cards)
        elif m.rank != "3" and m.kind != SEQUENCE:
            existing[m.rank] = (m.naturals, m.wilds)
    return existing, on_table


def _assign(
    rules: RuleSet,
    groups: dict[str, int],
    wild_total: int,
    existing: dict[str, tuple[int, int]],
    on_table: int | None,
    canastas_have: int,
    canastas_needed: int,
) -> tuple[dict[str, int], int] | None:
    """`assign_wilds`, where wild cards may also go to the team's meld of wild cards
    (F1): (wilds per rank, wilds to that meld), or None."""
    for x, made in shares(rules, wild_total, on_table):
        assign = assign_wilds(rules, groups, wild_total - x, existing, canastas_have + made,
                              canastas_needed)
        if assign is not None:
            return assign, x
    return None


def forms_own_melds(rules: RuleSet, cards: tuple[str, ...]) -> bool:
    """C32: could these cards alone form valid melds, one of them a canasta?"""
    for way in sequence_ways(rules, cards, (), kinds=False):
        groups, wilds, blacks = split_hand(without(cards, way.used))
        if not black_meld_ok(rules, len(blacks)):
            return False
        counts = {r: len(cs) for r, cs in groups.items()}
        if _assign(rules, counts, len(wilds), {}, None, way.canastas, 1) is not None:
            return True
    return False


def go_out_plan(
    rules: RuleSet,
    hand: tuple[str, ...],
    melds: tuple[TableMeld, ...],
    canastas_have: int,
    need_points: int,
    canasta_needed: int = 0,
    dead: frozenset[str] = frozenset(),
    most_ways: int = 0,
) -> list[Action] | None:
    """A sequence of melds (and perhaps a final discard) that empties `hand`
    legally (C30, C31, C21), reaching `need_points` (and BR2's `canasta_needed`) for an
    initial meld, melding no card of a `dead` rank (U24); None if the hand cannot go out
    this turn. `most_ways`: a search that gives up (None) after trying that many ways of
    laying sequences (S6), for the AI's play-outs; 0 (the engine): every way."""
    hand, melds, laid, canastas_have, need_points = _settled(rules, hand, melds,
                                                              canastas_have, need_points)
    # Z6: the 2s go onto the side's meld of 2s first
    first: list[Action] = (
        [Meld(laid, None, next(m.id for m in melds if m.rank == WILD_KEY))] if laid else [])
    if laid and not hand:  # (they were the whole hand)
        return first if _out_by_laying(rules, canastas_have, need_points,
                                       canasta_needed) else None
    found = _go_out(rules, hand, melds, canastas_have, need_points, canasta_needed, dead,
                    most_ways)
    if found is None:
        return None
    (assign, existing, drop, to_wild, on_table, split), runs = found
    rest = list(without(hand, tuple(c for p in runs for c in p.cards)))
    if drop is not None:
        rest.remove(drop)
    g, w, b = split_hand(rest)
    ids: dict[str, int] = {}
    for r, k in split.items():  # S5: these naturals start a new meld of their rank; the
        g[r + NEW_GROUP], g[r] = g[r][:k], g[r][k:]  # rest join the canasta by its id
        ids[r] = max(m.id for m in melds if m.rank == r)
    plan = _plan_actions(rules, g, w, b, assign, existing, drop, runs, ids)
    if to_wild:
        # The wild cards no rank took go to the meld of wild cards, first if that
        # completes a canasta (C31: the canastas before the last cards).
        given = [c for a in plan if isinstance(a, Meld) for c in a.cards if c in WILDS]
        pool = list(w)
        for c in given:
            pool.remove(c)
        have = on_table or 0
        step = Meld(sort_cards(pool))
        plan.insert(0 if have < rules.canasta_size <= have + len(pool) else
                    sum(isinstance(a, Meld) and a.cards[0] not in BLACK_THREES for a in plan),
                    step)
    return [*first, *plan]


def can_go_out_with(
    rules: RuleSet,
    hand: tuple[str, ...],
    melds: tuple[TableMeld, ...],
    canastas_have: int,
    need_points: int,
    canasta_needed: int = 0,
    dead: frozenset[str] = frozenset(),
) -> bool:
    """Whether `go_out_plan` finds a way out, without writing the plan."""
    hand, melds, laid, canastas_have, need_points = _settled(rules, hand, melds,
                                                              canastas_have, need_points)
    if laid and not hand:  # Z6: the 2s on the meld of 2s were the whole hand
        return _out_by_laying(rules, canastas_have, need_points, canasta_needed)
    return _go_out(rules, hand, melds, canastas_have, need_points, canasta_needed,
                   dead) is not None


def _out_by_laying(rules: RuleSet, canastas: int, need_points: int, canasta_needed: int
                   ) -> bool:
    """Whether laying the last cards on a meld goes out (no discard left, C30)."""
    return (canastas >= rules.canastas_to_go_out and need_points <= 0 and not canasta_needed
            and rules.final_discard != "required")


def _settled(rules: RuleSet, hand: tuple[str, ...], melds: tuple[TableMeld, ...],
             canastas_have: int, need_points: int
             ) -> tuple[tuple[str, ...], tuple[TableMeld, ...], tuple[str, ...], int, int]:
    """Z6 (`twos_melds.settle`): a locked side's 2s laid on its meld of 2s before the
    search; the hand, melds, 2s laid, canastas and points still needed after them."""
    rest, after, laid = settle(rules, hand, melds)
    if not laid:
        return hand, melds, laid, canastas_have, need_points
    made = rules.wild_canastas_count_out and team_canastas(rules, after) > team_canastas(
        rules, melds)
    return rest, after, laid, canastas_have + made, need_points - points(laid)


# (wilds per key, the team's melds as counts by key, the card discarded last or None, the
# wild cards put on the meld of wild cards, the size of that meld or None, naturals per
# rank that start a new meld of it: S5, keyed rank + NEW_GROUP in the first two)
_Way = tuple[dict[str, int], dict[str, tuple[int, int]], str | None, int, int | None,
             dict[str, int]]
NEW_GROUP = "+"


def _go_out(
    rules: RuleSet,
    hand: tuple[str, ...],
    melds: tuple[TableMeld, ...],
    canastas_have: int,
    need_points: int,
    canasta_needed: int = 0,
    dead: frozenset[str] = frozenset(),
    most_ways: int = 0,
) -> tuple[_Way, tuple[Play, ...]] | None:
    """A way out: the cards of one rank and wild cards as `_go_out_groups` gives them,
    after the sequence plays (S6) that lay the rest; None if there is none (or none in
    the first `most_ways` sequence plays, where that is not 0). BR2: with
    `canasta_needed`, only a way that makes such a canasta (of the ways tried: the
    first assignment of wild cards found for each sequence placement)."""
    if not hand:
        return None
    lacking = rules.sequence_canastas_to_go_out - sequence_canastas(rules, melds)
    kinds = bool(need_points or canasta_needed)  # (N3: jokers and 2s count apart)
    stuck = None if any(m.rank == "3" for m in melds) else _Stuck(rules, hand, melds, dead)
    for tried, way in enumerate(sequence_ways(rules, hand, melds, out=True, kinds=kinds)):
        if tried == most_ways and most_ways:
            return None
        if way.canastas < lacking:
            continue  # B4: this way out would lack a canasta of a sequence
        if stuck is not None and way.used and stuck.after(way.used) > 1:
            continue  # (what `_go_out_groups` refuses first, counted without its work)
        rest = without(hand, way.used)
        if not rest:
            if (rules.final_discard != "required" and points(way.used) >= need_points
                    and canastas_have + way.canastas >= rules.canastas_to_go_out
                    and not any(m.rank == "3" for m in melds)):
                return ({}, _team_counts(melds)[0], None, 0, None, {}), way.plays
            continue
        found = _go_out_groups(rules, rest, melds, canastas_have + way.canastas,
                               need_points - points(way.used), dead)
        if found is not None and (
                not canasta_needed or (way.canastas and canasta_needed != TRIPLE)
                or _makes_canasta(rules, rest, found, canasta_needed)):
            return found, way.plays
    return None


def black_meld_ok(rules: RuleSet, n: int) -> bool:
    """Whether `n` black 3s may be the one meld of them a player going out makes: none,
    or three or four (C21; R7: three or more)."""
    return n == 0 or (n >= 3 and (n <= 4 or rules.black_threes_any_number))


def black_threes_left(rules: RuleSet, n: int) -> int:
    """How many of `n` black 3s held no meld of them takes when the player goes out (C21:
    one meld of three or four, so of five one is left for the discard, of six two; R7:
    any number from three): each must be the one discard, so more than one never go."""
    if black_meld_ok(rules, n):
        return 0
    return n if n < 3 else n - 4


class _Stuck:
    """The cards of a hand that `_go_out_groups` finds no meld for (so at most one, the
    discard, may be left: C30), counted again for what a sequence play leaves: the
    naturals of a rank held fewer times than a new meld needs (N2: three), with no meld
    of it on the table that has room (W2: closed at `meld_max` cards), the cards of a
    `dead` rank (U24), the black 3s no meld of them takes (`black_threes_left`). Used
    where the table has no meld of black 3s (after one, `_go_out_groups` decides alone)."""

    def __init__(self, rules: RuleSet, hand: tuple[str, ...], melds: tuple[TableMeld, ...],
                 dead: frozenset[str]) -> None:
        self.counts: dict[str, int] = {}
        blacks = 0
        for c in hand:
            if c in BLACK_THREES:
                blacks += 1
            elif c not in WILDS and RANK[c] != "3":
                self.counts[RANK[c]] = self.counts.get(RANK[c], 0) + 1
        self.dead = dead
        self.fewest = rules.fewest_naturals
        most = rules.meld_max  # W2: a meld of `meld_max` cards takes no more
        self.existing = {m.rank for m in melds if m.rank not in dead and m.rank != WILD_KEY
                         and m.rank != "3" and m.kind != SEQUENCE
                         and not (most and len(m.cards) >= most)}
        self.base = black_threes_left(rules, blacks)
        self.base += sum(self._of(r, n) for r, n in self.counts.items())

    def _of(self, rank: str, n: int) -> int:
        if rank in self.dead:
            return n
        return n if n < self.fewest and rank not in self.existing else 0

    def after(self, used: tuple[str, ...]) -> int:
        """The cards left with no meld once the cards `used` are laid in sequences."""
        taken: dict[str, int] = {}
        for c in used:
            if c not in WILDS:
                taken[RANK[c]] = taken.get(RANK[c], 0) + 1
        total = self.base
        for r, k in taken.items():
            n = self.counts[r]
            total += self._of(r, n - k) - self._of(r, n)
        return total


def _makes_canasta(rules: RuleSet, rest: tuple[str, ...], way: _Way, level: int) -> bool:
    """BR2: whether the groups of a way out (`_go_out_groups` for the cards `rest`)
    complete a canasta that meets `level` (`opening.qualifies`); U23 (`level` TRIPLE):
    whether they hold a natural triple (`opening.natural_triple`)."""
    assign, keys, drop, to_wild, on_table, split = way
    size = rules.canasta_size
    have = on_table or 0
    if to_wild and have < size <= have + to_wild and level != TRIPLE:
        return True  # a canasta of wild cards: natural or better
    left = list(rest)
    if drop is not None:
        left.remove(drop)
    groups, _, _ = split_hand(left)
    counts = {r: len(cs) for r, cs in groups.items()}
    for r, k in split.items():
        counts[r] -= k
        counts[r + NEW_GROUP] = k
    for key in set(counts) | set(keys):
        e, f = keys.get(key, (0, 0))
        w = assign.get(key, 0)
        if level == TRIPLE:
            if key not in ("3", WILD_KEY) and natural_triple(e + counts.get(key, 0), f + w):
                return True
            continue
        if e + f < size <= e + f + counts.get(key, 0) + w and (
                level < NATURAL or not (f or w)):
            return True
    return False


def _may_end_on(rules: RuleSet, card: str) -> bool:
    """R17, PH9: whether `card` may be the last card discarded (never a 7 where 7s are
    held back or barred last: `discards.seven_problem`)."""
    return not ((rules.sevens_held or rules.last_discard_not_seven) and RANK[card] == "7")


def _go_out_groups(
    rules: RuleSet,
    hand: tuple[str, ...],
    melds: tuple[TableMeld, ...],
    canastas_have: int,
    need_points: int,
    dead: frozenset[str] = frozenset(),
) -> _Way | None:
    """(wilds per rank, the team's melds as counts, the card discarded last or None, the
    wild cards put on the meld of wild cards, the size of that meld or None). Cards of a
    `dead` rank (U24) are never melded, nor is anything added to the team's meld of one."""
    existing, on_table = _team_counts(melds)
    if any(m.rank == "3" for m in melds):
        # C21: nothing is melded after the black 3s: only a last card, discarded.
        if len(hand) > 1 or rules.final_discard == "forbidden" or (
                canastas_have < rules.canastas_to_go_out) or not _may_end_on(rules, hand[0]):
            return None
        return {}, existing, hand[0], 0, on_table, {}
    groups, wilds, blacks = split_hand(hand)
    blacks_left = black_threes_left(rules, len(blacks))
    if blacks_left > 1:
        return None
    forced = [c for r in sorted(dead) for c in groups.pop(r, [])]  # U24
    existing = {r: held for r, held in existing.items() if r not in dead}
    # Cards that cannot be melded must be the one discard: at most one may exist.
    forced += [cs[0] for r, cs in groups.items() if len(cs) == 1 and r not in existing]
    if blacks_left:
        forced.append(blacks[0])
    if len(forced) > 1:
        return None
    choices: list[str | None]
    if forced:
        choices = [forced[0]]
    else:
        # Discarding any card of a rank has the same effect: try one card per rank,
        # cheapest first (ties in the hand's sort order, so the plan is reproducible).
        choices = [None]
        tried: set[str] = set()
        for c in sorted(hand, key=lambda c: (VALUE[c], SORT_KEY[c])):
            if RANK[c] not in tried:
                tried.add(RANK[c])
                choices.append(c)
    # C30 as data (`final_discard`): a discard required, or forbidden, at the end.
    if rules.final_discard == "required":
        choices = [c for c in choices if c is not None]
    elif rules.final_discard == "forbidden":
        choices = [c for c in choices if c is None]
    choices = [c for c in choices if c is None or _may_end_on(rules, c)]  # R17, PH9
    total = sum(map(VALUE.__getitem__, hand))
    counts = {r: len(cs) for r, cs in groups.items()}
    for drop in choices:
        if need_points > 0 and total - (VALUE[drop] if drop else 0) < need_points:
            continue
        n_wilds = len(wilds)
        n_blacks = len(blacks)
        use = counts
        if drop is not None:
            if drop in WILDS:
                n_wilds -= 1
            elif drop in BLACK_THREES:
                n_blacks -= 1
            elif RANK[drop] in dead:
                pass  # U24: never among the groups
            else:
                use = dict(counts)
                r = RANK[drop]
                use[r] -= 1
                if not use[r]:
                    del use[r]
        if not black_meld_ok(rules, n_blacks):
            continue
        for split in _new_groups(rules, use, melds):
            by_key, keys = use, existing
            if split:
                by_key, keys = dict(use), dict(existing)
                for r, k in split.items():
                    by_key[r] -= k
                    if not by_key[r]:
                        del by_key[r]
                    by_key[r + NEW_GROUP] = k
                    keys[r + NEW_GROUP] = (0, 0)
            found = _assign(rules, by_key, n_wilds, keys, on_table, canastas_have,
                            rules.canastas_to_go_out)
            if found is not None:
                return found[0], keys, drop, found[1], on_table, split
    return None


def _new_groups(rules: RuleSet, counts: dict[str, int], melds: tuple[TableMeld, ...]
                ) -> Iterable[dict[str, int]]:
    """S5: how many naturals of each rank start a new meld of it beside the team's
    canastas of that rank (none first): every split, for the ranks where one may; beside
    closed canastas (W2, R8: `meld_max`) only all of them, as `assign_wilds` refuses any
    onto those (so a huge hand's splits stay few: docs/ENGINE.md, S5)."""
    out: list[dict[str, int]] = [{}]
    if rules.groups_per_rank <= 1:
        return out
    for r, n in counts.items():
        if n < 2 or r not in RANK_VALUE or r == "3":
            continue
        held = [m for m in melds if m.rank == r]
        if not held or len(held) >= rules.groups_per_rank or any(
                len(m.cards) < rules.canasta_size for m in held):
            continue
        closed = rules.meld_max and all(len(m.cards) >= rules.meld_max for m in held)
        ks = (n,) if closed else (0, *range(2, n + 1))
        out = [{**split, r: k} for split in out for k in ks]
        out = [{r2: k for r2, k in split.items() if k} for split in out]
    return out


def _plan_actions(
    rules: RuleSet,
    groups: dict[str, list[str]],
    wilds: list[str],
    blacks: list[str],
    assign: dict[str, int],
    existing: dict[str, tuple[int, int]],
    drop: str | None,
    runs: tuple[Play, ...] = (),
    ids: dict[str, int] | None = None,
) -> list[Action]:
    pool = sorted(wilds, key=VALUE.__getitem__, reverse=True)
    steps: list[tuple[int, int, Meld]] = [
        (0 if p.completes else 1, len(p.cards), Meld(p.cards, None, p.onto)) for p in runs]
    for r, w in assign.items():
        naturals = groups.get(r, [])
        if not naturals and not w:
            continue
        given, pool = pool[:w], pool[w:]
        cards = tuple(naturals) + tuple(given)
        e, f = existing.get(r, (0, 0))
        completes = e + f < rules.canasta_size <= e + f + len(cards)
        if r.endswith(NEW_GROUP):
            meld = Meld(sort_cards(cards), None, None, True)
        elif ids and r in ids:
            meld = Meld(sort_cards(cards), None, ids[r])
        else:
            meld = Meld(sort_cards(cards), None if naturals else r)
        steps.append((0 if completes else 1, len(cards), meld))
    steps.sort(key=lambda s: (s[0], s[1]))
    plan: list[Action] = [s[2] for s in steps]
    if blacks:
        plan.append(Meld(sort_cards(blacks)))
    if drop is not None:
        plan.append(Discard(drop))
    return plan


def lays_down_whole(rules: RuleSet, hand: tuple[str, ...], melds: tuple[TableMeld, ...]) -> bool:
    """H1: could every card of `hand` be melded, in new melds or on the team's `melds`,
    with no card left to discard (black 3s as one meld of three or four, C21)?"""
    existing, on_table = _team_counts(melds)
    for way in sequence_ways(rules, hand, melds, kinds=False):
        groups, wilds, blacks = split_hand(without(hand, way.used))
        if not black_meld_ok(rules, len(blacks)):
            return False
        counts = {r: len(cs) for r, cs in groups.items()}
        if _assign(rules, counts, len(wilds), existing, on_table, 0, 0) is not None:
            return True
    return False
