"""Saves survive a reload exactly, per game (issue 11, variant checklist item 7): mid-round,
the table drawn from the save after a reload equals the table before it — hand, melds
with their ids, scores, whose turn — for five players (playing, and while the human
sits out), six players, Free Canasta, the wild-canasta game, Cuban Canasta, Mexicana and a game
with house rules."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import canasta
from canasta.ai import choose_action
from canasta.rules.house_rules import with_house_rules
from canasta.rules.roster import seat_of
from tests.e2e.conftest import my_turn, open_game
from tests.e2e.rounds import (
    ON_RESUME,
    melds_first,
    play_human_turns,
    reload_and_compare,
    saved_state,
    store_save,
    turn_from,
    wait_for_actions,
)


def melds_of_every_team(state: canasta.State) -> None:
    assert all(state.melds), "the test wants melds on the table for every team"


def reload_mid_turn(page: Page) -> None:
    """At the human's turn: reload before drawing and again after, then finish the turn."""
    my_turn(page)
    melds_of_every_team(saved_state(page))
    reload_and_compare(page)
    count = len(saved_state(page).action_list())
    page.get_by_test_id("btn-draw").click()
    wait_for_actions(page, count)
    saved = reload_and_compare(page)
    assert saved["view"]["phase"] == "play" and saved["view"]["to_act"] == 0
    # The turn goes on after the reloads: the human melds what is listed and discards.
    turn = turn_from(play_human_turns(page, melds_first, 1), count)
    assert turn[0] == "draw" and turn[-1] == "discard" and set(turn[1:-1]) <= {"meld"}, turn


# Seeds where every team has melded by the human's second turn (easy computer players).
@pytest.mark.parametrize(("variant", "seed"), [
    ("classic-5p", 1), ("classic-6p", 3), ("free-canasta", 8), ("wild-canasta", 1),
    ("cuban", 1), ("mexicana", 2), ("american", 1)])
def test_a_dealt_game_reloads_exactly(page: Page, variant: str, seed: int) -> None:
    page.add_init_script(ON_RESUME)
    open_game(page, f"variant={variant}&seed={seed}&fast=1&level=easy")
    play_human_turns(page, melds_first, 1)
    reload_mid_turn(page)
    if variant == "free-canasta":
        kinds = {m.kind for team in saved_state(page).melds for m in team}
        assert "wild" in kinds, "a meld of wild cards should be on the table"


def easy_steps(state: canasta.State, steps: int) -> canasta.State:
    """Every seat played by the easy AI, for `steps` actions (or to the round's end)."""
    for _ in range(steps):
        if state.round_over:
            break
        view = canasta.view_for(state, state.to_act)
        state = canasta.apply(state, choose_action(view, "easy", len(state.action_list())))
    return state


def test_five_players_reload_while_the_human_sits_out(page: Page) -> None:
    # Round 1 played to its end, then some of round 2, which the human sits out (P2).
    state = easy_steps(canasta.new_game("classic-5p", 4), 2000)
    state = canasta.apply(state, canasta.parse_action({"type": "next_round"}))
    state = easy_steps(state, 12)
    assert seat_of(state.rules, state.round_no, 0) is None and not state.round_over
    page.add_init_script(ON_RESUME)
    store_save(page, state)
    # At the table's own pace (no fast=1) the computer players move every half second,
    # so the reload below falls in the middle of the round.
    page.goto("/")
    page.wait_for_function("() => window.__resumed !== undefined", timeout=60_000)
    expect(page.get_by_test_id("banner")).to_contain_text("You sit out this round")
    saved = reload_and_compare(page, query="")
    assert saved["view"]["watching"] and saved["view"]["hand"] == []
    assert saved["view"]["phase"] not in ("round_over", "game_over")
    expect(page.get_by_test_id("hand-card")).to_have_count(0)
    expect(page.get_by_test_id("skip-round")).to_be_visible()
    # The bottom seat is South's while the human waits: named, cards face down, and the
    # team's melds are not offered for play.
    expect(page.get_by_test_id("seat-0-name")).to_have_text("South")
    expect(page.get_by_test_id("hand").get_by_test_id("hand-size")).to_contain_text(" card")
    expect(page.get_by_test_id("new-meld")).to_have_count(0)
    expect(page.locator("[data-act=meld-target]")).to_have_count(0)
    # The thinking badge (shown most of such a round) hides none of the bar's buttons.
    overlaps = page.evaluate("""() => {
        const badge = document.querySelector('[data-testid=thinking]');
        badge.hidden = false;
        const b = badge.getBoundingClientRect();
        return [...document.querySelectorAll('.bar button, .bar a')].filter(e => {
            const r = e.getBoundingClientRect();
            return r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom;
        }).map(e => e.dataset.testid);
    }""")
    assert overlaps == []


def test_a_house_rules_game_reloads_exactly(page: Page) -> None:
    rules = with_house_rules(canasta.CLASSIC, ["H1", "H9", "H11"])
    state = canasta.new_game(rules, 6)
    while not (all(state.melds) and state.to_act == 0 and state.phase == "draw"):
        assert not state.round_over
        state = easy_steps(state, 1)
    page.add_init_script(ON_RESUME)
    store_save(page, state)
    page.goto("/?fast=1")
    page.wait_for_function("() => window.__resumed !== undefined", timeout=60_000)
    reload_mid_turn(page)
    assert saved_state(page).rules == rules
    expect(page.get_by_test_id("rules-link")).to_have_attribute(
        "href", "./static/rules/classic-house-rules.html")
