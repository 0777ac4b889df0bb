"""Who sits at the table each round when more people play than there are seats:
Classic Canasta for five (docs/variants/classic-5p.md, P1-P5; seed 003 line 43), three
against two, four at the table and the third member of the larger team waiting.

People are numbered like seats: person p plays for team p % teams (for five: persons
0, 2, 4 are one team, 1 and 3 the other). `RuleSet.roster` gives each team's number of
people; each round every team sends `players // teams` of them to the table, the
others wait, in turn (P2). The seating depends only on the rule set and the round's
number, so a save (seed and actions) replays it exactly. Person 0 — the player at the
table's bottom in the app — always takes seat 0 when playing."""

from __future__ import annotations

from typing import Any

from canasta.rules.ruleset import RuleSet

WATCHING = "watching"


def people(rules: RuleSet) -> int:
    return sum(rules.roster) if rules.roster else rules.players


def members(rules: RuleSet, team: int) -> list[int]:
    """The people of `team`, in order."""
    count = rules.roster[team] if rules.roster else rules.players // rules.teams
    return [team + rules.teams * k for k in range(count)]


def playing(rules: RuleSet, round_no: int, team: int) -> list[int]:
    """P2: the people of `team` at the table in round `round_no` (from 1), lowest
    first; the team's waiting members take their turn one round after another."""
    team_members = members(rules, team)
    n = len(team_members)
    seats = rules.players // rules.teams
    start = (round_no - 1) * (n - seats)
    return sorted(team_members[(start + k) % n] for k in range(seats))


def seating(rules: RuleSet, round_no: int) -> tuple[int, ...]:
    """The person at each seat in round `round_no`: seat s plays for team s % teams."""
    at_table = [playing(rules, round_no, t) for t in range(rules.teams)]
    return tuple(at_table[s % rules.teams][s // rules.teams] for s in range(rules.players))


def waiting(rules: RuleSet, round_no: int) -> tuple[int, ...]:
    """P2, P3: the people who sit out round `round_no` (none without a roster)."""
    seated = set(seating(rules, round_no))
    return tuple(p for p in range(people(rules)) if p not in seated)


def seat_of(rules: RuleSet, round_no: int, person: int) -> int | None:
    """The seat of `person` in round `round_no`, or None while they wait."""
    seats = seating(rules, round_no)
    return seats.index(person) if person in seats else None


def roster_view(rules: RuleSet, round_no: int) -> dict[str, Any]:
    """The view's additive roster fields: the person at each seat and who waits."""
    return {"seated": list(seating(rules, round_no)), "waiting": list(waiting(rules, round_no))}


def public_view(view: dict[str, Any]) -> dict[str, Any]:
    """P3: what a waiting person sees — the view of a seat with its hand and its
    choices taken out (the public table only), marked `watching`."""
    out = dict(view)
    out["hand"] = []
    out["legal"] = []
    out[WATCHING] = True
    return out
