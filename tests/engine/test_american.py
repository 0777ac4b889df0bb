"""Modern American Canasta (docs/variants/american.md, U1-U21): one test per rule id,
the worked examples, the AI and saves."""

from __future__ import annotations

import random
from typing import Any

import pytest

import canasta as C
from canasta.game.errors import RuleSetError
from canasta.game.state import State
from canasta.mechanics.reserve import joining
from canasta.play.scoring import canasta_bonus
from canasta.rules.house_rules import rules_named, with_house_rules
from tests.engine.helpers import DRAW, discard, meld, rule, stocked, take
from tests.engine.invariants import check_state, public_cards
from tests.games import ai_round, every_level_plays, reloaded_random_round

AM = C.get_rules("american")
O1, O2, O3 = ["4S", "4D", "6D"], ["6S", "6H", "8D"], ["JS", "JD", "9D"]
KINGS = ["KC", "KD", "KD", "KH", "KH", "KS", "KS"]
QUEENS = ["QC", "QD", "QD", "QH", "QH", "QS", "2S"]
STOCK = ["5C", "5D", "5H", "6C", "8C", "8H", "9C", "9H", "TC", "TD", "JC", "JH", "4C",
         "4H"]


def at(rules: C.RuleSet, hand: list[str], *, melds: Any = None, pile: list[str] | None = None,
       phase: str = "play", red_threes: list[list[str]] | None = None,
       stock: list[str] | None = None, scores: list[int] | None = None,
       hands: list[list[str]] | None = None) -> State:
    """A position whose stock starts with `stock` (STOCK by default)."""
    return stocked(rules, [hand, *(hands or [O1, O3, O2])], STOCK if stock is None else stock,
                   melds=melds if melds is not None else [[], []],
                   pile=pile if pile is not None else ["9S"], phase=phase,
                   red_threes=red_threes, scores=scores)


def test_U1_two_decks_four_jokers_and_the_rules_page() -> None:
    from canasta.rules.pages import rule_href, variant_href

    assert C.get_rules("american") is AM
    assert (AM.players, AM.teams, AM.decks, AM.deck_size()) == (4, 2, 2, 108)
    assert variant_href("american") == "./static/rules/american.html"
    assert rule_href("U13") == "./static/rules/american.html#U13"


def test_U2_thirteen_cards_and_U3_no_upcard() -> None:
    for seed in range(20):
        state = C.new_game(AM, seed)
        assert all(len(h) == 13 for h in state.hands)
        assert state.pile == ()
        assert sum(state.cards_in_play().values()) == 108
    # The first player can only draw.
    state = C.new_game(AM, 3)
    assert [C.action_to_json(a)["type"] for a in C.legal_actions(state)] == ["draw"]


def test_U4_one_card_a_turn() -> None:
    state = at(AM, ["9S", "4H"], phase="draw")
    assert len(C.apply(state, DRAW).hands[0]) == 3


def test_U5_black_threes_are_laid_down_and_replaced_like_red_ones() -> None:
    stock = ["3S", "3H", "TC", *STOCK]
    state = at(AM, ["9S", "4H"], phase="draw", stock=stock)
    after = C.apply(state, DRAW)
    assert after.red_threes[0] == ("3S", "3H")
    assert sorted(after.hands[0]) == sorted(["9S", "4H", "TC"])
    # Dealt: every 3 of every hand goes down before its player's first draw.
    for seed in range(30):
        state = C.new_game(AM, seed)
        assert not any(c[0] == "3" for c in state.hands[state.to_move])
    # A 3 is never melded nor discarded: none is ever in a hand at a player's turn.
    rng = random.Random(4)
    state = C.new_game(AM, 8)
    for _ in range(300):
        if state.round_over:
            break
        assert not any(c[0] == "3" for c in state.hands[state.to_move]) or state.phase == "answer"
        state = C.apply(state, rng.choice(C.legal_actions(state)))


