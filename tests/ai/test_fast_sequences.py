"""S6, S7, B4: the rollout policy lays sequences as the normal player does — grows the
side's sequences, starts new ones, keeps the cards that could grow Bolivia's escalera
(`fast_melds.Melder._meld_runs`, `_escalera_keepers`); its play-outs replay through
`apply` (tests/ai/test_fast_playout.py)."""

from __future__ import annotations

import itertools
import random

import pytest

import canasta as C
from canasta.ai.fast.playout import WAYS_TRIED, Sim, playout
from canasta.ai.fast.scoring import SEQUENCE_PREFIX
from canasta.game.actions import Discard, Meld
from canasta.mechanics.melds import table_meld
from canasta.outlook.going_out import go_out_plan
from canasta.outlook.solver import sequence_ways
from tests import big_hand

# The games whose sequences start short of a canasta (the escalera game lays them whole)
SHORT_RUNS = sorted(v for v, r in C.VARIANTS.items()
                    if r.sequence_min and r.sequence_min < r.canasta_size)


def _runs(sim: Sim) -> tuple[int, int]:
    """The sequences on the table at the end of a play-out, and its sequence canastas."""
    runs = [m for table in sim.melds for k, m in table.items() if k[0] == SEQUENCE_PREFIX]
    return len(runs), sum(len(m.cards) >= sim.size for m in runs)


@pytest.mark.parametrize("variant", SHORT_RUNS)
def test_s6_playouts_lay_sequences(variant: str) -> None:
    # Normal laid 1.2 (the game of line 69) to 7.6 (Bolivia) sequences a round in 20
    # rounds of its own; the play-outs, before they laid any, 0-0.04.
    laid = 0
    for seed in range(30):
        sim = Sim(C.new_game(variant, 7000 + seed), random.Random(seed))
        sim.run()
        laid += _runs(sim)[0]
    assert laid >= 30, laid


def test_b4_bolivia_playouts_make_the_escalera_and_go_out() -> None:
    # Before the policy laid sequences no Bolivia play-out went out (B4 needs an
    # escalera); normal went out in 18 of 20 rounds, the play-outs now in about 3 of 4.
    out = escaleras = 0
    for seed in range(30):
        sim = Sim(C.new_game("bolivia", 7100 + seed), random.Random(seed))
        sim.run()
        out += sim.went_out is not None
        escaleras += _runs(sim)[1]
        if sim.went_out is not None:
            team = sim.went_out % sim.teams
            assert sim.runs(team) >= 1  # B4: never out without its escalera
    assert out >= 12 and escaleras >= 15, (out, escaleras)


def _opened(hand: list[str], melds: list[list[str]], variant: str = "samba") -> C.State:
    return C.load_position({
        "variant": variant, "to_move": 0, "phase": "play",
        "hands": [hand, ["4S", "4S", "6C", "8D", "9D"], ["8S", "8H", "7C", "JD", "QD"],
                  ["TC", "TD", "KH", "QS", "QS"]],
        "melds": [melds, [["KS", "KC", "KH"]]],
        "pile": ["6D", "4D"], "scores": [0, 0],
    })


def _first_turn(state: C.State) -> list[object]:
    _, actions = playout(state, random.Random(0), record=True)
    return actions[: next(i for i, a in enumerate(actions) if isinstance(a, Discard)) + 1]


def test_s6_the_side_s_sequence_grows_at_both_ends() -> None:
    state = _opened(["5H", "9H", "TH", "QC", "KD", "KD"], [["6H", "7H", "8H"]])
    run_id = state.melds[0][0].id
    turn = _first_turn(state)
    grown = [a for a in turn if isinstance(a, Meld) and a.onto == run_id]
    assert grown and sorted(grown[0].cards) == ["5H", "9H", "TH"]
    for action in turn:
        state = C.apply(state, action)
    assert len(state.melds[0][0].cards) == 6


def test_s6_a_new_sequence_from_the_hand_keeps_two_cards() -> None:
    # 5-6-7-8 of clubs in hand and two odd cards: the run goes down, two cards stay
    # (one to discard, C31), and a run of all six would leave none.
    state = _opened(["5C", "6C", "7C", "8C", "QD", "KS"], [["JH", "JH", "JD"]])
    turn = _first_turn(state)
    runs = [a for a in turn if isinstance(a, Meld) and a.onto is None
            and len({c[0] for c in a.cards}) > 1]
    assert runs and sorted(runs[0].cards) == ["5C", "6C", "7C", "8C"]
    for action in turn:
        state = C.apply(state, action)
    assert len(state.hands[0]) == 1  # the discard made, one card left


def test_n3_a_wild_card_joins_a_sequence_and_fills_a_new_one_s_gap() -> None:
    # Normal scores a sequence play above a group whatever it holds (N3: one wild card a
    # sequence), so it lays 2.7 sequence canastas a round in Samba with three naturals;
    # the play-outs, with natural sequences only, 0.47 (docs/AI.md).
    state = _opened(["5S", "6S", "8S", "2C", "2D", "QC", "KD", "KD"], [["6H", "7H", "8H"]],
                    "samba-three-naturals")
    run_id = state.melds[0][0].id
    turn = _first_turn(state)
    melds = [a for a in turn if isinstance(a, Meld)]
    assert Meld(("2C",), None, run_id) in melds
    assert any(sorted(m.cards) == ["2D", "5S", "6S", "8S"] for m in melds)
    for action in turn:
        state = C.apply(state, action)  # each legal (N3)


def test_n3_wild_cards_bring_the_play_outs_sequence_canastas_near_normal_s() -> None:
    made = 0
    for seed in range(30):
        sim = Sim(C.new_game("samba-three-naturals", 7000 + seed), random.Random(seed))
        sim.run()
        made += _runs(sim)[1]
    assert made >= 25, made  # (natural sequences only: 11 on these deals)


def test_s6_playout_search_for_a_way_out_gives_up_after_ways_tried(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # tests/big_hand.py: the solver has more ways to try there than a play-out tries
    rules = C.VARIANTS["samba-three-naturals"]
    hand = tuple(big_hand.HAND)
    melds = tuple(table_meld(cards[0][0], tuple(cards), i + 1)
                  for i, cards in enumerate(big_hand.TABLE))
    ways = itertools.islice(sequence_ways(rules, hand, melds, out=True, kinds=False),
                            WAYS_TRIED + 1)
    assert sum(1 for _ in ways) > WAYS_TRIED
    tried = big_hand.count_searches(monkeypatch)
    assert go_out_plan(rules, hand, melds, 7, 0, most_ways=WAYS_TRIED) is None
    assert 0 < len(tried) <= WAYS_TRIED


def test_s6_capped_search_finds_a_first_way_out() -> None:
    # A way out within the ways tried is found as without a cap (the solver's ways: laying
    # no sequence, then 5-6-7 of hearts), and not past them.
    rules = C.VARIANTS["samba-three-naturals"]
    melds = (table_meld("K", ("KS", "KD", "KD", "KH", "KC", "KC", "KC"), 1),
             table_meld("Q", ("QS", "QH", "QD", "QD", "QC", "QS", "QH"), 2))
    hand = ("5H", "6H", "7H", "9C")
    plan = go_out_plan(rules, hand, melds, 2, 0)
    assert plan == [Meld(("5H", "6H", "7H")), Discard("9C")]
    assert go_out_plan(rules, hand, melds, 2, 0, most_ways=2) == plan
    assert go_out_plan(rules, hand, melds, 2, 0, most_ways=1) is None
