"""The rule set: every number and option of a Canasta variant in one dataclass.

Code branches on these fields, never on a variant's name. `CLASSIC` is the default
rule set; every other variant is a named constant made with
`dataclasses.replace(CLASSIC, ...)` in canasta/rules/variants.py and found by name through
`variants.get_rules`. Sources for every number are in docs/variants.md.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, fields
from functools import cached_property
from itertools import chain
from typing import Any

from canasta.game.cards import BLACK_THREES, RED_THREES
from canasta.game.errors import RuleSetError, Text, listed, shown, shown_keys
from canasta.rules.fields import NEG_INF as NEG_INF
from canasta.rules.fields import NEVER as NEVER
from canasta.rules.fields import RuleFields
from canasta.rules.options import problems


@dataclass(frozen=True)
class RuleSet(RuleFields):
    """A playable rule set: the options (`RuleFields`), checked when made, and what
    they imply."""

    def __post_init__(self) -> None:
        found = problems(self)
        if found:
            raise RuleSetError(Text("invalid rule set: {problems}",
                                    problems=listed(found, semicolons=True)))

    @cached_property
    def classic_finish(self) -> bool:
        """Going out as in Classic (C30, C33): the last card discarded or melded, the
        question optional. `legal_actions` keeps its quick listings for these only."""
        return self.final_discard == "optional" and not self.must_ask and self.going_out

    @cached_property
    def laid_threes(self) -> frozenset[str]:
        """C5, C20: the 3s that are laid down as they come and replaced from the stock
        (red 3s; U5: black 3s too)."""
        return RED_THREES | BLACK_THREES if self.black_threes_laid else RED_THREES

    def cite(self, rule: str) -> str:
        """The rule id a refusal cites for Classic's rule `rule`: this rule set's own id
        where it changed that rule (`rule_ids`), else `rule` itself."""
        return self._cited.get(rule, rule)

    @cached_property
    def _cited(self) -> dict[str, str]:
        return dict(self.rule_ids)

    def team_of(self, seat: int) -> int:
        return seat % self.teams

    def seats_of(self, team: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s % self.teams == team)

    def partner_of(self, seat: int) -> int | None:
        """The next seat of the same team in playing order, if the team has one."""
        for step in range(1, self.players):
            other = (seat + step) % self.players
            if other % self.teams == seat % self.teams:
                return other
        return None

    def minimum_for(self, score: int, round_no: int = 0) -> int:
        """C25: the initial-meld minimum for a team with this cumulative score (HF9: in
        round `round_no`, where the minimum goes by the round)."""
        by_deal = self.initial_meld_by_deal
        if by_deal and round_no > 0:
            return by_deal[min(round_no, len(by_deal)) - 1]
        result = self.initial_meld[0][1]
        for lowest, minimum in self.initial_meld:
            if score >= lowest:
                result = minimum
        return result

    @cached_property
    def _json(self) -> dict[str, Any]:
        return asdict(self)

    def to_json(self) -> dict[str, Any]:
        """Every option by value, JSON-ready; a fresh dict the caller may change (every
        view carries one, so the form is built once per rule set and copied)."""
        data = dict(self._json)
        for table in _TABLES:
            data[table] = [list(row) for row in getattr(self, table)]
        for name in _LISTS:
            data[name] = list(getattr(self, name))
        data["rule_ids"] = [list(row) for row in self.rule_ids]
        return data

    @staticmethod
    def from_json(data: object) -> RuleSet:
        """The rule set of `to_json`'s form; anything else (a value of the wrong type
        or out of range, an unknown option, not an object at all) raises `RuleSetError`
        with every reason. An equal form gives the same (immutable)
        object again, so an AI reading the rules from every view builds each rule set
        once: the forms met last are kept, compared with `==` (a dict comparison costs
        far less than building a hashable key or a rule set; a kept form is a valid
        one, so the comparison stops at its shallow depth whatever `data` holds) and
        then by the type of every value, since `==` takes 4.0 and true for 4 and 1."""
        for i, (form, types, rules) in enumerate(_RECENT):
            if form == data and _same_types(form, types, data):
                if i:
                    _RECENT.insert(0, _RECENT.pop(i))
                return rules
        rules = _from_json(data)
        assert isinstance(data, dict)  # (`_from_json` refuses anything else)
        _RECENT.insert(0, (copy.deepcopy(data), list(map(type, data.values())), rules))
        del _RECENT[_RECENT_SIZE:]
        return rules


_KNOWN = frozenset(f.name for f in fields(RuleSet))


def _same_types(form: dict[str, Any], types: list[type], data: Any) -> bool:
    """For `data == form` (a valid form, its values' `types`): every value of `data`
    has the type of the form's, and every number in its tables and lists is an int.
    (Built of `map` and `chain` so that the check runs at C speed: a view's rules are
    read on every AI decision.)"""
    if list(map(type, data.values())) != types and \
            list(map(type, map(data.__getitem__, form))) != types:  # (keys in another order)
        return False
    tables = [data[key] for key in _TABLES if key in data]
    cells = chain.from_iterable(chain.from_iterable(tables))
    items = chain.from_iterable(data.get(name, ()) for name in _LISTS)
    return set(map(type, cells)) <= _INT and set(map(type, items)) <= _INT


_INT = {int}
_LISTS = ("roster", "initial_meld_by_deal")
_TABLES = ("initial_meld", "red_three_totals", "mixed_bonus_by_wilds", "wild_canasta_by_jokers",
           "unfinished_wild_by_jokers", "sequence_scores", "canasta_count_bonus",
           "natural_count_bonus")


def _from_json(data: object) -> RuleSet:
    if not isinstance(data, dict):
        raise RuleSetError(Text("a rule set must be a JSON object, not {value}",
                                value=shown(data)))
    unknown = [k for k in data if k not in _KNOWN]
    if unknown:
        raise RuleSetError(Text("unknown rule options: {names}", names=shown_keys(unknown)))
    values = dict(data)
    for table in (*_TABLES, "rule_ids"):
        if table in values:
            rows = values[table]
            if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
                raise RuleSetError(
                    Text("{name} must be a list of pairs of rule ids", name=table)
                    if table == "rule_ids" else
                    Text("{name} must be a list of pairs of whole numbers", name=table))
            values[table] = tuple(tuple(r) for r in rows)
    for name in _LISTS:
        if name in values:
            if not isinstance(values[name], list):
                raise RuleSetError(Text("{name} must be a list of whole numbers", name=name))
            values[name] = tuple(values[name])
    return RuleSet(**values)


# (a private copy of a form, the types of its values in order, its rules)
_RECENT: list[tuple[dict[str, Any], list[type], RuleSet]] = []
_RECENT_SIZE = 8


CLASSIC = RuleSet()
