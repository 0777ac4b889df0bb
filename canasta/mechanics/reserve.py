"""Cards that join a hand on a trigger (docs/ENGINE.md, "Cards that join a hand on a
trigger"): Mexicana's 13 stock cards for the player who completes the side's initial
meld (M3). The rule set names how many (`reserve_size`), from where (`reserve_from`:
the stock's top cards) and when (`reserve_trigger`: the initial meld); the checks (how
many cards a play that opens will leave in hand), the transitions (taking them), the
view's log and the AI's fast path ask these functions. R3, R13: packets dealt face down
(Railroad's kitty: `reserve_from` "dealt"), opened by the player's own canasta and
taken with a discard that says so (`reserve_with_discard`). E7:
the escalera game's 11 stock cards for the player who makes the round's first canasta
(`reserve_trigger` "first_canasta")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta.game.errors import Text
from canasta.mechanics.melds import TableMeld, canasta_kind
from canasta.rules.ruleset import RuleSet

if TYPE_CHECKING:
    from canasta.game.state import State


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


def first_canasta_now(state: State, after: tuple[TableMeld, ...]) -> int:
    """E7 for the checks: how many stock cards join the hand of the player to move if
    his play makes his side's melds `after` (they count among the cards he keeps)."""
    if state.rules.reserve_trigger != "first_canasta":
        return 0
    before = sum(map(state.canastas, range(len(state.melds))))
    return first_canasta_cards(state.rules, before,
                               sum(len(m.cards) >= state.rules.canasta_size
                                   and m.rank != "3" for m in after), len(state.stock))


def take_reserve(
    rules: RuleSet, stock: tuple[str, ...], count: int
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """M3: the stock's top `count` cards (`joining`'s number) join the hand; a red 3
    among them (U5: any 3) is laid down and replaced from the stock, as one dealt (C5),
    while the stock lasts. (cards joining the hand, 3s laid down, the stock left)"""
    n = min(count, len(stock))
    return take_packet(rules, stock[:n], stock[n:])


def deal_packets(rules: RuleSet, deck: list[str], first: int) -> tuple[tuple[str, ...], ...]:
    """R3: with `reserve_from` "dealt", a packet of `reserve_size` cards for every seat,
    dealt face down from `deck` (popped from its end, as the hands were, from seat
    `first` round the table) after the hands; () where no packet is dealt."""
    if rules.reserve_from != "dealt" or not rules.reserve_size:
        return ()
    packets: list[list[str]] = [[] for _ in range(rules.players)]
    for i in range(rules.reserve_size * rules.players):
        packets[(first + i) % rules.players].append(deck.pop())
    return tuple(tuple(p) for p in packets)


def opens_packet(rules: RuleSet, before: tuple[TableMeld, ...],
                 after: tuple[TableMeld, ...]) -> bool:
    """R13: whether a play turning the side's melds `before` into `after` completes a
    canasta that opens its player's packet (`reserve_trigger` "own_canasta": any;
    "own_unmixed_canasta": not a mixed one)."""
    trigger = rules.reserve_trigger
    if trigger not in ("own_canasta", "own_unmixed_canasta"):
        return False
    done = {m.id for m in before if len(m.cards) >= rules.canasta_size}
    for meld in after:
        if meld.id in done or len(meld.cards) < rules.canasta_size:
            continue
        if trigger == "own_canasta" or canasta_kind(rules, meld.cards) != "mixed":
            return True
    return False


def packet_problem(state: State, seat: int) -> str | None:
    """R13: why the player at `seat` may not take his packet with this discard (None:
    he may)."""
    if not state.packets or not state.packets[seat]:
        return Text("You have no kitty to take.")
    if not state.packets_open[seat]:
        if state.rules.reserve_trigger == "own_canasta":
            return Text("Your kitty opens only once you have completed a canasta.")
        return Text("Your kitty opens only once you have completed a canasta that is not "
                    "mixed (natural, of wild cards or of 7s).")
    return None


def take_packet(rules: RuleSet, packet: tuple[str, ...], stock: tuple[str, ...]
                ) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """R13 (and M3's cards from the stock, `take_reserve`): `packet` joins the hand; its
    red 3s (U5: any 3) go down, each replaced from the stock as one drawn (R6, C5)
    while the stock lasts. (cards joining the hand, 3s laid down, the stock left)"""
    laid = rules.laid_threes
    kept = [c for c in packet if c not in laid]
    queue = [c for c in packet if c in laid]
    reds: list[str] = []
    while queue:
        reds.append(queue.pop(0))
        if stock:
            card, stock = stock[0], stock[1:]
            (queue if card in laid else kept).append(card)
    return tuple(kept), tuple(reds), stock


def packet_joining(state: State, after: tuple[TableMeld, ...], left: int = 1
                   ) -> tuple[str, ...]:
    """PH4 (`reserve_with_discard` off): the packet that joins the hand of the player to
    move at once, if his play making his side's melds `after` opens it (HF8: if it
    leaves him `left` cards, none); the checks count it among the cards he keeps. ()
    otherwise."""
    seat = state.to_move
    if (not state.packets or state.rules.reserve_with_discard or state.packets_open[seat]
            or not (opens_packet(state.rules, state.melds[state.team], after)
                    or foot_joins(state, seat, left))):
        return ()
    return tuple(c for c in state.packets[seat] if c not in state.rules.laid_threes)


def foot_joins(state: State, seat: int, left: int) -> bool:
    """HF8 (`reserve_trigger` "hand_empty"): whether a play leaving the player at `seat`
    `left` cards brings his waiting foot into his hand."""
    return not left and foot_waiting(state, seat)


def foot_waiting(state: State, seat: int) -> bool:
    """HF8: the player at `seat` still has his foot: his hand running out takes it,
    and does not go out."""
    return (state.rules.reserve_trigger == "hand_empty" and bool(state.packets)
            and bool(state.packets[seat]))


def packet_waiting(state: State) -> bool:
    """PH4: the player to move has a packet that joins his hand at once at his first
    canasta: no way out is planned for him (`needs.can_go_out`) until it has joined."""
    seat = state.to_move
    return (bool(state.packets) and not state.rules.reserve_with_discard
            and bool(state.packets[seat]) and not state.packets_open[seat])
