"""The worker's `assess` (static/worker.py under CPython): the table's staged cards and
the melds set aside for an initial meld, checked by the engine without being played
(issue 15's safe commitments)."""

from __future__ import annotations

import json
from typing import Any

from tests.engine.helpers import position
from tests.test_worker_phrases import load_worker

WORKER = load_worker()
RULE_TAKE = "C11"  # only cards of the top card's rank and wild cards go with it
JUNK = '{"cards": ["ZZ", "KS", "KH"]}'


def _assess(state: Any, pending: list[list[str]], cards: list[str]) -> dict[str, Any]:
    WORKER.GAME["state"] = state
    return dict(json.loads(WORKER.assess(json.dumps({"pending": pending, "cards": cards}))))


OPENING = position(["KS", "KH", "KD", "9C", "9D", "9S", "TS", "TS", "2S", "2H", "5C"],
                   phase="play")


def test_a_first_step_below_the_minimum_is_counted_not_completed() -> None:
    reply = _assess(OPENING, [], ["KS", "KH", "KD"])
    assert reply == {"error": None, "minimum": 50, "points": 30, "complete": False, "ids": [1]}


def test_set_aside_melds_and_the_staged_one_complete_the_initial_meld() -> None:
    reply = _assess(OPENING, [["KS", "KH", "KD"]], ["9C", "9D", "9S"])
    assert reply["points"] == 60 and reply["complete"] and reply["error"] is None
    assert reply["ids"] == [1, 2]
    # Wild cards put on a meld set aside, named by the id it will have.
    wild = _assess(OPENING, [["KS", "KH", "KD"]], [])
    WORKER.GAME["state"] = OPENING
    onto = json.loads(WORKER.assess(json.dumps(
        {"pending": [["KS", "KH", "KD"]], "cards": ["2S"], "onto": 1})))
    assert wild["ids"] == [1] and onto["ids"] == [1, 1] and onto["points"] == 50
    assert OPENING.turn_points == 0  # nothing was played


def test_a_staged_meld_the_engine_refuses_says_its_rule() -> None:
    # 10♠ 10♠ 2♠ 2♥ counts 90 points but is no meld: wild cards must be fewer (C17).
    reply = _assess(OPENING, [], ["TS", "TS", "2S", "2H"])
    assert reply["error"]["rule"] == "C17" and reply["error"]["cards"] == ["TS", "TS", "2S", "2H"]
    assert not reply["complete"] and reply["points"] == 0


def test_in_the_draw_phase_the_staged_cards_take_the_pile() -> None:
    state = position(["7S", "7D", "KS", "KH", "KD", "5C"], pile=["9C", "7H"],
                     melds=[[["QS", "QC", "QH"]], []])
    assert _assess(state, [], ["7S", "7D"])["error"] is None
    refused = _assess(state, [], ["KS", "KH"])
    assert refused["error"]["rule"] == RULE_TAKE


def test_nothing_to_check_when_it_is_not_the_humans_turn_or_the_request_is_junk() -> None:
    other = position(["KS", "KH", "KD"], phase="play", to_move=1)
    assert _assess(other, [], ["KS", "KH", "KD"])["points"] == 0
    WORKER.GAME["state"] = OPENING
    assert json.loads(WORKER.assess("[1, 2]"))["error"]["rule"] == "format"
    assert json.loads(WORKER.assess(JUNK))["error"]["rule"] == "format"


def test_the_hint_comes_after_the_melds_set_aside() -> None:
    WORKER.GAME["state"] = OPENING
    WORKER.GAME["level"] = "normal"
    alone = json.loads(WORKER.hint())["hint"]["action"]
    after = json.loads(WORKER.hint(json.dumps({"pending": [["KS", "KH", "KD"]]})))["hint"]
    assert after["action"]["type"] == "meld"
    assert not {"KS", "KH", "KD"} & set(after["action"]["cards"])
    # Melds the engine would refuse are ignored: the hint is then for the whole hand.
    refused = json.loads(WORKER.hint(json.dumps({"pending": [["TS", "TS", "2S", "2H"]]})))
    assert refused["hint"]["action"] == alone


def test_a_sequence_set_aside_counts_toward_the_initial_meld_and_takes_a_card() -> None:
    """S6 (Samba): the meter counts a sequence's cards; a card staged onto the sequence
    set aside joins it by the id it will have."""
    import canasta

    state = canasta.load_position({
        "variant": "samba", "to_move": 0, "phase": "play",
        "hands": [["9S", "TS", "JS", "QS", "KH", "KD", "KC", "5C", "4D"],
                  ["4C", "5C"], ["4H", "6C"], ["KH", "QC"]],
        "melds": [[], []], "pile": ["9D"], "scores": [0, 0]})
    first = _assess(state, [], ["9S", "TS", "JS"])
    assert first["error"] is None and first["points"] == 30 and first["ids"] == [1]
    WORKER.GAME["state"] = state
    onto = json.loads(WORKER.assess(json.dumps(
        {"pending": [["9S", "TS", "JS"]], "cards": ["QS"], "onto": 1})))
    assert onto["error"] is None and onto["ids"] == [1, 1] and onto["points"] == 40
    done = _assess(state, [["9S", "TS", "JS", "QS"]], ["KH", "KD", "KC"])
    assert done["points"] == 70 and done["complete"]
