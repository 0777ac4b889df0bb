"""The strong level where the pile is always frozen (W4, K3, U12): a candidate overrules
normal only when its paired difference on the same sampled deals stands clear of the
noise (`search.paired_lower`), and keeping the hand is weighed against normal's meld."""

from __future__ import annotations

import math

import canasta as C
from canasta.ai import choose_action, search
from canasta.ai.heuristic import choose_heuristic, way_out_step
from canasta.ai.knowledge import read_view
from canasta.rules.house_rules import rules_named


def test_paired_lower_is_the_mean_difference_less_z_standard_errors() -> None:
    rows: list[list[float | None]] = [[0.0, 10.0], [0.0, 30.0], [100.0, 120.0], [5.0, None]]
    diffs = [10.0, 30.0, 20.0]  # the failed play-out's deal is left out
    mean, sd = 20.0, math.sqrt(sum((d - 20.0) ** 2 for d in diffs) / 2)
    assert search.paired_lower(rows, 1, 1.0) == mean - sd / math.sqrt(3)
    assert search.paired_lower(rows, 1, 0.0) == mean
    assert search.paired_lower(rows, 0, 1.0) == 0.0  # normal's own choice
    assert search.paired_lower([[1.0, 2.0]], 1, 1.0) == -math.inf  # one deal tells nothing
    # The same mean with more noise does not overrule normal.
    noisy: list[list[float | None]] = [[0.0, 500.0], [0.0, -460.0], [0.0, 20.0]]
    assert search.paired_lower(noisy, 1, 1.0) < 0 < search.paired_lower(rows, 1, 1.0)


def _meld_views(variant: str, count: int) -> list[dict[str, object]]:
    """Views where normal would meld for a side that has opened, and may discard."""
    rules = rules_named(variant)
    found = []
    for seed in range(1, 30):
        state = C.play.transitions.deal_round(rules, seed, 1, 0, (0, 0))
        step = 0
        while not state.round_over and len(found) < count:
            view = C.view_for(state, state.to_act)
            preferred = choose_heuristic(view, "normal", step)
            if (view["phase"] == "play" and preferred["type"] == "meld"
                    and view["team_melded"][view["seat"] % view["teams"]]
                    and view["permission"] is None and not view["pending"]
                    and any(a["type"] == "discard" for a in view["legal"])):
                found.append(view)
            state = C.apply(state, choose_action(view, "normal", step))
            step += 1
    return found


def test_keeping_the_hand_is_weighed_where_the_pile_is_always_frozen_or_unbudgeted() -> None:
    # where the pile is always frozen (W4), and where the play-outs have no budget of work
    # (Classic; issue 19); not in Samba, whose decisions stop at SEQUENCE_WORK
    for variant in ("wild-canasta", "classic"):
        views = [v for v in _meld_views(variant, 12)
                 if way_out_step(v, rules_named(variant)) is None]
        assert len(views) >= 8
        for view in views:
            preferred = choose_heuristic(view, "normal", 0)
            candidates = search._candidates(view, preferred, read_view(view))
            assert candidates[0] == preferred
            assert 2 <= len(candidates) <= 1 + search.HOLD_DISCARDS
            assert all(a["type"] == "discard" and a in view["legal"] for a in candidates[1:])
    for view in _meld_views("samba", 5):
        preferred = choose_heuristic(view, "normal", 0)
        assert search._candidates(view, preferred, read_view(view)) == [preferred]


def test_paired_rule_where_the_pile_is_always_frozen_or_sequence_rounds_end_on_going_out(
        ) -> None:
    # (and where each plays for himself in a long round: Railroad with any number)
    paired = {"wild-canasta", "cuban", "american", "samba-twos", "hand-and-foot", "samba",
              "samba-three-naturals", "bolivia", "brazilian", "three-deck-sequences",
              "railroad", "railroad+R21", "railroad+R24"}
    for name in paired | {"classic", "mexicana", "escalera", "pennies", "pennies+PH12",
                          "classic-3p"}:
        assert search.by_paired_difference(rules_named(name)) == (name in paired), name


def test_pick_by_mean_or_by_paired_difference() -> None:
    # candidate 1's mean is 20 points above normal's, but its differences are noise
    noisy: list[list[float | None]] = [[0.0, 500.0], [0.0, -460.0], [0.0, 20.0]]
    # candidate 2 is clearly better on every deal; a failed play-out is left out
    clear: list[list[float | None]] = [[0.0, 0.0, 10.0], [50.0, 40.0, 65.0],
                                       [10.0, None, 22.0], [None, 5.0, 1.0]]
    for name in ("classic", "samba-three-naturals"):
        assert search.pick(rules_named(name), clear) == 2
    assert search.pick(rules_named("classic"), noisy) == 1
    assert search.pick(rules_named("samba-three-naturals"), noisy) == 0
    # ties go to normal's own choice, and so do candidates that failed everywhere
    tied: list[list[float | None]] = [[7.0, 7.0, None], [3.0, 3.0, None]]
    for name in ("classic", "samba"):
        assert search.pick(rules_named(name), tied) == 0
