"""Free Canasta (docs/variants/free-canasta.md, F1-F6) and the seven-wild canasta of
the house rules (H12): melds of wild cards, their canastas, mixed canastas by wild
cards; one test per rule id, the AI and saves."""

from __future__ import annotations

from typing import Any

import canasta as C
from canasta.ai import choose_action
from canasta.game.actions import Meld
from canasta.game.state import State
from canasta.mechanics.melds import WILD, WILD_KEY
from canasta.play.scoring import canasta_bonus
from canasta.rules.house_rules import with_house_rules
from canasta.rules.ruleset import CLASSIC
from tests.engine.helpers import discard, meld, rule
from tests.games import ai_round

FREE = C.get_rules("free-canasta")
SEVEN = with_house_rules(CLASSIC, ["H12"])
O1, O2, O3 = ["4S", "4D", "7D"], ["6S", "6D", "7H"], ["JS", "JD", "7S"]
KINGS = ["KC", "KC", "KD", "KD", "KH", "KH", "KS"]


def at(rules: C.RuleSet, hand: list[str], *, melds: Any = None, scores: list[int] | None = None,
       partner: list[str] | None = None) -> State:
    return C.load_position({
        "rules": rules.to_json(), "to_move": 0, "phase": "play",
        "hands": [hand, O1, partner or O3, O2],
        "melds": melds if melds is not None else [[], []],
        "pile": ["7C"], "scores": scores or [0, 0],
    }, seed=5)


def wild_meld(state: State, team: int = 0) -> Any:
    return next((m for m in state.melds[team] if m.rank == WILD_KEY), None)


def test_F1_three_wild_cards_start_a_meld_of_their_own_and_more_join_it() -> None:
    state = at(FREE, ["JK", "2C", "2D", "2H", "9C", "9D", "8S"], melds=[[KINGS], []])
    assert rule(state, meld("JK", "2C")) == "F1"  # two are too few
    state = C.apply(state, meld("JK", "2C", "2D"))
    m = wild_meld(state)
    assert m is not None and m.kind == WILD and sorted(m.cards) == ["2C", "2D", "JK"]
    view = C.view_for(state, 0)
    shown = next(v for v in view["melds"][0] if v["kind"] == "wild")
    assert shown["rank"] == "W" and shown["id"] == m.id
    # A wild card with no rank named joins it; so does one named by the meld's id.
    state = C.apply(state, meld("2H"))
    assert len(wild_meld(state).cards) == 4
    assert C.parse_action({"type": "meld", "cards": ["2H"]}) == meld("2H")
    # Natural cards never join it (C18).
    onto = C.parse_action({"type": "meld", "cards": ["9C"], "onto": m.id})
    assert rule(state, onto) == "C18"


def test_F1_no_wild_card_limit_and_the_listed_steps_reach_it() -> None:
    hand = ["JK", "JK", "2C", "2C", "2D", "9C", "9D", "8S"]
    state = at(FREE, hand, melds=[[KINGS], []])
    listed = [a for a in C.legal_actions(state) if isinstance(a, Meld)]
    starts = {tuple(sorted(a.cards)) for a in listed if all(c[0] in "2J" for c in a.cards)
              and a.rank is None and a.onto is None}
    # Three wild cards in every mix of jokers and 2s (the 2s in the hand's order).
    assert len(starts) == 3 and {s.count("JK") for s in starts} == {0, 1, 2}
    state = C.apply(state, meld("JK", "JK", "2C", "2C", "2D"))  # five wild cards, no naturals
    assert len(wild_meld(state).cards) == 5


def test_F1_classic_keeps_refusing_wild_cards_alone() -> None:
    state = at(CLASSIC, ["JK", "2C", "2D", "9C", "9D", "8S"], melds=[[KINGS], []])
    assert rule(state, meld("JK", "2C", "2D")) == "C17"


def test_F2_a_canasta_of_wild_cards_scores_1000_and_counts_for_going_out() -> None:
    hand = ["JK", "JK", "2C", "2C", "2D", "2D", "2H"]
    state = at(FREE, hand, partner=["8S", "8S"])
    state = C.apply(state, meld(*hand))
    assert state.round_over and state.went_out == 0  # the wild canasta lets the hand go out
    row = C.round_score(state)[0]
    assert row["canasta_bonus"] == 1000
    assert C.view_for(state, 0)["melds"][0][0]["canasta"] == "wild"
    assert canasta_bonus(CLASSIC, "wild") == 0


