"""Computer players. They decide only from `view_for(state, seat)`: never from
hidden cards. Levels: "easy", "normal", "strong"."""

from __future__ import annotations

from typing import Any

from canasta.ai.heuristic import choose_heuristic
from canasta.game.actions import Action, Discard, parse_action

LEVELS = ("easy", "normal", "strong")


def choose_action(view: dict[str, Any], level: str = "normal", seed: int = 0) -> Action:
    """The action the AI at `view["seat"]` makes; deterministic in (view, level, seed)."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; expected one of {', '.join(LEVELS)}")
    if not view["legal"]:
        raise ValueError("the AI was asked to act for a seat that has nothing to do")
    if level == "strong":
        from canasta.ai.search import choose_by_search

        return _with_packet(view, choose_by_search(view, seed))
    return _with_packet(view, parse_action(choose_heuristic(view, level, seed)))


def _with_packet(view: dict[str, Any], action: Action) -> Action:
    """R13: every level takes its opened kitty with the discard it chose (its cards are
    worth more in the hand, where they can be melded, than left to count against it)."""
    if isinstance(action, Discard) and not action.reserve and {
            "type": "discard", "card": action.card, "reserve": True} in view["legal"]:
        return Discard(action.card, True)
    return action
