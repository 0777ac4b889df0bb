"""Randomized conformance: random rounds per variant (uniform random over legal_actions)
in games of four rounds, as many games as make the checklist's 20,000 actions, with the
invariants of tests/engine/invariants.py checked after every action: cards conserved,
scores adding up, legal actions passing check, apply leaving its input alone; the views
every few actions and at every deal and round end, the save round trip every 250 actions
and at every round end, where every state of the round is also checked against a replay
of its actions read back from JSON. A second, shorter run checks the views after every
single action. `python -m tests.engine.soak` runs far more."""

from __future__ import annotations

import pytest

import canasta as C
from tests.engine.invariants import play_random

# variant-checklist.md: at least this many actions per rule set in `make test` (until
# 2026-11-28 a fixed 250 rounds a variant: 30,000-50,000 actions, 140,000 for Railroad;
# `make soak` plays 100,000 actions).
MIN_ACTIONS = 20_000
ROUNDS_PER_GAME = 4


def play_to_the_minimum(variant: str | C.RuleSet, first_seed: int) -> tuple[int, int, int]:
    """Games of `ROUNDS_PER_GAME` random rounds from `first_seed` on, until `MIN_ACTIONS`
    actions are played: (games, rounds, actions)."""
    rounds = actions = games = 0
    while actions < MIN_ACTIONS:
        played = play_random(variant, first_seed + games, ROUNDS_PER_GAME, full_every=20,
                             save_every=250)
        games += 1
        rounds += played.rounds
        actions += played.actions
    return games, rounds, actions


@pytest.mark.parametrize("variant", sorted(C.VARIANTS))
def test_random_rounds_keep_every_invariant(variant: str) -> None:
    games, rounds, actions = play_to_the_minimum(variant, 7000)
    assert rounds == ROUNDS_PER_GAME * games
    assert actions > 50 * rounds  # whole rounds, not deals cut short
    assert games >= 4  # deals of several seeds, not one long game


# Options whose mechanism no registered variant has by default, played at random too.
OPTIONS = ["american+U21", "american+U23", "american+U24"]  # U21: special hands; U23: the
# natural triple; U24: ranks closed for both sides


@pytest.mark.parametrize("name", OPTIONS)
def test_random_rounds_with_an_option_keep_every_invariant(name: str) -> None:
    from canasta.rules.house_rules import rules_named

    games, _, actions = play_to_the_minimum(rules_named(name), 7300)
    assert actions >= MIN_ACTIONS
    assert games >= 4


# Railroad's rounds run to the end of a 424-card stock (some 550 actions each), Hand and
# Foot's some 250: one round a game for them in the every-action view check.
LONG_ROUNDS = ("railroad", "hand-and-foot")


@pytest.mark.parametrize("variant", sorted(C.VARIANTS))
def test_views_leak_nothing_after_every_action(variant: str) -> None:
    for game in range(3):  # (a round of Railroad is some ten of the others)
        play_random(variant, 9100 + game, 1 if variant in LONG_ROUNDS else 5, full_every=1,
                    save_every=100)
