"""`legal_actions`: the canonical candidates that `check` accepts (their reference definition
is `candidates.filtered_candidates`), listed without running `check` on each where the
rule set and the phase allow (the common Classic turns: `_play_opened`, `_play_unopened`,
the takes of the pile). The conformance tests prove both lists equal.
"""

from __future__ import annotations

from itertools import groupby, repeat
from operator import is_

from canasta.game.actions import (
    ASK,
    DISCARDS,
    DRAW,
    LAY_ONE,
    LAY_WILD,
    TAKE_ALONE,
    Action,
    Meld,
    TakePile,
    meld_of,
    take_with,
)
from canasta.game.cards import BLACK_THREES, RANK, RED_THREES, VALUE, WILDS, remove_cards
from canasta.game.state import DRAW as DRAW_PHASE
from canasta.game.state import PLAY, State
from canasta.mechanics.melds import (
    TableMeld,
    find_meld,
    points,
    team_canastas,
    valid_shapes,
    wild_count,
    wild_room,
)
from canasta.mechanics.opening import opening_level
from canasta.mechanics.pile import freezer, frozen_for
from canasta.mechanics.special_hands import any_hands
from canasta.outlook.needs import can_go_out, needed_points
from canasta.outlook.solver import hand_counts, meld_counts, reachable
from canasta.outlook.way_groups import black_threes_left
from canasta.play.candidates import (
    FINISH_HAND,
    black_melds,
    filtered_candidates,
    finishing_step,
    sorted_wilds,
    wild_kinds,
)
from canasta.play.checks import check_formed as check
from canasta.play.meld_checks import shape_rejection
from canasta.rules.ruleset import NEVER, RuleSet

# The last list handed out, kept so that `apply` can skip re-checking an action
# that is one of those very objects, listed for that very (immutable) state.
_last: tuple[State | None, list[Action]] = (None, [])


def known_legal(state: State, action: Action) -> bool:
    listed_for, listed = _last
    return listed_for is state and any(map(is_, listed, repeat(action)))


def legal_actions(state: State) -> list[Action]:
    global _last
    out = _legal(state)
    _last = (state, out)
    return list(out)


_BLOCKERS = WILDS | RED_THREES | BLACK_THREES  # C15: these on top block the pile


def _legal(state: State) -> list[Action]:
    phase = state.phase
    rules = state.rules
    if rules.canastas_to_go_out > 1 and len(state.hands[state.to_move]) <= FINISH_HAND:
        # Going out may take two plays that each leave one card (C31 with more than
        # one canasta to make): the reference list handles these small hands.
        return filtered_candidates(state)
    if (not rules.classic_finish or rules.meld_max or rules.black_threes_held_first_round
            or rules.black_threes_set_aside or rules.reserve_size or rules.pile_min_size
            or rules.pile_barred_rank or rules.red_threes_to_go_out
            or rules.canastas_per_red_three or rules.pure_ranks or rules.wilds_from_naturals
            or rules.wild_discard_last_only or rules.empty_pile_bars
            or rules.minimum_from_hand or rules.black_threes_laid or rules.sequence_min
            or rules.black_threes_anytime or rules.reserve_trigger != "initial_meld"
            or not rules.pile_wild_buy or rules.take_onto != "any"
            or rules.groups_per_rank > 1 or rules.sevens_held or rules.last_discard_not_seven
            or rules.out_natural or rules.out_mixed or rules.out_wild or rules.out_sevens
            or rules.stock_out or rules.black_threes_any_number or any_hands(rules)
            or rules.closed_to_both):
        # Going out's requirements as data (`final_discard`, `must_ask`; red 3s, M8,
        # M12), melds with a size limit (W2), black 3s held the first time round or set
        # aside (K9, K10), a reserve joining the hand (M3), a pile taken only at a size
        # or without a rank on top (M7, M11), Modern American's wild cards by rank (U7,
        # U8), discards barred (U13), minimum from the hand (U11) and black 3s laid down
        # (U5), Railroad's 7s, kinds of canasta, empty stock and black 3s (R7, R16-R18),
        # special hands (U21):
        # the quick listings below copy Classic's C12-C33; these rule sets use the
        # reference list.
        return filtered_candidates(state)
    if phase == DRAW_PHASE:
        pile = state.pile
        if not pile or pile[-1] in _BLOCKERS:
            return [DRAW]  # C15
        rank = RANK[pile[-1]]
        hand = state.hands[state.to_move]
        team = state.to_move % rules.teams
        melds = state.melds[team]
        existing = find_meld(melds, rank)
        if existing is None and rank not in map(RANK.__getitem__, hand):
            return [DRAW]  # C11: nothing to take the top card with
        if state.opened[team]:
            return _takes_opened(state, hand, melds, existing)
        if not rules.pile_opens:
            return [DRAW]  # BR3: the pile never opens
        if not melds and rules.canasta_opens_from == NEVER and not opening_level(
                rules, state.scores[team]):
            return _takes_unopened(state, hand, rank)
    elif (phase == PLAY and state.permission is None and not state.pending
          and not rules.wild_meld_min):  # wild-card melds: the reference list
        if state.opened[state.to_move % state.rules.teams]:
            return _play_opened(state)
        if ((rules.concealed_needs_minimum or not state.fresh)
                and rules.canasta_opens_from == NEVER
                and not opening_level(rules, state.scores[state.team])):  # BR2: the list
            return _play_unopened(state)
    return filtered_candidates(state)


