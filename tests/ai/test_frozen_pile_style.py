"""Strong in the wild-canasta game (seed 003 line 67: the pile always frozen, melds closed
at seven) plays with `judgement.FROZEN_PILE_STYLE` (`search.strong_style`): a pair and a
wild card stay in hand, a card of a pair is worth keeping 3 points rather than 12, and a
wild card 15 rather than 2 when the pile is big (docs/AI.md, "The wild-canasta game's
judgements"). Its play-outs play every seat with normal's judgements (in Classic, with
the style). Normal's judgements elsewhere are unchanged."""

from __future__ import annotations

import random

import pytest

import canasta as C
from canasta.ai import search
from canasta.ai.fast.playout import Memory, Sim
from canasta.ai.heuristic import choose_heuristic
from canasta.ai.judgement import FROZEN_PILE_STYLE, KEEPS_WILD_PAIRS, NORMAL, Style
from canasta.ai.knowledge import read_view
from canasta.ai.search import _candidates, frozen_pile_style, strong_style
from canasta.game.state import State
from canasta.rules.variants import VARIANTS
from tests.ai.test_wild_pairs import BIG_HAND_PAIR

OTHERS = [["9S", "5D", "9D", "JC", "QH"], ["6S", "6D", "7S", "JH", "TD"],
          ["5S", "8D", "7H", "JD", "TS"]]
# Six 4s in the pile (nobody can pair the rank again), seven cards in it (worth blocking).
FOURS_PILE = ["4C", "4S", "4C", "4S", "4H", "4D", "7C"]


def _position(hand: list[str], pile: list[str]) -> State:
    return C.load_position({
        "variant": "wild-canasta", "to_move": 0, "phase": "play", "hands": [hand, *OTHERS],
        "melds": [[["QS", "QC", "QD"]], [["AS", "AC", "AH"]]], "pile": pile,
        "scores": [0, 0]}, seed=1)


def test_strong_style_by_rule_set() -> None:
    styles = {n: strong_style(r) for n, r in VARIANTS.items()}
    assert {n for n, s in styles.items() if s == FROZEN_PILE_STYLE} == {"wild-canasta"}
    assert {n for n, s in styles.items() if s == KEEPS_WILD_PAIRS} == {
        "classic", "classic-2p", "classic-3p", "classic-5p"}
    assert all(s == NORMAL for n, s in styles.items()
               if n not in ("wild-canasta", "classic", "classic-2p", "classic-3p", "classic-5p"))
    # Cuban and Modern American share the always-frozen pile but not the style
    assert not frozen_pile_style(VARIANTS["cuban"]) and not frozen_pile_style(VARIANTS["american"])


def test_a_pair_nobody_can_match_goes_before_a_dangerous_king() -> None:
    view = C.view_for(_position(["4H", "4D", "KS"], FOURS_PILE), 0)
    assert choose_heuristic(view, "normal", 0) == {"type": "discard", "card": "KS"}
    style = strong_style(VARIANTS["wild-canasta"])
    kept = choose_heuristic(view, "normal", 0, style)
    assert kept["type"] == "discard" and kept["card"] in ("4H", "4D")
    # the search's candidates start from that choice and rank with the same judgements
    candidates = _candidates(view, kept, read_view(view))
    assert candidates[0] == kept and {"type": "discard", "card": "KS"} in candidates


def test_a_wild_card_is_kept_from_a_big_pile() -> None:
    view = C.view_for(_position(["4H", "4D", "2C", "KS", "9C"], FOURS_PILE), 0)
    assert choose_heuristic(view, "normal", 0) == {"type": "discard", "card": "2C"}
    kept = choose_heuristic(view, "normal", 0, FROZEN_PILE_STYLE)
    assert kept["type"] == "discard" and kept["card"] != "2C"


def test_the_play_outs_policy_discards_with_the_style_it_is_given() -> None:
    state = _position(["4H", "4D", "KS"], FOURS_PILE)
    assert Sim(state, random.Random(0))._safest(0) == ["KS"]
    assert Sim(state, random.Random(0), style=FROZEN_PILE_STYLE)._safest(0) == ["4D"]
    wild = _position(["4H", "4D", "2C", "KS", "9C"], FOURS_PILE)
    assert Sim(wild, random.Random(0))._safest(0) == ["2C"]
    assert "2C" not in Sim(wild, random.Random(0), style=FROZEN_PILE_STYLE)._safest(0)


def test_the_search_plays_out_with_normal_judgements_here_and_the_style_in_classic(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Style] = []
    rollout = search._rollout

    def spy(world: State, action: C.Action, team: int, seed: int, memory: Memory,
            style: Style = NORMAL) -> tuple[float | None, int, float]:
        seen.append(style)
        return rollout(world, action, team, seed, memory, style)

    monkeypatch.setattr(search, "_rollout", spy)
    search.choose_by_search(C.view_for(_position(["4H", "4D", "KS"], FOURS_PILE), 0), 0, 12)
    assert seen and set(seen) == {NORMAL}
    seen.clear()
    search.choose_by_search(C.view_for(BIG_HAND_PAIR, 0), 0, 12)
    assert seen and set(seen) == {KEEPS_WILD_PAIRS}
