"""Meld identity and kind (issue 11): every table meld has an id, stable within the
round and unique across the teams, and a kind; actions may name their target meld by
id (`onto`); positions accept melds as objects; round scores carry `extras`."""

from __future__ import annotations

import json
from typing import Any

import pytest

import canasta as C
from canasta.game.errors import ActionFormatError, PositionError
from tests.engine.helpers import act, position, rule

NINES = [["9C", "9C", "9D"]]
KINGS = [["KC", "KC", "KD", "2H"]]


def _ids(state: C.State) -> list[list[int]]:
    return [[m.id for m in team] for team in state.melds]


def test_position_melds_are_numbered_team_by_team_from_one() -> None:
    state = position(["5C", "5D", "8H", "8S"], melds=[[*NINES, ["TC", "TD", "TS"]], KINGS],
                     phase="play")
    assert _ids(state) == [[1, 2], [3]]
    view = C.view_for(state, 0)
    assert [m["id"] for m in view["melds"][0]] == [1, 2]
    assert view["melds"][1][0] == {"id": 3, "kind": "group", "rank": "K",
                                   "cards": ["KD", "KC", "KC", "2H"], "canasta": None,
                                   "canasta_kind": None}


def test_a_new_meld_takes_the_next_id_and_a_lay_off_keeps_its_meld_id() -> None:
    state = position(["5C", "5D", "5H", "9H", "8H", "8S"], melds=[NINES, KINGS], phase="play")
    state = C.apply(state, act({"type": "meld", "cards": ["5C", "5D", "5H"]}))
    assert _ids(state) == [[1, 3], [2]]  # a meld started now: one more than any on the table
    state = C.apply(state, act({"type": "meld", "cards": ["9H"]}))
    assert _ids(state) == [[1, 3], [2]]
    assert state.melds[0][0].cards.count("9H") == 1


def test_onto_names_the_target_meld_of_a_lay_off() -> None:
    state = position(["2D", "9H", "8H", "8S", "4C"], melds=[NINES, KINGS], phase="play")
    by_id = C.apply(state, act({"type": "meld", "cards": ["2D"], "onto": 1}))
    by_rank = C.apply(state, act({"type": "meld", "cards": ["2D"], "rank": "9"}))
    assert by_id.melds == by_rank.melds
    assert rule(state, act({"type": "meld", "cards": ["9H"], "onto": 1})) is None


@pytest.mark.parametrize(("data", "rule_id", "words"), [
    ({"type": "meld", "cards": ["2D"], "onto": 2}, "C18", "opponents"),
    ({"type": "meld", "cards": ["2D"], "onto": 7}, "C18", "no meld 7"),
    ({"type": "meld", "cards": ["9H"], "onto": 2}, "C18", "opponents"),
    ({"type": "meld", "cards": ["2D"], "rank": "K", "onto": 1}, "C18", "holds 9s"),
])
def test_onto_refuses_a_meld_of_the_opponents_an_unknown_id_or_another_rank(
    data: dict[str, Any], rule_id: str, words: str
) -> None:
    state = position(["2D", "9H", "8H", "8S", "4C"], melds=[NINES, KINGS], phase="play")
    refusal = C.check(state, act(data))
    assert refusal is not None and refusal.rule == rule_id
    assert words in refusal.message


def test_the_pile_can_be_taken_onto_a_meld_named_by_id() -> None:
    state = position(["9H", "4C", "5D"], melds=[NINES, KINGS], pile=["7C", "9S"])
    assert rule(state, act({"type": "take_pile", "cards": [], "onto": 1})) is None
    taken = C.apply(state, act({"type": "take_pile", "cards": [], "onto": 1}))
    assert "9S" in taken.melds[0][0].cards
    assert rule(state, act({"type": "take_pile", "cards": [], "onto": 2})) == "C18"
    other = position(["9H", "4C", "5D"], melds=[[*NINES, ["TC", "TD", "TS"]], KINGS],
                     pile=["7C", "9S"])
    assert rule(other, act({"type": "take_pile", "cards": [], "onto": 2})) == "C11"


