"""The player's name on the real page: set up, shown as text, kept in the settings."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.conftest import my_turn, open_game

SETTINGS = "canasta:v1:settings"


def stored(page: Page, key: str) -> Any:
    text = page.evaluate("(k) => localStorage.getItem(k)", key)
    return None if text is None else json.loads(text)


def put(page: Page, key: str, value: str) -> None:
    """Store a value for the game's origin (from the light rules page: no engine boot)."""
    if not page.url.startswith("http"):
        page.goto("/rules.html")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])


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
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("log")).to_contain_text("<i>Ann</i> drew from the stock")
    assert stored(page, SETTINGS)["name"] == "<i>Ann</i>"
    # The engine save knows nothing of the name: its format is unchanged.
    save = stored(page, "canasta:v1:current")
    assert set(save) == {"schema", "engine", "level", "view"}
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
    assert stored(page, SETTINGS) == {"coach": False, "name": "You"}


def test_old_coach_setting_is_still_read(page: Page) -> None:
    put(page, SETTINGS, "coach-off")
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    expect(page.get_by_test_id("coach")).to_be_empty()
    expect(page.get_by_test_id("seat-0-name")).to_have_text("You")
