"""Randomized conformance: at least 500 random rounds per variant (uniform random over
legal_actions), with the invariants of tests/engine/invariants.py checked after every
action: cards conserved, scores adding up, legal actions passing check, apply leaving
its input alone; the views every few actions and at every deal and round end, the save
round trip every 250 actions and at every round end, where every state of the round is
also checked against a replay of its actions read back from JSON. A second, shorter run checks the
views after every single action. `python -m tests.engine.soak` runs far more."""

from __future__ import annotations

import pytest

import canasta as C
from tests.engine.invariants import play_random

ROUNDS_PER_VARIANT = 500
GAMES = 25


@pytest.mark.parametrize("variant", sorted(C.VARIANTS))
def test_random_rounds_keep_every_invariant(variant: str) -> None:
    per_game = ROUNDS_PER_VARIANT // GAMES
    rounds = actions = 0
    for game in range(GAMES):
        played = play_random(variant, 7000 + game, per_game, full_every=20, save_every=250)
        rounds += played.rounds
        actions += played.actions
    assert rounds == ROUNDS_PER_VARIANT
    assert actions > 50 * rounds  # whole rounds, not deals cut short


@pytest.mark.parametrize("variant", sorted(C.VARIANTS))
def test_views_leak_nothing_after_every_action(variant: str) -> None:
    for game in range(3):
        play_random(variant, 9100 + game, 5, full_every=1, save_every=100)
