"""The escalera game at the table (issue 12; docs/variants/escalera.md): a set of black 3s
melded in the middle of the round (E5), the eleven stock cards for the round's first
canasta (E7), and no "May I go out?" (E4: nobody goes out). Chosen in
the set-up dialog: test_variants.py."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.conftest import OTHERS, hand_cards, open_position, select


def test_black_threes_the_first_canasta_s_cards_and_nobody_going_out(page: Page) -> None:
    hand = ["3S", "3C", "3S", "KS", "9D", "9H", "9C", "JD", "4S"]
    open_position(page, {
        "variant": "escalera", "to_move": 0, "phase": "play", "hands": [hand, *OTHERS],
        "melds": [[["KC", "KD", "KD", "KH", "KH", "KS"]], []], "pile": ["5D"],
        "scores": [0, 0]})
    expect(page.get_by_test_id("btn-ask")).to_have_count(0)  # E4: nobody goes out
    page.keyboard.press("a")  # the shortcut says why, and links the game's rule E4
    expect(page.get_by_test_id("refusal")).to_contain_text("Nobody goes out in this game")
    expect(page.get_by_test_id("refusal-rule")).to_have_attribute(
        "href", "./static/rules/escalera.html#E4")
    # E5: three black 3s go down as the side's set, mid-round.
    select(page, ["3S", "3C", "3S"])
    page.get_by_test_id("btn-meld").click()
    expect(page.get_by_test_id("meld-0-3")).to_be_visible()
    # E7: the seventh king makes the round's first canasta: eleven stock cards join.
    select(page, ["KS"])
    page.get_by_test_id("meld-0-K").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(5 + 11)
    expect(page.get_by_test_id("log")).to_contain_text("took 11 cards from the stock")
    page.screenshot(path="test-results/escalera-first-canasta.png")
    assert len(hand_cards(page)) == 16
