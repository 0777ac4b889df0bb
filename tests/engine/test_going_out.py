"""Going out's requirements as data (docs/ENGINE.md, "The contract for the next
families"): `final_discard` — the last card discarded "optional" (Classic, C30),
"required" or "forbidden" — and `must_ask` — the partner's yes compulsory (C33). One
owner, `going_out.finish_problem` (with `ends_allowed`, `may_go_out` and the go-out
solver); tested on rule sets built by value, since no registered variant uses them
yet (issues 12-14 will)."""

from __future__ import annotations

import dataclasses

import pytest

import canasta as C
from canasta.ai.fast.playout import unmodelled
from canasta.game.state import State
from canasta.outlook.going_out import can_go_out_with, go_out_plan
from canasta.play.candidates import filtered_candidates
from tests.engine.helpers import ASK, DRAW, discard, meld, rule, take
from tests.engine.invariants import play_random
from tests.engine.test_edge_cases import OPP, table
from tests.games import ai_round

KINGS = ["KC", "KC", "KD", "KD", "KH", "KH", "KS"]
REQUIRED = dataclasses.replace(C.CLASSIC, name="discard-out", final_discard="required")
FORBIDDEN = dataclasses.replace(C.CLASSIC, name="meld-out", final_discard="forbidden")
MUST_ASK = dataclasses.replace(C.CLASSIC, name="ask-first", must_ask=True)
ANSWER_YES = C.parse_action({"type": "answer", "yes": True})
ANSWER_NO = C.parse_action({"type": "answer", "yes": False})


def playing(rules: C.RuleSet, hand: list[str], stock_top: list[str] | None = None) -> State:
    """Seat 0 has drawn (`stock_top`, default QS) and plays; its team has a canasta of
    kings."""
    return C.apply(table([hand, *OPP], stock_top=stock_top or ["8S"], melds=[[KINGS], []],
                         variant=rules), DRAW)


def listed(state: State) -> list[C.Action]:
    out = C.legal_actions(state)
    assert out == filtered_candidates(state)  # the reference list, order included
    return out


def test_the_defaults_are_classic_and_every_registered_variant_keeps_them() -> None:
    # Modern American and Railroad go out by a discard (U15, R17), Brazilian only after
    # the partner's yes (BR8); every other registered variant as Classic.
    special = {"american": ("required", False), "brazilian": ("optional", True),
               "railroad": ("required", False)}
    for rules in C.VARIANTS.values():
        expected = special.get(rules.name, ("optional", False))
        assert (rules.final_discard, rules.must_ask) == expected
        assert rules.classic_finish == (rules.name not in special and rules.going_out)
    assert not REQUIRED.classic_finish and not MUST_ASK.classic_finish
    for rules in (REQUIRED, FORBIDDEN, MUST_ASK):
        assert C.RuleSet.from_json(rules.to_json()) == rules
    # The fast path models a required final discard (Modern American, U15) and the
    # compulsory question (Brazilian, BR8), not a forbidden final discard.
    assert unmodelled(REQUIRED) is None and unmodelled(MUST_ASK) is None
    reason = unmodelled(FORBIDDEN)
    assert reason is not None and "final_discard" in reason


def test_C30_classic_goes_out_either_way() -> None:
    state = playing(C.CLASSIC, ["QC", "QD", "QH"])  # drew 8S
    assert rule(state, meld("QC", "QD", "QH")) is None  # then discards 8S
    state = playing(C.CLASSIC, ["QC", "QD"], stock_top=["QH"])
    assert rule(state, meld("QC", "QD", "QH")) is None  # melds every card
    assert C.apply(state, meld("QC", "QD", "QH")).round_over


def test_a_final_discard_required_refuses_melding_the_last_card() -> None:
    state = playing(REQUIRED, ["QC", "QD"], stock_top=["QH"])
    assert rule(state, meld("QC", "QD", "QH")) == "C30"
    assert meld("QC", "QD", "QH") not in listed(state)
    assert not can_go_out_with(REQUIRED, state.hands[0], state.melds[0], 1, 0)
    # With a card to spare the same meld goes, and the discard goes out.
    state = playing(REQUIRED, ["QC", "QD", "QH"])
    assert rule(state, meld("QC", "QD", "QH")) is None
    plan = go_out_plan(REQUIRED, state.hands[0], state.melds[0], 1, 0)
    assert plan is not None and isinstance(plan[-1], C.game.actions.Discard)
    out = C.apply(C.apply(state, meld("QC", "QD", "QH")), discard("8S"))
    assert out.round_over and out.went_out == 0


def test_a_final_discard_forbidden_refuses_discarding_the_last_card() -> None:
    state = playing(FORBIDDEN, ["QC", "QD", "QH"])  # drew 8S, which cannot be melded
    assert rule(state, meld("QC", "QD", "QH")) == "C30"  # 8S would have to be discarded
    assert not can_go_out_with(FORBIDDEN, state.hands[0], state.melds[0], 1, 0)
    assert rule(state, discard("8S")) is None  # an ordinary discard, three cards kept
    # A last card that can be melded: lay it on the kings.
    state = playing(FORBIDDEN, ["QC", "QD", "QH"], stock_top=["KS"])
    assert rule(state, meld("QC", "QD", "QH")) is None
    plan = go_out_plan(FORBIDDEN, state.hands[0], state.melds[0], 1, 0)
    assert plan is not None and all(isinstance(a, C.game.actions.Meld) for a in plan)
    out = C.apply(C.apply(state, meld("QC", "QD", "QH")), meld("KS"))
    assert out.round_over and out.went_out == 0
    # A single card left (forged: the engine lets none arise) may not be discarded.
    single = state._replace(hands=(("8S",), *state.hands[1:]))
    assert rule(single, discard("8S")) == "C30"


