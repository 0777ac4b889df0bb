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
    DRAW,
    NEXT_ROUND,
    Action,
    Answer,
    Discard,
    Meld,
    TakePile,
)
from .cards import JOKER, RANK, WILDS, sort_cards
from .checks import check
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
    return [a for a in candidates(state) if check(state, a) is None]
