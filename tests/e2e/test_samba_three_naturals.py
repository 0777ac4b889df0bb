"""Samba with three naturals a meld at the table (issue 12; docs/variants/
samba-three-naturals.md N3, N4): a sequence started with a wild card in its gap, drawn
in place; a natural taking the wild card's place, the wild card moving to the end; the
label and the log counting its place. Chosen in the set-up dialog: test_variants.py."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.conftest import OTHERS, cards_of, open_position, select


def test_a_wild_card_in_a_sequence_is_drawn_in_its_place(page: Page) -> None:
    hand = ["5H", "6H", "8H", "2C", "7H", "9D", "KS", "KS", "QD", "4S"]
    open_position(page, {
        "variant": "samba-three-naturals", "to_move": 0, "phase": "play",
        "hands": [hand, *OTHERS], "melds": [[["KC", "KD", "KH"]], []], "pile": ["5D"],
        "scores": [0, 0]})
    select(page, ["8H", "2C", "5H", "6H"])
    page.get_by_test_id("btn-meld").click()
    hearts = page.locator("[data-testid^=meld-0-seq-][data-suit=H]")
    expect(hearts.locator(".mlabel")).to_have_text("Sequence ♥ 5–8 · 4")
    testid = str(hearts.get_attribute("data-testid"))
    assert cards_of(page, testid) == ["5H", "6H", "2C", "8H"]  # the 2 stands for the 7
    expect(page.get_by_test_id("log")).to_contain_text("started a sequence")
    # 7♥ takes the 2's place; the 2 moves to the high end (the 9).
    select(page, ["7H"])
    hearts.click()
    expect(hearts.locator(".mlabel")).to_have_text("Sequence ♥ 5–9 · 5")
    assert cards_of(page, testid) == ["5H", "6H", "7H", "8H", "2C"]
    expect(page.get_by_test_id("log")).to_contain_text("added 7♥ to the sequence 5♥–8♥")
    page.screenshot(path="test-results/samba-three-naturals-wild-in-sequence.png")
