"""Issue 16: the engine refuses every bad rule set, save, position and action with one
of its typed errors and a clear message, whatever the input holds (huge numbers, deep
nesting, wrong types); and work is bounded by the rule set's ranges."""

from __future__ import annotations

import random
from typing import Any

import pytest

import canasta as C
from canasta.game.actions import Answer, Discard, Meld, TakePile
from canasta.game.cards import RED_THREES, WILDS
from canasta.game.errors import RuleSetError, shown
from canasta.io.position import position_of
from canasta.play import transitions
from canasta.rules.options import problems
from canasta_tools.mutate import DEEP_DICT, DEEP_LIST, DEEPER_LIST, HUGE
from tests.engine.helpers import position

# Every bad rule set the issue names (and a few more), with words of its refusal.
BAD_RULES: list[tuple[dict[str, Any], str]] = [
    ({"teams": 0}, "teams must be from 2 to 6, not 0"),
    ({"players": 0}, "players must be from 2 to 6, not 0"),
    ({"decks": 0}, "decks must be from 1 to 12, not 0"),
    ({"hand_size": 100}, "hand_size must be from 1 to 20, not 100"),
    ({"hand_size": -5}, "hand_size must be from 1 to 20, not -5"),
    ({"draw_count": 0}, "draw_count must be from 1 to 3, not 0"),
    ({"initial_meld": [[float("inf"), 1]]}, "initial_meld must be a list"),
    ({"initial_meld": [[0, float("nan")]]}, "initial_meld must be a list"),
    ({"initial_meld": [[1e400, 1]]}, "initial_meld must be a list"),
    ({"initial_meld": [[HUGE, 15]]}, "each row's score must be from"),
    ({"initial_meld": [[i, 15] for i in range(11)]}, "at most 10"),
    ({"red_three_totals": [[i, 100] for i in range(1, 5000)]}, "at most 16"),
    ({"red_three_totals": [[10**9, 100]]}, "each row's count must be from 1 to 16"),
    ({"mixed_bonus_by_wilds": [[2, 300], [1, 400]]}, "go up by wild cards"),
    ({"players": "4"}, "players must be a whole number, not '4'"),
    ({"players": True}, "players must be a whole number, not True"),
    ({"players": 4.0}, "players must be a whole number, not 4.0"),
    ({"jokers_per_deck": 10**8}, "jokers_per_deck must be from 0 to 4, not 100000000"),
    ({"max_wilds": 100_000_000}, "max_wilds must be from 0 to 8"),
    ({"max_wilds": HUGE}, "max_wilds must be from 0 to 8, not a number of about 4400 digits"),
    ({"target_score": -HUGE}, "target_score must be from 100"),
    ({"roster": [10**9] * 10_000}, "roster must list at most 6"),
    ({"name": DEEP_LIST}, "name must be text"),
    ({"title": "x" * 10_000}, "title must be text of 0 to 200"),
    ({"decks": 1}, "leave no stock"),
    ({"players": 6, "teams": 3, "decks": 1, "jokers_per_deck": 4, "hand_size": 8},
     "leave no stock"),
    ({"ask_permission": "yes"}, "ask_permission must be true or false"),
    ({"bogus": 1, "other": DEEP_DICT}, "unknown rule options: 'bogus', 'other'"),
]


@pytest.mark.parametrize(("change", "words"), BAD_RULES)
def test_a_bad_rule_set_is_refused_with_a_clear_message(change: dict[str, Any],
                                                        words: str) -> None:
    with pytest.raises(RuleSetError, match=words) as err:
        C.RuleSet.from_json({**C.CLASSIC.to_json(), **change})
    assert isinstance(err.value, ValueError) and len(str(err.value)) < 2000


@pytest.mark.parametrize("data", [None, 5, "classic", ["players", 4], DEEP_LIST,
                                  {1: 2, "players": 4}, {("a",): 1}])
