"""Classic for two (docs/variants/classic-2p.md, D1-D7) and for three
(docs/variants/classic-3p.md, T1-T6): one test per rule id not tested elsewhere. D3/D4
and D6 are in tests/engine/test_edge_cases.py (`test_D3_D4_…`, `test_D6_…`), T1 there too
(`test_T1_…`), T4 in tests/engine/test_issue10_defects.py (`test_T4_…`)."""

from __future__ import annotations

import dataclasses

import pytest

import canasta as C
from canasta.game.state import State
from tests.engine.helpers import ASK, DRAW, discard, meld, rule
from tests.engine.test_edge_cases import CANASTA, table

TWO, THREE = C.get_rules("classic-2p"), C.get_rules("classic-3p")
JACKS = ["JS", "JS", "JC", "JC", "JD", "JD", "JH"]


def test_D1_two_players_each_play_alone() -> None:
    assert (TWO.players, TWO.teams) == (2, 2)
    assert [TWO.team_of(s) for s in range(2)] == [0, 1]
    assert TWO.partner_of(0) is None and TWO.partner_of(1) is None


def test_D2_fifteen_cards_each() -> None:
    state = C.new_game("classic-2p", 3)
    assert [len(h) for h in state.hands] == [15, 15]


def test_D5_no_may_i_go_out_without_a_partner() -> None:
    state = C.apply(table([["9H", "9D", "9S", "5C"], ["4S", "4S"]], stock_top=["QH", "QD"],
                          melds=[[CANASTA, JACKS], []], variant="classic-2p"), DRAW)
    assert rule(state, ASK) == "D5"  # C33 needs a partner: cited as D5
    assert ASK not in C.legal_actions(state) and not C.view_for(state, 0)["may_ask"]


def _changed(rules: C.RuleSet) -> set[str]:
    return {f.name for f in dataclasses.fields(C.RuleSet)
            if getattr(rules, f.name) != getattr(C.CLASSIC, f.name)}


def test_D7_everything_else_as_classic() -> None:
    assert _changed(TWO) == {"name", "title", "rule_ids", "players", "hand_size", "draw_count",
                             "canastas_to_go_out", "ask_permission"}


def test_T2_thirteen_cards_each() -> None:
    state = C.new_game("classic-3p", 3)
    assert [len(h) for h in state.hands] == [13, 13, 13]


def test_T3_draw_one_card() -> None:
    assert THREE.draw_count == 1
    state = table([["9H", "9D"], ["4S", "4S"], ["5S"]], stock_top=["QH", "QD"],
                  variant="classic-3p")
    assert sorted(C.apply(state, DRAW).hands[0]) == ["9D", "9H", "QH"]
    assert _changed(THREE) == {"name", "title", "rule_ids", "players", "teams", "hand_size",
                               "canastas_to_go_out", "ask_permission"}


def test_T5_no_may_i_go_out() -> None:
    state = C.apply(table([["9H", "9D", "9S", "5C"], ["4S", "4S"], ["5S"]], stock_top=["QH"],
                          melds=[[CANASTA, JACKS], [], []], variant="classic-3p"), DRAW)
    assert rule(state, ASK) == "T5"
    assert ASK not in C.legal_actions(state)


def _finish(scores: list[int]) -> State:
    """Seat 0 goes out from two canastas; `scores` are the three totals before."""
    state = table([["9H", "9D"], ["4S", "4S"], ["5S"]], stock_top=["QH"],
                  melds=[[CANASTA, JACKS, ["9C", "9C", "9S"]], [], []], variant="classic-3p",
                  scores=scores)
    return C.apply(C.apply(C.apply(state, DRAW), meld("9H", "9D")), discard("QH"))


@pytest.mark.parametrize(("totals", "over"), [
    ((5200, 5000, 4000), True),   # one highest total at or over 5000
    ((5200, 5200, 100), False),   # a tie for the lead plays on
    ((4900, 4000, 4800), False),  # nobody at 5000
    ((3000, 5100, 5050), True),   # the leader need not be the one who went out
])
def test_T6_the_single_highest_total_at_or_over_5000_wins(
    totals: tuple[int, int, int], over: bool
) -> None:
    probe = [row["total"] for row in C.round_score(_finish([0, 0, 0]))]
    done = _finish([t - p for t, p in zip(totals, probe, strict=True)])
    assert done.totals() == totals
    assert done.game_over is over and done.round_over
