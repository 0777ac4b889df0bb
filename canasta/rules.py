"""The rule set: every number and option of a Canasta variant in one dataclass.

Code branches on these fields, never on a variant's name. Each variant is a
named constant made with `dataclasses.replace(CLASSIC, ...)` and found by name
through `get_rules`. Sources for every number are in docs/variants.md.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, fields, replace
from functools import cached_property
from typing import Any

NEG_INF = -(10**9)


@dataclass(frozen=True)
class RuleSet:
    name: str = "classic"
    title: str = "Classic Canasta (4 players, 2 partnerships)"
    # Table (C1, C3, C4)
    players: int = 4
    teams: int = 2
    decks: int = 2
    jokers_per_deck: int = 2
    hand_size: int = 11
    # A turn (C6, C7)
    draw_count: int = 1
    # Melds (C17, C19, C21)
    min_meld: int = 3
    max_wilds: int = 3
    wilds_strictly_fewer: bool = True
    wild_on_natural_canasta: bool = True
    canasta_size: int = 7
    # The pile (C14, C15, C22)
    frozen_for_unopened_team: bool = True
    black_three_freezes: bool = False
    # Initial meld (C25): (lowest team score, minimum), ascending
    initial_meld: tuple[tuple[int, int], ...] = (
        (NEG_INF, 15),
        (0, 50),
        (1500, 90),
        (3000, 120),
    )
    # Going out (C30-C33)
    canastas_to_go_out: int = 1
    concealed_needs_minimum: bool = True
    ask_permission: bool = True
    # Scoring (C40-C42)
    natural_canasta_bonus: int = 500
    mixed_canasta_bonus: int = 300
    red_three_bonus: int = 100
    all_red_threes_bonus: int = 800
    going_out_bonus: int = 100
    concealed_bonus: int = 100
    red_threes_negative_without_meld: bool = True
    # Winning (C50)
    target_score: int = 5000

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

    def minimum_for(self, score: int) -> int:
        """C25: the initial-meld minimum for a team with this cumulative score."""
        result = self.initial_meld[0][1]
        for lowest, minimum in self.initial_meld:
            if score >= lowest:
                result = minimum
        return result

    @cached_property
    def valid_shapes(self) -> frozenset[tuple[int, int]]:
        """Every (naturals, wilds) count a meld may have (C17)."""
        from .melds import shape_problem

        most = 4 * self.decks + 1
        return frozenset(
            (n, w) for n in range(most) for w in range(self.max_wilds + 2)
            if shape_problem(self, "K", n, w) is None
        )

    def deck_size(self) -> int:
        return self.decks * (52 + self.jokers_per_deck)

    @cached_property
    def _json(self) -> dict[str, Any]:
        return asdict(self)

    def to_json(self) -> dict[str, Any]:
        """Every option by value, JSON-ready; a fresh dict the caller may change (every
        view carries one, so the form is built once per rule set and copied)."""
        data = dict(self._json)
        data["initial_meld"] = [list(row) for row in self.initial_meld]
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> RuleSet:
        """The rule set of `to_json`'s form. An equal form gives the same (immutable)
        object again, so an AI reading the rules from every view builds each rule set
        once: the forms met last are kept, compared with `==` (a dict comparison costs
        far less than building a hashable key or a rule set)."""
        for i, (form, rules) in enumerate(_RECENT):
            if form == data:
                if i:
                    _RECENT.insert(0, _RECENT.pop(i))
                return rules
        rules = _from_json(data)
        _RECENT.insert(0, (copy.deepcopy(data), rules))
        del _RECENT[_RECENT_SIZE:]
        return rules


def _from_json(data: dict[str, Any]) -> RuleSet:
    known = {f.name for f in fields(RuleSet)}
    unknown = set(data) - known
    if unknown:
        raise ValueError(f"unknown rule options: {', '.join(sorted(unknown))}")
    values = dict(data)
    if "initial_meld" in values:
        values["initial_meld"] = tuple((int(a), int(b)) for a, b in values["initial_meld"])
    return RuleSet(**values)


_RECENT: list[tuple[dict[str, Any], RuleSet]] = []  # (a private copy of a form, its rules)
_RECENT_SIZE = 8


CLASSIC = RuleSet()

CLASSIC_2P = replace(
    CLASSIC,
    name="classic-2p",
    title="Classic Canasta for two (15 cards, draw 2, two canastas to go out)",
    players=2,
    teams=2,
    hand_size=15,
    draw_count=2,
    canastas_to_go_out=2,
    ask_permission=False,
)

CLASSIC_3P = replace(
    CLASSIC,
    name="classic-3p",
    title="Classic Canasta for three (13 cards, each plays alone, two canastas to go out)",
    players=3,
    teams=3,
    hand_size=13,
    canastas_to_go_out=2,
    ask_permission=False,
)

VARIANTS: dict[str, RuleSet] = {r.name: r for r in (CLASSIC, CLASSIC_2P, CLASSIC_3P)}


def get_rules(name: str) -> RuleSet:
    try:
        return VARIANTS[name]
    except KeyError:
        names = ", ".join(sorted(VARIANTS))
        raise KeyError(f"unknown variant {name!r}; known variants: {names}") from None
