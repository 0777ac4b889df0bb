"""Six players (seed 003 line 45; docs/variants.md): two teams of three or three
teams of two, three decks with six jokers, 15 cards, every player between two
opponents, the red-3 table 100 each / 1000 for five / 1200 for six."""

from __future__ import annotations

import pytest

import canasta as C
from canasta.scoring import red_three_score

SIX = ("classic-6p", "classic-6p-3x2")


@pytest.mark.parametrize("variant", SIX)
def test_six_players_each_sit_between_two_opponents(variant: str) -> None:
    rules = C.get_rules(variant)
    assert rules.players == 6 and rules.decks == 3 and rules.deck_size() == 162
    for seat in range(6):
        for neighbour in ((seat - 1) % 6, (seat + 1) % 6):
            assert rules.team_of(neighbour) != rules.team_of(seat)


def test_two_teams_of_three_and_three_teams_of_two() -> None:
    assert [len(C.get_rules("classic-6p").seats_of(t)) for t in range(2)] == [3, 3]
    assert [len(C.get_rules("classic-6p-3x2").seats_of(t)) for t in range(3)] == [2, 2, 2]


def test_with_two_partners_the_next_one_in_playing_order_answers() -> None:
    rules = C.get_rules("classic-6p")
    assert [rules.partner_of(s) for s in range(6)] == [2, 3, 4, 5, 0, 1]
    assert [C.get_rules("classic-6p-3x2").partner_of(s) for s in range(6)] == [3, 4, 5, 0, 1, 2]


@pytest.mark.parametrize(("count", "score"), [(0, 0), (1, 100), (4, 400), (5, 1000), (6, 1200)])
def test_the_six_player_red_three_table(count: int, score: int) -> None:
    for variant in SIX:
        rules = C.get_rules(variant)
        assert red_three_score(rules, count, True) == score
        assert red_three_score(rules, count, False) == -score  # C42


def test_classic_red_threes_are_unchanged() -> None:
    assert [red_three_score(C.CLASSIC, n, True) for n in range(5)] == [0, 100, 200, 300, 800]


@pytest.mark.parametrize("variant", SIX)
def test_a_six_player_deal(variant: str) -> None:
    state = C.new_game(variant, 4)
    assert [len(h) for h in state.hands] == [15] * 6
    assert sum(state.cards_in_play().values()) == 162
    assert C.view_for(state, 0)["hand_sizes"] == [15] * 6


def test_the_two_team_game_needs_150_from_7500_and_ends_at_10000() -> None:
    rules = C.get_rules("classic-6p")
    assert [rules.minimum_for(s) for s in (-5, 0, 1500, 3000, 7500)] == [15, 50, 90, 120, 150]
    assert rules.target_score == 10_000
    assert C.get_rules("classic-6p-3x2").target_score == 7500
