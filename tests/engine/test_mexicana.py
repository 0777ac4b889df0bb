"""Mexicana (docs/variants/mexicana.md, M1-M12): one test per rule id, the reserve's
mechanism (reserve.py), the worked examples, the AI and saves."""

from __future__ import annotations

from typing import Any

import canasta as C
from canasta.game.state import State
from canasta.mechanics.reserve import joining, take_reserve
from canasta.play.scoring import canasta_bonus, red_three_score
from canasta.rules.house_rules import with_house_rules
from tests.engine.helpers import discard, meld, rule, stocked, take
from tests.games import every_level_plays, reloaded_random_round, replayed_playouts

MEX = C.get_rules("mexicana")
O1, O2, O3 = ["4S", "4D", "7D"], ["6S", "6D", "7H"], ["JS", "JD", "7S"]
KINGS = ["KC", "KD", "KD", "KH", "KH", "KS", "KS"]
QUEENS = ["QC", "QD", "QD", "QH", "QH", "QS", "QS"]
STOCK = ["5C", "5D", "5H", "6C", "6H", "8C", "8D", "8H", "9C", "9D", "9H", "TC", "TD",
         "JC", "JH", "4C", "4H"]


def at(rules: C.RuleSet, hand: list[str], *, melds: Any = None, pile: list[str] | None = None,
       phase: str = "play", red_threes: list[list[str]] | None = None,
       stock: list[str] | None = None, partner: list[str] | None = None) -> State:
    """A position whose stock starts with `stock` (STOCK by default)."""
    return stocked(rules, [hand, O1, partner or O3, O2], STOCK if stock is None else stock,
                   melds=melds if melds is not None else [[], []], pile=pile or ["7C"],
                   phase=phase, red_threes=red_threes)


def test_M1_three_decks_with_six_jokers_and_the_rules_page() -> None:
    from canasta.rules.pages import rule_href, variant_href

    assert C.get_rules("mexicana") is MEX
    assert (MEX.players, MEX.teams, MEX.decks, MEX.jokers_per_deck) == (4, 2, 3, 2)
    assert MEX.deck_size() == 162 and MEX.target_score == 5000
    state = C.new_game(MEX, 4)
    assert sum(state.cards_in_play().values()) == 162
    assert variant_href("mexicana") == "./static/rules/mexicana.html"
    assert rule_href("M7") == "./static/rules/mexicana.html#M7"


def test_M2_fifteen_cards_each() -> None:
    assert all(len(h) == 15 for h in C.new_game(MEX, 3).hands)


def test_M3_the_player_who_opens_takes_thirteen_stock_cards() -> None:
    hand = ["KS", "KH", "KD", "8C", "8D", "8H", "2C", "4D", "9S"]
    state = at(MEX, hand)
    assert joining(MEX, False, len(state.stock)) == 13
    after = C.apply(state, meld("KS", "KH", "KD", "2C"))  # 80 >= 50: the initial meld
    assert after.opened[0]
    assert len(after.hands[0]) == 5 + 13
    assert after.stock[:4] == tuple(STOCK[13:])
    assert sorted(after.hands[0]) == sorted(["8C", "8D", "8H", "4D", "9S", *STOCK[:13]])
    log = after.log_list()
    assert log[-1] == {"seat": 0, "event": "reserve", "count": 13}
    # Melding on takes nothing more; nor does the partner's meld later.
    more = C.apply(after, meld("8C", "8D", "8H"))
    assert len(more.hands[0]) == 15 and more.stock == after.stock
    assert joining(MEX, True, 40) == 0


def test_M3_an_opening_by_the_pile_takes_them_too() -> None:
    hand = ["KS", "KH", "QD", "QH", "QS", "4D", "9S"]
    pile = ["5S", "6S", "8S", "9H", "JD", "4C", "KD"]
    state = at(MEX, hand, pile=pile, phase="draw")
    after = C.apply(state, take("KH", "KS"))
    after = C.apply(after, meld("QD", "QH", "QS"))  # 30 + 30 = 60 >= 50
    assert after.opened[0] and not after.pending
    assert len(after.hands[0]) == 2 + 6 + 13


