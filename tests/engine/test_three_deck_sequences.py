"""Three-deck Canasta with sequences and melds of wild cards (docs/variants/
three-deck-sequences.md, Q1-Q6): one test per rule id, the fast path and saves."""

from __future__ import annotations

import json
import random
from typing import Any

import canasta as C
from canasta.game.state import State
from canasta.play.scoring import canasta_bonus, red_three_score
from tests.engine.helpers import discard, meld, rule, three_deck_at
from tests.games import ai_round, replayed_playouts

Q = C.get_rules("three-deck-sequences")


def at(hand: list[str], *, melds: Any = None, phase: str = "play",
       rules: C.RuleSet = Q) -> State:
    return three_deck_at(rules, hand, melds=melds, phase=phase)


def test_Q1_three_decks_and_eleven_cards() -> None:
    state = C.new_game(Q, 3)
    assert sum(state.cards_in_play().values()) == 162
    assert all(len(h) == 11 for h in state.hands)
    from canasta.rules.pages import rule_href

    assert rule_href("Q2") == "./static/rules/three-deck-sequences.html#Q2"


def test_Q2_sequences_and_their_canasta() -> None:
    state = at(["9H", "TH", "JH", "2C", "KS", "KH"], melds=[[["QS", "QH", "QD"]], []])
    assert rule(state, meld("9H", "TH", "JH")) is None
    assert rule(state, meld("9H", "TH", "2C")) == "Q2"  # no wild card in a sequence
    assert canasta_bonus(Q, "sequence") == 1500


def test_Q3_melds_of_wild_cards() -> None:
    state = at(["JK", "JK", "2C", "2D", "KS", "KH"], melds=[[["QS", "QH", "QD"]], []])
    assert rule(state, meld("JK", "JK", "2C")) is None
    assert rule(state, meld("JK", "2C")) == "Q3"
    assert canasta_bonus(Q, "wild") == 1000


def test_Q4_one_card_drawn_and_one_canasta_to_go_out() -> None:
    assert Q.draw_count == 1 and Q.canastas_to_go_out == 1
    run = ["4S", "5S", "6S", "7S", "8S", "9S", "TS"]
    state = at(["KS", "KH", "KD", "QD"], melds=[[run], []])
    out = C.apply(C.apply(state, meld("KS", "KH", "KD")), discard("QD"))
    assert out.round_over and out.went_out == 0


def test_Q5_six_red_threes() -> None:
    assert red_three_score(Q, 5, True) == 1000 and red_three_score(Q, 6, True) == 1200


def test_Q6_everything_else_is_classic() -> None:
    classic = C.get_rules("classic")
    for field in ("hand_size", "max_wilds", "groups_per_rank", "pile_wild_buy",
                  "initial_meld", "going_out_bonus", "concealed_bonus", "target_score"):
        assert getattr(Q, field) == getattr(classic, field), field


def test_the_fast_path_and_every_ai_level_play_it_and_a_save_replays() -> None:
    from canasta.ai.fast.playout import unmodelled

    assert unmodelled(Q) is None
    assert all(agree for _, agree in replayed_playouts(Q, range(20)))
    for level in ("easy", "normal", "strong"):
        assert ai_round(Q, 321, level).round_over
    state = C.new_game(Q, 12)
    rng = random.Random(3)
    while not state.round_over:
        state = C.apply(state, rng.choice(C.legal_actions(state)))
    assert C.from_json(json.loads(json.dumps(C.to_json(state)))) == state
