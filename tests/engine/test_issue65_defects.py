"""Issue 65: the ten defects an audit of the variants found, and its smaller points, as
rule tests on fixed positions (one test per defect, named by the rule id it breaks)."""

from __future__ import annotations

from typing import Any

import canasta as C
from canasta.game.state import State
from canasta.play.scoring import score_round
from canasta.rules.house_rules import rules_named
from tests.engine import test_cuban as cuban
from tests.engine.helpers import discard, meld, rule

HF = C.get_rules("hand-and-foot")
RAILROAD = C.get_rules("railroad")


def _reds(rules: C.RuleSet) -> list[str]:
    """Every red 3 of the rule set's decks."""
    return ["3D", "3H"] * rules.decks


# ----- defects 7 and 8: every red 3 of Hand and Foot and of Railroad --------------------------
def _all_reds(rules: C.RuleSet, melded: bool = True) -> int:
    """What every red 3 of the game laid down by seat 0's side scores."""
    others = [["4C", "4D", "5C"], ["8C", "8D", "9C"], ["JC", "JD", "QC"]] * 2
    data: dict[str, Any] = {
        "rules": rules.to_json(), "to_move": 0, "phase": "play",
        "hands": [["5H", "6H"], *others[:rules.players - 1]],
        "melds": [[["9C", "9D", "9H"]] if melded else [], *[[]] * (rules.teams - 1)],
        "red_threes": [_reds(rules), *[[]] * (rules.teams - 1)],
        "pile": ["5S"], "scores": [0] * rules.teams,
    }
    return int(score_round(C.load_position(data, seed=1))[0]["red_threes"])


def test_HF6_all_ten_red_threes_score_a_hundred_each() -> None:
    assert _all_reds(HF) == 1000
    assert _all_reds(HF, melded=False) == -1000


def test_HF15_HF17_all_red_threes_of_the_presets_score_a_hundred_each() -> None:
    two, six = rules_named("hand-and-foot+HF15"), rules_named("hand-and-foot+HF17")
    assert _all_reds(two) == 600
    assert _all_reds(six) == 1400


def test_HF19_simpson_all_red_threes_cost_five_hundred_each() -> None:
    assert _all_reds(rules_named("hand-and-foot+HF19")) == -5000


def test_R19_all_sixteen_red_threes_score_a_hundred_each() -> None:
    assert _all_reds(RAILROAD) == 1600


def test_R21_to_R24_all_red_threes_score_a_hundred_each() -> None:
    for preset, reds in (("R21", 8), ("R22", 12), ("R23", 20), ("R24", 24)):
        assert _all_reds(rules_named(f"railroad+{preset}")) == 100 * reds, preset


# ----- defect 9: Cuban's black 3s melded when going out --------------------------------------
def test_K10_all_four_black_threes_melded_going_out_score_100() -> None:
    state = cuban.at(cuban.CUBAN, ["3S", "3S", "3C", "3C", "8S"],
                     melds=[[cuban.KINGS], []])
    out = C.apply(C.apply(state, meld("3S", "3S", "3C", "3C")), discard("8S"))
    assert out.round_over
    row = score_round(out)[0]
    assert row["melded_cards"] == 7 * 10 + 4 * 5
    assert row["melded_cards"] + sum(row["extras"].values()) == 7 * 10 + 100


# ----- defect 10: H7's words ----------------------------------------------------------------
def test_H7_from_5000_the_initial_meld_needs_a_canasta_not_10000_points() -> None:
    from tests.engine.test_house_rules import FIVES, O1, O2, O3, at, house

    rules = house("H7")
    rich = ["AC", "AC", "AD", "2C", "JK", "JK", "9S", "KD"]  # 200 points, no canasta
    state = at(rules, [rich, O1, O2, O3], scores=[5000, 0])
    refusal = C.check(state, meld("AC", "AC", "AD", "2C"))
    assert refusal is not None and refusal.rule == "H7"
    assert "10000" not in str(refusal.message) and "canasta" in str(refusal.message)
    view = C.view_for(state, 0)
    assert view["minimum"][0] != 10_000 and view["opening_canasta"][0] == "canasta"
    assert view["minimum"][1] == 50 and view["opening_canasta"][1] is None
    # a canasta opens, whatever its points
    assert C.apply(at(rules, [[*FIVES, "9S", "KD"], O1, O2, O3], scores=[5000, 0]),
                   meld(*FIVES)).opened[0]
