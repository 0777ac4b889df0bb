"""Accessibility, measured (issue 15): axe-core (the npm package, injected from
node_modules: no request leaves the machine) on the set-up dialog, the table mid-round
and the score sheet finds no serious or critical violation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.conftest import my_turn, open_game
from tests.e2e.rounds import melds_first, play_human_turns

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def violations(page: Page) -> list[str]:
    """The serious and critical axe-core violations on the page as it is, one line each
    (rule, impact, the first elements it names)."""
    # Served from the page's own origin, as the page's policy allows no inline script.
    page.route("**/axe-under-test.js", lambda route: route.fulfill(
        path=str(AXE), content_type="text/javascript"))
    page.add_script_tag(url="/axe-under-test.js")
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [f"{v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(str(n["target"]) for n in v["nodes"][:3])
            for v in found if v["impact"] in ("serious", "critical")]


def test_the_setup_dialog_has_no_serious_violation(page: Page) -> None:
    open_game(page, "")
    expect(page.get_by_test_id("setup-dialog")).to_be_visible()
    found = violations(page)
    assert found == [], "\n".join(found)


def test_the_table_mid_round_has_no_serious_violation(page: Page) -> None:
    open_game(page, "seed=5&fast=1&level=easy")
    play_human_turns(page, melds_first, 3)
    my_turn(page)
    found = violations(page)
    assert found == [], "\n".join(found)


def test_the_score_sheet_has_no_serious_violation(page: Page) -> None:
    open_game(page, "seed=7&fast=1&level=easy")
    end = play_human_turns(page, melds_first, 100)
    assert end.round_over
    expect(page.get_by_test_id("score-sheet")).to_be_visible()
    found = violations(page)
    assert found == [], "\n".join(found)


def test_the_other_players_moves_are_announced(page: Page) -> None:
    """A live region (aria-live) reads out the other players' moves as they are made,
    once, apart from the full history (whose redraws would read it all again)."""
    open_game(page, "seed=5&fast=1&level=easy")
    region = page.get_by_test_id("announce")
    expect(region).to_have_attribute("aria-live", "polite")
    play_human_turns(page, melds_first, 1)
    my_turn(page)
    expect(region).to_contain_text("East")
    text = region.inner_text()
    assert "You " not in text and text.rstrip().endswith(".")
    assert page.get_by_test_id("log").get_attribute("aria-live") is None
