"""Gifts and loops, judged from one seat's view (issue 19).

A *gift* is a discard that the next player, an opponent, can put on the pile's top
to take the pile, by what this seat can know: the pile (with the card on it) is not
frozen for them and their side has a meld of the card's rank (C11), or the log
shows them holding two naturals of that rank (cards they took with the pile and
have not played since: C14 lets a natural pair take even a frozen pile). Wild
cards, black 3s and red 3s block the pile (C15) and are never gifts.

A *loop* is the pattern of a round that drags: a player takes a pile that held only
black 3s below its top, gaining one card, and throws a black 3 back; the next side
does the same, and the stock does not shrink. `empty_takes` and `longest_loop`
read it from the log.
"""

from __future__ import annotations

from typing import Any

from canasta.ai.knowledge import Knowledge
from canasta.game.cards import BLACK_THREES, RANK, RED_THREES, WILDS, sort_cards
from canasta.game.errors import Text
from canasta.mechanics.melds import dead_ranks, table_of_view
from canasta.mechanics.pile import freezer, frozen_for

Json = dict[str, Any]

LOOP_TURNS = 8  # a loop is seen in the last this many turns ...
LOOP_TAKES = 2  # ... when this many of them were empty takes
MELD = "meld"  # their side has a meld of the rank and the pile is not frozen for them
PAIR = "pair"  # the log shows them holding a natural pair of the rank


def next_opponent(view: Json) -> int | None:
    """The seat that plays after this one, when it is an opponent's."""
    seat, players, teams = int(view["seat"]), int(view["players"]), int(view["teams"])
    nxt = (seat + 1) % players
    return None if nxt % teams == seat % teams else nxt


def gift_reason(view: Json, know: Knowledge, card: str) -> str | None:
    """Why discarding `card` would let the next opponent take the pile (`MELD` or
    `PAIR`), or None when, as far as this seat can know, it would not."""
    if card in WILDS or card in BLACK_THREES or card in RED_THREES:
        return None
    nxt = next_opponent(view)
    if nxt is None:
        return None
    rank = RANK[card]
    team = nxt % int(view["teams"])
    if closed_for(view, know, team, rank):
        return None
    held = sum(n for c, n in know.known[nxt].items() if RANK[c] == rank and c not in WILDS)
    if held >= 2:
        return PAIR
    frozen = freezer(know.rules, (*know.pile, card)) is not None
    if frozen_for(know.rules, frozen, bool(view["team_melded"][team])):
        return None
    if any(m["rank"] == rank for m in view["melds"][team]):
        return MELD
    return None


def closed_for(view: Json, know: Knowledge, team: int, rank: str) -> bool:
    """Whether `team` can meld no more of `rank`, so that no card of it takes the pile for
    them: their meld of it is a canasta closed at `meld_max` cards (W2, one meld of a rank:
    C18), or another side's canasta has closed the rank for both (U24)."""
    rules = know.rules
    if rules.groups_per_rank <= 1 and any(m["rank"] == rank and m.get("closed")
                                          for m in view["melds"][team]):
        return True  # (the view's `closed`: W2's meld_max reached)
    if not rules.closed_to_both:
        return False
    return rank in dead_ranks(rules, table_of_view(view), team)


def explain_discard(view: Json, know: Knowledge, card: str) -> Text | None:
    """A sentence for the hint about gifts: why the advised discard `card` is not
    another card that would hand the next player the pile, or why it is one anyway.
    None when no discard in hand is a gift."""
    if view["phase"] != "play":
        return None
    reasons = {c: gift_reason(view, know, c) for c in set(view["hand"])}
    given = reasons.get(card)
    if given is not None:
        return Text("It lets the next player take the pile ({why}), but keeping the other "
                    "cards is worth more.", why=_why(card, given))
    avoided = sort_cards(c for c, why in reasons.items() if why is not None)
    if not avoided:
        return None
    first = avoided[0]
    why = _why(first, reasons[first] or MELD)
    if len(avoided) == 1:
        return Text("Not {a:card}: the next player could take the pile with it ({why}).",
                    a=first, why=why)
    if len(avoided) == 2:
        return Text("Not {a:card} or {b:card}: the next player could take the pile with it "
                    "({why}).", a=first, b=avoided[1], why=why)
    return Text("Not {a:card}, {b:card} or {c:card}: the next player could take the pile "
                "with it ({why}).", a=first, b=avoided[1], c=avoided[2], why=why)


def _why(card: str, reason: str) -> Text:
    if reason == PAIR:
        return Text("the log shows them holding two {r:ranks}", r=RANK[card])
    return Text("their side has a meld of {r:ranks}", r=RANK[card])


def empty_take(entry: Json) -> bool:
    """A pickup of a pile that held nothing below its top but black 3s: the player gains
    only the top card and a black 3 to throw back (the step of a loop)."""
    below = entry.get("taken", []) if entry.get("event") is None else []
    return (entry.get("event") is None and entry["action"]["type"] == "take_pile"
            and bool(below) and all(c in BLACK_THREES for c in below))


def _turn_starts(log: list[Json]) -> list[int]:
    """The log indexes where a turn starts (a draw or a pickup)."""
    return [i for i, e in enumerate(log)
            if e.get("event") is None and e["action"]["type"] in ("draw", "take_pile")]


def empty_takes(log: list[Json], turns: int) -> int:
    """How many of the last `turns` turns were empty takes (`empty_take`)."""
    return sum(1 for i in _turn_starts(log)[-turns:] if empty_take(log[i]))


def longest_loop(log: list[Json], players: int = 4) -> int:
    """The longest run of empty takes with at most one table round (the other
    `players` - 1 turns) between one and the next: how long a loop went on."""
    longest = run = 0
    since = 0
    for i in _turn_starts(log):
        if empty_take(log[i]):
            run = run + 1 if since <= players - 1 else 1
            since = 0
            longest = max(longest, run)
        else:
            since += 1
    return longest
