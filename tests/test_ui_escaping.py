"""No HTML from data (issue 16): the table code (static/ui/ui_*.py, shipped to MicroPython)
run under CPython against a recording stand-in for the page. Every value of real views
(cards, numbers, names, meld ranks, history, totals, round, stock size...) is replaced in
turn by markup, and so are the log, the player's name, a refusal, the game list and the
statistics: whatever the table writes into innerHTML must hold no element or handler of
that markup, and no link may leave the site. The page's own Content-Security-Policy is a
second wall (tests/e2e/test_guards.py); this test holds without it."""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import canasta
from canasta.ai import choose_action
from canasta.game import messages as canasta_messages
from canasta.game.actions import NextRound

STATIC = Path(__file__).resolve().parent.parent / "static"
UI = STATIC / "ui"  # the table code
PAYLOAD = 'AS"><img src=x onerror=window.__pwned=1>'
QUOTED = "' onmouseover='window.__pwned=1"
WRITES: list[str] = []
LINKS: list[str] = []


class Node:
    """An element as far as the table code uses one; innerHTML writes are recorded."""

    def __init__(self) -> None:
        self.__dict__["attrs"] = {}
        self.__dict__["_html"] = ""
        self.hidden = True
        self.innerText = ""
        self.className = ""
        self.value = ""
        self.checked = False
        self.childElementCount = 0
        self.selectedIndex = 0

    @property
    def innerHTML(self) -> str:
        return str(self.__dict__["_html"])

    @innerHTML.setter
    def innerHTML(self, html: str) -> None:
        WRITES.append(html)
        self.__dict__["_html"] = html

    def setAttribute(self, name: str, value: Any) -> None:
        if name in ("href", "src"):
            LINKS.append(str(value))
        self.attrs[name] = str(value)

    def getAttribute(self, name: str) -> str | None:
        return self.attrs.get(name)  # type: ignore[no-any-return]

    def removeAttribute(self, name: str) -> None:
        self.attrs.pop(name, None)

    def querySelector(self, selector: str) -> None:
        return None

    def focus(self) -> None:
        pass


class Document:
    def __init__(self) -> None:
        self.nodes: dict[str, Node] = {}
        self.body = Node()

    def getElementById(self, key: str) -> Node:
        return self.nodes.setdefault("#" + key, Node())

    def querySelector(self, selector: str) -> Node:
        return self.nodes.setdefault(selector, Node())


def _load_table_code() -> dict[str, types.ModuleType]:
    """Import the table modules with a stand-in `pyscript` module."""
    fake = types.ModuleType("pyscript")
    window = types.SimpleNamespace(
        location=types.SimpleNamespace(search=""),
        canastaLoad=lambda key: None,
        canastaStore=lambda key, value: True,
        canastaEmit=lambda kind, data: None,  # static/boot.js: events for an embedding page
        Math=types.SimpleNamespace(random=lambda: 0.5),
        # the next frame comes at once: the melds are fitted within the render
        requestAnimationFrame=lambda callback: callback(0),
    )
    fake.document = Document()  # type: ignore[attr-defined]
    fake.window = window  # type: ignore[attr-defined]
    ffi = types.ModuleType("pyscript.ffi")
    ffi.create_proxy = lambda function: function  # type: ignore[attr-defined]
    saved = {name: sys.modules.get(name) for name in ("pyscript", "pyscript.ffi")}
    sys.modules["pyscript"] = fake
    sys.modules["pyscript.ffi"] = ffi
    # The table imports the engine's messages module by its own name (the build
    # compiles canasta/game/messages.py for it, issue 18).
    sys.modules["messages"] = canasta_messages
    sys.path.insert(0, str(UI))
    try:
        names = ("ui_i18n", "ui_stats", "ui_query", "ui_base", "ui_cards", "ui_dialogs",
                 "ui_panels", "ui_render", "ui_stats_panel")
        for name in names:
            sys.modules.pop(name, None)
        return {name: __import__(name) for name in names}
    finally:
        sys.path.remove(str(UI))
        for name, module in saved.items():
            if module is not None:
                sys.modules[name] = module


