"""Saves on the real page (issue 16): checked before drawing, set aside when they fail,
keyed by game, listed, exported and imported, shared safely by tabs and embeds, and
never lost to a full storage."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

import canasta
from tests.e2e.conftest import guard_requests, hand_cards, my_turn, open_game, saved_game

GAME = "canasta:v1:game:"
ASIDE = "canasta:v1:aside:"
META = "canasta:v1:meta:"
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"


def storage(page: Page) -> dict[str, str]:
    return dict(page.evaluate("() => Object.fromEntries("
                              "Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))"))


def put(page: Page, key: str, value: str) -> None:
    """Store a value for the game's origin (from the light rules page: no engine boot)."""
    if not page.url.startswith("http"):
        page.goto("/rules.html")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])


def game_id(page: Page) -> str:
    page.wait_for_selector("body[data-game]", state="attached")
    return str(page.evaluate("document.body.dataset.game"))


def booted(page: Page, query: str) -> None:
    page.goto("/?" + query)
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)


def resumed(page: Page, query: str = "fast=1") -> None:
    booted(page, query)
    page.wait_for_function("performance.getEntriesByName('resumed').length > 0")


def row(page: Page, gid: str) -> Any:
    return page.locator(f"[data-testid=game-row][data-game-id='{gid}']")


def open_list(page: Page) -> None:
    if not page.get_by_test_id("setup-dialog").count():
        page.get_by_test_id("menu-button").click()
    page.get_by_test_id("saved-games").click()
    expect(page.get_by_test_id("games-panel")).to_be_visible()


def discard_first_card(page: Page) -> None:
    """Discard the first card after a draw, and check that the move was saved (the log
    is no witness: the AI's moves may push it out of the last eight lines at once)."""
    card = hand_cards(page)[0]
    page.get_by_test_id("hand-card").first.click()
    page.get_by_test_id("btn-discard").click()
    page.wait_for_function("() => JSON.parse(localStorage.getItem(document.body.dataset"
                           ".gameKey)).engine.actions.length >= 2")
    assert saved_game(page)["engine"]["actions"][:2] == [
        {"type": "draw"}, {"type": "discard", "card": card}]


def page_save(state: canasta.State, level: str = "normal") -> dict[str, Any]:
    """A page save as the worker writes it (static/worker.py _reply)."""
    return {"schema": "canasta-table/1", "engine": canasta.to_json(state), "level": level,
            "view": canasta.view_for(state, 0)}


# ----- 1. a save is checked before the table draws it; any failure sets it aside ---------
def _without_totals(save: dict[str, Any]) -> str:
    del save["view"]["totals"]
    return json.dumps(save)


def _view_not_an_object(save: dict[str, Any]) -> str:
    save["view"] = "a table"
    return json.dumps(save)


def _no_teams(save: dict[str, Any]) -> str:
    save["engine"]["rules"]["teams"] = 0
    return json.dumps(save)


def _huge_max_wilds(save: dict[str, Any]) -> str:
    save["engine"]["rules"]["max_wilds"] = 100_000_000
    return json.dumps(save)


def _infinite_minimum(save: dict[str, Any]) -> str:
    text = json.dumps(save)
    assert "[-1000000000, 15]" in text
    return text.replace("[-1000000000, 15]", "[1e400, 15]")


def _script_in_a_card(save: dict[str, Any]) -> str:
    save["view"]["hand"][0] = 'AS"><img src=x onerror="document.title=\'injected\'">'
    return json.dumps(save)


def _unknown_version(save: dict[str, Any]) -> str:
    save["schema"] = "canasta-table/99"
    return json.dumps(save)


TAMPERED: dict[str, Callable[[dict[str, Any]], str]] = {
    "view without totals": _without_totals,
    "view not an object": _view_not_an_object,
    "rules with no teams": _no_teams,
    "rules with max_wilds 10^8": _huge_max_wilds,
    "initial meld of 1e400": _infinite_minimum,
    "markup in a card": _script_in_a_card,
    "unknown save version": _unknown_version,
}


