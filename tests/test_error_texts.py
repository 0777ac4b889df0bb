"""The errors of malformed input said in the player's language (issue 18): every
`PositionError`, `ActionFormatError` and `RuleSetError` the engine raises carries a
`canasta.game.errors.Text` (a literal English template and its parameters), the phrases in it
(`shown`'s "a list of 3 items", a rule set's problems, the error a damaged save's action
met) nested as Texts of their own, and every key among them is one the catalogues hold
(tools/i18n.py)."""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import canasta
from canasta.game.actions import Answer, Discard, Meld, TakePile
from canasta.game.errors import (
    ActionFormatError,
    IllegalAction,
    PositionError,
    RuleSetError,
    Text,
    message_json,
    shown,
    shown_keys,
)
from canasta.io.position import position_of
from canasta.io.saves import from_json, new_game, to_json
from canasta.rules.house_rules import rules_named, with_house_rules
from canasta.rules.ruleset import CLASSIC, RuleSet
from canasta.rules.variants import get_rules
from canasta_tools import fuzz
from tools import i18n

ROOT = Path(__file__).resolve().parents[1]
KEYS = set(i18n.keys())
ERRORS = ("PositionError", "ActionFormatError", "RuleSetError")
# The one helper an error wrapping another passes its sentence through: the inner
# error's own Text (`err.args[0]`; an IllegalAction's refusal with its rule id).
WRAPPERS = {"said_by"}


# --- every raise passes a Text (read from the source) --------------------------------


def _text_functions(trees: list[ast.Module]) -> set[str]:
    """The names of the engine's functions annotated to return a Text (or None); a name
    defined twice counts only if every definition is."""
    returns: dict[str, set[str]] = {}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                shown_type = ast.unparse(node.returns) if node.returns else ""
                returns.setdefault(node.name, set()).add(shown_type)
    return {name for name, types in returns.items() if types <= {"Text", "Text | None"}}


