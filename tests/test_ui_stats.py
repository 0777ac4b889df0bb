"""The table's statistics bookkeeping (static/ui/ui_stats.py, shipped to MicroPython), run
under CPython on real round_over/game_over views of the engine."""

from __future__ import annotations

import json
from typing import Any

import pytest

from static.ui import ui_stats
from tests.games import easy_game


def _game_ends(seed: int) -> list[dict[str, Any]]:
    """Every round_over view (and the final game_over view) of seat 0 in an easy game."""
    return easy_game(seed)[1]


@pytest.fixture(scope="module")
def won_game() -> list[dict[str, Any]]:
    for seed in range(1, 40):
        ends = _game_ends(seed)
        totals = ends[-1]["totals"]
        if totals[0] > totals[1]:
            return ends
    raise AssertionError("no won game among 40 seeds")


@pytest.fixture(scope="module")
def lost_game() -> list[dict[str, Any]]:
    for seed in range(1, 40):
        ends = _game_ends(seed)
        totals = ends[-1]["totals"]
        if totals[0] < totals[1]:
            return ends
    raise AssertionError("no lost game among 40 seeds")


def _play(stats: dict[str, Any], ends: list[dict[str, Any]], seed: int, level: str) -> None:
    ui_stats.record_start(stats, seed, ends[0]["variant"], level)
    for view in ends:
        assert ui_stats.record_view(stats, view, seed)


def test_each_round_and_the_game_are_counted_once(won_game: list[dict[str, Any]]) -> None:
    stats = ui_stats.fresh()
    _play(stats, won_game, 5, "normal")
    # Showing the same score sheets again (a reload) changes nothing.
    before = json.dumps(stats, sort_keys=True)
    for view in won_game:
        assert not ui_stats.record_view(stats, view, 5)
    assert json.dumps(stats, sort_keys=True) == before
    final = won_game[-1]
    rounds = [v["round_score"] for v in won_game]
    for bucket in ("normal", "all"):
        b = stats["levels"][bucket]
        assert b["games_started"] == b["games_finished"] == b["games_won"] == 1
        assert b["rounds_played"] == len(won_game) == final["round"]
        assert b["rounds_won"] == sum(r[0]["total"] > r[1]["total"] for r in rounds)
        assert b["best_round"] == max(r[0]["total"] for r in rounds)
        assert b["best_game"] == final["totals"][0]
        assert b["went_out"] == sum(v["went_out"] == 0 for v in won_game)
        assert b["streak"] == b["best_streak"] == 1
    assert stats["levels"]["easy"] == ui_stats.empty_bucket()
    assert stats["game"]["over"] is True


def test_streaks_and_win_rate_per_level(won_game: list[dict[str, Any]],
                                        lost_game: list[dict[str, Any]]) -> None:
    stats = ui_stats.fresh()
    for ends, level in ((won_game, "easy"), (won_game, "strong"), (lost_game, "easy"),
                        (won_game, "easy")):
        _play(stats, ends, 1, level)
    easy, strong, every = (stats["levels"][n] for n in ("easy", "strong", "all"))
    assert (easy["games_won"], easy["games_finished"], easy["streak"], easy["best_streak"]) == (
        2, 3, 1, 1)
    assert (strong["games_won"], strong["streak"]) == (1, 1)
    assert (every["games_won"], every["games_finished"], every["streak"], every["best_streak"]) \
        == (3, 4, 1, 2)
    rows = {key: values for key, _, values in ui_stats.table_rows(stats)}
    assert rows["win_rate"] == ["67 %", "–", "100 %", "75 %"]
    assert rows["games_started"] == ["3", "0", "1", "4"]


def test_unstarted_other_and_position_games_are_not_counted(
        won_game: list[dict[str, Any]]) -> None:
    stats = ui_stats.fresh()
    assert not ui_stats.record_view(stats, won_game[0], 5)  # no game was started here
    ui_stats.record_start(stats, 5, "classic", "easy")
    assert not ui_stats.record_view(stats, won_game[0], 6)  # another seed
    assert not ui_stats.record_view(stats, won_game[0], None)  # set up from a position
    other = dict(won_game[0], variant="classic-2p")
    assert not ui_stats.record_view(stats, other, 5)
    playing = dict(won_game[0], phase="play")
    assert not ui_stats.record_view(stats, playing, 5)
    assert stats["levels"]["all"]["rounds_played"] == 0


def test_unknown_level_counts_only_overall(won_game: list[dict[str, Any]]) -> None:
    stats = ui_stats.fresh()
    _play(stats, won_game, 1, "custom")
    assert stats["levels"]["all"]["games_finished"] == 1
    assert all(stats["levels"][n] == ui_stats.empty_bucket() for n in ui_stats.LEVELS)


def test_round_trip_and_corrupt_entries() -> None:
    stats = ui_stats.fresh()
    ui_stats.record_start(stats, 9, "classic-3p", "strong")
    assert ui_stats.parse(json.dumps(stats)) == (stats, None)
    assert ui_stats.parse(None) == (ui_stats.fresh(), None)
    bad = [
        "{nope",
        "[]",
        json.dumps({"v": 2, "levels": {}}),
        json.dumps({"v": 1}),
        json.dumps({"v": 1, "levels": {"easy": {"games_won": "3"}}}),
        json.dumps({"v": 1, "levels": {"all": {"rounds_played": 1.5}}}),
        json.dumps({"v": 1, "levels": {"all": {"best_round": True}}}),
        json.dumps({"v": 1, "levels": {}, "game": {"seed": 1}}),
        json.dumps({"v": 1, "levels": {}, "variants": []}),
        json.dumps({"v": 1, "levels": {}, "variants": {"classic": {"games_won": -1}}}),
    ]
    for text in bad:
        fresh, problem = ui_stats.parse(text)
        assert fresh == ui_stats.fresh() and problem, text


def test_figures_per_game_variant(won_game: list[dict[str, Any]],
                                  lost_game: list[dict[str, Any]]) -> None:
    stats = ui_stats.fresh()
    _play(stats, won_game, 1, "easy")
    _play(stats, lost_game, 2, "strong")
    ui_stats.record_start(stats, 9, "classic-3p", "normal")
    classic = stats["variants"]["classic"]
    assert (classic["games_started"], classic["games_finished"], classic["games_won"]) == (2, 2, 1)
    assert classic["rounds_played"] == stats["levels"]["all"]["rounds_played"]
    assert classic["best_game"] == won_game[-1]["totals"][0]
    assert stats["variants"]["classic-3p"]["games_started"] == 1
    rows = dict(ui_stats.variant_rows(stats))
    assert list(rows) == ["classic", "classic-3p"]
    assert rows["classic"][:4] == ["2", "2", "1", "50 %"]
    assert rows["classic-3p"][:4] == ["1", "0", "0", "–"]
    assert ui_stats.parse(json.dumps(stats)) == (stats, None)


def test_a_record_written_before_variants_still_reads() -> None:
    old = ui_stats.fresh()
    del old["variants"]
    old["levels"]["all"]["games_started"] = 4
    stats, problem = ui_stats.parse(json.dumps(old))
    assert problem is None
    assert stats["variants"] == {} and stats["levels"]["all"]["games_started"] == 4
