"""Brazilian Canasta (docs/variants/brazilian.md, BR1-BR12): one test per rule id, the
worked examples, the fast path and saves."""

from __future__ import annotations

import random
from typing import Any

import canasta as C
from canasta.game.actions import Meld
from canasta.game.state import State
from canasta.play.scoring import canasta_bonus, red_three_score, score_round
from canasta.rules.house_rules import rules_named
from tests.engine.helpers import ASK, DRAW, discard, meld, rule, take, three_deck_at
from tests.games import every_level_plays, reloaded_random_round, replayed_playouts

BRA = C.get_rules("brazilian")
BOL = C.get_rules("bolivia")
KINGS = ["KC", "KD", "KD", "KH", "KH", "KS", "KS"]
ESCALERA = ["5H", "6H", "7H", "8H", "9H", "TH", "JH"]
QUEENS = ["QS", "QS", "QH", "QD", "QD", "QC", "2C"]


def at(hand: list[str], *, melds: Any = None, phase: str = "play", score: int = 0,
       pile: list[str] | None = None, rules: C.RuleSet = BRA) -> State:
    return three_deck_at(rules, hand, melds=melds, phase=phase, pile=pile,
                         scores=[score, 0])


def test_BR1_bolivia_underneath_and_its_rule_ids() -> None:
    for field in ("decks", "hand_size", "draw_count", "max_wilds", "groups_per_rank",
                  "pile_wild_buy", "sequence_min", "sequence_max", "wild_meld_min",
                  "wild_meld_max", "canastas_to_go_out", "going_out_bonus",
                  "sequence_canasta_bonus", "sequence_canasta_name", "wild_canasta_name",
                  "black_three_in_hand"):
        assert getattr(BRA, field) == getattr(BOL, field), field
    state = at(["4D", "5D", "2C", "KS", "KH"], melds=[[["QS", "QH", "QD"]], []])
    assert rule(state, meld("4D", "5D", "2C")) == "S6"  # Samba's sequences, Samba's id
    from canasta.rules.pages import rule_href, variant_href

    assert variant_href("brazilian") == "./static/rules/brazilian.html"
    assert rule_href("BR2") == "./static/rules/brazilian.html#BR2"


def test_BR2_the_initial_meld_from_7000_holds_a_canasta() -> None:
    assert [BRA.minimum_for(s) for s in (-5, 0, 1500, 3000, 7000, 8000, 9000)] == [
        15, 50, 90, 120, 0, 200, 0]
    hand = ["KC", "KD", "KD", "KH", "KH", "KS", "2C", "9D", "9C", "4S"]
    below = at(hand, score=1000)
    assert rule(below, meld("KC", "KD", "KD", "KH", "KH", "KS")) is None  # 60 of 50
    # 7000: three kings alone open nothing, but the hand can still make the canasta
    state = at(hand, score=7200)
    three = C.apply(state, meld("KC", "KD", "KD"))
    assert not three.opened[0]
    assert rule(three, discard("9D")) == "BR2"  # an initial meld under way (C26)
    assert "canasta" in C.check(three, discard("9D")).message  # type: ignore[union-attr]
    done = C.apply(three, meld("KH", "KH", "KS", "2C", onto=three.melds[0][0].id))
    assert done.opened[0] and done.melds[0][0].cards.__len__() == 7  # a mixed canasta
    # a meld that leaves no way to the canasta is refused, citing BR2
    assert rule(state, meld("9D", "9C", "2C")) == "BR2"
    # 9000: a mixed canasta is not enough; seven natural kings are
    high = at(hand, score=9100)
    assert rule(high, meld("KC", "KD", "KD", "KH", "KH", "KS", "2C")) == "BR2"
    natural = at([*KINGS, "9D", "9C", "4S"], score=9100)
    assert C.apply(natural, meld(*KINGS)).opened[0]
    # 8000: a canasta and 200 points: seven kings (70) are not enough alone
    mid = at([*KINGS, "AS", "AD", "AH", "AH", "AC", "AC", "2D", "9D", "4S"], score=8500)
    assert rule(at([*KINGS, "AS", "AD", "AH", "AC", "AC", "2D", "9D", "4S"], score=8500),
                meld(*KINGS)) == "BR2"  # 70 + 100 + 20: short of 200
    first = C.apply(mid, meld(*KINGS))
    assert not first.opened[0]
    aces = C.apply(first, meld("AS", "AD", "AH", "AH", "AC", "AC", "2D"))  # 70 + 140
    assert aces.opened[0]


def test_BR2_the_legal_list_agrees_with_check_at_7000() -> None:
    state = at(["KC", "KD", "KD", "KH", "KH", "KS", "2C", "9D", "9C", "4S", "7S", "7D"],
               score=7500)
    listed = C.legal_actions(state)
    assert all(C.check(state, a) is None for a in listed)
    assert meld("9D", "9C", "2C") not in listed
    assert any(set(a.cards) == {"KS", "KH"} for a in listed if isinstance(a, Meld))


