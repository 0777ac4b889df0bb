"""The page's check of a save before the table draws it (static/ui/ui_save_check.py, run
here under CPython as the page runs it under MicroPython; issue 16)."""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import canasta
from canasta.rules.house_rules import rules_named
from canasta.rules.roster import public_view, seat_of
from static.ui import ui_save_check as check
from tests.games import ai_round, easy_game

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "static"
UI = STATIC / "ui"  # the table code


def views_of_every_variant() -> list[dict[str, Any]]:
    """Views the page really shows: each variant's deal, a round's end, a played-out
    middle, and (five players) the public table of a round the human sits out."""
    views = []
    for name in canasta.VARIANTS:
        state = canasta.new_game(name, 3)
        views.append(canasta.view_for(state, 0))
        end = ai_round(name, 3, "easy")
        view = canasta.view_for(end, 0)
        if seat_of(end.rules, end.round_no, 0) is None:
            view = public_view(view)
        views.append(view)
    _, ends = easy_game(2)
    views.extend(ends)
    # Games with presets are named "classic+H1+H9+H11" or "classic-6p+X3".
    for name in ("classic+H1+H9+H11", "classic-6p+X3"):
        views.append(canasta.view_for(canasta.new_game(rules_named(name), 4), 0))
    return views


VIEWS = views_of_every_variant()


def page_save(state: canasta.State) -> dict[str, Any]:
    return {"schema": check.SCHEMA, "engine": canasta.to_json(state), "level": "normal",
            "view": canasta.view_for(state, 0)}


def test_every_view_the_engine_makes_passes() -> None:
    assert len(VIEWS) > 10
    for view in VIEWS:
        assert check.check_view(view) is None, view["variant"]
        assert check.check_view(json.loads(json.dumps(view))) is None


def test_the_table_reads_only_required_fields_without_get() -> None:
    """A field the table reads as view["x"] must be in REQUIRED (every save has it);
    any later field is read with view.get, so an older save still shows."""
    used: set[str] = set()
    for path in [*UI.glob("ui_*.py"), UI / "table_ui.py"]:
        if path.name != "ui_save_check.py":
            used |= set(re.findall(r'\bview\["(\w+)"\]', path.read_text()))
    # Read only behind a test: the score sheet when `"round_score" in view`, the held
    # pile when `view.get("pending")`.
    guarded = {"round_score", "pending"}
    assert used - guarded <= set(check.REQUIRED), used - guarded - set(check.REQUIRED)
    first = {"players", "teams", "round", "phase", "to_move", "to_act", "hand", "hand_sizes",
             "melds", "red_threes", "pile", "stock_size", "minimum", "team_melded",
             "turn_points", "history", "totals", "legal"}
    assert set(check.REQUIRED) <= first  # the first page saves (canasta-table/1) had them


@pytest.mark.parametrize("field", check.REQUIRED)
def test_a_view_without_a_required_field_is_refused(field: str) -> None:
    view = copy.deepcopy(VIEWS[0])
    del view[field]
    assert check.check_view(view) == "the saved table has no " + field


@pytest.mark.parametrize("field", check.OPTIONAL)
def test_a_view_without_an_optional_field_passes(field: str) -> None:
    for view in VIEWS:
        view = copy.deepcopy(view)
        view.pop(field, None)
        assert check.check_view(view) is None


def _set(path: str, value: Any) -> dict[str, Any]:
    view = copy.deepcopy(VIEWS[0])
    *parents, last = path.split(".")
    node: Any = view
    for part in parents:
        node = node[int(part)] if part.isdigit() else node[part]
    node[int(last) if last.isdigit() else last] = value
    return view


@pytest.mark.parametrize(("path", "value", "said"), [
    ("players", True, "number of players"),
    ("players", 0, "number of players"),
    ("players", "4", "number of players"),
    ("teams", 0, "number of teams"),
    ("teams", 5, "number of teams"),
    ("round", 10 ** 400, "round number"),
    ("phase", "<script>", "phase"),
    ("to_act", 4, "'to_act' is not a seat"),
    ("hand.0", 'AS"><img src=x onerror=alert(1)>', "the hand holds something"),
    ("hand.0", "1S", "the hand holds something"),
    ("hand", ["AS"] * 1001, "the hand is too long"),
    ("hand_sizes", [11, 11, 11], "the list of hand sizes has 3 entries"),
    ("totals", [0, 1.5], "the list of totals holds something"),
    ("totals", {"0": 1}, "the list of totals is not a list"),
    ("pile.top", "XX", "the pile's top"),
    ("pile.size", -1, "the pile's size"),
    ("pile.frozen", 1, "'frozen' is not yes or no"),
    ("stock_size", 1e400, "stock's size"),
    ("melds.0", [{"rank": "K\"", "cards": ["KS"], "canasta": None}], "a meld has no rank"),
    ("melds.0", [{"rank": "K", "cards": [], "canasta": None}], "a meld has no cards"),
    ("legal", [{"type": "draw"}] * 10001, "the list of legal actions is too long"),
    ("legal", [{"type": "take_pile", "cards": ["ZZ"]}], "a legal action's cards"),
    ("history", [[0, 0, 0]], "a round of the score history"),
    ("went_out", 9, "'went_out' is not a seat"),
    ("pending", ["JK", 3], "the held pile"),
])
def test_a_view_with_a_wrong_value_is_refused(path: str, value: Any, said: str) -> None:
    problem = check.check_view(_set(path, value))
    assert problem is not None and said in problem, problem
    said_again(problem)


