"""Randomized conformance: at least 500 random rounds per variant (uniform random over
legal_actions), with the invariants of tests/engine/invariants.py checked after every
action: cards conserved, scores adding up, legal actions passing check, apply leaving
its input alone; the views every few actions and at every deal and round end, the save
round trip every 250 actions and at every round end. A second, shorter run checks the
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
    total = 0
    for game in range(GAMES):
        total += play_random(variant, 7000 + game, per_game, full_every=20, save_every=250)
    assert total > ROUNDS_PER_VARIANT


@pytest.mark.parametrize("variant", sorted(C.VARIANTS))
def test_views_leak_nothing_after_every_action(variant: str) -> None:
    for game in range(3):
        play_random(variant, 9100 + game, 5, full_every=1, save_every=100)
