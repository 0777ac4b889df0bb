"""Every registered game in the browser (issue 11, variant checklist item 5): each one
chosen in the set-up dialog, dealt with the deal number typed there, and a turn played;
Free Canasta, the wild-canasta game, Cuban, Mexicana, Modern American and Samba played
through a whole round and checked against the engine."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import canasta
from canasta.game.cards import WILDS
from canasta.rules.pages import variant_href
from tests.e2e.conftest import expect_refusal, hand_cards, my_turn, open_game, select
from tests.e2e.rounds import (
    expected_round,
    melds_first,
    moves,
    play_human_turns,
    saved,
    saved_state,
    store_save,
    totals,
    turn_from,
)

SEED = 5


@pytest.mark.parametrize("name", list(canasta.VARIANTS))
def test_each_game_starts_from_the_dialog_and_plays_a_turn(page: Page, name: str) -> None:
    rules = canasta.VARIANTS[name]
    open_game(page, "fast=1")
    expect(page.get_by_test_id("setup-dialog")).to_be_visible()
    page.get_by_test_id("opt-variant").select_option(name)
    expect(page.get_by_test_id("variant-note")).to_have_text(rules.title)
    page.get_by_test_id("opt-seed").fill(str(SEED))
    page.get_by_test_id("start-game").click()
    my_turn(page)
    # The game dealt is the one chosen, by value, with the deal number typed.
    start = saved(page)
    assert start["view"]["rules"] == rules.to_json()
    assert start["engine"]["seed"] == SEED
    assert hand_cards(page) == canasta.view_for(canasta.new_game(rules, SEED), 0)["hand"]
    expect(page.locator("section.seat:not([hidden])")).to_have_count(rules.players - 1)
    expect(page.get_by_test_id("rules-link")).to_have_attribute("href", variant_href(name))
    # One turn: draw, then meld what the engine lists (if anything), then discard.
    played = len(start["engine"]["actions"])
    state = play_human_turns(page, melds_first, 1)
    turn = turn_from(state, played)
    assert turn[0] == "draw" and turn[-1] == "discard" and set(turn[1:-1]) <= {"meld"}, turn
    # The others play on, and it is the human's turn again (or the round is over).
    my_turn(page)


def whole_round(page: Page, variant: str, seed: int, first_turn: str = "") -> canasta.State:
    """Play a round of `variant` dealt by `seed` in the page (the human by `melds_first`,
    easy computer players) to its score sheet, after checking that the element
    `first_turn` (a test id) shows on the first turn. The engine replays the page's save;
    CPython plays the same round with the worker's AI seeds and the same scripted human:
    the same moves, the same scores. The round's end."""
    open_game(page, f"variant={variant}&seed={seed}&fast=1&level=easy")
    if first_turn:
        my_turn(page)
        expect(page.get_by_test_id(first_turn)).to_be_visible()
    end = play_human_turns(page, melds_first, 100)
    expect(page.get_by_test_id("score-sheet")).to_be_visible()
    assert end.round_over
    want = expected_round(variant, seed, "easy", melds_first)
    assert [canasta.action_to_json(a) for a in end.action_list()] == [
        canasta.action_to_json(a) for a in want.action_list()]
    shown = [int(page.get_by_test_id(f"sheet-total-{t}").inner_text()) for t in range(2)]
    assert shown == totals(end) == totals(want)
    return end


FREE_SEED = 151  # the human starts a meld of wild cards and puts wild cards on a meld


def test_free_canasta_a_whole_round_in_the_browser(page: Page) -> None:
    end = whole_round(page, "free-canasta", FREE_SEED)
    # The human's moves went through the table's controls, melds named by id.
    human = [a for seat, a in moves(end) if seat == 0]
    wild = [a for a in human if a["type"] == "meld" and all(c in WILDS for c in a["cards"])]
    assert any("onto" not in a for a in wild), "no meld of wild cards was started"
    assert any("onto" in a for a in wild), "no wild card was put on a meld by its id"
    assert all("rank" not in a for a in human if a["type"] == "meld")


WILD_SEED = 1  # the human's team closes a canasta at seven cards (easy computer players)


def test_wild_canasta_game_a_whole_round_in_the_browser(page: Page) -> None:
    # The pile is always frozen (W4), whatever lies in it.
    end = whole_round(page, "wild-canasta", WILD_SEED, "pile-always-frozen")
    # No meld grew past seven (W2), and the table calls a canasta of seven closed.
    assert all(len(m.cards) <= 7 for team in end.melds for m in team)
    closed = [m for m in end.melds[0] if len(m.cards) == 7 and m.kind == "group"]
    assert closed
    expect(page.get_by_test_id(f"meld-0-{closed[0].rank}")).to_contain_text("closed")


CUBAN_SEED = 2  # the human's team sets a black 3 aside (easy computer players)


