"""The real page in Chromium: boot, turns, the pile, refusals, saves (issue 4)."""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

import canasta
from tests.e2e.conftest import hand_cards, my_turn, open_game, open_position, saved_game, select
from tests.e2e.rounds import melds_first, play_human_turns


def test_boot_shows_the_table_and_the_same_deal_as_cpython(page: Page) -> None:
    open_game(page, "seed=7&fast=1")
    my_turn(page)
    view = canasta.view_for(canasta.new_game("classic", 7), 0)
    assert hand_cards(page) == view["hand"]
    expect(page.get_by_test_id("banner")).to_contain_text("Your turn")
    expect(page.get_by_test_id("pile-top")).to_have_attribute("data-card", view["pile"]["top"])
    expect(page.get_by_test_id("stock-count")).to_have_text(f"Stock · {view['stock_size']}")
    for seat in (1, 2, 3):
        expect(page.get_by_test_id(f"seat-{seat}").get_by_test_id("hand-size")).to_have_text(
            f"{view['hand_sizes'][seat]} cards")
    assert page.get_by_test_id("hand-card").first.get_attribute("aria-label")


def test_full_turn_draw_meld_discard(page: Page) -> None:
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    select(page, ["4D", "4C", "JK"])
    expect(page.get_by_test_id("meld-meter")).to_contain_text("60 / 50")
    page.get_by_test_id("btn-meld").click()
    expect(page.get_by_test_id("meld-0-4")).to_be_visible()
    expect(page.get_by_test_id("hand-card")).to_have_count(9)
    first = hand_cards(page)[0]
    select(page, [first])
    page.get_by_test_id("btn-discard").click()
    expect(page.get_by_test_id("pile")).to_contain_text("Discard")
    expect(page.get_by_test_id("log")).to_contain_text("You discarded")


def test_take_the_pile(page: Page) -> None:
    open_game(page, "seed=4&fast=1")
    my_turn(page)
    # No initial meld yet: the pile is frozen for this team (not for everyone).
    expect(page.get_by_test_id("pile-frozen-for-you")).to_be_visible()
    expect(page.get_by_test_id("pile-frozen")).to_have_count(0)
    select(page, ["KD", "KC"])
    page.get_by_test_id("pile").click()
    expect(page.get_by_test_id("meld-0-K")).to_be_visible()
    expect(page.get_by_test_id("log")).to_contain_text("You took the pile")
    # The picked pair went to the table: nothing stays picked (nor another KD or KC).
    expect(page.locator("[data-testid=hand-card][aria-pressed=true]")).to_have_count(0)


def test_frozen_pile_refused_with_its_rule(page: Page) -> None:
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    select(page, ["KC", "2S"])
    page.get_by_test_id("pile").click()
    expect(page.get_by_test_id("refusal")).to_contain_text("frozen")
    expect(page.get_by_test_id("refusal-rule")).to_have_text("C14")
    expect(page.get_by_test_id("hand-card")).to_have_count(11)


def test_refused_initial_meld_shows_its_rule(page: Page) -> None:
    open_game(page, "seed=24&fast=1")
    my_turn(page)
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    select(page, ["4S", "4H", "4H"])
    page.get_by_test_id("btn-meld").click()
    expect(page.get_by_test_id("refusal-rule")).to_have_text("C26")


def test_cards_picked_before_the_draw_stay_picked(page: Page) -> None:
    # Picked in the draw phase (or while the draw is on its way): the drawn card (JH)
    # joins the sorted hand, and the same three cards are still the ones picked.
    open_game(page, "seed=24&fast=1")
    my_turn(page)
    select(page, ["4S", "4H", "KD"])
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    picked = page.locator("[data-testid=hand-card][aria-pressed=true]")
    expect(picked).to_have_count(3)
    assert sorted(picked.nth(i).get_attribute("data-card") or "" for i in range(3)) == [
        "4H", "4S", "KD"]
    expect(page.get_by_test_id("btn-draw")).to_be_disabled()


def test_reload_mid_turn_resumes_exactly(page: Page) -> None:
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    before = hand_cards(page)
    page.goto("/?fast=1")
    # The saved table shows before the engine is ready, then the engine resumes it.
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    expect(page.get_by_test_id("btn-discard")).to_be_visible()
    assert hand_cards(page) == before
    expect(page.get_by_test_id("btn-draw")).to_be_disabled()


