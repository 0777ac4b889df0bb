"""Samba (docs/variants/samba.md, S1-S15): one test per rule id, the sequences' mechanism
(canasta/mechanics/sequences.py), the worked examples, the AI and saves."""

from __future__ import annotations

import json
import random
from typing import Any

import canasta as C
from canasta.game.state import State
from canasta.mechanics.sequences import placements, span_of
from canasta.outlook.going_out import can_go_out_with, go_out_plan
from canasta.outlook.solver import initial_reachable
from canasta.play.scoring import canasta_bonus, red_three_score, red_threes_count_plus
from canasta.rules.house_rules import rules_named
from tests.engine.helpers import DRAW, THREE_DECK_OTHERS, discard, rule, three_deck_at
from tests.games import ai_round, replayed_playouts

SAMBA = C.get_rules("samba")
EIGHTS = ["8C", "8C", "8D", "8D", "8H", "8H", "8S"]
KINGS = ["KC", "KD", "KD", "KH", "KH", "KS", "KS"]


def at(hand: list[str], *, melds: Any = None, pile: list[str] | None = None,
       phase: str = "play", red_threes: list[list[str]] | None = None,
       rules: C.RuleSet = SAMBA, scores: list[int] | None = None) -> State:
    return three_deck_at(rules, hand, melds=melds, pile=pile, phase=phase,
                         red_threes=red_threes, scores=scores)


def _action(kind: str, cards: tuple[str, ...], onto: int | None, new: bool) -> C.Action:
    data: dict[str, Any] = {"type": kind, "cards": list(cards)}
    if onto is not None:
        data["onto"] = onto
    if new:
        data["new"] = True
    return C.parse_action(data)


def meld(*cards: str, onto: int | None = None, new: bool = False) -> C.Action:
    return _action("meld", cards, onto, new)


def take(*cards: str, onto: int | None = None, new: bool = False) -> C.Action:
    return _action("take_pile", cards, onto, new)


def seq(state: State, team: int = 0) -> list[tuple[str, ...]]:
    return [m.cards for m in state.melds[team] if m.kind == "sequence"]


def test_S1_three_decks_fifteen_cards_and_the_rules_page() -> None:
    from canasta.rules.pages import rule_href, variant_href

    assert (SAMBA.players, SAMBA.teams, SAMBA.decks, SAMBA.jokers_per_deck) == (4, 2, 3, 2)
    state = C.new_game(SAMBA, 4)
    assert sum(state.cards_in_play().values()) == 162
    assert all(len(h) == 15 for h in state.hands)
    assert variant_href("samba") == "./static/rules/samba.html"
    assert rule_href("S6") == "./static/rules/samba.html#S6"


def test_S2_two_cards_drawn() -> None:
    state = at(["KS", "KH", "9D"], phase="draw",
               melds=[[["QS", "QH", "QD"]], []])
    after = C.apply(state, DRAW)
    assert len(after.hands[0]) == 5


def test_S3_the_pile_is_never_bought_with_a_wild_card() -> None:
    state = at(["9D", "JK", "9S", "KS", "KH"], phase="draw", pile=["4C", "9C"],
               melds=[[["QS", "QH", "QD"]], []])
    assert rule(state, take("9D", "JK")) == "S3"
    assert rule(state, take("9D", "9S")) is None  # a natural pair
    # the top card alone onto the side's meld of its rank, when not frozen
    state = at(["KS", "KH", "4D"], phase="draw", pile=["4C", "9C"],
               melds=[[["9S", "9H", "9D"]], []])
    assert rule(state, take()) is None
    frozen = at(["KS", "KH", "4D"], phase="draw", pile=["2C", "4C", "9C"],
                melds=[[["9S", "9H", "9D"]], []])
    assert rule(frozen, take()) == "C14"


def test_S3_the_top_card_alone_onto_a_sequence_it_continues() -> None:
    melds = [[{"id": 4, "cards": ["6C", "7C", "8C"]}], []]
    state = at(["KS", "KH", "4D"], phase="draw", pile=["4C", "9C"], melds=melds)
    assert take(onto=4) in C.legal_actions(state)
    after = C.apply(state, take(onto=4))
    assert seq(after) == [("6C", "7C", "8C", "9C")]
    assert "4C" in after.hands[0]  # the rest of the pile joins the hand
    # not a card that does not continue it, not with cards from the hand, not frozen
    assert rule(at(["KS", "KH", "4D"], phase="draw", pile=["4C", "TC"], melds=melds),
                take(onto=4)) == "S6"
    assert rule(at(["9D", "9S", "4D"], phase="draw", pile=["4C", "9C"], melds=melds),
                take("9D", "9S", onto=4)) == "S3"
    assert rule(at(["KS", "KH", "4D"], phase="draw", pile=["2C", "9C"], melds=melds),
                take(onto=4)) == "C14"


