"""Typed errors and the refusal carried by `check` (a rule id and a sentence).

Every way the engine refuses input is one of these classes (each a `ValueError`):
`IllegalAction` (an action `check` refuses), `PositionError` (a position or save that
cannot exist), `ActionFormatError` (action JSON that is no action) and `RuleSetError`
(a rule set out of range or self-contradictory). Anything else escaping the engine
from bad input is a defect (the fuzzer, canasta_tools/fuzz.py, counts them). Each is raised
with a `Text` (issue 18: `err.args[0]`, its phrases nested Texts), so the table says
what is wrong in the player's language (tests/test_error_texts.py)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from canasta.game.messages import render


class Text(str):
    """A sentence for a player, in English, that keeps the template it was filled from
    (its key) and the parameters, so that the table can say it in the player's language
    (canasta/game/messages.py; issue 18). It is a `str`: everything that reads the English
    sentence reads it as before."""

    key: str
    params: dict[str, Any]

    def __new__(cls, key: str, **params: Any) -> Text:
        # A Text is an immutable value: one made before with the same key and parameters
        # is given again (legal_actions meets the same few refusals thousands of times).
        ident: tuple[Any, ...] | None = (key, *params.items())
        try:
            known = _MADE.get(ident) if ident is not None else None
        except TypeError:  # a parameter that is a list: made afresh
            ident = known = None
        if known is not None:
            return known
        text = super().__new__(cls, render(key, params))
        text.key = key
        text.params = params
        if ident is not None and len(_MADE) < _MADE_MAX:
            _MADE[ident] = text
        return text


_MADE: dict[tuple[Any, ...], Text] = {}
_MADE_MAX = 4096


def message_json(message: str) -> dict[str, Any]:
    """A sentence as it crosses to the table: the English text, its key and parameters
    (a sentence that is no `Text` is its own key, without parameters). A parameter that
    is itself a `Text` (a phrase: what a side needs to go out) crosses the same way."""
    if isinstance(message, Text):
        params = {name: message_json(value) if isinstance(value, Text) else value
                  for name, value in message.params.items()}
        return {"message": str(message), "key": message.key, "params": params}
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
    contradict each other (canasta/rules/options.py)."""


_SHOWN_TEXT = 40
_SHOWN_DIGITS = 20


def shown(value: object) -> str:
    """A short, safe rendering of an input value for an error message: bounded in
    length and work whatever the value (a huge number, a long text or a deeply nested
    list is never turned into text whole, so no message can fail or flood). A value
    written out (a number, a quoted text) is a plain `str`, the same in every language;
    a phrase that describes it ("a list of 3 items") is a `Text`, said in the player's."""
    if value is None or isinstance(value, (bool, float)):
        return repr(value)
    if isinstance(value, int):
        if -(10**_SHOWN_DIGITS) < value < 10**_SHOWN_DIGITS:
            return repr(value)
        return Text("a number of about {n} digits", n=round(value.bit_length() * 0.30103))
    if isinstance(value, str):
        if len(value) <= _SHOWN_TEXT:
            return repr(value)
        return Text("{text}... ({n, plural, one {# character} other {# characters}})",
                    text=repr(value[:_SHOWN_TEXT]), n=len(value))
    if isinstance(value, (list, tuple)):
        return Text("a list of {n, plural, one {# item} other {# items}}", n=len(value))
    if isinstance(value, dict):
        return Text("an object with {n, plural, one {# field} other {# fields}}", n=len(value))
    return Text("a value of type {name}", name=type(value).__name__)


def shown_keys(keys: Iterable[object]) -> str:
    """Field names for a message (unknown ones, say): a few of them, each `shown`, as
    one phrase ("'a', 'b' and 3 more": nested `Text`s where it holds words)."""
    names = sorted(shown(k) for k in keys)
    said = listed(names[:4])
    if len(names) > 4:
        said = Text("{names} and {n} more", names=said, n=len(names) - 4)
    return said


def listed(items: Sequence[str], semicolons: bool = False) -> str:
    """Phrases as one phrase, "a, b, c" (or "a; b; c"): each pair a nested `Text`, so
    that each item (a `Text` itself, or a value) crosses to the table as it is."""
    said = items[0] if items else ""
    for item in items[1:]:
        said = (Text("{first}; {then}", first=said, then=item) if semicolons
                else Text("{first}, {then}", first=said, then=item))
    return said


def said_by(err: BaseException) -> str:
    """The sentence an error says, for a message about it (a damaged save that cannot
    be replayed): the `Text` it carries (a refusal's with its rule id, as its English
    text reads), else its plain text."""
    if isinstance(err, IllegalAction):
        message = err.rejection.message
        if not isinstance(message, Text) and "{" not in message:
            message = Text(message)  # a refusal's plain sentence: its own key
        return Text("{said} ({rule})", said=message, rule=err.rejection.rule)
    first = err.args[0] if err.args else None
    return first if isinstance(first, Text) else str(err)
