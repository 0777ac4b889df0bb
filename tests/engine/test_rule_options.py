"""The rule-set options description (issue 11): every option has a group, type,
range and meaning; every rule set is validated against it, by value and from JSON,
and contradictory combinations are refused with a clear message."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import canasta as C
from canasta.rules.options import OPTIONS, problems


def test_every_option_is_described_once_with_its_default() -> None:
    names = [f.name for f in dataclasses.fields(C.RuleSet)]
    assert sorted(OPTIONS) == sorted(names)
    for variant in C.VARIANTS.values():
        described = C.describe_options(variant)
        assert [d["name"] for d in described] == names
        assert {d["name"]: d["default"] for d in described} == variant.to_json()
        for d in described:
            assert d["group"] and d["text"] and d["type"] in ("int", "bool", "str", "table", "list",
                                                             "ids", "choice")
            if d["type"] == "int":
                assert d["min"] <= d["default"] <= d["max"]
            if d["type"] == "choice":
                assert d["default"] in d["choices"]


@pytest.mark.parametrize("variant", sorted(C.VARIANTS))
def test_every_registered_variant_is_valid(variant: str) -> None:
    assert problems(C.get_rules(variant)) == []


@pytest.mark.parametrize(("change", "words"), [
    ({"players": 7}, "players must be from 2 to 6"),
    ({"decks": "2"}, "decks must be a whole number"),
    ({"decks": True}, "decks must be a whole number"),
    ({"black_three_freezes": 1}, "black_three_freezes must be true or false"),
    ({"hand_size": 0}, "hand_size must be from 1"),
    ({"initial_meld": [[0, 50], [0, 90]]}, "go up by score"),
    ({"initial_meld": []}, "non-empty"),
    ({"initial_meld": [[0, "50"]]}, "pairs"),
    ({"players": 5}, "cannot sit in 2 equal teams"),
    ({"players": 2, "teams": 2}, "ask_permission needs partnerships"),
    ({"canasta_size": 3, "min_meld": 4}, "min_meld must be from 3 to 3"),
    ({"hand_size": 20, "players": 6, "teams": 2}, "leave no stock"),
    ({"rule_ids": [["C30", "30"]]}, "pairs of rule ids"),
    ({"rule_ids": [["C30"]]}, "pairs of rule ids"),
    ({"rule_ids": "C30=D4"}, "rule_ids must be a list of pairs of rule ids"),
    ({"rule_ids": [["C30", "D4"], ["C30", "H8"]]}, "two replacements"),
    ({"final_discard": "sometimes"}, "final_discard must be one of optional, required, forbidden"),
    ({"must_ask": True, "players": 2, "teams": 2, "ask_permission": False},
     "must_ask needs ask_permission"),
])
def test_a_bad_or_contradictory_rule_set_is_refused_with_a_reason(
    change: dict[str, Any], words: str
) -> None:
    data = {**C.CLASSIC.to_json(), **change}
    with pytest.raises(ValueError, match=words):
        C.RuleSet.from_json(data)


def test_a_bad_rule_set_cannot_be_built_by_value_either() -> None:
    with pytest.raises(ValueError, match="target_score"):
        dataclasses.replace(C.CLASSIC, target_score=-5)


def test_a_save_with_invalid_rules_is_refused_and_says_why() -> None:
    data = C.to_json(C.new_game("classic", 1))
    data["rules"]["max_wilds"] = 99
    with pytest.raises(C.PositionError, match="max_wilds must be from 0 to 8"):
        C.from_json(data)


def test_rule_ids_travel_by_value_and_default_to_none() -> None:
    assert C.CLASSIC.rule_ids == () and C.CLASSIC.cite("C30") == "C30"
    two = C.get_rules("classic-2p")
    assert two.cite("C30") == "D4" and two.cite("C14") == "C14"
    again = C.RuleSet.from_json(two.to_json())
    assert again == two and again.cite("C31") == "D4"
    # A form without the key (a save of an earlier version) keeps citing Classic's ids.
    old = two.to_json()
    del old["rule_ids"]
    assert C.RuleSet.from_json(old).cite("C30") == "C30"


def test_every_option_but_the_names_says_which_rule_it_sets() -> None:
    from canasta.rules.options import rule_of

    assert rule_of("canastas_to_go_out") == "C30" and rule_of("wild_meld_min") == "F1"
    assert [n for n in OPTIONS if rule_of(n) is None] == ["name", "title", "rule_ids"]


def test_rule_set_fields_are_grouped_in_the_source_as_the_options_group_them() -> None:
    """canasta/rules/fields.py groups RuleSet's fields under comments named after the groups of
    rules.options.OPTIONS (docs/ENGINE.md, "Rules as data"): each field sits under its
    own group's comment."""
    import inspect
    import re

    groups = {o.group for o in OPTIONS.values()}
    header = re.compile(r"^    # (" + "|".join(sorted(groups, key=len, reverse=True))
                        + r")\b", re.I)
    field = re.compile(r"^    (\w+): ")
    current = None
    seen = []
    from canasta.rules.fields import RuleFields

    for line in inspect.getsource(RuleFields).splitlines():
        if (found := header.match(line)) is not None:
            current = found.group(1).lower()
        elif (found := field.match(line)) is not None:
            seen.append(found.group(1))
            assert current == OPTIONS[found.group(1)].group, (found.group(1), current)
    assert sorted(seen) == sorted(OPTIONS)
