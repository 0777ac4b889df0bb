"""The game in six languages (issue 18): the one filler of messages
(canasta/game/messages.py), each language's plural rule, the sentences the engine sends with
their keys, and every catalogue of static/i18n/ held to the keys the game says
(tools/i18n.py)."""

from __future__ import annotations

import re

import pytest

from canasta.game import messages
from canasta.game.errors import Rejection, Text
from canasta.game.messages import placeholders, plural_category, render
from tools import i18n

CODES = [code for code, _ in messages.LANGUAGES if code != "en"]
CATEGORIES = {
    "cy": {"zero", "one", "two", "few", "many", "other"},
    "is": {"one", "other"}, "tl": {"one", "other"}, "de": {"one", "other"},
    "bg": {"one", "other"},
}
# Keys whose translation may equal the English (reviewed): a number card's name is its
# number in every language, and a few words are the same.
SAME_ALLOWED = {
    *(f"rank:{r}" for r in "23456789T"), "Canasta", "canasta", "card:JK", "Joker",
    *(f"card:{r}" for r in "JQKA"),  # a language may keep J, Q, K and A on the faces
    "{n} face down",
}
SAME_ALLOWED_IN = {  # words some languages share with English
    "de": {"Stats", "Coach", "Normal", "Hint: {text}", "Shortcut: {key}", "Game over",
           "min {points}", "Joker", "canasta", "natural canasta"},
    "tl": {"Stats", "Coach", "Normal", "Draw", "Meld", "Discard", "canasta",
           "Game", "Hint: {text}", "Shortcut: {key}", "Canasta", "Round {n}",
           "min {points}", "Round {n} of {deals}"},
    "cy": {"Stats", "Coach", "Canasta", "canasta", "min {points}"},
    "is": {"Stats", "min {points}"},
    "bg": set(),
}
KEYS = i18n.keys()


def sample(template: str) -> dict[str, object]:
    """Parameters of the right kinds for a template (cards, ranks, numbers)."""
    params: dict[str, object] = {}
    for name in placeholders(template):
        spec = re.search(r"\{\s*" + re.escape(name) + r"\s*(?::(\w+)|,\s*plural)", template)
        kind = spec.group(1) if spec and spec.group(1) else (
            "plural" if spec else "")
        params[name] = {"card": "KH", "cards": ["KH", "TS"], "rank": "K", "ranks": "K",
                        "plural": 3}.get(kind, "7")
    return params


@pytest.mark.parametrize(("lang", "cases"), [
    ("en", {0: "other", 1: "one", 2: "other", 21: "other"}),
    ("de", {0: "other", 1: "one", 2: "other"}),
    ("bg", {1: "one", 5: "other"}),
    ("is", {1: "one", 11: "other", 21: "one", 31: "one", 111: "other", 2: "other"}),
    ("tl", {1: "one", 2: "one", 3: "one", 4: "other", 6: "other", 9: "other", 10: "one",
            14: "other", 15: "one"}),
    ("cy", {0: "zero", 1: "one", 2: "two", 3: "few", 4: "other", 6: "many", 7: "other"}),
])
def test_each_language_has_its_plural_rule(lang: str, cases: dict[int, str]) -> None:
    assert {n: plural_category(lang, n) for n in cases} == cases


def test_a_template_is_filled_with_cards_ranks_and_plurals() -> None:
    template = "{n, plural, =0 {no card} one {# card} other {# cards}} on {r:ranks}: {c:card}"
    assert render(template, {"n": 0, "r": "K", "c": "TH"}) == "no card on kings: 10♥"
    assert render(template, {"n": 1, "r": "7", "c": "JK"}) == "1 card on 7s: Joker"
    german = {template: "{n, plural, =0 {keine Karte} one {# Karte} other {# Karten}} auf "
                        "{r:ranks}: {c:card}", "ranks:K": "Könige"}
    assert render(template, {"n": 2, "r": "K", "c": "AS"}, german, "de") == \
        "2 Karten auf Könige: A♠"
    # A key the catalogue lacks is said in English rather than not at all.
    assert render("Draw", None, german, "de") == "Draw"
    assert placeholders(template) == {"n", "r", "c"}
    with pytest.raises(KeyError):
        render("{x} left", {})


def test_a_refusal_crosses_with_its_key_and_parameters() -> None:
    text = Text("A meld needs at least {n} cards.", n=3)
    assert text == "A meld needs at least 3 cards." and isinstance(text, str)
    assert Rejection("C17", text).to_json() == {
        "rule": "C17", "message": "A meld needs at least 3 cards.",
        "key": "A meld needs at least {n} cards.", "params": {"n": 3}}
    # A plain sentence is its own key.
    assert Rejection("C6", "Draw first.").to_json() == {
        "rule": "C6", "message": "Draw first.", "key": "Draw first.", "params": {}}


def test_the_languages_offered_are_the_catalogues_there_are() -> None:
    files = {p.stem for p in i18n.CATALOGUES.glob("*.json")}
    assert files == set(CODES)
    assert len({name for _, name in messages.LANGUAGES}) == len(messages.LANGUAGES)


def test_the_keys_are_found_in_the_code() -> None:
    """The extraction finds the table's, the page's and the names' keys."""
    assert {"Draw", "Take pile", "New game", "Loading the engine…", "Your hand",
            "ranks:K", "card:JK"} <= set(KEYS)
    assert all(isinstance(k, str) and k for k in KEYS)