def test_U6_bonus_cards_four_for_the_first_side_three_for_the_second() -> None:
    hand = ["KS", "KH", "KD", "AS", "AH", "AD", "JK", "9S", "4H"]
    state = at(AM, hand)
    after = C.apply(state, meld("AS", "AH", "AD", "JK"))  # 110
    assert not after.opened[0]
    after = C.apply(after, meld("KS", "KH", "KD"))  # 140 >= 125
    assert after.opened[0]
    assert sorted(after.hands[0]) == sorted(["9S", "4H", *STOCK[:4]])
    assert after.log_list()[-1] == {"seat": 0, "event": "reserve", "count": 4}
    # The other side opening after it takes three.
    assert joining(AM, False, 40, first=False) == 3
    assert joining(AM, False, 40, first=True) == 4
    # None while the stock holds eight cards or fewer.
    assert joining(AM, False, 8) == 0 and joining(AM, False, 9) == 4
    assert joining(AM, True, 40) == 0


def test_U7_at_most_two_wild_cards_and_two_naturals_with_two_wilds() -> None:
    state = at(AM, ["KS", "KH", "2C", "2D", "JK", "9S", "4H"],
               melds=[[["QC", "QD", "QH", "QS", "QD"]], []])
    assert rule(state, meld("KS", "KH", "2C", "2D")) is None
    assert rule(state, meld("KS", "KH", "2C", "2D", "JK")) == "U7"


def test_U8_sevens_never_take_wild_cards_aces_only_in_the_initial_meld() -> None:
    hand = ["7S", "7H", "7D", "AS", "AH", "AD", "2C", "JK", "KS", "KH", "KD", "9S", "4H"]
    unopened = at(AM, hand)
    refusal = C.check(unopened, meld("7S", "7H", "2C"))
    assert refusal is not None and refusal.rule == "U8" and "never" in refusal.message
    assert rule(unopened, meld("AS", "AH", "AD", "JK")) is None
    opened = at(AM, hand, melds=[[["QC", "QD", "QH"]], []])
    refusal = C.check(opened, meld("AS", "AH", "AD", "JK"))
    assert refusal is not None and refusal.rule == "U8" and "initial meld" in refusal.message
    # A meld of aces made mixed in the initial meld is ordinary: it takes more.
    mixed = at(AM, ["AC", "2C", "9S", "4H"], melds=[[["AS", "AH", "AD", "JK"]], []])
    assert rule(mixed, meld("2C", rank="A")) is None
    natural = at(AM, ["AC", "2C", "9S", "4H"], melds=[[["AS", "AH", "AD"]], []])
    assert rule(natural, meld("2C", rank="A")) == "U8"
    sevens = at(AM, ["7C", "2C", "9S", "4H"], melds=[[["7S", "7H", "7D"]], []])
    assert rule(sevens, meld("2C", rank="7")) == "U8"
    assert rule(sevens, meld("7C")) is None


def test_U9_melds_of_wild_cards() -> None:
    state = at(AM, ["2C", "2D", "JK", "2H", "9S", "4H"], melds=[[["QC", "QD", "QH"]], []])
    assert rule(state, meld("2C", "2D", "JK")) is None
    assert rule(state, meld("2C", "2D")) == "U9"


def test_U10_a_canasta_of_seven_is_closed_and_five_naturals_take_no_pile() -> None:
    state = at(AM, ["KC", "9S", "4H"], melds=[[[*KINGS[:-1], "2C"]], []])
    assert rule(state, meld("KC")) == "U10"
    five = [["JC", "JH", "JD", "JS", "JH"]]
    state = at(AM, ["JC", "JD", "9S", "4H"], melds=[five, []], pile=["5S", "JS"],
               phase="draw", stock=[s for s in STOCK if s[0] != "J"],
               hands=[O1, ["TS", "TH", "9D"], O2])
    assert rule(state, take("JC", "JD")) == "U10"


def test_U11_initial_meld_minimums_and_the_top_card_does_not_count() -> None:
    assert [AM.minimum_for(s) for s in (-500, 0, 2995, 3000, 4995, 5000)] == [
        125, 125, 125, 155, 155, 180]
    # K K + top K = 30, with 95 more from the hand: 125 only if the top card counts.
    hand = ["KS", "KH", "AS", "AH", "AD", "JK", "9S", "4H"]
    pile = ["5S", "KD"]
    state = at(AM, hand, pile=pile, phase="draw")
    after = C.apply(state, take("KS", "KH"))
    assert after.turn_points == 20
    after = C.apply(after, meld("AS", "AH", "AD", "JK"))  # 20 + 110 = 130
    assert after.opened[0]
    short = at(AM, ["KS", "KH", "AS", "AH", "AD", "9S", "4H"], pile=pile, phase="draw")
    refusal = C.check(short, take("KS", "KH"))  # 20 + 60 = 80 < 125
    assert refusal is not None and refusal.rule == "U11"
    assert "neither the top card" in refusal.message


