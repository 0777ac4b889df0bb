"""Classic Canasta for five (docs/variants/classic-5p.md, P1-P5): the roster layer that
seats four of the five each round."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

import canasta as C
from canasta.rules.roster import WATCHING, people, playing, public_view, seat_of, seating, waiting
from canasta.rules.ruleset import CLASSIC
from tests.games import every_level_plays

FIVE = C.get_rules("classic-5p")


def play_round(state: C.State, seed: int) -> C.State:
    rng = random.Random(seed)
    while not state.round_over:
        state = C.apply(state, rng.choice(C.legal_actions(state)))
    return state


def test_P1_five_people_in_teams_of_three_and_two_four_at_the_table() -> None:
    assert people(FIVE) == 5 and FIVE.players == 4 and FIVE.teams == 2
    state = C.new_game(FIVE, 1)
    assert len(state.hands) == 4 and all(len(h) == 11 for h in state.hands)
    # Persons play for team p % 2: 0, 2, 4 against 1, 3.
    for round_no in range(1, 10):
        seats = seating(FIVE, round_no)
        assert all(p % 2 == s % 2 for s, p in enumerate(seats))
    differs = {k for k, v in FIVE.to_json().items() if v != CLASSIC.to_json()[k]}
    assert differs == {"name", "title", "roster"}


def test_P2_the_third_member_of_the_larger_team_waits_in_turn() -> None:
    assert [waiting(FIVE, r) for r in range(1, 7)] == [(4,), (0,), (2,), (4,), (0,), (2,)]
    assert [playing(FIVE, r, 1) for r in (1, 2, 3)] == [[1, 3]] * 3  # the pair always plays
    # The human (person 0) sits at seat 0 whenever playing.
    assert [seat_of(FIVE, r, 0) for r in range(1, 7)] == [0, None, 0, 0, None, 0]
    state = play_round(C.new_game(FIVE, 4), 4)
    state = C.apply(state, C.legal_actions(state)[0])  # next round
    assert state.round_no == 2
    view = C.view_for(state, 0)
    assert view["seated"] == [2, 1, 4, 3] and view["waiting"] == [0]


def test_P3_a_waiting_person_sees_the_public_table_only() -> None:
    state = C.new_game(FIVE, 7)
    seat_view = C.view_for(state, 0)
    shown = public_view(seat_view)
    assert shown[WATCHING] and shown["hand"] == [] and shown["legal"] == []
    assert shown["melds"] == seat_view["melds"] and shown["pile"] == seat_view["pile"]
    assert seat_view["hand"]  # the seat's own view is left alone


def test_P4_the_teams_scores_go_on_whoever_played() -> None:
    state = C.new_game(FIVE, 9)
    totals = [0, 0]
    for round_no in range(1, 4):
        assert state.round_no == round_no
        state = play_round(state, round_no)
        for t, row in enumerate(C.round_score(state)):
            totals[t] += row["total"]
        assert list(state.totals()) == totals
        if state.game_over:
            break
        state = C.apply(state, C.legal_actions(state)[0])


def test_P5_the_deal_rotates_round_the_four_seats() -> None:
    state = C.new_game(FIVE, 2)
    dealers = [state.dealer]
    for _ in range(4):
        state = play_round(state, state.round_no)
        state = C.apply(state, C.legal_actions(state)[0])
        dealers.append(state.dealer)
    assert [(b - a) % 4 for a, b in pairwise(dealers)] == [1, 1, 1, 1]


def test_a_five_player_game_saved_mid_game_replays_exactly() -> None:
    state = play_round(C.new_game(FIVE, 5), 5)
    state = C.apply(state, C.legal_actions(state)[0])
    rng = random.Random(2)
    for _ in range(30):
        state = C.apply(state, rng.choice(C.legal_actions(state)))
    again = C.from_json(C.to_json(state))
    assert again == state or (again.action_list() == state.action_list()
                              and C.view_for(again, 1) == C.view_for(state, 1))


@pytest.mark.parametrize("roster", [(2, 2), (3,), (1, 3), (3, 7)])
def test_a_roster_that_cannot_seat_the_table_is_refused(roster: tuple[int, ...]) -> None:
    data = FIVE.to_json()
    data["roster"] = list(roster)
    with pytest.raises(ValueError, match="roster"):
        C.RuleSet.from_json(data)


def test_every_ai_level_plays_five_player_rounds() -> None:
    every_level_plays(FIVE, 31)
