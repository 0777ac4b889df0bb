"""Saves replay and validate; bad positions, saves and actions give clear errors."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import canasta as C
from tests.engine.helpers import position

ROOT = Path(__file__).resolve().parents[2]


def _played(seed: int, steps: int) -> C.State:
    rng = random.Random(seed)
    state = C.new_game("classic", seed)
    for _ in range(steps):
        if state.round_over:
            break
        state = C.apply(state, rng.choice(C.legal_actions(state)))
    return state


def test_a_save_is_rules_seed_actions_and_a_schema_and_round_trips() -> None:
    state = _played(3, 60)
    data = json.loads(json.dumps(C.to_json(state)))
    assert data["schema"] == C.SCHEMA and data["seed"] == 3 and data["variant"] == "classic"
    assert len(data["actions"]) == 60
    loaded = C.from_json(data)
    assert loaded.hands == state.hands and loaded.phase == state.phase
    assert C.view_for(loaded, 0) == C.view_for(state, 0)


def test_a_position_game_saves_its_start() -> None:
    state = C.apply(position(["5C", "5D", "5H", "9S"]), C.parse_action({"type": "draw"}))
    loaded = C.from_json(C.to_json(state))
    assert loaded.hands == state.hands


@pytest.mark.parametrize(("save", "words"), [
    ("not a dict", "JSON object"),
    ({"schema": 99}, "schema"),
    ({"schema": 1, "seed": "x"}, "seed"),
    ({"schema": 1, "seed": 1, "rules": {"bogus": 1}}, "rules"),
])
def test_a_corrupt_or_unknown_save_says_what_is_wrong(save: object, words: str) -> None:
    with pytest.raises(C.PositionError, match=words):
        C.from_json(save)


def test_a_forged_action_in_a_save_is_refused_with_its_rule() -> None:
    data = C.to_json(C.new_game("classic", 1))
    data["actions"] = [{"type": "draw"}, {"type": "meld", "cards": ["JK", "JK", "JK"]}]
    with pytest.raises(C.PositionError, match="action 2"):
        C.from_json(data)


def test_apply_refuses_a_forged_action_and_leaves_the_state_alone() -> None:
    state = C.new_game("classic", 1)
    before = C.to_json(state)
    with pytest.raises(C.IllegalAction) as err:
        C.apply(state, C.parse_action({"type": "discard", "card": "KH"}))
    assert err.value.rejection.rule == "C6"
    assert isinstance(err.value, ValueError)
    assert C.to_json(state) == before


@pytest.mark.parametrize(("data", "words"), [
    ({"type": "fly"}, "unknown action type"),
    ({"type": "meld", "cards": ["ZZ"]}, "not a card"),
    ({"type": "meld", "cards": []}, "at least one"),
    ({"type": "discard"}, "not a card"),
    ({"type": "answer", "yes": "maybe"}, "true or false"),
    ([1, 2], "JSON object"),
    ({"type": "draw", "extra": 1}, "unexpected"),
])
def test_bad_action_json_raises_action_format_error(data: object, words: str) -> None:
    with pytest.raises(C.ActionFormatError, match=words):
        C.parse_action(data)


@pytest.mark.parametrize(("data", "words"), [
    ({"variant": "nope"}, "unknown variant"),
    ({"hands": [["KD"]]}, "one entry per seat"),
    ({"hands": [["KD", "KD", "KD"], [], [], []]}, "appears 3 times"),
    ({"hands": [[], [], [], []], "melds": [[["KD", "2C", "2D"]], []]}, "invalid meld"),
    ({"hands": [[], [], [], []], "stock": []}, "exactly once"),
    ({"hands": [["XX"], [], [], []]}, "not a card"),
    ({"phase": "answer"}, "phase"),
    ({"hands": [["KD"], [], ["4C"], ["5C"]]}, r"hands\[1\] is empty"),
    ({"melds": [5, []]}, r"melds\[0\] must be a list"),
    ({"phase": "play", "hands": [["KH"], ["4S"], ["4C"], ["5C"]]}, "no legal action"),
])
def test_an_impossible_position_raises_position_error(data: dict[str, object], words: str) -> None:
    with pytest.raises(C.PositionError, match=words):
        C.load_position(data)


def test_the_same_seed_deals_the_same_cards_and_rounds_do_not_depend_on_play() -> None:
    a, b = C.new_game("classic", 5), C.new_game("classic", 5)
    assert a.hands == b.hands and a.stock == b.stock
    from canasta.play.transitions import deal_round

    second = deal_round(a.rules, 5, 2, 0, (0, 0))
    assert second.hands == deal_round(a.rules, 5, 2, 0, (900, 10)).hands


def test_the_engine_never_imports_browser_modules() -> None:
    for path in (ROOT / "canasta").rglob("*.py"):
        for line in path.read_text().splitlines():
            words = line.split()
            if words[:1] in (["import"], ["from"]) and len(words) > 1:
                module = words[1].split(".")[0]
                assert module not in ("js", "pyodide", "pyscript"), f"{path}: {line}"


@pytest.mark.parametrize(("change", "words"), [
    ({"actions": "draw"}, "no action list"),
    ({"actions": [{"type": "fly"}]}, "action 1 .*unknown action type"),
    ({"actions": [{"type": "draw"}, {"type": "discard", "card": "ZZ"}]}, "action 2"),
    ({"start": {"variant": "classic", "hands": [["KD", "KD", "KD"], [], [], []]}},
     "appears 3 times"),
    ({"rules": "classic"}, "rules"),
])
def test_a_tampered_save_names_what_is_wrong(change: dict[str, object], words: str) -> None:
    data = C.to_json(C.new_game("classic", 4))
    data.update(change)
    with pytest.raises(C.PositionError, match=words):
        C.from_json(data)


def test_a_save_with_rules_of_another_variant_than_its_start_is_refused() -> None:
    data = C.to_json(position(["5C", "5D", "5H", "9S"]))
    data["rules"] = C.get_rules("classic-2p").to_json()
    with pytest.raises(C.PositionError, match="rules"):
        C.from_json(data)


def test_a_view_is_a_copy_changing_it_changes_neither_the_state_nor_other_views() -> None:
    state = C.new_game("classic", 3)
    rng = random.Random(3)
    for _ in range(40):
        state = C.apply(state, rng.choice(C.legal_actions(state)))
    before = json.dumps([C.view_for(state, seat) for seat in range(4)])
    saved = json.dumps(C.to_json(state))

    def scribble(value: object) -> None:
        if isinstance(value, dict):
            for k in value:
                scribble(value[k])
            value["x"] = "XX"
        elif isinstance(value, list):
            for item in value:
                scribble(item)
            value.append("XX")

    for seat in range(4):
        scribble(C.view_for(state, seat))
    assert json.dumps([C.view_for(state, seat) for seat in range(4)]) == before
    assert json.dumps(C.to_json(state)) == saved