def test_U12_the_pile_is_always_frozen() -> None:
    opened = [[["KC", "KD", "KH"]], []]
    state = at(AM, ["KS", "2C", "QS", "QH", "9S"], melds=opened, pile=["5S", "KD"],
               phase="draw")
    assert rule(state, take("KS", "2C")) == "U12"
    assert rule(state, take()) is not None
    queens = at(AM, ["QS", "QH", "9S", "4H"], melds=opened, pile=["5S", "QD"], phase="draw")
    assert rule(queens, take("QS", "QH")) is None


def test_U13_discards_wild_only_last_and_nothing_special_onto_an_empty_pile() -> None:
    opened = [[["QC", "QD", "QH"]], []]
    state = at(AM, ["2C", "9S", "4H"], melds=opened)
    assert rule(state, discard("2C")) == "U13"
    assert rule(state, discard("9S")) is None
    empty = at(AM, ["7C", "AC", "9S", "KC"], melds=[[["QC", "QD", "QH"]], [KINGS]], pile=[])
    assert rule(empty, discard("7C")) == "U13"
    assert rule(empty, discard("AC")) == "U13"
    refusal = C.check(empty, discard("KC"))  # kings have a canasta on the table
    assert refusal is not None and refusal.rule == "U13" and "canasta" in refusal.message
    assert rule(empty, discard("9S")) is None
    # A hand of nothing but such cards may discard any of them.
    only = at(AM, ["7C", "AC"], melds=opened, pile=[])
    assert rule(only, discard("7C")) is None
    listed = {C.action_to_json(a).get("card") for a in C.legal_actions(empty)}
    assert "9S" in listed and not listed & {"7C", "AC", "KC"}


def test_U14_canasta_bonuses() -> None:
    assert canasta_bonus(AM, "natural", 0, 0, "7") == 2500
    assert canasta_bonus(AM, "natural", 0, 0, "A") == 2500
    assert canasta_bonus(AM, "mixed", 1, 1, "A") == 300
    assert canasta_bonus(AM, "natural", 0, 0, "K") == 500
    assert canasta_bonus(AM, "mixed", 2, 0, "K") == 300
    assert canasta_bonus(AM, "wild", 7, 0, "W") == 3000
    assert canasta_bonus(AM, "wild", 7, 4, "W") == 2500
    assert canasta_bonus(AM, "wild", 7, 2, "W") == 2000


def test_U15_two_canastas_and_a_final_discard_to_go_out() -> None:
    one = at(AM, ["JC", "JD", "JH", "8S"], melds=[[KINGS], []])
    assert rule(one, meld("JC", "JD", "JH")) == "U15"
    two = at(AM, ["JC", "JD", "JH", "8S"], melds=[[KINGS, QUEENS], []])
    # Melding every card does not go out: a discard must end it.
    assert rule(two, meld("JC", "JD", "JH", "8S")) is not None
    out = C.apply(C.apply(two, meld("JC", "JD", "JH")), discard("8S"))
    assert out.round_over and out.went_out == 0
    row = C.round_score(out)[0]
    assert row["going_out"] == 100 and not row["concealed"]


def test_U16_threes_score_by_colour_and_by_canastas() -> None:
    two = at(AM, ["JC", "JD", "JH", "8S"], melds=[[KINGS, QUEENS], [["5C", "5D", "5H"]]],
             red_threes=[["3H", "3D", "3S"], ["3C"]])
    out = C.apply(C.apply(two, meld("JC", "JD", "JH")), discard("8S"))
    rows = C.round_score(out)
    assert rows[0]["red_threes"] == 300 + 100  # two red, one black, plus (two canastas)
    assert rows[1]["red_threes"] == -100  # no canasta: minus
    one = at(AM, ["JC", "JD", "JH", "8S", "9S"], melds=[[KINGS], [QUEENS]],
             red_threes=[["3H"], ["3C", "3S", "3C", "3S"]])
    end = C.apply(C.apply(one, meld("JC", "JD", "JH")), discard("8S"))
    assert not end.round_over


