"""The strong level's budget (canasta/ai/search.py): a number of play-outs, and where a
round runs long (`search.long_round`: every player has a packet dealt face down, or nobody
goes out) also a number of turns played by those play-outs, and in the other games with
sequences a budget of turns and searches for a way out (`search.work_budget`), so that
its decisions keep to the browser's time (p95 <= 1 s) and the choice stays
deterministic."""

from __future__ import annotations

from typing import Any

import pytest

from canasta.ai import choose_action, search
from canasta.ai.search import MAX_CANDIDATES, STATS, choose_by_search
from canasta.game.actions import action_to_json
from canasta.io.view import view_for
from canasta.play.transitions import apply, deal_round
from canasta.rules.house_rules import rules_named


def _discard_choice(variant: str, seed: int) -> dict[str, Any]:
    """The first view, in a round the normal level plays, where normal discards and
    holds at least three different cards to discard."""
    rules = rules_named(variant)
    state = deal_round(rules, seed, 1, 0, (0,) * rules.teams)
    step = 0
    while not state.round_over:
        view = view_for(state, state.to_act)
        choice = choose_action(view, "normal", step)
        discards = {a["card"] for a in view["legal"] if a["type"] == "discard"}
        if view["phase"] == "play" and action_to_json(choice)["type"] == "discard" and (
                len(discards) >= 3):
            return view
        state = apply(state, choice)
        step += 1
    raise AssertionError("no discard choice in the round")


def _searched(view: dict[str, Any]) -> tuple[dict[str, Any], dict[str, int]]:
    before = dict(STATS)
    action = action_to_json(choose_by_search(view, 5))
    return action, {k: STATS[k] - before[k] for k in STATS}


def test_a_long_rounds_search_stops_once_its_play_outs_have_played_the_turn_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    view = _discard_choice("hand-and-foot", 3)
    _, counts = _searched(view)
    assert counts["turn_budget_stops"] == 1  # early in the round: the budget of turns
    assert MAX_CANDIDATES < counts["playouts"] < search.LONG_ROUND_PLAYOUTS
    monkeypatch.setattr(search, "LONG_ROUND_TURNS", 1)  # stop after the first sampled deal
    action, counts = _searched(view)
    assert counts["turn_budget_stops"] == 1
    assert 2 <= counts["playouts"] <= MAX_CANDIDATES
    assert _searched(view)[0] == action  # a budget of work: the same choice again
    monkeypatch.setattr(search, "LONG_ROUND_TURNS", 10**9)
    assert _searched(view)[1]["playouts"] > counts["playouts"]


def test_a_round_that_is_not_long_has_no_turn_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "LONG_ROUND_TURNS", 1)
    _, counts = _searched(_discard_choice("classic", 3))
    assert counts["turn_budget_stops"] == 0 and counts["playouts"] > MAX_CANDIDATES


def test_a_sequence_games_search_stops_at_its_budget_of_work_searches_counted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """S6's games (not long rounds): the play-outs' turns and their searches for a way
    out (`search.SEARCH_WORK` turns each) count toward `search.SEQUENCE_WORK`."""
    assert search.work_budget(rules_named("samba")) == (search.SEQUENCE_WORK,
                                                         search.SEARCH_WORK)
    assert search.work_budget(rules_named("classic")) is None
    assert search.work_budget(rules_named("escalera")) == (search.LONG_ROUND_TURNS, 0)
    view = _discard_choice("samba", 4)
    monkeypatch.setattr(search, "SEQUENCE_WORK", 10**9)
    unbounded = _searched(view)[1]
    assert unbounded["turn_budget_stops"] == 0 and unbounded["playouts"] > 100
    monkeypatch.setattr(search, "SEQUENCE_WORK", 1)  # stop after the first sampled deal
    action, counts = _searched(view)
    assert counts["turn_budget_stops"] == 1 and 2 <= counts["playouts"] <= MAX_CANDIDATES
    assert _searched(view)[0] == action  # a budget of work: the same choice again
    # A budget the turns alone fill only late: searches weighted heavily fill it at once.
    monkeypatch.setattr(search, "SEQUENCE_WORK", 2_000)
    by_turns = _searched(view)[1]["playouts"]
    monkeypatch.setattr(search, "SEARCH_WORK", 10**6)
    assert _searched(view)[1]["playouts"] < by_turns