def test_onto_round_trips_through_json_and_is_left_out_when_not_given() -> None:
    for data in ({"type": "meld", "cards": ["2D"], "onto": 3},
                 {"type": "take_pile", "cards": ["9C", "9C"], "onto": 1}):
        assert C.action_to_json(C.parse_action(data)) == data
    assert "onto" not in C.action_to_json(C.parse_action({"type": "meld", "cards": ["9C"]}))


@pytest.mark.parametrize("onto", [0, -1, "1", True, 1.5])
def test_a_bad_onto_is_an_action_format_error(onto: object) -> None:
    with pytest.raises(ActionFormatError, match="onto"):
        C.parse_action({"type": "meld", "cards": ["2D"], "onto": onto})


def _load(melds: list[list[Any]]) -> C.State:
    return C.load_position({"variant": "classic", "phase": "play", "melds": melds,
                            "hands": [["5C", "5D", "8H"], ["JS", "JS", "7H"], ["JH", "JH", "7D"],
                                      ["JC", "JC", "7S"]]}, seed=1)


def test_position_melds_may_be_objects_that_keep_their_ids() -> None:
    state = _load([[{"id": 5, "kind": "group", "cards": ["9C", "9C", "9D"]}, ["TC", "TD", "TS"]],
                   [{"cards": ["KC", "KC", "KD"]}]])
    assert _ids(state) == [[5, 1], [2]]
    again = C.from_json(json.loads(json.dumps(C.to_json(state))))
    assert _ids(again) == [[5, 1], [2]]


@pytest.mark.parametrize(("melds", "words"), [
    ([[{"id": 2, "cards": ["9C", "9C", "9D"]}], [{"id": 2, "cards": ["KC", "KC", "KD"]}]],
     "same id"),
    ([[{"kind": "sequence", "cards": ["9C", "9C", "9D"]}], []], "kind"),
    ([[{"id": 0, "cards": ["9C", "9C", "9D"]}], []], "whole number"),
    ([[{"cards": ["9C", "9C", "9D"], "colour": "red"}], []], "unknown meld field"),
])
def test_a_bad_meld_object_in_a_position_is_refused(melds: list[list[Any]], words: str) -> None:
    with pytest.raises(PositionError, match=words):
        _load(melds)


def test_ids_survive_a_save_made_after_melds_of_both_teams() -> None:
    state = C.new_game("classic", 3)
    import random

    rng = random.Random(3)
    while sum(map(len, state.melds)) < 3 and not state.round_over:
        state = C.apply(state, rng.choice(C.legal_actions(state)))
    loaded = C.from_json(json.loads(json.dumps(C.to_json(state))))
    assert _ids(loaded) == _ids(state)
    assert sorted(i for team in _ids(state) for i in team) == list(range(1, 4))


def test_black_threes_are_a_meld_of_their_own_kind() -> None:
    state = position(["3S", "3S", "3C"], melds=[[["QH", "QH", "QD", "QD", "QC", "QC", "QS"]], []],
                     phase="play")
    done = C.apply(state, act({"type": "meld", "cards": ["3S", "3S", "3C"]}))
    kinds = [(m["kind"], m["canasta_kind"]) for m in C.view_for(done, 0)["melds"][0]]
    assert kinds == [("group", "natural"), ("black_threes", None)]


def test_a_round_score_has_extras_counted_in_its_total() -> None:
    state = position(["3S", "3S", "3C"], melds=[[["QH", "QH", "QD", "QD", "QC", "QC", "QS"]], []],
                     phase="play")
    done = C.apply(state, act({"type": "meld", "cards": ["3S", "3S", "3C"]}))
    for row in C.round_score(done):
        assert row["extras"] == {}
        parts = ("melded_cards", "canasta_bonus", "red_threes", "going_out", "hand_penalty")
        assert row["total"] == sum(row[p] for p in parts) + sum(row["extras"].values())