def test_U17_U18_penalties_and_melds_minus_without_a_canasta() -> None:
    melds = [[KINGS, QUEENS, ["7S", "7H", "7D", "7C"]], [["AS", "AH", "AD"], ["2C", "2D", "JK"],
                                                         ["5C", "5D", "5H"]]]
    state = at(AM, ["JC", "JD", "JH", "8S"], melds=melds,
               hands=[["7C", "7D", "7H", "AC", "AC", "AD", "9S"], O3, O2])
    out = C.apply(C.apply(state, meld("JC", "JD", "JH")), discard("8S"))
    rows = C.round_score(out)
    assert rows[0]["extras"] == {"unfinished_melds": -2500}
    assert rows[1]["extras"] == {"unfinished_melds": -2500 - 2000, "held_cards": -3000}
    assert rows[1]["melded_cards"] == -(3 * 20 + 20 + 20 + 50 + 15)


def test_U22_an_unfinished_wild_meld_of_four_jokers_costs_2500_with_the_option() -> None:
    jokers = [KINGS, QUEENS, ["JK", "JK", "JK", "JK", "2C"]]
    twos = [["2D", "2H", "2S"]]  # no joker: U17's 2000
    for rules, cost in ((AM, 2000), (with_house_rules(AM, ["U22"]), 2500)):
        state = at(rules, ["JC", "JD", "JH", "8S"], melds=[jokers, twos],
                   hands=[["9S"], O3, O2])
        out = C.apply(C.apply(state, meld("JC", "JD", "JH")), discard("8S"))
        rows = C.round_score(out)
        assert rows[0]["extras"] == {"unfinished_melds": -cost}
        assert rows[1]["extras"] == {"unfinished_melds": -2000}
    assert AM.unfinished_wild_by_jokers == ()
    assert C.RuleSet.from_json(with_house_rules(AM, ["U22"]).to_json()).unfinished_wild_by_jokers \
        == ((4, 2500),)


def test_U19_game_to_8500_and_U20_the_rule_of_five() -> None:
    assert AM.target_score == 8500
    five = with_house_rules(AM, ["U20"])
    state = at(five, ["KS", "KH", "KD", "2C", "QS", "QH", "QD", "QC", "QS", "9S", "4H"],
               melds=[[["JC", "JD", "JH"]], []])
    refusal = C.check(state, meld("KS", "KH", "KD", "2C"))
    assert refusal is not None and refusal.rule == "U7" and "5 natural" in refusal.message
    assert rule(state, meld("QS", "QH", "QD", "QC", "QS", "2C")) is None


def test_every_ai_level_plays_american() -> None:
    every_level_plays(AM, 321)


def test_an_american_game_replays_from_its_save() -> None:
    reloaded_random_round(AM, 12)


# U21: special hands, the option (preset U21) off by default. The hand built: pairs
# without wild cards, the whole hand after the draw (14 cards), 2500 in place of the
# side's score.
SPECIAL = C.parse_action({"type": "special_hand"})
PAIRS = ["4S", "4D", "5S", "5H", "8C", "8D", "9S", "9H", "TS", "TD", "KC", "KH", "AS", "AD"]
U21 = rules_named("american+U21")


def test_U21_special_hands_are_an_option_off_by_default() -> None:
    assert AM.special_pairs_bonus == 0 and U21.special_pairs_bonus == 2500
    assert with_house_rules(AM, ["U21"]) == U21
    state = at(AM, PAIRS)
    assert {"type": "special_hand"} not in [C.action_to_json(a) for a in C.legal_actions(state)]
    refusal = C.check(state, SPECIAL)
    assert refusal is not None and refusal.rule == "U21" and "no special hands" in refusal.message
    # Every other registered variant has none either.
    assert all(C.get_rules(v).special_pairs_bonus == 0 for v in C.VARIANTS)


