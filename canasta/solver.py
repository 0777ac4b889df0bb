"""Look-ahead used by the rules: can the initial meld still be reached (C26),
can the hand go out (C30, C33), could cards form melds of their own (C32)?
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import accumulate

from .actions import Action, Discard, Meld
from .cards import BLACK_THREES, RANK, RANK_VALUE, RED_THREES, SORT_KEY, VALUE, WILDS, sort_cards
from .melds import WILD_KEY, TableMeld, points, shape_problem, wild_room
from .opening import NATURAL
from .rules import RuleSet
from .sequences import SEQUENCE, Placement, Play, placements, run_limit
from .wild_melds import shares


def split_hand(cards: Iterable[str]) -> tuple[dict[str, list[str]], list[str], list[str]]:
    """Naturals by rank (3s excluded), wild cards, black 3s."""
    groups: dict[str, list[str]] = {}
    wilds: list[str] = []
    blacks: list[str] = []
    for c in cards:
        if c in WILDS:
            wilds.append(c)
        elif c in BLACK_THREES:
            blacks.append(c)
        elif c not in RED_THREES:
            groups.setdefault(RANK[c], []).append(c)
    return groups, wilds, blacks


def hand_counts(hand: Iterable[str]) -> tuple[dict[str, int], list[int], int]:
    """The naturals of a hand counted by rank (3s left out), the values of its wild
    cards, highest first, and its number of black 3s: all the C26 look-ahead needs
    to know of a hand."""
    counts: dict[str, int] = {}
    wild_values: list[int] = []
    blacks = 0
    for c in hand:
        if c in WILDS:
            wild_values.append(VALUE[c])
        else:
            r = RANK[c]
            if r != "3":
                counts[r] = counts.get(r, 0) + 1
            elif c in BLACK_THREES:
                blacks += 1
    wild_values.sort(reverse=True)
    return counts, wild_values, blacks


def black_three_points(blacks: int) -> int:
    """C21, C25: the most the black 3s in hand can add to an initial meld. They
    count at their card value, but only as the last meld of a player going out
    (3 or 4 of them, any fifth one left over)."""
    return BLACK_THREE_VALUE * min(blacks, 4) if blacks >= 3 else 0


BLACK_THREE_VALUE = VALUE["3S"]


def initial_reachable(
    rules: RuleSet,
    hand: tuple[str, ...],
    turn_melds: tuple[TableMeld, ...],
    need: int,
    bonus_cards: int,
    canastas_have: int,
    may_go_out: bool = True,
    canasta_opens: bool = False,
    canasta_needed: int = 0,
) -> bool:
    """C26: can melds from `hand` (new ones, or additions to the melds made this
    turn) add at least `need` points while leaving two cards in hand (C31), the
    `bonus_cards` held-back pile cards included, unless a canasta is made and the
    player `may_go_out` (C33: not after a "no")? Black 3s count only as the last
    meld of a player going out (C21). With `canasta_opens` (H6, H7) a canasta made
    this turn reaches the initial meld whatever its points; with `canasta_needed`
    (BR2: `opening.ANY` or `opening.NATURAL`) the melds must also make such a canasta."""
    if need <= 0 and not canasta_needed:
        return True
    existing = meld_counts(turn_melds)
    runs = sequence_canastas(rules, turn_melds)
    for way in _placements(rules, hand, turn_melds):
        rest = _without(hand, way.used)
        counts, wild_values, blacks = hand_counts(rest)
        # B4: no going out without the canastas of sequences it needs
        out = may_go_out and runs + way.canastas >= rules.sequence_canastas_to_go_out
        if reachable(rules, counts, wild_values, len(rest), existing,
                     need - points(way.used), bonus_cards, canastas_have + way.canastas,
                     blacks, out, canasta_opens,
                     0 if way.canastas else canasta_needed):  # (an escalera meets BR2)
            return True
    return False


def _placements(rules: RuleSet, hand: Iterable[str], melds: Iterable[TableMeld],
                out: bool = False) -> Iterable[Placement]:
    """S6: the ways to lay cards of `hand` in sequences, new or onto the team's `melds`
    (`sequences.placements`; BR6: growing past `sequence_max` when the ways are ways
    `out`); only the empty way where the rules have no sequences."""
    if not rules.sequence_min:
        return (_NOWHERE,)
    return placements(rules, hand, ((m.id, m.cards) for m in melds if m.kind == SEQUENCE),
                      run_limit(rules, out))


_NOWHERE = Placement((), 0, ())


def _without(hand: Iterable[str], used: tuple[str, ...]) -> tuple[str, ...]:
    if not used:
        return tuple(hand)
    rest = list(hand)
    for c in used:
        rest.remove(c)
    return tuple(rest)


def meld_counts(melds: Iterable[TableMeld]) -> dict[str, tuple[int, int]]:
    """(naturals, wild cards) of each meld of one rank (or of wild cards), by rank;
    sequences are left out (they take no wild cards: S6)."""
    return {m.rank: (m.naturals, m.wilds) for m in melds if m.kind != SEQUENCE}


def reachable(
    rules: RuleSet,
    counts: dict[str, int],
    wild_values: list[int],
    hand_size: int,
    existing: dict[str, tuple[int, int]],
    need: int,
    bonus_cards: int,
    canastas_have: int,
    blacks: int = 0,
    may_go_out: bool = True,
    canasta_opens: bool = False,
    canasta_needed: int = 0,
) -> bool:
    """`initial_reachable` for a hand given as `hand_counts` and its size, with the
    melds made this turn given as `meld_counts`."""
    if need <= 0 and not canasta_needed:
        return True
    # Quick bound: the most points any arrangement can reach, ignoring C31.
    best = 0
    used = 0
    room = 0
    needy: list[tuple[int, int, int, int]] = []  # (points, cards, wilds needed, room)
    for r, n in counts.items():
        e, f = existing.get(r, (0, 0))
        if e:
            best += n * RANK_VALUE[r]
            used += n
            room += wild_room(rules, e + n, f, r, True)
        elif n >= 2:
            req = max(0, rules.min_meld - n)
            r_room = wild_room(rules, n, 0, r, True)
            if req == 0:
                best += n * RANK_VALUE[r]
                used += n
                room += r_room
            elif req <= r_room:
                needy.append((n * RANK_VALUE[r], n, req, r_room - req))
    for r, (e, f) in existing.items():
        if r not in counts:
            room += wild_room(rules, e, f, r, True)
    if rules.wild_meld_min and (WILD_KEY in existing or len(wild_values) >= rules.wild_meld_min):
        room += len(wild_values)  # the meld of wild cards takes any number (F1)
    spare = len(wild_values)
    for pts, n, req, extra in sorted(needy, reverse=True):
        if req <= spare:
            spare -= req
            best += pts
            used += n + req
            room += extra
    wild_used = min(len(wild_values) - spare + room, len(wild_values))
    extra_wilds = wild_used - (len(wild_values) - spare)
    best += sum(wild_values[:wild_used])
    used += max(0, extra_wilds)
    if best >= need and not rules.wild_meld_min and not rules.meld_max and not canasta_needed and (
            hand_size - used + bonus_cards >= 2
            or (may_go_out and canastas_have >= rules.canastas_to_go_out
                and rules.classic_finish)):
        return True
    if may_go_out or rules.black_threes_anytime:  # (E5: a set of them at any time)
        best += black_three_points(blacks)
    if best < need and not canasta_opens:
        return False
    return _initial_exact(rules, hand_size, counts, wild_values, existing, need, bonus_cards,
                          canastas_have,
                          blacks if may_go_out or rules.black_threes_anytime else 0,
                          may_go_out, canasta_opens, canasta_needed)


def _initial_exact(
    rules: RuleSet,
    hand_size: int,
    counts: dict[str, int],
    wild_values: list[int],
    existing: dict[str, tuple[int, int]],
    need: int,
    bonus_cards: int,
    canastas_have: int,
    blacks: int,
    may_go_out: bool,
    canasta_opens: bool = False,
    canasta_needed: int = 0,
) -> bool:
    """Exact search over how many naturals and wilds go to each rank; black 3s
    count only when they end a going out (C21); with `canasta_opens` a canasta
    made this turn reaches the initial meld (H6, H7); with `canasta_needed` (BR2) the
    melds must make a canasta of that level (the key's last place: one is made)."""
    total_wilds = len(wild_values)
    prefix = list(accumulate(wild_values, initial=0))
    goal = rules.canastas_to_go_out
    size = rules.canasta_size
    dp: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    if rules.wild_meld_min:  # F1: wild cards to the meld of wild cards (points: `prefix`)
        on = existing.get(WILD_KEY)
        wild_options = [(x, x, made, 0) for x, made in
                        shares(rules, total_wilds, None if on is None else sum(on))]
        dp = {(c, wu, min(goal, cn), min(1, cn)): 0 for c, wu, cn, _ in wild_options}
    for r in (set(counts) | set(existing)) - {WILD_KEY}:
        n = counts.get(r, 0)
        v = RANK_VALUE[r]
        e, f = existing.get(r, (0, 0))
        options = [(0, 0, 0, 0, 0)]
        for k in range(0 if e else 2, n + 1):
            for w in range(total_wilds + 1):
                if k == 0 and w == 0:
                    continue
                if shape_problem(rules, r, e + k, f + w, True, f) is not None:
                    continue
                if w and f == 0 and e >= size and not rules.wild_on_natural_canasta:
                    continue  # C19: no wild card on a natural canasta
                made = 1 if e + f < size <= e + f + k + w else 0
                fit = made if canasta_needed < NATURAL or not (f or w) else 0  # BR2
                options.append((k + w, w, made, k * v, fit))
        nxt: dict[tuple[int, int, int, int], int] = {}
        for (c, wu, cn, q), p in dp.items():
            for dc, dw, dcn, dpts, dq in options:
                if wu + dw > total_wilds:
                    continue
                key = (c + dc, wu + dw, min(goal, cn + dcn), q | dq)
                if nxt.get(key, -1) < p + dpts:
                    nxt[key] = p + dpts
        dp = nxt
    black_sizes = [b for b in (3, 4) if b <= blacks]
    for (c, wu, cn, q), p in dp.items():
        if canasta_needed and not q:
            continue
        got = p + prefix[wu]
        out = may_go_out and canastas_have + cn >= goal
        left = hand_size - c + bonus_cards
        if (got >= need or (canasta_opens and cn > 0)) and (
                left >= 2 or (out and ends_allowed(rules, left))):
            return True
        if out and any(left - b <= 1 and ends_allowed(rules, left - b)
                       and got + BLACK_THREE_VALUE * b >= need for b in black_sizes):
            return True
        if rules.black_threes_anytime and any(  # E5: a set of black 3s, two cards kept
                left - b >= 2 and got + BLACK_THREE_VALUE * b >= need for b in black_sizes):
            return True
    return False


def ends_allowed(rules: RuleSet, left: int) -> bool:
    """`final_discard` (C30 as data): may a going out end with `left` cards (0 or 1)
    after the last meld: 0 by melding every card (not where a discard is required), 1
    by discarding it (not where the last card may not be discarded)?"""
    return rules.final_discard != ("required" if left == 0 else "forbidden")


CANNOT_GO_OUT = 100  # more canastas than any side makes: a requirement not met


def out_shortfall(rules: RuleSet, reds: int) -> int:
    """M8, M12: the canastas a side with `reds` red 3s laid down needs beyond
    `canastas_to_go_out`: none in Classic; where a side needs `red_threes_to_go_out` red
    3s and has fewer, more than any side makes (it cannot go out); where it needs a
    canasta for each red 3 (`canastas_per_red_three`), those beyond that number. The
    callers of the go-out functions pass a side's canastas less this (`toward_out`), so
    every requirement below stays a count of canastas."""
    if reds < rules.red_threes_to_go_out or not rules.going_out:  # (E4: nobody goes out)
        return CANNOT_GO_OUT
    if rules.canastas_per_red_three:
        return max(0, reds - rules.canastas_to_go_out)
    return 0


def toward_out(rules: RuleSet, canastas: int, reds: int, runs: int = 0) -> int:
    """A side's `canastas` as the go-out functions count them (`out_shortfall`); B4: a
    side with fewer than `sequence_canastas_to_go_out` canastas of sequences (`runs`)
    counts one short of going out at most, and the search (`_go_out`) only finds the ways
    out that complete the sequence canastas it lacks."""
    count = canastas - out_shortfall(rules, reds)
    if runs < rules.sequence_canastas_to_go_out:
        count = min(count, rules.canastas_to_go_out - 1)
    return count


def sequence_canastas(rules: RuleSet, melds: Iterable[TableMeld]) -> int:
    """B4: the side's canastas of sequences."""
    return sum(1 for m in melds if m.kind == SEQUENCE and len(m.cards) >= rules.canasta_size)


def may_go_out(rules: RuleSet, permission: bool | None) -> bool:
    """C33 as data: may the player go out this turn, given the partner's answer
    (None: not asked)? Never after a "no"; where the question is compulsory
    (`must_ask`), only after a "yes"."""
    return permission is True if rules.must_ask else permission is not False


def finish_problem(
    rules: RuleSet,
    left: tuple[str, ...],
    melds: tuple[TableMeld, ...],
    canastas: int,
    permission: bool | None,
    *,
    discard: bool = False,
    lone: bool = False,
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
      must be melded (one card may be left only where it can then be melded)."""
    goal = rules.canastas_to_go_out
    if discard:
        if canastas < goal:
            return "canastas"
        if rules.final_discard == "forbidden":
            return "discard_forbidden"
        return "no" if permission is False else None
    if len(left) >= 2:
        return None
    if c31_refuses(rules, left, melds, canastas):
        return "keep_two"
    if permission is False:
        return "no"
    if rules.must_ask and permission is not True and not lone:
        return "ask"
    if not left:
        return "discard_required" if rules.final_discard == "required" else None
    if rules.final_discard == "forbidden" and not can_go_out_with(rules, left, melds,
                                                                   canastas, 0):
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
            space = wild_room(rules, n, 0, r)
            if need > space:
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
    rules: RuleSet, left: tuple[str, ...], melds: tuple[TableMeld, ...], canastas: int
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
                and can_go_out_with(rules, left, melds, canastas, 0))


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
    for way in _placements(rules, cards, ()):
        groups, wilds, blacks = split_hand(_without(cards, way.used))
        if blacks and (len(blacks) < 3 or len(blacks) > 4):
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
) -> list[Action] | None:
    """A sequence of melds (and perhaps a final discard) that empties `hand`
    legally (C30, C31, C21), reaching `need_points` (and BR2's `canasta_needed`) for an
    initial meld; None if the hand cannot go out this turn."""
    found = _go_out(rules, hand, melds, canastas_have, need_points, canasta_needed)
    if found is None:
        return None
    (assign, existing, drop, to_wild, on_table, split), runs = found
    rest = list(_without(hand, tuple(c for p in runs for c in p.cards)))
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
    return plan


def can_go_out_with(
    rules: RuleSet,
    hand: tuple[str, ...],
    melds: tuple[TableMeld, ...],
    canastas_have: int,
    need_points: int,
    canasta_needed: int = 0,
) -> bool:
    """Whether `go_out_plan` finds a way out, without writing the plan."""
    return _go_out(rules, hand, melds, canastas_have, need_points, canasta_needed) is not None


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
) -> tuple[_Way, tuple[Play, ...]] | None:
    """A way out: the cards of one rank and wild cards as `_go_out_groups` gives them,
    after the sequence plays (S6) that lay the rest; None if there is none. BR2: with
    `canasta_needed`, only a way that makes such a canasta (of the ways tried: the
    first assignment of wild cards found for each sequence placement)."""
    if not hand:
        return None
    lacking = rules.sequence_canastas_to_go_out - sequence_canastas(rules, melds)
    for way in _placements(rules, hand, melds, out=True):
        if way.canastas < lacking:
            continue  # B4: this way out would lack a canasta of a sequence
        rest = _without(hand, way.used)
        if not rest:
            if (rules.final_discard != "required" and points(way.used) >= need_points
                    and canastas_have + way.canastas >= rules.canastas_to_go_out
                    and not any(m.rank == "3" for m in melds)):
                return ({}, _team_counts(melds)[0], None, 0, None, {}), way.plays
            continue
        found = _go_out_groups(rules, rest, melds, canastas_have + way.canastas,
                               need_points - points(way.used))
        if found is not None and (not canasta_needed or way.canastas
                                  or _makes_canasta(rules, rest, found, canasta_needed)):
            return found, way.plays
    return None


def _makes_canasta(rules: RuleSet, rest: tuple[str, ...], way: _Way, level: int) -> bool:
    """BR2: whether the groups of a way out (`_go_out_groups` for the cards `rest`)
    complete a canasta that meets `level` (`opening.qualifies`)."""
    assign, keys, drop, to_wild, on_table, split = way
    size = rules.canasta_size
    have = on_table or 0
    if to_wild and have < size <= have + to_wild:
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
        if e + f < size <= e + f + counts.get(key, 0) + w and (
                level < NATURAL or not (f or w)):
            return True
    return False


def _go_out_groups(
    rules: RuleSet,
    hand: tuple[str, ...],
    melds: tuple[TableMeld, ...],
    canastas_have: int,
    need_points: int,
) -> _Way | None:
    """(wilds per rank, the team's melds as counts, the card discarded last or None, the
    wild cards put on the meld of wild cards, the size of that meld or None)."""
    existing, on_table = _team_counts(melds)
    if any(m.rank == "3" for m in melds):
        # C21: nothing is melded after the black 3s: only a last card, discarded.
        if len(hand) > 1 or rules.final_discard == "forbidden" or (
                canastas_have < rules.canastas_to_go_out):
            return None
        return {}, existing, hand[0], 0, on_table, {}
    groups, wilds, blacks = split_hand(hand)
    if len(blacks) == 2 or len(blacks) > 4:
        return None
    # Cards that cannot be melded must be the one discard: at most one may exist.
    forced = [cs[0] for r, cs in groups.items() if len(cs) == 1 and r not in existing]
    if len(blacks) == 1:
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
            else:
                use = dict(counts)
                r = RANK[drop]
                use[r] -= 1
                if not use[r]:
                    del use[r]
        if n_blacks and n_blacks < 3:
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
    canastas of that rank (none first): every split, for the ranks where one may."""
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
        out = [{**split, r: k} for split in out for k in (0, *range(2, n + 1))]
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
    for way in _placements(rules, hand, melds):
        groups, wilds, blacks = split_hand(_without(hand, way.used))
        if blacks and not 3 <= len(blacks) <= 4:
            return False
        counts = {r: len(cs) for r, cs in groups.items()}
        if _assign(rules, counts, len(wilds), existing, on_table, 0, 0) is not None:
            return True
    return False
