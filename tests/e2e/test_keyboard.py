"""A whole round with the keyboard alone (issue 15, "the whole round playable with the
keyboard alone in a test"): Tab to the hand, arrow keys along it and up to the melds,
Space or Enter to pick a card or a meld, and the shortcuts (D draw, M meld, X discard)
— never a click. The round is the one the engine plays with the same scripted human."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

import canasta
from tests.e2e.conftest import open_game
from tests.e2e.rounds import (
    expected_round,
    melds_first,
    moves,
    play_human_turns,
    totals,
    wild_target,
)

Json = dict[str, Any]
SEED = 2  # the human puts a wild card on a meld of their choice, and goes out
TABS = 80  # more than the table has stops before the hand


def focused(page: Page) -> Json:
    """What has the keyboard focus: its test id, card, index in the hand, meld id."""
    found: Json = page.evaluate("""() => {
        const e = document.activeElement;
        return {testid: e.dataset.testid || '', card: e.dataset.card || '',
                i: e.dataset.i === undefined ? -1 : Number(e.dataset.i),
                meld: e.dataset.meldId || ''};
    }""")
    return found


def to_hand(page: Page) -> None:
    """Tab until a card of the hand has the focus (the table redraws after a move)."""
    for _ in range(TABS):
        if focused(page)["testid"] == "hand-card":
            return
        page.keyboard.press("Tab")
    raise AssertionError("Tab never reached the hand")


def press_card(page: Page, index: int) -> None:
    """Walk along the hand with the arrow keys to the card at `index`; press Space."""
    to_hand(page)
    size = page.locator("[data-testid=hand-card]").count()
    steps = (index - focused(page)["i"]) % size
    for _ in range(steps):
        page.keyboard.press("ArrowRight")
    assert focused(page)["i"] == index
    page.keyboard.press("Space")


def pick(page: Page, cards: list[str]) -> None:
    """Select these hand cards (each once, duplicates in turn) by keyboard."""
    for card in cards:
        free = page.locator(f"[data-testid=hand-card][data-card='{card}'][aria-pressed=false]")
        press_card(page, int(free.first.get_attribute("data-i") or -1))


def to_meld(page: Page, meld_id: int) -> None:
    """From the hand, up to the team's melds, along them to meld `meld_id`."""
    to_hand(page)
    page.keyboard.press("ArrowUp")
    for _ in range(page.locator(".melds-us [data-act=meld-target]").count() + 1):
        if focused(page)["meld"] == str(meld_id):
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrows never reached meld {meld_id}")


def play_by_keyboard(page: Page, state: canasta.State, action: Json) -> None:
    kind = action["type"]
    if kind == "draw":
        page.keyboard.press("d")
    elif kind == "discard":
        pick(page, [action["card"]])
        page.keyboard.press("x")
    elif kind == "meld":
        pick(page, action["cards"])
        meld = wild_target(state, action)
        if meld is None:
            page.keyboard.press("m")
        else:  # wild cards alone go on the meld chosen: Enter on it
            to_meld(page, meld.id)
            page.keyboard.press("Enter")
    elif kind == "answer":
        button = "answer-yes" if action["yes"] else "answer-no"
        for _ in range(TABS):
            if focused(page)["testid"] == button:
                break
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")
    else:
        raise AssertionError(f"the scripted human cannot play {action}")


def test_a_whole_round_with_the_keyboard_alone(page: Page) -> None:
    open_game(page, f"seed={SEED}&fast=1&level=easy")
    end = play_human_turns(page, melds_first, 100, play=play_by_keyboard)
    expect(page.get_by_test_id("score-sheet")).to_be_visible()
    want = expected_round("classic", SEED, "easy", melds_first)
    assert [canasta.action_to_json(a) for a in end.action_list()] == [
        canasta.action_to_json(a) for a in want.action_list()]
    shown = [int(page.get_by_test_id(f"sheet-total-{t}").inner_text()) for t in range(2)]
    assert shown == totals(end) == totals(want)
    # A wild card went on the meld chosen by Enter (named by its id), and the human
    # went out: every kind of move of a round, by keyboard.
    human = [a for seat, a in moves(end) if seat == 0]
    assert any(a["type"] == "meld" and "onto" in a for a in human)
    assert end.went_out == 0