def _ask_position() -> dict[str, object]:
    """Seat 0 can go out: the team has a canasta and the hand melds completely."""
    return {
        "variant": "classic", "to_move": 0, "phase": "draw",
        "hands": [["5H", "5D", "5C", "9H", "9D"], ["4S", "4S", "6C"], ["8S", "8H", "7D"],
                  ["TC", "TC", "JD"]],
        "melds": [[["KD", "KD", "KC", "KC", "KH", "KS", "2H"], ["9C", "9C", "9S"]],
                  [["QD", "QD", "QC"]]],
        "pile": ["7C"],
        "scores": [2000, 1000],
    }


def test_ask_to_go_out_partner_answers(page: Page) -> None:
    position = quote(json.dumps(_ask_position()))
    open_game(page, f"position={position}&fast=1")
    my_turn(page)
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("btn-ask")).to_be_enabled()
    page.get_by_test_id("btn-ask").click()
    expect(page.get_by_test_id("log")).to_contain_text("North answered")
    log = page.get_by_test_id("log").inner_text()
    if "answered yes" in log:
        expect(page.get_by_test_id("banner")).to_contain_text("Go out now")
        expect(page.get_by_test_id("btn-discard")).to_be_disabled()
    else:
        expect(page.get_by_test_id("coach")).to_contain_text("said no")


def test_partner_asks_the_human(page: Page) -> None:
    position = {
        "variant": "classic", "to_move": 2, "phase": "draw",
        "hands": [["4S", "6C", "8D"], ["4H", "4D", "6D"], ["5H", "5D", "5C", "9H", "9D"],
                  ["TC", "TC", "JD"]],
        "melds": [[["KD", "KD", "KC", "KC", "KH", "KS", "2H"], ["9C", "9C", "9S"]],
                  [["QD", "QD", "QC"]]],
        "pile": ["7C"],
        "scores": [2000, 1000],
    }
    open_game(page, f"position={quote(json.dumps(position))}&fast=1&level=normal")
    expect(page.get_by_test_id("answer-dialog")).to_be_visible(timeout=60_000)
    page.get_by_test_id("answer-no").click()
    expect(page.get_by_test_id("log")).to_contain_text("You answered no")


def test_full_storage_warns_and_play_goes_on(page: Page) -> None:
    page.add_init_script("""
        const real = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (key.startsWith('canasta:v1:game:') && window.__full) {
                throw new DOMException('full', 'QuotaExceededError');
            }
            return real.call(this, key, value);
        };
    """)
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    page.evaluate("window.__full = true")
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("warning")).to_contain_text("storage is full")
    expect(page.get_by_test_id("hand-card")).to_have_count(12)


def test_keyboard_selects_with_enter_and_plays_with_shortcuts(page: Page) -> None:
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    page.keyboard.press("d")  # draw
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    first = page.get_by_test_id("hand-card").first
    first.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("hand-card").first).to_have_attribute("aria-pressed", "true")
    first = hand_cards(page)[0]
    page.keyboard.press("x")  # discard the staged card
    # (Not the log: it shows its last 8 lines, which three fast AI turns may fill.)
    expect(page.get_by_test_id("hand-card")).to_have_count(11)
    discards = [a for a in saved_game(page)["engine"]["actions"]
        if a["type"] == "discard"]
    assert discards[0] == {"type": "discard", "card": first}


def test_drag_cards_onto_new_meld(page: Page) -> None:
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    page.get_by_test_id("btn-draw").click()
    select(page, ["4D", "4C"])
    joker = page.locator("[data-testid=hand-card][data-card='JK']").first
    joker.drag_to(page.get_by_test_id("new-meld"))
    expect(page.get_by_test_id("meld-0-4")).to_be_visible()


