"""Samba at the table (issue 12; docs/variants/samba.md S3, S6, S7): sequences drawn as
runs of one suit in run order with their labels, a completed one (a samba) squared up
and named; a sequence started by melding cards of several ranks, joined by clicking it,
the pile's top card laid on a sequence it continues (clicked, chosen with the keyboard,
dragged); a second meld of a rank (S5); the hand sorted by suit; Bolivia's escalera and
bolivia named as the view names them. Samba chosen in the set-up dialog and a whole round:
test_variants.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.conftest import cards_of, hand_cards, open_position, saved_game, select

SHOTS = Path("test-results")
SUITS = "SHCD"  # the hand sorted by suit: black and red in turn (static/ui/ui_base.py)
RANKS = "3456789TJQKA"

OPPONENTS = [["4C", "5C", "6C", "7C", "8C"], ["4H", "4H", "6C", "6C", "7C"],
             ["KH", "KH", "KH", "QC", "QC"]]


def samba(hand: list[str], melds: list[list[list[str]]], pile: list[str]) -> dict[str, Any]:
    """A Samba position: the human to draw with `hand`, the teams' `melds`."""
    return {"variant": "samba", "to_move": 0, "phase": "draw", "hands": [hand, *OPPONENTS],
            "melds": melds, "pile": pile, "scores": [0, 0]}


TABLE = samba(
    ["5H", "7H", "6H", "8H", "9D", "9D", "KC", "KC", "QS", "4C", "2D", "JK", "TH", "AH", "3C"],
    [[["4S", "5S", "6S", "7S", "8S"], ["4D", "5D", "6D", "7D", "8D", "9D", "TD"],
      ["QH", "QH", "QD"]],
     [["9C", "TC", "JC"]]],
    ["KD", "9S"])


def last_action(page: Page) -> dict[str, Any]:
    action: dict[str, Any] = saved_game(page)["engine"]["actions"][-1]
    return action


def by_suit(cards: list[str]) -> list[str]:
    """The hand as the suit order draws it: naturals by suit in run order, wild cards
    last (jokers first), equal cards in the view's order."""
    def key(item: tuple[int, str]) -> tuple[int, int, int]:
        i, c = item
        if c == "JK" or c[0] == "2":
            return (len(SUITS), 0 if c == "JK" else 1, i)
        return (SUITS.index(c[1]), RANKS.index(c[0]), i)
    return [c for _, c in sorted(enumerate(cards), key=key)]


