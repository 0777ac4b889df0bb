"""The guarantee of `legal_actions` (protocol.md): every combination of cards that
could legally be melded or laid off, as one action, can also be melded by some
sequence of listed actions. Cards of one rank are interchangeable (suits never
matter outside sequences), so a combination
is compared as its kinds (the rank of a natural, or "2" / "JK" for a wild card) and
where each goes: the key of its meld — a rank, or "W" for a meld of wild cards (Free
Canasta F1). Every action is tried in each of its forms — by rank, by `onto` id, as a
new meld (S5: a team may hold several melds of a rank), and (wild cards alone) with no
target — and compared by the meld it reaches: its id when it was on the table at the
start, else "new" and its key. Sequences (Samba, S6) compare card by card,
suits and all, by the sequence they join or "new" for one started."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

import canasta as C
from canasta.game.actions import Meld
from canasta.game.cards import RANK, WILDS
from canasta.game.state import State
from canasta.mechanics.melds import WILD_KEY, find_meld

Target = Counter[tuple[str, str]]
SMALL_HAND = 9


def _sequence_dest(state: State, action: Meld) -> str | None:
    """S6: where a sequence play goes — "seq <id>" for a sequence on the table at the
    start (`_ORIGINAL`), "new" for one started during the steps — or None for a play
    that is no sequence play."""
    naturals = [c for c in action.cards if c not in WILDS]
    if action.onto is not None:
        target = next(m for m in state.team_melds() if m.id == action.onto)
        if target.kind != "sequence":
            return None
        return f"seq {action.onto}" if action.onto in _ORIGINAL else "new"
    return "new" if len({RANK[c] for c in naturals}) > 1 else None


_ORIGINAL: set[int] = set()  # the melds' ids at the state under test


def _dest(state: State, action: Meld) -> str:
    """The meld `action` goes to (checked actions only): "id <n>" for a meld on the
    table at the start (`_ORIGINAL`), else "new <key>" (a rank, or W for the meld of
    wild cards). S5: a team may hold several melds of a rank, so the meld, not the rank."""
    melds = state.team_melds()
    naturals = [c for c in action.cards if c not in WILDS]
    if action.onto is not None:
        target = next(m for m in melds if m.id == action.onto)
        key = target.rank
    else:
        key = (action.rank if action.rank is not None else RANK[naturals[0]] if naturals
               else WILD_KEY)
        target = None if action.new else find_meld(melds, key)
    if target is not None and target.id in _ORIGINAL:
        return f"id {target.id}"
    return f"new {key}"


def _kinds(state: State, action: Meld) -> Target:
    run = _sequence_dest(state, action)
    if run is not None:  # suits matter in a sequence: each card is its own kind
        return Counter((c, run) for c in action.cards)
    dest = _dest(state, action)
    return Counter((RANK[c] if c not in WILDS else ("JK" if c == "JK" else "2"), dest)
                   for c in action.cards)


def _every_meld(state: State) -> list[Meld]:
    """Every meld action `check` accepts, over every sub-multiset of the hand."""
    hand = state.hands[state.to_move]
    melds = state.team_melds()
    ranks = [m.rank for m in melds if m.kind != "sequence"]
    ids = {m.rank: m.id for m in melds if m.kind != "sequence"}
    older = [m.id for m in melds if m.kind != "sequence" and ids[m.rank] != m.id]
    runs = [m.id for m in melds if m.kind == "sequence"]
    _ORIGINAL.clear()
    _ORIGINAL.update(m.id for m in melds)
    seen: set[tuple[str, ...]] = set()
    out: list[Meld] = []
    for size in range(1, len(hand) + 1):
        for cards in combinations(hand, size):
            if cards in seen:
                continue
            seen.add(cards)
            tries = [Meld(cards)]
            naturals = [c for c in cards if c not in WILDS]
            if naturals and RANK[naturals[0]] in ids:
                tries.append(Meld(cards, onto=ids[RANK[naturals[0]]]))
            tries += [Meld(cards, onto=i) for i in runs + older]  # S6; S5's older melds
            if naturals:
                tries.append(Meld(cards, new=True))  # S5: a new meld of the rank
            if not naturals:
                tries += [Meld(cards, r) for r in sorted(ranks) if r != WILD_KEY]
                tries += [Meld(cards, onto=i) for i in sorted(ids.values())]
            out.extend(a for a in tries if C.check(state, a) is None)
    return out


def _reachable(state: State, target: Target) -> bool:
    """Some sequence of listed melds melds exactly `target`."""
    if not target:
        return True
    for action in C.legal_actions(state):
        if isinstance(action, Meld):
            step = _kinds(state, action)
            if not step - target and _reachable(C.apply(state, action), target - step):
                return True
    return False


def _play_states(variant: str, seed: int, count: int) -> list[State]:
    """States just after a draw with a small hand, from random games."""
    rng = random.Random(seed)
    out: list[State] = []
    game = 0
    while len(out) < count:
        state = C.new_game(variant, seed * 100 + game)
        game += 1
        while not state.game_over and len(out) < count:
            if (state.phase == "play" and not state.turn_melded and state.permission is None
                    and len(state.hands[state.to_move]) <= SMALL_HAND):
                out.append(state)
            state = C.apply(state, rng.choice(C.legal_actions(state)))
    return out


@pytest.mark.parametrize("variant", sorted(C.VARIANTS))
def test_every_legal_combination_is_reached_by_listed_steps(variant: str) -> None:
    checked = 0
    for state in _play_states(variant, 11, 150):
        for action in _every_meld(state):
            assert _reachable(state, _kinds(state, action)), (
                f"{action} is legal but no sequence of listed melds makes it")
            checked += 1
    assert checked > 100
