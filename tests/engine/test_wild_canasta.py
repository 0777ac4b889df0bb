"""The wild-canasta game of seed 003 line 67 (docs/variants/wild-canasta.md, W1-W7):
melds of three to seven cards, a canasta of wild cards worth 2000, the pile always
frozen; one test per rule id, the AI and saves."""

from __future__ import annotations

from typing import Any

import pytest

import canasta as C
from canasta.game.actions import Meld, TakePile
from canasta.game.errors import PositionError
from canasta.game.state import State
from canasta.mechanics.melds import WILD_KEY
from canasta.outlook.going_out import can_go_out_with, go_out_plan
from canasta.play.scoring import canasta_bonus
from canasta.rules.house_rules import with_house_rules
from canasta.rules.ruleset import CLASSIC
from tests.engine.helpers import discard, meld, rule, take
from tests.games import ai_round

WILD = C.get_rules("wild-canasta")
O1, O2, O3 = ["4S", "4D", "7D"], ["6S", "6D", "7H"], ["JS", "JD", "7S"]
KINGS = ["KC", "KD", "KD", "KH", "KH", "KS", "KS"]  # a closed natural canasta
QUEENS = ["QC", "QC", "QD", "QD", "2H"]


def at(rules: C.RuleSet, hand: list[str], *, melds: Any = None, pile: list[str] | None = None,
       phase: str = "play", scores: list[int] | None = None,
       partner: list[str] | None = None) -> State:
    return C.load_position({
        "rules": rules.to_json(), "to_move": 0, "phase": phase,
        "hands": [hand, O1, partner or O3, O2],
        "melds": melds if melds is not None else [[], []],
        "pile": pile or ["7C"], "scores": scores or [0, 0],
    }, seed=5)


def test_W1_the_game_is_registered_with_its_rules_page() -> None:
    from canasta.rules.pages import rule_href, variant_href

    assert C.get_rules("wild-canasta") is WILD
    assert variant_href("wild-canasta") == "./static/rules/wild-canasta.html"
    assert rule_href("W4") == "./static/rules/wild-canasta.html#W4"


def test_W2_a_canasta_of_seven_is_closed() -> None:
    state = at(WILD, ["KC", "QH", "2C", "9C", "9D", "8S"], melds=[[KINGS, QUEENS], []])
    assert rule(state, meld("KC")) == "W2"  # no natural joins a canasta of seven
    assert rule(state, meld("2C", rank="K")) == "W2"  # nor a wild card
    refusal = C.check(state, meld("KC"))
    assert refusal is not None and "at most 7 cards" in refusal.message
    # A meld of five takes two more cards, not three.
    assert rule(state, meld("QH", "2C")) is None
    state = C.apply(state, meld("QH"))
    state = C.apply(state, meld("2C", rank="Q"))
    assert len(state.melds[0][1].cards) == 7
    shown = C.view_for(state, 0)["melds"][0]
    assert [m["closed"] for m in shown] == [True, True]  # the view says so (additive)
    classic = at(CLASSIC, ["KC", "9C", "9D", "8S"], melds=[[KINGS], []])
    assert "closed" not in C.view_for(classic, 0)["melds"][0][0]
    assert not any(isinstance(a, Meld) and "9C" not in a.cards and "8S" not in a.cards
                   and "9D" not in a.cards for a in C.legal_actions(state))
    # No meld starts with more than seven cards.
    eight = ["5C", "5C", "5D", "5D", "5H", "5H", "5S", "5S"]
    big = at(WILD, [*eight, "9C"], melds=[[KINGS], []])
    assert rule(big, meld(*eight)) == "W2"
    assert rule(big, meld(*eight[:7])) is None
    # Classic has no limit.
    assert rule(at(CLASSIC, ["KC", "9C", "9D", "8S"], melds=[[KINGS], []]), meld("KC")) is None


def test_W2_the_top_card_cannot_go_onto_a_closed_canasta() -> None:
    # Five kings on the table, the top card and a pair would make eight.
    five = [["KC", "KC", "KD", "KD", "KH"]]
    state = at(WILD, ["KH", "KS", "9C", "9D", "8S"], melds=[five, []],
               pile=["5C", "KS"], phase="draw")
    assert rule(state, take("KH", "KS")) == "W2"
    assert not any(isinstance(a, TakePile) for a in C.legal_actions(state))
    classic = at(CLASSIC, ["KH", "KS", "9C", "9D", "8S"], melds=[five, []],
                 pile=["5C", "KS"], phase="draw")
    assert rule(classic, take("KH", "KS")) is None


def test_W2_going_out_counts_only_what_the_melds_can_hold() -> None:
    melds = [[KINGS, ["QC", "QC", "QD", "QD", "QH", "QH"]], []]
    state = at(WILD, ["QS", "QS", "9C"], melds=melds)
    # The 9 is the one discard, and two more queens would make eight: the hand cannot
    # go out, in Classic it could.
    assert not can_go_out_with(WILD, ("QS", "QS", "9C"), state.melds[0], 1, 0)
    assert can_go_out_with(CLASSIC, ("QS", "QS", "9C"), state.melds[0], 1, 0)
    plan = go_out_plan(WILD, ("QS", "9C"), state.melds[0], 1, 0)
    assert plan is not None and [type(a).__name__ for a in plan] == ["Meld", "Discard"]
    # A position with a meld of eight is not one of this game.
    with pytest.raises(PositionError):
        at(WILD, ["9C"], melds=[[[*KINGS, "KS"]], []])


