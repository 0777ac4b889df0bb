"""Small builders for rule tests: positions in protocol JSON and actions."""

from __future__ import annotations

from collections import Counter
from typing import Any

import canasta as C
from canasta.game.actions import Action
from canasta.game.cards import make_deck
from canasta.game.state import State

OTHERS = [["JS", "JS", "7H"], ["JH", "JH", "7D"], ["JC", "JC", "7S"]]


def position(
    hand: list[str],
    *,
    others: list[list[str]] | None = None,
    melds: list[list[list[str]]] | None = None,
    pile: list[str] | None = None,
    phase: str = "draw",
    scores: list[int] | None = None,
    red_threes: list[list[str]] | None = None,
    stock: list[str] | None = None,
    melded_this_round: list[bool] | None = None,
    to_move: int = 0,
) -> State:
    hands = [list(hand), *(others if others is not None else OTHERS)]
    if to_move:
        hands = hands[-to_move:] + hands[:-to_move]
    data: dict[str, Any] = {
        "variant": "classic",
        "to_move": to_move,
        "phase": phase,
        "hands": hands,
        "melds": melds if melds is not None else [[], []],
        "pile": pile if pile is not None else ["7C"],
        "scores": scores if scores is not None else [0, 0],
    }
    if red_threes is not None:
        data["red_threes"] = red_threes
    if stock is not None:
        data["stock"] = stock
    if melded_this_round is not None:
        data["melded_this_round"] = melded_this_round
    return C.load_position(data, seed=1)


def act(data: dict[str, Any]) -> Action:
    return C.parse_action(data)


def meld(*cards: str, rank: str | None = None, onto: int | None = None,
         new: bool = False) -> Action:
    out: dict[str, Any] = {"type": "meld", "cards": list(cards)}
    if rank is not None:
        out["rank"] = rank
    if onto is not None:
        out["onto"] = onto
    if new:
        out["new"] = True
    return C.parse_action(out)


# Three hands of four cards for the other seats of a three-deck game (Samba's family).
THREE_DECK_OTHERS = [["4S", "4D", "7D", "JC"], ["JS", "JD", "7S", "4H"],
                     ["6S", "6D", "7H", "JC"]]


def three_deck_at(rules: C.RuleSet, hand: list[str], *, melds: Any = None,
                  pile: list[str] | None = None, phase: str = "play",
                  red_threes: list[list[str]] | None = None,
                  scores: list[int] | None = None) -> State:
    """A position of a three-deck game with `hand` to move (the stock: the rest)."""
    return stocked(rules, [hand, *THREE_DECK_OTHERS], [],
                   melds=melds if melds is not None else [[], []], pile=pile or ["5C"],
                   phase=phase, red_threes=red_threes, scores=scores)


def take(*cards: str) -> Action:
    return C.parse_action({"type": "take_pile", "cards": list(cards)})


def discard(card: str) -> Action:
    return C.parse_action({"type": "discard", "card": card})


DRAW = C.parse_action({"type": "draw"})


def cards_drawn(rules: C.RuleSet, seed: int) -> int:
    """How many cards the first player of a new game of `rules` gains by drawing from the
    stock (C7: one; two where the rules say), red 3s laid down among them."""
    state = C.new_game(rules, seed)
    seat, team = state.to_move, state.team

    def held(s: State) -> int:
        return len(s.hands[seat]) + len(s.red_threes[team])

    return held(C.apply(state, DRAW)) - held(state)
ASK = C.parse_action({"type": "ask"})


def rule(state: State, action: Action) -> str | None:
    """The rule id that refuses `action`, or None when it is accepted."""
    rejection = C.check(state, action)
    return None if rejection is None else rejection.rule


def stocked(rules: C.RuleSet, hands: list[list[str]], top: list[str], *, melds: Any,
            pile: list[str], phase: str, red_threes: list[list[str]] | None = None,
            scores: list[int] | None = None) -> State:
    """A position of `rules` with seat 0 to move whose stock starts with `top` (the rest
    of the deck follows it, in the deck's order)."""
    data: dict[str, Any] = {
        "rules": rules.to_json(), "to_move": 0, "phase": phase, "hands": hands,
        "melds": melds, "pile": pile, "scores": scores or [0] * rules.teams,
    }
    if red_threes is not None:
        data["red_threes"] = red_threes
    placed = Counter(c for h in hands for c in h)
    placed.update(c for team in melds for m in team
                  for c in (m["cards"] if isinstance(m, dict) else m))
    placed.update(c for r in red_threes or [] for c in r)
    placed.update(pile)
    placed.update(top)
    rest = Counter(make_deck(rules.decks, rules.jokers_per_deck)) - placed
    data["stock"] = [*top, *sorted(rest.elements())]
    return C.load_position(data, seed=5)