@pytest.mark.parametrize("tamper", list(TAMPERED))
def test_a_tampered_save_is_set_aside_and_a_new_game_offered(page: Page, tamper: str) -> None:
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    gid = game_id(page)
    text = TAMPERED[tamper](saved_game(page))
    put(page, GAME + gid, text)
    booted(page, "fast=1")
    warning = page.get_by_test_id("warning")
    expect(warning).to_contain_text("could not be loaded")
    expect(warning).to_contain_text("set aside (kept, not deleted)")
    if tamper == "unknown save version":
        expect(warning).to_contain_text("canasta-table/99")
    expect(page.get_by_test_id("setup-dialog")).to_be_visible()
    expect(page.get_by_test_id("banner")).to_have_text("Start a new game")
    expect(page.get_by_test_id("coach")).to_have_text("")  # no "Loading the engine…" left
    expect(page.get_by_test_id("hand-card")).to_have_count(0)
    assert page.title() == "Canasta"  # nothing from the save ran
    kept = storage(page)
    assert kept[ASIDE + gid] == text, "the save is kept as it was"
    assert GAME + gid not in kept
    open_list(page)
    expect(row(page, gid)).to_have_attribute("data-aside", "1")
    expect(row(page, gid).get_by_test_id("game-aside")).to_contain_text("Set aside")
    page.get_by_test_id("games-close").click()
    page.get_by_test_id("opt-seed").fill("2")
    page.get_by_test_id("start-game").click()
    my_turn(page)
    expect(page.get_by_test_id("hand-card")).to_have_count(11)
    # The set-aside save is not tried again: a reload resumes the new game.
    resumed(page)
    expect(page.get_by_test_id("warning")).to_be_hidden()
    assert saved_game(page)["engine"]["seed"] == 2


def test_a_save_without_the_later_view_fields_still_shows_at_once(page: Page) -> None:
    """A later release reading a field an older save lacks: the table does without."""
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    gid = game_id(page)
    save = saved_game(page)
    for field in ("variant", "went_out", "watching", "permission", "pending", "may_ask",
                  "hands", "round_score", "rules", "log", "seat", "dealer", "scores",
                  "melded_this_round", "asked", "draw_count", "canastas_to_go_out",
                  "target_score"):
        save["view"].pop(field, None)
    for melds in save["view"]["melds"]:
        for meld in melds:
            meld.pop("id", None)
    put(page, GAME + gid, json.dumps(save))
    page.goto("/?fast=1")
    # Drawn from the save before the engine is ready, then resumed by the engine.
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    page.wait_for_function("performance.getEntriesByName('resumed').length > 0",
                           timeout=60_000)
    expect(page.get_by_test_id("btn-discard")).to_be_visible()
    expect(page.get_by_test_id("warning")).to_be_hidden()


# ----- 2. a game is keyed by its own id; ?seed= resumes its deal; old saves migrate -------
def test_reloading_a_deal_resumes_it_and_new_deals_afresh(page: Page) -> None:
    open_game(page, "seed=42&fast=1")
    my_turn(page)
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    first = game_id(page)
    resumed(page, "seed=42&fast=1")  # the README's embed address
    assert game_id(page) == first
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    booted(page, "seed=42&fast=1&new=1")
    my_turn(page)
    expect(page.get_by_test_id("hand-card")).to_have_count(11)
    second = game_id(page)
    assert second != first
    kept = storage(page)
    assert json.loads(kept[GAME + first])["engine"]["actions"] == [{"type": "draw"}]
    assert json.loads(kept[GAME + second])["engine"]["actions"] == []
    # Another deal number is another game; the first two stay.
    booted(page, "seed=43&fast=1")
    my_turn(page)
    assert {first, second} < {k[len(GAME):] for k in storage(page) if k.startswith(GAME)}


