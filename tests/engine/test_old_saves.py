"""Saves written by an earlier engine (commit 85f9cfa, before the rules fixes of issue 10
and the meld identities of issue 11) load unchanged: every action replays, and the state
they reach is the one that engine reached (`expected.json`, written by it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import canasta as C

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "saves"
EXPECTED: dict[str, dict[str, Any]] = json.loads((FIXTURES / "expected.json").read_text())


def _summary(state: C.State) -> dict[str, Any]:
    return {
        "round": state.round_no, "phase": state.phase, "to_act": state.to_act,
        "hands": [list(h) for h in state.hands],
        "melds": [[list(m.cards) for m in team] for team in state.melds],
        "pile": list(state.pile), "stock_size": len(state.stock),
        "scores": list(state.scores), "history": [list(h) for h in state.history],
    }


def test_every_fixture_has_its_expected_state() -> None:
    saves = sorted(p.name for p in FIXTURES.glob("*.json") if p.name != "expected.json")
    assert saves == sorted(EXPECTED) and len(saves) >= 5


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_an_old_save_loads_to_the_same_state(name: str) -> None:
    data = json.loads((FIXTURES / name).read_text())
    state = C.from_json(data)
    assert _summary(state) == EXPECTED[name]
    assert len(state.action_list()) == len(data["actions"])
    # And it saves again to the same actions.
    assert C.to_json(state)["actions"] == data["actions"]
