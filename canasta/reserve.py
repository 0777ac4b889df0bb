"""Cards that join a hand on a trigger (docs/ENGINE.md, "Cards that join a hand on a
trigger"): Mexicana's 13 stock cards for the player who completes the side's initial
meld (M3). The rule set names how many (`reserve_size`), from where (`reserve_from`:
the stock's top cards) and when (`reserve_trigger`: the initial meld); the checks (how
many cards a play that opens will leave in hand), the transitions (taking them), the
view's log and the AI's fast path ask these functions. Dealt packets taken by an action
(Railroad's kitty, Hand and Foot's foot) are issue 14's additions to this module. E7:
the escalera game's 11 stock cards for the player who makes the round's first canasta
(`reserve_trigger` "first_canasta")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rules import RuleSet

if TYPE_CHECKING:
    from .state import State


def joining(rules: RuleSet, opened: bool, stock_size: int, first: bool = True) -> int:
    """M3: how many cards join the hand of a player whose play completes the side's
    initial meld now (`opened`: the side had completed it before; `first`: no other side
    has): the reserve's size (U6: `reserve_later` for a side opening after another, none
    once the stock holds `reserve_stock_above` cards or fewer), or what is left of the
    stock."""
    if (not rules.reserve_size or opened or stock_size <= rules.reserve_stock_above
            or rules.reserve_trigger != "initial_meld"):
        return 0
    size = rules.reserve_size if first or rules.reserve_later < 0 else rules.reserve_later
    return min(size, stock_size)


def joining_now(state: State) -> int:
    """`joining` for the player to move: the cards that join the hand if this turn's
    play completes the side's initial meld (the checks' look-ahead and the transition
    that takes them ask it)."""
    return joining(state.rules, state.opened[state.team], len(state.stock),
                   not any(state.opened))


def first_canasta_cards(rules: RuleSet, canastas_before: int, canastas_after: int,
                        stock_size: int) -> int:
    """E7 (`reserve_trigger` "first_canasta"): how many stock cards join the hand of a
    player whose play makes the round's first canasta (no side had one: `canastas_before`
    counts every side's; the player's side has `canastas_after` after the play)."""
    if rules.reserve_trigger != "first_canasta" or canastas_before or not canastas_after:
        return 0
    return min(rules.reserve_size, stock_size)


def take_reserve(
    rules: RuleSet, stock: tuple[str, ...], count: int
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """M3: the stock's top `count` cards (`joining`'s number) join the hand; a red 3
    among them (U5: any 3) is laid down and replaced from the stock, as one dealt (C5),
    while the stock lasts. (cards joining the hand, 3s laid down, the stock left)"""
    n = min(count, len(stock))
    laid = rules.laid_threes
    taken, stock = list(stock[:n]), stock[n:]
    kept: list[str] = []
    reds: list[str] = []
    while taken:
        card = taken.pop(0)
        if card not in laid:
            kept.append(card)
            continue
        reds.append(card)
        if stock:
            taken.append(stock[0])
            stock = stock[1:]
    return tuple(kept), tuple(reds), stock
