"""The AI's fast play-out path: every play-out replays through `apply` without a
refusal and ends with the same scores (issue 3)."""

from __future__ import annotations

import random

import pytest

import canasta as C
from canasta.fast import Unsupported, playout


def _replay(state: C.State, seed: int) -> None:
    scores, actions = playout(state, random.Random(seed), record=True)
    for action in actions:
        state = C.apply(state, action)  # raises IllegalAction on any refusal
    assert state.round_over
    assert [row["total"] for row in C.round_score(state)] == scores


@pytest.mark.parametrize("variant", sorted(C.VARIANTS))
def test_playouts_from_the_deal_replay_through_apply(variant: str) -> None:
    for seed in range(120):
        _replay(C.new_game(variant, seed), seed)


@pytest.mark.parametrize("variant", sorted(C.VARIANTS))
def test_playouts_from_mid_round_replay_through_apply(variant: str) -> None:
    done = 0
    for seed in range(200):
        rng = random.Random(seed)
        state = C.new_game(variant, 1000 + seed)
        for _ in range(rng.randrange(1, 90)):
            if state.round_over:
                break
            state = C.apply(state, rng.choice(C.legal_actions(state)))
        try:
            _replay(state, seed)
            done += 1
        except Unsupported:
            assert state.round_over or state.phase == "answer" or state.pending or (
                not state.opened[state.team] and state.turn_points > 0
            ) or state.permission is not None
    assert done >= 120


def test_playout_does_not_change_the_state() -> None:
    state = C.new_game("classic", 5)
    before = C.to_json(state), state.hands
    playout(state, random.Random(1))
    assert (C.to_json(state), state.hands) == before
