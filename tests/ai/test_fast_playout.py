"""The AI's fast play-out path: every play-out replays through `apply` without a
refusal and ends with the same scores (issue 3), and its rollout policy follows
the normal player's judgements (discard safety, blocking, going out)."""

from __future__ import annotations

import random

import pytest

import canasta as C
from canasta.ai.fast.playout import Memory, Sim, Unsupported, playout
from canasta.ai.fast.scope import unmodelled
from canasta.game.actions import ASK, Answer, Discard
from canasta.rules.house_rules import rules_named

# The registered variants the fast path plays (tests/ai/test_fast_path_scope.py lists
# the others, which the strong level plays with public-API rollouts), and a house rule
# it models: the seven-wild canasta laid down whole (H12); Hand and Foot for three players
# each for himself (HF16) and with the whole pile taken (HF20).
MODELLED = [*sorted(v for v, r in C.VARIANTS.items() if unmodelled(r) is None), "classic+H12",
            "hand-and-foot+HF16", "hand-and-foot+HF20"]


def _game(name: str, seed: int) -> C.State:
    return C.new_game(rules_named(name), seed)


def _replay(state: C.State, seed: int) -> None:
    scores, actions = playout(state, random.Random(seed), record=True)
    for action in actions:
        state = C.apply(state, action)  # raises IllegalAction on any refusal
    assert state.round_over
    assert [row["total"] for row in C.round_score(state)] == scores


@pytest.mark.parametrize("variant", MODELLED)
def test_playouts_from_the_deal_replay_through_apply(variant: str) -> None:
    for seed in range(120):
        _replay(_game(variant, seed), seed)


@pytest.mark.parametrize("variant", MODELLED)
def test_playouts_from_mid_round_replay_through_apply(variant: str) -> None:
    done = 0
    for seed in range(200):
        rng = random.Random(seed)
        state = _game(variant, 1000 + seed)
        for _ in range(rng.randrange(1, 90)):
            if state.round_over:
                break
            state = C.apply(state, rng.choice(C.legal_actions(state)))
        try:
            _replay(state, seed)
            done += 1
        except Unsupported:
            asking = state.phase == "answer" or state.permission is not None
            assert state.round_over or state.pending or (
                not state.opened[state.team] and (state.turn_points > 0 or asking)
            )
    assert done >= 120


def test_playouts_from_may_i_go_out_replay_through_apply() -> None:
    """The partner's answer and the turn after it (a yes binds: go out; a no: keep
    two cards) are part of the play-out."""
    answers: set[bool] = set()
    for seed in range(300):
        rng = random.Random(seed)
        state = C.new_game("classic", 3000 + seed)
        if seed % 2:  # the asking team behind: the answer may be no
            state = state._replace(scores=(0, 1000) if state.team == 0 else (1000, 0))
        while not state.round_over and ASK not in C.legal_actions(state):
            state = C.apply(state, rng.choice(C.legal_actions(state)))
        if state.round_over or not state.opened[state.team]:
            continue
        asked = C.apply(state, ASK)
        _replay(asked, seed)
        for yes in (True, False):
            _replay(C.apply(asked, Answer(yes)), seed)
        _, actions = playout(asked, random.Random(seed), record=True)
        assert isinstance(actions[0], Answer)
        answers.add(actions[0].yes)
        if len(answers) == 2 and seed > 40:
            break
    assert answers == {True, False}


def test_playout_does_not_change_the_state() -> None:
    state = C.new_game("classic", 5)
    before = C.to_json(state), state.hands
    playout(state, random.Random(1))
    assert (C.to_json(state), state.hands) == before


def test_playouts_with_a_memory_of_the_log_replay_through_apply() -> None:
    for seed in range(40):
        state = C.new_game("classic", 500 + seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(8, 40)):
            if state.round_over or state.phase not in ("draw", "play") or state.turn_melded:
                break
            state = C.apply(state, rng.choice(C.legal_actions(state)))
        if state.round_over or state.pending or state.permission is not None or state.asked:
            continue
        kinds = [frozenset(rng.sample("456789TJQKA", 3)) for _ in range(4)]
        memory = Memory(thrown=tuple(kinds), picked=tuple(reversed(kinds)))
        try:
            scores, actions = playout(state, random.Random(seed), record=True, memory=memory)
        except Unsupported:
            continue
        for action in actions:
            state = C.apply(state, action)
        assert [row["total"] for row in C.round_score(state)] == scores


def _position(**changes: object) -> C.State:
    data: dict[str, object] = {
        "variant": "classic", "to_move": 0, "phase": "play",
        "hands": [["5H", "KD", "9C", "9S", "7D"], ["4S", "4H", "6C", "8D"],
                  ["8S", "8H", "7C", "JD"], ["TC", "TD", "JH", "QS"]],
        "melds": [[["QD", "QD", "QC"]], [["KS", "KC", "KH"]]],
        "pile": ["6D", "4D"], "scores": [0, 0],
    }
    data.update(changes)
    return C.load_position(data)