def test_W3_a_meld_of_wild_cards_grows_to_seven_and_scores_2000() -> None:
    hand = ["JK", "JK", "2C", "2C", "2D", "2D", "2H", "2S", "9C"]
    state = at(WILD, hand, melds=[[KINGS], []], partner=["8S", "8S"])
    assert rule(state, meld("JK", "2C")) == "W3"  # two are too few (F1, cited as W3)
    state = C.apply(state, meld("JK", "2C", "2D"))
    state = C.apply(state, meld("JK", "2C", "2D", "2H"))
    wild = next(m for m in state.melds[0] if m.rank == WILD_KEY)
    assert len(wild.cards) == 7
    assert rule(state, meld("2S")) == "W2"  # closed at seven like any canasta
    state = C.apply(state, discard("2S"))
    assert canasta_bonus(WILD, "wild") == 2000
    view = C.view_for(state, 0)
    assert next(m for m in view["melds"][0] if m["kind"] == "wild")["canasta"] == "wild"


def test_W3_the_wild_canasta_is_scored_at_the_end_of_the_round() -> None:
    hand = ["JK", "JK", "2C", "2C", "2D", "2D", "2H"]
    state = at(WILD, hand, partner=["8S", "8S"])
    state = C.apply(state, meld(*hand))
    assert state.round_over and state.went_out == 0
    row = C.round_score(state)[0]
    assert row["canasta_bonus"] == 2000
    assert row["going_out"] == 200  # concealed: 100 + 100 (W5)


def test_W4_the_pile_is_always_frozen() -> None:
    pile = ["5C", "9H"]
    # An open team with a meld of 9s: not the top card alone, not a 9 and a wild card.
    nines = [[["9C", "9D", "9S"]], []]
    state = at(WILD, ["9C", "2C", "4H", "8S"], melds=nines, pile=pile, phase="draw",
               scores=[0, 0])
    assert rule(state, take()) == "W4"
    assert rule(state, take("9C", "2C")) == "W4"
    refusal = C.check(state, take())
    assert refusal is not None and "always frozen" in refusal.message
    # A natural pair matching the top card takes it.
    pair = at(WILD, ["9C", "9D", "4H", "8S"], melds=nines, pile=pile, phase="draw")
    assert rule(pair, take("9C", "9D")) is None
    assert {a for a in C.legal_actions(pair) if isinstance(a, TakePile)} == {take("9C", "9D")}
    # The view says so with nothing frozen in the pile.
    view = C.view_for(state, 0)
    assert view["pile"]["frozen_for_you"] is True
    # Classic takes the top card onto the meld.
    classic = at(CLASSIC, ["9C", "2C", "4H", "8S"], melds=nines, pile=pile, phase="draw")
    assert rule(classic, take()) is None


def test_W4_a_wild_card_on_top_still_blocks_the_pile() -> None:
    state = at(WILD, ["2C", "2D", "4H"], pile=["5C", "2H"], phase="draw")
    assert rule(state, take("2C", "2D")) == "C15"


def test_W5_everything_else_is_classic() -> None:
    differs = {k for k, v in WILD.to_json().items() if v != CLASSIC.to_json()[k]}
    assert differs == {"name", "title", "meld_max", "wild_meld_min", "wild_canasta_bonus",
                       "pile_always_frozen", "rule_ids"}
    assert dict(WILD.rule_ids) == {"C14": "W4", "F1": "W3"}


def test_W6_option_melds_grow_past_seven() -> None:
    open_ended = with_house_rules(WILD, ["W6"])
    assert (open_ended.name, open_ended.meld_max) == ("wild-canasta+W6", 0)
    state = at(open_ended, ["KC", "9C", "9D", "8S"], melds=[[KINGS], []])
    assert rule(state, meld("KC")) is None
    assert open_ended.pile_always_frozen and open_ended.wild_canasta_bonus == 2000


def test_W7_option_the_wild_canasta_is_laid_down_whole() -> None:
    whole = with_house_rules(WILD, ["W7"])
    hand = ["JK", "JK", "2C", "2C", "2D", "2D", "2H", "9C", "9D"]
    state = at(whole, hand, melds=[[KINGS], []])
    assert rule(state, meld("JK", "2C", "2D")) == "W7"
    state = C.apply(state, meld("JK", "JK", "2C", "2C", "2D", "2D", "2H"))
    assert C.view_for(state, 0)["melds"][0][-1]["canasta"] == "wild"


def test_the_rule_set_refuses_a_limit_below_a_canasta() -> None:
    from dataclasses import replace

    from canasta.game.errors import RuleSetError

    with pytest.raises(RuleSetError, match="meld_max"):
        replace(WILD, meld_max=6)
    with pytest.raises(RuleSetError, match="meld_max"):
        C.RuleSet.from_json({**WILD.to_json(), "meld_max": 15})


def test_wild_canasta_saves_round_trip_and_every_ai_level_plays_it() -> None:
    state = at(WILD, ["JK", "2C", "2D", "9C", "9D", "8S"], melds=[[KINGS], []])
    state = C.apply(state, meld("JK", "2C", "2D"))
    again = C.from_json(C.to_json(state))
    assert again.melds == state.melds and again.rules == WILD
    for level in ("easy", "normal", "strong"):
        end = ai_round(WILD, 310, level)
        assert end.round_over
        assert all(len(m.cards) <= 7 for team in end.melds for m in team)
