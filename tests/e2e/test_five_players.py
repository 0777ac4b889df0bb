"""Five players at the table (classic-5p, P1-P5): the human plays round 1, sits out
round 2 (shown the public table only, with a way to skip to its end) and the scores go
on for the same two teams."""

from __future__ import annotations

from playwright.sync_api import Page, expect

import canasta
from tests.e2e.conftest import hand_cards, my_turn, play_to_score_sheet, saved_game

FIVE = canasta.get_rules("classic-5p")


def test_five_players_play_a_round_then_the_human_sits_one_out(page: Page) -> None:
    page.goto("/?variant=classic-5p&seed=21&fast=1&level=easy")
    my_turn(page)
    assert hand_cards(page) == canasta.view_for(canasta.new_game(FIVE, 21), 0)["hand"]
    expect(page.get_by_test_id("rules-link")).to_have_attribute(
        "href", "./static/rules/classic-5p.html")
    play_to_score_sheet(page)
    first = [int(page.get_by_test_id(f"sheet-total-{t}").inner_text()) for t in range(2)]
    page.get_by_test_id("next-round").click()
    expect(page.get_by_test_id("round")).to_have_text("Round 2")
    # Round 2: the human waits (P2), sees no cards and cannot act (P3).
    expect(page.get_by_test_id("banner")).to_contain_text("You sit out this round")
    expect(page.get_by_test_id("hand-card")).to_have_count(0)
    expect(page.get_by_test_id("btn-draw")).to_have_count(0)
    page.get_by_test_id("skip-round").click()
    sheet = page.get_by_test_id("score-sheet")
    expect(sheet).to_be_visible()
    second = [int(page.get_by_test_id(f"sheet-total-{t}").inner_text()) for t in range(2)]
    # The round the AIs played is the one the engine plays from the same deal.
    saved = saved_game(page)
    state = canasta.from_json(saved["engine"])
    assert state.round_no == 2 and state.round_over
    assert [r["total"] for r in canasta.round_score(state)] == second
    assert list(state.history[0]) == first
    assert canasta.view_for(state, 0)["waiting"] == [0]
    # Round 3: the human is back at the table.
    page.get_by_test_id("next-round").click()
    my_turn(page)
    expect(page.get_by_test_id("btn-draw")).to_be_enabled()
