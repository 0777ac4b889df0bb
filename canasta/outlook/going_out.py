"""Going out (C30-C33 and every variant's requirements): `finish_problem` says why a
play that leaves a card or none is refused; the search for a way out (`go_out_plan`,
`can_go_out_with`) and whether cards form melds of their own (C32: `forms_own_melds`) or
could all be laid down (H1: `lays_down_whole`). The groups by rank a way out ends with
are in `way_groups.py`; the initial meld's look-ahead and the counts both use are in
`solver.py`."""

from __future__ import annotations

from canasta.game.actions import Action, Discard, Meld
from canasta.game.cards import BLACK_THREES, VALUE, WILDS, sort_cards
from canasta.mechanics.melds import WILD_KEY, TableMeld, points, team_canastas
from canasta.mechanics.opening import TRIPLE
from canasta.mechanics.sequences import Play
from canasta.mechanics.twos_melds import settle, starts
from canasta.outlook.solver import sequence_canastas, sequence_ways, split_hand, without
from canasta.outlook.way_groups import (
    NEW_GROUP,
    Stuck,
    Way,
    assign_all,
    black_meld_ok,
    go_out_groups,
    makes_canasta,
    older_id,
    team_counts,
)
from canasta.rules.ruleset import RuleSet


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


def forms_own_melds(rules: RuleSet, cards: tuple[str, ...]) -> bool:
    """C32: could these cards alone form valid melds, one of them a canasta?"""
    for way in sequence_ways(rules, cards, (), kinds=False):
        groups, wilds, blacks = split_hand(without(cards, way.used))
        if not black_meld_ok(rules, len(blacks)):
            return False
        counts = {r: len(cs) for r, cs in groups.items()}
        if assign_all(rules, counts, len(wilds), {}, None, way.canastas, 1) is not None:
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
    for rest, table, first, have, need in _settlings(rules, hand, melds, canastas_have,
                                                     need_points):
        if first and not rest:  # (the 2s were the whole hand)
            if _out_by_laying(rules, have, need, canasta_needed):
                return first
            continue
        found = _go_out(rules, rest, table, have, need, canasta_needed, dead, most_ways)
        if found is not None:
            return [*first, *_plan(rules, rest, table, found)]
    return None


def _plan(rules: RuleSet, hand: tuple[str, ...], melds: tuple[TableMeld, ...],
          found: tuple[Way, tuple[Play, ...]]) -> list[Action]:
    """The actions of a way out `_go_out` found for `hand`, the team's melds being
    `melds`."""
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
    return plan


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
    for rest, table, first, have, need in _settlings(rules, hand, melds, canastas_have,
                                                     need_points):
        if first and not rest:  # Z6: the 2s laid were the whole hand
            if _out_by_laying(rules, have, need, canasta_needed):
                return True
        elif _go_out(rules, rest, table, have, need, canasta_needed, dead) is not None:
            return True
    return False


def _out_by_laying(rules: RuleSet, canastas: int, need_points: int, canasta_needed: int
                   ) -> bool:
    """Whether laying the last cards on a meld goes out (no discard left, C30)."""
    return (canastas >= rules.canastas_to_go_out and need_points <= 0 and not canasta_needed
            and rules.final_discard != "required")


Settled = tuple[tuple[str, ...], tuple[TableMeld, ...], list[Action], int, int]


def _settlings(rules: RuleSet, hand: tuple[str, ...], melds: tuple[TableMeld, ...],
               canastas_have: int, need_points: int) -> list[Settled]:
    """Z6 (`twos_melds.settle`): a locked side's 2s laid on its meld of 2s before the
    search; Z5 (`twos_melds.starts`): a side without one may start it first. The hand,
    melds, actions laying the 2s, canastas and points still needed after them, for
    each (the plain one first)."""
    rest, after, laid = settle(rules, hand, melds)
    if laid:  # Z6: the 2s go onto the side's meld of 2s first
        onto = next(m.id for m in melds if m.rank == WILD_KEY)
        return [(rest, after, [Meld(laid, None, onto)], canastas_have + _made(
            rules, melds, after), need_points - points(laid))]
    out: list[Settled] = [(hand, melds, [], canastas_have, need_points)]
    for rest, after, laid in starts(rules, hand, melds):  # Z5: a new meld of 2s first
        out.append((rest, after, [Meld(laid)], canastas_have + _made(rules, melds, after),
                    need_points - points(laid)))
    return out


def _made(rules: RuleSet, before: tuple[TableMeld, ...], after: tuple[TableMeld, ...]) -> int:
    """1 where laying 2s made a canasta that counts toward going out (Z7), else 0."""
    return int(rules.wild_canastas_count_out
               and team_canastas(rules, after) > team_canastas(rules, before))


def _go_out(
    rules: RuleSet,
    hand: tuple[str, ...],
    melds: tuple[TableMeld, ...],
    canastas_have: int,
    need_points: int,
    canasta_needed: int = 0,
    dead: frozenset[str] = frozenset(),
    most_ways: int = 0,
) -> tuple[Way, tuple[Play, ...]] | None:
    """A way out: the cards of one rank and wild cards as `go_out_groups` gives them,
    after the sequence plays (S6) that lay the rest; None if there is none (or none in
    the first `most_ways` sequence plays, where that is not 0). BR2: with
    `canasta_needed`, only a way that makes such a canasta (of the ways tried: the
    first assignment of wild cards found for each sequence placement)."""
    if not hand:
        return None
    lacking = rules.sequence_canastas_to_go_out - sequence_canastas(rules, melds)
    kinds = bool(need_points or canasta_needed)  # (N3: jokers and 2s count apart)
    stuck = None if any(m.rank == "3" for m in melds) else Stuck(rules, hand, melds, dead)
    for tried, way in enumerate(sequence_ways(rules, hand, melds, out=True, kinds=kinds)):
        if tried == most_ways and most_ways:
            return None
        if way.canastas < lacking:
            continue  # B4: this way out would lack a canasta of a sequence
        if stuck is not None and way.used and stuck.after(way.used) > 1:
            continue  # (what `go_out_groups` refuses first, counted without its work)
        rest = without(hand, way.used)
        if not rest:
            if (rules.final_discard != "required" and points(way.used) >= need_points
                    and canastas_have + way.canastas >= rules.canastas_to_go_out
                    and not any(m.rank == "3" for m in melds)):
                return ({}, team_counts(melds)[0], None, 0, None, {}), way.plays
            continue
        found = go_out_groups(rules, rest, melds, canastas_have + way.canastas,
                               need_points - points(way.used), dead)
        if found is not None and (
                not canasta_needed or (way.canastas and canasta_needed != TRIPLE)
                or makes_canasta(rules, rest, found, canasta_needed)):
            return found, way.plays
    return None


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
        elif (older := older_id(r)) is not None:  # S5: wild cards onto an older canasta
            meld = Meld(sort_cards(cards), None, older)
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
    existing, on_table = team_counts(melds)
    for way in sequence_ways(rules, hand, melds, kinds=False):
        groups, wilds, blacks = split_hand(without(hand, way.used))
        if not black_meld_ok(rules, len(blacks)):
            return False
        counts = {r: len(cs) for r, cs in groups.items()}
        if assign_all(rules, counts, len(wilds), existing, on_table, 0, 0) is not None:
            return True
    return False
