"""The strong level in Samba with three naturals (N2: three naturals a meld) and Bolivia
(B4: an escalera to go out): normal's meld is weighed against the melds that would use
some of the same cards (a group against a sequence of them, say), `search._rival_melds`,
`search.weighs_rival_melds`."""

from __future__ import annotations

from collections import Counter
from typing import Any

import canasta as C
from canasta.ai import choose_action, search
from canasta.ai.heuristic import choose_heuristic
from canasta.ai.knowledge import read_view
from canasta.rules.house_rules import rules_named


def test_meld_goal_names_what_a_meld_builds() -> None:
    rules = rules_named("samba-three-naturals")
    assert search.meld_goal(rules, {"type": "meld", "cards": ["9D"], "onto": 2}) == ("onto", 2)
    assert search.meld_goal(rules, {"type": "meld", "cards": ["4D", "5D", "2C"]}) == (
        "sequence", frozenset("D"))
    assert search.meld_goal(rules, {"type": "meld", "cards": ["4S", "4S", "4D"]}) == (
        "group", "4", False)
    new_group = {"type": "meld", "cards": ["4S", "4H", "JK"], "new": True}
    assert search.meld_goal(rules, new_group) == ("group", "4", True)
    assert search.meld_goal(rules, {"type": "meld", "cards": ["JK", "2C"], "rank": "T"}) == (
        "group", "T", False)


def _opened_meld_views(variant: str, seeds: range) -> list[dict[str, Any]]:
    rules = rules_named(variant)
    found = []
    for seed in seeds:
        state = C.play.transitions.deal_round(rules, seed, 1, 0, (0, 0))
        step = 0
        while not state.round_over:
            view = C.view_for(state, state.to_act)
            if (view["phase"] == "play" and view["permission"] is None and not view["pending"]
                    and view["team_melded"][view["seat"] % view["teams"]]
                    and choose_heuristic(view, "normal", 0)["type"] == "meld"):
                found.append(view)
            state = C.apply(state, choose_action(view, "normal", step))
            step += 1
    return found


def _rival_counts(variant: str) -> tuple[int, int]:
    """Over the opened sides' meld decisions of three rounds: each rival is a legal meld
    of another target that shares cards with normal's meld (checked here); returned, the
    decisions with rivals and the rivals that pit a group against a sequence."""
    rules = rules_named(variant)
    with_rivals = 0
    group_against_sequence = 0
    for view in _opened_meld_views(variant, range(1, 4)):
        preferred = choose_heuristic(view, "normal", 0)
        candidates = search._candidates(view, preferred, read_view(view))
        assert candidates[0] == preferred
        rivals = candidates[1:]
        assert len(rivals) <= search.MAX_CANDIDATES - 1
        targets = [search.meld_goal(rules, a) for a in candidates]
        assert len(set(targets)) == len(targets)  # one candidate a target
        hand = Counter(view["hand"])
        for rival in rivals:
            assert rival in view["legal"] and rival["type"] == "meld"
            # together they need more of some card than the hand holds
            assert Counter(preferred["cards"]) + Counter(rival["cards"]) - hand
            kinds = {search.meld_goal(rules, preferred)[0], search.meld_goal(rules, rival)[0]}
            group_against_sequence += kinds == {"group", "sequence"}
        with_rivals += bool(rivals)
    return with_rivals, group_against_sequence


def test_rivals_share_cards_with_normals_meld_and_build_something_else() -> None:
    with_rivals, group_against_sequence = _rival_counts("samba-three-naturals")
    assert with_rivals >= 3 and group_against_sequence >= 1


def test_bolivia_weighs_rivals_that_share_cards_with_normals_meld() -> None:
    """B4: a side needs an escalera to go out, so a card may go to a group or a sequence."""
    with_rivals, _ = _rival_counts("bolivia")
    assert with_rivals >= 3


def test_rival_melds_only_in_three_naturals_and_bolivia() -> None:
    from canasta.rules.variants import VARIANTS

    assert {n for n, r in VARIANTS.items() if search.weighs_rival_melds(r)} == {
        "samba-three-naturals", "bolivia"}


def test_no_rival_melds_elsewhere() -> None:
    for variant in ("classic", "escalera", "samba"):
        for view in _opened_meld_views(variant, range(1, 3)):
            preferred = choose_heuristic(view, "normal", 0)
            candidates = search._candidates(view, preferred, read_view(view))
            assert all(a["type"] != "meld" for a in candidates[1:])
