"""The positions of issue 10: its five known defects and what the oracles found, as
states for the rule tests (test_issue10_defects.py) and as fixed starting points for
the explorer and the brute-force search."""

from __future__ import annotations

from collections import Counter
from typing import Any

import canasta as C
from canasta.game.cards import make_deck
from canasta.game.state import State
from tests.engine.helpers import DRAW, position

# Other hands that hold none of the cards the positions below use.
OTHERS = [["6S", "6S", "7H"], ["8S", "5H", "7D"], ["TC", "TC", "5D"]]
QUEENS = ["QC", "QC", "QD", "QD", "QH", "QH", "QS"]
SIXES = ["6C", "6C", "6D", "6D", "6H", "6H"]


def last_stock_card(
    hands: list[list[str]],
    stock: list[str],
    melds: list[list[list[str]]],
    variant: str = "classic",
    pile_top: str = "7C",
) -> State:
    """A position at the start of seat 0's turn whose stock is `stock` only: every card
    not placed elsewhere lies in the discard pile, below `pile_top`."""
    rules = C.get_rules(variant)
    used = Counter(c for h in hands for c in h)
    used.update(c for team in melds for m in team for c in m)
    used.update(stock)
    used[pile_top] += 1
    rest = sorted((Counter(make_deck(rules.decks, rules.jokers_per_deck)) - used).elements())
    data: dict[str, Any] = {"variant": variant, "to_move": 0, "phase": "draw", "hands": hands,
                            "melds": melds, "pile": [*rest, pile_top], "stock": stock}
    return C.load_position(data, seed=1)


def held_back_black_threes() -> State:
    """Defect 1 (C21): 9C 9C 9D take the pile (40), KD QD are held back (C12)."""
    return position(["9C", "9C", "9D", "9S", "3S", "3S", "3C"], pile=["KD", "QD", "9H"])


def fours_at_the_wild_limit() -> State:
    """Defect 2 (C26): 4C 4C 2D, then 4D and 2D join: 55 of 50."""
    return position(["4C", "4C", "4D", "2D", "2D", "8D", "8H"], phase="play")


def jacks_at_the_wild_limit() -> State:
    """Defect 2 (C26) at 1500: JC JD JK, then JH and JK join: 130 of 90."""
    return position(["JC", "JD", "JH", "JK", "JK", "KC", "KD"], phase="play",
                    scores=[1500, 0], others=OTHERS)


def nines_and_black_threes() -> State:
    """Defect 3 (C25): seven 9s (70) and four black 3s (20) go out for 90 at 1500."""
    hand = ["9C", "9C", "9D", "9D", "9H", "9H", "9S", "3S", "3S", "3C", "3C"]
    return position(hand, phase="play", scores=[1500, 0], others=OTHERS)


def last_red_three_with_a_canasta() -> State:
    """Defect 4 (C33): the last stock card is 3H; seat 0 then holds KH alone, and its
    team has a canasta of queens (before the draw)."""
    return last_stock_card([["KH"], ["4S", "4S"], ["5S", "5S"], ["7S", "7S"]], ["3H"],
                           [[QUEENS], []])


def three_players_one_canasta() -> State:
    """Defect 5 (C30): three players need two canastas; seat 0's side has one."""
    return C.load_position({
        "variant": "classic-3p", "to_move": 0, "phase": "play",
        "hands": [["KC", "KD", "7D"], ["4S", "4S", "5S"], ["8S", "8H", "9S"]],
        "melds": [[QUEENS, ["KS", "KS", "KH"]], [], []], "pile": ["7C"]}, seed=1)


def held_back_red_three() -> State:
    """Found by the brute force (C26, C31): KS KS take KD (30); the pile held back is
    5C and 3H, and the red 3 will go down, not into the hand (C20)."""
    return position(["KS", "KS", "KC", "JK"], pile=["5C", "3H", "KD"])


def last_red_three_completes_a_canasta() -> State:
    """Found by the explorer (C34): the last stock card is 3D; seat 0 then holds 6S
    alone, which completes the team's sixes into a canasta and goes out."""
    return last_stock_card([["6S"], ["4S", "4S"], ["5S", "5S"], ["7S", "7S"]], ["3D"],
                           [[SIXES], []])


def fives_after_no() -> State:
    """Found by the explorer (C33, C26): six 5s and 2D go out for 50 (the 3S
    discarded); after a "no", the 50 cannot be reached keeping two cards."""
    return position(["5C", "5D", "5D", "5H", "5H", "5S", "2D", "3S"], phase="play")


def fives_then_black_threes() -> State:
    """Found by the brute force (C21, C26): six 5s (30), then 2D completes a canasta
    for 50 of 50; melding the black 3s (45) before the 2D would leave it stranded."""
    return position(["5C", "5C", "5D", "5D", "5H", "5H", "2D", "3S", "3S", "3C"],
                    phase="play")


def known_states() -> list[tuple[str, State]]:
    """Every position above, as (name, state); for the draw-phase positions of a last
    stock card also the state just after the draw."""
    out = [
        ("held back black threes", held_back_black_threes()),
        ("fours at the wild limit", fours_at_the_wild_limit()),
        ("jacks at the wild limit", jacks_at_the_wild_limit()),
        ("nines and black threes", nines_and_black_threes()),
        ("last red three with a canasta", last_red_three_with_a_canasta()),
        ("three players one canasta", three_players_one_canasta()),
        ("held back red three", held_back_red_three()),
        ("last red three completes a canasta", last_red_three_completes_a_canasta()),
        ("fives after no", fives_after_no()),
        ("fives then black threes", fives_then_black_threes()),
    ]
    drawn = [(f"{name}, drawn", C.apply(state, DRAW)) for name, state in out
             if name.startswith("last red three")]
    return out + [(name, state) for name, state in drawn if not state.round_over]
