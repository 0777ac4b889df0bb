"""The table in each language (issue 18): chosen by ?lang=, by the set-up dialog's
picker (remembered) or by the browser's language; <html lang> follows; a turn played in
each language with the layout budget kept on a phone and a desktop (German and Welsh
strings are long)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from canasta import messages
from tests.e2e.conftest import guard_requests, hand_cards, my_turn, open_game, select
from tests.e2e.test_layout import MEASURE

CATALOGUES = Path(__file__).resolve().parents[2] / "static" / "i18n"
CODES = [code for code, _ in messages.LANGUAGES if code != "en"]


def catalogue(code: str) -> dict[str, str]:
    data: dict[str, Any] = json.loads((CATALOGUES / f"{code}.json").read_text("utf-8"))
    return data


def fits(page: Page) -> None:
    found = page.evaluate(MEASURE)
    assert found["scroll"] == [0, 0]
    assert not found["overflow"], "the page is wider than the screen"
    assert found["problems"] == [], "\n".join(found["problems"][:12])


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["phone", "desktop"])
@pytest.mark.parametrize("code", CODES)
def test_a_turn_in_each_language(page: Page, code: str, size: tuple[int, int]) -> None:
    words = catalogue(code)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_game(page, f"seed=11&fast=1&level=easy&lang={code}")
    my_turn(page)
    assert page.evaluate("document.documentElement.lang") == code
    expect(page.get_by_test_id("btn-draw")).to_have_text(words["Draw"])
    expect(page.get_by_test_id("btn-meld")).to_have_text(words["Meld"])
    expect(page.get_by_test_id("banner")).to_have_text(
        words["Your turn: draw from the stock or take the pile"])
    expect(page.get_by_test_id("menu-button")).to_have_text(words["New game"])
    # Classic's rules one click away, in the same language (rules.<code>.html)
    expect(page.get_by_test_id("rules-link")).to_have_attribute("href", f"./rules.{code}.html")
    fits(page)
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("banner")).to_have_text(words["Meld, then discard one card"])
    fits(page)
    select(page, [hand_cards(page)[0]])
    page.get_by_test_id("btn-discard").click()
    my_turn(page)
    expect(page.get_by_test_id("btn-draw")).to_have_text(words["Draw"])
    fits(page)


def test_the_picker_changes_the_language_and_remembers_it(page: Page) -> None:
    german = catalogue("de")
    open_game(page, "fast=1&level=easy")
    expect(page.get_by_test_id("setup-dialog")).to_be_visible()
    page.get_by_test_id("opt-lang").select_option("de")
    expect(page.get_by_test_id("start-game")).to_have_text(german["Deal"])
    assert page.evaluate("document.documentElement.lang") == "de"
    expect(page.get_by_test_id("stats-button")).to_have_text(german["Stats"])
    page.get_by_test_id("start-game").click()
    my_turn(page)
    expect(page.get_by_test_id("btn-draw")).to_have_text(german["Draw"])
    page.reload()
    page.wait_for_selector("body[data-engine=ready]")
    my_turn(page)
    expect(page.get_by_test_id("btn-draw")).to_have_text(german["Draw"])
    assert page.evaluate("document.documentElement.lang") == "de"


def test_the_browsers_language_is_the_first_choice(browser: Browser, base_url: str) -> None:
    context = browser.new_context(locale="cy-GB", service_workers="block",
                                  base_url=base_url)
    outside = guard_requests(context)
    try:
        page = context.new_page()
        page.goto("/?seed=3&fast=1&level=easy")
        page.wait_for_selector("body[data-engine=ready]")
        my_turn(page)
        assert page.evaluate("document.documentElement.lang") == "cy"
        expect(page.get_by_test_id("btn-draw")).to_have_text(catalogue("cy")["Draw"])
        assert outside == []
    finally:
        context.close()


def test_an_unknown_language_in_the_address_is_said_and_english_used(page: Page) -> None:
    open_game(page, "seed=3&fast=1&level=easy&lang=xx")
    my_turn(page)
    expect(page.get_by_test_id("warning")).to_contain_text("Unknown language")
    assert page.evaluate("document.documentElement.lang") == "en"
    expect(page.get_by_test_id("btn-draw")).to_have_text("Draw")
