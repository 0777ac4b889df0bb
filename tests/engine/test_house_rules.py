"""The seeds' Classic house rules (docs/variants/classic-house-rules.md): one test per
rule id, the combinations refused, and games with house rules saved and replayed."""

from __future__ import annotations

import random
from typing import Any

import pytest

import canasta as C
from canasta.game.state import State
from canasta.play.scoring import concealed_canastas
from canasta.rules.house_rules import (
    HOUSE_RULES,
    VARIANT_OPTIONS,
    describe,
    rules_named,
    with_house_rules,
)
from canasta.rules.ruleset import CLASSIC
from canasta.rules.variants import CLASSIC_3P
from tests.engine.helpers import discard, meld, rule, take
from tests.engine.invariants import play_random
from tests.games import ai_round


def house(*ids: str, base: C.RuleSet = CLASSIC) -> C.RuleSet:
    return with_house_rules(base, list(ids))


def at(rules: C.RuleSet, hands: list[list[str]], *, melds: Any = None, phase: str = "play",
       pile: list[str] | None = None, scores: list[int] | None = None,
       red_threes: list[list[str]] | None = None, to_move: int = 0) -> State:
    data: dict[str, Any] = {
        "rules": rules.to_json(), "to_move": to_move, "phase": phase, "hands": hands,
        "melds": melds if melds is not None else [[] for _ in range(rules.teams)],
        "pile": pile if pile is not None else ["7C"],
        "scores": scores if scores is not None else [0] * rules.teams,
    }
    if red_threes is not None:
        data["red_threes"] = red_threes
    return C.load_position(data, seed=3)


CANASTA_KINGS = ["KC", "KC", "KD", "KD", "KH", "KH", "KS"]
O1, O2, O3 = ["4S", "4D", "7D"], ["6S", "6D", "7H"], ["JS", "JD", "7S"]
OPEN = [[CANASTA_KINGS], []]  # team 0 has a natural canasta of kings


def went_out_with(rules: C.RuleSet, partner: list[str], *, others: list[list[str]] | None = None,
                  red_threes: list[list[str]] | None = None) -> list[dict[str, Any]]:
    """Seat 0 goes out by melding QC QD QH; seat 2 (its partner) holds `partner`."""
    o = others or [O1, O2]
    state = at(rules, [["QC", "QD", "QH"], o[0], partner, o[1]], melds=OPEN,
               red_threes=red_threes)
    state = C.apply(state, meld("QC", "QD", "QH"))
    assert state.round_over and state.went_out == 0
    return C.round_score(state)


# ----- the presets ----------------------------------------------------------------------
def test_house_rules_are_named_after_their_ids_and_listed_for_a_dialog() -> None:
    rules = house("H5", "H1")
    assert rules.name == "classic+H1+H5"
    assert rules.double_end_bonus == 100 and rules.red_threes_by_going_out
    assert [h["id"] for h in describe()] == list(HOUSE_RULES)
    assert house() is CLASSIC


def test_contradictory_house_rules_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="H3 and H4 contradict"):
        house("H3", "H4")
    with pytest.raises(ValueError, match="unknown house rule H99"):
        house("H99")
    with pytest.raises(ValueError, match="double end"):
        house("H1", base=CLASSIC_3P)  # nobody has a partner


@pytest.mark.parametrize(("name", "words"), [
    ("classic-6p+H4", "House rule H4 .* cannot be added to Classic Canasta for six .*: "
     "that game's own rule X6 already sets the target score and initial meld"),
    ("classic-6p-3x2+H3", "H3 .* own rule X6 already sets the target score"),
    ("classic-2p+H8", "H8 .* own rule D4 already sets the canastas to go out"),
    ("classic-3p+H8", "H8 .* own rule T4"),
    ("free-canasta+H12", "H12 .* Free Canasta .* own rules F1, F2 already set"),
])
def test_a_house_rule_that_changes_a_games_own_rule_is_refused(name: str, words: str) -> None:
    """A house rule changes Classic's rules: on a game that changed the same option it
    would silently replace that game's own rule, so it is refused naming both ids."""
    with pytest.raises(ValueError, match=words):
        rules_named(name)


