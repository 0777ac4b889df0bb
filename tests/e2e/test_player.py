"""The player's name and statistics on the real page: kept in localStorage, counted once."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import canasta
from static.ui import ui_stats
from tests.e2e.conftest import my_turn, open_game, play_to_score_sheet, saved_game
from tests.games import easy_game

STATS = "canasta:v1:stats"
SETTINGS = "canasta:v1:settings"


def stored(page: Page, key: str) -> Any:
    text = page.evaluate("(k) => localStorage.getItem(k)", key)
    return None if text is None else json.loads(text)


def put(page: Page, key: str, value: str) -> None:
    """Store a value for the game's origin (from the light rules page: no engine boot)."""
    if not page.url.startswith("http"):
        page.goto("/rules.html")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])


def resumed(page: Page) -> None:
    """Reload the page and wait until the engine has resumed the saved game."""
    page.goto("/?fast=1")
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    page.wait_for_function("performance.getEntriesByName('resumed').length > 0")


def stat(page: Page, key: str, bucket: str) -> str:
    return page.get_by_test_id(f"stat-{key}-{bucket}").inner_text()


def test_name_is_set_shown_at_the_table_and_kept_after_reload(page: Page) -> None:
    open_game(page, "fast=1")
    name = page.get_by_test_id("player-name")
    expect(name).to_have_value("You")
    name.fill("  <i>Ann</i>  ")
    page.get_by_test_id("opt-seed").fill("1")
    page.get_by_test_id("start-game").click()
    my_turn(page)
    me = page.get_by_test_id("seat-0-name")
    expect(me).to_have_text("<i>Ann</i>")  # shown as text, never as markup
    assert page.locator("[data-testid=seat-0-name] i").count() == 0
    expect(page.get_by_test_id("banner")).to_contain_text("<i>Ann</i>, your turn: draw")
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("log")).to_contain_text("<i>Ann</i> drew from the stock")
    assert stored(page, SETTINGS)["name"] == "<i>Ann</i>"
    # The engine save knows nothing of the name: its format is unchanged.
    save = saved_game(page)
    assert set(save) == {"schema", "engine", "level", "view", "id"}
    page.goto("/?fast=1")
    expect(me).to_have_text("<i>Ann</i>")
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    page.get_by_test_id("menu-button").click()
    expect(page.get_by_test_id("player-name")).to_have_value("<i>Ann</i>")


def test_name_is_trimmed_limited_and_shown_in_the_scores(page: Page) -> None:
    put(page, SETTINGS, json.dumps({"coach": False, "name": "  Abcdefghij \n klmnopqrstuvwxyz "}))
    open_game(page, "seed=2&fast=1&variant=classic-2p")
    my_turn(page)
    expect(page.get_by_test_id("score-0")).to_contain_text("Abcdefghij klmnopqrs")
    expect(page.get_by_test_id("score-0")).not_to_contain_text("klmnopqrst")
    expect(page.get_by_test_id("history")).to_contain_text("Abcdefghij klmnopqrs")
    expect(page.get_by_test_id("coach")).to_be_empty()  # the other setting is kept too
    # A blank name falls back to "You".
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("player-name").fill("   ")
    page.get_by_test_id("player-name").press("Tab")
    expect(page.get_by_test_id("player-name")).to_have_value("You")
    page.get_by_test_id("close-dialog").click()
    expect(page.get_by_test_id("score-0")).to_contain_text("You")
    assert stored(page, SETTINGS) == {"coach": False, "name": "You", "colours": 2, "sort": "rank"}


def test_old_coach_setting_is_still_read(page: Page) -> None:
    put(page, SETTINGS, "coach-off")
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    expect(page.get_by_test_id("coach")).to_be_empty()
    expect(page.get_by_test_id("seat-0-name")).to_have_text("You")


