"""The fast play-out path belongs to the AI (issue 11): the engine never imports
`canasta.ai`; the fast path says which rule sets it models, plays every registered
variant (the replay tests in test_fast_playout.py run on all of them), and a rule set
it does not model sends the strong level to play-outs over the public API."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

import canasta as C
from canasta.ai import choose_action
from canasta.ai.fast.playout import UnsupportedRules, playout, unmodelled
from canasta.ai.search import STATS
from canasta.play.transitions import deal_round
from canasta.rules.house_rules import rules_named


def test_the_engine_never_imports_the_ai() -> None:
    code = ("import sys, canasta, canasta.io.position, canasta.io.saves, canasta.io.view, "
            "canasta_tools.fuzz; "
            "print(sorted(m for m in sys.modules if m.startswith('canasta.ai')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"


@pytest.mark.parametrize("variant", sorted(C.VARIANTS))
def test_every_registered_variant_is_modelled_by_the_fast_path(variant: str) -> None:
    """Since issue 14's packet games (Railroad, Pennies, Hand and Foot) the fast path
    models every registered variant; house rules beyond it use the fallback (below)."""
    assert unmodelled(C.get_rules(variant)) is None


def test_the_strong_level_falls_back_on_house_rules_beyond_the_fast_path() -> None:
    from canasta.ai import choose_action
    from canasta.ai.search import STATS

    rules = rules_named("classic+H1")  # the double end's bonus is not in the fast path
    assert unmodelled(rules) is not None
    state = C.new_game(rules, 3)
    before = STATS["fallbacks"]
    for step in range(12):
        if state.round_over:
            break
        action = choose_action(C.view_for(state, state.to_act), "strong", step)
        assert C.check(state, action) is None
        state = C.apply(state, action)
    assert STATS["fallbacks"] > before


def test_a_rule_set_beyond_the_fast_path_is_refused_by_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import canasta.ai.fast.scope as scope

    assert unmodelled(C.CLASSIC) is None
    monkeypatch.setattr(scope, "MAX_DECKS", 1)
    assert unmodelled(C.CLASSIC) is not None
    with pytest.raises(UnsupportedRules, match="decks"):
        playout(C.new_game("classic", 1), random.Random(1))


def test_strong_falls_back_to_public_play_outs_and_still_acts_legally(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No registered or valid rule set is beyond the fast path today, so the test
    tells the search that Classic is, and checks the public-API play-outs."""
    import canasta.ai.search as search

    monkeypatch.setattr(search, "unmodelled", lambda rules: "pretend")
    state = deal_round(C.CLASSIC, 5, 1, 3, (0, 0))
    searched = decided = 0
    while searched < 2 and decided < 40 and not state.round_over:
        before = STATS["fallbacks"], STATS["playouts"]
        action = choose_action(C.view_for(state, state.to_act), "strong", decided)
        assert C.check(state, action) is None
        if STATS["fallbacks"] > before[0]:
            assert STATS["playouts"] > before[1]
            searched += 1
        decided += 1
        state = C.apply(state, action)
    assert searched == 2
