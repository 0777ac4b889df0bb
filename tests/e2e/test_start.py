"""The engine worker starts from a memory snapshot on a repeat visit (issue 17,
static/pyodide_start.mjs): it is made on the first visit, restored on the next ones
with its random generator reseeded; a corrupt one, or another release's, is discarded,
and one the browser has no room for costs only the next visit's speed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.e2e.conftest import RECORD, hand_cards, snapshot_kept

pytestmark = pytest.mark.first_visit  # each test starts from a browser without a snapshot

def boot(page: Page, query: str) -> dict[str, Any]:
    """Open the page, wait for the engine and the hand; the worker's ping. Without a
    query, a game is started from the set-up dialog with no deal number (a random one)."""
    if not query:
        page.evaluate("localStorage.clear()")  # no game to resume: the dialog shows
    page.goto("/?" + (query or "fast=1"))
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    if not query:
        page.get_by_test_id("start-game").click()
    page.wait_for_selector("[data-testid=hand-card]")
    return dict(json.loads(page.get_attribute("body", "data-boot") or "{}"))


def test_the_snapshot_is_made_then_restored_with_fresh_randomness(page: Page) -> None:
    first = boot(page, "seed=5&new=1")
    assert first["start"]["how"] == "made", first["start"]
    seeded = hand_cards(page)
    record = snapshot_kept(page)
    assert record["id"].startswith("pyodide-") and record["length"] == record["bytes"] > 10**7

    samples, hands = [], []
    for _ in range(2):
        again = boot(page, "")
        assert again["start"]["how"] == "restored", again["start"]
        samples.append(again["random"])
        hands.append(sorted(hand_cards(page)))
    # Two restores of one memory image: the worker's generator was reseeded, and two
    # unseeded deals differ.
    assert samples[0] != samples[1]
    assert hands[0] != hands[1]
    # A deal by number is the same whether the worker was restored or not.
    for _ in range(2):
        assert boot(page, "seed=5&new=1")["start"]["how"] == "restored"
        assert hand_cards(page) == seeded


@pytest.mark.parametrize("damage", ["corrupt", "truncate"])
def test_a_damaged_snapshot_is_discarded_and_the_worker_starts_anyway(
        page: Page, damage: str) -> None:
    boot(page, "seed=8&new=1")
    snapshot_kept(page)
    page.evaluate(RECORD, damage)
    damaged = boot(page, "seed=8&new=1")
    assert damaged["start"]["how"] == "discarded", damaged["start"]
    assert "snapshot discarded" in damaged["start"]["detail"]
    dealt = hand_cards(page)
    assert len(dealt) == 11
    # A sound snapshot was made in its place, and the next visit restores it.
    page.wait_for_function(
        f"({RECORD})(null).then((r) => r !== null && r.length === r.bytes"
        " && r.bytes > 10000000)", timeout=60_000)
    restored = boot(page, "seed=8&new=1")
    assert restored["start"]["how"] == "restored", restored["start"]
    assert hand_cards(page) == dealt


def test_another_releases_snapshot_is_replaced(page: Page) -> None:
    boot(page, "seed=9&new=1")
    current = snapshot_kept(page)["id"]
    page.evaluate(RECORD, "foreign")
    replaced = boot(page, "seed=9&new=1")
    assert replaced["start"]["how"] == "made", replaced["start"]
    assert "another release" in replaced["start"]["detail"]
    page.wait_for_function(
        f"({RECORD})(null).then((r) => r !== null && r.id === {json.dumps(current)})",
        timeout=60_000)
    assert boot(page, "seed=9&new=1")["start"]["how"] == "restored"


def test_a_snapshot_without_room_is_not_kept_and_the_game_plays(page: Page) -> None:
    page.goto("/?nosw=1")
    origin = page.evaluate("location.origin")
    cdp = page.context.new_cdp_session(page)
    # A browser with 1 MB left for this site: the 31 MB memory image cannot be stored.
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": origin, "quotaSize": 1_000_000})
    first = boot(page, "seed=6&new=1")
    assert first["start"]["how"] == "made"
    dealt = hand_cards(page)
    assert len(dealt) == 11
    # Nothing was kept, so the next visit makes one again, and deals the same hand.
    again = boot(page, "seed=6&new=1")
    assert again["start"]["how"] == "made", again["start"]
    assert page.evaluate(RECORD, None) is None
    assert hand_cards(page) == dealt
    # With room again, the snapshot is kept and restored.
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": origin})
    boot(page, "seed=6&new=1")
    snapshot_kept(page)
    assert boot(page, "seed=6&new=1")["start"]["how"] == "restored"