def said_again(problem: str) -> None:
    """The table can say the problem in another language: explain() finds the template
    it was filled from, and its part of the table among the nouns it translates."""
    found = check.explain(problem)
    assert found is not None, problem
    template, params = found
    assert template in check.FIELD_PROBLEMS and check.fill(template, params) == problem
    assert "what" not in params or params["what"] in check.NOUNS


def test_every_problem_of_a_table_is_a_template_the_table_can_say() -> None:
    # Each need() names its problem by a literal template of FIELD_PROBLEMS, and each part
    # of the table it names (`what`) is one of NOUNS: none is left in English only.
    import ast

    tree = ast.parse((UI / "ui_save_check.py").read_text(encoding="utf-8"))
    templates, nouns = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "need" and len(node.args) > 1:
                arg = node.args[1]
                if isinstance(arg, ast.Constant):
                    templates.add(arg.value)
                else:
                    assert (isinstance(arg, ast.Name) and arg.id in (
                        "NO_GAME", "NO_SEED", "NO_MOVES", "BAD_ID")) or ast.unparse(arg) == (
                        "str(problem)"), ast.unparse(arg)
            if node.func.id in ("_list", "_cards", "_numbers", "_bools") and len(
                    node.args) > 1 and isinstance(node.args[1], ast.Constant):
                nouns.add(node.args[1].value)
        if isinstance(node, ast.keyword) and node.arg == "what" and isinstance(
                node.value, ast.Constant):
            nouns.add(node.value.value)
    assert templates and templates <= set(check.FIELD_PROBLEMS)
    assert nouns and nouns <= set(check.NOUNS)
    assert check.explain("the hand is not a list") == (
        "{what} is not a list", {"what": "the hand"})
    assert check.explain("the moon is not a list") is None  # no part of a table


def test_a_round_score_is_checked_when_there_is_one() -> None:
    end = next(v for v in VIEWS if "round_score" in v)
    assert check.check_view(end) is None
    bad = copy.deepcopy(end)
    bad["round_score"][0]["extras"] = {"<b>": 5}
    assert check.check_view(bad) == "a round score's extras are strange"
    said_again("a round score's extras are strange")
    bad = copy.deepcopy(end)
    del bad["round_score"][1]["concealed"]
    assert check.check_view(bad) == "a round score has no 'concealed'"


def test_parse_names_what_is_wrong_with_a_save() -> None:
    state = canasta.new_game("classic", 1)
    good = page_save(state)
    save, problem = check.parse(json.dumps(good))
    assert problem is None and save == good
    assert check.parse("")[1] == "it is empty"
    assert check.parse("{not json")[1] == "it is not readable JSON"
    assert check.parse("[1, 2]")[1] == "it is not a saved game"
    assert check.parse(" " * (check.MAX_TEXT + 1))[1] == "it is too large (300 kB)"
    # Nested 100 000 deep: CPython's json gives up (RecursionError), which is caught.
    assert check.parse("[" * 100_000 + "]" * 100_000)[1] == "it is not readable JSON"
    assert check.parse(json.dumps({**good, "schema": "canasta-table/99"}))[1] == (
        'unknown save format "canasta-table/99"')
    assert check.parse(json.dumps({**good, "view": "a table"}))[1] == (
        "the saved table is not a table")
    no_view = {k: v for k, v in good.items() if k != "view"}
    assert check.parse(json.dumps(no_view))[1] == "the saved table is not a table"
    assert check.parse(json.dumps(no_view), need_view=False)[1] is None
    assert check.parse(json.dumps({**good, "engine": []}))[1] == "it has no game to replay"
    assert check.parse(json.dumps({**good, "id": "../x"}))[1] == "its game id is strange"
    # An unknown level (an old ?level=bogus) is played at the usual level, not refused.
    save, problem = check.parse(json.dumps({**good, "level": "bogus"}))
    assert problem is None and save is not None and save["level"] == "normal"


