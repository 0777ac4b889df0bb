"""Look-ahead used by the rules: can the initial meld still be reached (C26, C12;
BR2's canasta)? With what the going-out search (`going_out.py`) shares: the hand's
counts (`split_hand`, `hand_counts`), the ways to lay cards in sequences
(`sequence_ways`, `without`), the canastas going out counts (`toward_out`,
`out_shortfall`, `sequence_canastas`); and C30, C33 as data for the checks and the
look-ahead (`may_go_out`, `ends_allowed`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import accumulate

from canasta.game.cards import BLACK_THREES, RANK, RANK_VALUE, RED_THREES, VALUE, WILDS
from canasta.mechanics.melds import (
    WILD_KEY,
    TableMeld,
    canasta_kind,
    points,
    shape_problem,
    team_canastas,
    wild_room,
)
from canasta.mechanics.opening import NATURAL, TRIPLE, natural_triple
from canasta.mechanics.sequences import SEQUENCE, Placement, placements, run_limit
from canasta.mechanics.twos_melds import settle, starts
from canasta.mechanics.wild_melds import free_wild_melds, shares
from canasta.mechanics.wild_runs import wild_placements
from canasta.rules.ruleset import RuleSet


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
    dead: frozenset[str] = frozenset(),
) -> bool:
    """C26: can melds from `hand` (new ones, or additions to the melds made this
    turn) add at least `need` points while leaving two cards in hand (C31), the
    `bonus_cards` held-back pile cards included, unless a canasta is made and the
    player `may_go_out` (C33: not after a "no")? Black 3s count only as the last
    meld of a player going out (C21). With `canasta_opens` (H6, H7) a canasta made
    this turn reaches the initial meld whatever its points; with `canasta_needed`
    (BR2: `opening.ANY` or `opening.NATURAL`) the melds must also make such a canasta,
    or (U23: `opening.TRIPLE`) a natural meld of three cards or more. Cards of a `dead`
    rank (U24) stay in the hand and nothing joins the team's meld of one."""
    if need <= 0 and not canasta_needed:
        return True
    hand, turn_melds, laid = settle(rules, hand, turn_melds)  # Z6: a locked side's 2s
    need -= points(laid)
    if need <= 0 and not canasta_needed:
        return True
    for rest, after, started in ((hand, turn_melds, ()), *starts(rules, hand, turn_melds)):
        made = (rules.wild_canastas_count_out
                and team_canastas(rules, after) > team_canastas(rules, turn_melds))
        if _reachable_in_ways(rules, rest, after, need - points(started), bonus_cards,
                              canastas_have + made, may_go_out, canasta_opens,
                              canasta_needed, dead):
            return True
    return False


def _reachable_in_ways(rules: RuleSet, hand: tuple[str, ...],
                       turn_melds: tuple[TableMeld, ...], need: int, bonus_cards: int,
                       canastas_have: int, may_go_out: bool, canasta_opens: bool,
                       canasta_needed: int, dead: frozenset[str]) -> bool:
    """`initial_reachable` once the 2s are settled (Z5, Z6): over the ways to lay
    sequences (S6)."""
    if need <= 0 and not canasta_needed:
        return True
    existing = {r: held for r, held in meld_counts(turn_melds).items() if r not in dead}
    runs = sequence_canastas(rules, turn_melds)
    for way in sequence_ways(rules, hand, turn_melds):
        rest = without(hand, way.used)
        counts, wild_values, blacks = hand_counts(rest)
        for r in dead:
            counts.pop(r, None)
        # B4: no going out without the canastas of sequences it needs
        out = may_go_out and runs + way.canastas >= rules.sequence_canastas_to_go_out
        if reachable(rules, counts, wild_values, len(rest), existing,
                     need - points(way.used), bonus_cards, canastas_have + way.canastas,
                     blacks, out, canasta_opens,
                     0 if way.canastas and canasta_needed != TRIPLE  # (an escalera
                     else canasta_needed):  # meets BR2, not U23)
            return True
    return False


def sequence_ways(rules: RuleSet, hand: Iterable[str], melds: Iterable[TableMeld],
                out: bool = False, kinds: bool = True) -> Iterable[Placement]:
    """S6: the ways to lay cards of `hand` in sequences, new or onto the team's `melds`
    (`sequences.placements`; BR6: growing past `sequence_max` when the ways are ways
    `out`); only the empty way where the rules have no sequences. N3: with wild cards
    in sequences too, jokers and 2s told apart unless `kinds` is off (where points do
    not matter, one way per count of wild cards)."""
    if not rules.sequence_min:
        return (NOWHERE,)
    if rules.sequence_wilds:
        return wild_placements(rules, hand, ((m.id, m.cards) for m in melds
                                             if m.kind == SEQUENCE), run_limit(rules, out),
                               kinds)
    return placements(rules, hand, ((m.id, m.cards) for m in melds if m.kind == SEQUENCE),
                      run_limit(rules, out))


NOWHERE = Placement((), 0, ())


