"""Safe commitments at the table (issue 15): the meter gives the engine's verdict on
what is staged, an initial meld is built from melds set aside and laid down only when
they reach the minimum together, and a pile take the game chose cards for waits for
the player's yes."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from playwright.sync_api import Page, expect

from tests.e2e.conftest import hand_cards, open_game, saved_game, select

OTHERS = [["JS", "JS", "7H", "6H"], ["JH", "JH", "7D", "6S"], ["JC", "JC", "7S", "8D"]]


def _open(page: Page, hand: list[str], **extra: Any) -> None:
    position = {"variant": "classic", "to_move": 0, "phase": "play", "hands": [hand, *OTHERS],
                "melds": [[], []], "pile": ["4C"], "scores": [0, 0], **extra}
    open_game(page, "fast=1&position=" + quote(json.dumps(position)))
    page.wait_for_selector("[data-testid=hand-card]")


OPENING = ["KS", "KH", "KD", "9C", "9D", "9S", "TS", "TS", "2S", "2H", "5C"]


def _melds(page: Page) -> int:
    return page.locator("[data-testid=melds-team-0] .meld:not(.newmeld):not(.pending-melds)"
                        ).count()


def test_the_meter_says_when_the_staged_cards_are_no_meld(page: Page) -> None:
    _open(page, OPENING)
    meter = page.get_by_test_id("meld-meter")
    expect(meter).to_have_text("Initial meld 0 / 50")
    select(page, ["TS", "TS", "2S", "2H"])  # 90 points, but as many wild cards as naturals
    expect(meter).to_have_text("Initial meld 0 / 50 · not a valid meld (C17)")
    page.get_by_test_id("btn-clear").click()
    select(page, ["KS", "KH", "KD"])
    expect(meter).to_have_text("Initial meld 30 / 50")


def test_an_initial_meld_is_set_aside_until_it_reaches_the_minimum(page: Page) -> None:
    _open(page, OPENING)
    select(page, ["KS", "KH", "KD"])
    page.get_by_test_id("btn-meld").click()
    aside = page.get_by_test_id("pending-melds")
    expect(aside).to_contain_text("Set aside for your initial meld: 30 of 50 points")
    assert sorted(hand_cards(page)) == sorted(["9C", "9D", "9S", "TS", "TS", "2S", "2H", "5C"])
    assert _melds(page) == 0  # nothing was played: the engine's table is unchanged
    assert not any(e.get("action", {}).get("type") == "meld"
                   for e in saved_game(page)["view"]["log"])
    # Discarding now would lose the melds set aside: the table says what to do.
    select(page, ["5C"])
    page.get_by_test_id("btn-discard").click()
    expect(page.get_by_test_id("refusal")).to_contain_text("press Back to hand")
    page.get_by_test_id("btn-clear").click()
    # Back to hand returns them; set aside again, then the 9s complete it: both go down.
    page.get_by_test_id("pending-clear").click()
    expect(aside).to_have_count(0)
    assert len(hand_cards(page)) == 11
    select(page, ["KS", "KH", "KD"])
    page.get_by_test_id("btn-meld").click()
    expect(aside).to_be_visible()
    select(page, ["9C", "9D", "9S"])
    expect(page.get_by_test_id("meld-meter")).to_have_text("Initial meld 60 / 50")
    page.get_by_test_id("btn-meld").click()
    expect(aside).to_have_count(0)
    expect(page.get_by_test_id("meld-0-K")).to_be_visible()
    expect(page.get_by_test_id("meld-0-9")).to_be_visible()
    expect(page.get_by_test_id("meld-meter")).to_have_count(0)  # the team has opened
    page.screenshot(path="test-results/commitments-initial-meld.png")


QUICK_MELDS = """(melds) => {
    // Pick each meld's cards and press Meld, all in one task: no answer from the engine
    // can come between the clicks (a player picking the next meld while it checks one).
    for (const cards of melds) {
        for (const card of cards) {
            const free = [...document.querySelectorAll(
                `[data-testid=hand-card][data-card='${card}'][aria-pressed=false]`)];
            free[0].click();
        }
        document.querySelector("[data-testid=btn-meld]").click();
    }
}"""


def test_melds_set_aside_in_quick_succession_keep_their_own_cards(page: Page) -> None:
    """Each press of Meld sets aside the cards picked at that press, even when the next
    meld's cards are picked before the engine has checked the last one."""
    _open(page, OPENING)
    page.evaluate(QUICK_MELDS, [["KS", "KH", "KD"], ["9C", "9D", "9S"]])
    expect(page.get_by_test_id("meld-0-K")).to_be_visible()
    expect(page.get_by_test_id("meld-0-9")).to_be_visible()
    expect(page.get_by_test_id("pending-melds")).to_have_count(0)
    assert sorted(hand_cards(page)) == ["2H", "2S", "5C", "TS", "TS"]
    # Laid down as the two melds set aside, in order (not one meld of the six cards).
    played = saved_game(page)["engine"]["actions"]
    assert [sorted(a["cards"]) for a in played[-2:]] == [["KD", "KH", "KS"], ["9C", "9D", "9S"]]


