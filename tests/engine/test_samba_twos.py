"""Samba with a counted pile and melds of 2s (docs/variants/samba-twos.md, Z1-Z14, seed
003 line 73): one test per rule id, the counted pile (canasta/mechanics/counted_pile.py), melds of
2s (canasta/mechanics/twos_melds.py), the worked examples, the AI and saves."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import canasta as C
from canasta.ai import choose_action
from canasta.ai.worlds import sample_world
from canasta.game.state import State
from canasta.io.view import view_for
from canasta.mechanics.counted_pile import count
from canasta.outlook.going_out import can_go_out_with, go_out_plan
from canasta.play.scoring import canasta_bonus, count_bonus, red_three_score
from canasta.rules.house_rules import rules_named
from tests.engine.helpers import discard, rule, three_deck_at
from tests.engine.invariants import check_view_leaks_nothing
from tests.games import ai_round

RULES = C.get_rules("samba-twos")
SAMBA = C.get_rules("samba")
KINGS = ["KC", "KD", "KD", "KH", "KH", "KS", "KS"]
SAMBA_RUN = ["4S", "5S", "6S", "7S", "8S", "9S", "TS"]
SEVEN_TWOS = ["2C", "2C", "2D", "2D", "2H", "2H", "2S"]


def at(hand: list[str], *, melds: Any = None, pile: list[str] | None = None,
       phase: str = "play", rules: C.RuleSet = RULES) -> State:
    return three_deck_at(rules, hand, melds=melds, pile=pile, phase=phase)


def meld(*cards: str, onto: int | None = None) -> C.Action:
    data: dict[str, Any] = {"type": "meld", "cards": list(cards)}
    if onto is not None:
        data["onto"] = onto
    return C.parse_action(data)


def take(*cards: str) -> C.Action:
    return C.parse_action({"type": "take_pile", "cards": list(cards)})


def dealt_with(upcard: str, rules: C.RuleSet = RULES) -> State:
    for seed in range(500):
        state = C.new_game(rules, seed)
        if state.pile[-1] == upcard:
            return state
    raise AssertionError(f"no deal turns up {upcard}")


def test_Z1_samba_with_its_changes_and_the_rules_page() -> None:
    from canasta.rules.pages import rule_href, variant_href

    for name in ("decks", "hand_size", "draw_count", "max_wilds", "groups_per_rank",
                 "sequence_min", "sequence_max", "canastas_to_go_out", "initial_meld",
                 "pile_wild_buy", "red_threes_plus_from"):
        assert getattr(RULES, name) == getattr(SAMBA, name), name
    assert variant_href("samba-twos") == "./static/rules/samba-twos.html"
    assert rule_href("Z6") == "./static/rules/samba-twos.html#Z6"


def test_Z2_red_threes_replaced_before_the_upcard() -> None:
    found = 0
    for seed in range(40):
        state = C.new_game(RULES, seed)
        assert not any(c in ("3H", "3D") for h in state.hands for c in h)
        assert all(len(h) == 15 for h in state.hands)
        events = [e for e in state.log_list() if e.get("event") == "red_threes"]
        laid = sum(len(r) for r in state.red_threes)
        assert laid == sum(len(e["cards"]) for e in events)
        found += laid
        assert sum(state.cards_in_play().values()) == 162
    assert found  # (some deal holds red 3s)


def test_Z3_the_counted_pile_lies_face_down_under_the_upcard() -> None:
    assert [count(RULES, c) for c in ("JH", "QS", "KD", "AC", "JK", "7H", "TS", "2C")] == [
        11, 12, 13, 20, 20, 7, 10, 2]
    state = dealt_with("KD")
    assert state.face_down == 13 and len(state.pile) == 14
    view = view_for(state, 1)
    assert view["pile"]["face_down"] == 13 and view["pile"]["size"] == 14
    deal = state.log_list()[0]
    assert deal["event"] == "deal" and deal["pile"] == ["KD"] and deal["face_down"] == 13
    check_view_leaks_nothing(state, set(state.table_cards()))
    assert sum(state.cards_in_play().values()) == 162
    assert dealt_with("AS").face_down == 20
    assert dealt_with("JK").face_down == 20  # a wild card turned up stays, and counts
    # Z13: the upcard one of its count
    assert dealt_with("KD", rules_named("samba-twos+Z13")).face_down == 12
    # the taker takes them unseen: the log names the face-up cards only
    hand = ["KS", "KH", "QC", "QD", "4S", "5S", "6S", "7S", "9D"]
    table = at(hand, phase="draw", pile=["9C", "8C", "KC"], melds=[[["QS", "QH", "QS"]], []])
    hidden = table._replace(face_down=2)  # 9♣ 8♣ face down under K♣
    after = C.apply(hidden, take("KS", "KH"))
    entry = after.log_list()[-1]
    assert entry["taken"] == [] and entry["face_down"] == 2
    assert Counter(after.hands[0])["9C"] == 1 and after.face_down == 0
    check_view_leaks_nothing(after, set(hidden.pile) | {"KS", "KH"})  # (the position's log)


def test_Z3_the_face_down_cards_stay_unseen_while_held_back_and_in_the_ai_s_worlds() -> None:
    """A side without its initial meld takes the pile (C12: the rest held back): the
    others' views show the held-back cards but the face-down ones; the AI's worlds put
    unseen cards under the pile."""
    hand = ["KS", "KH", "KD", "QC", "QD", "QH", "4S", "9D", "TD"]
    table = at(hand, phase="draw", pile=["9C", "8C", "5H", "KC"])._replace(face_down=2)
    after = C.apply(table, take("KS", "KH"))
    assert after.pending and after.face_down == 2
    assert view_for(after, 1)["pending"] == ["5H"]
    assert sorted(view_for(after, 0)["pending"]) == sorted(["9C", "8C", "5H"])
    check_view_leaks_nothing(after, set(table.pile) | {"KS", "KH"})  # (the position's log)
    done = C.apply(after, meld("QC", "QD", "QH"))
    assert not done.pending and done.face_down == 0
    dealt = dealt_with("QH")
    world = sample_world(view_for(dealt, 0), random.Random(1))
    assert world.face_down == 12 and world.pile[12:] == dealt.pile[12:]
    assert sum(world.cards_in_play().values()) == 162


def test_Z4_the_pile_is_always_frozen() -> None:
    state = at(["9D", "9S", "2C", "KS", "KH"], phase="draw", pile=["4C", "9C"],
               melds=[[["9H", "9H", "9D"]], []])
    assert rule(state, take()) == "Z4"  # not the top card alone onto the 9s
    assert rule(state, take("9D", "2C")) is not None
    assert rule(state, take("9D", "9S")) is None


def test_Z5_melds_of_2s_with_at_most_two_jokers() -> None:
    hand = ["2C", "2D", "2H", "2S", "JK", "JK", "JK", "KS", "QS", "QS"]
    state = at(hand, melds=[[["KC", "KD", "KH"]], []])
    assert rule(state, meld("JK", "JK", "JK")) == "Z5"  # jokers alone make no meld
    assert rule(state, meld("2C", "JK", "JK")) == "Z5"  # more 2s than jokers
    assert rule(state, meld("2C", "2D", "JK")) is None
    after = C.apply(state, meld("2C", "2D", "2H"))
    twos = next(m for m in after.melds[0] if m.kind == "wild")
    after = C.apply(after, meld("JK", onto=twos.id))
    after = C.apply(after, meld("JK", onto=twos.id))
    assert rule(after, meld("JK", onto=twos.id)) == "Z5"  # a third joker
    assert rule(after, meld("2S", onto=twos.id)) is None
    assert rule(SAMBA_STATE, meld("2C", "2D", "2H")) is not None  # (Samba: none)


SAMBA_STATE = at(["2C", "2D", "2H", "KS", "QS"], melds=[[["KC", "KD", "KH"]], []], rules=SAMBA)


def test_Z6_two_s_are_wild_nowhere_else_until_the_meld_of_2s_is_a_canasta() -> None:
    five = ["2C", "2C", "2D", "2H", "2S"]
    state = at(["2S", "JK", "QS", "QS", "9D"], melds=[[["KC", "KD", "KH"], five], []])
    assert rule(state, meld("2S", onto=1)) == "Z6"
    assert rule(state, meld("JK", onto=1)) is None  # jokers stay wild
    assert rule(state, meld("2S", onto=2)) is None
    done = at(["2S", "JK", "QS", "QS", "9D"], melds=[[["KC", "KD", "KH"], SEVEN_TWOS], []])
    assert rule(done, meld("2S", onto=1)) is None  # a canasta: wild again
    assert rule(done, meld("2S", onto=2)) == "Z5"  # (and it is closed)
    # the look-ahead lays the 2s on the meld of 2s first: a way out goes through it
    melds = (*state.melds[0],)
    hand = ("2S", "QS", "QS", "QH", "9D")
    assert not can_go_out_with(RULES, hand, melds, 0, 0)  # no canasta to go out with
    two_canastas = at(list(hand), melds=[[SAMBA_RUN, KINGS, five], []])
    plan = go_out_plan(RULES, hand, two_canastas.melds[0], 2, 0)
    assert plan is not None and plan[0] == meld("2S", onto=3)
    # a hand of 2s alone goes out onto the meld of 2s, with no discard
    only = at(["2S", "2H"], melds=[[SAMBA_RUN, KINGS, five], []])
    assert can_go_out_with(RULES, ("2S", "2H"), only.melds[0], 2, 0)
    assert go_out_plan(RULES, ("2S", "2H"), only.melds[0], 2, 0) == [meld("2H", "2S", onto=3)]


def test_Z7_a_canasta_of_2s_does_not_go_out_and_300_for_going_out() -> None:
    twos_and_kings = [[SEVEN_TWOS, KINGS, ["QS", "QH", "QD"]], []]
    state = at(["QC", "9D"], melds=twos_and_kings)
    assert rule(state, meld("QC")) == "Z7"  # a canasta short: keep two cards
    out = C.apply(at(["QC", "9D"], melds=[[SAMBA_RUN, KINGS, ["QS", "QH", "QD"]], []]),
                  meld("QC"))
    out = C.apply(out, discard("9D"))
    assert out.round_over and C.round_score(out)[0]["going_out"] == 300


def test_Z8_red_threes_100_each_to_three_then_200_each() -> None:
    assert [red_three_score(RULES, n, True) for n in range(1, 7)] == [
        100, 200, 300, 800, 1000, 1200]
    assert red_three_score(RULES, 4, False) == -800


def test_Z9_canastas_of_2s_3000_and_2000() -> None:
    assert canasta_bonus(RULES, "wild", 7, 0) == 3000
    assert canasta_bonus(RULES, "wild", 7, 2) == 2000


def test_Z10_the_bonus_of_2s_only_for_the_side_that_went_out() -> None:
    mixed = ["2C", "2D", "2H", "2S", "2S", "JK", "JK"]
    jacks = ["JD", "JD", "JH", "JH", "JS", "JS", "JC"]
    melds = [[SAMBA_RUN, KINGS, SEVEN_TWOS, ["QS", "QH", "QD"]], [mixed, jacks]]
    out = C.apply(at(["QC", "9D"], melds=melds), meld("QC"))
    out = C.apply(out, discard("9D"))
    rows = C.round_score(out)
    assert rows[0]["canasta_bonus"] == 1500 + 500 + 3000 + 0
    assert rows[1]["canasta_bonus"] == 500  # the jacks only; the 2s at their values
    assert rows[1]["melded_cards"] == 5 * 20 + 2 * 50 + 7 * 10


def test_Z11_five_and_ten_canastas() -> None:
    def table(*melds: list[str]) -> tuple[Any, ...]:
        return at(["9D"], melds=[list(melds), []]).melds[0]

    naturals = [[r + s for s in "CDHSCDH"] for r in "456789T"]
    mixed = ["QC", "QD", "QH", "QS", "QC", "2C", "2D"]
    assert count_bonus(RULES, table(*naturals[:4])) == 0
    assert count_bonus(RULES, table(*naturals[:5])) == 2000
    assert count_bonus(RULES, table(*naturals[:4], mixed)) == 1000
    assert count_bonus(RULES, table(*naturals[:4], SAMBA_RUN)) == 2000  # a samba: natural
    ten = [*naturals, mixed, KINGS, SAMBA_RUN]
    assert count_bonus(RULES, table(*ten)) == 2000 + 2000
    assert count_bonus(rules_named("samba-twos+Z14"), table(*naturals[:5])) == 3000


def test_Z12_game_to_twelve_thousand() -> None:
    assert RULES.target_score == 12_000


def test_every_level_plays_a_round_and_saves_reload() -> None:
    for level in ("easy", "normal"):
        end = ai_round(RULES, 17, level)
        assert end.round_over
    state = C.new_game(RULES, 17)
    while not state.round_over and len(state.log_list()) < 40:
        state = C.apply(state, choose_action(view_for(state, state.to_act), "easy"))
    saved = json.loads(json.dumps(C.to_json(state)))
    loaded = C.from_json(saved)
    assert loaded.pile == state.pile and loaded.face_down == state.face_down