UI = _load_table_code()


class Markup(HTMLParser):
    """What a browser would build from the HTML: its elements and attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("img", "script", "svg", "iframe", "object", "embed", "style"):
            self.problems.append(f"element <{tag}>")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"handler {name}= on <{tag}>")
            if name in ("href", "src", "action") and not (value or "").startswith(("./", "#")):
                self.problems.append(f"link {name}={value!r} on <{tag}>")


def injected() -> list[str]:
    problems: list[str] = []
    for html in WRITES:
        parser = Markup()
        parser.feed(html)
        parser.close()
        problems += parser.problems
    problems += [f"link {link!r}" for link in LINKS if not link.startswith("./")]
    return problems


def _views() -> list[dict[str, Any]]:
    """Real views of seat 0 along an easy four-player game: a deal, the middle of a
    round with melds, red 3s and a frozen pile, a round's score sheet and a game's end,
    and a five-player deal (the seat names, P2's watching flag)."""
    state = canasta.new_game("classic", 11)
    views = [canasta.view_for(state, 0)]
    steps = 0
    while not state.game_over:
        if state.round_over:
            views.append(canasta.view_for(state, 0))
            state = canasta.apply(state, NextRound())
            continue
        view = canasta.view_for(state, state.to_act)
        state = canasta.apply(state, choose_action(view, "easy", steps))
        steps += 1
        if steps == 60:
            views.append(canasta.view_for(state, 0))
    views.append(canasta.view_for(state, 0))
    five = canasta.view_for(canasta.new_game("classic-5p", 3), 0) \
        if "classic-5p" in canasta.VARIANTS else None
    # Samba's sequences (S6, S7): melds with a suit, ends and a name instead of a rank.
    samba = canasta.view_for(canasta.load_position({
        "variant": "samba", "to_move": 0, "phase": "play",
        "hands": [["5H", "6H", "9D"], ["4C", "5C"], ["4H", "6C"], ["KH", "QC"]],
        "melds": [[["4S", "5S", "6S", "7S", "8S"], ["4D", "5D", "6D", "7D", "8D", "9D", "TD"]],
                  [["9C", "TC", "JC"]]],
        "pile": ["9S"], "scores": [0, 0]}), 0)
    return views + ([five] if five else []) + [samba]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*path, i))
    else:
        yield path


def _with(view: dict[str, Any], path: tuple[Any, ...], new: Any) -> dict[str, Any]:
    import copy

    out = copy.deepcopy(view)
    node: Any = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = new
    return out


def draw(view: dict[str, Any] | None, **state: Any) -> None:
    """One whole render of the table (scores, seats, melds, pile, hand, controls, log,
    history, dialogs) and the statistics panel, from a fresh state."""
    base, render, stats_panel = UI["ui_base"], UI["ui_render"], UI["ui_stats_panel"]
    render._SHOWN.clear()
    base.S.update({"view": view, "sel": [0, 1], "log": [], "refusal": None, "hint": None,
                   "setup": False, "name": "You", "variant": "classic", "variants": None,
                   "house_rules": None, "house": [], "rules_href": "./rules.html",
                   "target": None, "stats": True, "stats_confirm": False})
    base.S.update(state)
    try:
        if view is None:
            UI["ui_dialogs"].render_dialogs(None)
        else:
            render.render()
        stats_panel.render_stats(state.get("stats_record") or UI["ui_stats"].fresh())
    except (TypeError, KeyError, IndexError, AttributeError, ValueError):
        # A value of the wrong type breaks the drawing (the saved view is validated
        # before it is drawn); what was written before the break is still checked.
        pass


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    WRITES.clear()
    LINKS.clear()
    yield


@pytest.mark.parametrize("payload", [PAYLOAD, QUOTED])
def test_every_value_of_a_view_is_escaped(payload: str) -> None:
    drawn = 0
    for view in _views():
        draw(view)
        assert not injected(), "an untouched view"
        for path in _paths(view):
            WRITES.clear()
            LINKS.clear()
            draw(_with(view, path, payload))
            drawn += 1
            problems = injected()
            assert not problems, f"view{list(path)} = {payload!r}: {problems}"
    assert drawn > 500


