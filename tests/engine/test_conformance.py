"""Randomized conformance: at least 500 random rounds per variant, with the
invariants of tests/engine/invariants.py checked after every action."""

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
        total += play_random(variant, 7000 + game, per_game, full_every=40)
    assert total > 0
