"""Classic Canasta: a plain-Python engine (no browser imports) with the public API
fixed in shared/rules/protocol.md."""

from canasta.game.actions import Action, action_to_json, parse_action
from canasta.game.errors import ActionFormatError, IllegalAction, PositionError, Rejection
from canasta.game.state import State
from canasta.io.position import load_position
from canasta.io.saves import SCHEMA, from_json, new_game, to_json
from canasta.io.view import view_for
from canasta.play.checks import check
from canasta.play.legal import legal_actions
from canasta.play.scoring import score_round
from canasta.play.transitions import apply
from canasta.rules.options import describe as describe_options
from canasta.rules.ruleset import CLASSIC, RuleSet
from canasta.rules.variants import VARIANTS, get_rules


def round_score(state: State) -> list[dict[str, object]]:
    """protocol.md: one dict per team, defined once the round is over."""
    if not state.round_over:
        raise ValueError("the round is not over yet")
    return score_round(state)


__all__ = [
    "CLASSIC",
    "SCHEMA",
    "VARIANTS",
    "Action",
    "ActionFormatError",
    "IllegalAction",
    "PositionError",
    "Rejection",
    "RuleSet",
    "State",
    "action_to_json",
    "apply",
    "check",
    "describe_options",
    "from_json",
    "get_rules",
    "legal_actions",
    "load_position",
    "new_game",
    "parse_action",
    "round_score",
    "to_json",
    "view_for",
]
