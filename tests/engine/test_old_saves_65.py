"""Saves of every game written by the engine before issue 65's fixes (commit 4472e0a: two
rounds each of random legal play, seed 65) load unchanged: every action replays with no
refusal, and the state they reach is the one that engine reached."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import canasta as C
from tests.engine.test_old_saves import _summary

DATA: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).resolve().parent.parent / "fixtures" / "saves-before-65" / "variants.json")
    .read_text())


def test_every_game_has_a_save_from_before() -> None:
    assert sorted(DATA["saves"]) == sorted(C.VARIANTS) == sorted(DATA["expected"])


@pytest.mark.parametrize("name", sorted(DATA["saves"]))
def test_a_save_from_before_issue_65_replays_to_the_same_state(name: str) -> None:
    save = DATA["saves"][name]
    state = C.from_json(save)
    assert _summary(state) == DATA["expected"][name]
    assert C.to_json(state)["actions"] == save["actions"]
