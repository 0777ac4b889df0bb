"""Pennies from Heaven (docs/variants/pennies.md, PH1-PH13, seed 003 line 81): one test
per rule id — the packet that joins the hand at the player's first canasta (reserve.py),
7s held and the four kinds of canasta to go out (shared with Railroad), red 3s minus
without a canasta of 7s — the AI and saves."""

from __future__ import annotations

import json
from typing import Any

import canasta as C
from canasta.game.state import State
from canasta.io.view import view_for
from canasta.play.scoring import canasta_bonus, score_round
from canasta.rules.house_rules import rules_named
from tests.engine.helpers import cards_drawn, discard, rule
from tests.games import ai_round

RULES = C.get_rules("pennies")
OTHERS = [["4C", "4D", "5C", "5D", "6C"], ["8C", "8D", "9C", "9D", "TC"],
          ["JC", "JD", "QC", "QD", "KC"], ["4H", "5H", "6H", "8H", "9H"],
          ["TH", "JH", "QH", "KH", "AH"]]
SEVENS = ["7C", "7C", "7D", "7H", "7H", "7S", "2S"]  # a mixed canasta of 7s
KINGS = ["KC", "KD", "KD", "KH", "KS", "KS", "KS"]
MIXED_QUEENS = ["QH", "QS", "QS", "QS", "2C", "2D", "JK"]
WILDS7 = ["2C", "2D", "2H", "2S", "JK", "2C", "2D"]
ALL_KINDS = [SEVENS, KINGS, MIXED_QUEENS, WILDS7]
PACKET = ["4S", "4S", "9S", "9S", "3H", "JK", "AC", "AC", "AD", "6S", "6S"]


def at(hand: list[str], *, melds: list[list[str]] | None = None,
       others: list[list[str]] | None = None, pile: list[str] | None = None,
       phase: str = "play", packets: list[list[str]] | None = None,
       rules: C.RuleSet = RULES, **extra: Any) -> State:
    """A position with seat 0 to move holding `hand`, its side's melds `melds`."""
    data: dict[str, Any] = {
        "rules": rules.to_json(), "to_move": 0, "phase": phase,
        "hands": [hand, *OTHERS][:rules.players],
        "melds": [melds or [], *([others or []] + [[] for _ in range(rules.teams - 2)])],
        "pile": pile if pile is not None else ["5S"], **extra,
    }
    if packets is not None:
        data["packets"] = packets
        data["packets_open"] = [False] * rules.players
    return C.load_position(data, seed=2)


def meld(*cards: str) -> C.Action:
    return C.parse_action({"type": "meld", "cards": list(cards)})


def test_PH1_six_players_two_teams_of_three_or_three_of_two() -> None:
    from canasta.rules.pages import rule_href, variant_href

    assert (RULES.players, RULES.teams) == (6, 2)
    assert RULES.seats_of(0) == (0, 2, 4) and RULES.partner_of(0) == 2
    three = rules_named("pennies+PH12")
    assert three.teams == 3 and three.seats_of(0) == (0, 3)
    assert variant_href("pennies").endswith("rules/pennies.html")
    assert (rule_href("PH9") or "").endswith("pennies.html#PH9")


def test_PH2_four_decks_and_eight_jokers() -> None:
    cards = C.new_game(RULES, 1).cards_in_play()
    assert sum(cards.values()) == 216 and cards["JK"] == 8 and cards["KS"] == 4


def test_PH3_thirteen_cards_and_a_packet_of_eleven_face_down() -> None:
    state = C.new_game(RULES, 4)
    assert [len(p) for p in state.packets] == [11] * 6
    view = view_for(state, 1)
    assert view["packet_sizes"] == [11] * 6 and view["packet"] == []


