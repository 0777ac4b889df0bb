"""B4 (Bolivia): the normal player builds the escalera its side needs to go out
(canasta/ai/run_plan.py): it keeps the cards that could grow one, melds them into
sequences rather than groups, and so goes out where before it almost never did."""

from __future__ import annotations

from typing import Any

import canasta as C
from canasta.ai import choose_action
from canasta.ai.heuristic import choose_heuristic
from canasta.ai.knowledge import read_view
from canasta.ai.run_plan import escalera_keepers, run_keepers
from canasta.ai.search import _candidates
from canasta.play.transitions import deal_round
from tests.engine.helpers import three_deck_at

BOLIVIA = C.get_rules("bolivia")
SAMBA = C.get_rules("samba")
RUN = ["5H", "6H", "7H"]
EIGHTS = ["8S", "8D", "8C"]


def test_B4_run_keepers_fit_an_open_run_or_meet_a_card_of_their_suit() -> None:
    hand = ["8H", "TH", "AH", "4D", "6D", "QS", "QS", "9C", "2C", "JK"]
    # 8H and TH fit the 5-7 of hearts (TH once 8H 9H fill the gap); AH would make it ten
    # long; 4D and 6D are two places apart; a pair of queens is not a sequence.
    assert run_keepers(hand, [RUN], 7) == {"8H", "TH", "4D", "6D"}
    assert run_keepers(hand, [], 7) == {"8H", "TH", "4D", "6D"}  # (8H and TH meet)
    assert run_keepers(["4H", "9C"], [RUN], 7) == {"4H"}  # below the run
    assert run_keepers(["6H", "5S"], [RUN], 7) == frozenset()  # in it already; another suit
    assert run_keepers(["JH"], [RUN], 7) == {"JH"}  # 5 to J: seven places
    assert run_keepers(["QH"], [RUN], 7) == frozenset()  # 5 to Q: eight


def _table(rules: C.RuleSet, hand: list[str]) -> C.State:
    return three_deck_at(rules, hand, melds=[[RUN, EIGHTS], []], pile=["5C"])


def _meld_of(state: C.State, action: C.Action) -> Any:
    data = C.action_to_json(action)
    assert data["type"] == "meld"
    onto = data.get("onto")
    return next(m for m in state.melds[0] if m.id == onto)


def test_B4_normal_lays_a_card_on_its_sequence_not_on_its_group() -> None:
    state = _table(BOLIVIA, ["8H", "KS", "QD", "4C", "9S"])
    action = choose_action(C.view_for(state, 0), "normal", 1)
    assert _meld_of(state, action).kind == "sequence"


def test_B4_normal_keeps_a_card_of_its_run_out_of_a_group() -> None:
    # Nothing fits the run now, but 9H would with 8H: neither 9H nor 8H joins the 8s,
    # and neither is thrown; the king or the queen goes.
    state = _table(BOLIVIA, ["9H", "KS", "QD"])
    action = C.action_to_json(choose_action(C.view_for(state, 0), "normal", 1))
    assert action == {"type": "discard", "card": action["card"]}
    assert action["card"] in ("KS", "QD")


def test_B4_no_run_is_kept_once_the_side_has_its_escalera_or_needs_none() -> None:
    escalera = ["4S", "5S", "6S", "7S", "8S", "9S", "TS"]
    done = three_deck_at(BOLIVIA, ["TH", "QH"], melds=[[RUN, escalera], []])
    assert not _plan_keeps(done)
    assert _plan_keeps(three_deck_at(BOLIVIA, ["TH", "QH"], melds=[[RUN], []]))
    assert not _plan_keeps(three_deck_at(SAMBA, ["TH", "QH"], melds=[[RUN], []]))


def _plan_keeps(state: C.State) -> bool:
    return bool(escalera_keepers(C.view_for(state, 0), state.rules))


def test_B4_normal_goes_out_in_bolivia() -> None:
    """Normal players on all four seats, six deals: before the plan one round in eight
    ended with a player going out (the stock ran out in the others); with it, most do."""
    out = 0
    for seed in range(101, 107):
        state = deal_round(BOLIVIA, seed, 1, 3, (0, 0))
        steps = 0
        while not state.round_over:
            state = C.apply(state, choose_action(C.view_for(state, state.to_act), "normal",
                                                 seed * 7919 + steps))
            steps += 1
        out += state.went_out is not None
    assert out >= 3


def test_B4_the_strong_level_weighs_no_discard_of_a_card_normal_keeps() -> None:
    """The strong level's play-outs do not build the escalera, so its search is not
    offered the discards that would give up cards for one (search._candidates)."""
    view = C.view_for(_table(BOLIVIA, ["9H", "JH", "KS", "QD", "4C", "6S"]), 0)
    preferred = choose_heuristic(view, "normal", 1)
    assert preferred["type"] == "discard"
    offered = {a["card"] for a in _candidates(view, preferred, read_view(view))}
    assert len(offered) >= 2 and not offered & {"9H", "JH"}
    samba = C.view_for(_table(SAMBA, ["9H", "JH", "KS", "QD", "4C", "6S"]), 0)
    offered = {a["card"] for a in _candidates(samba, choose_heuristic(samba, "normal", 1),
                                              read_view(samba))}
    assert offered & {"9H", "JH"}  # (Samba needs no escalera: all are weighed)