def test_U21_seven_natural_pairs_go_out_for_2500() -> None:
    before = at(U21, PAIRS, red_threes=[["3H", "3S"], []], hands=[O1, O3, O2])
    assert {"type": "special_hand"} in [C.action_to_json(a) for a in C.legal_actions(before)]
    assert C.parse_action({"type": "special_hand"}) == SPECIAL
    assert C.action_to_json(SPECIAL) == {"type": "special_hand"}
    out = C.apply(before, SPECIAL)
    assert out.round_over and out.went_out == 0 and out.special_hand == "pairs"
    rows = C.round_score(out)
    # The side scores the hand's bonus in place of everything else (its 3s, going out,
    # cards in hand); the other side as usual (cards left in hand minus).
    assert rows[0] == {"melded_cards": 0, "canasta_bonus": 0, "red_threes": 0,
                       "going_out": 0, "hand_penalty": 0, "extras": {"special_hand": 2500},
                       "total": 2500, "concealed": False}
    assert rows[1]["hand_penalty"] == -(15 + 20) == rows[1]["total"]  # 4 4 6, 6 6 8
    view = C.view_for(out, 1)
    assert view["special_hand"] == {"seat": 0, "name": "pairs",
                                    "title": "pairs without wild cards", "bonus": 2500}
    assert view["hands"][0] == list(out.hands[0])  # shown face up, as every hand
    assert view["log"][-2] == {"seat": 0, "action": {"type": "special_hand"}, "hand": "pairs"}
    # Cards conserved, views leak nothing, the save replays to the same state.
    check_state(out, full=True, seen_public=set(public_cards(before)))
    # Two pairs of a rank are two pairs.
    four = ["KC", "KH", "KD", "KS", *PAIRS[:10]]
    assert rule(at(U21, four), SPECIAL) is None


def test_U21_a_hand_that_is_not_a_special_hand_is_refused() -> None:
    def refused(hand: list[str], **kw: Any) -> str:
        refusal = C.check(at(U21, hand, **kw), SPECIAL)
        assert refusal is not None and refusal.rule == "U21"
        return refusal.message

    assert "not a special hand" in refused([*PAIRS[:12], "AS", "2D"])  # a wild card
    assert "not a special hand" in refused([*PAIRS[:12], "AS", "JK"])
    assert "not a special hand" in refused([*PAIRS[:12], "AS", "KD"])  # no pair
    assert "not a special hand" in refused(PAIRS[:12])  # not the whole hand of 14
    # Only before the side has melded: not once the partner has a meld down.
    assert "before your side has melded" in refused(PAIRS, melds=[[["JC", "JD", "JH"]], []])
    # Not before the draw (C6), nor by a hand of pairs held back after a meld.
    refusal = C.check(at(U21, PAIRS[:13], phase="draw"), SPECIAL)
    assert refusal is not None and refusal.rule == "C6"
    from canasta.mechanics.special_hands import hand_of

    assert hand_of(U21, ("3C", "3C", *PAIRS[2:])) is None  # no 3s
    assert hand_of(AM, tuple(PAIRS)) is None  # off by default
    assert hand_of(U21, tuple(PAIRS)) == "pairs"


def test_U21_every_ai_level_lays_down_a_special_hand() -> None:
    from canasta.ai import choose_action
    from canasta.ai.fast.playout import unmodelled

    view = C.view_for(at(U21, PAIRS), 0)
    for level in ("easy", "normal", "strong"):
        assert choose_action(view, level, 3) == SPECIAL
    # The fast path does not model it: the strong level searches over the public API.
    reason = unmodelled(U21)
    assert reason is not None and "special_pairs_bonus" in reason
    every_level_plays(U21, 321)


def test_U21_saves_without_the_option_still_load() -> None:
    import json

    state = reloaded_random_round(AM, 5)
    data = json.loads(json.dumps(C.to_json(state)))
    del data["rules"]["special_pairs_bonus"]  # a save written before U21
    loaded = C.from_json(data)
    assert loaded == state and loaded.special_hand == ""
    # A game with the option saves its special hand and loads it back.
    out = C.apply(at(U21, PAIRS), SPECIAL)
    again = C.from_json(json.loads(json.dumps(C.to_json(out))))
    assert again.special_hand == "pairs" and C.round_score(again) == C.round_score(out)


U23 = rules_named("american+U23")