def _play_unopened(state: State) -> list[Action]:
    """`filtered_candidates` for a team still without its initial meld: melds need the
    C26 look-ahead; a discard is legal exactly when no initial meld is under way and
    it is not the last card (no canasta yet, C26, C30)."""
    rules = state.rules
    hand = state.hands[state.to_move]
    may_discard = state.turn_points == 0 and len(hand) > 1
    melds = state.melds[state.team]
    need = needed_points(state)
    counts, wild_values, black_threes = hand_counts(hand)
    existing = meld_counts(melds)
    have = team_canastas(rules, melds)
    if state.turn_points == 0 and not reachable(
        rules, counts, wild_values, len(hand), existing, need, 0, have, black_threes
    ):
        # No meld can start an initial meld the hand cannot complete (C26); going
        # out needs the initial meld too, so there is nothing to ask (C33).
        return list(map(DISCARDS.__getitem__, dict.fromkeys(hand))) if may_discard else []
    if find_meld(melds, "3") is not None:
        return filtered_candidates(state)
    # The canonical candidates in `candidates` order, each checked as it is made;
    # a meld that leaves one card when two canastas are needed goes through `check`
    # (C31: that card may complete the last of them).
    n = len(hand)
    two_needed = rules.canastas_to_go_out > 1
    j, wilds = sorted_wilds(hand)
    out: list[Action] = []
    blacks: list[str] = []
    for rank, group in groupby(hand[:j], RANK.__getitem__):
        naturals = list(group)
        if rank == "3":
            blacks = naturals
            continue
        made: list[Meld]
        if find_meld(melds, rank) is not None:
            made = [LAY_ONE[naturals[0]]]
        else:
            made = []
            if len(naturals) >= 3:
                made.append(meld_of(tuple(naturals[:3])))
                if len(naturals) > 3:
                    made.append(meld_of(tuple(naturals)))
            if len(naturals) >= 2:
                made.extend([meld_of((naturals[0], naturals[1], w)) for w in wilds])
        for meld in made:
            if (check(state, meld) is None if n - len(meld.cards) == 1 and two_needed
                    else _opening_meld_allowed(rules, counts, wild_values, black_threes, n,
                                               existing, have, need, meld)):
                out.append(meld)
    for m in melds:
        for w in wilds:
            meld = LAY_WILD[w, m.rank]
            if _opening_meld_allowed(rules, counts, wild_values, black_threes, n, existing,
                                     have, need, meld):
                out.append(meld)
    out.extend(black for black in black_melds(rules, blacks) if check(state, black) is None)
    step = finishing_step(state)
    if step is not None and step not in out and check(state, step) is None:
        out.append(step)
    if may_discard:
        out.extend(map(DISCARDS.__getitem__, dict.fromkeys(hand)))
    if (not state.turn_melded and not state.asked and rules.ask_permission
            and _canasta_in_reach(rules, counts, len(wild_values), melds)
            and check(state, ASK) is None):
        out.append(ASK)
    return out


