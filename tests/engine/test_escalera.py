"""The escalera game (docs/variants/escalera.md, E1-E13; seed 003 line 49): one test per
rule id, the worked examples, the fast path and saves."""

from __future__ import annotations

import random
from typing import Any

import pytest

import canasta as C
from canasta.game.state import State
from canasta.io.position import position_of
from canasta.play.scoring import canasta_bonus, hand_card_cost, red_three_score, score_round
from canasta.rules.house_rules import rules_named
from tests.engine.helpers import meld, rule, take, three_deck_at
from tests.games import every_level_plays, reloaded_random_round, replayed_playouts

ESC = C.get_rules("escalera")
KINGS = ["KC", "KD", "KD", "KH", "KH", "KS", "KS"]
QUEENS = ["QS", "QS", "QH", "QD", "QD", "QC", "2C"]


def at(hand: list[str], *, melds: Any = None, phase: str = "play",
       pile: list[str] | None = None, rules: C.RuleSet = ESC,
       red_threes: list[list[str]] | None = None) -> State:
    return three_deck_at(rules, hand, melds=melds, phase=phase, pile=pile,
                         red_threes=red_threes)


def test_E1_three_decks_fifteen_cards_draw_two() -> None:
    state = C.new_game(ESC, 3)
    assert all(len(h) == 15 for h in state.hands) and ESC.decks == 3
    after = C.apply(state, C.parse_action({"type": "draw"}))
    assert len(after.hands[state.to_move]) == 17
    assert ESC.initial_meld == C.CLASSIC.initial_meld
    from canasta.rules.pages import rule_href, variant_href

    assert variant_href("escalera") == "./static/rules/escalera.html"
    assert rule_href("E4") == "./static/rules/escalera.html#E4"


def test_E2_no_wild_buys_and_two_wild_cards_a_meld() -> None:
    state = at(["KC", "2C", "9D", "9H", "4S"], phase="draw", pile=["7C", "KH"],
               melds=[[["AS", "AH", "AD"]], []])
    assert rule(state, take("KC", "2C")) == "E2"
    opened = at(["9D", "9H", "2C", "2D", "JK", "4S"], melds=[[["AS", "AH", "AD"]], []])
    assert rule(opened, meld("9D", "9H", "2C", "2D", "JK")) == "E2"
    assert rule(opened, meld("9D", "9H", "2C")) is None


def test_E3_escaleras_laid_whole_and_bolivias() -> None:
    run = ["5H", "6H", "7H", "8H", "9H", "TH", "JH"]
    state = at([*run, "4S", "4C"], melds=[[["AS", "AH", "AD"]], []])
    assert rule(state, meld("5H", "6H", "7H")) == "E3"  # fewer than seven
    after = C.apply(state, meld(*run))
    view = C.view_for(after, 0)["melds"][0][-1]
    assert (view["canasta"], view["name"], view["bonus"]) == ("sequence", "escalera", 1500)
    assert canasta_bonus(ESC, "wild") == 2000 and ESC.wild_canasta_name == "bolivia"
    grown = rules_named("escalera+E13")
    assert rule(at([*run, "4S", "4C"], melds=[[["AS", "AH", "AD"]], []], rules=grown),
                meld("5H", "6H", "7H")) is None


def test_E4_nobody_goes_out() -> None:
    melds = [[{"id": 1, "cards": KINGS}, {"id": 2, "cards": QUEENS}], []]
    state = at(["JC", "JD", "JH", "4S"], melds=melds)
    assert rule(state, meld("JC", "JD", "JH")) == "E4"  # one card left: refused
    assert "Nobody goes out" in C.check(state, meld("JC", "JD", "JH")).message  # type: ignore[union-attr]
    assert rule(at(["JC", "JD", "JH", "4S", "5S"], melds=melds),
                meld("JC", "JD", "JH")) is None  # two cards kept
    assert rule(state, C.parse_action({"type": "ask"})) == "C33"
    assert ESC.going_out_bonus == 0 and not ESC.ask_permission
    # The round ends at the discard after the last stock card (C34).
    rng = random.Random(4)
    game = C.new_game(ESC, 9)
    while not game.round_over:
        game = C.apply(game, rng.choice(C.legal_actions(game)))
    assert game.went_out is None and not game.stock


def test_E5_a_set_of_black_threes_at_any_time_E6_their_cost() -> None:
    state = at(["3S", "3C", "3S", "3C", "3S", "9D", "9H", "4S"],
               melds=[[["AS", "AH", "AD"]], []])
    assert rule(state, meld("3S", "3C", "3S", "3C", "3S")) == "E5"  # five: too many
    after = C.apply(state, meld("3S", "3C", "3S"))
    assert [m.rank for m in after.melds[0]] == ["A", "3"]
    assert rule(after, meld("3C")) == "E5"  # nothing added, no second set
    assert rule(after, meld("9D", "9H", "3C")) is not None
    assert hand_card_cost(ESC, "3S") == 200


