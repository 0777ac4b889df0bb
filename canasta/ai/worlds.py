"""Determinization: full states consistent with one seat's view.

`sample_world(view, rng)` deals the cards this seat has not seen to the other
hands and the stock at random, keeping every card the log shows in a hand
(cards picked up with the pile and not played since) where it is. The deck is
conserved exactly; the seat's own hand and the whole table are as in the view.

With `kept` (the strong level's choice by rule set: `search.kept_discards`) a hidden
hand is dealt as one that has been through its owner's discards (`_kept`): real hands
hold more pairs than random ones, since their owners keep pairs and throw odd cards
(`python tools/hidden_hands.py`; docs/AI.md, "The hidden hands").
"""

from __future__ import annotations

import random
from typing import Any

from canasta.ai.knowledge import Knowledge, natural_ranks, read_view
from canasta.game.actions import Discard
from canasta.game.cards import RANK, WILDS, sort_cards
from canasta.game.state import Chain, State, chain_push
from canasta.mechanics.melds import table_of_view


def _turn_entries(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The log entries of the current turn of the seat to move."""
    entries: list[dict[str, Any]] = []
    for entry in reversed(view["log"]):
        if entry.get("event") or entry.get("seat") != view["to_move"]:
            break
        entries.append(entry)
    entries.reverse()
    return entries


def sample_world(view: dict[str, Any], rng: random.Random, know: Knowledge | None = None,
                 kept: int = 0) -> State:
    """A full state consistent with `view`; with `kept`, each hidden hand is dealt as
    one that has been through up to `kept` of its owner's discards this round (`_kept`)."""
    know = know or read_view(view)
    rules = know.rules  # the view's rules by value: the world is played by them
    seat = view["seat"]
    pool = list(know.unseen.elements())
    pool.sort()
    rng.shuffle(pool)
    face_down = int(view["pile"].get("face_down", 0))  # Z3: unseen cards under the pile
    under, pool = pool[:face_down], pool[face_down:]
    hands: list[tuple[str, ...]] = []
    for s in range(rules.players):
        if s == seat:
            hands.append(tuple(view["hand"]))
            continue
        size = view["hand_sizes"][s]
        known = list(know.known[s].elements())[:size]
        need = size - len(known)
        dealt, pool = pool[:need], pool[need:]
        extra = min(kept, sum(know.discarded_ranks[s].values()), len(pool))
        if extra:
            drawn, pool = pool[:extra], pool[extra:]
            dealt = _kept(dealt + drawn, known, extra, pool, rng)
        if know.declined and know.declined[s]:
            _without_pairs(dealt, pool, known, _declined(view, know, s), rng)
        hands.append(sort_cards(known + dealt))
    packets: list[tuple[str, ...]] = []
    for s, size in enumerate(view.get("packet_sizes", ())):  # R13: the kitties
        if s == seat and view["packets_open"][s]:
            packets.append(tuple(view["packet"]))
            continue
        dealt, pool = pool[:size], pool[size:]
        packets.append(tuple(dealt))
    stock = tuple(pool[: view["stock_size"]])
    turn = _turn_entries(view) if view["phase"] in ("play", "answer") else []
    played = [e for e in turn if e["action"]["type"] in ("meld", "take_pile")]
    turn_cards: list[str] = []
    for e in played:
        if e["action"]["type"] == "take_pile":
            turn_cards.append(e["top"])
        turn_cards.extend(e["action"]["cards"])
    mover = view["to_move"]
    melded_before = view["melded_this_round"][mover] and not (
        played and all_melds_this_turn(view, mover, len(played))
    )
    return State(
        rules=rules,
        seed=0,
        round_no=view["round"],
        dealer=view["dealer"],
        to_move=mover,
        to_act=view["to_act"],
        phase=view["phase"],
        hands=tuple(hands),
        melds=table_of_view(view),
        red_threes=tuple(tuple(r) for r in view["red_threes"]),
        pile=tuple(under) + tuple(know.pile),
        face_down=face_down,
        stock=stock,
        scores=tuple(view["scores"]),
        opened=tuple(view["team_melded"]),
        melded_this_round=tuple(view["melded_this_round"]),
        fresh=not melded_before,
        turn_melded=bool(played),
        asked=view["asked"],
        permission=view["permission"],
        pending=tuple(view["pending"]),
        turn_points=view["turn_points"],
        turn_cards=tuple(turn_cards),
        history=tuple(tuple(h) for h in view["history"]),
        log=_discards_log(view),
        black_threes_aside=tuple(tuple(b) for b in view.get("black_threes_aside", ())),
        packets=tuple(packets),
        packets_open=tuple(view.get("packets_open", ())),
    )


def _kept(cards: list[str], known: list[str], extra: int, pool: list[str],
          rng: random.Random) -> list[str]:
    """`cards` less the `extra` least worth keeping, which go back into `pool` (shuffled
    again: the deck stays whole): a 3 first, then odd naturals and wild cards at random,
    cards of a rank held two or more times (with the cards `known` in the hand) last. So
    a hand is dealt as it would look after as many discards of its least useful card."""
    held = natural_ranks(known + cards)

    def worth(card: str) -> float:
        if card in WILDS:
            return 1.0 + rng.random()
        if RANK[card] == "3":
            return rng.random() * 0.1
        return held[RANK[card]] + rng.random()

    order = sorted(range(len(cards)), key=lambda i: worth(cards[i]))
    dropped = set(order[:extra])
    pool.extend(cards[i] for i in dropped)  # (a set of small ints: a fixed order)
    rng.shuffle(pool)
    return [c for i, c in enumerate(cards) if i not in dropped]


def _declined(view: dict[str, Any], know: Knowledge, seat: int) -> dict[str, int]:
    """The ranks `seat` showed not to hold a natural pair of (`knowledge.declines`), with
    the cards drawn since; not those its side has closed (`meld_max`: no pair takes then)."""
    team = view["melds"][seat % view["teams"]]
    limit = know.rules.meld_max
    return {rank: d for rank, d in know.declined[seat].items()
            if not (limit and any(m["rank"] == rank and len(m["cards"]) >= limit
                                  for m in team))}


def _without_pairs(dealt: list[str], pool: list[str], known: list[str],
                   declined: dict[str, int], rng: random.Random) -> None:
    """Deal a hand that agrees with the seat's declines: of the cards it held before the
    draws since (all but the last `d` dealt), at most one natural of a declined rank,
    counting the cards the log shows it holding; extras swap with other cards of the
    rest of the pool (so the deck stays whole)."""
    for rank, drawn in declined.items():
        old = len(dealt) - drawn
        if old <= 0:
            continue
        room = 1 - sum(1 for c in known if RANK[c] == rank and c not in WILDS)
        at = [i for i in range(old) if RANK[dealt[i]] == rank and dealt[i] not in WILDS]
        for i in at[max(room, 0):]:
            spare = [j for j, c in enumerate(pool) if RANK[c] not in declined or c in WILDS]
            if not spare:
                return
            j = rng.choice(spare)
            dealt[i], pool[j] = pool[j], dealt[i]


def _discards_log(view: dict[str, Any]) -> Chain:
    """The round's discards as a log chain (the world's only log entries): the rules
    that ask how many there were (K9, black_threes.discards_so_far) see the real count."""
    if not view["rules"].get("black_threes_held_first_round"):
        return None
    log: Chain = None
    for entry in view["log"]:
        action = entry.get("action")
        if action is not None and action.get("type") == "discard":
            log = chain_push(log, (entry["seat"], Discard(action["card"]), {}))
    return log


def all_melds_this_turn(view: dict[str, Any], seat: int, this_turn: int) -> bool:
    """Were all of `seat`'s melds and pickups this round made in the current turn?"""
    count = sum(
        1 for e in view["log"]
        if not e.get("event") and e.get("seat") == seat
        and e["action"]["type"] in ("meld", "take_pile")
    )
    return count == this_turn
