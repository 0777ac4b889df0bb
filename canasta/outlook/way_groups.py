"""The groups of a way out, by rank (C30-C32 and the variants' limits on melds): which
naturals of each rank and which wild cards go where once the sequences are laid
(`go_out_groups`, for `going_out`), the wild cards' ranks (`assign_wilds`), the splits
that start a new meld beside a canasta (S5: `new_groups`), the black 3s a player going
out may meld (C21, R7), and the quick count of cards that can find no group (`Stuck`)."""

from __future__ import annotations

from collections.abc import Iterable

from canasta.game.cards import BLACK_THREES, RANK, RANK_VALUE, SORT_KEY, VALUE, WILDS
from canasta.mechanics.melds import WILD_KEY, TableMeld, fewest_naturals, wild_room
from canasta.mechanics.opening import NATURAL, TRIPLE, natural_triple
from canasta.mechanics.sequences import SEQUENCE
from canasta.mechanics.wild_melds import shares
from canasta.outlook.solver import split_hand
from canasta.rules.ruleset import RuleSet

# (wilds per key, the team's melds as counts by key, the card discarded last or None, the
# wild cards put on the meld of wild cards, the size of that meld or None, naturals per
# rank that start a new meld of it: S5, keyed rank + NEW_GROUP in the first two)
Way = tuple[dict[str, int], dict[str, tuple[int, int]], str | None, int, int | None,
             dict[str, int]]
NEW_GROUP = "+"
# S5: an older meld of a rank beside its newest one (kept under the rank itself) is keyed
# rank + OLDER + its id; such a meld is a canasta, and only wild cards join it here.
OLDER = "#"


def rank_of(key: str) -> str:
    """The rank of a key of a way's groups (a rank; a new group's; an older meld's)."""
    return key.removesuffix(NEW_GROUP).split(OLDER)[0]


def older_id(key: str) -> int | None:
    """The id of the older meld a key names, or None (the key is a rank's, or a new
    group's)."""
    meld_id = key.partition(OLDER)[2]
    return int(meld_id) if meld_id else None


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
            req[r], room[r] = 0, wild_room(rules, e, f, rank_of(r))
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


def team_counts(melds: Iterable[TableMeld]) -> tuple[dict[str, tuple[int, int]], int | None]:
    """The team's melds as (naturals, wilds) by rank, black 3s left out, and the size
    of its meld of wild cards (None: it has none). S5: where the team holds several
    melds of a rank, the newest is keyed by the rank and each older one (a canasta) by
    rank + `OLDER` + its id, so that wild cards may join it too."""
    existing: dict[str, tuple[int, int]] = {}
    newest: dict[str, TableMeld] = {}
    on_table = None
    for m in melds:
        if m.rank == WILD_KEY:
            on_table = len(m.cards)
        elif m.rank != "3" and m.kind != SEQUENCE:
            older = newest.get(m.rank)
            if older is not None:
                existing[f"{m.rank}{OLDER}{older.id}"] = (older.naturals, older.wilds)
            newest[m.rank] = m
            existing[m.rank] = (m.naturals, m.wilds)
    return existing, on_table


def assign_all(
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


class Stuck:
    """The cards of a hand that `go_out_groups` finds no meld for (so at most one, the
    discard, may be left: C30), counted again for what a sequence play leaves: the
    naturals of a rank held fewer times than a new meld needs (N2: three), with no meld
    of it on the table that has room (W2: closed at `meld_max` cards), the cards of a
    `dead` rank (U24), the black 3s no meld of them takes (`black_threes_left`). Used
    where the table has no meld of black 3s (after one, `go_out_groups` decides alone)."""

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
        self.fewest = fewest_naturals(rules)
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


def makes_canasta(rules: RuleSet, rest: tuple[str, ...], way: Way, level: int) -> bool:
    """BR2: whether the groups of a way out (`go_out_groups` for the cards `rest`)
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


def may_end_on(rules: RuleSet, card: str) -> bool:
    """R17, PH9: whether `card` may be the last card discarded (never a 7 where 7s are
    held back or barred last: `discards.seven_problem`)."""
    return not ((rules.sevens_held or rules.last_discard_not_seven) and RANK[card] == "7")


def go_out_groups(
    rules: RuleSet,
    hand: tuple[str, ...],
    melds: tuple[TableMeld, ...],
    canastas_have: int,
    need_points: int,
    dead: frozenset[str] = frozenset(),
) -> Way | None:
    """(wilds per rank, the team's melds as counts, the card discarded last or None, the
    wild cards put on the meld of wild cards, the size of that meld or None). Cards of a
    `dead` rank (U24) are never melded, nor is anything added to the team's meld of one."""
    existing, on_table = team_counts(melds)
    if any(m.rank == "3" for m in melds):
        # C21: nothing is melded after the black 3s: only a last card, discarded.
        if len(hand) > 1 or rules.final_discard == "forbidden" or (
                canastas_have < rules.canastas_to_go_out) or not may_end_on(rules, hand[0]):
            return None
        return {}, existing, hand[0], 0, on_table, {}
    groups, wilds, blacks = split_hand(hand)
    blacks_left = black_threes_left(rules, len(blacks))
    if blacks_left > 1:
        return None
    forced = [c for r in sorted(dead) for c in groups.pop(r, [])]  # U24
    existing = {r: held for r, held in existing.items() if rank_of(r) not in dead}
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
    choices = [c for c in choices if c is None or may_end_on(rules, c)]  # R17, PH9
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
        for split in new_groups(rules, use, melds):
            by_key, keys = use, existing
            if split:
                by_key, keys = dict(use), dict(existing)
                for r, k in split.items():
                    by_key[r] -= k
                    if not by_key[r]:
                        del by_key[r]
                    by_key[r + NEW_GROUP] = k
                    keys[r + NEW_GROUP] = (0, 0)
            found = assign_all(rules, by_key, n_wilds, keys, on_table, canastas_have,
                            rules.canastas_to_go_out)
            if found is not None:
                return found[0], keys, drop, found[1], on_table, split
    return None


def new_groups(rules: RuleSet, counts: dict[str, int], melds: tuple[TableMeld, ...]
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