def test_a_finished_round_is_counted_once_even_across_a_reload(page: Page) -> None:
    open_game(page, "seed=3&fast=1&level=easy")
    play_to_score_sheet(page)
    mine = int(page.get_by_test_id("sheet-total-0").inner_text())
    theirs = int(page.get_by_test_id("sheet-total-1").inner_text())
    went_out = page.get_by_test_id("went-out")
    me_out = went_out.count() == 1 and went_out.inner_text().startswith("You went out")

    def check() -> None:
        page.get_by_test_id("sheet-stats").click()
        for bucket in ("easy", "all"):
            expect(page.get_by_test_id(f"stat-rounds_played-{bucket}")).to_have_text("1")
            assert stat(page, "games_started", bucket) == "1"
            assert stat(page, "rounds_won", bucket) == ("1" if mine > theirs else "0")
            assert stat(page, "best_round", bucket) == str(mine)
            assert stat(page, "went_out", bucket) == ("1" if me_out else "0")
            assert stat(page, "games_finished", bucket) == "0"
            assert stat(page, "win_rate", bucket) == "–"
        assert stat(page, "rounds_played", "normal") == "0"
        page.get_by_test_id("stats-close").click()
        expect(page.get_by_test_id("stats-panel")).to_have_count(0)
        data = stored(page, STATS)
        assert data["v"] == 1
        assert data["levels"]["easy"]["rounds_played"] == 1
        assert data["game"] == {"seed": 3, "variant": "classic", "level": "easy", "round": 1,
                                "over": False}

    check()
    resumed(page)  # the score sheet again, from the save
    expect(page.get_by_test_id("score-sheet")).to_be_visible()
    check()
    page.get_by_test_id("next-round").click()
    expect(page.get_by_test_id("round")).to_have_text("Round 2")
    assert stored(page, STATS)["levels"]["all"]["rounds_played"] == 1


def _last_move_of_a_game(seed: int) -> tuple[canasta.State, list[dict[str, Any]]]:
    """A whole easy game as the page plays it, which must end on an AI's move."""
    before, ends = easy_game(seed)
    assert before.to_act != 0, "the game should end on an AI's move"
    return before, ends


def test_a_finished_game_is_counted_once(page: Page) -> None:
    seed = 2
    before, ends = _last_move_of_a_game(seed)
    final = ends[-1]
    # Statistics as they stood before the last move: the game started, earlier rounds counted.
    stats = ui_stats.fresh()
    ui_stats.record_start(stats, seed, "classic", "easy")
    for view in ends[:-1]:
        assert ui_stats.record_view(stats, view, seed)
    save = {"schema": "canasta-table/1", "engine": canasta.to_json(before), "level": "easy",
            "view": canasta.view_for(before, 0)}
    put(page, "canasta:v1:current", json.dumps(save))
    put(page, STATS, json.dumps(stats))
    resumed(page)  # the AI makes the last move in the worker: game over
    expect(page.get_by_test_id("score-sheet")).to_contain_text("Game over")
    assert ui_stats.record_view(stats, final, seed)
    assert stored(page, STATS) == stats
    won = final["totals"][0] > final["totals"][1]
    expect(page.get_by_test_id("score-sheet")).to_contain_text(
        "Game over: your side wins!" if won else "Game over: they win.")
    assert stats["levels"]["easy"]["games_won"] == (1 if won else 0)
    page.get_by_test_id("sheet-stats").click()
    expect(page.get_by_test_id("stat-games_finished-easy")).to_have_text("1")
    expect(page.get_by_test_id("stat-games_finished-classic")).to_have_text("1")
    expect(page.get_by_test_id("stat-variant-classic")).to_have_text("Classic")
    assert stat(page, "games_won", "all") == ("1" if won else "0")
    assert stat(page, "win_rate", "easy") == ("100 %" if won else "0 %")
    assert stat(page, "best_game", "easy") == str(final["totals"][0])
    assert stat(page, "streak", "easy") == ("1" if won else "0")
    assert stat(page, "rounds_played", "easy") == str(len(ends))
    page.get_by_test_id("stats-close").click()
    resumed(page)
    expect(page.get_by_test_id("score-sheet")).to_contain_text("Game over")
    assert stored(page, STATS) == stats
    # From the final score sheet a new game can be set up (and is counted when dealt).
    page.get_by_test_id("new-game").click()
    expect(page.get_by_test_id("setup-dialog")).to_be_visible()
    page.get_by_test_id("start-game").click()
    my_turn(page)
    assert stored(page, STATS)["levels"]["all"]["games_started"] == 2


