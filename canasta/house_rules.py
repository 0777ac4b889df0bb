"""The seeds' Classic house rules as named presets (docs/variants/classic-house-rules.md):
each sets some options of a `RuleSet`, and any combination whose settings agree may be
played. The options themselves are plain `RuleSet` fields, so a game with house rules
is saved, loaded and sent to the AI by value like any other rule set."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from .errors import RuleSetError, shown
from .rules import NEG_INF, NEVER, RuleSet


class HouseRule(NamedTuple):
    id: str
    title: str
    source: str  # the seed and line (`cat -n`) it comes from
    changes: dict[str, Any]


HOUSE_RULES: dict[str, HouseRule] = {h.id: h for h in (
    HouseRule("H1", "Double end: +100 when the partner of the player going out can lay "
              "down the whole hand too", "seed 003 lines 22, 28", {"double_end_bonus": 100}),
    HouseRule("H2", "Going out in one turn needs the opening minimum only when taking "
              "the pile", "seed 003 lines 23, 29", {"concealed_needs_minimum": False}),
    HouseRule("H3", "Game to 10,000", "seed 003 line 23", {"target_score": 10_000}),
    HouseRule("H4", "Game to 7000, opening 50 / 70 / 90 / 120", "seed 003 lines 89, 91",
              {"target_score": 7000,
               "initial_meld": ((NEG_INF, 15), (0, 50), (1500, 70), (3000, 90), (5000, 120))}),
    HouseRule("H5", "Red 3s count for the side that went out and against the others",
              "seed 003 line 89", {"red_threes_by_going_out": True}),
    HouseRule("H6", "A canasta in the initial meld opens, whatever its points",
              "seed 003 line 91", {"canasta_opens_from": -NEVER}),
    HouseRule("H7", "Game to 7500; from 5000 only a canasta opens", "seed 003 line 189",
              {"target_score": 7500, "canasta_opens_from": 5000,
               "initial_meld": ((NEG_INF, 15), (0, 50), (1500, 90), (3000, 120),
                                (5000, 10_000))}),
    HouseRule("H8", "Two canastas to go out", "seed 003 line 191", {"canastas_to_go_out": 2}),
    HouseRule("H9", "Each black 3 left in hand costs 100", "seed 003 line 181",
              {"black_three_in_hand": 100}),
    HouseRule("H10", "A black 3 freezes the pile", "seed 002 line 94",
              {"black_three_freezes": True}),
    HouseRule("H11", "+100 for a canasta laid down whole", "seed 001 line 49",
              {"concealed_canasta_bonus": 100}),
    HouseRule("H12", "A canasta of seven wild cards, laid down whole (+100)",
              "seed 003 line 179", {"wild_meld_min": 7, "wild_canasta_bonus": 100}),
)}


def with_house_rules(base: RuleSet, ids: list[str] | tuple[str, ...]) -> RuleSet:
    """`base` with the house rules `ids` (in the page's order; a repeated id counts
    once). Its name lists them ("classic+H1+H5"). Refused with a RuleSetError (a
    ValueError): ids that are not a list of text, an unknown id, two house rules
    setting one option differently, or a combination the rule set itself refuses
    (H1 where every player plays alone)."""
    known = ", ".join(HOUSE_RULES)
    if not isinstance(ids, (list, tuple)) or not all(isinstance(i, str) for i in ids):
        raise RuleSetError(f"house rules must be a list of ids ({known}), not {shown(ids)}")
    chosen = sorted(set(ids), key=lambda i: (len(i), i))
    unknown = [i[:20] for i in chosen if i not in HOUSE_RULES]
    if unknown:
        raise RuleSetError(f"unknown house rule {', '.join(unknown[:4])}; known: {known}")
    changes: dict[str, Any] = {}
    setter: dict[str, str] = {}
    for i in chosen:
        for name, value in HOUSE_RULES[i].changes.items():
            if name in changes and changes[name] != value:
                raise RuleSetError(f"house rules {setter[name]} and {i} contradict each other: "
                                 f"both set {name}, to different values")
            changes[name], setter[name] = value, i
    if not chosen:
        return base
    name = "+".join((base.name, *chosen))
    title = base.title + " with house rules " + ", ".join(chosen)
    return replace(base, name=name[:60], title=title[:200], **changes)


def describe() -> list[dict[str, Any]]:
    """Each house rule for a New Game dialog: id, title, source and the options it sets."""
    return [{"id": h.id, "title": h.title, "source": h.source,
             "changes": {k: [list(r) for r in v] if isinstance(v, tuple) else v
                         for k, v in h.changes.items()}}
            for h in HOUSE_RULES.values()]
