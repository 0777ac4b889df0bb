"""The rules of the game being played are one click away, offline, and a refusal
links its rule id to the page that holds it."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.conftest import my_turn, open_game


def test_the_rules_link_opens_the_variants_page(page: Page) -> None:
    open_game(page, "seed=2&fast=1&variant=classic-2p")
    my_turn(page)
    link = page.get_by_test_id("rules-link")
    expect(link).to_have_attribute("href", "./static/rules/classic-2p.html")
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()
    expect(rules.locator("h1")).to_contain_text("Classic Canasta for two")
    expect(rules.locator("#D4")).to_contain_text("Two canastas to go out")
    # From there, the whole list of variants and Classic's own rules.
    rules.get_by_role("link", name="Every variant").click()
    expect(rules.get_by_role("link", name="Classic Canasta for six")).to_be_visible()
    rules.close()


def test_classic_links_the_classic_rules(page: Page) -> None:
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    expect(page.get_by_test_id("rules-link")).to_have_attribute("href", "./rules.html")
