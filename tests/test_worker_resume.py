"""The worker's `resume` (static/worker.py under CPython): any save it cannot play is a
refusal with a sentence, never an exception, and the game it held is kept (issue 16)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import canasta
from tests.test_i18n import KEYS, _keys_of
from tests.test_worker_phrases import load_worker

WORKER = load_worker()


def page_save(state: canasta.State, level: str = "normal") -> dict[str, Any]:
    return {"schema": WORKER.SAVE_SCHEMA, "engine": canasta.to_json(state), "level": level,
            "view": canasta.view_for(state, 0)}


def rules(field: str, value: Any) -> Callable[[dict[str, Any]], str]:
    def tamper(save: dict[str, Any]) -> str:
        save["engine"]["rules"][field] = value
        return json.dumps(save)
    return tamper


def _infinite(save: dict[str, Any]) -> str:
    return json.dumps(save).replace("[-1000000000, 15]", "[1e400, 15]")


def _forged_action(save: dict[str, Any]) -> str:
    save["engine"]["actions"] = [{"type": "discard", "card": "ZZ"}]
    return json.dumps(save)


def _no_engine(save: dict[str, Any]) -> str:
    del save["engine"]
    return json.dumps(save)


TAMPERED: dict[str, Callable[[dict[str, Any]], str]] = {
    "teams 0": rules("teams", 0),
    "players 0": rules("players", 0),
    "players '4'": rules("players", "4"),
    "decks 0": rules("decks", 0),
    "hand_size 100": rules("hand_size", 100),
    "max_wilds 10^8": rules("max_wilds", 100_000_000),
    "jokers_per_deck 10^8": rules("jokers_per_deck", 100_000_000),
    "initial_meld 1e400": _infinite,
    "a forged action": _forged_action,
    "no engine part": _no_engine,
    "not JSON": lambda save: "{not json",
    "not an object": lambda save: "[]",
    "an unknown schema": lambda save: json.dumps({**save, "schema": "canasta-table/0"}),
    "an unknown rule option": rules("bogus_option", 1),
    "contradicting options": rules("teams", 4),
}
# What a defect says (an exception the engine does not raise for bad input): never the
# reason for a damaged save.
DEFECT = "the engine failed on it ({error})"


@pytest.mark.parametrize("tamper", list(TAMPERED))
def test_a_save_the_engine_cannot_play_is_refused_and_the_game_kept(tamper: str) -> None:
    playing = canasta.apply(canasta.new_game("classic", 2), canasta.parse_action({"type": "draw"}))
    WORKER.GAME["state"], WORKER.GAME["level"] = playing, "easy"
    text = TAMPERED[tamper](page_save(canasta.new_game("classic", 1)))
    reply = json.loads(WORKER.resume(text))
    assert "view" not in reply
    assert reply["error"]["rule"] == "save"
    assert reply["error"]["message"].startswith("The saved game cannot be loaded: ")
    assert len(reply["error"]["message"]) < 400
    assert WORKER.GAME["state"] is playing and WORKER.GAME["level"] == "easy"
    # Why, as a phrase of its own that the table says in the player's language (issue 18):
    # every template in it is a key the catalogues translate, none is English made in code.
    why = reply["error"]["params"]["why"]
    assert isinstance(why, dict) and why["key"] != DEFECT, why
    assert all(k in KEYS for k in _keys_of(reply["error"])), reply["error"]


def test_a_good_save_resumes_at_its_move_and_an_unknown_level_plays_normal() -> None:
    state = canasta.apply(canasta.new_game("classic", 1), canasta.parse_action({"type": "draw"}))
    reply = json.loads(WORKER.resume(json.dumps(page_save(state, "bogus"))))
    assert reply["error"] is None
    assert reply["view"]["hand"] == canasta.view_for(state, 0)["hand"]
    saved = json.loads(reply["save_text"])
    assert saved["engine"] == canasta.to_json(state)
    assert saved["level"] == "normal" and WORKER.GAME["level"] == "normal"
    assert reply["save_facts"] == {"seed": state.seed, "position": False,
                                   "moves": len(saved["engine"]["actions"]),
                                   "level": "normal", "variant": saved["engine"].get("variant")}
    assert json.loads(WORKER.resume(reply["save_text"]))["save_text"] == reply["save_text"]


def test_the_page_stores_the_save_text_and_lists_it_from_the_facts() -> None:
    """The page writes the worker's save_text as it is, its id put in, and makes the
    games list's summary from save_facts and the view without parsing the save: both
    as the save itself says (static/ui/ui_saves.write, ui_save_check.summary_of)."""
    from static.ui import ui_save_check as check

    state = canasta.new_game("samba", 5)
    for _ in range(3):
        state = canasta.apply(state, canasta.legal_actions(state)[0])
    reply = json.loads(WORKER.resume(json.dumps(page_save(state, "strong"))))
    text = reply["save_text"]
    stored = json.loads('{"id": ' + json.dumps("g1-2") + ", " + text[1:])
    assert stored == {**json.loads(text), "id": "g1-2"}
    when = "2026-01-02T03:04:05.678Z"
    assert check.summary_of(reply["view"], reply["save_facts"], "g1-2", when) == check.summary(
        stored, "g1-2", when)
    assert check.summary(stored, "g1-2", when)["moves"] == 3