def _gives_text(node: ast.expr, scope: ast.AST, texts: set[str]) -> bool:
    """Whether `node` (an error's argument) is a Text: a `Text("literal", ...)` call, a
    choice between such, a call of a function annotated to return a Text, the inner
    error's sentence (`said_by(err)`), or a name every assignment in its function gives
    one of these."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id == "Text":
            return bool(node.args) and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str)
        return node.func.id in texts or node.func.id in WRAPPERS
    if isinstance(node, ast.IfExp):
        return _gives_text(node.body, scope, texts) and _gives_text(node.orelse, scope, texts)
    if isinstance(node, ast.Name):
        values = [a.value for a in ast.walk(scope) if isinstance(a, ast.Assign)
                  and any(isinstance(t, ast.Name) and t.id == node.id for t in a.targets)]
        return bool(values) and all(_gives_text(v, scope, texts) for v in values)
    return False


def _untranslatable(source: str, texts: set[str], where: str) -> list[str]:
    """Each `raise PositionError(...)` (and the other two) whose argument is no Text."""
    tree = ast.parse(source)
    found = []
    scopes: list[ast.AST] = [tree, *(n for n in ast.walk(tree)
                                     if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))]
    seen: set[int] = set()
    for scope in reversed(scopes):  # the innermost function first
        for node in ast.walk(scope):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)) \
                    or id(node) in seen:
                continue
            seen.add(id(node))
            func = node.exc.func
            name = func.id if isinstance(func, ast.Name) else \
                func.attr if isinstance(func, ast.Attribute) else ""
            if name not in ERRORS:
                continue
            args = node.exc.args
            if len(args) != 1 or not _gives_text(args[0], scope, texts):
                found.append(f"{where}:{node.lineno}: {ast.unparse(node.exc)[:80]}")
    return found


def _engine_sources() -> list[tuple[Path, str]]:
    return [(path, path.read_text(encoding="utf-8"))
            for path in sorted((ROOT / "canasta").rglob("*.py"))]


def test_every_error_of_malformed_input_is_raised_with_a_text() -> None:
    sources = _engine_sources()
    texts = _text_functions([ast.parse(source) for _, source in sources])
    assert {"seed_problem", "clash", "form_problem"} <= texts
    wrong = [w for path, source in sources
             for w in _untranslatable(source, texts, path.relative_to(ROOT).as_posix())]
    assert wrong == []
    raised = sum(source.count(f"raise {e}(") for _, source in sources for e in ERRORS)
    assert raised > 60  # the check has something to check


def test_the_source_check_finds_an_error_raised_with_english() -> None:
    texts = {"seed_problem"}
    assert _untranslatable('def f(x):\n    raise PositionError(f"bad {x}")\n', texts, "t")
    assert _untranslatable('def f(x):\n    raise errors.RuleSetError("bad " + x)\n', texts, "t")
    assert _untranslatable("def f(x):\n    raise ActionFormatError(str(x))\n", texts, "t")
    assert _untranslatable('def f(x):\n    why = f"{x}"\n    raise PositionError(why)\n',
                           texts, "t")
    assert _untranslatable("def f(x):\n    raise PositionError(Text(x))\n", texts, "t")
    assert not _untranslatable(
        'def f(x):\n    p = seed_problem(x)\n    raise PositionError(p)\n'
        '\ndef g(x):\n    raise PositionError(Text("a {x}", x=x) if x else Text("b"))\n',
        texts, "t")


# --- every error met says a Text whose keys the catalogues hold -------------------------


def _texts_in(said: Any) -> Iterator[Text]:
    """A Text and the Texts among its parameters, however deep."""
    if isinstance(said, Text):
        yield said
        for value in said.params.values():
            yield from _texts_in(value)


def _assert_said(err: BaseException) -> None:
    said = err.rejection.message if isinstance(err, IllegalAction) else err.args[0]
    if isinstance(err, IllegalAction) and not isinstance(said, Text):
        assert said in KEYS  # a refusal's plain sentence is its own key
        return
    assert isinstance(said, Text), repr(err)
    if not isinstance(err, (IllegalAction, KeyError)):  # (a KeyError's str is a repr)
        assert str(err) == str(said)
    lacking = [t.key for t in _texts_in(said) if t.key not in KEYS]
    assert lacking == [], (str(said), lacking)
    crossed = message_json(said)  # as it crosses to the table
    assert crossed["message"] == str(said) and crossed["key"] == said.key


def _raised(call: Any, *args: Any) -> BaseException:
    with pytest.raises((PositionError, ActionFormatError, RuleSetError, KeyError,
                        ValueError)) as caught:
        call(*args)
    return caught.value


def _classic_position() -> dict[str, Any]:
    """A dealt position without its stock (so that cards may be moved)."""
    data = position_of(new_game("classic", 5))
    del data["stock"]
    return data


def _with(**changes: Any) -> dict[str, Any]:
    return {**_classic_position(), **changes}


FOUR_KINGS = ["KC", "KD", "KH", "KS"]
POSITIONS: list[tuple[dict[str, Any] | Any, str]] = [
    ([], "a position must be a JSON object"),
    ({"variant": 5}, "variant"),
    ({"variant": "nope"}, "unknown variant 'nope'"),
    ({"variant": "x" * 90}, "(90 characters)"),
    ({"rules": "classic"}, "the position's rules are unreadable"),
    ({"rules": {"players": 3, "teams": 2}}, "invalid rule set: 3 players cannot sit in"),
    ({"rules": {"players": 10**40}}, "a number of about 40 digits"),
    ({"rules": {f"o{i}": i for i in range(9)}}, "and 5 more"),
    ({"rules": {"initial_meld": [[1, 2]] * 50}}, "initial_meld must be a list of at most"),
    ({"rules": {"initial_meld": [[5, 50], [1, 90]]}}, "rows must go up by score"),
    ({"rules": {"red_three_totals": [[90, 50]]}}, "each row's count must be from"),
    ({"rules": {"initial_meld": []}}, "non-empty list of (lowest score, minimum) pairs"),
    ({"rules": {"rule_ids": [[1]]}}, "pairs of rule ids"),
    ({"rules": {"roster": 5}}, "roster must be a list of whole numbers"),
    ({"rules": {"final_discard": "maybe"}}, "must be one of"),
    ({"rules": {"name": ""}}, "name must be text of"),
    ({"rules": {"ask_permission": 1}}, "ask_permission must be true or false"),
    ({"rules": {"must_ask": True, "ask_permission": False, "players": 3, "teams": 2}},
     "; "),
    ({"rules": CLASSIC.to_json(), "variant": "samba"}, "name different games"),
]


def _position_cases() -> list[tuple[Any, str, int]]:
    cases: list[tuple[Any, str, int]] = [(data, why, 0) for data, why in POSITIONS]
    cases.append(({}, "a seed must be a whole number", 10**30))
    hands = _classic_position()["hands"]
    cases += [(_with(**changes), why, 0) for changes, why in [
        ({"to_move": 9}, '"to_move" must be a seat from 0 to 3, not 9'),
        ({"dealer": True}, '"dealer" must be a seat'),
        ({"phase": "answer"}, '"phase" must be "draw" or "play"'),
        ({"hands": [["KD"]]}, "one entry per seat (4)"),
        ({"red_threes": [[]]}, "one entry per team (2)"),
        ({"hands": [["XX"], *hands[1:]]}, "hands[0]: 'XX' is not a card"),
        ({"hands": [[[1, 2]], *hands[1:]]}, "a list of 2 items is not a card"),
        ({"hands": ["KD", *hands[1:]]}, "hands[0] must be a list of cards"),
        ({"melds": [5, []]}, "melds[0] must be a list of melds"),
        ({"melds": [[["KD", "KS", "2C", "2D", "2H"]], []]},
         "invalid meld ['KD', 'KS', '2C', '2D', '2H']: "),
        ({"melds": [[["KD", "QD", "JD"]], []]}, "natural cards of exactly one rank"),
        ({"melds": [[["3C", "3S", "3C"]], []]}, "3s are not melded"),
        ({"melds": [[{"cards": FOUR_KINGS, "zz": 1, "yy": 2}], []]}, "'yy', 'zz'"),
        ({"melds": [[{"cards": FOUR_KINGS, "kind": "Q"}], []]}, "of kind 'group', not 'Q'"),
        ({"melds": [[{"cards": FOUR_KINGS, "id": 0}], []]}, "a meld id is a whole number"),
        ({"melds": [[{"cards": FOUR_KINGS, "id": 2}], [{"cards": ["QC", "QD", "QH"],
                                                        "id": 2}]]}, "the same id"),
        ({"melds": [[FOUR_KINGS, ["KC", "KD", "KH"]], []]}, "at most one meld per rank"),
        ({"red_threes": [["KD"], []]}, "red_threes[0] may hold only red 3s"),
        ({"black_threes_aside": [["3C"], []]}, "these rules set no black 3 aside"),
        ({"black_threes_aside": [["KD"], []]}, "may hold only black 3s"),
        ({"packets": [[], [], [], []]}, "these rules deal no packet"),
        ({"scores": [1]}, '"scores" must be 2 whole numbers'),
        ({"melded_this_round": [1]}, '"melded_this_round" must be 4 true/false values'),
        ({"hands": [["KD"] * 3, *hands[1:]]}, "KD appears 3 times; the deck holds 2"),
        ({"stock": []}, "with a stock given, every card must appear exactly once"),
        ({"hands": [[], *hands[1:]]}, "hands[0] is empty"),
        ({"phase": "play", "hands": [["3D", "KD"], *hands[1:]]}, "holds a 3"),
        ({"phase": "play", "hands": [["KD"], *hands[1:]]}, "no legal action"),
    ]]
    escalera = position_of(new_game("escalera", 5))
    cases.append(({**escalera, "melds": [[["4D", "5D", "7D"]], []]}, "invalid sequence", 0))
    wild = position_of(new_game("wild-canasta", 5))
    cases.append(({**wild, "melds": [[["2C", "2D"]], []]}, "invalid meld ['2C', '2D']", 0))
    railroad = position_of(new_game("railroad", 5))
    cases.append(({**railroad, "packets_open": [1]}, '"packets_open" must be 4', 0))
    return cases


@pytest.mark.parametrize(("data", "words", "seed"), _position_cases())
def test_a_damaged_position_is_refused_with_a_text(data: Any, words: str, seed: int) -> None:
    err = _raised(canasta.load_position, data, seed)
    assert isinstance(err, PositionError)
    assert words in str(err)
    _assert_said(err)


def _save() -> dict[str, Any]:
    state = new_game("classic", 3)
    for _ in range(6):
        state = canasta.apply(state, canasta.legal_actions(state)[0])
    return to_json(state)


def _save_cases() -> list[tuple[Any, str]]:
    save = _save()
    position = _classic_position()
    return [
        ("save", "a save must be a JSON object"),
        ({**save, "schema": 2}, "unknown save schema 2; this version reads schema 1"),
        ({**save, "seed": "x" * 50}, "the save's seed is not a whole number"),
        ({**save, "seed": 10**25}, "a number of about 25 digits"),
        ({k: v for k, v in save.items() if k != "rules"}, "the save has no rules"),
        ({**save, "rules": [1, 2]}, "a rule set must be a JSON object, not a list of 2 items"),
        ({**save, "rules": {**save["rules"], "players": 3, "teams": 2,
                            "reserve_with_discard": True}},
         "the save's rules are unreadable: invalid rule set: 3 players cannot sit in 2 equal "
         "teams; reserve_with_discard needs a dealt packet"),
        ({**save, "start": position, "rules": get_rules("samba").to_json()},
         "do not match its starting position"),
        ({**save, "actions": None}, "the save has no action list"),
        ({**save, "actions": [{"type": "fly"}]}, "action 1 of the save cannot be replayed: "
         "unknown action type 'fly'"),
        ({**save, "actions": [{"type": "draw", "x": 1, "y": 2}]}, "unexpected field(s)"),
        ({**save, "actions": [{"type": "discard", "card": "KD"}]},
         "action 1 of the save cannot be replayed: "),
        ({**save, "actions": [*save["actions"], {"type": "draw"}, {"type": "draw"}]},
         "cannot be replayed"),
        ({**save, "start": {**position, "hands": [["KD"]]}}, "one entry per seat"),
    ]


@pytest.mark.parametrize(("data", "words"), _save_cases())
def test_a_damaged_save_is_refused_with_a_text(data: Any, words: str) -> None:
    err = _raised(from_json, data)
    assert isinstance(err, PositionError)
    assert words in str(err)
    _assert_said(err)


def test_an_inner_error_stays_a_phrase_of_its_own() -> None:
    """A save's rule set, or a move its rules refuse: the inner sentence is nested
    whole (its key, its parameters), not flattened into English."""
    save = _save()
    err = _raised(from_json, {**save, "rules": {**save["rules"], "players": 3, "teams": 2,
                                                "reserve_with_discard": True}})
    said = err.args[0]
    assert said.key == "the save's rules are unreadable: {why}"
    assert said.params["why"].key == "invalid rule set: {problems}"
    assert said.params["why"].params["problems"].key == "{first}; {then}"
    err = _raised(from_json, {**save, "actions": [{"type": "discard", "card": "KD"}]})
    why = err.args[0].params["why"]
    assert why.key == "{said} ({rule})" and isinstance(why.params["said"], Text)
    assert message_json(err.args[0])["params"]["why"]["params"]["said"]["key"] == \
        why.params["said"].key


ACTIONS: list[tuple[Any, str]] = [
    ("draw", "an action must be a JSON object, got str"),
    ({"type": "fly"}, "unknown action type 'fly'"),
    ({"type": "d" * 300}, "... (300 characters); expected draw"),
    ({"type": 10**50}, "a number of about 50 digits"),
    ({"type": {"a": 1}}, "an object with 1 field;"),
    ({"type": "draw", **{f"f{i}": i for i in range(7)}}, "and 3 more"),
    ({"type": "meld", "cards": "KD"}, '"cards" must be a list of cards'),
    ({"type": "meld", "cards": []}, "a meld needs at least one card"),
    ({"type": "meld", "cards": ["KD", "ZZ"]}, "'ZZ' is not a card"),
    ({"type": "meld", "cards": ["KD"], "rank": "KK"}, '"rank" must be one of'),
    ({"type": "meld", "cards": ["KD"], "onto": 0}, '"onto" must be a meld id'),
    ({"type": "meld", "cards": ["KD"], "new": 1}, '"new" must be true or false'),
    ({"type": "take_pile", "cards": [None]}, "None is not a card"),
    ({"type": "discard", "card": list(range(30))}, "a list of 30 items is not a card"),
    ({"type": "discard", "card": "KD", "reserve": "yes"}, '"reserve" must be true or false'),
    ({"type": "answer", "yes": None}, '"yes" must be true or false'),
]


@pytest.mark.parametrize(("data", "words"), ACTIONS)
def test_malformed_action_json_is_refused_with_a_text(data: Any, words: str) -> None:
    err = _raised(canasta.parse_action, data)
    assert isinstance(err, ActionFormatError)
    assert words in str(err)
    _assert_said(err)


@pytest.mark.parametrize("action", [
    Discard("XX"), Discard("KD", 1), Meld(()),
    Meld(["KD"]), Meld(("KD",), "KK"), Meld(("KD",), None, 0),
    Meld(("KD",), None, 1, True), TakePile(5), Answer(None),
    "draw", None, 3 + 4j,
])
def test_an_object_that_is_no_action_is_refused_with_a_text(action: Any) -> None:
    state = new_game("classic", 1)
    rejection = canasta.check(state, action)
    assert rejection is not None and rejection.rule == "format"
    with pytest.raises(IllegalAction) as caught:
        canasta.apply(state, action)
    _assert_said(caught.value)


def _rule_set_cases() -> list[tuple[Any, Any, str]]:
    data = CLASSIC.to_json()
    return [
        (RuleSet.from_json, 7, "a rule set must be a JSON object, not 7"),
        (RuleSet.from_json, {**data, "zz": 1}, "unknown rule options: 'zz'"),
        (RuleSet.from_json, {**data, "initial_meld": 5},
         "initial_meld must be a list of pairs of whole numbers"),
        (RuleSet.from_json, {**data, "rule_ids": [5]},
         "rule_ids must be a list of pairs of rule ids"),
        (RuleSet.from_json, {**data, "rule_ids": [["C30", "H1"], ["C30", "H2"]]},
         "gives one rule id two replacements"),
        (RuleSet.from_json, {**data, "initial_meld_by_deal": [10**30]},
         "must list at most"),
        (RuleSet.from_json, {**data, "sequence_scores": [[3, 10], [3, 20]]},
         "rows must go up by length"),
        (RuleSet.from_json, {**data, "mixed_bonus_by_wilds": [[1, 10**9]]},
         "each row's second number must be from"),
        (RuleSet.from_json, {**data, "target_score": "5000"},
         "target_score must be a whole number, not '5000'"),
        (RuleSet.from_json, {**data, "target_score": -1}, "target_score must be from"),
        (lambda: RuleSet(players=3, teams=2, wild_meld_min=2, must_ask=True,
                         ask_permission=False, sequence_canastas_to_go_out=3, sequence_min=3),
         None, "invalid rule set: 3 players cannot sit in 2 equal teams; a meld of wild "
         "cards cannot start smaller than the smallest meld; must_ask needs ask_permission"),
        (lambda: RuleSet(twos_melds=True, reserve_with_discard=True, reserve_from="dealt",
                         reserve_trigger="hand_empty", reserve_size=11), None,
         "twos_melds needs melds of wild cards (wild_meld_min); a foot"),
        (lambda: RuleSet(players=6, hand_size=20), None, "leave no stock"),
        (lambda: RuleSet(players=2, teams=2, double_end_bonus=100, ask_permission=True),
         None, "needs partnerships"),
        (lambda: RuleSet(reserve_with_discard=True, out_wild=1), None, "; "),
        (lambda: RuleSet(sequence_wilds=1, sequence_scores=((3, 5),),
                         sequence_canastas_to_go_out=1, counted_pile="under", upcard=False,
                         natural_count_bonus=((5, 3000),)), None, "; "),
        (lambda: RuleSet(meld_max=5, wild_meld_min=6, twos_melds=True, pure_open_mixed="7"),
         None, "; "),
        (lambda: RuleSet(black_threes_laid=True, black_threes_set_aside=True,
                         going_out=False, ask_permission=True, wild_meld_max=4,
                         wild_meld_min=3, roster=(1,)), None, "; "),
        (lambda: RuleSet(reserve_from="dealt", out_natural=3, sequence_min=2,
                         sequence_max=9), None, "; "),
        (lambda: with_house_rules(CLASSIC, "H1"), None, "house rules must be a list of ids"),
        (lambda: with_house_rules(CLASSIC, ["H1", "Q" * 99]), None, "unknown house rule"),
        (rules_named, "classic-6p+H4", "House rule H4 (Game to 7000, opening 50 / 70 / 90 "
         "/ 120) cannot be added to Classic Canasta for six"),
        (rules_named, "free-canasta+H12", "own rules F1, F2 already set"),
        (rules_named, "classic+H3+H4", "contradict each other"),
        (rules_named, "cuban+H4", "cannot be added"),
        (rules_named, "classic-3p+H1", "a double end (H1) needs partnerships"),
        (rules_named, "nope+H1", "unknown variant 'nope'; known variants: "),
        (lambda: get_rules(None), None, "unknown variant None"),
        (new_game, "classic", "a seed must be a whole number", 1.5),
    ]


@pytest.mark.parametrize("case", _rule_set_cases(), ids=lambda case: case[-1][:40]
                         if isinstance(case[-1], str) else "seed")
def test_a_bad_rule_set_is_refused_with_a_text(case: tuple[Any, ...]) -> None:
    call, arg, words, *more = case
    err = _raised(call, *([] if arg is None else [arg]), *more)
    assert words in str(err.args[0])
    _assert_said(err)


def test_every_way_a_clash_is_said_has_its_titles_in_the_catalogues() -> None:
    """A clash names the house rule's and the game's titles as phrases the table
    translates (keys of tools/i18n.py `game_titles`)."""
    err = _raised(rules_named, "classic-6p+H4")
    params = err.args[0].params
    assert isinstance(params["title"], Text) and isinstance(params["game"], Text)
    assert params["what"].key == "{first} and {then}"
    assert "that game's own rule X6 already sets the target score and initial meld" in str(err)


def test_shown_says_values_as_they_are_and_phrases_as_texts() -> None:
    assert type(shown(12)) is str and type(shown("KD")) is str and type(shown(None)) is str
    for value, said in [([1, 2, 3], "a list of 3 items"), ([1], "a list of 1 item"),
                        ({}, "an object with 0 fields"), ({"a": 1}, "an object with 1 field"),
                        (10**40, "a number of about 40 digits"),
                        (object(), "a value of type object")]:
        phrase = shown(value)
        assert isinstance(phrase, Text) and phrase == said and phrase.key in KEYS
    long = shown("x" * 100)
    assert isinstance(long, Text) and long == repr("x" * 40) + "... (100 characters)"
    keys = shown_keys(["f", "e", "d", "c", "b", "a"])
    assert keys == "'a', 'b', 'c', 'd' and 2 more"
    assert isinstance(keys, Text) and keys.key == "{names} and {n} more"
    assert all(t.key in KEYS for t in _texts_in(keys))
    assert shown_keys(["only"]) == "'only'"


@pytest.mark.parametrize("variant", ["classic", "railroad", "escalera"])
def test_every_error_the_fuzzer_meets_is_a_text(variant: str) -> None:
    """The fuzzer's forged actions, positions, saves and rule sets (canasta_tools/fuzz.py):
    each refusal says a Text whose keys the catalogues hold."""
    pool = fuzz.make_pool(variant, 2)
    refused = 0
    for i in range(150):
        rng = random.Random(f"error-texts:{variant}:{i}")
        try:
            fuzz.CASES[fuzz.KINDS[i % len(fuzz.KINDS)]](pool, rng)
        except fuzz.CLEAN_REFUSALS as err:
            refused += 1
            _assert_said(err)
    assert refused > 50