def test_cuban_a_whole_round_in_the_browser(page: Page) -> None:
    end = whole_round(page, "cuban", CUBAN_SEED, "pile-always-frozen")  # K3
    # K10: the black 3 set aside is drawn beside the red 3s and scored on the sheet.
    aside = end.aside_of(0)
    assert aside
    cards = page.get_by_test_id("black-threes-aside-0").locator("[data-card]")
    expect(cards).to_have_count(len(aside))
    expect(page.get_by_test_id("sheet-extra-set_aside_black_threes-0")).to_have_text(
        str(5 * len(aside)))


MEXICANA_SEED = 2  # the human opens first and the human's team makes a canasta of 7s


def test_mexicana_a_whole_round_in_the_browser(page: Page) -> None:
    # M7: at the deal the pile holds one card, and the table says from how many it is taken.
    end = whole_round(page, "mexicana", MEXICANA_SEED, "pile-too-small")
    # M3: the human's initial meld brought 13 stock cards, and the history says so.
    assert next(e["seat"] for e in end.log_list() if e.get("event") == "reserve") == 0
    expect(page.get_by_test_id("log")).to_contain_text("took 13 cards from the stock")
    # M6: the canasta of 7s is labelled with its 1000 and scored so; M8: two red 3s.
    expect(page.get_by_test_id("meld-0-7")).to_contain_text("1000")
    assert len(end.red_threes[0]) >= 2 and end.went_out is not None and end.went_out % 2 == 0


AMERICAN_SEED = 38  # the human opens first, then goes out (easy computer players)


def test_american_a_whole_round_in_the_browser(page: Page) -> None:
    # U3: no upcard; U13: the table says what may not go onto the empty pile.
    end = whole_round(page, "american", AMERICAN_SEED, "pile-empty-bars")
    # U6: the human's initial meld brought four bonus cards, and the history says so.
    assert next((e["seat"], e["count"]) for e in end.log_list()
                if e.get("event") == "reserve") == (0, 4)
    expect(page.get_by_test_id("log")).to_contain_text("took 4 cards from the stock")
    # U5: every 3 was laid down, black ones too, and shown among the team's 3s.
    blacks = [c for c in end.red_threes[0] if c in ("3S", "3C")]
    if blacks:
        expect(page.get_by_test_id("red-threes-0")).to_contain_text("3s")
    assert not any(c[0] == "3" for hand in end.hands for c in hand)
    # U15: the human went out by discarding the last card; U17: the unfinished meld
    # costs its line on the score sheet.
    assert end.went_out == 0 and end.action_list()[-1].__class__.__name__ == "Discard"
    row = canasta.round_score(end)[0]
    expect(page.get_by_test_id("sheet-extra-unfinished_melds-0")).to_have_text(
        str(row["extras"]["unfinished_melds"]))


SAMBA_SEED = 117  # the human starts sequences, adds to one and goes out; their side has a samba


def test_samba_a_whole_round_in_the_browser(page: Page) -> None:
    end = whole_round(page, "samba", SAMBA_SEED)
    # S6: the human started sequences with the Meld button (several ranks, no onto) and
    # added a card to one by clicking it (named by its id); the history says both.
    human = [a for seat, a in moves(end) if seat == 0 and a["type"] == "meld"]
    started = [a for a in human if "onto" not in a and len({c[0] for c in a["cards"]}) > 1]
    runs = {m.id for team in end.melds for m in team if m.kind == "sequence"}
    added = [a for a in human if a.get("onto") in runs]
    assert started and added
    expect(page.get_by_test_id("log")).to_contain_text("started a sequence")
    expect(page.get_by_test_id("log")).to_contain_text("to the sequence")
    # Every sequence is drawn as its run, by id; S7: a samba is named, with its bonus.
    for team in (0, 1):
        for m in end.melds[team]:
            if m.kind == "sequence":
                meld = page.get_by_test_id(f"meld-{team}-seq-{m.id}")
                expect(meld).to_have_attribute("data-suit", m.cards[0][1])
                if len(m.cards) == 7:
                    expect(meld).to_contain_text("Samba")
                    expect(meld).to_contain_text("1500")
                else:
                    expect(meld.locator(".card")).to_have_count(len(m.cards))
    assert any(len(m.cards) == 7 for m in end.melds[0] if m.kind == "sequence")


BRAZILIAN_SEED = 6  # East goes out after the partner's yes; both sides hold sequences of five


def test_brazilian_a_whole_round_in_the_browser(page: Page) -> None:
    end = whole_round(page, "brazilian", BRAZILIAN_SEED)
    # BR8: the player who went out asked first and heard yes, that very turn.
    out = end.went_out
    assert out is not None and out % 2 == 1
    asked = [i for i, (seat, a) in enumerate(moves(end)) if a["type"] == "ask" and seat == out]
    assert asked
    # BR5: each side's sequences of five or more have their line on the score sheet.
    rows = canasta.round_score(end)
    for team in (0, 1):
        expect(page.get_by_test_id(f"sheet-extra-sequences-{team}")).to_have_text(
            str(rows[team]["extras"]["sequences"]))