def test_a_last_red_three_leaving_one_card_that_may_not_be_discarded_ends_the_round() -> None:
    # C34 with `final_discard` forbidden: the last stock card is a red 3, the 5H left can
    # be neither melded nor discarded: the round ends (in Classic the 5H is discarded).
    classic = C.apply(table([["5H"], *OPP], stock_top=["3D"], stock_size=1,
                            melds=[[KINGS], []]), DRAW)
    assert not classic.round_over and rule(classic, discard("5H")) is None
    state = C.apply(table([["5H"], *OPP], stock_top=["3D"], stock_size=1, melds=[[KINGS], []],
                          variant=FORBIDDEN), DRAW)
    assert state.round_over and state.went_out is None


def test_a_compulsory_question_before_going_out() -> None:
    state = playing(MUST_ASK, ["QC", "QD", "QH"])
    assert rule(state, meld("QC", "QD", "QH")) == "C33"  # not asked
    assert rule(state, meld("QC", "QD")) is not None  # C17 as ever
    assert ASK in listed(state) and C.view_for(state, 0)["may_ask"]
    asked = C.apply(state, ASK)
    yes = C.apply(asked, ANSWER_YES)
    assert rule(yes, meld("QC", "QD", "QH")) is None
    out = C.apply(C.apply(yes, meld("QC", "QD", "QH")), discard("8S"))
    assert out.round_over and out.went_out == 0
    no = C.apply(asked, ANSWER_NO)
    assert rule(no, meld("QC", "QD", "QH")) == "C33"
    # Plays that keep two cards need no question.
    assert rule(state, discard("8S")) is None


def test_a_compulsory_question_bars_going_out_by_taking_the_pile() -> None:
    # 8S 8H take the pile's 8C onto nothing: two cards left in Classic's C31 terms
    # would be fine; here the pile holds no other card, so the hand would hold one.
    hand = ["8S", "8H", "QC"]
    pile = ["8C"]
    classic = table([hand, *OPP], stock_top=["9S"], melds=[[KINGS], []], pile=pile)
    assert rule(classic, take("8S", "8H")) is None
    state = table([hand, *OPP], stock_top=["9S"], melds=[[KINGS], []], pile=pile,
                  variant=MUST_ASK)
    assert rule(state, take("8S", "8H")) == "C33"


def test_a_lone_card_goes_out_without_a_question() -> None:
    # The last stock card was a red 3: one card left, nobody to ask (C33): it may be
    # discarded, or melded, to go out.
    state = C.apply(table([["KS"], *OPP], stock_top=["3D"], stock_size=1, melds=[[KINGS], []],
                          variant=MUST_ASK), DRAW)
    assert len(state.hands[0]) == 1 and rule(state, ASK) == "C33"
    assert rule(state, meld("KS")) is None and rule(state, discard("KS")) is None


@pytest.mark.parametrize("rules", [REQUIRED, FORBIDDEN, MUST_ASK],
                         ids=lambda r: r.final_discard + ("+ask" if r.must_ask else ""))
def test_random_rounds_keep_every_invariant(rules: C.RuleSet) -> None:
    """The conformance run (cards conserved, the listing equal to the reference list,
    views, saves, and no state without a legal action) on rounds of these rules."""
    played = play_random(rules, 5100, 12, full_every=20, save_every=250)
    assert played.rounds == 12 and played.actions > 50 * 12


@pytest.mark.parametrize("rules", [REQUIRED, FORBIDDEN, MUST_ASK],
                         ids=lambda r: r.final_discard + ("+ask" if r.must_ask else ""))
def test_the_ai_plays_whole_rounds(rules: C.RuleSet) -> None:
    for level in ("easy", "normal"):
        assert ai_round(rules, 21, level).round_over


@pytest.mark.parametrize(("base", "changes"), [
    ("classic", {"final_discard": "required"}),
    ("classic", {"final_discard": "forbidden"}),
    ("classic", {"must_ask": True}),
    ("classic-2p", {"final_discard": "forbidden"}),
    ("classic-6p", {"final_discard": "required", "must_ask": True}),
])
def test_no_dead_ends_with_these_requirements(base: str, changes: dict[str, object]) -> None:
    """The explorer of tests/engine/test_explorer.py (a legal action at every state,
    `check` agreeing with the listing, black 3s only when going out, C34)."""
    from tests.engine.explorer import explore

    rules = dataclasses.replace(C.get_rules(base), name=base + "-finish", **changes)
    report = explore(6000, seed=13, variants=[rules])
    found = "\n\n".join(f"[{report.counts[k]}x] {f}" for k, f in report.findings.items())
    assert not report.findings, f"{report.summary()}\n\n{found}"
    assert report.states >= 6000


def test_the_fast_path_asks_before_going_out_where_the_question_is_compulsory() -> None:
    """C33 compulsory (`must_ask`): the fast path's play-outs ask "May I go out?" before
    melding, go out only on a yes, and replay through `apply` to the same scores."""
    from tests.games import replayed_playouts

    played = replayed_playouts(MUST_ASK, range(12))
    assert all(agree for _, agree in played)
    asked = [s for s, _ in played if any(type(a).__name__ == "Ask" for a in s.action_list())]
    assert asked and any(s.went_out is not None for s in asked)
