"""The rule-set options description (issue 11): every option has a group, type,
range and meaning; every rule set is validated against it, by value and from JSON,
and contradictory combinations are refused with a clear message."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import canasta as C
from canasta.rule_options import OPTIONS, problems


def test_every_option_is_described_once_with_its_default() -> None:
    names = [f.name for f in dataclasses.fields(C.RuleSet)]
    assert sorted(OPTIONS) == sorted(names)
    for variant in C.VARIANTS.values():
        described = C.describe_options(variant)
        assert [d["name"] for d in described] == names
        assert {d["name"]: d["default"] for d in described} == variant.to_json()
        for d in described:
            assert d["group"] and d["text"] and d["type"] in ("int", "bool", "str", "table", "list")
            if d["type"] == "int":
                assert d["min"] <= d["default"] <= d["max"]


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