def test_saves_of_the_first_releases_load_and_are_listed(page: Page) -> None:
    current = canasta.from_json(json.loads((FIXTURES / "classic-seed11.json").read_text()))
    previous = canasta.from_json(json.loads((FIXTURES / "classic-seed12.json").read_text()))
    put(page, "canasta:v1:current", json.dumps(page_save(current)))
    put(page, "canasta:v1:previous", json.dumps(page_save(previous, "easy")))
    put(page, "canasta:v1:corrupt", "{not json")
    resumed(page)
    assert game_id(page) == "v1-current"
    actions = saved_game(page)["engine"]["actions"]
    assert actions[:len(current.action_list())] == canasta.to_json(current)["actions"]
    open_list(page)
    expect(page.get_by_test_id("game-row")).to_have_count(3)
    expect(row(page, "v1-current")).to_contain_text("Playing now")
    expect(row(page, "v1-corrupt")).to_have_attribute("data-aside", "1")
    expect(row(page, "v1-previous")).to_contain_text("deal 12")
    row(page, "v1-previous").get_by_test_id("game-resume").click()
    expect(page.get_by_test_id("games-panel")).to_have_count(0)
    page.wait_for_function("document.body.dataset.game === 'v1-previous'")
    assert saved_game(page)["engine"]["seed"] == 12
    assert saved_game(page)["level"] == "easy"
    # The game that was on the table is kept where it was.
    assert json.loads(storage(page)["canasta:v1:current"])["engine"]["seed"] == 11


# ----- 3. the list: resume, delete (asked first), export and import ----------------------
def test_games_list_resumes_deletes_and_exports(page: Page, browser: Browser,
                                                browser_context_args: dict[str, Any]) -> None:
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    first, first_hand = game_id(page), hand_cards(page)
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("opt-seed").fill("2")
    page.get_by_test_id("start-game").click()
    my_turn(page)
    second = game_id(page)
    open_list(page)
    expect(page.get_by_test_id("game-row")).to_have_count(2)
    expect(row(page, second)).to_contain_text("Playing now")
    expect(row(page, second).get_by_test_id("game-delete")).to_have_count(0)
    row(page, first).get_by_test_id("game-resume").click()
    expect(page.get_by_test_id("games-panel")).to_have_count(0)
    page.wait_for_function(f"document.body.dataset.game === '{first}'")
    expect(page.get_by_test_id("btn-discard")).to_be_visible()
    assert hand_cards(page) == first_hand
    # Delete asks first; Cancel keeps the game.
    open_list(page)
    row(page, second).get_by_test_id("game-delete").click()
    expect(page.get_by_test_id("game-delete-confirm")).to_contain_text("deal 2")
    page.get_by_test_id("game-delete-no").click()
    expect(page.get_by_test_id("game-row")).to_have_count(2)
    row(page, second).get_by_test_id("game-delete").click()
    page.get_by_test_id("game-delete-yes").click()
    expect(page.get_by_test_id("game-row")).to_have_count(1)
    assert GAME + second not in storage(page) and META + second not in storage(page)
    # Export: the file holds the save as stored.
    with page.expect_download() as download:
        row(page, first).get_by_test_id("game-export").click()
    path = download.value.path()
    exported = json.loads(Path(path).read_text())
    assert exported == saved_game(page)
    # Import it in another browser profile: the same game, at the same move.
    other = browser.new_context(**browser_context_args)
    guard_requests(other)
    try:
        there = other.new_page()
        open_game(there, "fast=1")
        open_list(there)
        expect(there.get_by_test_id("games-empty")).to_be_visible()
        there.get_by_test_id("import-file").set_input_files(path)
        expect(there.get_by_test_id("games-panel")).to_have_count(0)
        expect(there.get_by_test_id("btn-discard")).to_be_visible()
        assert hand_cards(there) == first_hand
        assert saved_game(there)["engine"] == exported["engine"]
        assert game_id(there) != first  # an id of its own
    finally:
        other.close()


