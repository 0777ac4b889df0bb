"""Bolivia (docs/variants/bolivia.md, B1-B10): one test per rule id, the worked examples,
the fast path and saves."""

from __future__ import annotations

from typing import Any

import canasta as C
from canasta.game.state import State
from canasta.outlook.going_out import can_go_out_with
from canasta.play.scoring import canasta_bonus, hand_card_cost, red_three_score
from canasta.rules.house_rules import rules_named
from tests.engine.helpers import discard, meld, rule, three_deck_at
from tests.games import every_level_plays, reloaded_random_round, replayed_playouts

BOL = C.get_rules("bolivia")
SAMBA = C.get_rules("samba")
KINGS = ["KC", "KD", "KD", "KH", "KH", "KS", "2S"]
BOLIVIA = ["JK", "JK", "JK", "2C", "2C", "2D", "2D"]


def at(hand: list[str], *, melds: Any = None, phase: str = "play",
       rules: C.RuleSet = BOL) -> State:
    return three_deck_at(rules, hand, melds=melds, phase=phase)


def test_B1_samba_underneath_and_its_rule_ids() -> None:
    for field in ("decks", "hand_size", "draw_count", "max_wilds", "groups_per_rank",
                  "pile_wild_buy", "sequence_min", "sequence_max", "canastas_to_go_out",
                  "going_out_bonus", "concealed_bonus", "sequence_canasta_bonus"):
        assert getattr(BOL, field) == getattr(SAMBA, field), field
    state = at(["4D", "5D", "2C", "KS", "KH"], melds=[[["QS", "QH", "QD"]], []])
    assert rule(state, meld("4D", "5D", "2C")) == "S6"  # Samba's sequences, Samba's id
    from canasta.rules.pages import rule_href, variant_href

    assert variant_href("bolivia") == "./static/rules/bolivia.html"
    assert rule_href("B4") == "./static/rules/bolivia.html#B4"


def test_B2_melds_of_wild_cards_and_the_bolivia() -> None:
    state = at(["JK", "JK", "2C", "2D", "2H", "2S", "JK", "2C", "KS", "KH"],
               melds=[[["QS", "QH", "QD"]], []])
    assert rule(state, meld("JK", "2C")) == "B2"  # fewer than three
    after = C.apply(state, meld("JK", "JK", "2C"))
    wild = after.melds[0][-1]
    assert wild.kind == "wild"
    after = C.apply(after, meld("2D", "2H", "2S", "JK", onto=wild.id))
    view = C.view_for(after, 0)["melds"][0][-1]
    assert (view["canasta"], view["name"], view["bonus"], view["closed"]) == (
        "wild", "bolivia", 2500, True)
    assert rule(after, meld("2C", onto=wild.id)) == "B2"  # closed at seven
    assert canasta_bonus(BOL, "wild") == 2500


def test_B3_a_sequence_of_seven_is_an_escalera() -> None:
    state = at(["9S", "TS", "KD", "KH"],
               melds=[[{"id": 2, "cards": ["4S", "5S", "6S", "7S", "8S"]}], []])
    after = C.apply(state, meld("9S", "TS", onto=2))
    view = C.view_for(after, 0)["melds"][0][0]
    assert (view["canasta"], view["name"], view["bonus"]) == ("sequence", "escalera", 1500)


def test_B4_one_of_the_two_canastas_must_be_an_escalera() -> None:
    melds = [[{"id": 1, "cards": BOLIVIA}, {"id": 2, "cards": KINGS},
              {"id": 3, "cards": ["4S", "5S", "6S", "7S", "8S"]}], []]
    state = at(["KC", "9S", "TS", "QD"], melds=melds)
    # two canastas, no escalera: no play down to one card, no going out
    assert rule(state, meld("KC")) is None  # three cards left
    low = C.apply(state, meld("KC"))
    assert not can_go_out_with(BOL, ("9D", "QD"), low.melds[0], 2, 0)
    assert rule(at(["KC", "QD"], melds=melds), meld("KC")) == "B4"
    # the escalera made with the last cards: out
    after = C.apply(state, meld("9S", "TS", onto=3))
    after = C.apply(after, meld("KC"))
    after = C.apply(after, discard("QD"))
    assert after.round_over and after.went_out == 0
    # the same in Samba needs no escalera
    assert rule(at(["KC", "QD"], melds=[[KINGS, ["QS", "QS", "QH", "QH", "QD", "QC", "2C"]],
                                        []], rules=SAMBA), meld("KC")) is None


def test_B5_black_threes_left_in_hand_cost_100() -> None:
    assert hand_card_cost(BOL, "3S") == 100 and hand_card_cost(BOL, "9D") == 10
    assert sum(hand_card_cost(BOL, c) for c in ("3S", "3C", "9D")) == 210


def test_B6_red_threes() -> None:
    assert red_three_score(BOL, 5, True) == 500
    assert red_three_score(BOL, 6, True) == 1000
    assert red_three_score(BOL, 6, False) == -1000


def test_B7_B8_initial_meld_and_game() -> None:
    assert BOL.minimum_for(7000) == 150 and BOL.minimum_for(6995) == 120
    assert BOL.target_score == 15_000


def test_B9_B10_options() -> None:
    seed = rules_named("bolivia+B9")
    assert (seed.decks, seed.hand_size, seed.sequence_min, seed.canastas_to_go_out) == (
        2, 11, 0, 1)
    assert (seed.wild_canasta_bonus, seed.black_three_in_hand, seed.target_score) == (
        2500, 100, 15_000)
    assert all(len(h) == 11 for h in C.new_game(seed, 1).hands)
    assert rules_named("bolivia+B10").sequence_canastas_to_go_out == 0


def test_the_fast_path_plays_bolivia_and_its_scores_agree_with_the_engine() -> None:
    from canasta.ai.fast.playout import unmodelled

    assert unmodelled(BOL) is None
    assert all(agree for _, agree in replayed_playouts(BOL, range(20)))


def test_every_ai_level_plays_bolivia() -> None:
    every_level_plays(BOL, 321)


def test_a_bolivia_game_replays_from_its_save() -> None:
    reloaded_random_round(BOL, 12)
