"""Strong in Classic keeps a pair and a wild card in hand, however big the hand, until its
side can go out (`search.keeps_wild_pairs`, `judgement.KEEPS_WILD_PAIRS`), in its own
choice and in its play-outs' policy; normal lays them down as a new meld from BIG_HAND
cards (docs/AI.md, "A pair and a wild card kept")."""

from __future__ import annotations

import random

import canasta as C
from canasta.ai import choose_action
from canasta.ai.fast.playout import Sim
from canasta.ai.heuristic import choose_heuristic
from canasta.ai.judgement import BIG_HAND, KEEP_WILD_PAIRS, KEEPS_WILD_PAIRS, Style
from canasta.ai.search import keeps_wild_pairs
from canasta.game.actions import Discard, Meld
from canasta.rules.variants import VARIANTS
from tests.engine.helpers import position

# Ten cards in hand, the side opened (queens) but far from a canasta: 8♣ 8♠ and 2♣.
BIG_HAND_PAIR = position(
    ["8C", "8S", "2C", "4H", "5D", "6S", "9H", "TC", "JD", "KS"], phase="play",
    melds=[[["QS", "QC", "QH"]], [["AS", "AC", "AH"]]], pile=["6C"])
PAIR_MELD = {"8C", "8S", "2C"}


def test_keeps_wild_pairs_only_in_classics_rule_sets() -> None:
    assert {n for n, r in VARIANTS.items() if keeps_wild_pairs(r)} == {
        "classic", "classic-2p", "classic-3p", "classic-5p"}


def test_normal_lays_the_pair_and_wild_card_from_a_big_hand_strong_keeps_them() -> None:
    view = C.view_for(BIG_HAND_PAIR, 0)
    assert len(view["hand"]) >= BIG_HAND
    normal = choose_heuristic(view, "normal", 0)
    assert normal["type"] == "meld" and set(normal["cards"]) == PAIR_MELD
    kept = choose_heuristic(view, "normal", 0, KEEPS_WILD_PAIRS)
    assert kept["type"] == "discard" and kept["card"] not in PAIR_MELD
    assert isinstance(choose_action(view, "strong", 0), Discard)


def _first_turn(big_hand: int) -> list[C.Action]:
    sim = Sim(BIG_HAND_PAIR, random.Random(0), record=True, style=Style(big_hand=big_hand))
    sim.run()
    turn = []
    for action in sim.actions:
        turn.append(action)
        if isinstance(action, Discard):
            return turn
    raise AssertionError("the play-out's first turn has no discard")


def test_the_play_outs_policy_follows_the_hand_size_it_is_given() -> None:
    def lays_pair(turn: list[C.Action]) -> bool:
        return any(isinstance(a, Meld) and set(a.cards) == PAIR_MELD for a in turn)

    assert lays_pair(_first_turn(BIG_HAND))
    assert not lays_pair(_first_turn(KEEP_WILD_PAIRS))