def test_the_rollout_policy_does_not_feed_the_next_players_meld() -> None:
    # The next team has kings and the pile is unfrozen: not the king.
    assert Sim(_position(), random.Random(0))._safest(0) == ["5H", "7D"]
    # Frozen, the king is the safest single card: most of the kings are seen.
    assert Sim(_position(pile=["6D", "2C", "4D"]), random.Random(0))._safest(0) == ["KD"]


def test_the_rollout_policy_blocks_a_big_pile_with_a_wild_card() -> None:
    hand = ["5H", "5D", "9C", "9S", "7D", "7C", "2H"]
    small = Sim(_position(hands=[hand, ["4S"] * 2, ["8S"] * 2, ["TC"] * 2]), random.Random(0))
    assert small._safest(0) != ["2H"]
    big = _position(hands=[hand, ["4S"] * 2, ["8S"] * 2, ["TC"] * 2],
                    pile=["6D", "6S", "4D", "JH", "JS", "TH", "8C", "4C"])
    assert Sim(big, random.Random(0))._safest(0) == ["2H"]


def test_the_rollout_policy_does_not_go_out_early_while_behind() -> None:
    canasta = ["QD", "QD", "QC", "QC", "QH", "QS", "QH"]
    hand = ["9C", "9S", "9D", "7D"]
    base = {"hands": [hand, ["4S", "4H", "6C", "8D"], ["8S", "8H", "7C", "JD"],
                      ["TC", "TD", "JH", "QS"]],
            "melds": [[canasta], [["KS", "KC", "KH"]]]}
    for scores, goes_out in (([0, 0], True), ([1000, 2500], False)):
        _, actions = playout(_position(**base, scores=scores), random.Random(0), record=True)
        first_turn = actions[: next(i for i, a in enumerate(actions) if isinstance(a, Discard)) + 1]
        state = _position(**base, scores=scores)
        for action in first_turn:
            state = C.apply(state, action)
        assert (len(state.hands[0]) == 0) is goes_out, scores


SEQUENCE_GAMES = sorted(v for v, r in C.VARIANTS.items()
                        if r.sequence_min and unmodelled(r) is None)


@pytest.mark.parametrize("variant", SEQUENCE_GAMES)
def test_the_go_out_bounds_of_sequence_games_never_refuse_a_way_out(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`Melder._out_of_reach` and `Melder._loose_naturals` (S6) skip the go-out search
    where the hand cannot go out: wherever they say so during real play-outs, the search
    (`go_out_plan`) finds no way out either, and both were asked often enough to matter."""
    from canasta.ai.fast import playout as fast
    from canasta.ai.fast.melds import Melder
    from canasta.outlook.going_out import go_out_plan

    asked = {"reach": 0, "loose": 0}

    def full_search(sim: Melder, seat: int) -> bool:
        team = seat % sim.teams
        have = fast.toward_out(sim.rules, sim.canastas[team], sim.reds[team], sim.runs(team),
                               sim.wild_canastas(team), bool(sim.lacking(team)))
        hand = tuple(c for cards in sim.hands[seat].values() for c in cards)
        return go_out_plan(sim.rules, hand, sim._table_melds(team), have, 0) is not None

    out_of_reach, loose_naturals = Melder._out_of_reach, Melder._loose_naturals

    def checked_reach(sim: Melder, seat: int, missing: int, runs_missing: int, wilds: int,
                      suits: dict[str, set[str]]) -> bool:
        refused = out_of_reach(sim, seat, missing, runs_missing, wilds, suits)
        if refused:
            asked["reach"] += 1
            assert not full_search(sim, seat)
        return refused

    def checked_loose(sim: Melder, seat: int, wilds: int, suits: dict[str, set[str]]) -> int:
        loose = loose_naturals(sim, seat, wilds, suits)
        if loose > 1:
            asked["loose"] += 1
            assert not full_search(sim, seat)
        return loose

    monkeypatch.setattr(Melder, "_out_of_reach", checked_reach)
    monkeypatch.setattr(Melder, "_loose_naturals", checked_loose)
    for seed in range(150):
        _replay(_game(variant, 3000 + seed), seed)
    assert asked["reach"] + asked["loose"] >= 100


def test_s6_n3_a_new_sequence_lies_in_a_window_of_its_suits_ranks() -> None:
    """`run_places`: the places a new sequence of three could cover — three ranks in a
    row; with one wild card (N3) three naturals in four places; never around a gap."""
    from canasta.ai.fast.melds import run_places
    from canasta.mechanics.sequences import POSITION

    def places(mask: int) -> str:
        return "".join(r for r, i in POSITION.items() if mask >> i & 1)

    assert places(run_places({"5", "6", "7", "Q"}, 3, 3)) == "567"
    assert run_places({"5", "7", "9", "J"}, 3, 3) == 0
    assert places(run_places({"5", "6", "8", "K"}, 4, 3)) == "5678"
    assert places(run_places({"Q", "K", "A", "3"}, 3, 3)) == "QKA"
    assert run_places({"4", "5", "6", "7", "8", "9"}, 7, 7) == 0
    assert places(run_places(set("456789T"), 7, 7)) == "456789T"