def test_F3_mixed_canastas_score_by_their_wild_cards() -> None:
    assert [canasta_bonus(FREE, "mixed", w) for w in (1, 2, 3)] == [400, 300, 200]
    assert canasta_bonus(FREE, "natural") == 500
    assert [canasta_bonus(CLASSIC, "mixed", w) for w in (1, 2, 3)] == [300, 300, 300]
    mixed = [["KC", "KC", "KD", "KD", "KH", "KH", "2S"]]
    state = at(FREE, ["QC", "QD", "QH"], melds=[mixed, []])
    state = C.apply(state, meld("QC", "QD", "QH"))
    assert C.round_score(state)[0]["canasta_bonus"] == 400


def test_F4_the_meld_of_wild_cards_counts_toward_the_initial_meld() -> None:
    # 2C 2D JK = 90 points: the whole 90 needed at 1500, with a pair of 9s kept.
    state = at(FREE, ["JK", "2C", "2D", "9C", "9D", "8S"], scores=[1500, 0])
    assert rule(state, meld("JK", "2C", "2D")) is None
    state = C.apply(state, meld("JK", "2C", "2D"))
    assert state.opened[0] and state.turn_points == 90
    # Two 2s and a 5 are 45 short of 90: refused by the look-ahead (C26).
    short = at(FREE, ["2C", "2D", "2H", "5C", "8S", "9D"], scores=[1500, 0])
    assert rule(short, meld("2C", "2D", "2H")) == "C26"


def test_F5_everything_else_is_classic() -> None:
    differs = {k for k, v in FREE.to_json().items() if v != CLASSIC.to_json()[k]}
    assert differs == {"name", "title", "wild_meld_min", "wild_canasta_bonus",
                       "mixed_bonus_by_wilds"}


def test_H12_seven_wild_cards_at_once_or_none() -> None:
    hand = ["JK", "JK", "2C", "2C", "2D", "2D", "2H", "9C", "9D"]
    state = at(SEVEN, hand, melds=[[KINGS], []])
    assert rule(state, meld("JK", "2C", "2D")) == "H12"
    state = C.apply(state, meld("JK", "JK", "2C", "2C", "2D", "2D", "2H"))
    state = C.apply(state, discard("9C"))
    assert C.view_for(state, 0)["melds"][0][-1]["canasta"] == "wild"
    assert canasta_bonus(SEVEN, "wild") == 100


def test_F6_option_the_wild_canasta_is_laid_down_whole_and_keeps_its_1000() -> None:
    whole = with_house_rules(FREE, ["F6"])
    assert (whole.name, whole.wild_meld_min, whole.wild_canasta_bonus) == (
        "free-canasta+F6", 7, 1000)
    hand = ["JK", "JK", "2C", "2C", "2D", "2D", "2H", "9C", "9D"]
    state = at(whole, hand, melds=[[KINGS], []])
    assert rule(state, meld("JK", "2C", "2D")) == "F6"  # cited as F6, not H12 or F1
    state = C.apply(state, meld("JK", "JK", "2C", "2C", "2D", "2D", "2H"))
    assert C.view_for(state, 0)["melds"][0][-1]["canasta"] == "wild"
    assert canasta_bonus(whole, "wild") == 1000
    # Free Canasta itself builds it up from three (F1).
    assert rule(at(FREE, hand, melds=[[KINGS], []]), meld("JK", "2C", "2D")) is None


def test_free_canasta_saves_and_positions_round_trip() -> None:
    state = at(FREE, ["JK", "2C", "2D", "9C", "9D", "8S"], melds=[[KINGS], []])
    state = C.apply(state, meld("JK", "2C", "2D"))
    again = C.from_json(C.to_json(state))
    assert again.melds == state.melds and again.rules == FREE
    data = {"rules": FREE.to_json(), "to_move": 0, "phase": "play",
            "hands": [["9C", "9D", "8S"], O1, O3, O2],
            "melds": [[KINGS, {"kind": "wild", "cards": ["JK", "2C", "2D"]}], []],
            "pile": ["7C"], "scores": [0, 0]}
    loaded = C.load_position(data, seed=1)
    assert wild_meld(loaded).kind == WILD


def test_every_ai_level_plays_free_canasta_and_the_normal_player_makes_wild_melds() -> None:
    for level in ("easy", "normal", "strong"):
        for game in range(2 if level != "strong" else 1):
            assert ai_round(FREE, 300 + game, level).round_over
    games = 0
    for game in range(20):
        state = C.new_game(FREE, 400 + game)
        steps = 0
        while not state.round_over:
            state = C.apply(state, choose_action(C.view_for(state, state.to_act), "normal",
                                                  steps))
            steps += 1
        games += any(m.rank == WILD_KEY for t in state.melds for m in t)
    assert games >= 3  # the normal player builds toward the 1000-point canasta
