"""Issue 65: the ten defects an audit of the variants found, and its smaller points, as
rule tests on fixed positions (one test per defect, named by the rule id it breaks)."""

from __future__ import annotations

from typing import Any

import canasta as C
from canasta.game.state import State
from canasta.play.scoring import score_round
from canasta.rules.house_rules import rules_named
from tests.engine import test_cuban as cuban
from tests.engine.helpers import ASK, discard, meld, rule, three_deck_at

HF = C.get_rules("hand-and-foot")
RAILROAD = C.get_rules("railroad")


def _reds(rules: C.RuleSet) -> list[str]:
    """Every red 3 of the rule set's decks."""
    return ["3D", "3H"] * rules.decks


# ----- defects 1 and 2: samba-twos's meld of 2s started in the turn looked ahead ------------
SAMBA_TWOS = C.get_rules("samba-twos")
MIXED_KINGS = ["KC", "KD", "KH", "KS", "KC", "2S", "JK"]  # at the wild limit (S4: two)
MIXED_QUEENS = ["QC", "QD", "QH", "QS", "QC", "2S", "JK"]


def _listed(state: State, cards: list[str]) -> bool:
    """`legal_actions` lists a meld of these cards (compared up to order)."""
    return any(a.get("type") == "meld" and sorted(a["cards"]) == sorted(cards)
               for a in map(C.action_to_json, C.legal_actions(state)))


def test_C26_samba_twos_a_run_then_a_meld_of_twos_reach_the_initial_meld() -> None:
    """4♠ 5♠ 6♠ (15) then 2♣ 2♦ 2♥ (60) make 75 of 50, keeping 9♥ K♦: the run may come
    first, as the 2s may."""
    state = three_deck_at(SAMBA_TWOS, ["4S", "5S", "6S", "2C", "2D", "2H", "9H", "KD"])
    assert rule(state, meld("4S", "5S", "6S")) is None
    assert _listed(state, ["4S", "5S", "6S"])
    after = C.apply(C.apply(state, meld("4S", "5S", "6S")), meld("2C", "2D", "2H"))
    assert after.opened[0] and sorted(after.hands[0]) == ["9H", "KD"]


def test_C33_samba_twos_may_ask_when_a_meld_of_twos_goes_out() -> None:
    """Two mixed canastas at the wild limit: 2♣ 2♦ 2♥ start a meld of 2s and 9♠ is
    discarded to go out, so "May I go out?" may be asked."""
    state = three_deck_at(SAMBA_TWOS, ["2C", "2D", "2H", "9S"],
                          melds=[[MIXED_KINGS, MIXED_QUEENS], []])
    assert rule(state, ASK) is None and C.view_for(state, 0)["may_ask"]
    out = C.apply(C.apply(state, meld("2C", "2D", "2H")), discard("9S"))
    assert out.round_over and out.went_out == 0


# ----- defects 3 and 4: two melds of one rank (S5) ---------------------------------------------
EIGHTS = ["8C", "8C", "8D", "8D", "8H", "8H", "8S"]  # a natural canasta of 8s
NEW_EIGHTS = ["8S", "8C", "8D", "2S", "2H"]  # a newer meld of 8s at the wild limit


def _two_melds_of_eights(name: str) -> State:
    return three_deck_at(C.get_rules(name), ["JK", "5C"],
                         melds=[[EIGHTS, NEW_EIGHTS, MIXED_KINGS], []])


def test_C33_S5_samba_may_ask_with_a_wild_card_for_the_older_canasta_of_a_rank() -> None:
    state = _two_melds_of_eights("samba")
    older = state.melds[0][0].id
    assert rule(state, ASK) is None
    out = C.apply(C.apply(state, meld("JK", onto=older)), discard("5C"))
    assert out.round_over and out.went_out == 0


def test_BR8_brazilian_asks_and_goes_out_with_the_older_canasta_of_a_rank() -> None:
    state = _two_melds_of_eights("brazilian")
    older = state.melds[0][0].id
    assert rule(state, meld("JK", onto=older)) == "BR8"  # (asking first is compulsory)
    assert rule(state, ASK) is None
    asked = C.apply(state, ASK)
    yes = C.apply(asked, C.parse_action({"type": "answer", "yes": True}))
    out = C.apply(C.apply(yes, meld("JK", onto=older)), discard("5C"))
    assert out.round_over and out.went_out == 0


