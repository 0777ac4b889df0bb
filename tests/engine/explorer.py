"""No dead ends, ever (issue 10): a state explorer over every variant.

It walks states reached from random deals and from generated adversarial positions
(a stock of one to three cards, red 3s on top of it, hands of one to three cards, teams
with and without canastas and initial meld, black 3s in hand, piles whose top card
matches a pair in hand so that the pile can be taken before the initial meld with its
other cards held back, C12), by applying legal actions: random choices, exhaustive
branching over every legal action for a few plies, and now and then a meld that `check`
accepts but `legal_actions` does not list. At every state it asserts:

- a state that is not over has at least one legal action (no dead end);
- every listed action passes `check`;
- for the kinds of action with a canonical form (draw, ask, both answers, next round,
  every distinct discard, the canonical pile takes and meld steps of ENGINE.md),
  `check` accepts the action exactly when `legal_actions` lists it;
- the view of the seat to act agrees: `may_ask` is `check(state, ask) is None` and
  `legal` is `legal_actions` as JSON (and another seat's view lists nothing);
- a black-3 meld that `check` accepts leaves the player out, or one discard from
  going out (C21);
- the cards are conserved.

`python -m tests.engine.explorer --states 1000000` is the soak; the pytest file runs a
CI-sized sample. A failure is reported with the starting position (or deal) and the
actions that lead to the state, so it can be replayed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import canasta as C
from canasta.game.actions import Action, Answer, Ask, Discard, Draw, Meld, NextRound, TakePile
from canasta.game.cards import BLACK_THREES, JOKER, RANK, RED_THREES, WILDS, make_deck, sort_cards
from canasta.game.state import State
from canasta.io.position import position_of
from tests.engine.known_positions import known_states

DRAW = Draw()
ASK = Ask()
YES = Answer(True)
NO = Answer(False)
NEXT_ROUND = NextRound()


# ----- comparing actions by the kinds of their cards ------------------------------------
def kind(card: str) -> str:
    """Cards of one kind are interchangeable for every rule: naturals by rank, black
    and red 3s apart, 2s and jokers apart (they differ in value)."""
    if card == JOKER:
        return "JK"
    if card in WILDS:
        return "2"
    if card in BLACK_THREES:
        return "3b"
    if card in RED_THREES:
        return "3r"
    return RANK[card]


Signature = tuple[Any, ...]


def signature(action: Action) -> Signature:
    """An action up to the suits of its cards (discards keep the card itself: every
    distinct discard is listed)."""
    if isinstance(action, Meld):
        naturals = [c for c in action.cards if c not in WILDS]
        if len({RANK[c] for c in naturals}) > 1 or (action.onto is not None and naturals):
            # S6: a sequence started or joined: suits matter, and which sequence
            return ("meld", f"sequence {action.onto}", tuple(sorted(action.cards)))
        target = (action.rank if action.rank is not None else RANK[naturals[0]] if naturals
                  else f"onto {action.onto}" if action.onto is not None else "W")
        return ("meld", target, action.new, tuple(sorted(map(kind, action.cards))))
    if isinstance(action, TakePile):
        return ("take", action.onto, action.new, tuple(sorted(map(kind, action.cards))))
    if isinstance(action, Discard):
        return ("discard", action.card)
    if isinstance(action, Answer):
        return ("answer", action.yes)
    return (type(action).__name__,)


def wild_kinds(hand: tuple[str, ...]) -> list[str]:
    """One wild card of each kind in the hand: a joker, a 2."""
    out: list[str] = []
    if JOKER in hand:
        out.append(JOKER)
    two = next((c for c in hand if c in WILDS and c != JOKER), None)
    if two is not None:
        out.append(two)
    return out


def probes(state: State) -> list[Action]:
    """The actions with a canonical form (ENGINE.md, `legal_actions`) for this state:
    `check` must accept each exactly when `legal_actions` lists it (up to suits)."""
    out: list[Action] = [DRAW, ASK, YES, NO, NEXT_ROUND]
    if state.round_over:
        return out
    seat = state.to_move
    hand = state.hands[seat]
    wilds = wild_kinds(hand)
    melds = state.melds[state.team]
    ranks = {m.rank for m in melds}
    out.extend(Discard(c) for c in dict.fromkeys(hand))
    if state.phase == "draw" and state.pile:
        rank = RANK[state.pile[-1]]
        naturals = [c for c in hand if c not in WILDS and RANK[c] == rank]
        out.append(TakePile(()))
        # S3: the top card alone onto each sequence (onto a group it is TakePile(()))
        out.extend(TakePile((), m.id) for m in melds if m.kind == "sequence")
        if len(naturals) >= 2:
            out.append(TakePile(tuple(naturals[:2])))
            if rank in ranks:
                out.append(TakePile(tuple(naturals[:2]), None, True))  # S5: a new meld
        if naturals:
            out.extend(TakePile((naturals[0], w)) for w in wilds)
        same = [m for m in melds if m.rank == rank]
        # S5: onto each older meld of the rank by its id (the newest is the default)
        out.extend(TakePile((), m.id) for m in same[:-1])
    if state.phase == "play":
        groups: dict[str, list[str]] = {}
        blacks = [c for c in hand if c in BLACK_THREES]
        for c in hand:
            if c not in WILDS and RANK[c] != "3":
                groups.setdefault(RANK[c], []).append(c)
        for rank, naturals in groups.items():
            if rank in ranks:
                out.append(Meld((naturals[0],)))
                # S5: onto each meld of the rank by its id, and a new meld beside them
                same = [m for m in melds if m.rank == rank]
                out.extend(Meld((naturals[0],), None, m.id) for m in same[:-1])
                if len(naturals) >= 3:
                    out.append(Meld(tuple(naturals[:3]), None, None, True))
                    out.append(Meld(tuple(naturals), None, None, True))
                if len(naturals) >= 2:
                    out.extend(Meld((naturals[0], naturals[1], w), None, None, True)
                               for w in wilds)
                continue
            if len(naturals) >= 3:
                out.append(Meld(tuple(naturals[:3])))
                out.append(Meld(tuple(naturals)))
            if len(naturals) >= 2:
                out.extend(Meld((naturals[0], naturals[1], w)) for w in wilds)
        for m in melds:
            if m.rank not in ("3", "W", ""):
                out.extend(Meld((w,), m.rank) for w in wilds)
                if [x for x in melds if x.rank == m.rank][-1] is not m:  # S5: older
                    out.extend(Meld((w,), None, m.id) for w in wilds)
        if state.rules.sequence_min:  # S6: runs of three, and any card onto a sequence
            order = "456789TJQKA"
            for suit in "SHDC":
                for i in range(len(order) - 2):
                    run = tuple(order[j] + suit for j in range(i, i + 3))
                    if all(c in hand for c in run):
                        out.append(Meld(run))
            for m in melds:
                if m.kind == "sequence":
                    out.extend(Meld((c,), None, m.id) for c in dict.fromkeys(hand))
        if state.rules.wild_meld_min:  # F1, H12: the meld of wild cards
            if "W" in ranks:
                out.extend(Meld((w,)) for w in wilds)
            else:
                jokers = [c for c in hand if c == JOKER]
                twos = [c for c in hand if c in WILDS and c != JOKER]
                k = state.rules.wild_meld_min
                out.extend(Meld(tuple(jokers[:j] + twos[: k - j])) for j in range(k + 1)
                           if j <= len(jokers) and k - j <= len(twos))
        if len(blacks) >= 3:
            out.append(Meld(tuple(blacks)))
    return out


# ----- the oracle at one state ------------------------------------------------------------
Problem = tuple[str, str]  # (what kind of failure, the details of this one)


@dataclass
class Finding:
    """One broken invariant, with what it takes to reach the state again."""

    kind: str
    detail: str
    start: str  # the position JSON, or the deal
    actions: list[dict[str, Any]]

    def __str__(self) -> str:
        return (f"{self.kind}: {self.detail}\n  start: {self.start}\n"
                f"  actions: {json.dumps(self.actions)}")


def deck(state: State) -> Counter[str]:
    return Counter(make_deck(state.rules.decks, state.rules.jokers_per_deck))


def _is_black_meld(action: Action) -> bool:
    return isinstance(action, Meld) and bool(action.cards) and all(
        c in BLACK_THREES for c in action.cards)


def turn_label(state: State) -> str:
    """The moment of the turn, for grouping failures: phase, question, answer."""
    parts = [state.phase]
    if state.asked:
        parts.append({None: "asked", True: "after yes", False: "after no"}[state.permission])
    if state.pending:
        parts.append("pile held back")
    if not state.opened[state.team]:
        parts.append("no initial meld")
    return ", ".join(parts)


def problems_at(state: State, view_every: bool = True) -> list[Problem]:
    """Every invariant of the module docstring that fails at `state` (empty if none)."""
    out: list[Problem] = []
    if state.cards_in_play() != deck(state):
        out.append(("cards not conserved", ""))
    legal = C.legal_actions(state)
    if not state.game_over and not legal:
        out.append((f"dead end ({turn_label(state)})",
                    f"no legal action for seat {state.to_act} holding "
                    f"{list(state.hands[state.to_act])}"))
    listed = {signature(a) for a in legal}
    for action in legal:
        rejection = C.check(state, action)
        if rejection is not None:
            out.append((f"listed but refused by {rejection.rule} ({turn_label(state)})",
                        f"{C.action_to_json(action)}: {rejection.message}"))
    accepted_ask = False
    for action in probes(state):
        rejection = C.check(state, action)
        accepted = rejection is None
        if isinstance(action, Ask):
            accepted_ask = accepted
        if accepted != (signature(action) in listed):
            name = C.action_to_json(action)["type"]
            if accepted:
                out.append((f"{name} accepted by check but not listed ({turn_label(state)})",
                            f"{C.action_to_json(action)}"))
            else:
                assert rejection is not None
                out.append((f"{name} listed but refused by {rejection.rule} ({turn_label(state)})",
                            f"{C.action_to_json(action)}: {rejection.message}"))
        if accepted and _is_black_meld(action):
            out.extend(_black_three_problems(state, action))
    if view_every:
        view = C.view_for(state, state.to_act)
        if view["may_ask"] != accepted_ask:
            out.append((f"may_ask disagrees with check(ask) ({turn_label(state)})",
                        f"may_ask {view['may_ask']}, check(ask) "
                        f"{'accepts' if accepted_ask else 'refuses'}"))
        if view["legal"] != [C.action_to_json(a) for a in legal]:
            out.append(("view legal differs from legal_actions", ""))
        other = (state.to_act + 1) % state.rules.players
        if other != state.to_act:
            oview = C.view_for(state, other)
            if oview["legal"] or oview["may_ask"]:
                out.append(("a seat that does not act is offered actions in its view", ""))
    return out


def _black_three_problems(state: State, action: Action) -> list[Problem]:
    """C21: black 3s only as the last meld of a player going out this turn (E5: a set of
    three or four at any time, one a side)."""
    seat = state.to_move
    after = C.apply(state, action)
    if state.rules.black_threes_anytime:
        sets = [m for m in after.melds[state.team] if m.rank == "3"]
        if len(sets) == 1 and 3 <= len(sets[0].cards) <= 4 and not any(
                m.rank == "3" for m in state.melds[state.team]):
            return []
        return [("E5 a second set of black 3s, or one of the wrong size",
                 f"{C.action_to_json(action)} makes {[m.cards for m in sets]}")]
    hand = after.hands[seat]
    if after.round_over and after.went_out == seat:
        return []
    if len(hand) == 1 and C.check(after, Discard(hand[0])) is None:
        return []
    return [(f"C21 black 3s accepted though the player does not go out ({turn_label(state)})",
             f"{C.action_to_json(action)} leaves {list(hand)} in hand")]


def premature_end(before: State, action: Action, after: State) -> list[Problem]:
    """C34: a draw that ends the round (the last stock card a red 3, one card left) must
    leave the player nothing to do: the same moment as a position in phase "play" has
    no legal action (`load_position` refuses it for that reason)."""
    if not (isinstance(action, Draw) and after.round_over and not before.round_over):
        return []
    if not before.stock and before.rules.stock_out:
        return []  # R18: drawing from the empty stock is how the round ends
    seat = before.to_move
    data = position_of(before)
    data["phase"] = "play"
    data["hands"][seat] = list(after.hands[seat])
    data["red_threes"] = [list(r) for r in after.red_threes]
    data["stock"] = list(after.stock)
    try:
        going_on = C.load_position(data)
    except C.PositionError:
        return []
    return [("C34 the round ended at a draw though the player could still finish the turn",
             f"seat {seat} holds {list(after.hands[seat])} and could play "
             f"{[C.action_to_json(a) for a in C.legal_actions(going_on)]}")]


# ----- generated adversarial positions -------------------------------------------------
SCORES = (-100, 0, 1500, 3000)


class _Pool:
    """The cards not yet placed in a position being built."""

    def __init__(self, rng: random.Random, cards: list[str]) -> None:
        self.rng = rng
        self.cards = list(cards)
        rng.shuffle(self.cards)

    def take(self, pred: Callable[[str], bool], n: int = 1) -> list[str]:
        got: list[str] = []
        i = 0
        while i < len(self.cards) and len(got) < n:
            if pred(self.cards[i]):
                got.append(self.cards.pop(i))
            else:
                i += 1
        return got

    def any_card(self, n: int = 1) -> list[str]:
        return self.take(lambda c: c not in RED_THREES, n)


NATURAL_RANKS = "A456789TJQK"


def _natural(rank: str) -> Callable[[str], bool]:
    return lambda c: c not in WILDS and c not in RED_THREES and RANK[c] == rank


def _wild(c: str) -> bool:
    return c in WILDS


def adversarial_position(rng: random.Random, variant: str | C.RuleSet) -> dict[str, Any]:
    """A position in protocol JSON near the corners of the rules: a tiny stock (red 3s
    on top now and then), the player to move with one to three cards (sometimes more,
    with black 3s, wild cards and a pair matching the pile's top card), teams with and
    without initial meld and canastas. Every card of the deck is placed: what the
    chosen parts leave goes into the opened teams' melds, then the other hands and the
    bottom of the pile. A rule set given by value (house rules) travels in the JSON."""
    rules = variant if isinstance(variant, C.RuleSet) else C.get_rules(variant)
    players, teams = rules.players, rules.teams
    pool = _Pool(rng, list(make_deck(rules.decks, rules.jokers_per_deck)))
    to_move = rng.randrange(players)
    team = to_move % teams
    phase = "play" if rng.random() < 0.25 else "draw"
    opened = [rng.random() < 0.6 for _ in range(teams)]
    if rng.random() < 0.5:
        opened[team] = False
    canastas = [rng.choice((0, 0, 1, 2)) if opened[t] else 0 for t in range(teams)]

    # The stock: one to three cards, red 3s on top now and then.
    stock: list[str] = []
    if rng.random() < 0.4:
        stock += pool.take(lambda c: c in RED_THREES, rng.choice((1, 1, 2)))
    stock += pool.any_card(rng.randint(0 if stock else 1, 2))
    if phase == "draw" and not stock:
        stock = pool.any_card()

    # The hand of the player to move.
    small = rng.random() < 0.7
    size = rng.choice((1, 1, 2, 2, 3)) if small else rng.randint(4, 9)
    hand: list[str] = []
    pair_rank = rng.choice(NATURAL_RANKS)
    if rng.random() < 0.5:
        hand += pool.take(_natural(pair_rank), rng.choice((2, 2, 3)))
    if rng.random() < 0.35:
        hand += pool.take(lambda c: c in BLACK_THREES, rng.choice((1, 2, 3, 3, 4)))
    if rng.random() < 0.4:
        hand += pool.take(_wild, rng.choice((1, 1, 2, 3)))
    while len(hand) < size:
        if rng.random() < 0.5 and hand:
            base = rng.choice(hand)
            more = pool.take(_natural(RANK[base])) if base not in WILDS else []
            hand += more or pool.any_card()
        else:
            hand += pool.any_card()
    if len(hand) > size + 3:
        pool.cards.extend(hand[size:])
        hand = hand[:size]

    # The pile: its top card matches a pair in hand now and then (C12 when unopened).
    pile: list[str] = []
    if rng.random() < 0.8:
        below = rng.choice((0, 1, 2, 3, 5))
        for _ in range(below):
            r = rng.random()
            if r < 0.15:
                pile += pool.take(lambda c: c in RED_THREES or c in WILDS)
            elif r < 0.25:
                pile += pool.take(lambda c: c in BLACK_THREES)
            else:
                pile += pool.take(lambda c: c not in WILDS and RANK[c] != "3")
        top_rank = RANK[hand[0]] if hand and rng.random() < 0.6 else rng.choice(NATURAL_RANKS)
        if top_rank in "23*":
            top_rank = rng.choice(NATURAL_RANKS)
        pile += pool.take(_natural(top_rank)) or pool.take(
            lambda c: c not in WILDS and RANK[c] != "3")

    # The other hands: small, sometimes with a red 3 (laid down at the start of a turn).
    hands: list[list[str]] = [[] for _ in range(players)]
    hands[to_move] = hand
    for seat in range(players):
        if seat == to_move:
            continue
        got = pool.any_card(rng.choice((1, 1, 2, 3, 4)))
        if rng.random() < 0.1:
            got += pool.take(lambda c: c in RED_THREES)
        hands[seat] = got

    # The teams' melds: a team that has opened gets melds, with or without canastas;
    # they take in most of the cards left (the deck must be placed in full), so that
    # the other hands stay small. At least one team has opened to hold them.
    if not any(opened):
        opened[rng.choice([t for t in range(teams) if t != team] or [team])] = True
    melds: list[dict[str, list[str]]] = [{} for _ in range(teams)]
    caps = [11 if canastas[t] else 6 for t in range(teams)]
    order = list(NATURAL_RANKS)
    rng.shuffle(order)
    for t in range(teams):
        for rank in order[: canastas[t]] if opened[t] else ():
            naturals = pool.take(_natural(rank), rng.randint(5, 8))
            wilds = pool.take(_wild, min(3, len(naturals) - 1, max(0, 7 - len(naturals))))
            if len(naturals) + len(wilds) >= 7:
                melds[t][rank] = naturals + wilds
            else:
                pool.cards.extend(naturals + wilds)
        rng.shuffle(order)
    opened_teams = [t for t in range(teams) if opened[t]]
    if rules.wild_meld_min:  # F1, H12: a meld of wild cards, a canasta or short of one
        for t in opened_teams:
            if rng.random() < 0.5:
                got = pool.take(_wild, rng.choice((rules.wild_meld_min, rules.canasta_size - 1,
                                                   rules.canasta_size)))
                if len(got) >= rules.wild_meld_min:
                    melds[t]["W"] = got
                else:
                    pool.cards.extend(got)
    for rank in NATURAL_RANKS:
        rng.shuffle(opened_teams)
        for t in opened_teams:
            have = melds[t].get(rank, [])
            if have or rng.random() < 0.8:
                more = pool.take(_natural(rank), caps[t] - len(have))
                if have or len(more) >= 3:
                    melds[t][rank] = have + more
                else:
                    pool.cards.extend(more)
    for card in pool.take(_wild, 12):
        spots = [(t, r) for t in opened_teams for r, m in melds[t].items()
                 if len(m) < caps[t] and 2 * sum(map(WILDS.__contains__, m)) + 2 < len(m)
                 and sum(map(WILDS.__contains__, m)) < 3]
        if spots and rng.random() < 0.9:
            t, r = rng.choice(spots)
            melds[t][r].append(card)
        else:
            pool.cards.append(card)

    # Red 3s: onto the table of some team.
    red_threes: list[list[str]] = [[] for _ in range(teams)]
    for card in pool.take(lambda c: c in RED_THREES, 8):
        red_threes[rng.randrange(teams)].append(card)

    # The rest: into the other hands (a dozen cards at most) and the bottom of the pile.
    rest = pool.cards
    rng.shuffle(rest)
    others = [s for s in range(players) if s != to_move]
    for card in list(rest):
        seat = rng.choice(others)
        if len(hands[seat]) < 12 and (not pile or rng.random() < 0.7):
            hands[seat].append(card)
            rest.remove(card)
    pile = rest + pile

    data: dict[str, Any] = {
        "variant": rules.name,
        "to_move": to_move,
        "phase": phase,
        "hands": hands,
        "melds": [list(m.values()) for m in melds],
        "red_threes": red_threes,
        "pile": pile,
        "stock": stock,
        "scores": [rng.choice(SCORES) for _ in range(teams)],
        "melded_this_round": [bool(melds[s % teams]) and rng.random() < 0.7
                              for s in range(players)],
    }
    return data


# ----- walking ---------------------------------------------------------------------------
@dataclass
class Report:
    states: int = 0
    positions: int = 0
    refused_positions: int = 0
    deals: int = 0
    findings: dict[str, Finding] = field(default_factory=dict)
    counts: Counter[str] = field(default_factory=Counter)
    refusals: Counter[str] = field(default_factory=Counter)

    def add(self, finding: Finding) -> None:
        self.counts[finding.kind] += 1
        self.findings.setdefault(finding.kind, finding)

    def summary(self) -> str:
        return (f"explorer: {self.states} states visited ({self.positions} adversarial "
                f"positions, {self.refused_positions} refused by load_position, "
                f"{self.deals} random deals), {len(self.findings)} kinds of failure")


def _state_key(state: State) -> State:
    return state._replace(log=None, actions=None)


class Explorer:
    def __init__(self, rng: random.Random, report: Report, view_every: int = 1) -> None:
        self.rng = rng
        self.report = report
        self.view_every = view_every

    def visit(self, state: State, start: str, before: State | None = None,
              action: Action | None = None) -> None:
        report = self.report
        report.states += 1
        view = report.states % self.view_every == 0
        found = problems_at(state, view_every=view)
        if before is not None and action is not None:
            found += premature_end(before, action, state)
        for kind_, detail in found:
            actions = [C.action_to_json(a) for a in state.action_list()]
            report.add(Finding(kind_, detail, start, actions))

    def extra_meld(self, state: State) -> Action | None:
        """A meld `check` accepts that is probably not listed: a random sub-multiset of
        the hand of one rank, with wild cards."""
        hand = list(state.hands[state.to_move])
        if state.phase != "play" or not hand:
            return None
        for _ in range(4):
            rng = self.rng
            base = rng.choice(hand)
            if base in WILDS:
                ranks = [m.rank for m in state.team_melds() if m.rank != "3"]
                if not ranks:
                    continue
                wilds = [c for c in hand if c in WILDS]
                cards = rng.sample(wilds, rng.randint(1, len(wilds)))
                action: Action = Meld(sort_cards(cards), rng.choice(ranks))
            else:
                same = [c for c in hand if c not in WILDS and RANK[c] == RANK[base]]
                wilds = [c for c in hand if c in WILDS]
                cards = rng.sample(same, rng.randint(1, len(same)))
                if wilds:
                    cards += rng.sample(wilds, rng.randint(0, len(wilds)))
                action = Meld(sort_cards(cards))
            if C.check(state, action) is None:
                return action
        return None

    def choose(self, state: State, legal: list[Action]) -> Action:
        rng = self.rng
        roll = rng.random()
        if roll < 0.1:
            extra = self.extra_meld(state)
            if extra is not None:
                return extra
        if roll < 0.6:
            melds = [a for a in legal if isinstance(a, (Meld, TakePile, Ask))]
            if melds:
                return rng.choice(melds)
        return rng.choice(legal)

    def walk(self, state: State, start: str, steps: int, rounds: int = 1) -> State:
        """Random (meld-loving) play for `steps` actions or `rounds` round ends."""
        self.visit(state, start)
        for _ in range(steps):
            if state.game_over:
                break
            if state.round_over:
                rounds -= 1
                if rounds <= 0:
                    break
            legal = C.legal_actions(state)
            if not legal:
                break
            action = self.choose(state, legal)
            before, state = state, C.apply(state, action)
            self.visit(state, start, before, action)
        return state

    def branch(self, state: State, start: str, depth: int, budget: int) -> int:
        """Every legal action (and one unlisted accepted meld) for `depth` plies, at
        most `budget` states; each distinct state is visited once. Returns states seen."""
        seen: set[State] = set()
        stack: list[tuple[State, int, State | None, Action | None]] = [
            (state, depth, None, None)]
        count = 0
        while stack and count < budget:
            node, left, parent, via = stack.pop()
            key = _state_key(node)
            if key in seen:
                continue
            seen.add(key)
            self.visit(node, start, parent, via)
            count += 1
            if left == 0 or node.round_over:
                continue
            legal = C.legal_actions(node)
            children = list(legal)
            extra = self.extra_meld(node)
            if extra is not None:
                children.append(extra)
            for action in children:
                stack.append((C.apply(node, action), left - 1, node, action))
        return count


def _positions(rng: random.Random, variants: list[str | C.RuleSet]
               ) -> Iterator[tuple[State | None, str]]:
    """Adversarial positions as (state, its JSON); (None, why) when `load_position`
    refuses one (a play-phase hand of one card without a canasta has no legal action)."""
    while True:
        variant = rng.choice(variants)
        data = adversarial_position(rng, variant)
        if isinstance(variant, C.RuleSet):
            data["rules"] = variant.to_json()
        try:
            state = C.load_position(data, seed=rng.randrange(1 << 30))
        except C.PositionError as err:
            yield None, str(err)
            continue
        yield state, json.dumps(data)


def explore(states: int, seed: int = 1, variants: list[str | C.RuleSet] | None = None,
            depth: int = 4, branch_budget: int = 150, view_every: int = 1,
            deal_share: float = 0.2) -> Report:
    """Visit at least `states` states: adversarial positions (exhaustive branching for
    `depth` plies, then a random play-out to the round's end), and random deals (a
    share `deal_share` of the states) played with a meld-loving random policy."""
    rng = random.Random(seed)
    names: list[str | C.RuleSet] = list(sorted(C.VARIANTS) if variants is None else variants)
    known = {n if isinstance(n, str) else n.name for n in names}
    report = Report()
    explorer = Explorer(rng, report, view_every)
    positions = _positions(rng, names)
    for name, state in known_states():
        if state.rules.name in known:
            report.positions += 1
            explorer.branch(state, f"known position: {name}", depth + 3, 4 * branch_budget)
    deal_states = 0
    while report.states < states:
        if deal_states < deal_share * report.states:
            variant = rng.choice(names)
            game_seed = rng.randrange(1 << 30)
            before = report.states
            explorer.walk(C.new_game(variant, game_seed), f"new_game({variant!r}, {game_seed})",
                          steps=600, rounds=2)
            deal_states += report.states - before
            report.deals += 1
            continue
        state, start = next(positions)
        if state is None:
            report.refused_positions += 1
            report.refusals[start.split(":")[0]] += 1
            continue
        report.positions += 1
        explorer.branch(state, start, depth, branch_budget)
        explorer.walk(state, start, steps=80)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--states", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", action="append", default=None)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    report = explore(args.states, seed=args.seed, variants=args.variant)
    print(f"{report.summary()} in {time.perf_counter() - start:.0f} s")
    for kind_, finding in report.findings.items():
        print(f"\n[{report.counts[kind_]}x] {finding}")
    return 1 if report.findings else 0


if __name__ == "__main__":
    sys.exit(main())
