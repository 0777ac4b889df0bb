"""Six players (docs/variants/classic-6p.md, X1-X8; seed 003 line 45): two teams of
three or three teams of two, three decks with six jokers, 15 cards (13 by option),
every player between two opponents, two canastas to go out, the red-3 table 100 each /
1000 for five / 1200 for six, the targets and opening tables, draw one, and who answers
"May I go out?". One test per rule id."""

from __future__ import annotations

from typing import Any

import pytest

import canasta as C
from canasta.game.state import State
from canasta.play.scoring import red_three_score
from canasta.rules.house_rules import with_house_rules
from tests.engine.helpers import ASK, DRAW, discard, meld, rule

SIX = ("classic-6p", "classic-6p-3x2")
KINGS = ["KC", "KC", "KD", "KD", "KH", "KH", "KS"]
QUEENS = ["QC", "QC", "QD", "QD", "QH", "QH", "QS"]


def at(variant: str, hand: list[str], melds: list[list[list[str]]], *,
       phase: str = "play") -> State:
    """Seat 0 to move in a six-player position; the other seats hold a few cards."""
    rules = C.get_rules(variant)
    others = [["4S", "4D", "7D"], ["6S", "6D", "7H"], ["JS", "JD", "7S"], ["5S", "5D", "8H"],
              ["9S", "TD", "8C"]]
    data: dict[str, Any] = {
        "variant": variant, "to_move": 0, "phase": phase, "hands": [hand, *others],
        "melds": melds + [[] for _ in range(rules.teams - len(melds))], "pile": ["7C"],
        "scores": [0] * rules.teams,
    }
    return C.load_position(data, seed=2)


@pytest.mark.parametrize("variant", SIX)
def test_X1_six_players_each_sit_between_two_opponents(variant: str) -> None:
    rules = C.get_rules(variant)
    assert rules.players == 6
    for seat in range(6):
        for neighbour in ((seat - 1) % 6, (seat + 1) % 6):
            assert rules.team_of(neighbour) != rules.team_of(seat)


def test_X1_two_teams_of_three_and_three_teams_of_two() -> None:
    assert [len(C.get_rules("classic-6p").seats_of(t)) for t in range(2)] == [3, 3]
    assert [len(C.get_rules("classic-6p-3x2").seats_of(t)) for t in range(3)] == [2, 2, 2]


@pytest.mark.parametrize("variant", SIX)
def test_X2_three_decks_and_six_jokers(variant: str) -> None:
    rules = C.get_rules(variant)
    assert (rules.decks, rules.jokers_per_deck, rules.deck_size()) == (3, 2, 162)
    state = C.new_game(variant, 4)
    assert state.cards_in_play()["JK"] == 6 and sum(state.cards_in_play().values()) == 162


@pytest.mark.parametrize("variant", SIX)
def test_X3_fifteen_cards_each_or_thirteen_by_option(variant: str) -> None:
    state = C.new_game(variant, 4)
    assert [len(h) for h in state.hands] == [15] * 6
    assert C.view_for(state, 0)["hand_sizes"] == [15] * 6
    thirteen = with_house_rules(C.get_rules(variant), ["X3"])
    assert thirteen.name == variant + "+X3"
    state = C.new_game(thirteen, 4)
    assert [len(h) for h in state.hands] == [13] * 6
    assert sum(state.cards_in_play().values()) == 162


@pytest.mark.parametrize("variant", SIX)
def test_X4_two_canastas_to_go_out_and_the_refusal_cites_X4(variant: str) -> None:
    state = at(variant, ["QC", "QD", "QH", "9C"], [[KINGS]])
    # One canasta of two: the play down to one card is refused, citing X4, not C31.
    assert rule(state, meld("QC", "QD", "QH")) == "X4"
    # A single card left (a forged state: the engine never lets one arise here) may not be
    # discarded to go out with one canasta (C30, cited as X4).
    last = state._replace(hands=(("9C",), *state.hands[1:]))
    assert rule(last, discard("9C")) == "X4"
    # With two canastas the same hand goes out.
    two = at(variant, ["QC", "QD", "QH", "9C"], [[KINGS, QUEENS]])
    out = C.apply(C.apply(two, meld("QC", "QD", "QH")), discard("9C"))
    assert out.round_over and out.went_out == 0


@pytest.mark.parametrize(("count", "score"), [(0, 0), (1, 100), (4, 400), (5, 1000), (6, 1200)])
def test_X5_the_six_player_red_three_table(count: int, score: int) -> None:
    for variant in SIX:
        rules = C.get_rules(variant)
        assert red_three_score(rules, count, True) == score
        assert red_three_score(rules, count, False) == -score  # C42


def test_X5_classic_red_threes_are_unchanged() -> None:
    assert [red_three_score(C.CLASSIC, n, True) for n in range(5)] == [0, 100, 200, 300, 800]


def test_X6_two_teams_need_150_from_7500_and_play_to_10000_three_teams_to_7500() -> None:
    rules = C.get_rules("classic-6p")
    assert [rules.minimum_for(s) for s in (-5, 0, 1500, 3000, 7500)] == [15, 50, 90, 120, 150]
    assert rules.target_score == 10_000
    three = C.get_rules("classic-6p-3x2")
    assert three.target_score == 7500
    assert three.initial_meld == C.CLASSIC.initial_meld


@pytest.mark.parametrize("variant", SIX)
def test_X7_draw_one_card(variant: str) -> None:
    state = at(variant, ["QC", "QD", "9C"], [[]], phase="draw")
    drawn = C.apply(state, DRAW)
    assert len(drawn.hands[0]) == 4 and len(drawn.stock) == len(state.stock) - 1


@pytest.mark.parametrize(("variant", "answers"), [("classic-6p", 2), ("classic-6p-3x2", 3)])
def test_X8_the_partner_who_plays_next_answers_may_i_go_out(variant: str, answers: int) -> None:
    rules = C.get_rules(variant)
    assert [rules.partner_of(s) for s in range(6)] == [
        (s + rules.teams) % 6 for s in range(6)]
    state = at(variant, ["QC", "QD", "QH", "9C"], [[KINGS, QUEENS]])
    asked = C.apply(state, ASK)
    assert asked.phase == "answer" and asked.to_act == answers
    assert C.view_for(asked, answers)["phase"] == "answer"
