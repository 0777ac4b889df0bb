"""Saves: rules + seed (or starting position) + action list + schema version.
Loading replays every action through `apply`, so a save never holds an impossible state."""

from __future__ import annotations

import json
from typing import Any

from canasta.game.actions import action_to_json, parse_action
from canasta.game.errors import (
    ActionFormatError,
    IllegalAction,
    PositionError,
    RuleSetError,
    Text,
    said_by,
    shown,
)
from canasta.game.state import State, seed_problem
from canasta.play.transitions import apply, deal_round
from canasta.rules.ruleset import RuleSet

SCHEMA = 1


def new_game(variant: str | RuleSet = "classic", seed: int = 0) -> State:
    from canasta.rules.variants import get_rules

    rules = variant if isinstance(variant, RuleSet) else get_rules(variant)
    problem = seed_problem(seed)
    if problem:
        raise ValueError(problem)
    return deal_round(rules, seed, 1, rules.players - 1, tuple(0 for _ in range(rules.teams)))


def to_json(state: State) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "variant": state.rules.name,
        "rules": state.rules.to_json(),
        "seed": state.seed,
        "start": json.loads(state.origin) if state.origin else None,
        "actions": [action_to_json(a) for a in state.action_list()],
    }


def from_json(data: Any) -> State:
    from canasta.io.position import load_position

    if not isinstance(data, dict):
        raise PositionError(Text("a save must be a JSON object"))
    schema = data.get("schema")
    if type(schema) is not int or schema != SCHEMA:
        raise PositionError(Text("unknown save schema {schema}; this version reads schema "
                                 "{known}", schema=shown(schema), known=SCHEMA))
    seed = data.get("seed")
    if type(seed) is not int or seed_problem(seed):
        raise PositionError(Text("the save's seed is not a whole number of at most 18 "
                                 "digits ({value})", value=shown(seed)))
    if "rules" not in data:
        raise PositionError(Text("the save has no rules"))
    try:
        rules = RuleSet.from_json(data["rules"])
    except RuleSetError as err:
        raise PositionError(Text("the save's rules are unreadable: {why}",
                                 why=said_by(err))) from None
    start = data.get("start")
    if start is not None:
        state = load_position(start, seed)
        if state.rules != rules:
            raise PositionError(Text("the save's rules do not match its starting position"))
    else:
        state = new_game(rules, seed)
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise PositionError(Text("the save has no action list"))
    for i, raw in enumerate(actions):
        try:
            state = apply(state, parse_action(raw))
        except (ActionFormatError, IllegalAction) as err:
            raise PositionError(Text("action {n} of the save cannot be replayed: {why}",
                                     n=i + 1, why=said_by(err))) from None
    return state