def _opening_meld_allowed(
    rules: RuleSet,
    counts: dict[str, int],
    wild_values: list[int],
    black_threes: int,
    hand_size: int,
    existing: dict[str, tuple[int, int]],
    canastas: int,
    need: int,
    action: Meld,
) -> bool:
    """`check` for a listed meld of naturals, or of one wild card onto a meld, by a
    team still without its initial meld, with no pile held back, no waiver and no
    answer pending, given the hand as `hand_counts` and the team's melds as
    `meld_counts`: the shape (C17, C19), then the look-ahead to the minimum (C26)
    or, once it is reached, keeping two cards without a canasta (C31)."""
    cards = action.cards
    rank = RANK[cards[0]] if action.rank is None else action.rank
    wilds = wild_count(cards)
    naturals = len(cards) - wilds
    was = existing.get(rank)
    if was is None:
        if (naturals, wilds) not in valid_shapes(rules):
            return False
        e = f = 0
    else:
        e, f = was
        # Naturals always fit a meld of their rank; a wild card needs room (C19).
        if wilds and wild_room(rules, e, f) < wilds:
            return False
    size = rules.canasta_size
    if e + f < size <= e + f + len(cards):
        canastas += 1
    need -= points(cards)
    left = hand_size - len(cards)
    if need <= 0:
        return left >= 2 or canastas >= rules.canastas_to_go_out
    rest = counts
    if naturals:
        rest = dict(counts)
        rest[rank] -= naturals
    rest_wilds = wild_values
    if wilds:
        rest_wilds = list(wild_values)
        for c in cards[naturals:]:  # wild cards sort after naturals
            rest_wilds.remove(VALUE[c])
    after = dict(existing)
    after[rank] = (e + naturals, f + wilds)
    return reachable(rules, rest, rest_wilds, left, after, need, 0, canastas, black_threes)


def _canasta_in_reach(
    rules: RuleSet, counts: dict[str, int], wilds: int, melds: tuple[TableMeld, ...]
) -> bool:
    """A necessary condition for going out this turn (C30): the team has its canastas,
    lacks more than one (left to the full search), or some meld could reach the
    canasta size with the hand's naturals of its rank and every wild card in hand."""
    size = rules.canasta_size
    have = team_canastas(rules, melds)
    if have + 1 != rules.canastas_to_go_out:
        return True
    sizes = dict(counts)
    for m in melds:
        if len(m.cards) < size:
            sizes[m.rank] = sizes.get(m.rank, 0) + len(m.cards)
    return any(n + wilds >= size for n in sizes.values())


def _takes_opened(
    state: State, hand: tuple[str, ...], melds: tuple[TableMeld, ...], existing: TableMeld | None
) -> list[Action]:
    """`filtered_candidates` in the draw phase for a team whose initial meld is down."""
    rules = state.rules
    pile = state.pile
    top = pile[-1]
    rank = RANK[top]
    naturals = [c for c in hand if RANK[c] == rank]
    frozen = frozen_for(rules, freezer(rules, pile) is not None, opened=True)
    # C31 after melding the top card with `used` cards from hand: at least two cards
    # in hand afterwards (the rest of the pile counts), or the canastas to go out.
    spare = len(hand) + len(pile) - 1 - sum(map(pile.count, RED_THREES))  # top: no red 3
    short = rules.canastas_to_go_out - team_canastas(rules, melds)
    size = rules.canasta_size
    before = len(existing.cards) if existing is not None else 0

    def fits(used: int) -> bool:
        return spare - used >= 2 or short <= (1 if before < size <= before + used + 1 else 0)

    out: list[Action] = [DRAW]
    # Naturals onto a meld of the rank always keep its shape (C19).
    if existing is not None and not frozen and fits(0):
        out.append(TAKE_ALONE)
    if len(naturals) >= 2 and fits(2) and (existing is not None or (3, 0) in valid_shapes(rules)):
        out.append(take_with((naturals[0], naturals[1])))
    if naturals and not frozen and fits(2):
        for w in wild_kinds(hand):
            if shape_rejection(rules, rank, existing, 2, 1) is None:
                out.append(take_with((naturals[0], w)))  # sorted: wild cards sort last
    return out


def _takes_unopened(state: State, hand: tuple[str, ...], rank: str) -> list[Action]:
    """`filtered_candidates` in the draw phase for a team with no meld on the table
    yet: the top card and the cards from hand must make or start the initial meld."""
    rules = state.rules
    pile = state.pile
    top = pile[-1]
    naturals = [c for c in hand if RANK[c] == rank]
    frozen = frozen_for(rules, freezer(rules, pile) is not None, opened=False)
    taken = len(pile) - 1 - sum(map(pile.count, RED_THREES))  # the top is no red 3 (C15)
    need = state.minimum(state.team) - state.turn_points
    goal = rules.canastas_to_go_out
    size = rules.canasta_size
    shapes = valid_shapes(rules)
    out: list[Action] = [DRAW]
    tries: list[TakePile] = []
    if len(naturals) >= 2:
        tries.append(take_with((naturals[0], naturals[1])))
    if naturals and not frozen:  # C14: a frozen pile needs two naturals
        tries.extend([take_with((naturals[0], w)) for w in wild_kinds(hand)])
    for action in tries:
        used = action.cards
        wilds = wild_count(used)
        if (3 - wilds, wilds) not in shapes:
            continue
        gained = VALUE[top] + points(used)
        canastas = 1 if size <= 3 else 0
        left = len(hand) - 2
        if gained >= need:
            if left + taken >= 2 or canastas >= goal:
                out.append(action)
            continue
        counts, wild_values, black_threes = hand_counts(remove_cards(hand, used) or ())
        made = {rank: (3 - wilds, wilds)}
        if reachable(rules, counts, wild_values, left, made, need - gained, taken, canastas,
                     black_threes):
            out.append(action)
    return out


