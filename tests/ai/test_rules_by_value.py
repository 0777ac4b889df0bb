"""The AI plays by the rules in the view (`view["rules"]`, by value), whatever the
rule set's name: a rule set built under a new name does not crash any level, and
one that keeps the name "classic" with an option changed is played by the changed
option, never silently by Classic's."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from typing import Any

import pytest

import canasta as C
from canasta.ai import LEVELS, choose_action
from canasta.ai.knowledge import read_view
from canasta.ai.worlds import sample_world
from canasta.game.cards import BLACK_THREES, RANK, RED_THREES, WILDS, make_deck
from canasta.io.view import rules_of
from canasta.mechanics.pile import freezer
from canasta.play.transitions import deal_round
from canasta.rules.ruleset import CLASSIC, RuleSet
from canasta.rules.variants import VARIANTS
from canasta_tools.arena import play_round
from tests.engine.helpers import position

# A black 3 below the top freezes the pile (off in Classic, C22): taking it then
# needs two naturals of the top's rank, never a wild card.
HOUSE = dataclasses.replace(CLASSIC, name="house", title="House rules",
                            black_three_freezes=True)
CLASSIC_NAMED = dataclasses.replace(CLASSIC, black_three_freezes=True)  # still "classic"
BOTH = pytest.mark.parametrize("rules", [HOUSE, CLASSIC_NAMED], ids=["house", "classic-named"])


# ----- the view carries the rules ----------------------------------------------
@pytest.mark.parametrize("rules", [*VARIANTS.values(), HOUSE, CLASSIC_NAMED],
                         ids=lambda r: r.name + ("+b3" if r.black_three_freezes else ""))
def test_the_view_carries_the_rules_by_value_and_they_round_trip(rules: RuleSet) -> None:
    state = deal_round(rules, 7, 1, rules.players - 1, (0,) * rules.teams)
    view = C.view_for(state, 0)
    assert view["rules"] == rules.to_json()
    assert view["variant"] == rules.name
    assert rules_of(view) == rules
    assert RuleSet.from_json(json.loads(json.dumps(view))["rules"]) == rules


def test_the_views_rules_are_a_fresh_copy_the_caller_may_change() -> None:
    state = deal_round(HOUSE, 7, 1, 3, (0, 0))
    before = HOUSE.to_json()
    view = C.view_for(state, 0)
    view["rules"]["black_three_freezes"] = False
    view["rules"]["initial_meld"][0][1] = 999
    view["rules"]["initial_meld"].append([9000, 1])
    again = C.view_for(state, 0)
    assert again["rules"] == before == HOUSE.to_json()
    assert state.rules.black_three_freezes and state.rules.initial_meld[0][1] == 15


def test_from_json_gives_the_same_rules_for_an_equal_form_and_still_checks_it() -> None:
    form = json.loads(json.dumps(HOUSE.to_json()))
    assert RuleSet.from_json(form) is RuleSet.from_json(dict(form)) == HOUSE
    changed = dict(form, black_three_freezes=False)
    assert RuleSet.from_json(changed) == dataclasses.replace(HOUSE, black_three_freezes=False)
    form["black_three_freezes"] = False  # a form changed after it was read is read anew
    assert RuleSet.from_json(form).black_three_freezes is False
    with pytest.raises(ValueError, match="unknown rule options"):
        RuleSet.from_json(dict(form, house_special=True))


def test_a_view_without_rules_falls_back_to_the_variants_name() -> None:
    state = deal_round(C.get_rules("classic-2p"), 7, 1, 1, (0, 0))
    view = C.view_for(state, 0)
    del view["rules"]
    assert rules_of(view) == C.get_rules("classic-2p")
    assert C.check(state, choose_action(view, "normal", 1)) is None


# ----- whole rounds ------------------------------------------------------------
def _only_a_black_three_freezes(pile: tuple[str, ...]) -> bool:
    """A black 3 lies below the top, and nothing that freezes the pile in Classic."""
    return any(c in BLACK_THREES for c in pile[:-1]) and freezer(CLASSIC, pile) is None


def _black_three_frozen_take(pile: tuple[str, ...], action: C.Action) -> bool:
    """A pickup of a pile only a black 3 freezes that Classic allows and the house
    rule forbids: with a wild card, or the top card alone onto a meld (C14, C22)."""
    data = C.action_to_json(action)
    if data["type"] != "take_pile" or not _only_a_black_three_freezes(pile):
        return False
    naturals = [c for c in data["cards"] if c not in WILDS]
    return len(naturals) < 2 or len(naturals) < len(data["cards"])


def _play(rules: RuleSet, seed: int, levels: tuple[str, ...]) -> int:
    """Drive one round with these levels (levels[t] for team t), checking every
    action under `rules`; returns how many draws were tempted by a pile only a
    black 3 froze (a pickup Classic allows was there)."""
    state = deal_round(rules, seed, 1, rules.players - 1, (0,) * rules.teams)
    classic_like = dataclasses.replace(rules, black_three_freezes=False)
    tempted = steps = 0
    while not state.round_over:
        seat = state.to_act
        if state.phase == "draw" and _only_a_black_three_freezes(state.pile):
            loose = state._replace(rules=classic_like)
            tempted += any(_black_three_frozen_take(state.pile, a)
                           for a in C.legal_actions(loose))
        action = choose_action(C.view_for(state, seat), levels[seat % rules.teams],
                               seed * 1009 + steps)
        assert C.check(state, action) is None, (C.action_to_json(action), state.pile)
        assert not _black_three_frozen_take(state.pile, action)
        state = C.apply(state, action)
        steps += 1
    return tempted


@BOTH
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_easy_and_normal_play_whole_rounds_by_the_rules_in_the_view(
    rules: RuleSet, level: str
) -> None:
    tempted = sum(_play(rules, seed, (level, "easy" if level == "normal" else "normal"))
                  for seed in range(12))
    assert tempted > 0  # the house rule came into play: a take Classic allows was refused


@BOTH
def test_strong_plays_a_whole_round_by_the_rules_in_the_view(rules: RuleSet) -> None:
    _play(rules, 3, ("strong", "normal"))


def test_the_arena_plays_a_rule_set_by_value() -> None:
    half = play_round(HOUSE, 4, 1, ("normal", "easy"))
    assert len(half["scores"]) == 2 and half["times"]["normal"]


# ----- positions where the house rule forbids a take Classic allows ------------
RANKS = "456789TJQKA"


def _tempting_position(rng: random.Random) -> C.State:
    """Seat 0 to draw; its team has melded (so only a freezing card freezes the pile);
    a black 3 lies below the top; seat 0 holds exactly one natural of the top's rank
    and a wild card, and sometimes the team has a meld of that rank."""
    pool = Counter(make_deck(2, 2))

    def take(pred: Any, n: int) -> list[str]:
        out: list[str] = []
        cards = sorted(pool.elements())
        rng.shuffle(cards)
        for c in cards:
            if len(out) == n:
                break
            if pred(c) and pool[c]:
                pool[c] -= 1
                out.append(c)
        assert len(out) == n
        return out

    top_rank = rng.choice(RANKS)
    others = [r for r in RANKS if r != top_rank]
    top = take(lambda c: RANK[c] == top_rank, 1)
    meld_rank = rng.choice(others)
    team_melds = [take(lambda c: RANK[c] == meld_rank, 3)]
    if rng.random() < 0.5:
        team_melds.append(take(lambda c: RANK[c] == top_rank, 3))
    plain = set(others) - {meld_rank}
    hand = (take(lambda c: RANK[c] == top_rank, 1) + take(lambda c: c in WILDS, 1)
            + take(lambda c: RANK[c] in plain, rng.randrange(1, 7)))
    rng.shuffle(hand)
    below = take(lambda c: RANK[c] in RANKS, rng.randrange(0, 5))
    below.insert(rng.randrange(len(below) + 1), take(lambda c: c in BLACK_THREES, 1)[0])
    hands = [hand] + [take(lambda c: c not in RED_THREES, rng.randrange(3, 9)) for _ in range(3)]
    return C.load_position({
        "variant": "classic", "to_move": 0, "phase": "draw", "hands": hands,
        "melds": [team_melds, []], "pile": below + top,
    }, seed=rng.randrange(1000))


@BOTH
@pytest.mark.parametrize("level", LEVELS)
def test_no_level_takes_a_pile_a_black_three_freezes_with_a_wild_card(
    rules: RuleSet, level: str
) -> None:
    rng = random.Random(11)
    for n in range(40 if level != "strong" else 12):
        classic = _tempting_position(rng)
        assert any(_black_three_frozen_take(classic.pile, a) for a in C.legal_actions(classic))
        state = classic._replace(rules=rules)
        view = C.view_for(state, 0)
        assert view["pile"]["frozen"] and view["pile"]["freezer"] in BLACK_THREES
        assert not any(_black_three_frozen_take(state.pile, a) for a in C.legal_actions(state))
        action = choose_action(view, level, n)
        assert C.check(state, action) is None
        assert C.action_to_json(action) == {"type": "draw"}
        # The rest of the turn, decided by the same level under the same rules.
        state = C.apply(state, action)
        while state.to_move == 0 and not state.round_over:
            action = choose_action(C.view_for(state, state.to_act), level, n)
            assert C.check(state, action) is None
            state = C.apply(state, action)


# ----- a changed option under the name "classic" -------------------------------
def _two_canastas_position(name: str) -> C.State:
    """Seat 0 has drawn; the team has one canasta. With one canasta enough (Classic),
    Q Q 2 then J J J J then discarding the 5 goes out, so every level starts with
    Q Q 2; when two canastas are needed, no level spends its wild card that way and
    each melds the four jacks."""
    rules = dataclasses.replace(CLASSIC, name=name, canastas_to_go_out=2)
    state = position(
        ["QH", "QD", "2C", "JH", "JD", "JS", "JC", "5H"], phase="play",
        melds=[[["KD", "KD", "KC", "KC", "KH", "KS", "KS"]], [["8C", "8D", "8H"]]],
        others=[["4S", "4S", "6C", "9D", "9S", "TD", "TH", "AC"],
                ["7H", "7D", "AS", "AD", "6D", "6H", "5C", "5D"],
                ["JH", "4D", "4H", "9C", "9H", "TC", "TS", "6S"]],
        pile=["7C", "4C"], melded_this_round=[True, False, False, True],
    )
    return state._replace(rules=rules)


@pytest.mark.parametrize("name", ["classic", "house"])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plans_going_out_by_the_views_canastas_to_go_out(
    name: str, level: str
) -> None:
    state = _two_canastas_position(name)
    view = C.view_for(state, 0)
    assert view["rules"]["canastas_to_go_out"] == 2
    assert {"type": "meld", "cards": ["QH", "QD", "2C"]} in view["legal"]
    action = choose_action(view, level, 3)
    assert C.check(state, action) is None
    jacks = {"type": "meld", "cards": ["JS", "JH", "JD", "JC"]}
    if level == "strong":
        # the search weighs keeping the hand against normal's meld of the jacks (issue
        # 19), but never starts the way out that one canasta would allow
        assert choose_action(view, "normal", 3) == C.parse_action(jacks)
        assert C.action_to_json(action) in (jacks, {"type": "discard", "card": "5H"})
    else:
        assert C.action_to_json(action) == jacks


@BOTH
def test_the_strong_levels_worlds_and_play_outs_use_the_views_rules(
    rules: RuleSet, monkeypatch: pytest.MonkeyPatch
) -> None:
    from canasta.ai import search

    seen: list[RuleSet] = []

    class Spy(search.Sim):
        def __init__(self, state: C.State, *args: Any, **kwargs: Any) -> None:
            seen.append(state.rules)
            super().__init__(state, *args, **kwargs)

    monkeypatch.setattr(search, "Sim", Spy)
    state = deal_round(rules, 21, 1, 3, (0, 0))
    rng = random.Random(2)
    searched = 0
    while not state.round_over and searched < 3:
        view = C.view_for(state, state.to_act)
        world = sample_world(view, random.Random(0))
        assert world.rules == rules
        before = len(seen)
        choose_action(view, "strong", 1)
        searched += len(seen) > before
        state = C.apply(state, rng.choice(C.legal_actions(state)))
    assert searched == 3 and seen and all(r == rules for r in seen)


@pytest.mark.parametrize("name", ["classic", "house"])
def test_the_knowledge_counts_the_deck_of_the_views_rules(name: str) -> None:
    """One joker a deck: the unseen cards and the sampled deals hold 106 cards."""
    rules = dataclasses.replace(CLASSIC, name=name, jokers_per_deck=1)
    state = deal_round(rules, 5, 1, 3, (0, 0))
    rng = random.Random(4)
    for step in range(60):
        seat = state.to_act
        view = C.view_for(state, seat)
        know = read_view(view)
        hidden = Counter(state.stock)  # the cards this seat has not seen, or knows in a hand
        for s, hand in enumerate(state.hands):
            if s != seat:
                hidden.update(hand)
                hidden.subtract(know.known[s])
        assert know.unseen == +hidden
        world = sample_world(view, random.Random(step))
        assert world.rules == rules
        assert world.cards_in_play() == Counter(make_deck(2, 1))
        state = C.apply(state, rng.choice(C.legal_actions(state)))
        if state.round_over:
            break
