"""The table names melds by their id (issue 11, docs/ENGINE.md "onto"): each meld is
drawn with data-meld-id, and cards put on a chosen meld — clicked, dragged, or chosen
first and then melded — and the pile taken onto a meld send `"onto": <id>`."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_game, select
from tests.e2e.rounds import saved, wait_for_actions

KINGS = ["KC", "KC", "KD"]
NINES = ["9C", "9C", "9S"]
QUEENS = ["QD", "QD", "QC"]


def position(phase: str, hand: list[str], pile: list[str]) -> dict[str, Any]:
    # Ids of a position's melds: team by team in the order listed (kings 1, nines 2, queens 3).
    return {"variant": "classic", "to_move": 0, "phase": phase,
            "hands": [hand, ["4S", "4D", "7D"], ["8S", "8S", "6H"], ["6S", "6D", "7H"]],
            "melds": [[KINGS, NINES], [QUEENS]], "pile": pile, "scores": [0, 0]}


def last_action(page: Page, count: int) -> dict[str, Any]:
    """The action the page saved after `count` others (its cards in sorted order)."""
    wait_for_actions(page, count)
    action: dict[str, Any] = saved(page)["engine"]["actions"][count]
    if "cards" in action:
        action["cards"] = sorted(action["cards"])
    return action


def meld(page: Page, meld_id: int) -> Any:
    return page.locator(f"[data-meld-id='{meld_id}']")


def test_lay_offs_by_click_by_drag_and_onto_a_chosen_meld_name_the_meld(page: Page) -> None:
    hand = ["KH", "9D", "2C", "8H", "5S", "6S", "TD", "TC", "TH"]
    open_game(page, "fast=1&position=" + quote(json.dumps(position("play", hand, ["7C"]))))
    page.wait_for_selector("[data-testid=hand-card]")
    kings, nines = meld(page, 1), meld(page, 2)
    expect(kings).to_have_attribute("data-testid", "meld-0-K")
    expect(nines).to_have_attribute("data-testid", "meld-0-9")
    expect(meld(page, 3)).to_have_attribute("data-testid", "meld-1-Q")
    expect(meld(page, 3)).not_to_have_attribute("data-act", "meld-target")  # not ours
    # By click: a king staged, the kings clicked.
    select(page, ["KH"])
    kings.click()
    assert last_action(page, 0) == {"type": "meld", "cards": ["KH"], "onto": 1}
    expect(kings).to_contain_text("Kings · 4")
    # By drag: a nine dropped on the nines.
    page.locator("[data-testid=hand-card][data-card='9D']").drag_to(nines)
    assert last_action(page, 1) == {"type": "meld", "cards": ["9D"], "onto": 2}
    expect(nines).to_contain_text("9s · 4")
    # A card put on a meld it does not fit is refused by the engine, naming the meld.
    select(page, ["8H"])
    kings.click()
    expect(page.get_by_test_id("refusal-rule")).to_have_text("C18")
    expect(page.get_by_test_id("refusal")).to_contain_text("holds kings: 8s cannot join it")
    page.get_by_test_id("btn-clear").click()
    # A meld chosen first (clicked with nothing staged), then a wild card and Meld.
    nines.click()
    expect(nines).to_have_class("meld target")
    select(page, ["2C"])
    page.get_by_test_id("btn-meld").click()
    assert last_action(page, 2) == {"type": "meld", "cards": ["2C"], "onto": 2}
    expect(nines).to_contain_text("9s · 5")
    expect(page.get_by_test_id("log")).to_contain_text("You laid off 2♣ on 9s")
    # With the nines still chosen, naturals of another rank start their own meld.
    select(page, ["TD", "TC", "TH"])
    page.get_by_test_id("btn-meld").click()
    assert last_action(page, 3) == {"type": "meld", "cards": ["TC", "TD", "TH"]}
    expect(meld(page, 4)).to_have_attribute("data-testid", "meld-0-T")


def test_taking_the_pile_names_the_meld_its_top_card_goes_on(page: Page) -> None:
    hand = ["KH", "9D", "5S", "6S", "TD", "JC", "8H"]
    open_game(page, "fast=1&position="
              + quote(json.dumps(position("draw", hand, ["4C", "7C", "9H"]))))
    page.wait_for_selector("[data-testid=hand-card]")
    # Nothing staged: the top card alone goes on the team's nines.
    page.get_by_test_id("pile").click()
    assert last_action(page, 0) == {"type": "take_pile", "cards": [], "onto": 2}
    expect(meld(page, 2)).to_contain_text("9s · 4")
    expect(page.get_by_test_id("log")).to_contain_text("You took the pile")


def test_taking_the_pile_with_cards_onto_a_chosen_meld(page: Page) -> None:
    hand = ["KH", "KS", "5S", "6S", "TD", "JC", "8H"]
    open_game(page, "fast=1&position="
              + quote(json.dumps(position("draw", hand, ["4C", "7C", "KD"]))))
    page.wait_for_selector("[data-testid=hand-card]")
    meld(page, 1).click()  # the kings chosen first
    expect(meld(page, 1)).to_have_class("meld target")
    select(page, ["KH", "KS"])
    page.get_by_test_id("btn-take").click()
    assert last_action(page, 0) == {"type": "take_pile", "cards": ["KH", "KS"], "onto": 1}
    expect(meld(page, 1)).to_contain_text("Kings · 6")
