"""The Hint button: the strong player's move for the human's seat, its cards staged."""

from __future__ import annotations

import json
from urllib.parse import quote

from playwright.sync_api import Page, expect

import canasta
from canasta.ai import choose_action
from tests.e2e.conftest import my_turn, open_game

BUTTON = {"draw": "btn-draw", "take_pile": "btn-take", "meld": "btn-meld",
          "discard": "btn-discard", "ask": "btn-ask"}


def staged(page: Page) -> list[str]:
    return [str(c) for c in page.eval_on_selector_all(
        "[data-testid=hand-card][aria-pressed=true]", "els => els.map(e => e.dataset.card)")]


def test_hint_names_the_strong_move_and_stages_its_cards(page: Page) -> None:
    open_game(page, "seed=40&fast=1")
    my_turn(page)
    state = canasta.new_game("classic", 40)
    expected = canasta.action_to_json(
        choose_action(canasta.view_for(state, 0), "strong", 40 * 1_000_003))
    assert expected["type"] == "take_pile"  # a pair of 7s for the 7 on the pile
    page.get_by_test_id("btn-hint").click()
    hint = page.get_by_test_id("hint")
    expect(hint).to_contain_text("Take the pile with")
    assert sorted(staged(page)) == sorted(expected["cards"])
    page.get_by_test_id("btn-take").click()
    expect(page.get_by_test_id("log")).to_contain_text("You took the pile")
    expect(hint).to_be_hidden()


def test_following_hints_plays_whole_turns_without_a_refusal(page: Page) -> None:
    open_game(page, "seed=11&fast=1")
    followed: list[str] = []
    for _ in range(3):  # three turns of the human, every move taken from the hint
        my_turn(page)
        over = page.get_by_test_id("score-sheet").count()
        if over or page.get_by_test_id("answer-dialog").count():
            break
        for _step in range(12):
            if page.get_by_test_id("btn-hint").is_disabled():
                break
            page.keyboard.press("h")
            hint = page.get_by_test_id("hint")
            expect(hint).to_be_visible()
            text = hint.inner_text()
            kind = next(k for k, word in (("draw", "Draw"), ("take_pile", "Take the pile"),
                                          ("meld", "Meld"), ("meld", "Lay off"),
                                          ("discard", "Discard"), ("ask", "Ask"))
                        if text.startswith("Hint: " + word))
            followed.append(kind)
            page.get_by_test_id(BUTTON[kind]).click()
            expect(hint).to_be_hidden()
            expect(page.get_by_test_id("refusal")).to_be_hidden()
            if kind in ("discard", "ask"):
                break
    assert followed.count("discard") + followed.count("ask") >= 2, followed


# Issue 19: the opponents have melded kings and the pile is open to them.
GIFT = {
    "variant": "classic", "to_move": 0, "phase": "play",
    "hands": [["KD", "8C", "8S", "5H", "5D"], ["JS", "JS", "7H", "6H"],
              ["JH", "JH", "7D", "6S"], ["JC", "JC", "7S", "8D"]],
    "melds": [[["QS", "QC", "QH"]], [["KS", "KC", "KH"]]],
    "pile": ["9C", "6D", "AH", "TD", "4C", "7C", "9H", "6C"], "scores": [0, 0],
}


def test_the_hint_says_which_discard_would_hand_the_next_player_the_pile(page: Page) -> None:
    open_game(page, "fast=1&position=" + quote(json.dumps(GIFT)))
    page.wait_for_selector("[data-testid=hand-card]")
    page.get_by_test_id("btn-hint").click()
    hint = page.get_by_test_id("hint")
    expect(hint).to_contain_text("Hint: Discard")
    expect(hint).to_contain_text(
        "Not K♦: the next player could take the pile with it (their side has a meld of kings).")
    assert "KD" not in staged(page)
