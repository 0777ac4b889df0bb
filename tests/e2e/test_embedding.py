"""docs/EMBEDDING.md, run as written: its example page, served beside the game, frames
the game and receives the documented events; and the events of a round's and a game's
end, as the game's own window dispatches them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

from playwright.sync_api import Page, Route, expect

import canasta
from tests.e2e.conftest import open_game
from tests.e2e.rounds import melds_first, play_human_turns

DOC = Path(__file__).resolve().parents[2] / "docs" / "EMBEDDING.md"
DOCUMENTED = {"ready": {"variants"}, "turn": {"round", "phase", "seat", "variant"},
              "round_over": {"round", "scores", "totals", "went_out"},
              "game_over": {"totals", "winner", "you"}}


def example_page() -> str:
    block = re.search(r"```html\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert block is not None, "docs/EMBEDDING.md has no example page"
    return block.group(1)


def test_the_documented_events_are_the_ones_in_the_table() -> None:
    text = DOC.read_text(encoding="utf-8")
    for kind, keys in DOCUMENTED.items():
        row = next(line for line in text.splitlines() if line.startswith(f"| `{kind}` |"))
        assert all(f"`{key}`" in row for key in keys), (kind, row)


def test_the_example_page_receives_ready_and_turn(page: Page) -> None:
    def serve(route: Route) -> None:
        route.fulfill(body=example_page(), content_type="text/html; charset=utf-8")

    page.route("**/embed-example.html", serve)
    page.goto("/embed-example.html")
    frame = page.frame_locator("#canasta")
    expect(frame.get_by_test_id("hand-card").first).to_be_visible(timeout=60_000)
    page.wait_for_function("() => window.canastaEvents.some(e => e.type === 'turn')",
                           timeout=60_000)
    events: list[dict[str, Any]] = page.evaluate("() => window.canastaEvents")
    kinds = [e["type"] for e in events]
    assert kinds[0] == "ready" and "classic" in events[0]["variants"]
    turn = next(e for e in events if e["type"] == "turn")
    assert turn == {"source": "canasta", "type": "turn", "round": 1, "phase": "draw",
                    "seat": 0, "variant": "classic"}
    expect(page.locator("#status")).to_have_text("Your turn")
    # One event per turn: clicks and redraws within it send no more.
    frame.get_by_test_id("hand-card").first.click()
    frame.get_by_test_id("hand-card").first.click()
    assert page.evaluate("() => window.canastaEvents.length") == len(events)


KINGS = ["KC", "KD", "KD", "KH", "KH", "KS", "KS"]


def test_round_over_and_game_over_are_dispatched_once(page: Page) -> None:
    page.add_init_script("window.seen = [];"
                         "addEventListener('canasta', (e) => window.seen.push(e.detail));")
    # The human's team, 4900 ahead, goes out at once: the round and the game end.
    position = {"variant": "classic", "to_move": 0, "phase": "play",
                "hands": [["QC", "QD", "QH", "8S"], ["4S", "4D", "7D", "9C", "9D"],
                          ["JS", "JD", "7S", "5C", "5D"], ["6S", "6D", "7H", "TC", "TD"]],
                "melds": [[KINGS], []], "pile": ["7C"], "scores": [4900, 0]}
    open_game(page, "fast=1&position=" + quote(json.dumps(position)))
    end = play_human_turns(page, melds_first, 1)
    assert end.game_over
    expect(page.get_by_test_id("score-sheet")).to_be_visible()
    page.wait_for_function("() => window.seen.some(e => e.type === 'game_over')")
    seen: list[dict[str, Any]] = page.evaluate("() => window.seen")
    ends = [e for e in seen if e["type"] in ("round_over", "game_over")]
    rows = [r["total"] for r in canasta.round_score(end)]
    totals = [4900 + rows[0], rows[1]]
    assert ends == [
        {"source": "canasta", "type": "round_over", "round": 1, "scores": rows,
         "totals": totals, "went_out": 0},
        {"source": "canasta", "type": "game_over", "totals": totals, "winner": 0, "you": 0},
    ]
    assert all(set(e) - {"source", "type"} == DOCUMENTED[e["type"]] for e in seen)
