"""Whole games played under CPython for the tests, as the page's worker plays them."""

from __future__ import annotations

import os
from typing import Any

import canasta
from canasta.ai import choose_action
from canasta.game.actions import NextRound


def easy_game(seed: int, variant: str = "classic") -> tuple[canasta.State, list[dict[str, Any]]]:
    """Play a whole game with easy AIs in every seat, seeded as the worker seeds them
    (static/worker.py ai_step), so the page repeats each move. Returns the state
    before the last move and every round_over/game_over view of seat 0 on the way."""
    state = canasta.new_game(variant, seed)
    ends: list[dict[str, Any]] = []
    before = state
    while not state.game_over:
        if state.round_over:
            ends.append(canasta.view_for(state, 0))
            state = canasta.apply(state, NextRound())
            continue
        view = canasta.view_for(state, state.to_act)
        action = choose_action(view, "easy", state.seed * 1_000_003 + len(state.action_list()))
        before = state
        state = canasta.apply(state, action)
    ends.append(canasta.view_for(state, 0))
    return before, ends


# The strong level searches for each decision (about a second each): a whole round of it
# in every seat takes minutes. In `make test` it decides one decision in
# `STRONG_EVERY` of a round (every phase of the turn comes round), the normal level the
# others, so the round still runs to its end through the strong level's choices; `make
# soak` (CANASTA_SOAK=1) plays every decision at the strong level.
STRONG_EVERY = 1 if os.environ.get("CANASTA_SOAK") else 7


def ai_round(variant: str | canasta.RuleSet, seed: int, level: str,
             strong_every: int = STRONG_EVERY) -> canasta.State:
    """One round with `level` in every seat, each action checked by the engine first:
    the level plays legal actions only, from its views, to the round's end (the strong
    level: one decision in `strong_every`, the normal level the rest)."""
    state = canasta.new_game(variant, seed)
    steps = 0
    while not state.round_over:
        now = level if level != "strong" or steps % strong_every == 0 else "normal"
        action = choose_action(canasta.view_for(state, state.to_act), now, steps)
        assert canasta.check(state, action) is None, action
        state = canasta.apply(state, action)
        steps += 1
    return state


def every_level_plays(variant: str | canasta.RuleSet, seed: int) -> None:
    """Each computer level plays a whole round of `variant` in every seat (`ai_round`)."""
    for level in ("easy", "normal", "strong"):
        assert ai_round(variant, seed, level).round_over


def reloaded_random_round(variant: str | canasta.RuleSet, seed: int,
                          rng_seed: int = 3) -> canasta.State:
    """A round of random legal moves, saved as JSON and loaded again: the state loaded,
    asserted equal to the one saved."""
    import json
    import random

    state = canasta.new_game(variant, seed)
    rng = random.Random(rng_seed)
    while not state.round_over:
        state = canasta.apply(state, rng.choice(canasta.legal_actions(state)))
    again = canasta.from_json(json.loads(json.dumps(canasta.to_json(state))))
    assert again == state
    return again


def replayed_playouts(rules: canasta.RuleSet, seeds: range) -> list[tuple[canasta.State, bool]]:
    """A fast play-out from the deal of each seed (`canasta.new_game(rules, 40 + seed)`),
    replayed through `apply`: the round's end, and whether the engine's scores are the
    play-out's."""
    import random

    from canasta.ai.fast.playout import playout

    out = []
    for seed in seeds:
        state = canasta.new_game(rules, 40 + seed)
        scores, actions = playout(state, random.Random(seed), record=True)
        for action in actions:
            state = canasta.apply(state, action)
        out.append((state, [row["total"] for row in canasta.round_score(state)] == scores))
    return out