def test_the_dialog_lists_per_game_only_the_presets_that_apply() -> None:
    ids = {name: [d["id"] for d in describe(rules)] for name, rules in C.VARIANTS.items()}
    assert ids["classic"] == list(HOUSE_RULES) == ids["classic-5p"]
    assert "H1" not in ids["classic-2p"] and "H8" not in ids["classic-2p"]  # no partner; D4
    assert ids["classic-6p"][0] == "X3" and not {"H3", "H4", "H7", "H8"} & set(ids["classic-6p"])
    assert ids["free-canasta"][0] == "F6" and "H12" not in ids["free-canasta"]
    for name, rules in C.VARIANTS.items():
        listed = describe(rules)
        own = [p.id for p in VARIANT_OPTIONS.get(name, ())]
        assert [d["id"] for d in listed if d["kind"] == "option"] == own
        for d in listed:
            assert with_house_rules(rules, [d["id"]]).name == f"{name}+{d['id']}"


def test_a_games_own_options_come_first_in_its_name_and_travel_by_value() -> None:
    rules = rules_named("classic-6p+H1+X3")
    assert rules.name == "classic-6p+X3+H1" and rules.hand_size == 13
    assert rules.title.endswith("with X3 and house rules H1")
    assert rules_named(rules.name) == rules
    assert C.RuleSet.from_json(rules.to_json()) == rules
    # A game's own option is not offered with another game.
    with pytest.raises(ValueError, match="unknown house rule X3; classic may have: H1, H2"):
        rules_named("classic+X3")
    with pytest.raises(KeyError, match="unknown variant 'nope'"):
        rules_named("nope+H1")


def test_presets_that_change_one_rule_differently_contradict() -> None:
    # H6 and H7 both change the initial meld's rules C12 and C26 (and canasta_opens_from).
    with pytest.raises(ValueError, match="H6 and H7 contradict"):
        house("H6", "H7")
    # Rule ids from several presets are merged: H8's C30, C31 beside H10's C22.
    both = house("H10", "H8")
    assert (both.cite("C31"), both.cite("C22"), both.cite("C14")) == ("H8", "H10", "C14")


def test_house_rules_travel_by_value_in_saves_and_views() -> None:
    rules = house("H1", "H4", "H5", "H9", "H10", "H11")
    state = C.new_game(rules, 5)
    rng = random.Random(5)
    for _ in range(150):
        if state.round_over:
            break
        state = C.apply(state, rng.choice(C.legal_actions(state)))
    again = C.from_json(C.to_json(state))
    assert again.rules == rules and again.action_list() == state.action_list()
    assert C.view_for(state, 1)["rules"] == rules.to_json()


# ----- one test per rule id -------------------------------------------------------------
def test_H1_double_end_when_the_partner_can_lay_down_the_whole_hand() -> None:
    rules = house("H1")
    rows = went_out_with(rules, ["KS", "8S", "8S", "8D"])  # K on the canasta, 8s a meld
    assert rows[0]["extras"] == {"double_end": 100}
    assert rows[0]["hand_penalty"] == 0
    assert rows[0]["melded_cards"] == 70 + 30 + 10 + 30  # kings, queens, the partner's
    assert rows[0]["total"] == rows[0]["melded_cards"] + 500 + 100 + 100
    # A card that cannot be laid down: no double end, the hand counts minus.
    rows = went_out_with(rules, ["KS", "8S", "8S", "9D"])
    assert rows[0]["extras"] == {}
    assert rows[0]["hand_penalty"] == -(10 + 10 + 10 + 10)
    # Without the house rule the same hand is a plain penalty.
    rows = went_out_with(CLASSIC, ["KS", "8S", "8S", "8D"])
    assert rows[0]["extras"] == {} and rows[0]["hand_penalty"] == -40


