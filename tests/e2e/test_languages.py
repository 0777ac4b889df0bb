"""The table in each language (issue 18): chosen by ?lang=, by the set-up dialog's
picker (remembered) or by the browser's language; <html lang> follows; a turn played in
each language with the layout budget kept on a phone and a desktop (German and Welsh
strings are long)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect

import canasta
from canasta.game import messages
from tests.e2e.conftest import guard_requests, hand_cards, my_turn, open_game, select
from tests.e2e.rounds import CURRENT, store_save
from tests.e2e.test_hint import GIFT  # the pile open to the opponents: the hint says why
from tests.e2e.test_layout import MEASURE
from tests.games import easy_game

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


# Words of English that none of the other five languages writes (Tagalog's loanwords
# "Draw", "Meld", "Discard", "Round" are not among them): one of them on the page in
# another language is a string the catalogues missed.
ENGLISH = re.compile(r"\b(the|your|you|with|and|of|is|are|cannot|not|from|this|that|for"
                     r"|must|has|have|there)\b", re.IGNORECASE)
# Names of games that no language here translates (docs/i18n/<code>.md).
PROPER_NAMES = ("Pennies from Heaven", "Hand and Foot")
def no_english(page: Page, testid: str) -> str:
    text = page.get_by_test_id(testid).inner_text()
    for name in PROPER_NAMES:
        text = text.replace(name, "")
    found = [text[max(0, m.start() - 40):m.end() + 40] for m in ENGLISH.finditer(text)]
    assert found == [], f"English in {testid}: {found}"
    return text


@pytest.mark.parametrize("code", CODES)
def test_nothing_is_left_in_english(page: Page, code: str) -> None:
    """A game in the language from its first hint to its final score sheet: the coach's
    hint and its reason, a refusal, the cards' spoken names, the set-up dialog with
    the games' options and house rules, the log, the final score sheet and the
    statistics."""
    words = catalogue(code)
    open_game(page, f"fast=1&lang={code}&position=" + quote(json.dumps(GIFT)))
    page.wait_for_selector("[data-testid=hand-card]")
    page.get_by_test_id("btn-hint").click()
    expect(page.get_by_test_id("hint")).to_be_visible()
    hint = no_english(page, "hint")
    assert words["card:K"] + "♦" in hint  # the kings not to discard, lettered as there
    name = page.locator("[data-testid=hand-card][data-card=KD]").get_attribute("aria-label")
    assert name is not None and words["diamonds"] in name and words["King"] in name
    select(page, ["8C", "8S"])
    page.get_by_test_id("btn-meld").click()
    expect(page.get_by_test_id("refusal")).to_be_visible()
    no_english(page, "refusal")
    # The set-up dialog: each family's options and the house rules, in the language.
    page.get_by_test_id("menu-button").click()
    expect(page.get_by_test_id("setup-dialog")).to_be_visible()
    expect(page.get_by_test_id("player-name")).to_have_value(words["You"])
    for variant in ("classic", "samba", "railroad", "hand-and-foot", "american", "cuban"):
        page.get_by_test_id("opt-variant").select_option(variant)
        page.locator("[data-testid=house-rules] summary").click()
        no_english(page, "setup-dialog")
    # The end of a whole game (the AI's last move played in the worker), its score
    # sheet, the log and the statistics.
    before, _ = easy_game(2)
    page.evaluate("localStorage.clear()")  # (the position played above is no save to resume)
    store_save(page, before)
    page.goto(f"/?fast=1&lang={code}")
    page.wait_for_selector("body[data-engine=ready]")
    expect(page.get_by_test_id("score-sheet")).to_be_visible()
    sheet = no_english(page, "score-sheet")
    assert words["Game over"] in sheet
    no_english(page, "log")
    no_english(page, "scoreboard")
    page.get_by_test_id("sheet-stats").click()
    expect(page.get_by_test_id("stats-dialog")).to_be_visible()
    no_english(page, "stats-dialog")


def _forged_action(save: dict[str, Any]) -> None:
    save["engine"]["actions"] = [{"type": "discard", "card": "ZZ"}]


def _no_teams(save: dict[str, Any]) -> None:
    save["engine"]["rules"]["teams"] = 0


@pytest.mark.parametrize("code", CODES)
def test_a_damaged_save_is_explained_in_the_language(page: Page, code: str) -> None:
    """A save whose engine part the engine refuses (a rule set out of range, a forged
    action): the warning says why in the language, the engine's reason too — malformed
    input is explained with keyed sentences like any refusal (canasta/game/errors.py)."""
    words = catalogue(code)
    for tamper, template in ((_no_teams, "invalid rule set: {problems}"),
                             (_forged_action, "action {n} of the save cannot be replayed: {why}")):
        state = canasta.new_game("classic", 1)
        save = {"schema": "canasta-table/1", "engine": canasta.to_json(state),
                "level": "easy", "view": canasta.view_for(state, 0)}
        tamper(save)
        page.goto("/rules.html")
        page.evaluate("localStorage.clear()")
        page.evaluate(f"(s) => localStorage.setItem('{CURRENT}', s)", json.dumps(save))
        page.goto(f"/?fast=1&lang={code}")
        page.wait_for_selector("body[data-engine=ready]")
        expect(page.get_by_test_id("warning")).to_be_visible()
        text = no_english(page, "warning")
        # The engine's own reason, in the language: the translation's words before its
        # first placeholder are on the page.
        opening = words[template].split("{")[0].strip()
        assert opening and opening in text, (opening, text)