@pytest.mark.parametrize("lang", CODES)
def test_every_catalogue_says_every_key(lang: str) -> None:
    catalogue = i18n.catalogue(lang)
    assert [k for k in KEYS if k not in catalogue] == []
    assert sorted(set(catalogue) - set(KEYS)) == [], "keys nothing says any more"


@pytest.mark.parametrize("lang", CODES)
def test_every_translation_is_one(lang: str) -> None:
    """A translation equal to its English text fails unless it is on a reviewed list."""
    catalogue = i18n.catalogue(lang)
    allowed = SAME_ALLOWED | SAME_ALLOWED_IN[lang]
    english = {k: render(k, sample(k)) if not k.startswith(("rank", "card:")) else
               messages.rank_name(k.split(":")[1], None, k.startswith("ranks"))
               if k.startswith("rank") else "Joker" for k in KEYS}
    same = [k for k in KEYS if k in catalogue and k not in allowed and has_words(k)
            and (catalogue[k] == k or catalogue[k] == english[k])]
    assert same == []


def has_words(template: str) -> bool:
    """Whether a template holds words of its own (not only placeholders, numbers and
    signs, as "{said} ({rule})" or "{c:card}" do); a plural choice's branches count."""
    plain = re.sub(r"\{\s*\w+\s*(:\s*\w+)?\s*\}", "", template)
    plain = re.sub(r"\{\s*\w+\s*,\s*plural\s*,", "", plain)
    plain = re.sub(r"(zero|one|two|few|many|other|=\d+)\s*\{", "", plain)
    return any(ch.isalpha() for ch in plain)


def test_every_call_gives_its_template_every_parameter() -> None:
    """Each tr(...) / Text(...) call with a literal template names every placeholder of
    the template among its keyword arguments (a missing one would fail on the page)."""
    import ast

    wrong = []
    for path in [*sorted((i18n.ROOT / "static").rglob("*.py")),
                 *sorted((i18n.ROOT / "canasta").rglob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("tr", "Text") and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                continue
            if any(k.arg is None for k in node.keywords):
                continue  # (**params: checked where they are made)
            given = {k.arg for k in node.keywords}
            needed = placeholders(node.args[0].value)
            if not needed <= given:
                wrong.append(f"{path.name}:{node.lineno} lacks {sorted(needed - given)}")
    assert wrong == []


def _keys_of(said: dict[str, object]) -> list[str]:
    """A sentence's key and the keys of the sentences among its parameters."""
    found = [str(said["key"])]
    params = said.get("params")
    for value in (params.values() if isinstance(params, dict) else ()):
        if isinstance(value, dict):
            found.extend(_keys_of(value))
    return found


@pytest.mark.parametrize("variant", ["classic", "classic-3p", "railroad", "pennies",
                                     "samba", "hand-and-foot", "american", "cuban",
                                     "mexicana", "bolivia", "free-canasta"])
def test_every_refusal_met_in_play_has_a_key_the_catalogues_hold(variant: str) -> None:
    """Random play, and at each step actions of other steps (mostly illegal here) and
    melds of random cards from the hand: every refusal `check` gives is a template the
    catalogues translate, its parameters too (none is a sentence built in English)."""
    import json
    import random

    import canasta

    rng = random.Random(7)
    state = canasta.new_game(variant, 11)
    seen: list[dict[str, object]] = []
    refusals = set()
    for _ in range(250):
        legal = canasta.legal_actions(state)
        if not legal:
            break
        seen.extend(canasta.action_to_json(a) for a in rng.sample(legal, min(3, len(legal))))
        for data in rng.sample(seen, min(12, len(seen))):
            data = json.loads(json.dumps(data))
            hand = state.hands[state.to_act]
            if "cards" in data and hand and rng.random() < 0.5:
                data["cards"] = rng.sample(hand, min(len(hand), rng.randint(1, 4)))
            try:
                action = canasta.parse_action(data)
            except canasta.ActionFormatError:
                continue
            rejection = canasta.check(state, action)
            if rejection is not None:
                said = rejection.to_json()
                refusals.add(said["key"])
                assert all(k in KEYS for k in _keys_of(said)), said
        state = canasta.apply(state, rng.choice(legal))
    assert len(refusals) >= 5, refusals


def test_a_phrase_in_a_sentence_crosses_as_a_sentence_of_its_own() -> None:
    from canasta import get_rules
    from canasta.game.errors import message_json
    from canasta.outlook.needs import out_needs

    need = out_needs(get_rules("railroad"))
    said = message_json(Text("You cannot go out: your team needs {need} first.", need=need))
    assert said["message"] == ("You cannot go out: your team needs 4 canastas: one natural, "
                               "one mixed, one of wild cards, one of 7s first.")
    inner = said["params"]["need"]
    assert inner["key"] == "{need}: {kinds}" and inner["message"] == str(need)
    assert inner["params"]["need"]["params"] == {"n": 4}
    assert _keys_of(said)[:2] == [said["key"], "{need}: {kinds}"]
    assert render("{r:Ranks} never take wild cards.", {"r": "K"}) == "Kings never take wild cards."


def test_a_text_made_twice_is_one_value() -> None:
    a = Text("A meld needs at least {n} cards.", n=3)
    assert Text("A meld needs at least {n} cards.", n=3) is a
    assert Text("A meld needs at least {n} cards.", n=4) is not a
    listed = Text("{cs:cards}", cs=["KH", "KS"])  # a list: made afresh, never shared
    assert listed == "K♥ K♠" and Text("{cs:cards}", cs=["KH", "KS"]) is not listed
