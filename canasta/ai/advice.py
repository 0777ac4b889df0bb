"""Sentences for the hint about the turn's plan the strong level chose (issue 19): why
it discards where the player could go out, or where normal would meld."""

from __future__ import annotations

from typing import Any

from canasta.ai.heuristic import choose_heuristic, way_out_step
from canasta.game.errors import Text
from canasta.io.view import rules_of

Json = dict[str, Any]


def explain_turn(view: Json, chosen: Json) -> Text | None:
    """Why the advised discard `chosen` plays on: the player could go out now, or
    normal would meld first (keeping the hand, `search._candidates`). None otherwise."""
    if view["phase"] != "play" or chosen["type"] != "discard" or view["pending"] or (
            view["permission"] is not None):
        return None
    step = way_out_step(view, rules_of(view))
    if step is not None and step != chosen:
        return Text("You could go out now, but playing on is worth more here.")
    opened = view["team_melded"][view["seat"] % view["teams"]]
    if opened and choose_heuristic(view, "normal", 0)["type"] == "meld":
        return Text("Keep your melds in hand this turn: a pair held can take the pile, "
                    "and the opponents see less.")
    return None