def test_U23_the_natural_triple_is_an_option_off_by_default() -> None:
    assert not AM.initial_natural_triple and U23.initial_natural_triple
    assert with_house_rules(AM, ["U23"]) == U23
    assert not any(C.get_rules(v).initial_natural_triple for v in C.VARIANTS)
    # The view says what each side's initial meld must hold (additive, as BR2's canasta).
    assert C.view_for(at(U23, ["9S", "4H"]), 0)["opening_canasta"] == ["triple", "triple"]
    assert "opening_canasta" not in C.view_for(at(AM, ["9S", "4H"]), 0)
    # The coach line says it (canasta/play/coach.py).
    from canasta.play.coach import coach

    said = coach(at(U23, ["9S", "4H"]), 0)
    assert said is not None and said.key.endswith("natural meld of three cards or more "
                                                  "({triple}){extra, plural, =0 {} other {; "
                                                  "then you take # cards from the stock}}.")
    assert str(said) == ("Your team's initial meld needs 125 points (U11) and a natural meld "
                         "of three cards or more (U23); then you take 4 cards from the stock.")


def test_U23_the_initial_meld_holds_a_natural_meld_of_three() -> None:
    # A A JK (90) and K K 2 (40) reach 125, but neither is natural.
    hand = ["AS", "AH", "JK", "KS", "KH", "2C", "9S", "4H"]
    plain = C.apply(C.apply(at(AM, hand), meld("AS", "AH", "JK")), meld("KS", "KH", "2C"))
    assert plain.opened[0]
    refusal = C.check(at(U23, hand), meld("AS", "AH", "JK"))
    assert refusal is not None and refusal.rule == "U23"
    assert "natural meld of three cards" in refusal.message
    # A A A is one; the look-ahead keeps it: K K K JK reaches 140 without touching it.
    hand = ["AS", "AH", "AD", "KS", "KH", "KD", "JK", "9S", "4H"]
    after = C.apply(at(U23, hand), meld("AS", "AH", "AD"))
    assert not after.opened[0] and after.turn_points == 60
    assert C.apply(after, meld("KS", "KH", "KD", "JK")).opened[0]
    # A wild card added to the only natural triple spoils it: A A A then JK and 2 on the
    # aces would reach 150 without a natural meld, so A A A is refused here.
    spoiled = ["AS", "AH", "AD", "JK", "2C", "9S", "4H", "5C"]
    assert rule(at(AM, spoiled), meld("AS", "AH", "AD")) is None
    refusal = C.check(at(U23, spoiled), meld("AS", "AH", "AD"))
    assert refusal is not None and refusal.rule == "U23"
    # Where the points cannot be reached either, the refusal names the points (U11).
    short = C.check(at(U23, ["AS", "AH", "AD", "9S", "4H", "5C"]), meld("AS", "AH", "AD"))
    assert short is not None and short.rule == "U11"


def test_U23_the_pile_taken_with_a_natural_pair_makes_the_triple() -> None:
    # K K from the hand and the top K are a natural triple; A A JK 2 (110) add the points.
    hand = ["KS", "KH", "AS", "AH", "JK", "2C", "9S", "4H"]
    state = at(U23, hand, pile=["5S", "KD"], phase="draw")
    after = C.apply(state, take("KS", "KH"))
    assert (after.melds[0][0].naturals, after.melds[0][0].wilds) == (3, 0)
    assert C.apply(after, meld("AS", "AH", "JK", "2C")).opened[0]
    # Before the initial meld is complete, a discard is refused with the triple missing.
    unfinished = after._replace(turn_points=130)
    unfinished = unfinished._replace(melds=((unfinished.melds[0][0]._replace(
        cards=("KD", "KH", "KS", "2D"), wilds=1),), ()))
    refusal = C.check(unfinished, discard("9S"))
    assert refusal is not None and refusal.rule == "U23" and "Finish your initial meld" in (
        refusal.message)


def test_U23_every_ai_level_plays_it() -> None:
    from canasta.ai import choose_action
    from canasta.ai.fast.playout import unmodelled

    reason = unmodelled(U23)  # the strong level searches over the public API
    assert reason is not None and "initial_natural_triple" in reason
    assert ai_round(U23, 323, "easy").round_over
    # Normal's whole round; the strong level's choice (legal) at its first decisions
    # before each side's initial meld, where the triple matters (a whole round of the
    # public-API search is left to the soak's and the arena's runs).
    state = C.new_game(U23, 323)
    asked = 0
    while not state.round_over:
        view = C.view_for(state, state.to_act)
        if asked < 6 and not state.opened[state.team] and len(view["legal"]) > 1:
            assert C.check(state, choose_action(view, "strong", asked)) is None
            asked += 1
        action = choose_action(view, "normal", len(state.action_list()))
        assert C.check(state, action) is None, action
        state = C.apply(state, action)
    assert asked == 6 and any(state.opened)


