"""C30-C33 in the strong level's search (issue 19): where the player can go out this
turn, the search weighs going out (asking first or not) against playing on, instead of
leaving it to normal's rule of thumb (`judgement.want_out`)."""

from __future__ import annotations

from typing import Any

import pytest

import canasta as C
from canasta.ai import choose_action, search
from canasta.ai.heuristic import choose_heuristic, way_out_step
from canasta.ai.knowledge import read_view
from canasta.rules.house_rules import rules_named


def _way_out_views(variant: str, count: int) -> list[dict[str, Any]]:
    """Views of normal-only rounds where the player to act could go out this turn."""
    rules = rules_named(variant)
    found: list[dict[str, Any]] = []
    for seed in range(1, 60):
        state = C.play.transitions.deal_round(rules, seed, 1, 0, (0, 0))
        step = 0
        while not state.round_over and len(found) < count:
            view = C.view_for(state, state.to_act)
            if (view["phase"] == "play" and view["permission"] is None
                    and not view["pending"] and way_out_step(view, rules) is not None):
                found.append(view)
            state = C.apply(state, choose_action(view, "normal", step))
            step += 1
        if len(found) >= count:
            break
    return found


def test_c33_going_out_asking_or_not_and_playing_on_are_all_weighed() -> None:
    views = _way_out_views("classic", 12)
    assert len(views) == 12
    rules = rules_named("classic")
    weighed = 0
    for view in views:
        preferred = choose_heuristic(view, "normal", 0)
        candidates = search._candidates(view, preferred, read_view(view))
        step = way_out_step(view, rules)
        assert candidates[0] == preferred
        assert step in candidates
        if {"type": "ask"} in view["legal"]:
            assert {"type": "ask"} in candidates
        discards = [a for a in view["legal"] if a["type"] == "discard"]
        if discards:  # playing on: normal's best discard now
            assert any(a["type"] == "discard" for a in candidates)
        assert all(a in view["legal"] for a in candidates)
        assert len(candidates) == len({str(a) for a in candidates})
        weighed += len(candidates) > 1
    assert weighed >= 8  # (a last card's discard is the only way out and the only play)


@pytest.mark.parametrize("variant", ["samba", "cuban"])
def test_going_out_is_left_to_normal_where_not_measured(variant: str) -> None:
    # Samba's decisions stop at a budget of work (SEQUENCE_WORK); Cuban's pile is always
    # frozen (its candidates overrule normal by paired differences): not measured there
    rules = rules_named(variant)
    views = _way_out_views(variant, 3)
    assert views
    for view in views:
        preferred = choose_heuristic(view, "normal", 0)
        candidates = search._candidates(view, preferred, read_view(view))
        assert way_out_step(view, rules) not in candidates[1:]
        assert {"type": "ask"} not in candidates[1:]