def test_sequences_are_drawn_started_joined_and_the_hand_sorts_by_suit(page: Page) -> None:
    open_position(page, TABLE)
    # S6: a sequence is a run of one suit in run order, named by its id (it has no rank).
    run = page.get_by_test_id("meld-0-seq-1")
    assert cards_of(page, "meld-0-seq-1") == ["4S", "5S", "6S", "7S", "8S"]
    expect(run.locator(".mlabel")).to_have_text("Sequence ♠ 4–8 · 5")
    expect(run).to_have_attribute("data-kind", "sequence")
    # S7: seven cards make a samba, squared up under its highest card, closed.
    done = page.get_by_test_id("meld-0-seq-2")
    expect(done.locator(".mlabel")).to_have_text("Samba ♦ 4–10 · 1500 · closed")
    expect(done.locator(".card.canasta-sequence")).to_have_count(1)
    # Groups keep their names; the other team's sequence is labelled for everyone.
    expect(page.get_by_test_id("meld-0-Q").locator(".mlabel")).to_have_text("Queens · 3")
    expect(page.get_by_test_id("meld-1-seq-4")).to_have_attribute(
        "aria-label", "Sequence ♣ 9–J · 3")
    # S3: the pile's top card continues the sequence: the coach says so, a click takes it.
    expect(page.get_by_test_id("coach")).to_contain_text("continues your sequence 4♠–8♠")
    page.get_by_test_id("pile").click()
    expect(run.locator(".mlabel")).to_have_text("Sequence ♠ 4–9 · 6")
    assert last_action(page) == {"type": "take_pile", "cards": [], "onto": 1}
    expect(page.get_by_test_id("log")).to_contain_text(
        "took the pile: 9♠ on the sequence 4♠–8♠ (1 more card from the pile)")
    # Cards of several ranks and one suit, selected out of order, start a sequence.
    select(page, ["7H", "5H", "6H"])
    page.get_by_test_id("btn-meld").click()
    hearts = page.locator("[data-testid^=meld-0-seq-][data-suit=H]")
    expect(hearts.locator(".mlabel")).to_have_text("Sequence ♥ 5–7 · 3")
    testid = str(hearts.get_attribute("data-testid"))
    assert cards_of(page, testid) == ["5H", "6H", "7H"]
    assert last_action(page) == {"type": "meld", "cards": ["5H", "6H", "7H"]}  # no onto
    expect(page.get_by_test_id("log")).to_contain_text("started a sequence 5♥ 6♥ 7♥")
    # A card joins it when the sequence is clicked (named by its id).
    select(page, ["8H"])
    hearts.click()
    expect(hearts.locator(".mlabel")).to_have_text("Sequence ♥ 5–8 · 4")
    assert last_action(page) == {"type": "meld", "cards": ["8H"],
                                 "onto": int(testid.rsplit("-", 1)[1])}
    expect(page.get_by_test_id("log")).to_contain_text("added 8♥ to the sequence 5♥–7♥")
    # The hand sorted by suit: each suit's cards together in run order, wild cards last.
    by_rank = hand_cards(page)
    sort = page.get_by_test_id("sort-button")
    expect(sort).to_have_attribute("aria-pressed", "false")
    sort.click()
    expect(sort).to_have_attribute("aria-pressed", "true")
    assert hand_cards(page) == by_suit(by_rank)
    expect(page.locator("#hand .group[aria-label=Spades]")).to_have_count(1)
    settings = page.evaluate("() => JSON.parse(localStorage.getItem('canasta:v1:settings'))")
    assert settings["sort"] == "suit"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "samba-1280x900.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / "samba-390x844.png"))
    # The choice is kept across a reload (the position is dealt afresh); a second press,
    # or the shortcut S, sorts by rank again: the engine's order.
    page.reload()
    page.wait_for_selector("[data-testid=hand-card]")
    expect(page.get_by_test_id("sort-button")).to_have_attribute("aria-pressed", "true")
    by_rank = saved_game(page)["view"]["hand"]
    assert hand_cards(page) == by_suit(by_rank) != by_rank
    card = page.locator("[data-testid=hand-card][data-card=QS]")
    card.focus()
    page.keyboard.press("s")  # (the card keeps the focus in its new place)
    expect(page.get_by_test_id("sort-button")).to_have_attribute("aria-pressed", "false")
    assert hand_cards(page) == by_rank
    assert page.evaluate("() => document.activeElement.dataset.card") == "QS"
    page.get_by_test_id("sort-button").focus()
    page.keyboard.press("Enter")  # the toggle keeps the focus too
    expect(page.get_by_test_id("sort-button")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("sort-button")).to_be_focused()


TWO_RUNS = samba(
    ["5H", "6H", "8H", "9D", "9D", "KC", "KC", "QD", "4C", "2D", "JK", "TH", "AH", "3C", "7D"],
    [[["4S", "5S", "6S", "7S", "8S"], ["TS", "JS", "QS"]], [["9C", "TC", "JC"]]],
    ["KD", "9S"])


def test_the_top_card_goes_on_the_sequence_chosen_by_keyboard_or_by_dragging(page: Page) -> None:
    open_position(page, TWO_RUNS)
    # 9♠ continues both spade sequences: a click on the pile asks which one.
    page.get_by_test_id("pile").click()
    expect(page.get_by_test_id("refusal")).to_contain_text("more than one of your melds")
    # The keyboard chooses the sequence (Enter on it), then T takes the pile onto it.
    high = page.get_by_test_id("meld-0-seq-2")
    high.focus()
    page.keyboard.press("Enter")
    expect(high).to_have_class("meld sequence target")
    page.keyboard.press("t")
    expect(high.locator(".mlabel")).to_have_text("Sequence ♠ 9–Q · 4")
    assert cards_of(page, "meld-0-seq-2") == ["9S", "TS", "JS", "QS"]
    assert last_action(page) == {"type": "take_pile", "cards": [], "onto": 2}
    # The same table again: the pile dragged onto the other sequence.
    open_position(page, TWO_RUNS)
    page.get_by_test_id("pile").drag_to(page.get_by_test_id("meld-0-seq-1"))
    expect(page.get_by_test_id("meld-0-seq-1").locator(".mlabel")).to_have_text(
        "Sequence ♠ 4–9 · 6")
    assert last_action(page) == {"type": "take_pile", "cards": [], "onto": 1}


