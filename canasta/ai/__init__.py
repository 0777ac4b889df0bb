"""Computer players. They decide only from `view_for(state, seat)`: never from
hidden cards. Levels: "easy", "normal", "strong"."""

from __future__ import annotations

from typing import Any

from ..actions import Action, parse_action
from .heuristic import choose_heuristic

LEVELS = ("easy", "normal", "strong")


def choose_action(view: dict[str, Any], level: str = "normal", seed: int = 0) -> Action:
    """The action the AI at `view["seat"]` makes; deterministic in (view, level, seed)."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; expected one of {', '.join(LEVELS)}")
    if not view["legal"]:
        raise ValueError("the AI was asked to act for a seat that has nothing to do")
    if level == "strong":
        from .search import choose_by_search

        return choose_by_search(view, seed)
    return parse_action(choose_heuristic(view, level, seed))