def without(hand: Iterable[str], used: tuple[str, ...]) -> tuple[str, ...]:
    if not used:
        return tuple(hand)
    rest = list(hand)
    for c in used:
        rest.remove(c)
    return tuple(rest)


def meld_counts(melds: Iterable[TableMeld]) -> dict[str, tuple[int, int]]:
    """(naturals, wild cards) of each meld of one rank (or of wild cards), by rank;
    sequences are left out (`sequence_ways` lays their cards, N3's wild cards too)."""
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
    melds made this turn given as `meld_counts`. (A need already met still asks for two
    cards kept, or a way out: a way of laying sequences may have used the hand up.)"""
    if need <= 0 and not canasta_needed and hand_size + bonus_cards >= 2:
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
    if free_wild_melds(rules) and (WILD_KEY in existing
                                   or len(wild_values) >= rules.wild_meld_min):
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
    melds must make a canasta of that level, or (U23) a natural triple (the key's last
    place: one is made)."""
    total_wilds = len(wild_values)
    prefix = list(accumulate(wild_values, initial=0))
    goal = rules.canastas_to_go_out
    size = rules.canasta_size
    dp: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    if rules.wild_meld_min:  # F1: wild cards to the meld of wild cards (points: `prefix`)
        on = existing.get(WILD_KEY)
        wild_options = [(x, x, made, 0) for x, made in
                        shares(rules, total_wilds, None if on is None else sum(on))]
        # (a canasta of wild cards meets BR2, "natural or better"; it is no triple, U23)
        fits = 0 if canasta_needed == TRIPLE else 1
        dp = {(c, wu, min(goal, cn), min(fits, cn)): 0 for c, wu, cn, _ in wild_options}
    for r in (set(counts) | set(existing)) - {WILD_KEY}:
        n = counts.get(r, 0)
        v = RANK_VALUE[r]
        e, f = existing.get(r, (0, 0))
        # (U23: a natural triple made this turn that nothing spoils)
        options = [(0, 0, 0, 0, int(canasta_needed == TRIPLE and r != "3"
                                    and natural_triple(e, f)))]
        for k in range(0 if e else 2, n + 1):
            for w in range(total_wilds + 1):
                if k == 0 and w == 0:
                    continue
                if shape_problem(rules, r, e + k, f + w, True, f) is not None:
                    continue
                if w and f == 0 and e >= size and not rules.wild_on_natural_canasta:
                    continue  # C19: no wild card on a natural canasta
                made = 1 if e + f < size <= e + f + k + w else 0
                if canasta_needed == TRIPLE:  # U23
                    fit = 1 if r != "3" and natural_triple(e + k, f + w) else 0
                else:  # BR2
                    fit = made if canasta_needed < NATURAL or not (f or w) else 0
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


def out_kind(rules: RuleSet, meld: TableMeld) -> str | None:
    """R17: the kind a canasta counts as toward going out — "natural", "mixed", "wild",
    "sevens" (where `out_sevens` asks for them: a natural canasta of 7s; a mixed one
    too where `sevens_canasta_bonus` scores both) or a sequence's — or None (no canasta,
    or black 3s)."""
    if len(meld.cards) < rules.canasta_size or meld.rank == "3":
        return None
    kind = canasta_kind(rules, meld.cards)
    if meld.rank == "7" and rules.out_sevens and (
            kind == "natural" or (kind == "mixed" and rules.sevens_canasta_bonus)):
        return "sevens"  # (PH8: a mixed one too where 7s score as 7s either way, M6)
    return kind


def kinds_lacking(rules: RuleSet, melds: Iterable[TableMeld]) -> list[str]:
    """R17: the kinds of canasta (`out_natural`, `out_mixed`, `out_wild`, `out_sevens`)
    of which the side, its melds being `melds`, has fewer than it needs to go out."""
    needs = (("natural", rules.out_natural), ("mixed", rules.out_mixed),
             ("wild", rules.out_wild), ("sevens", rules.out_sevens))
    if not any(n for _, n in needs):
        return []
    have = Counter(out_kind(rules, m) for m in melds)
    return [kind for kind, n in needs if have[kind] < n]


def toward_out(rules: RuleSet, canastas: int, reds: int, runs: int = 0, wild: int = 0,
               lacking: bool = False) -> int:
    """A side's `canastas` as the go-out functions count them (`out_shortfall`); B4: a
    side with fewer than `sequence_canastas_to_go_out` canastas of sequences (`runs`)
    counts one short of going out at most, and the search (`_go_out`) only finds the ways
    out that complete the sequence canastas it lacks. Z7: without its `wild` canastas
    of wild cards where those do not count. R17: a side `lacking` a kind of canasta it
    needs (`kinds_lacking`) cannot go out as it stands: the look-ahead (which counts
    canastas, not their kinds) never plans a way out for it, and the checks count the
    melds a play makes (`needs.out_canastas`), so the play that completes the last kind
    may go out."""
    count = canastas - out_shortfall(rules, reds)
    if lacking:
        count -= CANNOT_GO_OUT
    if not rules.wild_canastas_count_out:
        count -= wild
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