def test_S4_at_most_two_wild_cards_in_a_meld() -> None:
    state = at(["KS", "KH", "KD", "2C", "2D", "JK", "9S", "9H"],
               melds=[[["QS", "QH", "QD"]], []])
    assert rule(state, meld("KS", "KH", "KD", "2C", "2D")) is None
    assert rule(state, meld("KS", "KH", "KD", "2C", "2D", "JK")) == "S4"
    # no melds of wild cards alone (C17, which Samba cites as S4)
    assert rule(state, meld("JK", "2C", "2D")) == "S4"


def test_S5_a_second_meld_of_a_rank_beside_a_canasta() -> None:
    melds = [[{"id": 1, "cards": EIGHTS}, ["QS", "QH", "QD"]], []]
    state = at(["8S", "8H", "8D", "8C", "5S", "5D"], melds=melds)
    assert meld("8S", "8H", "8D", new=True) in C.legal_actions(state)
    after = C.apply(state, meld("8S", "8H", "8D", new=True))
    eights = [m for m in after.melds[0] if m.rank == "8"]
    assert [len(m.cards) for m in eights] == [7, 3]
    # 8C alone joins the newer meld; naming the canasta, it joins that one
    assert len(C.apply(after, meld("8C")).melds[0][-1].cards) == 4
    assert len(C.apply(after, meld("8C", onto=1)).melds[0][0].cards) == 8
    # a third meld while the second is short of a canasta: refused
    second = at(["8H", "8D", "8C", "5S", "5D"],
                melds=[[{"id": 1, "cards": EIGHTS}, ["8S", "8S", "2C"]], []])
    assert rule(second, meld("8H", "8D", "8C", new=True)) == "S5"
    # beside a meld of the rank short of a canasta: refused; in Classic: C18
    young = at(["8S", "8H", "8D", "5S", "5D"], melds=[[["8C", "8D", "8H"]], []])
    assert rule(young, meld("8S", "8H", "8D", new=True)) == "S5"
    one_each = at(["8S", "8H", "8D", "5S", "5D"], melds=[[EIGHTS], []],
                  rules=C.get_rules("mexicana"))  # three decks, one meld per rank
    assert rule(one_each, meld("8S", "8H", "8D", new=True)) == "C18"


def test_S5_a_natural_pair_takes_the_pile_into_a_new_meld() -> None:
    state = at(["8S", "8H", "5D", "6D"], phase="draw", pile=["4C", "8C"],
               melds=[[EIGHTS, ["QS", "QH", "QD"]], []])
    assert take("8S", "8H", new=True) in C.legal_actions(state)
    after = C.apply(state, take("8S", "8H", new=True))
    assert [len(m.cards) for m in after.melds[0] if m.rank == "8"] == [7, 3]


def test_S5_going_out_with_a_second_canasta_of_a_rank() -> None:
    # One canasta (of 8s) on the table; seven 8s in hand make the second: out.
    melds = (C.load_position({"variant": "samba", "to_move": 0, "phase": "play",
                              "hands": [["4C", "5D"], *THREE_DECK_OTHERS], "melds": [[EIGHTS], []],
                              "pile": ["5C"]}).melds[0])
    hand = ("8C", "8D", "8H", "8S", "8S", "8D", "2C", "9S")
    assert can_go_out_with(SAMBA, hand, melds, 1, 0)
    plan = go_out_plan(SAMBA, hand, melds, 1, 0)
    assert plan is not None and plan[0].new and plan[-1] == C.parse_action(
        {"type": "discard", "card": "9S"})
    classic = C.get_rules("classic-6p")  # one meld per rank: no second canasta of 8s
    assert not can_go_out_with(classic, hand, melds, 1, 0)