def test_a_bad_import_is_refused_and_changes_nothing(page: Page) -> None:
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    before, hand = storage(page), hand_cards(page)
    good = saved_game(page)
    no_teams = json.loads(json.dumps(good))
    no_teams["engine"]["rules"]["teams"] = 0
    open_list(page)
    message = page.get_by_test_id("games-message")
    cases = [
        ("notes.json", b"{not json", "is not a game this page can load: it is not readable JSON"),
        ("table.json", json.dumps({**good, "view": [1]}).encode(),
         "is not a game this page can load: the saved table is not a table"),
        ("rules.json", json.dumps(no_teams).encode(), "cannot be played"),
        ("big.json", b" " * 300_001, "too large to be a saved game (300 kB)"),
    ]
    for name, data, said in cases:
        page.get_by_test_id("import-file").set_input_files(
            {"name": name, "mimeType": "application/json", "buffer": data})
        expect(message).to_contain_text(said)
        expect(message).to_contain_text("Nothing was changed")
        assert storage(page) == before
    page.get_by_test_id("games-close").click()
    page.get_by_test_id("close-dialog").click()
    assert hand_cards(page) == hand
    discard_first_card(page)  # the game on the table plays on


def test_an_engine_save_file_is_imported(page: Page) -> None:
    """A bare engine save (tests/fixtures/saves, a bug report) imports as a game."""
    open_game(page, "fast=1")
    open_list(page)
    page.get_by_test_id("import-file").set_input_files(FIXTURES / "classic-2p-seed13.json")
    expect(page.get_by_test_id("games-panel")).to_have_count(0)
    page.wait_for_selector("body[data-game]", state="attached")
    assert saved_game(page)["engine"]["seed"] == 13
    expect(page.get_by_test_id("seat-1")).to_be_visible()


def test_the_twenty_most_recent_games_are_kept_and_set_aside_ones_stay(page: Page) -> None:
    """A new game drops the oldest games beyond twenty; a set-aside one is never dropped."""
    old = [f"g2026010100{n:04d}-1" for n in range(22)]
    for n, gid in enumerate(old):
        save = {**page_save(canasta.new_game("classic", 100 + n)), "id": gid}
        put(page, GAME + gid, json.dumps(save))
        put(page, META + gid, json.dumps({
            "id": gid, "variant": "classic", "seed": 100 + n, "position": False,
            "level": "normal", "round": 1, "phase": "draw", "totals": [0, 0], "moves": 0,
            "updated": f"2026-01-01T00:00:{n:02d}.000Z"}))
    put(page, ASIDE + "g1-1", "{not json")
    open_game(page, "seed=5&fast=1&new=1")
    my_turn(page)
    kept = storage(page)
    games = {k[len(GAME):] for k in kept if k.startswith(GAME)}
    assert games == {*old[2:], game_id(page)}
    assert META + old[0] not in kept and META + old[1] not in kept
    assert kept[ASIDE + "g1-1"] == "{not json"
    open_list(page)
    expect(page.get_by_test_id("game-row")).to_have_count(22)


# ----- 4. two tabs never overwrite each other -----------------------------------------------
def test_one_game_in_two_tabs_continues_in_the_newer(context: BrowserContext) -> None:
    one = context.new_page()
    open_game(one, "seed=1&fast=1")
    my_turn(one)
    gid = game_id(one)
    two = context.new_page()
    resumed(two, "seed=1&fast=1")
    assert game_id(two) == gid
    notice = one.get_by_test_id("elsewhere")
    expect(notice).to_contain_text("This game continues in another tab")
    two.get_by_test_id("btn-draw").click()
    expect(two.get_by_test_id("hand-card")).to_have_count(12)
    assert saved_game(two)["engine"]["actions"] == [{"type": "draw"}]
    # The first tab writes nothing more; taken back, it shows the game's latest move.
    one.get_by_test_id("take-back").click()
    expect(notice).to_have_count(0)
    expect(one.get_by_test_id("hand-card")).to_have_count(12)
    expect(two.get_by_test_id("elsewhere")).to_be_visible()
    discard_first_card(one)


