"""Randomized conformance: 250 random rounds per variant (uniform random over
legal_actions; at least the checklist's 20,000 actions, asserted), with the invariants
of tests/engine/invariants.py checked after every action: cards conserved, scores adding
up, legal actions passing check, apply leaving its input alone; the views every few
actions and at every deal and round end, the save round trip every 250 actions and at
every round end, where every state of the round is also checked against a replay of its
actions read back from JSON. A second, shorter run checks the views after every single
action. `python -m tests.engine.soak` runs far more."""

from __future__ import annotations

import pytest

import canasta as C
from tests.engine.invariants import play_random

ROUNDS_PER_VARIANT = 250  # (500 until 2026-11-27; `make soak` plays 100,000 actions)
# Railroad's rounds run to the end of a 424-card stock (R18): some 560 actions each, so
# 50 rounds already make the checklist's 20,000 actions (500 would take four minutes).
# Hand and Foot's rounds (some 250 actions) come four to a game: 100 rounds, 25 games.
ROUNDS = {"railroad": 50, "hand-and-foot": 100}
GAMES = 25
MIN_ACTIONS = 20_000  # variant-checklist.md: at least this many per rule set


@pytest.mark.parametrize("variant", sorted(C.VARIANTS))
def test_random_rounds_keep_every_invariant(variant: str) -> None:
    wanted = ROUNDS.get(variant, ROUNDS_PER_VARIANT)
    per_game = wanted // GAMES
    rounds = actions = 0
    for game in range(GAMES):
        played = play_random(variant, 7000 + game, per_game, full_every=20, save_every=250)
        rounds += played.rounds
        actions += played.actions
    assert rounds == wanted
    assert actions > 50 * rounds  # whole rounds, not deals cut short
    assert actions >= MIN_ACTIONS


# Options whose mechanism no registered variant has by default, played at random too.
OPTIONS = ["american+U21"]  # U21: special hands


@pytest.mark.parametrize("name", OPTIONS)
def test_random_rounds_with_an_option_keep_every_invariant(name: str) -> None:
    from canasta.house_rules import rules_named

    rules = rules_named(name)
    actions = 0
    for game in range(GAMES):
        actions += play_random(rules, 7300 + game, 8, full_every=20, save_every=250).actions
    assert actions >= MIN_ACTIONS


@pytest.mark.parametrize("variant", sorted(C.VARIANTS))
def test_views_leak_nothing_after_every_action(variant: str) -> None:
    for game in range(3):  # (a round of Railroad is some ten of the others)
        play_random(variant, 9100 + game, 1 if variant in ROUNDS else 5, full_every=1,
                    save_every=100)