def test_E5_a_position_holds_a_side_s_set_of_black_threes() -> None:
    """A position of the round after a set of black 3s was laid (E5) loads and is written
    back the same; where black 3s are melded only going out (C21) it is refused, and so is
    a set of five or one with a wild card."""
    state = at(["9D", "9H", "4S"], melds=[[["AS", "AH", "AD"], ["3S", "3C", "3S"]], []])
    assert [m.rank for m in state.melds[0]] == ["A", "3"]
    position = position_of(state)
    assert position_of(C.load_position(position)) == position
    for cards in (["3S", "3C", "3S", "3C", "3S"], ["3S", "3C", "2C"]):
        with pytest.raises(C.PositionError, match="invalid meld"):
            at(["9D"], melds=[[cards], []])
    with pytest.raises(C.PositionError, match="C21"):
        three_deck_at(C.get_rules("samba"), ["9D"], melds=[[["3S", "3C", "3S"]], []])


def test_E5_black_threes_may_be_part_of_an_initial_meld() -> None:
    state = at(["KC", "KD", "KH", "QC", "QD", "QH", "3S", "3C", "3S", "9D", "4S", "5S"])
    # 30 + 30 = 60 >= 50 already; with the 3s (15) too
    after = C.apply(state, meld("3S", "3C", "3S"))
    assert not after.opened[0] and after.turn_points == 15
    after = C.apply(after, meld("KC", "KD", "KH"))
    assert not after.opened[0]
    assert C.apply(after, meld("QC", "QD", "QH")).opened[0]


def test_E7_eleven_stock_cards_for_the_round_s_first_canasta() -> None:
    melds = [[{"id": 1, "cards": ["KC", "KD", "KD", "KH", "KH", "KS"]}], []]
    state = at(["KS", "9D", "9H", "4S"], melds=melds)
    after = C.apply(state, meld("KS"))
    assert len(after.hands[0]) == 3 + 11
    assert len(after.stock) == len(state.stock) - 11
    assert any(e.get("event") == "reserve" and e["count"] == 11 for e in after.log_list())
    # a second canasta brings nothing
    again = at(["QS", "9D", "9H", "4S"], melds=[[{"id": 1, "cards": KINGS},
                                                 {"id": 2, "cards": QUEENS[:6]}], []])
    assert len(C.apply(again, meld("QS", onto=2)).hands[0]) == 3


def test_E8_six_red_threes_need_a_special_canasta() -> None:
    reds = [["3H", "3H", "3H", "3D", "3D", "3D"], []]
    mixed = _ended([[{"id": 1, "cards": QUEENS}], []], reds)
    assert score_round(mixed)[0]["red_threes"] == 600
    sevens = _ended([[{"id": 1, "cards": ["7S", "7S", "7H", "7D", "7D", "7C", "7C"]}], []],
                    reds)
    assert score_round(sevens)[0]["red_threes"] == 2000
    assert red_three_score(ESC, 3, False) == -300


def _ended(melds: list[list[Any]], reds: list[list[str]]) -> State:
    """A position to score as if the round had ended there (`score_round` reads the
    melds, 3s and hands only)."""
    return three_deck_at(ESC, ["9C", "9D", "9H"], melds=melds, red_threes=reds)


def test_E9_canasta_bonuses_E10_sevens_in_hand() -> None:
    assert canasta_bonus(ESC, "mixed") == 300 and canasta_bonus(ESC, "natural") == 500
    assert canasta_bonus(ESC, "mixed", 1, 0, "7") == 1000
    assert canasta_bonus(ESC, "natural", 0, 0, "7") == 1500
    assert hand_card_cost(ESC, "7S") == 500 and hand_card_cost(ESC, "8S") == 10


def test_E11_game_E12_four_deals() -> None:
    assert ESC.target_score == 10_000 and ESC.deals == 0
    four = rules_named("escalera+E12")
    state = C.new_game(four, 2)
    rng = random.Random(1)
    rounds = 0
    while state.phase != "game_over":
        if state.round_over:
            rounds += 1
        state = C.apply(state, rng.choice(C.legal_actions(state)))
    assert len(state.history) == 4 and rounds == 3


def test_the_fast_path_plays_the_escalera_game_and_its_scores_agree() -> None:
    from canasta.ai.fast.playout import unmodelled

    assert unmodelled(ESC) is None
    played = replayed_playouts(ESC, range(16))
    assert all(agree for _, agree in played)
    assert all(any(e.get("event") == "reserve" for e in s.log_list()) for s, _ in played)
    assert any(any(m.rank == "3" for t in s.melds for m in t) for s, _ in played)


def test_every_ai_level_plays_the_escalera_game() -> None:
    every_level_plays(ESC, 321)


def test_an_escalera_game_replays_from_its_save() -> None:
    reloaded_random_round(ESC, 12)
