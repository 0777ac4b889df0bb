"""Typed errors and the refusal carried by `check` (a rule id and a sentence)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rejection:
    rule: str
    message: str

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "message": self.message}


class IllegalAction(ValueError):
    """Raised by `apply` for an action that `check` refuses."""

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(f"{rejection.message} ({rejection.rule})")
        self.rejection = rejection


class PositionError(ValueError):
    """A position (or save) that cannot exist."""


class ActionFormatError(ValueError):
    """Action JSON that is not an action at all."""