def test_a_rule_set_that_is_no_object_of_options_is_refused(data: object) -> None:
    with pytest.raises(RuleSetError):
        C.RuleSet.from_json(data)


@pytest.mark.parametrize(("change", "words"), BAD_RULES)
def test_a_save_with_bad_rules_is_a_position_error(change: dict[str, Any],
                                                   words: str) -> None:
    data = C.to_json(C.new_game("classic", 1))
    data["rules"] = {**data["rules"], **change}
    with pytest.raises(C.PositionError, match="the save's rules are unreadable") as err:
        C.from_json(data)
    assert words.replace("\\", "") in str(err.value).replace("\\", "")


@pytest.mark.parametrize(("change", "words"), BAD_RULES[:8])
def test_a_position_with_bad_rules_is_a_position_error(change: dict[str, Any],
                                                       words: str) -> None:
    data = position_of(C.new_game("classic", 2))
    data["rules"] = {**C.CLASSIC.to_json(), **change}
    with pytest.raises(C.PositionError, match="the position's rules are unreadable"):
        C.load_position(data)


def _worst_order(deck: list[str], rules: C.RuleSet) -> None:
    """Order `deck` (in place) for the hardest deal: the hands get naturals, then every
    wild card and red 3 is turned up for the pile before any natural (deal_round pops
    from the end: hands first, then the pile)."""
    blockers = [c for c in deck if c in WILDS or c in RED_THREES]
    naturals = [c for c in deck if c not in WILDS and c not in RED_THREES]
    hands = rules.players * rules.hand_size
    dealt, rest = naturals[:hands], naturals[hands:]
    deck[:] = rest + blockers + dealt[::-1]


class _WorstRandom(random.Random):
    def shuffle(self, x: Any) -> None:  # type: ignore[override]
        _worst_order(x, _WorstRandom.rules)

    rules: C.RuleSet = C.CLASSIC