def test_H1_wild_cards_and_black_threes_must_fit_too() -> None:
    rules = house("H1")
    # 2C joins the 8s (two naturals, one wild); three black 3s are a meld of their own.
    assert went_out_with(rules, ["8S", "8S", "2C", "3S", "3S", "3C"])[0]["extras"]
    # Two black 3s cannot be melded; four wild cards cannot join two 8s.
    assert not went_out_with(rules, ["8S", "8S", "8D", "3S", "3C"])[0]["extras"]
    # Seven wild cards: the 8s take one, the kings three, the queens two.
    seven = ["8S", "8S", "2C", "2C", "2D", "2D", "2H", "2H", "JK"]
    assert not went_out_with(rules, seven)[0]["extras"]


def test_H2_going_out_at_once_needs_no_minimum_unless_the_pile_is_taken() -> None:
    hand = ["5C", "5C", "5D", "5D", "5H", "5H", "5S", "6C", "6D", "6H", "9S"]
    # 5s and 6s make 50 points: below 90 at 1500 (C25) — refused in Classic (C32) ...
    classic = at(CLASSIC, [hand, O1, O2, O3], scores=[1500, 0])
    assert rule(classic, meld("5C", "5C", "5D", "5D", "5H", "5H", "5S")) is not None
    # ... and allowed with H2, going out from the hand after drawing.
    state = at(house("H2"), [hand, O1, O2, O3], scores=[1500, 0])
    state = C.apply(state, meld("5C", "5C", "5D", "5D", "5H", "5H", "5S"))
    state = C.apply(state, meld("6C", "6D", "6H"))
    state = C.apply(state, discard("9S"))
    assert state.round_over and state.went_out == 0 and state.concealed
    # Taking the pile, the minimum applies as ever.
    took = at(house("H2"), [hand, O1, O2, O3], scores=[1500, 0],
              phase="draw", pile=["8C", "5S"])
    assert rule(took, take("5C", "5C")) == "C12"  # the minimum with the top card (C12)


def test_H3_game_to_ten_thousand() -> None:
    rules = house("H3")
    assert rules.target_score == 10_000
    assert CLASSIC.target_score == 5000


def test_H4_game_to_seven_thousand_with_its_opening_table() -> None:
    rules = house("H4")
    assert rules.target_score == 7000
    assert [rules.minimum_for(s) for s in (-5, 0, 1495, 1500, 2995, 3000, 4995, 5000)] == [
        15, 50, 50, 70, 70, 90, 90, 120]


def test_H5_red_threes_count_for_the_side_that_went_out_and_against_the_others() -> None:
    rules = house("H5")
    reds = [["3H"], ["3D", "3H"]]
    rows = went_out_with(rules, ["8S", "8S"], red_threes=reds)
    assert rows[0]["red_threes"] == 100
    assert rows[1]["red_threes"] == -200
    # Classic: the other side melded nothing, so its red 3s count minus anyway; with a
    # meld they would count plus.
    melded_them = [[CANASTA_KINGS], [["9C", "9C", "9D"]]]
    state = at(rules, [["QC", "QD", "QH"], O1, ["8S", "8S"], O2],
               melds=melded_them, red_threes=reds)
    state = C.apply(state, meld("QC", "QD", "QH"))
    assert C.round_score(state)[1]["red_threes"] == -200
    classic = at(CLASSIC, [["QC", "QD", "QH"], O1, ["8S", "8S"], O2],
                 melds=melded_them, red_threes=reds)
    classic = C.apply(classic, meld("QC", "QD", "QH"))
    assert C.round_score(classic)[1]["red_threes"] == 200
    # All four to the side that went out: 800.
    rows = went_out_with(rules, ["8S", "8S"], red_threes=[["3H", "3H", "3D", "3D"], []])
    assert rows[0]["red_threes"] == 800