@pytest.mark.parametrize("bad", [
    "{not json",
    json.dumps({"v": 1, "levels": {"easy": {"games_started": -3}}}),
])
def test_corrupt_statistics_are_kept_aside_and_counting_restarts(page: Page, bad: str) -> None:
    put(page, STATS, bad)
    page.goto("/?fast=1")
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    warning = page.get_by_test_id("warning")
    expect(warning).to_contain_text("statistics could not be read")
    expect(warning).to_contain_text("kept aside")
    assert page.evaluate("localStorage.getItem('canasta:v1:stats-corrupt')") == bad
    assert stored(page, STATS) == ui_stats.fresh()
    page.get_by_test_id("setup-stats").click()
    expect(page.get_by_test_id("stat-games_started-all")).to_have_text("0")
    page.get_by_test_id("stats-close").click()
    page.get_by_test_id("opt-seed").fill("1")
    page.get_by_test_id("start-game").click()
    my_turn(page)
    assert stored(page, STATS)["levels"]["normal"]["games_started"] == 1


def test_reset_statistics_asks_first(page: Page) -> None:
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    page.get_by_test_id("stats-button").click()
    expect(page.get_by_test_id("stat-games_started-normal")).to_have_text("1")
    page.get_by_test_id("stats-reset").click()
    expect(page.get_by_test_id("stats-confirm")).to_be_visible()
    page.get_by_test_id("stats-reset-no").click()
    expect(page.get_by_test_id("stats-confirm")).to_have_count(0)
    expect(page.get_by_test_id("stat-games_started-normal")).to_have_text("1")
    page.get_by_test_id("stats-reset").click()
    page.get_by_test_id("stats-reset-yes").click()
    expect(page.get_by_test_id("stat-games_started-normal")).to_have_text("0")
    expect(page.get_by_test_id("stat-games_started-all")).to_have_text("0")
    assert stored(page, STATS) == ui_stats.fresh()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("stats-panel")).to_have_count(0)
    expect(page.get_by_test_id("hand-card")).to_have_count(11)


def test_full_storage_warns_about_statistics_and_play_goes_on(page: Page) -> None:
    page.add_init_script("""
        const real = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (key === 'canasta:v1:stats') throw new DOMException('full', 'QuotaExceededError');
            return real.call(this, key, value);
        };
    """)
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    expect(page.get_by_test_id("warning")).to_contain_text("storage is full")
    expect(page.get_by_test_id("warning")).to_contain_text("statistics")
    page.get_by_test_id("dismiss-warning").click()
    expect(page.get_by_test_id("warning")).to_be_hidden()
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)


def test_dialogs_fit_a_phone(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, "fast=1")
    for opener, panel in (("setup-stats", "stats-panel"), (None, "setup-dialog")):
        if opener:
            page.get_by_test_id(opener).click()
        box = page.get_by_test_id(panel).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
        overflow = page.get_by_test_id(panel).evaluate("e => e.scrollWidth - e.clientWidth")
        assert overflow <= 0, f"{panel} scrolls sideways by {overflow}px"
        if opener:
            page.get_by_test_id("stats-close").click()
    for testid in ("menu-button", "stats-button", "coach-button", "zoom-button"):
        b = page.get_by_test_id(testid).bounding_box()
        assert b is not None and b["x"] + b["width"] <= 360, testid
