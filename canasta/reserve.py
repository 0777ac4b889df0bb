"""Cards that join a hand on a trigger (docs/ENGINE.md, "Cards that join a hand on a
trigger"): Mexicana's 13 stock cards for the player who completes the side's initial
meld (M3). The rule set names how many (`reserve_size`), from where (`reserve_from`:
the stock's top cards) and when (`reserve_trigger`: the initial meld); the checks (how
many cards a play that opens will leave in hand), the transitions (taking them), the
view's log and the AI's fast path ask these functions. Dealt packets taken by an action
(Railroad's kitty, Hand and Foot's foot) are issue 14's additions to this module."""

from __future__ import annotations

from .cards import RED_THREES
from .rules import RuleSet


def joining(rules: RuleSet, opened: bool, stock_size: int) -> int:
    """M3: how many cards join the hand of a player whose play completes the side's
    initial meld now (`opened`: the side had completed it before): the reserve's size,
    or what is left of the stock."""
    if not rules.reserve_size or opened:
        return 0
    return min(rules.reserve_size, stock_size)


def take_reserve(
    rules: RuleSet, stock: tuple[str, ...]
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """M3: the stock's top `reserve_size` cards join the hand; a red 3 among them is
    laid down and replaced from the stock, as one dealt (C5), while the stock lasts.
    (cards joining the hand, red 3s laid down, the stock left)"""
    n = min(rules.reserve_size, len(stock))
    taken, stock = list(stock[:n]), stock[n:]
    kept: list[str] = []
    reds: list[str] = []
    while taken:
        card = taken.pop(0)
        if card not in RED_THREES:
            kept.append(card)
            continue
        reds.append(card)
        if stock:
            taken.append(stock[0])
            stock = stock[1:]
    return tuple(kept), tuple(reds), stock
