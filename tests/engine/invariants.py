"""Invariants checked after every action in the conformance and soak runs."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import NamedTuple

import canasta as C
from canasta.game.cards import make_deck
from canasta.game.state import State
from canasta.play.candidates import filtered_candidates

ASK = C.parse_action({"type": "ask"})


def deck(state: State) -> Counter[str]:
    return Counter(make_deck(state.rules.decks, state.rules.jokers_per_deck))


CARD_NAME = re.compile(r'"(JK|[A2-9TJQK][SHDC])"')


def card_names(obj: object) -> Counter[str]:
    """Every string of the JSON value `obj` that names a card, with its count."""
    return Counter(CARD_NAME.findall(json.dumps(obj)))


def public_cards(state: State) -> Counter[str]:
    """The cards every seat sees on the table: melds, red 3s, the pile, held-back pile."""
    return state.table_cards()


def check_view_leaks_nothing(state: State, seen_public: set[str] | None = None) -> None:
    """No card of another hand or of the stock appears in a seat's view: every card the
    view names outside the seat's own hand is on the table, and the public log names only
    cards that were on the table at some point of the round (`seen_public`)."""
    public = public_cards(state)
    log = state.log_list()
    if seen_public is not None:
        for card in card_names(log):
            assert card in seen_public, f"the log shows {card}, never on the table"
    for seat in range(state.rules.players):
        view = C.view_for(state, seat)
        assert view["hand"] == list(state.hands[seat])
        assert view["hand_sizes"] == [len(h) for h in state.hands]
        assert view["stock_size"] == len(state.stock)
        assert "stock" not in view
        assert view["log"] == log
        acting = seat == state.to_act
        assert view["may_ask"] == (acting and state.phase == "play"
                                   and C.check(state, ASK) is None), "may_ask disagrees"
        if acting:
            assert view["legal"] == [C.action_to_json(a) for a in C.legal_actions(state)]
        # Legal actions name only the seat's own cards and the pile's top card.
        own = set(state.hands[seat]) | set(state.pile[-1:])
        assert set(card_names(view["legal"])) <= own, "a legal action names a hidden card"
        # Z3: the pile's face-down cards are nobody's to see, but for the player who took
        # them, while they are held back for the initial meld (C12)
        k = state.face_down
        own_pending = Counter(state.pending[:k] if seat == state.to_move and not state.pile
                              else ())
        # R13: a seat's own kitty, once open to it; every kitty at the round's end
        own_packet = Counter(state.packets[seat] if state.packets and (
            state.packets_open[seat]) else ())
        assert view.get("packet", []) == (list(state.packets[seat]) if own_packet else [])
        visible = public + Counter(state.hands[seat]) + own_pending + own_packet
        rest = {k: v for k, v in view.items()
                if k not in ("hand", "hands", "log", "packets")}
        for card in card_names(rest):
            assert card in visible, f"seat {seat} sees {card}, which is hidden from it"
        # The table parts list exactly the table's cards, no more copies.
        table = card_names([view["melds"], view["red_threes"], view["pending"],
                            view.get("black_threes_aside", [])])
        assert table + Counter(state.pile[k:] if state.pile else ()) == public + own_pending
        if state.round_over:
            assert view["hands"] == [list(h) for h in state.hands]
        else:
            assert "hands" not in view and "packets" not in view


def check_save_round_trips(state: State) -> None:
    loaded = C.from_json(json.loads(json.dumps(C.to_json(state))))
    assert loaded == state._replace(log=loaded.log, actions=loaded.actions, origin=loaded.origin)
    assert loaded.log_list() == state.log_list()
    assert loaded.action_list() == state.action_list()


def check_state(
    state: State, full: bool, seen_public: set[str] | None = None, save: bool = False
) -> list[C.Action]:
    """Check every invariant of `state`; its legal actions, checked (the random
    players choose among them, so each list is worked out once)."""
    assert state.cards_in_play() == deck(state), "cards not conserved"
    if state.round_over:
        rows = C.round_score(state)
        for row in rows:
            parts = ("melded_cards", "canasta_bonus", "red_threes", "going_out", "hand_penalty")
            assert row["total"] == sum(row[p] for p in parts) + sum(row["extras"].values())
            assert row["hand_penalty"] <= 0
        assert list(state.history[-1]) == [r["total"] for r in rows]
    legal = C.legal_actions(state)
    if not state.game_over:
        assert legal, f"no legal action in phase {state.phase}"
    # The fast paths list exactly the canonical candidates that `check` accepts.
    assert legal == filtered_candidates(state), "fast path differs from the reference list"
    for action in legal:
        assert C.check(state, action) is None, f"listed but refused: {action}"
        assert C.parse_action(C.action_to_json(action)) == action
    if full:
        check_view_leaks_nothing(state, seen_public)
    if save or state.round_over:
        check_save_round_trips(state)
    return legal


class Played(NamedTuple):
    rounds: int
    actions: int


def play_random(
    variant: str | C.RuleSet, seed: int, rounds: int, full_every: int, save_every: int = 250
) -> Played:
    """Play `rounds` rounds (in as many games as needed) with uniform random legal
    actions, checking the invariants after every action: the views every `full_every`
    actions and at each deal and round end; the save round trip every `save_every`
    actions and at each round's end, and at each round's end also every state of the
    round against a replay of the round's actions read back from their JSON (so
    every state is the one its save reproduces)."""
    rng = random.Random(seed)
    state = C.new_game(variant, seed)
    seen_public = set(public_cards(state))
    legal = check_state(state, full=True, seen_public=seen_public)
    actions = 0
    played = 0
    games = 1
    round_states: list[State] = [state]
    round_actions: list[C.Action] = []
    while played < rounds:
        if state.game_over:
            state = C.new_game(variant, seed * 1000 + games)
            seen_public = set(public_cards(state))
            games += 1
            round_states, round_actions = [state], []
            legal = check_state(state, full=True, seen_public=seen_public)
        action = rng.choice(legal)
        # Every field but the log holds immutable values (the action chain holds
        # immutable actions only, so it is left out of the hash), so `apply` cannot change
        # them in place; the log's entries are compared by value.
        hash(state._replace(log=(), actions=()))
        log_before = state.log_list() if actions % full_every == 0 else None
        after = C.apply(state, action)
        if log_before is not None:
            assert state.log_list() == log_before, "apply changed its input's log"
        actions += 1
        seen_public.update(public_cards(after))
        legal = check_state(after, full=actions % full_every == 0 or after.round_over,
                            seen_public=seen_public, save=actions % save_every == 0)
        state = after
        round_states.append(state)
        round_actions.append(action)
        if state.round_over:
            played += 1
            check_replay(round_states, round_actions)
            if not state.game_over:
                state = C.apply(state, legal[0])
                seen_public = set(public_cards(state))
                legal = check_state(state, full=True, seen_public=seen_public)
            round_states, round_actions = [state], []
    return Played(played, actions)


def check_replay(states: list[State], actions: list[C.Action]) -> None:
    """Replaying the round's actions, read back from their JSON, from its first state
    gives every state of the round (the log compared at the end)."""
    state = states[0]
    for expected, action in zip(states[1:], actions, strict=True):
        state = C.apply(state, C.parse_action(json.loads(json.dumps(C.action_to_json(action)))))
        assert state._replace(log=(), actions=()) == expected._replace(log=(), actions=()), (
            "the replayed state differs")
    assert state.log_list() == states[-1].log_list()