def test_M3_red_threes_among_them_are_laid_down_and_replaced() -> None:
    stock = ["3H", *STOCK[:12], "3D", "AC", "AD"]
    kept, reds, left = take_reserve(MEX, tuple(stock), 13)
    assert reds == ("3H", "3D") and len(kept) == 13 and left == ("AD",)
    assert kept == (*STOCK[:12], "AC")
    state = at(MEX, ["KS", "KH", "KD", "2C", "9S", "4D"], stock=stock)
    after = C.apply(state, meld("KS", "KH", "KD", "2C"))
    assert after.red_threes[0] == ("3H", "3D")
    assert len(after.hands[0]) == 2 + 13
    assert after.log_list()[-1] == {"seat": 0, "event": "red_threes", "cards": ["3H", "3D"]}


def test_M3_a_short_stock_gives_what_is_left() -> None:
    kept, reds, left = take_reserve(MEX, ("5C", "3D", "5H"), 13)
    assert (kept, reds, left) == (("5C", "5H"), ("3D",), ())


def test_M3_the_reserve_counts_as_cards_kept_for_C31() -> None:
    # Opening with the whole hand but the cards of the reserve: allowed, since the
    # thirteen cards arrive with it (without them C31 would keep two cards back).
    state = at(MEX, ["KS", "KH", "KD", "2C", "9S"])
    assert rule(state, meld("KS", "KH", "KD", "2C")) is None
    classic = at(C.get_rules("classic"), ["KS", "KH", "KD", "2C", "9S"], stock=STOCK)
    assert rule(classic, meld("KS", "KH", "KD", "2C")) == "C31"


def test_M4_one_card_a_turn() -> None:
    state = at(MEX, ["9S", "4D"], phase="draw")
    after = C.apply(state, C.parse_action({"type": "draw"}))
    assert len(after.hands[0]) == 3


def test_M5_no_melds_of_wild_cards() -> None:
    state = at(MEX, ["2C", "2D", "2H", "9S", "4D"], melds=[[KINGS], []])
    assert rule(state, meld("2C", "2D", "2H")) is not None
    assert MEX.wild_meld_min == 0


def test_M6_a_canasta_of_sevens_scores_1000_natural_or_mixed() -> None:
    assert canasta_bonus(MEX, "natural", 0, 0, "7") == 1000
    assert canasta_bonus(MEX, "mixed", 2, 1, "7") == 1000
    assert canasta_bonus(MEX, "natural", 0, 0, "K") == 500
    assert canasta_bonus(C.get_rules("classic"), "natural", 0, 0, "7") == 500
    sevens = ["7C", "7D", "7D", "7H", "7H", "7S", "2S"]
    state = at(MEX, ["QC", "QD", "QH", "8S"], melds=[[KINGS, sevens], []],
               red_threes=[["3H", "3D"], []])
    state = C.apply(C.apply(state, meld("QC", "QD", "QH")), discard("8S"))
    assert state.round_over
    assert C.round_score(state)[0]["canasta_bonus"] == 500 + 1000


def test_M7_the_pile_is_taken_only_from_seven_cards() -> None:
    six = ["5S", "6S", "8S", "9H", "JD", "KD"]
    opened = [[["QC", "QD", "QH"]], []]
    state = at(MEX, ["KS", "KH", "4D", "9S"], pile=six, phase="draw", melds=opened)
    refusal = C.check(state, take("KH", "KS"))
    assert refusal is not None and refusal.rule == "M7" and "at least 7" in refusal.message
    assert all(a["type"] == "draw" for a in map(C.action_to_json, C.legal_actions(state)))
    seven = at(MEX, ["KS", "KH", "4D", "9S"], pile=["4C", *six], phase="draw", melds=opened)
    assert rule(seven, take("KH", "KS")) is None