def test_U23_a_canasta_of_wild_cards_is_no_triple() -> None:
    # The soak's dead end (seed 1000000 of `tests.engine.soak --only american+U23`): a
    # side's meld of wild cards made this turn (190 points, no natural meld) may not grow
    # to where only a canasta of wild cards is left to play: that is no natural triple.
    hand = ["5H", "5D", "7H", "8S", "9D", "QH", "QC", "2D", "2C"]
    state = at(U23, hand, melds=[[["2S", "2H", "JK", "JK", "JK"]], []])
    state = state._replace(opened=(False, False), turn_points=190)
    refusal = C.check(state, meld("2D"))
    assert refusal is not None and refusal.rule == "U23"
    assert rule(state._replace(rules=AM), meld("2D")) is None  # without the option


U24 = rules_named("american+U24")
# The opponents' canasta of kings, five of the eight kings in it: three are left.
THEIR_KINGS = ["KC", "KD", "KH", "KS", "KS", "2C", "JK"]
OUR_CANASTAS = [["AS", "AH", "AD", "AC", "AC", "AS", "AH"],
                ["7S", "7H", "7D", "7C", "7C", "7S", "7H"]]


def test_U24_closed_to_both_is_an_option_off_by_default() -> None:
    assert not AM.closed_to_both and U24.closed_to_both
    assert with_house_rules(AM, ["U24"]) == U24
    assert not any(C.get_rules(v).closed_to_both for v in C.VARIANTS)
    # Only where a canasta is closed at its size and a side holds one meld of a rank.
    with pytest.raises(RuleSetError, match="closed_to_both"):
        C.RuleSet(closed_to_both=True)
    with pytest.raises(RuleSetError, match="closed_to_both"):
        C.RuleSet.from_json({**U24.to_json(), "groups_per_rank": 2})


def test_U24_nobody_melds_a_rank_the_opponents_closed() -> None:
    for rules, refused in ((AM, False), (U24, True)):
        opened = at(rules, ["KD", "KH", "JK", "9S", "4H"],
                    melds=[[["JS", "JH", "JD"]], [THEIR_KINGS]])
        said = rule(opened, meld("KD", "KH", "JK"))
        assert said == ("U24" if refused else None)
        # Nor the pile taken with its top king.
        drawing = at(rules, ["KD", "KH", "9S", "4H"], melds=[[["JS", "JH", "JD"]],
                                                             [THEIR_KINGS]],
                     pile=["5S", "KC"], phase="draw")
        assert rule(drawing, take("KD", "KH")) == ("U24" if refused else None)
        assert any(C.action_to_json(a)["type"] == "take_pile" for a in C.legal_actions(drawing)
                   ) is not refused
        # Nor anything added to the side's own meld of the rank, wild cards included.
        held = at(rules, ["KH", "JK", "9S", "4H"], melds=[[["KC", "KD", "2D"]], [THEIR_KINGS]])
        assert rule(held, meld("KH")) == ("U24" if refused else None)
        assert rule(held, meld("JK", onto=1)) == ("U24" if refused else None)
    refusal = C.check(opened, meld("KD", "KH", "JK"))
    assert refusal is not None and refusal.message == (
        "The opponents' canasta of kings has closed the rank for both sides: nobody may meld "
        "kings any more, nor take the pile with one.")
    # The side's own canasta closes the rank for it already (U10), with the option or not.
    ours = at(U24, ["KH", "9S", "4H"], melds=[[THEIR_KINGS], []])
    assert rule(ours, meld("KH", onto=1)) == "U10"


