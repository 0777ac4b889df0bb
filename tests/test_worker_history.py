"""The worker's history of the game (static/worker.py under CPython, issue 15): each
reply brings the lines the page lacks; a resumed game rebuilds the same history from
its save; pickups say what they brought; red 3s laid down are logged; earlier rounds
are kept."""

from __future__ import annotations

import json
from typing import Any

import canasta
from canasta.ai import choose_action
from tests.test_worker_phrases import load_worker

WORKER = load_worker()


def _play(replies: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """A game of seed 5 played by replies of the worker; the page's copy of the round's
    history, built as the table builds it, and the last reply."""
    reply = json.loads(WORKER.new_game(json.dumps({"variant": "classic", "seed": 5,
                                                   "level": "easy"})))
    lines: list[dict[str, Any]] = list(reply["history"]["lines"])
    for _ in range(replies):
        state = WORKER.GAME["state"]
        if state.round_over:
            reply = json.loads(WORKER.act(json.dumps({"type": "next_round"})))
        elif state.to_act == 0:
            view = canasta.view_for(state, 0)
            action = canasta.action_to_json(choose_action(view, "easy", len(lines)))
            reply = json.loads(WORKER.act(json.dumps(action)))
        else:
            reply = json.loads(WORKER.ai_step())
        history = reply["history"]
        if history["from"] == 0:
            lines = list(history["lines"])
        else:
            assert history["from"] == len(lines)  # exactly the lines the page lacks
            lines += history["lines"]
    return lines, reply


def test_replies_bring_the_round_and_a_resume_rebuilds_it() -> None:
    lines, reply = _play(400)
    state = WORKER.GAME["state"]
    assert state.round_no >= 3
    # Each line: who and what; a move's line also its kind and card (the table flies it
    # from the seat, issue 15), an event's line (red 3s, a reserve) only who and what.
    assert len(lines) >= 20 and all(
        {"seat", "text", "key", "params"} <= set(line)
        <= {"seat", "text", "key", "params", "move", "card"} for line in lines)
    assert any(line.get("move") == "discard" and line.get("card") for line in lines)
    resumed = json.loads(WORKER.resume(reply["save_text"]))
    assert resumed["history"] == {"round": state.round_no, "from": 0, "lines": lines}
    past = json.loads(WORKER.past_rounds())["rounds"]
    assert [r["round"] for r in past] == list(range(1, state.round_no))


def test_pickups_say_what_they_brought_and_red_threes_are_logged() -> None:
    _play(400)
    every = [line["text"] for r in json.loads(WORKER.past_rounds())["rounds"]
             for line in r["lines"]]
    assert any(t.startswith("took the pile with") and "more card" in t for t in every)
    assert any(t.startswith("laid down 3") and t.endswith("and drew again") for t in every)
    assert sum(t == "drew from the stock" for t in every) > 10


def test_a_failed_resume_keeps_the_game_and_its_history() -> None:
    lines, _ = _play(30)
    refused = json.loads(WORKER.resume('{"schema": "nope"}'))
    assert refused["error"]["rule"] == "save"
    again = json.loads(WORKER.ai_step() if WORKER.GAME["state"].to_act else
                       WORKER.act(json.dumps({"type": "draw"})))
    assert again["history"]["from"] == 0 and again["history"]["lines"][:len(lines)] == lines


def _round_through_worker(variant: str, seed: int) -> list[str]:
    """A round of `variant` played through the worker (the human's seat by the easy
    level): every history line its replies brought, in order."""
    reply = json.loads(WORKER.new_game(json.dumps({"variant": variant, "seed": seed,
                                                   "level": "easy"})))
    texts = [line["text"] for line in reply["history"]["lines"]]
    for step in range(3000):
        state = WORKER.GAME["state"]
        if state.round_over:
            break
        if state.to_act == 0:
            view = canasta.view_for(state, 0)
            action = canasta.action_to_json(choose_action(view, "easy", step))
            reply = json.loads(WORKER.act(json.dumps(action)))
        else:
            reply = json.loads(WORKER.ai_step())
        texts += [line["text"] for line in reply["history"]["lines"]]
    return texts


def test_black_threes_set_aside_are_logged() -> None:
    """Cuban (K10): a pickup whose pile held black 3s says they were set aside."""
    texts = _round_through_worker("cuban", 2)
    aside = sum(map(len, WORKER.GAME["state"].black_threes_aside))
    assert aside
    logged = [t for t in texts if t.startswith("set aside 3") and t.endswith("from the pile")]
    assert sum(t.count("3") for t in logged) == aside


def test_the_mexicana_reserve_is_logged() -> None:
    """Mexicana (M3): each side's initial meld brings 13 stock cards, and the history
    says so once per side."""
    texts = _round_through_worker("mexicana", 4)
    taken = [e for e in WORKER.GAME["state"].log_list() if e.get("event") == "reserve"]
    assert taken
    assert sum(t.startswith("took ") and t.endswith(" from the stock") for t in texts) == len(
        taken)