def test_an_engine_save_alone_is_an_import_only() -> None:
    text = (ROOT / "tests" / "fixtures" / "saves" / "classic-seed11.json").read_text()
    assert check.parse(text)[1] == "unknown save format 1"
    save, problem = check.parse(text, need_view=False)
    assert problem is None and save is not None
    assert save["schema"] == check.SCHEMA and save["engine"]["seed"] == 11


def test_the_summary_of_a_save_is_a_summary() -> None:
    state = canasta.new_game("classic-2p", 7)
    summary = check.summary(page_save(state), "g1-2", "2026-01-02T03:04:05.678Z")
    assert summary["seed"] == 7 and summary["variant"] == "classic-2p"
    assert check.check_summary(json.loads(json.dumps(summary))) == summary
    assert check.check_summary({**summary, "updated": "<b>"}) is None
    assert check.check_summary({**summary, "id": "G!"}) is None
    assert check.check_summary({**summary, "why": "x" * 301}) is None


MICROPYTHON = STATIC / "micropython" / "micropython.mjs"
RUNNER = """
import { loadMicroPython } from %s;
import fs from "fs";
const out = [];
const mp = await loadMicroPython({ stdout: (line) => out.push(line) });
mp.FS.writeFile("/ui_save_check.py", fs.readFileSync(%s, "utf8"));
globalThis.CASES = fs.readFileSync(0, "utf8");
mp.runPython(`
import js, json, sys
sys.path.append("/")
import ui_save_check as check
for text in json.loads(js.CASES):
    print(json.dumps(check.parse(text)[1]))
`);
console.log(out.join("\\n"));
"""


@pytest.mark.skipif(shutil.which("node") is None or not MICROPYTHON.exists(),
                    reason="needs node and the vendored MicroPython (tools/build.py vendor)")
def test_micropython_gives_the_same_answers(tmp_path: Path) -> None:
    """The module runs on the page under MicroPython: its answers there are these."""
    state = canasta.new_game("classic", 1)
    good = page_save(state)
    bad_card = copy.deepcopy(good)
    bad_card["view"]["hand"][0] = "AS\"><img>"
    no_totals = copy.deepcopy(good)
    del no_totals["view"]["totals"]
    yes_players = copy.deepcopy(good)
    yes_players["view"]["players"] = True
    cases = [json.dumps(good), json.dumps(bad_card), json.dumps(no_totals),
             json.dumps(yes_players), "{not json", json.dumps({**good, "view": []}),
             json.dumps(good).replace('"stock_size": 63', '"stock_size": 1e400')]
    cases += [json.dumps(page_save(ai_round(name, 5, "easy"))) for name in canasta.VARIANTS]
    script = tmp_path / "run.mjs"
    script.write_text(RUNNER % (json.dumps(MICROPYTHON.as_uri()),
                                json.dumps(str(UI / "ui_save_check.py"))))
    run = subprocess.run(["node", str(script)], input=json.dumps(cases), capture_output=True,
                         text=True, timeout=120, check=True)
    there = [json.loads(line) for line in run.stdout.split("\n") if line.strip()]
    here = [check.parse(text)[1] for text in cases]
    assert there == here
    assert here[0] is None and all(p is not None for p in here[1:7])


def samba_view() -> dict[str, Any]:
    """A Samba table with a sequence and a samba (S6, S7): melds without a rank."""
    state = canasta.load_position({
        "variant": "samba", "to_move": 0, "phase": "draw",
        "hands": [["5H", "6H", "9D"], ["4C", "5C"], ["4H", "6C"], ["KH", "QC"]],
        "melds": [[["4S", "5S", "6S", "7S", "8S"], ["4D", "5D", "6D", "7D", "8D", "9D", "TD"]],
                  []],
        "pile": ["9S"], "scores": [0, 0]})
    view: dict[str, Any] = canasta.view_for(state, 0)
    return view


def test_a_view_with_sequences_passes() -> None:
    view = samba_view()
    assert [m["rank"] for m in view["melds"][0]] == [None, None]
    assert check.check_view(view) is None


@pytest.mark.parametrize(("field", "value", "said"), [
    ("rank", "4", "a sequence with a rank"),
    ("suit", "X", "without a suit"),
    ("suit", "", "without a suit"),
    ("low", "SH", "without its low card"),
    ("high", None, "without its high card"),
    ("name", "<b>", "strange name"),
])
def test_a_sequence_with_a_wrong_value_is_refused(field: str, value: Any, said: str) -> None:
    view = samba_view()
    view["melds"][0][1][field] = value
    problem = check.check_view(view)
    assert problem is not None and said in problem, problem
    said_again(problem)
