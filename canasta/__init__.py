"""Classic Canasta: a plain-Python engine (no browser imports) with the public API
fixed in shared/rules/protocol.md."""

from .actions import Action, action_to_json, parse_action
from .checks import check
from .errors import ActionFormatError, IllegalAction, PositionError, Rejection
from .legal import legal_actions
from .position import load_position
from .rule_options import describe as describe_options
from .rules import CLASSIC, RuleSet
from .saves import SCHEMA, from_json, new_game, to_json
from .scoring import score_round
from .state import State
from .transitions import apply
from .variants import VARIANTS, get_rules
from .view import view_for


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