def test_a_sequence_set_aside_for_the_initial_meld_is_counted_and_grows(page: Page) -> None:
    """Issue 15's safe commitments with S6: a sequence set aside counts on the meter, a
    card staged and clicked onto it joins it (shown in run order), and the melds go down
    together once they reach the minimum (S10: 50 at 0 points)."""
    position = samba(
        ["JS", "TS", "9S", "QS", "KS", "KD", "KC", "5C", "4D", "7H", "7D", "AC", "AD", "6S",
         "3C"], [[], []], ["9D"])
    position["phase"] = "play"
    open_position(page, position)
    select(page, ["JS", "9S", "TS"])
    page.get_by_test_id("btn-meld").click()
    aside = page.get_by_test_id("pending-melds")
    expect(aside).to_contain_text("30 of 50 points")
    expect(page.get_by_test_id("meld-meter")).to_have_text("Initial meld 30 / 50")
    select(page, ["QS"])
    aside.locator("[data-act=meld-target]").click()
    expect(aside).to_contain_text("40 of 50 points")
    assert aside.locator(".card").evaluate_all("els => els.map(e => e.dataset.card)") == [
        "9S", "TS", "JS", "QS"]
    select(page, ["KS", "KD", "KC"])
    page.get_by_test_id("btn-meld").click()
    expect(page.get_by_test_id("meld-0-seq-1").locator(".mlabel")).to_have_text(
        "Sequence ♠ 9–Q · 4")
    expect(page.get_by_test_id("meld-0-K")).to_be_visible()
    actions = saved_game(page)["engine"]["actions"]
    assert actions[-3:] == [{"type": "meld", "cards": ["9S", "TS", "JS"]},
                            {"type": "meld", "cards": ["QS"], "onto": 1},
                            {"type": "meld", "cards": ["KS", "KD", "KC"]}]


def test_a_second_meld_of_a_rank_starts_on_new_meld(page: Page) -> None:
    """S5: beside a canasta of kings, kings put on "+ New meld" start a second meld of
    kings ("new"), drawn with a test id of its own beside the canasta's."""
    position = samba(
        ["KC", "KC", "KS", "QS", "5H", "6H", "9D", "9D", "4C", "JK", "TH", "AH", "3C", "7D",
         "8D"],
        [[["KD", "KD", "KD", "KS", "KS", "KC", "2C"]], []], ["9C"])
    position["phase"] = "play"
    open_position(page, position)
    canasta_of_kings = page.get_by_test_id("meld-0-K")
    expect(canasta_of_kings.locator(".mlabel")).to_contain_text("canasta · Kings · 7")
    select(page, ["KC", "KC", "KS"])
    page.get_by_test_id("new-meld").click()
    second = page.locator("[data-testid^=meld-0-K-]")
    expect(second.locator(".mlabel")).to_have_text("Kings · 3")
    sent = last_action(page)
    assert sorted(sent["cards"]) == ["KC", "KC", "KS"] and sent["new"] is True
    assert second.get_attribute("data-testid") == f"meld-0-K-{second.get_attribute('data-meld-id')}"
    expect(canasta_of_kings.locator(".mlabel")).to_contain_text("· 7")
    expect(page.get_by_test_id("log")).to_contain_text("You melded K")  # not a lay-off


def test_bolivia_names_its_escalera_and_its_bolivia(page: Page) -> None:
    """The names come from the view (docs/variants/bolivia.md B2, B3): a sequence's
    canasta is an escalera there, a closed meld of seven wild cards a bolivia."""
    open_position(page, {
        "variant": "bolivia", "to_move": 0, "phase": "play",
        "hands": [["5H", "6H", "9D", "KC"], ["4C", "5C"], ["4H", "6C"], ["KH", "QC"]],
        "melds": [[["4S", "5S", "6S", "7S", "8S", "9S", "TS"],
                   ["2C", "2D", "2H", "2S", "JK", "JK", "2C"]], []],
        "pile": ["9S"], "scores": [0, 0]})
    expect(page.get_by_test_id("meld-0-seq-1").locator(".mlabel")).to_have_text(
        "Escalera ♠ 4–10 · 1500 · closed")
    expect(page.get_by_test_id("meld-0-W").locator(".mlabel")).to_have_text(
        "Bolivia · Wild cards · 7 · closed")
