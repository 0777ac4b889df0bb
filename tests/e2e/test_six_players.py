"""Six players at the table: the set-up dialog's games come from the engine, the five
other seats, one meld area per team, a whole round to its score sheet, and nothing
wider than the screen (issue 11)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

import canasta
from canasta.ai import choose_action
from canasta.io.position import position_of
from canasta.rules.variants import CLASSIC_6P_3X2
from tests.e2e.conftest import guard_requests, hand_cards, my_turn, play_to_score_sheet, select
from tests.e2e.rounds import expected_round
from tests.e2e.rounds import totals as round_totals

OTHERS = ("West", "Northwest", "North", "Northeast", "East")


def tag(page: Page, seat: int) -> str:
    return page.get_by_test_id(f"seat-{seat}").get_by_test_id("team-tag").inner_text()


def test_six_players_from_the_set_up_dialog(page: Page) -> None:
    # A saved four-player game; then an address asking for six players.
    page.goto("/?seed=1&fast=1")
    my_turn(page)
    page.goto("/?variant=classic-6p&fast=1")
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    # The saved game of another variant is not resumed: the dialog offers six players.
    expect(page.get_by_test_id("setup-dialog")).to_be_visible()
    expect(page.get_by_test_id("resume-game")).to_be_visible()
    choice = page.get_by_test_id("opt-variant")
    expect(choice).to_have_value("classic-6p")
    # The games listed are the engine's, with its titles.
    options = page.eval_on_selector_all(
        "[data-testid=opt-variant] option", "els => els.map(e => [e.value, e.textContent])")
    assert options == [[name, rules.title] for name, rules in canasta.VARIANTS.items()]
    choice.select_option("classic-6p-3x2")
    expect(page.get_by_test_id("variant-note")).to_have_text(
        canasta.VARIANTS["classic-6p-3x2"].title)
    choice.select_option("classic-6p")
    page.get_by_test_id("opt-seed").fill("2")
    page.get_by_test_id("start-game").click()
    my_turn(page)

    view = canasta.view_for(canasta.new_game("classic-6p", 2), 0)
    assert hand_cards(page) == view["hand"]
    for seat, name in enumerate(OTHERS, start=1):
        node = page.get_by_test_id(f"seat-{seat}")
        expect(node).to_be_visible()
        expect(node).to_contain_text(name)
        expect(node.get_by_test_id("hand-size")).to_have_text(f"{view['hand_sizes'][seat]} cards")
        # Two teams of three: seats 0, 2, 4 against 1, 3, 5.
        assert tag(page, seat) == ("partner" if seat % 2 == 0 else "opponent")
        assert node.get_attribute("data-team") == str(seat % 2)
    expect(page.get_by_test_id("me-team")).to_have_text("with Northwest & Northeast")
    expect(page.get_by_test_id("melds-team-0")).to_contain_text("You, Northwest & Northeast")
    expect(page.get_by_test_id("melds-team-1")).to_contain_text("West, North & East")
    # The old testids hold the two areas as before.
    expect(page.get_by_test_id("melds-us").get_by_test_id("melds-team-0")).to_have_count(1)
    expect(page.get_by_test_id("melds-them").get_by_test_id("melds-team-1")).to_have_count(1)
    expect(page.get_by_test_id("score-0")).to_contain_text("Us")
    expect(page.get_by_test_id("score-1")).to_contain_text("Them")

    # One turn: draw, discard; then the five others play and it is our turn again.
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(len(view["hand"]) + 1)
    select(page, [hand_cards(page)[0]])
    page.get_by_test_id("btn-discard").click()
    expect(page.get_by_test_id("log")).to_contain_text("You discarded")
    my_turn(page)
    # The history keeps the whole round, a turn per item: after ours, each of the five
    # others played a turn, in order, ending it with a discard.
    turns = page.locator("[data-testid=log] li.turn").all_inner_texts()
    ours = max(i for i, t in enumerate(turns) if t.startswith("You "))
    after = turns[ours + 1:]
    assert [t.split(" ")[0] for t in after] == list(OTHERS), turns
    assert all(" discarded " in t.splitlines()[-1] for t in after), after
    expect(page.locator("[data-testid=seat-0-name].active")).to_have_count(1)


def test_a_whole_round_of_three_teams_of_two(page: Page) -> None:
    page.goto("/?variant=classic-6p-3x2&seed=18&fast=1&level=easy")
    my_turn(page)
    # Three teams of two: 0 & 3 (us), 1 & 4, 2 & 5.
    assert [tag(page, s) for s in range(1, 6)] == [
        "with Northeast", "with East", "partner", "with West", "with Northwest"]
    expect(page.get_by_test_id("melds-team-1")).to_contain_text("West & Northeast")
    expect(page.get_by_test_id("melds-team-2")).to_contain_text("Northwest & East")
    expect(page.get_by_test_id("melds-them").get_by_test_id("melds-team-2")).to_have_count(1)
    expect(page.get_by_test_id("score-2")).to_contain_text("Northwest & East")
    play_to_score_sheet(page)
    sheet = page.get_by_test_id("score-sheet")
    expect(sheet).to_be_visible()
    # (Long seat names may break as North-west: a soft hyphen, not shown unless broken.)
    heads = sheet.locator("tr").first.locator("th").all_inner_texts()
    heads = [h.replace("\xad", "") for h in heads]
    assert heads == ["", "Us", "West & Northeast", "Northwest & East"]
    totals = [int(page.get_by_test_id(f"sheet-total-{t}").inner_text()) for t in range(3)]
    assert totals == round_totals(expected_round("classic-6p-3x2", 18, "easy"))
    assert [int(page.get_by_test_id(f"sheet-game-{t}").inner_text()) for t in range(3)] == totals
    page.get_by_test_id("next-round").click()
    expect(page.get_by_test_id("round")).to_have_text("Round 2")
    expect(page.get_by_test_id("history")).to_contain_text(str(totals[1]))


def mid_round(rules: canasta.RuleSet | str, seed: int, turns: int) -> dict[str, Any]:
    """A position some turns into a round (every seat played by the easy AI), at the
    human's draw: melds on the table for every team."""
    state = canasta.new_game(rules, seed)
    seen = 0
    while True:
        if state.to_act == 0 and state.phase == "draw":
            seen += 1
            if seen > turns:
                break
        view = canasta.view_for(state, state.to_act)
        state = canasta.apply(state, choose_action(view, "easy", seed + len(state.action_list())))
        assert not state.round_over
    position: dict[str, Any] = position_of(state)
    if not isinstance(rules, str):
        position["rules"] = rules.to_json()
    return position