def test_H8_two_canastas_to_go_out() -> None:
    rules = house("H8")
    state = at(rules, [["QC", "QD", "QH"], O1, ["8S"] * 2, O2], melds=OPEN)
    # One canasta of two: keep cards. The refusal cites H8, the rule in force, not C31.
    assert rule(state, meld("QC", "QD", "QH")) == "H8"


def test_H9_black_threes_left_in_hand_cost_a_hundred_each() -> None:
    rows = went_out_with(house("H9"), ["3S", "3C", "8D"])
    assert rows[0]["hand_penalty"] == -(100 + 100 + 10)
    assert went_out_with(CLASSIC, ["3S", "3C", "8D"])[0]["hand_penalty"] == -(5 + 5 + 10)


def test_H10_a_black_three_freezes_the_pile() -> None:
    pile = ["9C", "3S", "8H"]
    hand = ["8C", "2D", "KC", "KD", "4S"]
    melds = [[["JC", "JD", "JH"]], []]
    classic = at(CLASSIC, [hand, O1, O2, O3], melds=melds,
                 phase="draw", pile=pile)
    assert rule(classic, take("8C", "2D")) is None
    frozen = at(house("H10"), [hand, O1, O2, O3], melds=melds,
                phase="draw", pile=pile)
    assert rule(frozen, take("8C", "2D")) == "H10"
    assert C.view_for(frozen, 0)["pile"]["freezer"] == "3S"


def test_H11_a_canasta_laid_down_whole_earns_a_hundred() -> None:
    rules = house("H11")
    hand = ["QC", "QC", "QD", "QD", "QH", "QH", "QS", "8D", "9D"]
    state = at(rules, [hand, O1, ["8S", "8S"], O2], melds=OPEN)
    state = C.apply(state, meld("QC", "QC", "QD", "QD", "QH", "QH", "QS"))
    assert state.melds[0][-1].started == 7
    # Built up in two plays, the kings of the position do not count (started unknown: 0).
    state = C.apply(state, discard("9D"))
    assert not state.round_over
    assert concealed_canastas(rules, state.melds[0]) == 1
    # Melded in parts: three, then four more — not concealed.
    parts = at(rules, [hand, O1, ["8S", "8S"], O2], melds=OPEN)
    parts = C.apply(parts, meld("QC", "QC", "QD"))
    parts = C.apply(parts, meld("QD", "QH", "QH", "QS"))
    assert concealed_canastas(rules, parts.melds[0]) == 0


def test_H11_the_bonus_appears_among_the_extras() -> None:
    rules = house("H11")
    queens = ["QC", "QC", "QD", "QD", "QH", "QH", "QS"]
    state = at(rules, [queens, O1, ["8S", "8S"], O2], melds=OPEN)
    state = C.apply(state, meld("QC", "QC", "QD", "QD", "QH", "QH", "QS"))
    assert state.round_over
    rows = C.round_score(state)
    assert rows[0]["extras"] == {"concealed_canastas": 100}
    parts = ("melded_cards", "canasta_bonus", "red_threes", "going_out", "hand_penalty")
    assert rows[0]["total"] == sum(rows[0][k] for k in parts) + 100
    assert rows[0]["canasta_bonus"] == 1000


def test_every_compatible_house_rule_plays_whole_rounds_at_every_ai_level() -> None:

    rules = house("H1", "H2", "H4", "H5", "H8", "H9", "H10", "H11")
    for level in ("easy", "normal", "strong"):
        state = ai_round(rules, 11, level)
        assert sum(r["total"] for r in C.round_score(state)) == sum(
            state.totals()) - sum(state.scores)


