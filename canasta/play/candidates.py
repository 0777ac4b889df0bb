"""The canonical candidates of `legal_actions`: a subset of the legal actions of the seat to act.

Listed: draw; take the pile with two naturals, with one natural and each kind
of wild card (a joker, a 2), or the top card alone onto the team's meld; every
distinct discard; "May I go out?"; answers; next round. Melds are listed as
small steps: a new meld of three naturals, of all naturals of the rank, of two
naturals and each kind of wild card; one natural onto the team's meld of its
rank; one wild card of each kind onto each team meld; all black 3s together
(and four of them: `black_melds`); and, for a hand of four cards or fewer
whose team lacks its canastas, the first meld of a way to go out (C31 may allow
those last cards only together).
Longer melds are reached by laying off more cards one step at a time, so every
card that could be melded this turn, in any combination, can be melded by some
sequence of listed actions. `check` accepts every legal action, listed or not.
"""

from __future__ import annotations

from canasta.game.actions import (
    ASK,
    DISCARDS,
    DRAW,
    END_ROUND,
    LAY_ONE,
    LAY_WILD,
    NEXT_ROUND,
    SPECIAL_HAND,
    TAKE_ALONE,
    Action,
    Answer,
    Discard,
    Meld,
    TakePile,
    meld_of,
    take_with,
)
from canasta.game.cards import JOKER, RANK, SUITS, WILDS, sort_cards
from canasta.game.state import ANSWER, GAME_OVER, PLAY, ROUND_OVER, State
from canasta.game.state import DRAW as DRAW_PHASE
from canasta.mechanics.melds import WILD_KEY, TableMeld, dead_ranks, find_meld, new_group_problem
from canasta.mechanics.sequences import RUN_ORDER, SEQUENCE, SEQUENCE_KEY, run_limit, span_of
from canasta.mechanics.special_hands import any_hands
from canasta.outlook.going_out import go_out_plan
from canasta.outlook.needs import (
    canasta_waiver,
    going_out_turn,
    needed_points,
    opening_lacking,
    out_canastas,
)
from canasta.outlook.solver import split_hand
from canasta.play.checks import check_formed as check
from canasta.rules.ruleset import RuleSet


def wild_kinds(hand: tuple[str, ...]) -> list[str]:
    kinds: list[str] = []
    if JOKER in hand:
        kinds.append(JOKER)
    for c in hand:
        if c in WILDS and c != JOKER:
            kinds.append(c)
            break
    return kinds


def sorted_wilds(hand: tuple[str, ...]) -> tuple[int, list[str]]:
    """For a sorted hand (naturals by rank, then 3s, then 2s, then jokers last): where
    its wild cards start, and one wild card of each kind as `wild_kinds` lists them."""
    n = j = len(hand)
    while j and hand[j - 1] in WILDS:
        j -= 1
    wilds: list[str] = []
    if j < n:
        if hand[-1] == JOKER:
            wilds.append(JOKER)
        if hand[j] != JOKER:
            wilds.append(hand[j])
    return j, wilds


FINISH_HAND = 4


def wild_meld_steps(rules: RuleSet, hand: tuple[str, ...], has_meld: bool) -> list[Meld]:
    """F1, H12: one wild card of each kind onto the team's meld of wild cards, or a new
    one of the fewest wild cards allowed, in every mix of jokers and 2s (the 2s taken
    in the hand's order)."""
    jokers = [c for c in hand if c == JOKER]
    twos = [c for c in hand if c in WILDS and c != JOKER]
    if has_meld:
        return [Meld((w,)) for w in wild_kinds(hand)]
    k = rules.wild_meld_min
    return [Meld(sort_cards(tuple(twos[: k - j]) + tuple(jokers[:j])))
            for j in range(max(0, k - len(twos)), min(len(jokers), k) + 1)]


def black_melds(rules: RuleSet, blacks: list[str]) -> list[Meld]:
    """The melds of the black 3s held that are listed: all of them, and part of them —
    E5's set of three or four at any time; else four, for a player going out with five
    (C21: three or more decks; the fifth is the discard)."""
    if len(blacks) < 3:
        return []
    sizes = (3, 4) if rules.black_threes_anytime else (4,)
    return [Meld(sort_cards(blacks))] + [Meld(sort_cards(blacks[:k])) for k in sizes
                                         if k < len(blacks)]