WIDTHS = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}


@pytest.fixture(params=list(WIDTHS))
def screen(request: pytest.FixtureRequest, browser: Browser, base_url: str,
           browser_context_args: dict[str, Any]) -> Iterator[tuple[str, BrowserContext]]:
    phone = request.param == "phone"
    context = browser.new_context(**{**browser_context_args, "base_url": base_url,
                                     "viewport": WIDTHS[request.param],
                                     "is_mobile": phone, "has_touch": phone})
    outside = guard_requests(context)
    try:
        yield request.param, context
    finally:
        context.close()
    assert not outside, f"requests left this machine: {outside}"


OVERFLOW = """() => {
    const width = innerWidth;
    const wide = [...document.querySelectorAll('#app *')].filter(e => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.right > width + 0.5 || r.left < -0.5);
    }).map(e => (e.dataset.testid || e.className || e.tagName) + ' ' +
                Math.round(e.getBoundingClientRect().right));
    return [document.scrollingElement.scrollWidth, width, wide.slice(0, 5)];
}"""


def test_nothing_is_wider_than_the_screen(screen: tuple[str, BrowserContext],
                                          tmp_path: Path) -> None:
    name, context = screen
    page: Page = context.new_page()
    five = dataclasses.replace(CLASSIC_6P_3X2, name="five", title="Five players alone",
                               players=5, teams=5, ask_permission=False)
    cases = [("classic-6p", mid_round("classic-6p", 5, 4), 5),
             ("classic-6p-3x2", mid_round("classic-6p-3x2", 5, 4), 5),
             ("five", mid_round(five, 3, 2), 4)]
    for variant, position, others in cases:
        page.goto("/?fast=1&seed=1&position=" + quote(json.dumps(position)))
        page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
        my_turn(page)
        expect(page.locator("section.seat:not([hidden])")).to_have_count(others)
        for seat in range(1, others + 1):
            expect(page.get_by_test_id(f"seat-{seat}")).to_be_visible()
        page.wait_for_timeout(200)
        page.screenshot(path=str(tmp_path / f"{variant}-{name}.png"), full_page=True)
        scroll, width, wide = page.evaluate(OVERFLOW)
        assert scroll <= width and not wide, f"{variant} at {name}: {scroll} > {width}: {wide}"
        # The other players sit in one row above the melds.
        tops = [page.get_by_test_id(f"seat-{s}").bounding_box() for s in range(1, others + 1)]
        melds = page.get_by_test_id("melds-them").bounding_box()
        assert melds is not None and all(b is not None for b in tops)
        assert max(b["y"] for b in tops if b) < melds["y"]
        assert all(b["y"] + b["height"] <= melds["y"] + 1 for b in tops if b)
