"""What a seat can know from its view alone: the public log replayed.

Everything here comes from `view_for(state, seat)`: the rules (by value), the
seat's own hand, the table, and the public log (every discard, meld, pile pickup
and red 3). No hidden card is ever read.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from canasta.game.cards import RANK, RED_THREES, WILDS, make_deck
from canasta.io.view import rules_of
from canasta.mechanics.pile import blocked, freezer, frozen_for, size_refusal, taken_part
from canasta.rules.ruleset import RuleSet


@dataclass
class Knowledge:
    seat: int
    players: int
    pile: list[str]  # bottom -> top, rebuilt from the log
    known: list[Counter[str]]  # cards each seat is known to hold (picked up, not yet played)
    discarded_ranks: list[Counter[str]]  # ranks each seat threw away this round
    picked_ranks: list[Counter[str]]  # ranks each seat took with the pile
    rules: RuleSet  # the view's own rules, by value (`rules_of`)
    unseen: Counter[str] = field(default_factory=Counter)  # cards this seat has not seen
    # ranks each seat declined (`declines`): rank -> cards drawn since, the draw included
    declined: list[dict[str, int]] = field(default_factory=list)

    def unseen_of_rank(self, rank: str) -> int:
        return sum(n for c, n in self.unseen.items() if RANK[c] == rank)


def read_view(view: dict[str, Any]) -> Knowledge:
    players = int(view["players"])
    seat = int(view["seat"])
    teams = int(view["teams"])
    rules = rules_of(view)
    pile: list[str] = []
    known: list[Counter[str]] = [Counter() for _ in range(players)]
    discarded: list[Counter[str]] = [Counter() for _ in range(players)]
    picked: list[Counter[str]] = [Counter() for _ in range(players)]
    declined: list[dict[str, int]] = [{} for _ in range(players)]
    opened = [False] * teams
    for entry in view["log"]:
        event = entry.get("event")
        if event in ("deal", "position"):
            pile = list(entry["pile"])
            if event == "position":  # a set-up position: its sides as they are now
                opened = list(view["team_melded"])
            continue
        if event is not None:
            continue
        s = entry["seat"]
        action = entry["action"]
        kind = action["type"]
        if kind == "draw":
            ranks = declined[s]
            for rank in ranks:
                ranks[rank] += rules.draw_count
            rank = declines(rules, pile, opened[s % teams])
            if rank:
                ranks[rank] = rules.draw_count
        elif kind in ("meld", "take_pile"):
            opened[s % teams] = True
        if kind == "take_pile":
            declined[s].clear()
        if kind == "discard":
            pile.append(action["card"])
            discarded[s][RANK[action["card"]]] += 1
            _forget(known[s], [action["card"]])
        elif kind == "take_pile":
            taken = [c for c in entry.get("taken", []) if c not in RED_THREES]
            known[s].update(taken)
            picked[s][RANK[entry["top"]]] += 1
            for c in taken:
                picked[s][RANK[c]] += 1
            _forget(known[s], action["cards"])
            pile = pile[:len(pile) - len(taken_part(rules, tuple(pile)))]  # (HF7: the rest)
        elif kind == "meld":
            _forget(known[s], action["cards"])
    pending = list(view.get("pending", []))
    _forget(known[view["to_move"]], pending)  # held back, shown in the view already
    total = Counter(make_deck(rules.decks, rules.jokers_per_deck))
    seen: Counter[str] = Counter(view["hand"])
    for team in view["melds"]:
        for m in team:
            seen.update(m["cards"])
    for reds in view["red_threes"]:
        seen.update(reds)
    for blacks in view.get("black_threes_aside", ()):  # K10
        seen.update(blacks)
    seen.update(pile)
    seen.update(pending)
    seen.update(view.get("packet", ()))  # R13: the seat's own kitty, once open to it
    for s in range(players):
        if s != seat:
            seen.update(known[s])
    unseen = total - seen
    return Knowledge(seat, players, pile, known, discarded, picked, rules, unseen, declined)


DECLINE_MIN_PILE = 3  # a smaller pile may be let go with a pair in hand (easy does)


def declines(rules: RuleSet, pile: list[str], opened: bool) -> str:
    """The rank a player who draws from the stock shows not to hold a natural pair of
    (the pile's top card's), or "": the pile is frozen for their side, which has made
    its initial meld, so a natural pair of the top card's rank would have taken it
    (C14, W4), and it is big enough that nobody would let it go."""
    if len(pile) < DECLINE_MIN_PILE or blocked(tuple(pile)) or size_refusal(rules, pile):
        return ""
    if not opened or not frozen_for(rules, freezer(rules, tuple(pile)) is not None, opened):
        return ""
    return RANK[pile[-1]]


def _forget(counter: Counter[str], cards: list[str]) -> None:
    for c in cards:
        if counter[c] > 0:
            counter[c] -= 1
            if not counter[c]:
                del counter[c]


def natural_ranks(cards: list[str]) -> Counter[str]:
    return Counter(RANK[c] for c in cards if c not in WILDS and RANK[c] != "3")
