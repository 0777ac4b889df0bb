"""Cuban Canasta (docs/variants/cuban.md, K1-K14): one test per rule id, the black 3s'
mechanisms (black_threes.py), the AI and saves."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import canasta as C
from canasta.ai.worlds import sample_world
from canasta.game.actions import Discard
from canasta.game.state import State
from canasta.mechanics.black_threes import aside_score, discards_so_far
from canasta.play.scoring import canasta_bonus, red_three_score
from canasta.rules.house_rules import with_house_rules
from canasta.rules.ruleset import CLASSIC
from tests.engine.helpers import discard, meld, rule, take
from tests.games import ai_round, replayed_playouts

CUBAN = C.get_rules("cuban")
O1, O2, O3 = ["4S", "4D", "7D"], ["6S", "6D", "7H"], ["JS", "JD", "7S"]
KINGS = ["KC", "KD", "KD", "KH", "KH", "KS", "KS"]


def at(rules: C.RuleSet, hand: list[str], *, melds: Any = None, pile: list[str] | None = None,
       phase: str = "play", scores: list[int] | None = None, partner: list[str] | None = None,
       red_threes: list[list[str]] | None = None, aside: list[list[str]] | None = None,
       others: list[list[str]] | None = None) -> State:
    data: dict[str, Any] = {
        "rules": rules.to_json(), "to_move": 0, "phase": phase,
        "hands": [hand, *(others or [O1, partner or O3, O2])],
        "melds": melds if melds is not None else [[], []],
        "pile": pile or ["7C"], "scores": scores or [0, 0],
    }
    if red_threes is not None:
        data["red_threes"] = red_threes
    if aside is not None:
        data["black_threes_aside"] = aside
    return C.load_position(data, seed=5)


def after_discards(state: State, n: int) -> State:
    """`state` with a round log of `n` discards (K9 counts them)."""
    log = state.log
    for i in range(n):
        log = (((i + 1) % 4, Discard("8C"), {}), log)
    return state._replace(log=log)


def test_K1_the_game_is_registered_with_its_rules_page() -> None:
    from canasta.rules.pages import rule_href, variant_href

    assert C.get_rules("cuban") is CUBAN
    assert (CUBAN.players, CUBAN.decks, CUBAN.draw_count) == (4, 2, 1)
    assert variant_href("cuban") == "./static/rules/cuban.html"
    assert rule_href("K10") == "./static/rules/cuban.html#K10"


def test_K2_fifteen_cards_each() -> None:
    state = C.new_game(CUBAN, 3)
    assert all(len(h) == 15 for h in state.hands)


def test_K3_the_pile_is_always_frozen() -> None:
    nines = [[["9C", "9D", "9S"]], []]
    state = at(CUBAN, ["9C", "2C", "4H", "8S"], melds=nines, pile=["5C", "9H"], phase="draw")
    assert rule(state, take()) == "K3"
    assert rule(state, take("9C", "2C")) == "K3"
    pair = at(CUBAN, ["9C", "9D", "4H", "8S"], melds=[[["9S", "9S", "9H"]], []],
              pile=["5C", "9H"], phase="draw")
    assert rule(pair, take("9C", "9D")) is None


def test_K4_a_wild_card_on_top_is_never_taken() -> None:
    state = at(CUBAN, ["2C", "2D", "4H"], pile=["5C", "2H"], phase="draw")
    assert rule(state, take("2C", "2D")) == "C15"


def test_K5_a_canasta_holds_seven_cards_at_most() -> None:
    state = at(CUBAN, ["KC", "9C", "9D", "8S"], melds=[[KINGS], []])
    assert rule(state, meld("KC")) == "K5"  # W2's mechanism, cited as K5


def test_K6_one_canasta_goes_out_for_100_and_concealed_for_100_more() -> None:
    state = at(CUBAN, ["QC", "QD", "QH", "8S"], melds=[[KINGS], []])
    state = C.apply(state, meld("QC", "QD", "QH"))
    state = C.apply(state, discard("8S"))
    assert state.round_over and state.went_out == 0
    assert C.round_score(state)[0]["going_out"] == 100
    assert CUBAN.concealed_bonus == 100 and CUBAN.canastas_to_go_out == 1


def test_K7_game_to_7500_and_150_from_5000() -> None:
    assert CUBAN.target_score == 7500
    assert [CUBAN.minimum_for(s) for s in (-10, 0, 1500, 3000, 4999, 5000)] == [
        15, 50, 90, 120, 120, 150]


def test_K8_red_threes_score_by_the_card_and_need_a_canasta() -> None:
    assert [red_three_score(CUBAN, n, True) for n in (1, 2, 3, 4)] == [100, 600, 1500, 4000]
    assert red_three_score(CUBAN, 2, False) == -600
    # A side with melds but no canasta counts its red 3s minus; Classic's with a meld.
    from canasta.play.scoring import red_threes_count_plus

    reds = [["3H", "3D"], []]
    assert not red_threes_count_plus(CUBAN, True, 0)
    assert red_threes_count_plus(CUBAN, True, 1)
    assert red_threes_count_plus(CLASSIC, True, 0)
    state = at(CUBAN, ["QC", "QD", "QH", "8S"], melds=[[KINGS], []], red_threes=reds)
    state = C.apply(C.apply(state, meld("QC", "QD", "QH")), discard("8S"))
    assert C.round_score(state)[0]["red_threes"] == 600


def test_K9_no_black_three_discarded_the_first_time_round() -> None:
    state = at(CUBAN, ["3S", "8S", "9D"])
    assert discards_so_far(state.log) == 0
    assert rule(state, discard("3S")) == "K9"
    refusal = C.check(state, discard("3S"))
    assert refusal is not None and "first time around the table" in refusal.message
    assert discard("3S") not in C.legal_actions(state)
    assert rule(state, discard("8S")) is None
    # After a discard by every player, black 3s may go.
    later = after_discards(state, 4)
    assert rule(later, discard("3S")) is None
    assert rule(after_discards(state, 3), discard("3S")) == "K9"
    # A hand of nothing but black 3s may discard one.
    only = at(CUBAN, ["3S", "3C"])
    assert rule(only, discard("3S")) is None
    assert rule(at(CLASSIC, ["3S", "8S", "9D"]), discard("3S")) is None


def test_K10_black_threes_taken_with_the_pile_are_set_aside() -> None:
    pile = ["3C", "5D", "3S", "9H"]
    state = at(CUBAN, ["9C", "9D", "4H", "8S"], melds=[[KINGS], []], pile=pile, phase="draw")
    state = C.apply(state, take("9C", "9D"))
    assert state.aside_of(0) == ("3C", "3S")
    assert "3C" not in state.hands[0] and "5D" in state.hands[0]
    view = C.view_for(state, 1)
    assert view["black_threes_aside"] == [["3C", "3S"], []]
    entry = view["log"][-1]
    assert entry["black_threes_aside"] == ["3C", "3S"]
    # Classic puts them in the hand.
    classic = at(CLASSIC, ["9C", "9D", "4H", "8S"], melds=[[KINGS], []], pile=pile,
                 phase="draw")
    assert "3C" in C.apply(classic, take("9C", "9D")).hands[0]


def test_K10_set_aside_black_threes_score_5_each_and_100_for_all_four() -> None:
    assert aside_score(CUBAN, 2, 0) == 10
    assert aside_score(CUBAN, 4, 0) == 100
    assert aside_score(CUBAN, 1, 3) == 100 - 15  # with three melded going out: 100 in all
    assert aside_score(CUBAN, 1, 0) == 5
    state = at(CUBAN, ["QC", "QD", "QH", "8S"], melds=[[KINGS], []],
               aside=[["3S", "3C"], []])
    state = C.apply(C.apply(state, meld("QC", "QD", "QH")), discard("8S"))
    row = C.round_score(state)[0]
    assert row["extras"]["set_aside_black_threes"] == 10
    assert row["total"] == sum(row[k] for k in ("melded_cards", "canasta_bonus", "red_threes",
                                                "going_out", "hand_penalty")) + 10


def test_K10_positions_and_saves_keep_the_black_threes_set_aside() -> None:
    state = at(CUBAN, ["QC", "QD", "QH", "8S"], melds=[[KINGS], []], aside=[["3S"], ["3C"]])
    again = C.from_json(json.loads(json.dumps(C.to_json(state))))
    assert again.black_threes_aside == (("3S",), ("3C",))
    with pytest.raises(C.PositionError, match="only black 3s"):
        at(CUBAN, ["8S"], aside=[["3H"], []])
    with pytest.raises(C.PositionError, match="set no black 3 aside"):
        at(CLASSIC, ["8S"], aside=[["3S"], []])


def test_K11_canastas_of_wild_cards_by_their_jokers() -> None:
    assert canasta_bonus(CUBAN, "wild", 7, 0) == 4000
    assert canasta_bonus(CUBAN, "wild", 7, 4) == 3000
    assert [canasta_bonus(CUBAN, "wild", 7, j) for j in (1, 2, 3)] == [2000] * 3
    twos = ["2C", "2C", "2D", "2D", "2H", "2H", "2S"]
    state = at(CUBAN, twos, partner=["8S", "8S"])
    state = C.apply(state, meld(*twos))
    assert state.round_over
    assert C.round_score(state)[0]["canasta_bonus"] == 4000
    assert rule(at(CUBAN, ["JK", "2C", "8S", "9D"]), meld("JK", "2C")) == "K11"


def test_K12_K13_K14_options() -> None:
    game = with_house_rules(CUBAN, ["K12", "K13", "K14"])
    assert (game.hand_size, game.concealed_bonus) == (13, 0)
    assert [red_three_score(game, n, True) for n in (1, 2, 3, 4)] == [100, 300, 500, 1000]
    assert all(len(h) == 13 for h in C.new_game(game, 1).hands)


def test_the_fast_path_plays_cuban_and_its_scores_agree_with_the_engine() -> None:
    ends = replayed_playouts(CUBAN, range(60))
    assert all(agree for _, agree in ends)
    assert sum(sum(map(len, end.black_threes_aside)) for end, _ in ends) > 0


def test_a_sampled_world_keeps_the_discards_and_the_black_threes_set_aside() -> None:
    state = after_discards(at(CUBAN, ["3S", "8S", "9D"], aside=[["3C"], []]), 2)
    view = C.view_for(state, 0)
    world = sample_world(view, random.Random(1))
    assert world.black_threes_aside == (("3C",), ())
    assert discards_so_far(world.log) == 2
    assert sum(world.cards_in_play().values()) == CUBAN.deck_size()


def test_every_ai_level_plays_cuban() -> None:
    for level in ("easy", "normal", "strong"):
        end = ai_round(CUBAN, 320, level)
        assert end.round_over
        assert all(len(m.cards) <= 7 for team in end.melds for m in team)