ESCALERA_SEED = 8  # the human makes the round's first canasta and takes eleven cards


def test_escalera_a_whole_round_in_the_browser(page: Page) -> None:
    end = whole_round(page, "escalera", ESCALERA_SEED)
    # E4: nobody went out: the round ran to the end of the stock.
    assert end.went_out is None and not end.stock
    # E7: the human's first canasta brought eleven stock cards, and the history says so.
    assert next((e["seat"], e["count"]) for e in end.log_list()
                if e.get("event") == "reserve") == (0, 11)
    expect(page.get_by_test_id("log")).to_contain_text("took 11 cards from the stock")


def test_american_special_hand_in_the_browser(page: Page) -> None:
    """U21 (an option): a hand of fourteen natural pairs, before the side has melded,
    offers "Lay down special hand"; the click ends the round, which scores its 2500."""
    from canasta.rules.house_rules import rules_named
    from tests.engine.test_american import PAIRS, at

    store_save(page, at(rules_named("american+U21"), PAIRS))
    page.goto("/?fast=1&level=easy")
    page.wait_for_selector("body[data-engine=ready]")
    button = page.get_by_test_id("special-hand")
    expect(button).to_be_visible()
    button.click()
    expect(page.get_by_test_id("sheet-extra-special_hand-0")).to_have_text("2500")
    expect(page.get_by_test_id("went-out")).to_contain_text(
        "went out with a special hand, pairs without wild cards")
    expect(page.get_by_test_id("special-hand-cards").locator(".card")).to_have_count(14)
    expect(page.get_by_test_id("left-0")).to_have_count(0)
    end = saved_state(page)
    assert end.special_hand == "pairs" and end.went_out == 0


def test_american_natural_triple_in_the_browser(page: Page) -> None:
    """U23 (an option): the meter and the score line ask for a natural meld of three
    besides the 125 points; A A Jkr and K K 2 reach the points without one, and the
    engine's refusal, cited U23, shows before anything is laid down."""
    from canasta.rules.house_rules import rules_named
    from tests.engine.test_american import at

    hand = ["AS", "AH", "JK", "KS", "KH", "2C", "9S", "4H"]
    store_save(page, at(rules_named("american+U23"), hand))
    page.goto("/?fast=1&level=easy")
    page.wait_for_selector("body[data-engine=ready]")
    meter = page.get_by_test_id("meld-meter")
    expect(meter).to_have_text("Initial meld 0 / 125 + a natural meld of three")
    expect(page.get_by_test_id("score-0")).to_contain_text("min 125 + natural triple")
    expect(page.get_by_test_id("coach")).to_have_text(
        "Your team's initial meld needs 125 points (U11) and a natural meld of three cards "
        "or more (U23); then you take 4 cards from the stock.")
    select(page, ["AS", "AH", "JK"])  # the engine's look-ahead: no triple can follow
    expect(meter).to_have_text("Initial meld 0 / 125 + a natural meld of three · not a "
                               "valid meld (U23)")
    page.get_by_test_id("btn-meld").click()
    expect_refusal(page, "U23", "./static/rules/american.html#U23",
                   "initial meld needs a natural meld of three cards or more")
    page.screenshot(path="test-results/american-natural-triple.png")
    page.get_by_test_id("btn-clear").click()
    # K K with the 2 and A A with the joker would make the points, but not the triple.
    select(page, ["KS", "KH", "2C"])
    expect(meter).to_contain_text("not a valid meld (U23)")
    assert not saved_state(page).melds[0]  # nothing was laid down


def test_american_closed_to_both_in_the_browser(page: Page) -> None:
    """U24 (an option): the opponents' canasta of kings closes kings for this side too;
    K K Jkr is refused, cited U24, with a link to the rules page."""
    from canasta.rules.house_rules import rules_named
    from tests.engine.test_american import THEIR_KINGS, at

    state = at(rules_named("american+U24"), ["KD", "KH", "JK", "9S", "4H"],
               melds=[[["JS", "JH", "JD"]], [THEIR_KINGS]])
    store_save(page, state)
    page.goto("/?fast=1&level=easy")
    page.wait_for_selector("body[data-engine=ready]")
    expect(page.get_by_test_id("melds-team-1")).to_contain_text(
        "Mixed canasta · Kings · 7 · closed to both sides")
    select(page, ["KD", "KH", "JK"])
    page.get_by_test_id("btn-meld").click()
    expect_refusal(page, "U24", "./static/rules/american.html#U24",
                   "The opponents' canasta of kings has closed the rank for both sides")
    page.screenshot(path="test-results/american-closed-to-both.png")
    assert len(saved_state(page).melds[0]) == 1  # nothing more was laid down