def test_refusal_links_to_the_rule_text_and_the_coach_can_be_hidden(page: Page) -> None:
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    select(page, ["KC", "2S"])
    page.get_by_test_id("pile").click()
    link = page.get_by_test_id("refusal-rule")
    expect(link).to_have_attribute("href", "./rules.html#C14")
    expect(page.get_by_test_id("coach")).not_to_be_empty()
    page.get_by_test_id("coach-button").click()
    expect(page.get_by_test_id("coach")).to_be_empty()
    rules = page.context.new_page()
    rules.goto("/rules.html#C14")
    expect(rules.locator("#C14")).to_contain_text("Frozen")


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (390, 844)])
def test_a_refusal_shows_in_sight_and_the_table_does_not_move(
        page: Page, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    table = page.locator(".table")
    before = table.evaluate("(t) => t.getBoundingClientRect().top + window.scrollY")
    select(page, ["KC", "2S"])
    page.get_by_test_id("pile").click()
    refusal = page.get_by_test_id("refusal")
    expect(refusal).to_be_visible()
    expect(refusal).to_be_in_viewport()
    assert table.evaluate("(t) => t.getBoundingClientRect().top + window.scrollY") == before


def test_the_header_shows_the_next_rounds_minimum_on_the_score_sheet(page: Page) -> None:
    """Issue 15: once a round is scored, the header's minimum is the next round's (C25):
    1400 and this round's points pass 1500, so 90, not the 50 this round needed."""
    kings = ["KC", "KD", "KD", "KH", "KH", "KS", "KS"]
    position = {"variant": "classic", "to_move": 0, "phase": "play",
                "hands": [["QC", "QD", "QH", "8S"], ["4S", "4D", "7D", "9C", "9D"],
                          ["JS", "JD", "7S", "5C", "5D"], ["6S", "6D", "7H", "TC", "TD"]],
                "melds": [[kings], []], "pile": ["7C"], "scores": [1400, 0]}
    open_game(page, "fast=1&position=" + quote(json.dumps(position)))
    expect(page.get_by_test_id("score-0")).to_contain_text("min 50")
    end = play_human_turns(page, melds_first, 1)
    assert end.round_over and end.totals()[0] >= 1500
    expect(page.get_by_test_id("score-sheet")).to_be_visible()
    expect(page.get_by_test_id("score-0")).to_contain_text("min 90")
    other = canasta.get_rules("classic").minimum_for(end.totals()[1])
    expect(page.get_by_test_id("score-1")).to_contain_text(f"min {other}")


def test_the_card_drawn_and_the_last_ai_discard_are_marked(page: Page) -> None:
    """Issue 15, moves you can see: the card your draw brought is marked until your turn
    ends; another player's discard just made is ringed on the pile (and arrives)."""
    open_game(page, "seed=7&fast=1&level=easy")
    my_turn(page)
    start = canasta.from_json(saved_game(page)["engine"])
    # The turned-up card is nobody's discard.
    expect(page.get_by_test_id("pile-top")).not_to_have_class(re.compile(r"\bai-discard\b"))
    page.get_by_test_id("btn-draw").click()
    drawn = page.locator("[data-testid=hand-card].drawn")
    expect(drawn).to_have_count(1)
    assert drawn.get_attribute("data-card") == start.stock[0]
    page.locator("[data-testid=hand-card]:not(.drawn)").first.click()
    page.get_by_test_id("btn-discard").click()
    my_turn(page)  # the three others have played: the last of them discarded
    state = canasta.from_json(saved_game(page)["engine"])
    last = state.action_list()[-1]
    assert isinstance(last, canasta.game.actions.Discard)
    expect(page.get_by_test_id("pile-top")).to_have_class(re.compile(r"\bai-discard\b"))
    expect(drawn).to_have_count(0)
    page.get_by_test_id("btn-draw").click()
    expect(drawn).to_have_count(1)


def test_the_four_colour_deck_is_a_remembered_choice(page: Page) -> None:
    """Issue 15 (real card faces): diamonds blue and clubs green for players who tell
    red from black poorly; off by default, kept in the settings across a reload."""
    open_game(page, "seed=5&fast=1")
    my_turn(page)
    button = page.get_by_test_id("colours-button")
    expect(button).to_have_attribute("aria-pressed", "false")

    def colours() -> dict[str, str]:
        found: dict[str, str] = page.evaluate("""() => {
            const out = {};
            for (const s of ['S', 'H', 'D', 'C']) {
                const card = document.querySelector('.card.suit-' + s);
                if (card) out[s] = getComputedStyle(card).color;
            }
            return out;
        }""")
        return found

    two = colours()
    assert two.get("D") == two.get("H") or "D" not in two or "H" not in two
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    four = colours()
    if "D" in four:
        assert four["D"] == "rgb(11, 79, 168)"
    if "C" in four:
        assert four["C"] == "rgb(27, 107, 34)"
    assert {"D", "C"} & set(four), "the hand should show a diamond or a club"
    page.reload()
    my_turn(page)
    expect(page.get_by_test_id("colours-button")).to_have_attribute("aria-pressed", "true")
    assert colours() == four


COURT = [rank + suit for rank in "KQJ" for suit in "SHDC"] + ["JK"]


def test_court_cards_and_jokers_show_their_pictures(page: Page) -> None:
    """Issue 15 (real card faces): each king, queen, jack and the joker shows its own
    portrait (static/cards/, cut from SVG-cards by tools/cards.py), loaded from this
    site, at least half the card's width, behind the table's own corner index, which is
    painted on the card's colour; a number card keeps its large suit and no picture."""
    open_position(page, {
        "variant": "classic", "to_move": 0, "phase": "draw",
        "hands": [[*COURT, "5S", "AS"], ["4C", "5C"], ["9H", "9D"], ["8S", "8D"]],
        "melds": [[], []], "pile": ["6S"], "scores": [0, 0]})
    pictures = page.evaluate("""async () => {
        const out = {};
        for (const card of document.querySelectorAll('[data-testid=hand-card]')) {
            const style = getComputedStyle(card);
            if (style.backgroundImage === 'none') { out[card.dataset.card] = null; continue; }
            const url = style.backgroundImage.slice(5, -2);
            const image = new Image();
            image.src = url;
            let loaded = true;
            try { await image.decode(); } catch (e) { loaded = false; }
            const height = card.clientHeight - 6;
            out[card.dataset.card] = {
                url: url.replace(location.origin, ''), loaded,
                share: height * image.naturalWidth / image.naturalHeight / card.clientWidth,
                index: getComputedStyle(card.querySelector('.cr')).backgroundColor,
                paper: style.backgroundColor,
                suit: card.querySelector('.cs').textContent};
        }
        return out;
    }""")
    assert pictures["5S"] is None and pictures["AS"] is None
    for card in COURT:
        found = pictures[card]
        assert found is not None, card
        assert found["url"] == f"/static/cards/{card}.svg", found
        assert found["loaded"] and found["share"] >= 0.5, (card, found)
        assert found["index"] == found["paper"] != "rgba(0, 0, 0, 0)", (card, found)
        assert found["suit"] == "", (card, found)
    suits = page.evaluate("""() => [...document.querySelectorAll(
        '[data-testid=hand-card][data-card="5S"] .cs')].map(e => e.textContent)""")
    assert suits == ["♠"]


FLIGHTS = """
window.__flights = [];
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) {
    if (node.classList && node.classList.contains('flying')) {
      window.__flights.push({hidden: node.getAttribute('aria-hidden'),
                             html: node.innerHTML.slice(0, 80)});
    }
  }
}).observe(document, {childList: true, subtree: true});
"""


def test_the_other_players_moves_fly_from_their_seats(page: Page) -> None:
    """Issue 15 (moves you can see): after your discard the others' draws, melds and
    discards fly from their seats (hidden from screen readers, gone once landed)."""
    page.add_init_script(FLIGHTS)
    open_game(page, "seed=5&fast=1&level=easy")
    play_human_turns(page, melds_first, 2)
    my_turn(page)
    flights = page.evaluate("window.__flights")
    assert len(flights) >= 3, flights
    assert all(f["hidden"] == "true" for f in flights)
    assert any("back" in f["html"] for f in flights)  # a draw: a card back
    assert any("data-card" in f["html"] for f in flights)  # a discard: its face
    expect(page.locator(".flying")).to_have_count(0)  # each removed once landed


def test_nothing_flies_under_reduced_motion(page: Page) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(FLIGHTS)
    open_game(page, "seed=5&fast=1&level=easy")
    play_human_turns(page, melds_first, 2)
    my_turn(page)
    assert page.evaluate("window.__flights") == []