def test_BR3_the_pile_is_never_taken_for_the_initial_meld() -> None:
    hand = ["KC", "KD", "QS", "QH", "QD", "9C", "4S"]
    state = at(hand, phase="draw", pile=["7C", "KH"])
    assert rule(state, take("KC", "KD")) == "BR3"
    assert C.legal_actions(state) == [DRAW]
    opened = at(hand, phase="draw", pile=["7C", "KH"], melds=[[["AS", "AH", "AD"]], []])
    assert rule(opened, take("KC", "KD")) is None


def test_BR4_a_canasta_of_wild_cards_scores_2000() -> None:
    assert canasta_bonus(BRA, "wild") == 2000 and canasta_bonus(BOL, "wild") == 2500


def test_BR5_sequences_of_five_or_more_score_1000_at_the_end() -> None:
    state = _ended([[{"id": 1, "cards": ["4S", "5S", "6S", "7S", "8S"]},
                     {"id": 2, "cards": ESCALERA}, {"id": 3, "cards": ["4D", "5D", "6D"]},
                     {"id": 4, "cards": KINGS}], []], BRA)
    rows = score_round(state)
    assert rows[0]["extras"] == {"sequences": 2000}
    sources = _ended(state_melds(state), rules_named("brazilian+BR11"))
    assert score_round(sources)[0]["extras"] == {"sequences": -1000}


def state_melds(state: State) -> list[list[dict[str, Any]]]:
    return [[{"id": m.id, "cards": list(m.cards)} for m in team] for team in state.melds]


def _ended(melds: list[list[Any]], rules: C.RuleSet) -> State:
    """The round ended by seat 0 discarding its one card (held alone: no question)."""
    return C.apply(three_deck_at(rules, ["9C"], melds=melds), discard("9C"))


def test_BR6_an_escalera_grows_at_both_ends_in_going_out() -> None:
    melds = [[{"id": 2, "cards": ESCALERA}, {"id": 3, "cards": KINGS}], []]
    state = at(["QH", "KH", "4H", "9C"], melds=melds)
    assert rule(state, meld("QH", "KH", onto=2)) == "BR6"  # not going out: closed
    yes = C.apply(C.apply(state, ASK), C.parse_action({"type": "answer", "yes": True}))
    listed = C.legal_actions(yes)
    assert any(getattr(a, "onto", None) == 2 for a in listed)
    grown = C.apply(yes, meld("QH", "KH", "4H", onto=2))
    assert [c[0] for c in grown.melds[0][0].cards] == list("456789TJQK")
    out = C.apply(grown, discard("9C"))
    assert out.round_over and out.went_out == 0
    # with the last meld, no question needed where there is no partner to ask? Brazilian
    # always asks: the same play without the yes is refused
    assert rule(state, meld("QH", "KH", "4H", onto=2)) == "BR8"


def test_BR7_red_threes() -> None:
    assert [red_three_score(BRA, n, True) for n in range(1, 7)] == [
        100, 200, 300, 400, 1000, 1200]
    assert BRA.red_threes_plus_from == 1


def test_BR8_the_partner_is_always_asked() -> None:
    melds = [[{"id": 2, "cards": ESCALERA}, {"id": 3, "cards": KINGS}], []]
    state = at(["QS", "QS", "QH", "9C"], melds=melds)
    assert rule(state, meld("QS", "QS", "QH")) == "BR8"  # one card left, no yes
    assert rule(state, ASK) is None
    no = C.apply(C.apply(state, ASK), C.parse_action({"type": "answer", "yes": False}))
    assert rule(no, meld("QS", "QS", "QH")) == "BR8"  # (C33's "no")
    yes = C.apply(C.apply(state, ASK), C.parse_action({"type": "answer", "yes": True}))
    after = C.apply(C.apply(yes, meld("QS", "QS", "QH")), discard("9C"))
    assert after.round_over and after.went_out == 0


def test_BR9_any_two_canastas_go_out_BR10_game_and_BR12() -> None:
    melds = [[{"id": 1, "cards": QUEENS}, {"id": 3, "cards": KINGS}], []]
    state = at(["9C", "9D", "9H", "4S"], melds=melds)
    assert rule(state, ASK) is None  # two canastas of one rank each: enough
    assert BRA.target_score == 10_000
    bolivian = rules_named("brazilian+BR12")
    assert rule(at(["9C", "9D", "9H", "4S"], melds=melds, rules=bolivian), ASK) == "BR8"


def test_the_fast_path_plays_brazilian_and_its_scores_agree_with_the_engine() -> None:
    from canasta.ai.fast.playout import unmodelled

    assert unmodelled(BRA) is None
    assert all(agree for _, agree in replayed_playouts(BRA, range(20)))


def test_the_fast_path_opens_with_a_canasta_from_7000() -> None:
    from canasta.ai.fast.playout import Sim

    state = at(["KC", "KD", "KD", "KH", "KH", "KS", "2C", "9D", "9C", "4S", "7S", "7D"],
               score=7500)
    sim = Sim(state, random.Random(1), record=True)
    sim._play()
    laid = sim.melds[0].get("K")
    assert laid is not None and len(laid.cards) == 7
    replay = state
    for action in sim.actions:
        replay = C.apply(replay, action)
    assert replay.opened[0]


def test_every_ai_level_plays_brazilian() -> None:
    every_level_plays(BRA, 321)


def test_a_brazilian_game_replays_from_its_save() -> None:
    reloaded_random_round(BRA, 12)