def test_U24_the_look_ahead_leaves_a_closed_rank_in_the_hand() -> None:
    from canasta.mechanics.melds import dead_ranks
    from canasta.outlook.going_out import go_out_plan
    from canasta.outlook.needs import can_go_out

    table = [OUR_CANASTAS, [THEIR_KINGS]]
    # Two canastas: K K 2 and Q Q Q, then the 6 discarded, go out where kings are open.
    hand = ["KD", "KH", "2D", "QS", "QH", "QD", "6C"]
    assert can_go_out(at(AM, hand, melds=table))
    assert not can_go_out(at(U24, hand, melds=table))
    # One king left is the last discard.
    state = at(U24, ["KD", "QS", "QH", "QD", "6C", "6D", "6H"], melds=table)
    dead = dead_ranks(U24, state.melds, 0)
    assert dead == {"K"} and dead_ranks(U24, state.melds, 1) == {"A", "7"}
    plan = go_out_plan(U24, state.hands[0], state.melds[0], 2, 0, dead=dead)
    assert plan is not None and C.action_to_json(plan[-1]) == {"type": "discard", "card": "KD"}
    assert can_go_out(state)
    # The initial meld (125, U11): A A A JK (110) reaches it with K K K where kings are
    # open; where the opponents closed them, nothing else in the hand can.
    hand = ["AS", "AH", "AD", "JK", "KD", "KH", "KC", "9S", "4H"]
    assert rule(at(AM, hand, melds=[[], [THEIR_KINGS]]), meld("AS", "AH", "AD", "JK")) is None
    assert rule(at(U24, hand, melds=[[], [THEIR_KINGS]]),
                meld("AS", "AH", "AD", "JK")) == "U11"


def test_U24_a_closed_rank_is_no_gift_and_every_level_plays_it() -> None:
    from canasta.ai import choose_action
    from canasta.ai.fast.playout import unmodelled
    from canasta.ai.gifts import gift_reason
    from canasta.ai.knowledge import read_view

    # Seat 1 (an opponent, next to play) holds a pair of kings as the log shows: a king
    # thrown to them takes the pile (the pile is always frozen: U12), unless their own
    # canasta closed kings (U10) or ours closed them for both (U24).
    for rules, table, gift in ((AM, [[], [["KS", "KH", "2D"]]], True),
                               (AM, [[], [THEIR_KINGS]], False),
                               (U24, [[THEIR_KINGS], [["8C", "8D", "8H"]]], False),
                               (AM, [[THEIR_KINGS], [["8C", "8D", "8H"]]], True)):
        state = at(rules, ["KH", "9S", "4H"], melds=table, pile=["5S"])
        view = C.view_for(state, 0)
        know = read_view(view)
        know.known[1].update(["KC", "KD"])
        assert (gift_reason(view, know, "KH") is not None) is gift, (rules.name, table)
    # A pair of a rank the side can meld no more is not worth keeping: where the
    # opponents closed kings (U24), or the side's own canasta did (U10), normal throws a
    # king first; where kings are open to it, the 9.
    for rules, table, first in ((AM, [[["JS", "JH", "JD"]], [THEIR_KINGS]], "9S"),
                                (U24, [[["JS", "JH", "JD"]], [THEIR_KINGS]], "KD"),
                                (AM, [[THEIR_KINGS], [["JS", "JH", "JD"]]], "KD")):
        view = C.view_for(at(rules, ["KD", "KH", "9S", "6H", "5C"], melds=table,
                             pile=["8S"]), 0)
        assert choose_action(view, "normal", 1) == C.parse_action(
            {"type": "discard", "card": first}), (rules.name, table)
    reason = unmodelled(U24)  # the strong level searches over the public API
    assert reason is not None and "closed_to_both" in reason
    ai_round(U24, 324, "easy")  # (every action checked on the way)
    ai_round(U24, 324, "normal")
    # The strong level where kings are closed to it: it plays no king, nor takes with one.
    for state in (at(U24, ["KD", "KH", "9S", "6H", "5C"], melds=[[["JS", "JH", "JD"]],
                                                                [THEIR_KINGS]], pile=["8S"]),
                  at(U24, ["KD", "KH", "9S", "4H"], melds=[[["JS", "JH", "JD"]],
                                                          [THEIR_KINGS]],
                     pile=["5S", "KC"], phase="draw")):
        action = choose_action(C.view_for(state, 0), "strong", 2)
        assert C.check(state, action) is None
        assert C.action_to_json(action) in ({"type": "discard", "card": "KD"},
                                            {"type": "draw"})