def test_markup_in_the_plain_data_of_the_table_is_text() -> None:
    view = _views()[1]
    view["round_score"] = [{**row, "extras": {PAYLOAD: 5}}
                           for row in view.get("round_score") or [{}, {}]]
    draw(view, name=PAYLOAD[:20],
         log=[{"seat": 1, "text": PAYLOAD}, {"seat": PAYLOAD, "text": PAYLOAD}, PAYLOAD],
         refusal={"rule": PAYLOAD, "message": PAYLOAD, "href": "javascript:alert(1)"},
         rules_href="javascript:alert(1)", hint=PAYLOAD)
    assert not injected()
    assert any("&lt;img" in html for html in WRITES)  # the markup is shown as text
    # The earlier rounds' history (worker.past_rounds) is escaped the same way.
    html = UI["ui_panels"].past_rounds_html(
        [{"round": PAYLOAD, "lines": [{"seat": 2, "text": PAYLOAD}]}])
    markup = Markup()
    markup.feed(html)
    assert not markup.problems and "&lt;img" in html


def test_the_set_up_dialog_and_statistics_escape_their_lists() -> None:
    draw(None, setup=True, name=PAYLOAD[:20], variant=PAYLOAD,
         variants=[{"name": PAYLOAD, "title": PAYLOAD, "players": 4, "teams": 2}],
         house_rules=[{"id": PAYLOAD, "title": PAYLOAD}], house=[PAYLOAD])
    assert not injected()
    stats = UI["ui_stats"].fresh()
    stats["variants"][PAYLOAD] = UI["ui_stats"].empty_bucket()
    draw(None, stats_record=stats)
    assert not injected()
    assert any("&lt;img" in html for html in WRITES)


def test_a_card_drawn_again_is_named_in_the_language_chosen_since() -> None:
    """ui_cards.card_html keeps what it drew (a render draws every card again); a card
    drawn after the language changes is drawn anew, in that language."""
    cards, i18n = UI["ui_cards"], UI["ui_i18n"]
    english = cards.card_html("QH", "card", 3)
    assert cards.card_html("QH", "card", 3) is english  # kept
    assert 'aria-label="Q♥, Queen of hearts"' in english
    saved = dict(i18n.I18N)
    try:
        catalogue = json.loads((STATIC / "i18n" / "de.json").read_text(encoding="utf-8"))
        i18n.I18N.update(lang="de", catalogue=catalogue)
        german = cards.card_html("QH", "card", 3)
    finally:
        i18n.I18N.update(saved)
    assert german != english and "Herz" in german
    assert cards.card_html("QH", "card", 3) == english


def test_the_log_says_each_line_once_and_again_in_another_language() -> None:
    """ui_panels.log_html makes each history line's text once while the round's list
    grows, and anew for a new list or another language."""
    panels, i18n, state = UI["ui_panels"], UI["ui_i18n"], UI["ui_base"].S
    saved, saved_i18n = dict(state), dict(i18n.I18N)
    drew = {"seat": 1, "text": "drew from the stock", "key": "drew from the stock",
            "params": {}}
    try:
        state["view"] = canasta.view_for(canasta.new_game("classic", 3), 0)
        state["log"] = [dict(drew)]
        assert panels.log_html().count("drew from the stock") == 1
        state["log"].append(dict(drew, seat=2))
        assert panels.log_html().count("drew from the stock") == 2
        assert len(panels._TEXTS["texts"]) == 2
        catalogue = json.loads((STATIC / "i18n" / "de.json").read_text(encoding="utf-8"))
        i18n.I18N.update(lang="de", catalogue=catalogue)
        german = panels.log_html()
        assert "vom Talon gezogen" in german and "drew from" not in german
        state["log"] = [dict(drew, text=PAYLOAD, key=PAYLOAD)]  # a new round's list
        assert "<img" not in panels.log_html() and len(panels._TEXTS["texts"]) == 1
    finally:
        state.clear()
        state.update(saved)
        i18n.I18N.update(saved_i18n)
