"""The table's history (issue 15): the whole round, a turn per item, what each pile
pickup brought and the red 3s laid down, kept across a reload (rebuilt from the save)
and the earlier rounds one click away."""

from __future__ import annotations

from playwright.sync_api import Page, expect

import canasta
from canasta.ai import choose_action
from tests.e2e.conftest import my_turn, open_game
from tests.e2e.rounds import store_save


def _turns(page: Page) -> list[str]:
    return [str(t) for t in page.locator("[data-testid=log] li.turn").all_inner_texts()]


def _two_rounds() -> tuple[canasta.State, int]:
    """A game past its first round (played by the AI), at the human's first turn of
    round 2; and how many draws from the stock round 1 had."""
    state = canasta.new_game("classic", 8)
    draws = 0
    while state.round_no == 1 or state.to_act != 0:
        if state.round_over:
            state = canasta.apply(state, canasta.parse_action({"type": "next_round"}))
            continue
        view = canasta.view_for(state, state.to_act)
        action = choose_action(view, "easy", len(state.action_list()))
        draws += state.round_no == 1 and canasta.action_to_json(action)["type"] == "draw"
        state = canasta.apply(state, action)
    return state, draws


def test_the_whole_round_is_kept_turn_by_turn_and_rebuilt_on_reload(page: Page) -> None:
    open_game(page, "seed=3&fast=1&level=easy")
    for _ in range(4):  # four turns of the human: draw, discard the first card
        my_turn(page)
        cards = page.locator("[data-testid=hand-card]")
        held = cards.count()
        page.get_by_test_id("btn-draw").click()
        # (the drawn hand first: the first card is another card once the drawn one is in)
        expect(cards).not_to_have_count(held)
        cards.first.click()
        page.get_by_test_id("btn-discard").click()
    my_turn(page)
    turns = _turns(page)
    assert len(turns) >= 15  # every turn since the deal, not the last 8 lines
    assert sum("You drew from the stock" in t for t in turns) == 4
    page.reload()
    page.wait_for_selector("body[data-engine=ready]")
    expect(page.locator("[data-testid=log] li.turn")).to_have_count(len(turns))
    assert _turns(page) == turns


def test_earlier_rounds_are_one_click_away(page: Page) -> None:
    state, draws = _two_rounds()
    store_save(page, state)
    page.goto("/?fast=1&level=easy")
    page.wait_for_selector("body[data-engine=ready]")
    page.wait_for_selector("[data-testid=hand-card]")
    past = page.get_by_test_id("log-rounds")
    expect(past).to_be_hidden()
    page.get_by_test_id("log-past").click()
    expect(past).to_contain_text("Round 1")
    assert past.inner_text().count("drew from the stock") == draws > 0
    assert "more card" in past.inner_text() or "took the pile" not in past.inner_text()
    page.get_by_test_id("log-past").click()
    expect(past).to_be_hidden()
