"""Invariants checked after every action in the conformance and soak runs."""

from __future__ import annotations

import json
import random
from collections import Counter

import canasta as C
from canasta.cards import make_deck
from canasta.state import State


def deck(state: State) -> Counter[str]:
    return Counter(make_deck(state.rules.decks, state.rules.jokers_per_deck))


def check_view_leaks_nothing(state: State) -> None:
    """No card of another hand or of the stock appears in a seat's view, beyond what
    the table shows or the public log revealed."""
    for seat in range(state.rules.players):
        view = C.view_for(state, seat)
        assert view["hand"] == list(state.hands[seat])
        assert view["hand_sizes"] == [len(h) for h in state.hands]
        assert view["stock_size"] == len(state.stock)
        text = json.dumps({k: v for k, v in view.items() if k not in ("hand", "log", "hands")})
        public = Counter(view["hand"])
        for team in state.melds:
            for m in team:
                public.update(m.cards)
        for r in state.red_threes:
            public.update(r)
        public.update(state.pile)
        public.update(state.pending)
        shown: Counter[str] = Counter()
        for key in ("melds", "red_threes", "pile", "pending", "legal"):
            blob = json.dumps(view[key])
            for card in set(deck(state)):
                shown[card] += blob.count(f'"{card}"')
        # Every card named outside the log is one the seat may see.
        for card, n in shown.items():
            assert n == 0 or card in public, f"seat {seat} sees {card}: {text[:200]}"
        if state.round_over:
            assert view["hands"] == [list(h) for h in state.hands]
        else:
            assert "hands" not in view


def check_state(state: State, rng: random.Random, full: bool) -> None:
    assert state.cards_in_play() == deck(state), "cards not conserved"
    if state.round_over:
        rows = C.round_score(state)
        for row in rows:
            parts = ("melded_cards", "canasta_bonus", "red_threes", "going_out", "hand_penalty")
            assert row["total"] == sum(row[p] for p in parts)
            assert row["hand_penalty"] <= 0
        assert list(state.history[-1]) == [r["total"] for r in rows]
    legal = C.legal_actions(state)
    if not state.game_over:
        assert legal, f"no legal action in phase {state.phase}"
    for action in legal:
        assert C.check(state, action) is None, f"listed but refused: {action}"
        assert C.parse_action(C.action_to_json(action)) == action
    if full:
        check_view_leaks_nothing(state)
    if state.round_over:
        loaded = C.from_json(json.loads(json.dumps(C.to_json(state))))
        assert loaded == state._replace(log=loaded.log, actions=loaded.actions)
        assert loaded.log_list() == state.log_list()


def play_random(variant: str, seed: int, rounds: int, full_every: int) -> int:
    """Play `rounds` rounds (in as many games as needed) with uniform random legal
    actions, checking the invariants; returns the number of actions played."""
    rng = random.Random(seed)
    state = C.new_game(variant, seed)
    actions = 0
    played = 0
    games = 1
    while played < rounds:
        if state.game_over:
            state = C.new_game(variant, seed * 1000 + games)
            games += 1
        legal = C.legal_actions(state)
        action = rng.choice(legal)
        # Every field by value (the log and action chains by identity: they are shared).
        before = tuple(state), state.log_list()
        after = C.apply(state, action)
        assert tuple(state) == before[0], "apply changed its input"
        if actions % full_every == 0:
            assert state.log_list() == before[1], "apply changed its input's log"
        actions += 1
        check_state(after, rng, full=actions % full_every == 0 or after.round_over)
        state = after
        if state.round_over:
            played += 1
            if not state.game_over:
                state = C.apply(state, C.legal_actions(state)[0])
    return actions
