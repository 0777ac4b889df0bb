"""`legal_actions`: a canonical subset of the legal actions of the seat to act.

Listed: draw; take the pile with two naturals, with one natural and each kind
of wild card (a joker, a 2), or the top card alone onto the team's meld; every
distinct discard; "May I go out?"; answers; next round. Melds are listed as
small steps: a new meld of three naturals, of all naturals of the rank, of two
naturals and each kind of wild card; one natural onto the team's meld of its
rank; one wild card of each kind onto each team meld; all black 3s together.
Longer melds are reached by laying off more cards one step at a time, so every
card that could be melded this turn, in any combination, can be melded by some
sequence of listed actions. `check` accepts every legal action, listed or not.
"""

from __future__ import annotations

from .actions import (
    ASK,
    DISCARDS,
    DRAW,
    LAY_ONE,
    LAY_WILD,
    NEXT_ROUND,
    Action,
    Answer,
    Discard,
    Meld,
    TakePile,
)
from .cards import BLACK_THREES, JOKER, RANK, WILDS, sort_cards
from .checks import can_go_out, check, shape_rejection
from .melds import find_meld
from .solver import split_hand
from .state import ANSWER, GAME_OVER, PLAY, ROUND_OVER, State
from .state import DRAW as DRAW_PHASE


def _wild_kinds(hand: tuple[str, ...]) -> list[str]:
    kinds: list[str] = []
    if JOKER in hand:
        kinds.append(JOKER)
    for c in hand:
        if c in WILDS and c != JOKER:
            kinds.append(c)
            break
    return kinds


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
    wilds = _wild_kinds(hand)
    out: list[Action] = []
    if phase == DRAW_PHASE:
        out.append(DRAW)
        if state.pile:
            rank = RANK[state.pile[-1]]
            naturals = [c for c in hand if c not in WILDS and RANK[c] == rank]
            if find_meld(melds, rank) is not None:
                out.append(TakePile(()))
            if len(naturals) >= 2:
                out.append(TakePile(tuple(naturals[:2])))
            if naturals:
                out.extend(TakePile(sort_cards((naturals[0], w))) for w in wilds)
        return out
    assert phase == PLAY
    groups, _, blacks = split_hand(hand)
    for rank, naturals in groups.items():
        if find_meld(melds, rank) is not None:
            out.append(Meld((naturals[0],)))
            continue
        if len(naturals) >= 3:
            out.append(Meld(tuple(naturals[:3])))
            if len(naturals) > 3:
                out.append(Meld(tuple(naturals)))
        if len(naturals) >= 2:
            out.extend(Meld(sort_cards((*naturals[:2], w))) for w in wilds)
    for m in melds:
        if m.rank != "3":
            out.extend(Meld((w,), m.rank) for w in wilds)
    if len(blacks) >= 3:
        out.append(Meld(sort_cards(blacks)))
    seen: set[str] = set()
    for c in hand:
        if c not in seen:
            seen.add(c)
            out.append(Discard(c))
    if not state.turn_melded and not state.asked and state.rules.ask_permission:
        out.append(ASK)
    return out


def legal_actions(state: State) -> list[Action]:
    if (state.phase == PLAY and state.permission is None and not state.pending
            and state.opened[state.team]):
        return _play_opened(state)
    return filtered_candidates(state)


def filtered_candidates(state: State) -> list[Action]:
    """The canonical candidates that `check` accepts (the reference definition)."""
    return [a for a in candidates(state) if check(state, a) is None]


def _play_opened(state: State) -> list[Action]:
    """The same list as `filtered_candidates` for the common case of a team whose
    initial meld is down and no question pending, without running `check` on each."""
    rules = state.rules
    hand = state.hands[state.to_move]
    melds = state.team_melds()
    by_rank = {m.rank: m for m in melds}
    if "3" in by_rank:
        return filtered_candidates(state)
    size = rules.canasta_size
    goal = rules.canastas_to_go_out
    have = sum(1 for m in melds if len(m.cards) >= size)
    n = len(hand)
    groups: dict[str, list[str]] = {}
    blacks: list[str] = []
    joker = two = None
    for c in hand:
        if c in WILDS:
            if c == JOKER:
                joker = c
            elif two is None:
                two = c
        elif c in BLACK_THREES:
            blacks.append(c)
        else:
            groups.setdefault(RANK[c], []).append(c)
    wilds = [w for w in (joker, two) if w is not None]
    shapes = rules.valid_shapes
    out: list[Action] = []

    def fits(before: int, added: int) -> bool:
        """C31: a play leaving fewer than two cards needs the canastas to go out."""
        if n - added >= 2:
            return True
        made = 1 if before < size <= before + added else 0
        return have + made >= goal

    singles = 0
    for rank, naturals in groups.items():
        m = by_rank.get(rank)
        if m is not None:
            if fits(len(m.cards), 1):
                out.append(LAY_ONE[naturals[0]])
            continue
        k = len(naturals)
        if k == 1:
            singles += 1
            continue
        if k >= 3 and (3, 0) in shapes and fits(0, 3):
            out.append(Meld(tuple(naturals[:3])))
        if k > 3 and (k, 0) in shapes and fits(0, k):
            out.append(Meld(tuple(naturals)))
        if wilds and (2, 1) in shapes and fits(0, 3):
            out.extend(Meld(sort_cards((*naturals[:2], w))) for w in wilds)
    if wilds:
        for m in melds:
            if not fits(len(m.cards), 1):
                continue
            if shape_rejection(rules, m.rank, m, 0, 1) is None:
                out.extend(LAY_WILD[w, m.rank] for w in wilds)
    if len(blacks) >= 3:
        black = Meld(sort_cards(blacks))
        if check(state, black) is None:
            out.append(black)
    if n > 1 or have >= goal:
        out.extend(DISCARDS[c] for c in dict.fromkeys(hand))
    # A hand with two cards that can never be melded cannot go out (one discard only).
    hopeless = singles + (1 if len(blacks) in (1, 2) else 0) + (len(blacks) == 2) > 1
    if (not state.turn_melded and not state.asked and rules.ask_permission and not hopeless
            and rules.partner_of(state.to_move) is not None and can_go_out(state)):
        out.append(ASK)
    return out
