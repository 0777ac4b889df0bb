"""Samba with three naturals a meld (docs/variants/samba-three-naturals.md, N1-N8, seed
003 line 75): one test per rule id, the wild card in a sequence (canasta/mechanics/wild_runs.py and
sequences.span_of), the worked examples, the AI and saves."""

from __future__ import annotations

import json
import random
from typing import Any

import canasta as C
from canasta.game.state import State
from canasta.io.view import view_for
from canasta.mechanics.sequences import in_run_order, span_of
from canasta.outlook.solver import initial_reachable, sequence_ways
from canasta.play.scoring import canasta_bonus
from canasta.rules.house_rules import rules_named
from tests.engine.helpers import rule, three_deck_at
from tests.games import ai_round

RULES = C.get_rules("samba-three-naturals")
SAMBA = C.get_rules("samba")


def at(hand: list[str], *, melds: Any = None, pile: list[str] | None = None,
       phase: str = "play", rules: C.RuleSet = RULES) -> State:
    return three_deck_at(rules, hand, melds=melds, pile=pile, phase=phase)


def meld(*cards: str, onto: int | None = None, new: bool = False) -> C.Action:
    data: dict[str, Any] = {"type": "meld", "cards": list(cards)}
    if onto is not None:
        data["onto"] = onto
    if new:
        data["new"] = True
    return C.parse_action(data)


def take(*cards: str) -> C.Action:
    return C.parse_action({"type": "take_pile", "cards": list(cards)})


OPEN = [["KS", "KH", "KD"]]  # a side with its initial meld down (meld 1)


def test_N1_samba_with_its_changes_and_the_rules_page() -> None:
    from canasta.rules.pages import rule_href, variant_href

    for name in ("decks", "hand_size", "draw_count", "max_wilds", "groups_per_rank",
                 "sequence_min", "sequence_max", "canastas_to_go_out", "going_out_bonus",
                 "initial_meld", "target_score", "pile_wild_buy"):
        assert getattr(RULES, name) == getattr(SAMBA, name), name
    state = C.new_game(RULES, 3)
    assert sum(state.cards_in_play().values()) == 162
    assert variant_href("samba-three-naturals") == "./static/rules/samba-three-naturals.html"
    assert rule_href("N3") == "./static/rules/samba-three-naturals.html#N3"


def test_N2_every_meld_holds_three_naturals() -> None:
    state = at(["8S", "8H", "8D", "2C", "5C", "QS"], melds=[OPEN, []])
    assert rule(state, meld("8S", "8H", "2C")) == "N2"
    assert rule(state, meld("8S", "8H", "8D", "2C")) is None
    assert rule(state, meld("8S", "8H", "8D")) is None
    # wild cards onto a meld of two... never exists; onto one of three, up to two (S4)
    state = at(["2C", "2D", "JK", "5C", "QS"], melds=[[["9S", "9H", "9D"]], []])
    assert rule(state, meld("2C", "2D", onto=1)) is None
    assert rule(state, meld("2C", "2D", "JK", onto=1)) == "S4"
    assert rule(SAMBA_STATE, meld("8S", "8H", "2C")) is None  # (Samba allows it)


SAMBA_STATE = at(["8S", "8H", "8D", "2C", "5C", "QS"], melds=[OPEN, []], rules=SAMBA)