def test_a_meld_set_aside_after_the_initial_meld_is_complete_goes_down_too(page: Page) -> None:
    """The kings and 9s make the initial meld; the 10s pressed before the engine said so
    are laid after them, not dropped back into the hand."""
    _open(page, OPENING)
    page.evaluate(QUICK_MELDS, [["KS", "KH", "KD"], ["9C", "9D", "9S"], ["TS", "TS", "2S"]])
    expect(page.get_by_test_id("meld-0-T")).to_be_visible()
    assert sorted(hand_cards(page)) == ["2H", "5C"]
    played = saved_game(page)["engine"]["actions"]
    assert [sorted(a["cards"]) for a in played[-3:]] == [
        ["KD", "KH", "KS"], ["9C", "9D", "9S"], ["2S", "TS", "TS"]]


def test_a_refused_meld_set_aside_in_quick_succession_is_picked_again(page: Page) -> None:
    """A refused meld pressed right after another goes back to the hand, picked, with
    its rule; the one before stays aside."""
    _open(page, OPENING)
    page.evaluate(QUICK_MELDS, [["KS", "KH", "KD"], ["TS", "TS", "2S", "2H"]])
    expect(page.get_by_test_id("refusal")).to_contain_text("C17")
    expect(page.get_by_test_id("pending-melds")).to_contain_text("30 of 50 points")
    picked = page.locator("[data-testid=hand-card][aria-pressed=true]")
    assert sorted(picked.evaluate_all("els => els.map(e => e.dataset.card)")) == [
        "2H", "2S", "TS", "TS"]


def test_a_refused_meld_is_not_set_aside(page: Page) -> None:
    _open(page, OPENING)
    select(page, ["TS", "TS", "2S", "2H"])
    page.get_by_test_id("btn-meld").click()
    expect(page.get_by_test_id("refusal")).to_contain_text("C17")
    expect(page.get_by_test_id("pending-melds")).to_have_count(0)
    assert len(hand_cards(page)) == 11


def test_taking_the_pile_with_cards_the_game_chose_waits_for_a_yes(page: Page) -> None:
    _open(page, ["7S", "7D", "KS", "KH", "KD", "5C"], phase="draw", pile=["9C", "7H"],
          melds=[[["QS", "QC", "QH"]], []])
    page.get_by_test_id("pile").click()
    confirm = page.get_by_test_id("take-confirm")
    expect(confirm).to_contain_text("Take the pile (2 cards) with your 7♠ 7♦ for the 7♥ on top?")
    page.get_by_test_id("btn-take-no").click()
    expect(confirm).to_have_count(0)
    assert sorted(hand_cards(page)) == ["5C", "7D", "7S", "KD", "KH", "KS"]
    page.get_by_test_id("pile").click()
    page.get_by_test_id("btn-take-yes").click()
    expect(page.get_by_test_id("log")).to_contain_text("You took the pile")
    expect(page.get_by_test_id("meld-0-7")).to_be_visible()


def test_an_unopened_take_says_what_the_initial_meld_reaches(page: Page) -> None:
    _open(page, ["AS", "AD", "KS", "KH", "KD", "5C"], phase="draw", pile=["9C", "AC"])
    page.get_by_test_id("btn-take").click()
    expect(page.get_by_test_id("take-confirm")).to_contain_text(
        "with your A♠ A♦ for the A♣ on top? It makes your initial meld: 60 of the 50 points "
        "needed.")


def test_the_keyboard_keeps_its_card_and_says_why_a_key_cannot_act(page: Page) -> None:
    _open(page, OPENING)
    first = page.locator("[data-testid=hand-card]").first
    first.focus()
    page.keyboard.press("Enter")
    # The staged card keeps the focus: the next card is one arrow away, not a Tab walk.
    assert page.evaluate("document.activeElement.dataset.i") == first.get_attribute("data-i")
    expect(first).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    staged = page.locator("[data-testid=hand-card][aria-pressed=true]")
    expect(staged).to_have_count(3)
    assert staged.evaluate_all("els => els.map(e => e.dataset.card)") == hand_cards(page)[:3]
    # Up goes to your melds' row (+ New meld), up again to the stock and the pile.
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.dataset.testid") == "new-meld"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.testid") == "pile"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.testid") == "hand-card"
    # A shortcut that cannot act says why, with its rule.
    page.keyboard.press("a")
    expect(page.get_by_test_id("refusal")).to_contain_text("May I go out?")
    expect(page.get_by_test_id("refusal-rule")).to_have_text("C33")
    page.keyboard.press("d")
    expect(page.get_by_test_id("refusal")).to_contain_text("You have drawn already this turn")


def test_a_new_deal_says_the_game_in_progress_is_kept_and_keeps_it(page: Page) -> None:
    open_game(page, "seed=21&fast=1&new=1")
    page.wait_for_selector("[data-testid=hand-card]")
    first = page.evaluate("document.body.dataset.gameKey")
    page.get_by_test_id("menu-button").click()
    expect(page.get_by_test_id("in-progress-note")).to_contain_text(
        "The game on the table stays in Saved games")
    page.get_by_test_id("start-game").click()
    page.wait_for_function("(k) => document.body.dataset.gameKey !== k", arg=first)
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("saved-games").click()
    gid = first.removeprefix("canasta:v1:game:")
    expect(page.locator(f"[data-testid=game-row][data-game-id='{gid}']")).to_have_count(1)
