"""Typed errors and the refusal carried by `check` (a rule id and a sentence).

Every way the engine refuses input is one of these classes (each a `ValueError`):
`IllegalAction` (an action `check` refuses), `PositionError` (a position or save that
cannot exist), `ActionFormatError` (action JSON that is no action) and `RuleSetError`
(a rule set out of range or self-contradictory). Anything else escaping the engine
from bad input is a defect (the fuzzer, canasta/fuzz.py, counts them)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .messages import render


class Text(str):
    """A sentence for a player, in English, that keeps the template it was filled from
    (its key) and the parameters, so that the table can say it in the player's language
    (canasta/messages.py; issue 18). It is a `str`: everything that reads the English
    sentence reads it as before."""

    key: str
    params: dict[str, Any]

    def __new__(cls, key: str, **params: Any) -> Text:
        text = super().__new__(cls, render(key, params))
        text.key = key
        text.params = params
        return text


def message_json(message: str) -> dict[str, Any]:
    """A sentence as it crosses to the table: the English text, its key and parameters
    (a sentence that is no `Text` is its own key, without parameters)."""
    if isinstance(message, Text):
        return {"message": str(message), "key": message.key, "params": message.params}
    return {"message": message, "key": message, "params": {}}


@dataclass(frozen=True, slots=True)
class Rejection:
    rule: str
    message: str

    def to_json(self) -> dict[str, Any]:
        """The rule id, the English sentence, and its key and parameters (additive:
        `rule` and `message` are as before)."""
        return {"rule": self.rule, **message_json(self.message)}


class IllegalAction(ValueError):
    """Raised by `apply` for an action that `check` refuses."""

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(f"{rejection.message} ({rejection.rule})")
        self.rejection = rejection


class PositionError(ValueError):
    """A position (or save) that cannot exist."""


class ActionFormatError(ValueError):
    """Action JSON that is not an action at all."""


class RuleSetError(ValueError):
    """A rule set with an option of the wrong type or out of range, or options that
    contradict each other (canasta/rule_options.py)."""


_SHOWN_TEXT = 40
_SHOWN_DIGITS = 20


def shown(value: object) -> str:
    """A short, safe rendering of an input value for an error message: bounded in
    length and work whatever the value (a huge number, a long text or a deeply nested
    list is never turned into text whole, so no message can fail or flood)."""
    if value is None or isinstance(value, (bool, float)):
        return repr(value)
    if isinstance(value, int):
        if -(10**_SHOWN_DIGITS) < value < 10**_SHOWN_DIGITS:
            return repr(value)
        return f"a number of about {round(value.bit_length() * 0.30103)} digits"
    if isinstance(value, str):
        if len(value) <= _SHOWN_TEXT:
            return repr(value)
        return repr(value[:_SHOWN_TEXT]) + f"... ({len(value)} characters)"
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)} item{'s' * (len(value) != 1)}"
    if isinstance(value, dict):
        return f"an object with {len(value)} field{'s' * (len(value) != 1)}"
    return f"a value of type {type(value).__name__}"


def shown_keys(keys: Iterable[object]) -> str:
    """Field names for a message (unknown ones, say): a few of them, each `shown`."""
    names = sorted(shown(k) for k in keys)
    more = f" and {len(names) - 4} more" if len(names) > 4 else ""
    return ", ".join(names[:4]) + more