def test_N3_one_wild_card_in_a_sequence_stands_where_the_run_needs_it() -> None:
    hand = ["5H", "6H", "7H", "8H", "9H", "2C", "JK", "QS", "QS"]
    state = at(hand, melds=[OPEN, []])
    assert rule(state, meld("5H", "6H", "8H", "2C")) is None  # the 2 stands for the 7
    assert rule(state, meld("5H", "6H", "2C")) == "N3"  # three naturals besides it
    assert rule(state, meld("5H", "6H", "7H", "2C", "JK")) == "N3"  # one wild card only
    assert rule(state, meld("5H", "6H", "9H", "2C")) == "N3"  # two gaps: not a run
    after = C.apply(state, meld("5H", "6H", "8H", "2C"))
    run = next(m for m in after.melds[0] if m.kind == "sequence")
    assert run.cards == ("5H", "6H", "2C", "8H")  # drawn in its place
    assert rule(after, meld("JK", onto=run.id)) == "N3"
    # a natural takes the wild card's place; the wild card moves to an end
    after = C.apply(after, meld("7H", onto=run.id))
    run = next(m for m in after.melds[0] if m.kind == "sequence")
    assert run.cards == ("5H", "6H", "7H", "8H", "2C")
    assert span_of(run.cards) == (("H", 1, 5))  # 5 to 9, the 2 as the 9
    assert rule(after, meld("9H", onto=run.id)) is None  # it moves on to the 4
    view = view_for(after, 0)["melds"][0][1]
    assert (view["low"], view["high"]) == ("5", "9")
    # with the run at the ace, the wild card stands below
    assert in_run_order(("QD", "KD", "AD", "JK")) == ("JK", "QD", "KD", "AD")
    assert rule(SAMBA_STATE, meld("8S", "8H", "8D")) is None
    samba = at(hand, melds=[OPEN, []], rules=SAMBA)
    assert rule(samba, meld("5H", "6H", "7H", "2C")) == "S6"  # (Samba: none)


def test_N3_the_look_ahead_lays_wild_cards_in_sequences() -> None:
    """The initial meld's look-ahead (C26) and the ways of the go-out search see a
    sequence that needs its wild card; a sequence's wild card moves to let a natural
    in further along."""
    hand = ("5H", "6H", "8H", "JK", "QS", "4C")
    ways = {w.used for w in sequence_ways(RULES, hand, ())}
    assert ("5H", "6H", "8H", "JK") in ways
    assert not any(len(w) == 3 for w in ways)  # two naturals and a wild card: no run
    # 5H 6H 8H JK = 75 points, the only way to 50 from this hand
    assert initial_reachable(RULES, hand, (), 50, 0, 0)
    assert not initial_reachable(SAMBA, hand, (), 50, 0, 0)
    run = C.apply(at(["TD", "JD", "QD", "AD", "2C", "KD", "8D", "4S"], melds=[OPEN, []]),
                  meld("TD", "JD", "QD", "AD", "2C"))
    seq = next(m for m in run.melds[0] if m.kind == "sequence")
    ways = {w.used for w in sequence_ways(RULES, run.hands[0], run.melds[0])}
    assert ("8D", "KD") in ways  # K♦ frees the 2, which moves down to the 9: 8♦ fits
    assert rule(run, meld("8D", onto=seq.id)) == "N3"
    assert rule(run, meld("KD", onto=seq.id)) is None


def test_N4_canastas_of_sequences_mixed_1000_natural_1500() -> None:
    assert canasta_bonus(RULES, "sequence", 1) == 1000
    assert canasta_bonus(RULES, "sequence", 0) == 1500
    assert canasta_bonus(SAMBA, "sequence", 0) == 1500
    state = at(["4S", "5S", "6S", "8S", "9S", "TS", "2C", "QH", "QH"], melds=[OPEN, []])
    after = C.apply(state, meld("4S", "5S", "6S", "8S", "9S", "TS", "2C"))
    view = view_for(after, 0)["melds"][0][1]
    assert (view["canasta"], view["bonus"], view["name"], view["closed"]) == (
        "sequence", 1000, "samba", True)


def test_N5_no_canasta_beyond_seven_cards() -> None:
    sevens = ["9S", "9H", "9D", "9C", "9S", "9H", "9D"]
    state = at(["9C", "9C", "9H", "2C", "QS", "QS"], melds=[[sevens], []])
    assert rule(state, meld("9C", onto=1)) == "N5"
    assert rule(state, meld("2C", onto=1)) == "N5"
    assert rule(state, meld("9C", "9C", "9H", new=True)) is None  # a second meld (S5)
    assert view_for(state, 0)["melds"][0][0]["closed"] is True