# ----- defect 5: the escalera game's eleven cards keep the hand (E7, E4) --------------------
def test_E7_the_escalera_that_makes_the_first_canasta_may_keep_one_card() -> None:
    """4♥-10♥ lay the escalera, the round's first canasta, keeping K♦: the stock's eleven
    cards join the hand at once, so the hand keeps more than two cards (E4)."""
    from tests.engine.test_escalera import at

    run = ["4H", "5H", "6H", "7H", "8H", "9H", "TH"]
    state = at([*run, "KD"], melds=[[["QC", "QD", "QH"]], []])
    assert rule(state, meld(*run)) is None and _listed(state, run)
    after = C.apply(state, meld(*run))
    assert len(after.hands[0]) == 1 + 11 and not after.round_over


# ----- defect 6: Hand and Foot's way to the foot by a discard (HF8) ------------------------
def test_HF8_a_meld_may_leave_one_card_to_discard_for_the_foot() -> None:
    """With the foot waiting and no books, 8♣ 8♦ 8♥ leave 5♥, whose discard takes up the
    foot (the draw of two cards each turn makes this the usual way to it)."""
    from tests.engine.test_hand_and_foot import at

    state = at(["8C", "8D", "8H", "5H"], melds=[["9C", "9D", "9H"]])
    assert rule(state, meld("8C", "8D", "8H")) is None and _listed(state, ["8C", "8D", "8H"])
    walk = C.apply(C.apply(state, meld("8C", "8D", "8H")), discard("5H"))
    assert not walk.round_over and walk.to_move == 1 and len(walk.hands[0]) == 11
    # in the foot, the books are needed again to go down to one card (HF11)
    footed = at(["8C", "8D", "8H", "5H"], melds=[["9C", "9D", "9H"]],
                feet=[[], [], [], []])
    assert rule(footed, meld("8C", "8D", "8H")) == "HF11"


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


# ----- the smaller points ------------------------------------------------------------------
def test_S5_a_take_is_listed_once_where_the_side_has_no_meld_of_the_rank() -> None:
    state = three_deck_at(C.get_rules("samba"), ["9C", "9D", "4H", "KD"], pile=["9S"],
                          phase="draw", melds=[[MIXED_KINGS], []])
    takes = [C.action_to_json(a) for a in C.legal_actions(state)
             if C.action_to_json(a)["type"] == "take_pile"]
    assert len(takes) == 1 and sorted(takes[0]["cards"]) == ["9C", "9D"]
    # the form with "new" that a save may hold is still accepted, and plays the same
    new = C.parse_action({"type": "take_pile", "cards": ["9C", "9D"], "new": True})
    assert C.check(state, new) is None
    assert C.apply(state, new).melds == C.apply(state, C.parse_action(takes[0])).melds


def test_Z3_every_view_counts_the_face_down_cards_held_back() -> None:
    """samba-twos: a side without its initial meld takes the counted pile (C12: held
    back); every seat saw how many cards lay face down, so every view counts them."""
    from tests.engine.test_samba_twos import at, take

    hand = ["KS", "KH", "KD", "QC", "QD", "QH", "4S", "9D", "TD"]
    table = at(hand, phase="draw", pile=["9C", "8C", "5H", "KC"])._replace(face_down=2)
    after = C.apply(table, take("KS", "KH"))
    for seat in range(4):
        view = C.view_for(after, seat)
        assert view["pending_face_down"] == 2
        shown = len(view["pending"]) - (2 if seat == 0 else 0)
        assert shown == 1  # (the face-up 5♥; the taker sees the face-down ones too)
    done = C.apply(after, meld("QC", "QD", "QH"))
    assert C.view_for(done, 1)["pending_face_down"] == 0


# ----- found by the explorer beyond the list -------------------------------------------
def test_C26_a_sequence_that_uses_up_the_hand_does_not_reach_the_initial_meld() -> None:
    """samba-three-naturals at 3000 (120): 4s with a joker down (75); J♥ Q♥ K♥ (30) would
    leave only a joker, whose only places (the 4s' canasta, the sequence) use the hand up
    without the two canastas to go out: the look-ahead counted the joker's sequence
    place as meeting the minimum with no card kept, a dead end."""
    rules = C.get_rules("samba-three-naturals")
    hand = ["4S", "4S", "4D", "4C", "4C", "JK", "JH", "QH", "KH", "JK"]
    state = three_deck_at(rules, hand, scores=[3000, 0])
    state = C.apply(state, meld("4S", "4S", "4D", "4C", "4C"))
    state = C.apply(state, meld("JK", rank="4"))
    assert state.turn_points == 75 and not state.opened[0]
    assert rule(state, meld("JH", "QH", "KH")) == "C26"
    assert not _listed(state, ["JH", "QH", "KH"])