# The combinations of the conformance runs: every house rule in one of them (H6 and H7
# contradict, as do H3 and H4, so they go to different ones), one on a variant's base.
HOUSE_COMBOS = (
    "classic+H1+H2+H4+H5+H6+H8+H9+H10+H11+H12",
    "classic+H2+H7+H9+H10+H11",
    "classic-2p+H3+H5+H9+H10",
)
CONFORMANCE_ACTIONS = 20_000  # per combination (shared/rules/variant-checklist.md item 3)


def play_combo(name: str, actions: int, seed: int) -> tuple[int, int]:
    """The conformance run on the rule set `name`, in games of ten rounds, until at least
    `actions` actions: (actions, rounds)."""
    rules = rules_named(name)
    done = rounds = game = 0
    while done < actions:
        played = play_random(rules, seed + game, 10, full_every=20, save_every=250)
        done, rounds, game = done + played.actions, rounds + played.rounds, game + 1
    return done, rounds


@pytest.mark.parametrize("name", HOUSE_COMBOS)
def test_random_rounds_with_house_rules_keep_every_invariant(name: str) -> None:
    """The conformance run of tests/engine/test_conformance.py on a rule set by value:
    cards conserved, `legal_actions` equal to the reference list, scores adding up,
    views leaking nothing, saves replaying, no state without a legal action."""
    actions, rounds = play_combo(name, CONFORMANCE_ACTIONS, 4100)
    assert actions >= CONFORMANCE_ACTIONS and actions > 50 * rounds


FIVES = ["5C", "5C", "5D", "5D", "5H", "5H", "5S"]


def test_H6_a_canasta_opens_whatever_its_points() -> None:
    hand = [*FIVES, "9S", "KD"]
    # 35 points of 5s are far from 90: refused in Classic (C26) ...
    classic = at(CLASSIC, [hand, O1, O2, O3], scores=[1500, 0])
    assert rule(classic, meld(*FIVES)) == "C26"
    assert rule(classic, meld("5C", "5C", "5D")) == "C26"
    # ... but with H6 the canasta opens, laid down at once or built up this turn.
    rules = house("H6")
    state = C.apply(at(rules, [hand, O1, O2, O3], scores=[1500, 0]), meld(*FIVES))
    assert state.opened[0] and state.turn_points == 35
    state = at(rules, [hand, O1, O2, O3], scores=[1500, 0])
    state = C.apply(state, meld("5C", "5C", "5D"))
    assert not state.opened[0]
    assert rule(state, discard("9S")) == "H6"  # the initial meld must be finished
    state = C.apply(state, meld("5D", "5H", "5H", "5S"))
    assert state.opened[0]
    # Without a canasta within reach, points still rule.
    short = at(rules, [["5C", "5C", "5D", "5D", "9S", "KD"], O1, O2, O3], scores=[1500, 0])
    assert rule(short, meld("5C", "5C", "5D")) == "H6"  # the initial meld's rule in force


def test_H7_game_to_7500_and_from_5000_only_a_canasta_opens() -> None:
    rules = house("H7")
    assert rules.target_score == 7500 and rules.minimum_for(3000) == 120
    rich = ["AC", "AC", "AD", "2C", "JK", "JK", "9S", "KD"]  # 200 points, no canasta
    state = at(rules, [rich, O1, O2, O3], scores=[5000, 0])
    assert rule(state, meld("AC", "AC", "AD", "2C")) == "H7"
    state = C.apply(at(rules, [[*FIVES, "9S", "KD"], O1, O2, O3], scores=[5000, 0]),
                    meld(*FIVES))
    assert state.opened[0]
    # Below 5000 the points table applies, and a canasta alone does not open.
    below = at(rules, [[*FIVES, "9S", "KD"], O1, O2, O3], scores=[3000, 0])
    assert rule(below, meld(*FIVES)) == "H7"
    assert rule(at(rules, [rich, O1, O2, O3], scores=[3000, 0]),
                meld("AC", "AC", "AD", "2C")) is None
    with pytest.raises(ValueError, match="H6 and H7 contradict"):
        house("H6", "H7")