def _play_opened(state: State) -> list[Action]:
    """The same list as `filtered_candidates` for the common case of a team whose
    initial meld is down and no question pending, without running `check` on each."""
    rules = state.rules
    hand = state.hands[state.to_move]
    melds = state.melds[state.to_move % rules.teams]
    size = rules.canasta_size
    by_rank: dict[str, TableMeld] = {}
    have = 0
    longest = 0  # the longest meld the hand could build toward a canasta, wilds aside
    for m in melds:
        by_rank[m.rank] = m
        if len(m.cards) >= size:
            have += 1
        elif len(m.cards) > longest:
            longest = len(m.cards)
    if "3" in by_rank:
        return filtered_candidates(state)
    n = len(hand)
    # C31: with the canastas to go out, plays may leave fewer than two cards;
    # otherwise a play may do so only if it completes the last canasta needed.
    free = have >= rules.canastas_to_go_out
    last_needed = have + 1 >= rules.canastas_to_go_out
    j, wilds = sorted_wilds(hand)
    shapes = valid_shapes(rules)
    # Which plays keep two cards in hand, or may leave fewer (C31), worked out once.
    lay_any = n > 2 or free
    new_ok = n > 4 or free
    triples = new_ok and (3, 0) in shapes
    pair_wild = new_ok and bool(wilds) and (2, 1) in shapes
    out: list[Action] = []
    blacks: list[str] = []
    singles = pairs = 0
    for rank, group in groupby(hand[:j], RANK.__getitem__):
        naturals = list(group)
        if rank == "3":
            blacks = naturals
            continue
        k = len(naturals)
        on = by_rank.get(rank)
        if on is not None:
            if lay_any or (last_needed and len(on.cards) + 1 == size):
                out.append(LAY_ONE[naturals[0]])
            if len(on.cards) < size and len(on.cards) + k > longest:
                longest = len(on.cards) + k
            continue
        if k == 1:
            singles += 1
            continue
        if k > longest:
            longest = k
        if k == 2:
            pairs += 1
        else:
            if triples:
                out.append(meld_of(tuple(naturals[:3])))
            if k > 3 and (k, 0) in shapes and (
                n - k >= 2 or free or (last_needed and k >= size)
                or (n - k == 1 and rules.canastas_to_go_out > 1
                    and check(state, meld_of(tuple(naturals))) is None)
            ):
                out.append(meld_of(tuple(naturals)))
        if pair_wild:
            # Sorted already: the hand is, and wild cards sort after naturals.
            out.extend([meld_of((naturals[0], naturals[1], w)) for w in wilds])
    if wilds:
        # `wild_room(rules, m.naturals, m.wilds) > 0`, written out for speed.
        strict = 1 if rules.wilds_strictly_fewer else 0
        most = rules.max_wilds
        natural_closed = not rules.wild_on_natural_canasta
        for m in melds:
            if not (n > 2 or free or (last_needed and len(m.cards) + 1 == size)):
                continue
            f = m.wilds
            if f < most and f + strict < m.naturals and not (
                natural_closed and f == 0 and m.naturals >= size
            ):
                out.extend([LAY_WILD[w, m.rank] for w in wilds])
    out.extend(black for black in black_melds(rules, blacks) if check(state, black) is None)
    # Going out one canasta short must complete it now (C30): some meld must reach
    # the canasta size (the full search below decides whether it really can).
    may_finish = free or have + 1 < rules.canastas_to_go_out or longest + n - j >= size
    if not free and n <= FINISH_HAND and may_finish:
        step = finishing_step(state)
        if step is not None and step not in out and check(state, step) is None:
            out.append(step)
    if n > 1 or free:
        out.extend(map(DISCARDS.__getitem__, dict.fromkeys(hand)))
    # A hand with two cards that can never be melded cannot go out (one discard only).
    # Each pair of a rank the team has not melded needs a wild card of its own.
    hopeless = singles + black_threes_left(rules, len(blacks)) > 1 or pairs > n - j
    if (not state.turn_melded and not state.asked and rules.ask_permission and not hopeless
            and n > 1 and may_finish and rules.partner_of(state.to_move) is not None
            and can_go_out(state)):
        out.append(ASK)
    return out