def test_N6_the_pile_only_with_a_natural_pair() -> None:
    state = at(["9D", "9S", "2C", "2D", "KS", "KH"], phase="draw", pile=["4C", "9C"],
               melds=[OPEN, []])
    assert rule(state, take("9D", "2C")) == "S3"
    assert rule(state, take("9D", "9S")) is None
    wild_top = at(["2C", "2D", "KS", "KH", "QS"], phase="draw", pile=["4C", "2H"],
                  melds=[OPEN, []])
    assert rule(wild_top, take("2C", "2D")) is not None  # never a 2 with a pair of 2s
    black_top = at(["3S", "3C", "KS", "KH", "QS"], phase="draw", pile=["4C", "3S"],
                   melds=[OPEN, []])
    assert rule(black_top, take("3S", "3C")) is not None


def test_N7_the_top_card_alone_onto_a_meld_short_of_seven() -> None:
    state = at(["KS", "KH", "4D"], phase="draw", pile=["4C", "9C"],
               melds=[[["9S", "9H", "9D"]], []])
    assert rule(state, take()) is None
    six = [["9S", "9H", "9D", "9S", "9H", "9D", "9C"]]
    full = at(["KS", "KH", "4D"], phase="draw", pile=["4C", "9C"], melds=[six, []])
    assert rule(full, take()) is not None  # a meld of seven takes no card (N5)


def test_N8_the_top_card_alone_only_to_complete_a_canasta() -> None:
    option = rules_named("samba-three-naturals+N8")
    assert option.take_onto == "completes"
    four = at(["KS", "KH", "4D"], phase="draw", pile=["4C", "9C"],
              melds=[[["9S", "9H", "9D", "9C"]], []], rules=option)
    assert rule(four, take()) == "N7"
    six = at(["KS", "KH", "4D"], phase="draw", pile=["4C", "9C"],
             melds=[[["9S", "9H", "9D", "9C", "9S", "9H"]], []], rules=option)
    assert rule(six, take()) is None
    after = C.apply(six, take())
    assert len(after.melds[0][0].cards) == 7


def test_every_level_plays_a_round_and_saves_reload() -> None:
    for level in ("easy", "normal"):
        end = ai_round(RULES, 31, level)
        assert end.round_over
    state = C.new_game(RULES, 31)
    saved = json.loads(json.dumps(C.to_json(state)))
    assert C.from_json(saved) == state


def test_N3_the_look_ahead_ways_are_valid_and_miss_no_single_sequence() -> None:
    """Property: on random hands, every way `wild_placements` gives lays valid
    sequences, play by play (onto a table sequence holding a wild card too), and every
    subset of the hand that makes one new sequence alone is among its ways."""
    from itertools import combinations

    from canasta.mechanics.sequences import join_problem
    from canasta.mechanics.sequences import start_problem as run_problem
    from canasta.mechanics.wild_runs import wild_placements

    def kinds(cards: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted("2" if c[0] == "2" else c for c in cards))

    rng = random.Random(75)
    pool = [r + "H" for r in "456789TJQKA"] * 2 + ["2C", "2D", "JK", "5S", "6S", "7S"]
    table = [(9, ("7H", "8H", "2S", "TH"))]
    for _ in range(60):
        hand = tuple(rng.sample(pool, 8))
        used = {kinds(w.used) for w in wild_placements(RULES, hand, ())}
        for k in range(3, 8):
            for cards in set(combinations(sorted(hand), k)):
                if run_problem(RULES, cards) is None:
                    assert kinds(cards) in used, cards  # (2s of any suit alike)
        for way in wild_placements(RULES, hand, table):
            runs = dict(table)
            for play in way.plays:
                if play.onto is None:
                    assert run_problem(RULES, play.cards) is None, play
                else:
                    assert join_problem(RULES, runs[play.onto], play.cards) is None, play
                    runs[play.onto] = runs[play.onto] + play.cards