def test_PH4_the_packet_joins_the_hand_at_the_players_first_canasta() -> None:
    state = at(["KC", "KD", "5H", "8S"], melds=[["KH", "KH", "KS", "KS", "KD"]],
               packets=[PACKET, *[[] for _ in range(5)]])
    after = C.apply(state, meld("KC", "KD"))
    assert after.packets[0] == () and after.packets_open[0]
    # 10 join (the red 3 goes down, replaced from the stock): played this very turn
    assert len(after.hands[0]) == 2 + 11
    assert "3H" in after.red_threes[0]
    assert {"seat": 0, "event": "reserve", "count": 11} in after.log_list()
    assert C.check(after, meld("9S", "9S", "JK")) is None
    # PH13: by choice, with a discard
    chosen = at(["KC", "KD", "5H", "8S"], melds=[["KH", "KH", "KS", "KS", "KD"]],
                packets=[PACKET, *[[] for _ in range(5)]], rules=rules_named("pennies+PH13"))
    opened = C.apply(chosen, meld("KC", "KD"))
    assert opened.packets[0] == tuple(PACKET) and opened.packets_open[0]
    taken = C.apply(opened, C.parse_action({"type": "discard", "card": "5H", "reserve": True}))
    assert taken.packets[0] == () and len(taken.hands[0]) == 1 + 11


def test_PH5_draw_two_discard_one() -> None:
    assert cards_drawn(RULES, 6) == 2


def test_PH6_canastas_close_at_seven_wild_melds_from_three() -> None:
    state = at(["KC", "2H", "2H", "JK", "5H", "6H"], melds=[KINGS])
    assert rule(state, meld("KC")) == "PH6"
    assert rule(state, meld("2H", "2H", "JK")) is None


def test_PH7_red_threes_minus_without_a_canasta_of_sevens() -> None:
    without = at(["5H", "6H"], melds=[KINGS, MIXED_QUEENS, WILDS7, ["7C", "7D", "7H"]],
                 red_threes=[["3D", "3H"], []])
    assert score_round(without)[0]["red_threes"] == -200
    with_sevens = at(["5H"], melds=ALL_KINDS, red_threes=[["3D", "3H"], []])
    assert score_round(with_sevens)[0]["red_threes"] == 200


def test_PH8_canasta_bonuses() -> None:
    assert canasta_bonus(RULES, "natural", rank="7") == 1500
    assert canasta_bonus(RULES, "mixed", 1, rank="7") == 1500
    assert canasta_bonus(RULES, "wild", 7) == 1000
    assert canasta_bonus(RULES, "natural", rank="K") == 500
    assert canasta_bonus(RULES, "mixed", 2, rank="Q") == 300


def test_PH9_sevens_held_and_every_kind_to_go_out() -> None:
    assert rule(at(["7S", "5H", "6H"], melds=[SEVENS]), discard("7S")) == "PH9"
    both = at(["7S", "5H", "6H"], melds=[SEVENS], others=[SEVENS])
    assert rule(both, discard("7S")) is None
    assert rule(at(["5H"], melds=ALL_KINDS), discard("5H")) is None
    assert rule(at(["7S"], melds=ALL_KINDS, others=[SEVENS]), discard("7S")) == "PH9"
    lacking = at(["9C", "5H"], melds=[SEVENS, KINGS, MIXED_QUEENS, ["9D", "9D", "9H"]])
    assert rule(lacking, meld("9C")) == "PH9"  # no canasta of wild cards yet


def test_PH10_the_initial_meld_by_score() -> None:
    assert [RULES.minimum_for(s) for s in (-10, 0, 495, 500, 1000, 1500, 9000)] == [
        15, 50, 50, 90, 120, 150, 150]
    assert rule(at(["KC", "KD", "KH", "5H", "6H"], scores=[600, 0]), meld("KC", "KD", "KH")
                ) == "PH10"


def test_PH11_no_pile_with_a_wild_card_on_top_and_twenty_thousand() -> None:
    state = at(["KC", "KD", "5H"], melds=[KINGS], pile=["8C", "2D"], phase="draw")
    assert rule(state, C.parse_action({"type": "take_pile", "cards": ["KC", "KD"]})) == "C15"
    assert RULES.target_score == 20_000


def test_PH12_PH13_presets_are_offered() -> None:
    from canasta.rules.house_rules import describe

    assert {"PH12", "PH13"} <= {d["id"] for d in describe(RULES)}


def test_every_level_plays_a_round_and_a_save_reloads_exactly() -> None:
    for level in ("easy", "normal", "strong"):
        state = ai_round("pennies", 2, level)
        assert state.round_over
        loaded = C.from_json(json.loads(json.dumps(C.to_json(state))))
        assert loaded == state
