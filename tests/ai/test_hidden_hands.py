"""The strong level's sampled deals in 4-player Classic deal each hidden hand as one that
has been through its owner's discards (`worlds._kept`, `search.kept_discards`): real
hands hold more pairs than random ones, since their owners keep pairs and throw odd cards
(docs/AI.md, "The hidden hands")."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import canasta as C
from canasta.ai import choose_action, search, worlds
from canasta.ai.knowledge import natural_ranks, read_view
from canasta.ai.search import KEPT_DISCARDS, kept_discards
from canasta.rules.house_rules import rules_named
from canasta.rules.variants import VARIANTS
from tests.engine.invariants import deck

CLASSIC = rules_named("classic")


def _pairs(hand: tuple[str, ...]) -> int:
    return sum(1 for n in natural_ranks(list(hand)).values() if n >= 2)


def _views(count: int, after: int) -> list[tuple[C.State, dict[str, Any]]]:
    """(state, seat 0's view) at seat 0's turns once each other seat has thrown `after`
    cards, from rounds of the normal player."""
    found: list[tuple[C.State, dict[str, Any]]] = []
    for seed in range(1, 60):
        state = C.play.transitions.deal_round(CLASSIC, seed, 1, 3, (0, 0))
        step = 0
        while not state.round_over and len(found) < count:
            view = C.view_for(state, state.to_act)
            if state.to_act == 0 and state.phase == "play":
                know = read_view(view)
                if all(sum(know.discarded_ranks[s].values()) >= after for s in (1, 2, 3)):
                    found.append((state, view))
                    break
            state = C.apply(state, choose_action(view, "normal", seed * 1000 + step))
            step += 1
        if len(found) == count:
            break
    return found


def test_kept_discards_by_rule_set() -> None:
    kept = {name for name, rules in VARIANTS.items() if kept_discards(rules)}
    assert kept == {"classic", "classic-5p"}  # (five players take turns at a 4-seat round)
    assert kept_discards(CLASSIC) == KEPT_DISCARDS == 3


def test_the_least_useful_cards_go_back_to_the_pool() -> None:
    pool = ["7C", "8C"]
    hand = worlds._kept(["4H", "KS", "3C", "4D", "9H"], [], 2, pool, random.Random(1))
    assert "3C" not in hand and "4H" in hand and "4D" in hand and len(hand) == 3
    assert len(pool) == 4 and "3C" in pool and sorted(hand + pool) == sorted(
        ["4H", "KS", "3C", "4D", "9H", "7C", "8C"])
    # a card known to be in the hand (taken with the pile) counts toward its rank's pair
    hand = worlds._kept(["KS", "9H", "5D"], ["KD"], 1, [], random.Random(1))
    assert "KS" in hand and len(hand) == 2


def test_sampled_hands_hold_more_pairs_and_the_deck_stays_whole() -> None:
    views = _views(12, 3)
    assert len(views) == 12
    pairs = {0: 0, KEPT_DISCARDS: 0}
    for state, view in views:
        know = read_view(view)
        for kept in pairs:
            rng = random.Random(5)
            for _ in range(30):
                world = worlds.sample_world(view, rng, know, kept)
                assert world.cards_in_play() == deck(world)
                assert world.hands[0] == state.hands[0]
                assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
                for s in (1, 2, 3):
                    assert not Counter(know.known[s]) - Counter(world.hands[s])
                    pairs[kept] += _pairs(world.hands[s])
    assert pairs[KEPT_DISCARDS] > 1.2 * pairs[0]


def test_a_seat_that_has_thrown_nothing_is_dealt_at_random() -> None:
    state = C.play.transitions.deal_round(CLASSIC, 3, 1, 3, (0, 0))
    view = C.view_for(state, state.to_act)
    a = worlds.sample_world(view, random.Random(2), None, KEPT_DISCARDS)
    b = worlds.sample_world(view, random.Random(2))
    assert a == b


def test_the_search_samples_with_the_rule_sets_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    real = worlds.sample_world

    def spy(view: dict[str, Any], rng: random.Random, know: Any = None,
            kept: int = 0) -> C.State:
        seen.append(kept)
        return real(view, rng, know, kept)

    monkeypatch.setattr(search, "sample_world", spy)
    for variant, want in (("classic", KEPT_DISCARDS), ("cuban", 0)):
        seen.clear()
        state = C.new_game(variant, 11)
        for step in range(200):
            view = C.view_for(state, state.to_act)
            state = C.apply(state, search.choose_by_search(view, step, playouts=20)
                            if state.to_act == 0 else choose_action(view, "normal", step))
            if seen or state.round_over:
                break
        assert seen and set(seen) == {want}