def test_S6_sequences_of_one_suit_from_four_to_the_ace() -> None:
    state = at(["4D", "5D", "6D", "7D", "2C", "AH", "KH", "QH", "3S", "9S"])
    assert meld("4D", "5D", "6D") in C.legal_actions(state)
    assert rule(state, meld("4D", "5D", "6D", "7D")) is None
    assert rule(state, meld("4D", "5D", "2C")) == "S6"  # no wild cards
    assert rule(state, meld("4D", "5D", "7D")) == "S6"  # no gap
    assert rule(state, meld("QH", "KH", "AH")) is None  # the ace is high
    assert span_of(("AH", "2H", "3H")) is None  # never 2s or 3s
    assert span_of(("4D", "4D", "5D")) is None
    after = C.apply(state, meld("4D", "5D", "6D"))
    run = after.melds[0][-1]
    assert run.kind == "sequence" and run.rank == ""
    assert rule(after, meld("7D", onto=run.id)) is None
    assert rule(after, meld("7D")) is not None  # alone and unnamed: no sequence


def test_S6_sequences_in_the_view_and_in_positions() -> None:
    state = at(["KS", "KH", "4D"], melds=[[{"id": 9, "cards": ["8S", "6S", "7S"]}], []])
    view = C.view_for(state, 0)
    m = view["melds"][0][0]
    assert (m["kind"], m["rank"], m["suit"], m["low"], m["high"]) == (
        "sequence", None, "S", "6", "8")
    assert m["cards"] == ["6S", "7S", "8S"] and m["closed"] is False
    bad = {"variant": "samba", "to_move": 0, "phase": "play", "hands": [["4C"], *THREE_DECK_OTHERS],
           "melds": [[["6S", "7S", "9S"]], []], "pile": ["5C"]}
    try:
        C.load_position(bad)
    except C.PositionError as err:
        assert "sequence" in str(err)
    else:
        raise AssertionError("a sequence with a gap was loaded")


def test_S6_a_sequence_counts_toward_the_initial_meld() -> None:
    state = at(["9H", "TH", "JH", "QH", "KH", "AH", "5S", "6C"])  # 50 needed
    assert rule(state, meld("9H", "TH", "JH")) is None  # 30 now, the rest can follow
    after = C.apply(state, meld("9H", "TH", "JH"))
    run = after.melds[0][-1].id
    done = C.apply(after, meld("QH", "KH", "AH", onto=run))
    assert done.opened[0]
    # the look-ahead sees sequences in the rest of the hand (C26)
    assert initial_reachable(SAMBA, ("9H", "TH", "JH", "QH", "KH", "5S", "6C"), (), 50, 0, 0)
    assert not initial_reachable(SAMBA, ("9H", "TH", "QH", "5S", "6C"), (), 50, 0, 0)


def test_S7_a_samba_is_a_closed_canasta_worth_1500() -> None:
    melds = [[{"id": 3, "cards": ["4S", "5S", "6S", "7S", "8S"]}, ["QS", "QH", "QD"]], []]
    state = at(["9S", "TS", "JS", "KD", "KH"], melds=melds)
    after = C.apply(state, meld("9S", "TS", onto=3))
    run = after.melds[0][0]
    assert len(run.cards) == 7 and after.canastas(0) == 1
    view = C.view_for(after, 0)["melds"][0][0]
    assert (view["canasta"], view["name"], view["bonus"], view["closed"]) == (
        "sequence", "samba", 1500, True)
    assert rule(after, meld("JS", onto=3)) == "S7"
    assert canasta_bonus(SAMBA, "sequence") == 1500


def test_S8_two_canastas_to_go_out_200_and_no_concealed_bonus() -> None:
    samba = ["4S", "5S", "6S", "7S", "8S", "9S", "TS"]
    one = [[samba, ["QS", "QH", "QD"]], []]
    state = at(["QC", "KD"], melds=one)
    assert rule(state, meld("QC")) == "S8"  # one canasta: keep two cards
    two = [[samba, KINGS, ["QS", "QH", "QD"]], []]
    out = C.apply(at(["QC", "KD"], melds=two), meld("QC"))
    out = C.apply(out, discard("KD"))
    assert out.round_over
    row = C.round_score(out)[0]
    assert row["going_out"] == 200 and not row["concealed"]
    assert SAMBA.concealed_bonus == 0 and SAMBA.double_end_bonus == 0


