"""A player who draws from the stock while a frozen pile of three or more cards lies
open to a pair (their side has melded) shows not to hold a natural pair of its top
card's rank: the knowledge records it from the public log and the strong level's
sampled deals agree with it (`knowledge.declines`, `worlds._without_pairs`)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import canasta as C
from canasta.ai import choose_action, worlds
from canasta.ai.knowledge import declines, read_view
from canasta.game.cards import RANK, WILDS
from canasta.rules.house_rules import rules_named
from tests.engine.invariants import deck

WILD_CANASTA = rules_named("wild-canasta")


def _naturals(cards: tuple[str, ...] | list[str], rank: str) -> int:
    return sum(1 for c in cards if RANK[c] == rank and c not in WILDS)


def _declining_states(count: int) -> list[tuple[C.State, int, str]]:
    """(state after the draw, seat that drew, rank it declined), from rounds of the
    normal player, each checked against the hand before the draw."""
    found: list[tuple[C.State, int, str]] = []
    for seed in range(1, 40):
        state = C.play.transitions.deal_round(WILD_CANASTA, seed, 1, 0, (0, 0))
        step = 0
        while not state.round_over and len(found) < count:
            seat = state.to_act
            action = choose_action(C.view_for(state, seat), "normal", seed * 1000 + step)
            after = C.apply(state, action)
            if isinstance(action, C.game.actions.Draw):
                rank = declines(WILD_CANASTA, list(state.pile),
                                state.opened[seat % WILD_CANASTA.teams])
                if rank:
                    # the inference is true of the player who declined
                    assert _naturals(state.hands[seat], rank) <= 1
                    found.append((after, seat, rank))
            state, step = after, step + 1
        if len(found) >= count:
            break
    return found


def test_a_declined_frozen_pile_is_read_from_the_log_and_true() -> None:
    found = _declining_states(30)
    assert len(found) == 30
    for state, seat, rank in found:
        for other in range(WILD_CANASTA.players):
            know = read_view(C.view_for(state, other))
            assert know.declined[seat][rank] == WILD_CANASTA.draw_count


def test_a_small_or_blocked_pile_or_an_unopened_side_shows_nothing() -> None:
    assert declines(WILD_CANASTA, ["5S", "9H", "9D"], True) == "9"
    assert declines(WILD_CANASTA, ["9H", "9D"], True) == ""  # too small to be sure
    assert declines(WILD_CANASTA, ["5S", "9H", "2D"], True) == ""  # a wild card on top
    assert declines(WILD_CANASTA, ["5S", "9H", "9D"], False) == ""  # it needed points too
    classic = rules_named("classic")
    assert declines(classic, ["5S", "9H", "9D"], True) == ""  # not frozen: no pair needed
    assert declines(classic, ["5S", "2H", "9H", "9D"], True) == "9"  # frozen by the 2


def test_sampled_deals_agree_with_the_declines() -> None:
    with_pair = {True: 0, False: 0}
    checked = 0
    for state, seat, rank in _declining_states(30):
        viewer = (seat + 1) % WILD_CANASTA.players
        view = C.view_for(state, viewer)
        know = read_view(view)
        blind = replace(know, declined=[{} for _ in know.declined])  # declines unread
        for flag, knowledge in ((False, blind), (True, know)):
            rng = random.Random(7)
            for _ in range(40):
                world = worlds.sample_world(view, rng, knowledge)
                assert world.cards_in_play() == deck(world)
                assert Counter(world.hands[viewer]) == Counter(state.hands[viewer])
                with_pair[flag] += _naturals(world.hands[seat], rank) >= 2
        checked += 1
    assert checked == 30
    # Only a card drawn since may have made the pair: far fewer sampled pairs.
    assert with_pair[True] * 2 < with_pair[False]