def test_c4_every_accepted_rule_set_deals_with_a_stock_even_in_the_worst_order(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(transitions.random, "Random", _WorstRandom)
    dealt = refused = 0
    for decks in range(1, 5):
        for jokers in range(5):
            for players, teams in ((2, 2), (3, 3), (4, 2), (6, 2), (6, 3)):
                for hand in range(1, 21):
                    data = {**C.CLASSIC.to_json(), "decks": decks, "jokers_per_deck": jokers,
                            "players": players, "teams": teams, "hand_size": hand,
                            "ask_permission": teams < players}
                    try:
                        rules = C.RuleSet.from_json(data)
                    except RuleSetError:
                        refused += 1
                        continue
                    _WorstRandom.rules = rules
                    state = C.new_game(rules, 1)
                    assert state.pile[-1] not in WILDS | RED_THREES
                    assert len(state.stock) >= players
                    dealt += 1
    assert dealt > 300 and refused > 100


def test_to_move_true_is_no_seat() -> None:
    data = position_of(C.new_game("classic", 1))
    for key, value in (("to_move", True), ("dealer", False), ("to_move", 1.0)):
        with pytest.raises(C.PositionError, match=f'"{key}" must be a seat from 0 to 3'):
            C.load_position({**data, key: value})


@pytest.mark.parametrize("action", [
    Discard("XX"), Discard(5), Discard(None),  # type: ignore[arg-type]
    Meld(("ZZ",)), Meld(("AS", "AS", "ZZ")), Meld("ASAH"), Meld(None),  # type: ignore[arg-type]
    Meld((5,)), Meld(["KD", "KH", "KS"]), Meld(()),  # type: ignore[arg-type]
    Meld(("KD", "KH", "KS"), rank="Z"), Meld(("KD", "KH", "KS"), onto="1"),  # type: ignore[arg-type]
    Meld(("KD",), onto=True), Meld(("KD",), onto=HUGE),
    TakePile(("ZZ", "YY")), TakePile(None), TakePile(5),  # type: ignore[arg-type]
    Answer("maybe"),  # type: ignore[arg-type]
    "draw", {"type": "draw"}, None, 5, DEEP_LIST,
])
def test_a_hand_built_action_with_non_cards_is_an_illegal_action(action: Any) -> None:
    for state in (C.new_game("classic", 1), position(["KD", "KH", "KS", "5C"], phase="play")):
        refusal = C.check(state, action)
        assert refusal is not None and refusal.rule == "format", refusal
        assert "not an action" in refusal.message and len(refusal.message) < 300
        with pytest.raises(C.IllegalAction):
            C.apply(state, action)


def test_a_hand_built_meld_in_any_card_order_saves_and_loads_back_the_same() -> None:
    state = position(["KD", "KH", "KS", "5C", "6C"], phase="play",
                     melds=[[["9C", "9D", "9H"]], []])
    after = C.apply(state, Meld(("KS", "KD", "KH")))
    assert after.action_list()[-1] == C.parse_action({"type": "meld",
                                                       "cards": ["KS", "KD", "KH"]})
    save = C.to_json(after)
    assert C.to_json(C.from_json(save)) == save


@pytest.mark.parametrize(("data", "words"), [
    ({"type": "meld", "cards": ["KD"], "onto": HUGE}, "a number of about 4400 digits"),
    ({"type": "meld", "cards": ["KD"], "onto": 10**12}, "from 1 to 2000000"),
    ({"type": HUGE}, "unknown action type a number of"),
    ({"type": DEEP_LIST}, "unknown action type a list of 1 item"),
    ({"type": "meld", "cards": [DEEP_LIST]}, "a list of 1 item is not a card"),
    ({"type": "meld", "cards": DEEPER_LIST}, "must be a list of cards|is not a card"),
    ({"type": "discard", "card": "x" * 100_000}, "100000 characters"),
    ({"type": "draw", "list": DEEP_LIST, "z" * 5000: 2}, "unexpected field"),
    ({"type": "answer", "yes": HUGE}, "true or false, got a number of"),
])
def test_huge_numbers_and_deep_nesting_in_an_action_are_action_format_errors(
        data: dict[str, Any], words: str) -> None:
    with pytest.raises(C.ActionFormatError, match=words) as err:
        C.parse_action(data)
    assert len(str(err.value)) < 300


@pytest.mark.parametrize(("change", "words"), [
    ({"scores": [HUGE, 0]}, "whole numbers from -1000000 to 1000000"),
    ({"scores": [10**7, 0]}, "whole numbers from -1000000"),
    ({"variant": DEEP_LIST}, "variant\"? must be a variant's name, not a list"),
    ({"variant": "x" * 100_000}, "unknown variant 'xxx"),
    ({"hands": [[DEEP_LIST], [], [], []]}, "a list of 1 item is not a card"),
    ({"hands": DEEPER_LIST}, "one entry per seat"),
    ({"melds": [[{"cards": ["KD", "KH", "KS"], "id": HUGE}], []]}, "meld id is a whole"),
    ({"melds": [[{"cards": ["KD", "KH", "KS"], "kind": DEEP_DICT}], []]}, "not an object"),
    ({"melds": [[{"cards": ["KD", "KH", "KS"], "z" * 5000: DEEP_LIST}], []]},
     "unknown meld field"),
    ({"to_move": HUGE}, "not a number of"),
    ({"rules": DEEP_DICT}, "the position's rules are unreadable: unknown rule options"),
])
def test_huge_numbers_and_deep_nesting_in_a_position_are_position_errors(
        change: dict[str, Any], words: str) -> None:
    data = {**position_of(C.new_game("classic", 1)), **change}
    data.pop("stock", None)
    data["hands"] = change.get("hands", [["KD", "KH"], ["4C"], ["5C"], ["6C"]])
    with pytest.raises(C.PositionError, match=words) as err:
        C.load_position(data)
    assert len(str(err.value)) < 2000


@pytest.mark.parametrize("seed", [HUGE, -HUGE, 10**18, True, 1.0, "1"],
                         ids=["huge", "-huge", "19 digits", "true", "float", "text"])
def test_a_seed_out_of_range_is_refused_in_saves_positions_and_new_games(seed: Any) -> None:
    data = C.to_json(C.new_game("classic", 1))
    with pytest.raises(C.PositionError, match="seed"):
        C.from_json({**data, "seed": seed})
    with pytest.raises(C.PositionError, match="seed"):
        C.load_position(position_of(C.new_game("classic", 1)), seed)
    with pytest.raises(ValueError, match="seed must be a whole number of at most 18 digits"):
        C.new_game("classic", seed)


@pytest.mark.parametrize("change", [
    {"schema": True}, {"schema": HUGE}, {"schema": DEEP_LIST}, {"actions": DEEPER_LIST},
    {"actions": [DEEP_DICT]}, {"start": DEEP_DICT}, {"rules": DEEPER_LIST},
])
def test_huge_numbers_and_deep_nesting_in_a_save_are_position_errors(
        change: dict[str, Any]) -> None:
    data = {**C.to_json(C.new_game("classic", 1)), **change}
    with pytest.raises(C.PositionError) as err:
        C.from_json(data)
    assert len(str(err.value)) < 2000


def test_shown_renders_any_value_briefly() -> None:
    assert shown(HUGE) == "a number of about 4400 digits"
    assert shown(-HUGE).startswith("a number of")
    assert shown(12) == "12" and shown(True) == "True" and shown(None) == "None"
    assert shown(float("nan")) == "nan" and shown(float("inf")) == "inf"
    assert shown("x" * 1000).endswith("(1000 characters)") and len(shown("x" * 1000)) < 80
    assert shown(DEEPER_LIST) == "a list of 1 item" and shown(DEEP_DICT) == "an object with 1 field"
    assert shown(object()) == "a value of type object"


def test_the_registered_variants_pass_the_stricter_checks() -> None:
    for rules in C.VARIANTS.values():
        assert problems(rules) == []


@pytest.mark.parametrize("ids", [5, None, "H1", [5], [["H1"]], [DEEP_LIST], ["H99"]])
def test_house_rules_that_are_no_list_of_ids_are_a_rule_set_error(ids: Any) -> None:
    from canasta.rules.house_rules import with_house_rules

    with pytest.raises(RuleSetError, match="house rule"):
        with_house_rules(C.CLASSIC, ids)


@pytest.mark.parametrize("name", [None, 5, ["classic"], DEEP_LIST, {"a": 1}, "x" * 10_000])
def test_an_unknown_variant_name_of_any_type_is_a_key_error(name: Any) -> None:
    with pytest.raises(KeyError, match="unknown variant"):
        C.get_rules(name)


@pytest.mark.parametrize(("change", "words"), [
    ({"players": 4.0}, "players must be a whole number, not 4.0"),
    ({"draw_count": True}, "draw_count must be a whole number, not True"),
    ({"ask_permission": 1}, "ask_permission must be true or false"),
    ({"initial_meld": [[-(10**9), 15.0], [0, 50], [1500, 90], [3000, 120]]}, "initial_meld"),
    ({"roster": []}, None),
])
def test_a_rule_set_equal_to_a_known_one_but_of_other_types_is_still_refused(
        change: dict[str, Any], words: str | None) -> None:
    """RuleSet.from_json keeps the forms it read last; 4.0 == 4 and True == 1 in
    Python, so a form equal to a kept one is compared by its values' types too."""
    C.RuleSet.from_json(C.CLASSIC.to_json())  # kept
    data = {**C.CLASSIC.to_json(), **change}
    if words is None:
        assert C.RuleSet.from_json(data) is C.RuleSet.from_json(C.CLASSIC.to_json())
        return
    with pytest.raises(RuleSetError, match=words):
        C.RuleSet.from_json(data)
    save = {**C.to_json(C.new_game("classic", 1)), "rules": data}
    with pytest.raises(C.PositionError, match=words):
        C.from_json(save)