def test_two_games_in_two_tabs_both_survive(context: BrowserContext) -> None:
    one, two = context.new_page(), context.new_page()
    open_game(one, "seed=1&fast=1")
    open_game(two, "seed=2&fast=1")
    for page in (one, two):
        my_turn(page)
        page.get_by_test_id("btn-draw").click()
        expect(page.get_by_test_id("hand-card")).to_have_count(12)
    expect(one.get_by_test_id("elsewhere")).to_have_count(0)
    expect(two.get_by_test_id("elsewhere")).to_have_count(0)
    seeds = {saved_game(p)["engine"]["seed"]: saved_game(p)["engine"]["actions"]
             for p in (one, two)}
    assert seeds == {1: [{"type": "draw"}], 2: [{"type": "draw"}]}
    # A reload resumes each tab's own game, not the one played last.
    resumed(one)
    assert saved_game(one)["engine"]["seed"] == 1
    resumed(two)
    assert saved_game(two)["engine"]["seed"] == 2


# ----- 5. embeds namespace their storage ------------------------------------------------------
def test_embeds_keep_their_games_apart_with_store(page: Page) -> None:
    open_game(page, "store=alpha&seed=1&fast=1")
    my_turn(page)
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    page.get_by_test_id("coach-button").click()  # a setting, saved under the namespace too
    keys = set(storage(page))
    assert keys and all(k.startswith("canasta:v1:store:alpha:") for k in keys), keys
    assert {"canasta:v1:store:alpha:stats", "canasta:v1:store:alpha:settings"} <= keys
    booted(page, "store=beta&fast=1")
    expect(page.get_by_test_id("setup-dialog")).to_be_visible()
    expect(page.get_by_test_id("saved-games")).to_have_text("Saved games (0)")
    expect(page.get_by_test_id("coach-button")).to_have_attribute("aria-pressed", "true")
    booted(page, "fast=1")
    expect(page.get_by_test_id("saved-games")).to_have_text("Saved games (0)")
    resumed(page, "store=alpha&fast=1")
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    expect(page.get_by_test_id("coach-button")).to_have_attribute("aria-pressed", "false")
    booted(page, "store=Not%20Valid&fast=1")
    expect(page.get_by_test_id("warning")).to_contain_text("storage name")
    expect(page.get_by_test_id("saved-games")).to_have_text("Saved games (0)")


# ----- 6. a full storage loses nothing already saved ------------------------------------------
FILL = """() => {
    let size = 1 << 20, n = 0;
    while (size >= 8) {
        try { localStorage.setItem('filler-' + n, 'x'.repeat(size)); n += 1; }
        catch (err) { size >>= 1; }
    }
    return n;
}"""


def test_a_full_storage_warns_and_keeps_what_was_saved(page: Page) -> None:
    open_game(page, "seed=1&fast=1")
    my_turn(page)
    gid = game_id(page)
    before = storage(page)[GAME + gid]
    assert page.evaluate(FILL) > 0
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(12)
    warning = page.get_by_test_id("warning")
    expect(warning).to_contain_text("storage is full")
    expect(warning).to_contain_text("Everything saved before is kept")
    assert storage(page)[GAME + gid] == before
    # A new game cannot be saved either; the first one stays as it was.
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("opt-seed").fill("2")
    page.get_by_test_id("start-game").click()
    my_turn(page)
    assert storage(page)[GAME + gid] == before
    page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('filler-'))"
                  ".forEach(k => localStorage.removeItem(k))")
    # Space again: a reload resumes the last game saved, as it was saved.
    resumed(page)
    assert game_id(page) == gid
    expect(page.get_by_test_id("hand-card")).to_have_count(11)
    assert saved_game(page)["engine"]["actions"] == []