def _older(melds: tuple[TableMeld, ...], rank: str) -> list[TableMeld]:
    """S5: the team's melds of `rank` but the newest (which cards join by default)."""
    newest = find_meld(melds, rank)
    return [m for m in melds if m.rank == rank and m is not newest]


def _new_group_steps(naturals: list[str], wilds: list[str]) -> list[Meld]:
    """S5: a new meld of the rank beside its canastas, in the steps of a first one."""
    out: list[Meld] = []
    if len(naturals) >= 3:
        out.append(Meld(tuple(naturals[:3]), None, None, True))
        if len(naturals) > 3:
            out.append(Meld(tuple(naturals), None, None, True))
    if len(naturals) >= 2:
        out.extend(Meld((naturals[0], naturals[1], w), None, None, True) for w in wilds)
    return out


def sequence_steps(rules: RuleSet, hand: tuple[str, ...],
                   melds: tuple[TableMeld, ...], limit: int = 0) -> list[Meld]:
    """S6: every new sequence of the fewest cards the hand holds, and each card that
    continues one of the team's sequences shorter than `limit` (`run_limit`; 0:
    `sequence_max`) at either end (longer runs are reached by those steps). N3, where a
    sequence holds wild cards: also each new one of the fewest naturals with one gap and
    a wild card of each kind held in it, each natural of the suit that fits anywhere (the
    wild card moves), and each kind of wild card held onto a sequence with room."""
    limit = limit or rules.sequence_max
    held = set(hand)
    out: list[Meld] = []
    k = rules.sequence_min
    wilds = sorted(held & WILDS) if rules.sequence_wilds else []
    for suit in SUITS:
        for i in range(len(RUN_ORDER) - k + 1):
            run = tuple(RUN_ORDER[j] + suit for j in range(i, i + k))
            if held.issuperset(run):
                out.append(Meld(run))
        for i in range(len(RUN_ORDER) - k) if wilds else ():  # N3: a gap a wild card fills
            window = [RUN_ORDER[j] + suit for j in range(i, i + k + 1)]
            for gap in range(1, k):
                run = tuple(window[:gap] + window[gap + 1:])
                if held.issuperset(run):
                    out.extend(Meld((*run, w)) for w in wilds)
    for m in melds:
        if m.kind != SEQUENCE or len(m.cards) >= limit:
            continue
        span = span_of(m.cards)
        assert span is not None
        if m.wilds:  # N3: a natural may take the wild card's place, the wild card moving
            have = set(m.cards)
            out.extend(Meld((c,), None, m.id) for c in sorted(held - have - WILDS)
                       if c[1] == span.suit and span_of((*m.cards, c)) is not None)
        else:
            for place in (span.low - 1, span.high + 1):
                if 0 <= place < len(RUN_ORDER) and RUN_ORDER[place] + span.suit in held:
                    out.append(Meld((RUN_ORDER[place] + span.suit,), None, m.id))
        if m.wilds < rules.sequence_wilds:
            out.extend(Meld((w,), None, m.id) for w in wilds)
    return out


def finishing_step(state: State) -> Action | None:
    """The first meld of a way to go out, for a small hand whose team still lacks
    its canastas: there C31 may allow the last cards only together (for example a
    natural and a wild card that complete a canasta), which single steps miss. Where
    going out has requirements of its own (`final_discard`, `must_ask`), for any small
    hand: the last card may not be discarded, so the last cards may go only together."""
    hand = state.hands[state.to_move]
    team = state.team
    rules = state.rules
    have = out_canastas(state, team)
    if len(hand) > FINISH_HAND or (have >= rules.canastas_to_go_out and rules.classic_finish):
        return None
    plan = go_out_plan(rules, hand, state.melds[team], have,
                       0 if canasta_waiver(state) else needed_points(state),
                       opening_lacking(state), dead_ranks(rules, state.melds, team))
    if plan and isinstance(plan[0], Meld):
        return plan[0]
    return None