def test_S9_red_threes_plus_only_with_two_canastas() -> None:
    assert red_three_score(SAMBA, 5, True) == 1000
    assert red_three_score(SAMBA, 6, True) == 1000
    assert red_three_score(SAMBA, 3, True) == 300
    assert red_three_score(SAMBA, 5, False) == -1000
    assert red_threes_count_plus(SAMBA, True, 2)
    assert not red_threes_count_plus(SAMBA, True, 1)


def test_S10_the_initial_meld_table() -> None:
    assert [SAMBA.minimum_for(s) for s in (-5, 0, 1500, 3000, 6995, 7000)] == [
        15, 50, 90, 120, 120, 160]


def test_S11_game_to_ten_thousand() -> None:
    assert SAMBA.target_score == 10_000


def test_S12_to_S15_options() -> None:
    assert rules_named("samba+S12").minimum_for(7000) == 150
    melds = [[EIGHTS], []]
    open_only = rules_named("samba+S13")
    state = at(["KS", "KH", "4D"], phase="draw", pile=["4C", "8C"], melds=melds,
               rules=open_only)
    assert rule(state, take()) == "S3"  # onto a canasta: not under S13
    assert rule(at(["KS", "KH", "4D"], phase="draw", pile=["4C", "8C"], melds=melds),
                take()) is None
    runs_only = rules_named("samba+S14")
    state = at(["KS", "KH", "4D"], phase="draw", pile=["4C", "9C"],
               melds=[[["9S", "9H", "9D"]], []], rules=runs_only)
    assert rule(state, take()) == "S3"
    assert red_three_score(rules_named("samba+S15"), 5, True) == 500


def test_placements_are_every_way_to_lay_cards_in_sequences() -> None:
    ways = list(placements(SAMBA, ("4S", "5S", "6S", "7S", "9H"), ()))
    used = {w.used for w in ways}
    assert () in used and ("4S", "5S", "6S") in used and ("4S", "5S", "6S", "7S") in used
    assert all("9H" not in u for u in used)
    onto = list(placements(SAMBA, ("3S", "7S", "8S"), [(5, ("4S", "5S", "6S"))]))
    assert any(w.used == ("7S", "8S") and w.plays[0].onto == 5 for w in onto)


def test_every_ai_level_plays_samba() -> None:
    for level in ("easy", "normal"):
        end = ai_round(SAMBA, 321, level)
        assert end.round_over
    ends = [ai_round(SAMBA, seed, "normal") for seed in (5, 6)]
    runs = sum(m.kind == "sequence" for end in ends for t in end.melds for m in t)
    assert runs >= 2


def test_a_samba_game_replays_from_its_save() -> None:
    state = C.new_game(SAMBA, 12)
    rng = random.Random(3)
    while not state.round_over:
        legal = C.legal_actions(state)
        melds = [a for a in legal if isinstance(a, C.game.actions.Meld)]
        state = C.apply(state, rng.choice(melds if melds and rng.random() < 0.7 else legal))
    assert any(m.kind == "sequence" for t in state.melds for m in t)
    again = C.from_json(json.loads(json.dumps(C.to_json(state))))
    assert again == state


def test_the_fast_path_plays_samba_and_its_scores_agree_with_the_engine() -> None:
    from canasta.ai.fast.playout import Sim, unmodelled

    assert unmodelled(SAMBA) is None
    assert all(agree for _, agree in replayed_playouts(SAMBA, range(20)))
    # Ways out through a new meld of kings beside their canasta (S5), and through a
    # sequence grown to a samba (S6, S7): the fast path plays the solver's plan, which
    # replays through the engine to the same scores.
    kings = at(["KC", "KC", "KD", "KH", "KS", "2C", "JK", "QD"],
               melds=[[{"id": 1, "cards": KINGS}], []])
    run = at(["9S", "TS", "QC", "QD"],
             melds=[[{"id": 1, "cards": ["QS", "QS", "QH", "QH", "QD", "QC", "2D"]},
                     {"id": 2, "cards": ["4S", "5S", "6S", "7S", "8S"]}], []])
    for state, how in ((kings, "new"), (run, "onto")):
        sim = Sim(state, random.Random(1), record=True)
        assert sim._go_out(0)
        assert any(isinstance(a, C.game.actions.Meld) and getattr(a, how) for a in sim.actions)
        after = state
        for action in sim.actions:
            after = C.apply(after, action)
        assert after.round_over
        assert [row["total"] for row in C.round_score(after)] == sim.result()
