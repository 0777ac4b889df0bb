"""C26, C12, C21 and going out (C30-C33) against brute force (issue 10).

The engine decides with a look-ahead (`canasta.outlook.solver`) whether a first meld still
leaves the initial meld within reach (C26), whether the pile may be taken for it (C12),
and whether a hand can go out (`canasta.outlook.needs.can_go_out`, C33). This module decides
the same questions by exhaustive search over the player's possible melds, using only
`check` and `apply` for the rules of a single step and never the solver:

- every meld of one rank's cards from hand is tried (every count of its naturals with
  every count of jokers and of 2s; wild cards alone onto every team meld; black 3s),
  cards of one kind being interchangeable (suits never matter), with the search
  memoised on the hand's kinds, the team's melds, the points melded this turn, the
  held-back pile cards and the answer to "May I go out?";
- a step `check` refuses for another reason than the look-ahead is not a move; a step
  refused by the look-ahead (C26 for a meld, C12 for the pile, C33 after a "yes") is
  still played, as `apply` plays it for a hand with spare cards that can reach any
  minimum, the spare cards then taken back out: the search decides whether the rules
  allow it (C26: the minimum must stay within reach; C33: after "yes", going out must);
- a black-3 meld is allowed only if the player then goes out or is one discard from it
  (C21), whatever `check` says; black 3s melded when going out count toward the initial
  meld (C25 leaves out only red 3s and bonuses: the team's decision of issue 10).

Every verdict of `check` on a step is compared with the search's, at every state the
search reaches, and so is `can_go_out` where it answers the question of C33 (no pile
held back, no answer yet). The hands are generated to be hard: wild-heavy, pairs at the
wild limit, black 3s, piles taken with cards held back, totals near the minimum.
`python -m tests.engine.brute --hands 2000` is the soak; the pytest file runs a sample.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import product
from typing import Any

import canasta as C
from canasta.game.actions import Action, Answer, Ask, Discard, Meld, TakePile
from canasta.game.cards import (
    BLACK_THREES,
    JOKER,
    RANK,
    RED_THREES,
    VALUE,
    WILDS,
    make_deck,
    remove_cards,
)
from canasta.game.state import State
from canasta.outlook.needs import can_go_out
from tests.engine.explorer import kind, signature, turn_label
from tests.engine.known_positions import known_states

ASK = Ask()
YES = Answer(True)
NO = Answer(False)
BRACKETS = (-100, 0, 1500, 3000)
SPARE_RANKS = "AKQJT987654"
LOOK_AHEAD = {"C26", "C12"}


def _with_hand(state: State, seat: int, hand: tuple[str, ...]) -> State:
    hands = list(state.hands)
    hands[seat] = hand
    return state._replace(hands=tuple(hands))


def _is_black(action: Action) -> bool:
    return isinstance(action, Meld) and all(c in BLACK_THREES for c in action.cards)


@dataclass
class Mismatch:
    """A step on which `check` and the search disagree, or a wrong `can_go_out`."""

    kind: str
    detail: str
    start: str
    actions: list[dict[str, Any]]

    def __str__(self) -> str:
        return (f"{self.kind}: {self.detail}\n  start: {self.start}\n"
                f"  actions: {json.dumps(self.actions)}")


@dataclass
class Tally:
    hands: int = 0
    states: int = 0
    verdicts: int = 0
    go_out_checks: int = 0
    mismatches: dict[str, Mismatch] = field(default_factory=dict)
    counts: Counter[str] = field(default_factory=Counter)

    def add(self, found: Mismatch) -> None:
        self.counts[found.kind] += 1
        self.mismatches.setdefault(found.kind, found)

    def merge(self, other: Tally) -> None:
        self.hands += other.hands
        self.states += other.states
        self.verdicts += other.verdicts
        self.go_out_checks += other.go_out_checks
        for k, found in other.mismatches.items():
            self.mismatches.setdefault(k, found)
        self.counts.update(other.counts)

    def summary(self) -> str:
        return (f"brute force: {self.hands} hands, {self.states} states searched, "
                f"{self.verdicts} step verdicts and {self.go_out_checks} can_go_out answers "
                f"compared, {len(self.mismatches)} kinds of mismatch")


Key = tuple[Any, ...]


class Search:
    """The exhaustive search from one starting state (its memo is per start)."""

    def __init__(self, start: str, tally: Tally) -> None:
        self.start = start
        self.tally = tally
        self.open_memo: dict[Key, bool] = {}
        self.out_memo: dict[Key, bool] = {}
        self.children: dict[tuple[Key, Any], tuple[bool, str | None, State | None]] = {}
        self.compared: set[Key] = set()

    # ----- the moves --------------------------------------------------------------------
    @staticmethod
    def key(state: State) -> Key:
        seat, team = state.to_move, state.team
        return (
            state.phase,
            state.round_over,
            state.went_out == seat,
            tuple(sorted(map(kind, state.hands[seat]))),
            tuple(sorted((m.rank, m.naturals, m.wilds) for m in state.melds[team])),
            state.turn_points,
            state.opened[team],
            tuple(sorted(map(kind, state.pending))),
            state.permission,
            tuple(map(kind, state.pile[-1:])),
            len(state.pile),
        )

    @staticmethod
    def melds(state: State) -> list[Meld]:
        """Every meld of one rank's cards from hand, up to suits (wild cards alone go
        onto each team meld; black 3s with wild cards are tried too, to be refused)."""
        hand = state.hands[state.to_move]
        jokers = [c for c in hand if c == JOKER]
        twos = [c for c in hand if c in WILDS and c != JOKER]
        groups: dict[str, list[str]] = {}
        for c in hand:
            if c not in WILDS and c not in RED_THREES:
                groups.setdefault(RANK[c], []).append(c)
        out: list[Meld] = []
        wild_sets = [tuple(jokers[:j]) + tuple(twos[:t])
                     for j, t in product(range(len(jokers) + 1), range(len(twos) + 1))]
        for naturals in groups.values():
            for k in range(1, len(naturals) + 1):
                out.extend(Meld(tuple(naturals[:k]) + w) for w in wild_sets)
        ranks = sorted({m.rank for m in state.team_melds()} - {"3"})
        for w in wild_sets[1:]:
            out.extend(Meld(w, r) for r in ranks)
        return out

    @staticmethod
    def takes(state: State) -> list[TakePile]:
        """Every way to take the pile: the top card with any naturals of its rank and
        any wild cards from hand (none: onto the team's meld)."""
        if not state.pile:
            return []
        rank = RANK[state.pile[-1]]
        hand = state.hands[state.to_move]
        naturals = [c for c in hand if c not in WILDS and RANK[c] == rank]
        jokers = [c for c in hand if c == JOKER]
        twos = [c for c in hand if c in WILDS and c != JOKER]
        return [TakePile(tuple(naturals[:k]) + tuple(jokers[:j]) + tuple(twos[:t]))
                for k, j, t in product(range(len(naturals) + 1), range(len(jokers) + 1),
                                       range(len(twos) + 1))]

    def spare(self, state: State, action: Action) -> tuple[str, ...]:
        """Cards that let any minimum be reached: ten naturals of a rank found nowhere
        else in play this turn, and three jokers."""
        used = {kind(c) for c in state.hands[state.to_move]}
        used |= {m.rank for m in state.team_melds()}
        used |= {kind(c) for c in state.pending} | {kind(c) for c in state.pile[-1:]}
        rank = next(r for r in SPARE_RANKS if r not in used)
        return (rank + "S",) * 10 + (JOKER,) * 3

    def relaxed(self, state: State, action: Action) -> State | None:
        """The state after `action` as `apply` makes it once the look-ahead (C26, C12)
        and the duty to go out after a "yes" (C33) are out of the way: the action is
        applied to the same state with spare cards in hand and no answer yet, and the
        spare cards and the answer are put back as they were."""
        seat = state.to_move
        spare = self.spare(state, action)
        hand = state.hands[seat]
        easy = _with_hand(state, seat, hand + spare)._replace(permission=None)
        if C.check(easy, action) is not None:
            return None
        after = C.apply(easy, action)
        rest = remove_cards(after.hands[seat], spare)
        if rest is None or after.round_over:
            raise AssertionError(f"the spare cards went into play with {action}")
        return _with_hand(after, seat, rest)._replace(permission=state.permission)

    def step(self, state: State, action: Action) -> tuple[bool, str | None, State | None]:
        """(`check` accepts, the rule it cites when it refuses, the state after the
        action if no rule but a look-ahead refuses it)."""
        memo_key = (self.key(state), signature(action))
        found = self.children.get(memo_key)
        if found is not None:
            return found
        rejection = C.check(state, action)
        if rejection is None:
            result: tuple[bool, str | None, State | None] = (True, None, C.apply(state, action))
        else:
            rule = rejection.rule
            child = None
            look_ahead = rule in LOOK_AHEAD and not _is_black(action)
            if look_ahead or (rule == "C33" and state.permission is True):
                child = self.relaxed(state, action)
            result = (False, rule, child)
        self.children[memo_key] = result
        return result

    # ----- what the rules allow -----------------------------------------------------------
    def finishes(self, state: State, seat: int) -> bool:
        """The player is out, or holds one card whose discard goes out."""
        if state.round_over:
            return state.went_out == seat
        hand = state.hands[seat]
        return len(hand) == 1 and C.check(state, Discard(hand[0])) is None

    def allowed(self, state: State, action: Action, child: State) -> bool:
        """Do the rules allow `action` from `state`, given that no rule but a look-ahead
        objects to it and that it leads to `child`?"""
        seat, team = state.to_move, state.team
        if _is_black(action):  # C21 (and C25: the meld that goes out may open)
            return self.finishes(child, seat) and child.opened[team]
        if child.round_over:
            return child.went_out == seat and child.opened[team]
        hand = child.hands[seat]
        if state.permission is False and len(hand) < 2:
            return False  # C33: after a "no", keep two cards
        if not child.opened[team] and not self.reach_open(child):
            return False  # C26, C12: the minimum must stay within reach
        return state.permission is not True or self.go_out(child)  # C33: after a "yes"

    def moves(self, state: State) -> list[Action]:
        if state.round_over:
            return []
        if state.phase == "draw":
            return list(self.takes(state))
        if state.phase == "play":
            return list(self.melds(state))
        return []

    def reach_open(self, state: State) -> bool:
        """Can the team of the player to move still complete its initial meld this turn?"""
        team = state.team
        if state.opened[team]:
            return True
        if state.round_over or state.phase != "play":
            return False
        key = self.key(state)
        if key in self.open_memo:
            return self.open_memo[key]
        self.open_memo[key] = False  # melds only shrink the hand: no cycle, but be safe
        result = False
        for action in self.melds(state):
            _, _, child = self.step(state, action)
            if child is not None and self.allowed(state, action, child):
                result = True
                break
        self.open_memo[key] = result
        return result

    def go_out(self, state: State) -> bool:
        """Can the player to move end the turn with no cards from here?"""
        seat = state.to_move
        if state.round_over:
            return state.went_out == seat
        if state.phase != "play":
            return False
        key = self.key(state)
        if key in self.out_memo:
            return self.out_memo[key]
        self.out_memo[key] = False
        result = self.finishes(state, seat)
        if not result:
            for action in self.melds(state):
                _, _, child = self.step(state, action)
                if (child is not None and self.allowed(state, action, child)
                        and self.go_out(child)):
                    result = True
                    break
        self.out_memo[key] = result
        return result

    # ----- the comparison ------------------------------------------------------------------
    def compare(self, state: State) -> None:
        """Compare `check` with the search on every move from `state`, and from every
        state those moves reach; and `can_go_out` where it answers C33's question."""
        key = self.key(state)
        if key in self.compared or state.round_over:
            return
        self.compared.add(key)
        tally = self.tally
        tally.states += 1
        if state.phase == "play" and state.permission is None and not state.pending:
            engine = can_go_out(state)
            truth = self.go_out(state)
            tally.go_out_checks += 1
            if engine != truth:
                self.report(state, None, f"can_go_out says {engine}, the search {truth}",
                            "can_go_out")
        for action in self.moves(state):
            accepted, rule, child = self.step(state, action)
            truth = child is not None and self.allowed(state, action, child)
            tally.verdicts += 1
            if accepted != truth:
                what = "C21 black 3s" if _is_black(action) else (
                    "C12 take" if isinstance(action, TakePile) else "meld")
                verdict = "accepts" if accepted else f"refuses ({rule})"
                self.report(state, action,
                            f"check {verdict}, the rules {'allow' if truth else 'forbid'}",
                            f"{what}: check {verdict.split(' ')[0]}, the rules "
                            f"{'allow' if truth else 'forbid'} it")
            if child is not None and truth:
                self.compare(child)

    def report(self, state: State, action: Action | None, detail: str, what: str) -> None:
        seat, team = state.to_move, state.team
        where = (f"{state.phase}, hand {list(state.hands[seat])}, team melds "
                 f"{[list(m.cards) for m in state.melds[team]]}, turn points "
                 f"{state.turn_points} of {state.minimum(team)}, pending "
                 f"{list(state.pending)}, answer {state.permission}")
        step = "" if action is None else f" on {C.action_to_json(action)}"
        label = f"{what} ({state.rules.name}, minimum {state.minimum(team)}; {turn_label(state)})"
        actions = [C.action_to_json(a) for a in state.action_list()]
        self.tally.add(Mismatch(label, f"{detail}{step} at {where}", self.start, actions))


def search(state: State, start: str, tally: Tally) -> None:
    """Compare every verdict from `state`, and after "May I go out?" answered "yes" and
    answered "no" if the player may ask."""
    tally.hands += 1
    Search(start, tally).compare(state)
    if state.phase == "play" and C.check(state, ASK) is None:
        asked = C.apply(state, ASK)
        for answer in (YES, NO):
            Search(start, tally).compare(C.apply(asked, answer))


# ----- hard hands ----------------------------------------------------------------------------
NATURALS = "A456789TJQK"


def hard_position(rng: random.Random, score: int) -> dict[str, Any]:
    """A position for a team without its initial meld: a hand of 5 to 9 cards near the
    minimum for `score` (wild-heavy, pairs at the wild limit, black 3s), just after the
    draw, or before it with a pile whose top card matches a pair in hand."""
    variant = rng.choice(("classic", "classic", "classic", "classic-2p", "classic-3p"))
    rules = C.get_rules(variant)
    pool = list(make_deck(rules.decks, rules.jokers_per_deck))
    rng.shuffle(pool)

    def take(pred: Any, n: int = 1) -> list[str]:
        got = [c for c in pool if pred(c)][:n]
        for c in got:
            pool.remove(c)
        return got

    minimum = rules.minimum_for(score)
    size = rng.randint(5, 9)
    for attempt in range(50):
        hand: list[str] = []
        ranks = rng.sample(NATURALS, 3)
        for rank in ranks[: rng.choice((1, 2, 2, 3))]:
            hand += take(lambda c, r=rank: c not in WILDS and RANK[c] == r,
                         rng.choice((2, 2, 3, 4)))
        hand += take(lambda c: c == JOKER, rng.choice((0, 0, 1, 1, 2, 3)))
        hand += take(lambda c: c in WILDS and c != JOKER, rng.choice((0, 1, 1, 2, 3)))
        if rng.random() < 0.35:
            hand += take(lambda c: c in BLACK_THREES, rng.choice((1, 2, 3, 3, 4)))
        while len(hand) < size:
            hand += take(lambda c: c not in RED_THREES and c not in WILDS)
        pool.extend(hand[size:])
        hand = hand[:size]
        total = sum(VALUE[c] for c in hand)
        if minimum - 20 <= total <= minimum + 70 or rng.random() < 0.1 or attempt == 49:
            break
        pool.extend(hand)  # too far from the minimum to be hard: try again
    phase = "play"
    pile = take(lambda c: c not in RED_THREES and c not in WILDS and RANK[c] != "3")
    if rng.random() < 0.3:
        pairs = [r for r, n in Counter(RANK[c] for c in hand if c not in WILDS).items()
                 if n >= 2 and r != "3"]
        top = take(lambda c: c not in WILDS and RANK[c] in pairs) if pairs else []
        if top:
            phase = "draw"
            below: list[str] = []
            for _ in range(rng.choice((1, 2, 3))):
                odd = rng.random() < 0.3  # a wild card, a red 3 or a black 3 now and then
                below += take(lambda c, odd=odd: (c in WILDS or RANK[c] == "3") == odd)
            pile = below + top
    others = [take(lambda c: c not in RED_THREES, 2) for _ in range(rules.players - 1)]
    to_move = rng.randrange(rules.players)
    hands = [*others[:to_move], hand, *others[to_move:]]
    melds: list[list[list[str]]] = [[] for _ in range(rules.teams)]
    other_team = (to_move + 1) % rules.teams
    melds[other_team] = [take(lambda c: c not in WILDS and RANK[c] == "K", 3)]
    scores = [score if t == to_move % rules.teams else 0 for t in range(rules.teams)]
    return {"variant": variant, "to_move": to_move, "phase": phase, "hands": hands,
            "melds": melds, "pile": pile, "scores": scores}


def hard_states(rng: random.Random, score: int) -> Iterator[tuple[State, str]]:
    while True:
        data = hard_position(rng, score)
        try:
            state = C.load_position(data, seed=rng.randrange(1 << 30))
        except C.PositionError:
            continue
        if len(state.melds[state.team]) == 0 and not state.round_over:
            yield state, json.dumps(data)


def run(score: int, hands: int, seed: int = 1) -> Tally:
    """Search `hands` hard hands for a team whose total is `score`."""
    rng = random.Random(f"{seed}:{score}")
    tally = Tally()
    states = hard_states(rng, score)
    for _ in range(hands):
        state, start = next(states)
        search(state, start, tally)
    return tally


def run_known() -> Tally:
    """Search the positions of issue 10 (tests/engine/known_positions.py)."""
    tally = Tally()
    for name, state in known_states():
        search(state, f"known position: {name}", tally)
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="C26/C12/C21/C33 against brute force")
    parser.add_argument("--hands", type=int, default=2000, help="hands per score bracket")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    total = run_known()
    print(f"known positions: {total.summary()}")
    for score in BRACKETS:
        start = time.perf_counter()
        tally = run(score, args.hands, args.seed)
        print(f"score {score}: {tally.summary()} ({time.perf_counter() - start:.0f} s)")
        total.merge(tally)
    print(total.summary())
    for k, found in total.mismatches.items():
        print(f"\n[{total.counts[k]}x] {found}")
    return 1 if total.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