def candidates(state: State) -> list[Action]:
    """The canonical actions before `check` filters them."""
    phase = state.phase
    if phase == GAME_OVER:
        return []
    if phase == ROUND_OVER:
        return [NEXT_ROUND]
    if phase == ANSWER:
        return [Answer(True), Answer(False)]
    hand = state.hands[state.to_move]
    melds = state.team_melds()
    wilds = wild_kinds(hand)
    out: list[Action] = []
    if phase == DRAW_PHASE:
        out.append(DRAW)
        if state.pile:
            rank = RANK[state.pile[-1]]
            naturals = [c for c in hand if c not in WILDS and RANK[c] == rank]
            if find_meld(melds, rank) is not None:
                out.append(TAKE_ALONE)
            if state.rules.sequence_min:
                out.extend(TakePile((), m.id) for m in melds if m.kind == SEQUENCE)
            if len(naturals) >= 2:
                out.append(take_with((naturals[0], naturals[1])))
            if naturals:
                out.extend(take_with((naturals[0], w)) for w in wilds)  # wild cards sort last
            if state.rules.groups_per_rank > 1:  # S5: onto an older meld, or a new one
                out.extend(TakePile((), m.id) for m in _older(melds, rank))
                # (beside a meld of the rank only: without one the plain take is that move,
                # though `check` still accepts it with "new", as saves may hold it)
                if len(naturals) >= 2 and find_meld(melds, rank) is not None and (
                        new_group_problem(state.rules, melds, rank) is None):
                    out.append(TakePile((naturals[0], naturals[1]), None, True))
        return out
    assert phase == PLAY
    groups, _, blacks = split_hand(hand)
    several = state.rules.groups_per_rank > 1
    for rank, naturals in groups.items():
        if find_meld(melds, rank) is not None:
            out.append(LAY_ONE[naturals[0]])
            if several:  # S5: onto an older meld of the rank, or a new one beside
                out.extend(Meld((naturals[0],), None, m.id) for m in _older(melds, rank))
                if new_group_problem(state.rules, melds, rank) is None:
                    out.extend(_new_group_steps(naturals, wilds))
            continue
        if len(naturals) >= 3:
            out.append(meld_of(tuple(naturals[:3])))
            if len(naturals) > 3:
                out.append(meld_of(tuple(naturals)))
        if len(naturals) >= 2:
            out.extend(meld_of((naturals[0], naturals[1], w)) for w in wilds)
    for m in melds:
        if m.rank not in ("3", WILD_KEY, SEQUENCE_KEY):
            if several and find_meld(melds, m.rank) is not m:
                out.extend(Meld((w,), None, m.id) for w in wilds)  # S5: an older meld
            else:
                out.extend(LAY_WILD[w, m.rank] for w in wilds)
    if state.rules.sequence_min:
        # BR6: a one-card step onto a sequence may grow it in a going-out turn
        limit = run_limit(state.rules, going_out_turn(state, len(hand) - 1))
        out.extend(sequence_steps(state.rules, hand, melds, limit))
    if state.rules.wild_meld_min:
        out.extend(wild_meld_steps(state.rules, hand, find_meld(melds, WILD_KEY) is not None))
    out.extend(black_melds(state.rules, blacks))
    step = finishing_step(state)
    if step is not None and step not in out:
        out.append(step)
    out.extend(map(DISCARDS.__getitem__, dict.fromkeys(hand)))
    seat = state.to_move
    if state.packets and state.packets[seat] and state.packets_open[seat]:  # R13
        out.extend(Discard(c, True) for c in dict.fromkeys(hand))
    if state.rules.sevens_held or state.rules.last_discard_not_seven:
        out.append(END_ROUND)  # R18: where no card may be discarded
    if not state.turn_melded and not state.asked and state.rules.ask_permission:
        out.append(ASK)
    if any_hands(state.rules) and not melds:
        out.append(SPECIAL_HAND)  # U21: the whole hand at once, before the side melds
    return out


def filtered_candidates(state: State) -> list[Action]:
    """The canonical candidates that `check` accepts (the reference definition)."""
    return [a for a in candidates(state) if check(state, a) is None]