def test_M8_two_canastas_and_two_red_threes_to_go_out() -> None:
    melds = [[KINGS, QUEENS], []]
    one_red = at(MEX, ["JC", "JD", "JH", "8S"], melds=melds, red_threes=[["3H"], []])
    refusal = C.check(one_red, meld("JC", "JD", "JH"))
    assert refusal is not None and refusal.rule == "M8"  # C31, cited by Mexicana's id
    assert "2 red 3s" in refusal.message
    two_reds = at(MEX, ["JC", "JD", "JH", "8S"], melds=melds, red_threes=[["3H", "3D"], []])
    out = C.apply(C.apply(two_reds, meld("JC", "JD", "JH")), discard("8S"))
    assert out.round_over and out.went_out == 0
    one_canasta = at(MEX, ["JC", "JD", "JH", "8S"], melds=[[KINGS], []],
                     red_threes=[["3H", "3D"], []])
    assert rule(one_canasta, meld("JC", "JD", "JH")) == "M8"


def test_M8_red_threes_in_a_pile_taken_to_go_out_count() -> None:
    melds = [[KINGS, QUEENS], []]
    pile = ["5S", "6S", "3D", "8S", "9H", "4C", "JD"]
    state = at(MEX, ["JC", "JH"], melds=melds, red_threes=[["3H"], []], pile=pile,
               phase="draw")
    assert rule(state, take("JC", "JH")) is None


def test_M9_six_red_threes() -> None:
    assert [red_three_score(MEX, n, True) for n in (1, 2, 4, 5, 6)] == [
        100, 200, 400, 1000, 1200]
    assert red_three_score(MEX, 2, False) == -200


def test_M10_M11_M12_options() -> None:
    game = with_house_rules(MEX, ["M10", "M11", "M12"])
    assert all(len(h) == 13 for h in C.new_game(game, 1).hands)
    short = at(game, ["KS", "KH", "4D", "9S"], pile=["5S", "KD"], phase="draw",
               melds=[[["QC", "QD", "QH"]], []])
    assert rule(short, take("KH", "KS")) is None  # any size (M11)
    seven_on_top = at(game, ["7S", "7H", "4D", "9S"], pile=["5S", "7D"], phase="draw")
    refusal = C.check(seven_on_top, take("7H", "7S"))
    assert refusal is not None and refusal.rule == "M11" and "7s on top" in refusal.message
    # M12: two canastas and three red 3s cannot go out; three canastas can.
    reds = [["3H", "3D", "3H"], []]
    two = at(game, ["JC", "JD", "JH", "8S"], melds=[[KINGS, QUEENS], []], red_threes=reds)
    assert rule(two, meld("JC", "JD", "JH")) == "M8"
    nines = ["9C", "9D", "9D", "9H", "9H", "9S", "9S"]
    three = at(game, ["JC", "JD", "JH", "8S"], melds=[[KINGS, QUEENS, nines], []],
               red_threes=reds)
    assert rule(three, meld("JC", "JD", "JH")) is None
    no_reds = at(game, ["JC", "JD", "JH", "8S"], melds=[[KINGS, QUEENS], []])
    assert rule(no_reds, meld("JC", "JD", "JH")) is None


def test_the_fast_path_plays_mexicana_and_its_scores_agree_with_the_engine() -> None:
    ends = replayed_playouts(MEX, range(40))
    assert all(agree for _, agree in ends)
    reserves = sum(e.get("event") == "reserve" for end, _ in ends for e in end.log_list())
    assert reserves >= 40


def test_every_ai_level_plays_mexicana() -> None:
    every_level_plays(MEX, 321)


def test_a_mexicana_game_replays_from_its_save() -> None:
    again = reloaded_random_round(MEX, 12)
    assert any(e.get("event") == "reserve" for e in again.log_list())
