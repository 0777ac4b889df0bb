"""Hand and Foot (docs/variants/hand-and-foot.md, HF1-HF20; variants-notes §9): one test
per rule id — the foot that joins the hand once the hand is used up (reserve.py), the
pile's top seven cards (pile.taken_part), the minimum by round, books closed at seven
and the books needed to go out — the presets, the AI and saves."""

from __future__ import annotations

import json
from typing import Any

import canasta as C
from canasta.game.state import State, evolve
from canasta.io.view import view_for
from canasta.play.scoring import canasta_bonus, score_round
from canasta.rules.house_rules import describe, rules_named
from tests.engine.helpers import cards_drawn, discard, rule
from tests.games import ai_round

RULES = C.get_rules("hand-and-foot")
OTHERS = [["4C", "4D", "5C", "5D", "6C"], ["8C", "8D", "9C", "9D", "TC"],
          ["JC", "JD", "QC", "QD", "KC"]]
CLEAN = [["KC", "KD", "KD", "KH", "KS", "KS", "KS"], ["7C", "7C", "7D", "7H", "7H", "7S", "7S"]]
DIRTY = [["QH", "QS", "QS", "QS", "QD", "2C", "JK"], ["JH", "JS", "JS", "JS", "JD", "2D", "2H"]]
WILD = [["2C", "2D", "2H", "2S", "JK", "2C", "2D"]]
FOOT = ["4S", "4S", "9S", "9S", "3H", "JK", "AC", "AC", "AD", "6S", "6S"]
NO_FEET: list[list[str]] = [[], [], [], []]


def at(hand: list[str], *, melds: list[list[str]] | None = None,
       others: list[list[str]] | None = None, pile: list[str] | None = None,
       phase: str = "play", feet: list[list[str]] | None = None,
       rules: C.RuleSet = RULES, **extra: Any) -> State:
    """A position with seat 0 to move holding `hand`, its side's melds `melds`, the feet
    `feet` (default: seat 0's FOOT waiting, the others taken up)."""
    data: dict[str, Any] = {
        "rules": rules.to_json(), "to_move": 0, "phase": phase,
        "hands": [hand, *OTHERS][:rules.players],
        "melds": [melds or [], others or [], *[[] for _ in range(rules.teams - 2)]],
        "pile": pile if pile is not None else ["5S"],
        "packets": feet if feet is not None else [FOOT, [], [], []],
        **extra,
    }
    data["packets_open"] = [False] * rules.players
    return C.load_position(data, seed=2)


def meld(*cards: str) -> C.Action:
    return C.parse_action({"type": "meld", "cards": list(cards)})


def take(*cards: str) -> C.Action:
    return C.parse_action({"type": "take_pile", "cards": list(cards)})


def test_HF1_four_players_in_partnerships_five_decks() -> None:
    from canasta.rules.pages import rule_href, variant_href

    assert (RULES.players, RULES.teams, RULES.partner_of(0)) == (4, 2, 2)
    cards = C.new_game(RULES, 1).cards_in_play()
    assert sum(cards.values()) == 270 and cards["JK"] == 10 and cards["KS"] == 5
    assert variant_href("hand-and-foot").endswith("rules/hand-and-foot.html")
    assert (rule_href("HF8") or "").endswith("hand-and-foot.html#HF8")


def test_HF2_a_hand_of_eleven_and_a_foot_of_eleven_face_down() -> None:
    state = C.new_game(RULES, 4)
    assert [len(p) for p in state.packets] == [11] * 4
    assert [len(h) for h in state.hands] == [11] * 4  # (red 3s replaced)
    view = view_for(state, 1)
    assert view["packet_sizes"] == [11] * 4 and view["packet"] == []
    assert "packets" not in view  # face down until the round's end


def test_HF3_draw_two_discard_one() -> None:
    assert cards_drawn(RULES, 6) == 2


def test_HF4_books_close_at_seven_wild_cards_at_most_three_and_fewer() -> None:
    state = at(["KC", "8C", "8D", "8H", "2H", "2H", "JK", "9C", "9D", "5H"],
               melds=[CLEAN[0]])
    assert rule(state, meld("KC")) == "HF4"  # the book is closed
    assert rule(state, meld("8C", "8D", "8H")) is None
    assert rule(state, meld("9C", "9D", "2H", "2H")) == "HF4"  # as many wild cards
    assert RULES.max_wilds == 3 and RULES.groups_per_rank > 1


def test_HF5_melds_of_wild_cards_from_three() -> None:
    state = at(["2H", "2H", "JK", "5H", "6H"])
    assert rule(state, meld("2H", "2H", "JK")) is None
    assert rule(state, meld("2H", "JK")) is not None


def test_HF6_red_threes_plus_or_minus_a_hundred() -> None:
    down = at(["5H", "6H"], melds=[["8C", "8D", "8H"]], red_threes=[["3D", "3H"], []])
    assert score_round(down)[0]["red_threes"] == 200
    nothing = at(["5H", "6H"], red_threes=[["3D", "3H"], []])
    assert score_round(nothing)[0]["red_threes"] == -200
    assert RULES.all_red_threes_bonus == 0


def test_HF7_the_pile_takes_a_natural_pair_and_gives_its_top_seven() -> None:
    pile = ["4H", "5D", "6D", "8S", "9H", "TD", "JC", "QD", "4D", "KS"]
    state = at(["KC", "KD", "2C", "5H"], pile=pile, phase="draw",
               melds=[["8C", "8D", "8H"]])
    assert rule(state, take("KC", "2C")) == "HF7"  # always frozen: a natural pair
    after = C.apply(state, take("KC", "KD"))
    assert after.pile == ("4H", "5D", "6D")
    assert sorted(after.hands[0]) == sorted(["2C", "5H", "9H", "TD", "JC", "QD", "4D", "8S"])
    assert rule(at(["2C", "2D", "5H"], pile=["8S", "JK"], phase="draw",
                   melds=[["8C", "8D", "8H"]]), take("2C", "2D")) == "C15"
    whole = at(["KC", "KD", "5H"], pile=pile, phase="draw", melds=[["8C", "8D", "8H"]],
               rules=rules_named("hand-and-foot+HF20"))
    assert C.apply(whole, take("KC", "KD")).pile == ()


def test_HF8_the_foot_joins_when_the_hand_is_used_up() -> None:
    # running: the last cards melded, the foot joins at once and play goes on
    state = at(["8C", "8D", "8H"], melds=[["9C", "9D", "9H"]])
    after = C.apply(state, meld("8C", "8D", "8H"))
    assert after.round_over is False and after.packets[0] == ()
    assert len(after.hands[0]) == 11 and "3H" in after.red_threes[0]  # laid, replaced
    assert {"seat": 0, "event": "reserve", "count": 11} in after.log_list()
    assert C.check(after, meld("AC", "AC", "AD")) is None  # played this very turn
    # walking: the last card discarded, the foot joins and the turn passes
    walk = C.apply(at(["5H"], melds=[["9C", "9D", "9H"]]), discard("5H"))
    assert not walk.round_over and walk.to_move == 1 and len(walk.hands[0]) == 11
    # with the foot taken up, the last cards go out (here refused: no books, HF11)
    gone = at(["8C", "8D", "8H"], melds=[["9C", "9D", "9H"]], feet=NO_FEET)
    assert rule(gone, meld("8C", "8D", "8H")) == "HF11"


def test_HF9_the_initial_meld_goes_by_the_round() -> None:
    assert [RULES.minimum_for(0, n) for n in (1, 2, 3, 4)] == [50, 90, 120, 150]
    assert RULES.minimum_for(9000, 1) == 50
    assert rule(at(["KC", "KD", "KH", "5H", "6H"]), meld("KC", "KD", "KH")) == "HF9"  # 30
    state = at(["KC", "KD", "KH", "AC", "AD", "JK", "5H"], scores=[5000, 0])
    assert state.minimum(0) == 50
    assert rule(state, meld("AC", "AD", "JK")) is None  # 90 of 50
    fourth = evolve(state, round_no=4)
    assert fourth.minimum(0) == 150 and view_for(fourth, 0)["minimum"][0] == 150
    assert rule(fourth, meld("AC", "AD", "JK")) == "HF9"  # 120 at most of 150


def test_HF10_books_clean_500_dirty_300_wild_1500() -> None:
    assert canasta_bonus(RULES, "natural", rank="K") == 500
    assert canasta_bonus(RULES, "natural", rank="7") == 500
    assert canasta_bonus(RULES, "mixed", 2, rank="Q") == 300
    assert canasta_bonus(RULES, "wild", 7) == 1500


def test_HF11_two_clean_two_dirty_and_a_wild_book_to_go_out() -> None:
    books = [*CLEAN, *DIRTY, *WILD]
    out = at(["5H"], melds=books, feet=NO_FEET)
    assert rule(out, discard("5H")) is None
    done = C.apply(out, discard("5H"))
    assert done.round_over and done.went_out == 0
    assert score_round(done)[0]["going_out"] == 100
    lacking = at(["8C", "8D", "8H"], melds=[*CLEAN, DIRTY[0], *WILD], feet=NO_FEET)
    assert rule(lacking, meld("8C", "8D", "8H")) == "HF11"
    assert rule(at(["8C", "8D", "8H"], melds=books, feet=NO_FEET),
                meld("8C", "8D", "8H")) is None
    sevens = at(["5H"], melds=[CLEAN[1], CLEAN[1], *DIRTY, *WILD], feet=NO_FEET)
    assert rule(sevens, discard("5H")) is None  # a book of 7s is clean like any


def test_HF12_an_empty_stock_ends_the_round() -> None:
    state = evolve(at(["5H", "6H"], melds=[["9C", "9D", "9H"]]), stock=())
    assert C.apply(state, discard("5H")).round_over


def test_HF13_a_foot_never_taken_up_counts_against_its_side() -> None:
    state = at(["5H", "6H"], melds=[["9C", "9D", "9H"]],
               feet=[["KC", "KD", "3H"], [], ["AC"], []])
    row = score_round(state)[0]
    hands = (5 + 5) + (10 + 10 + 10 + 10 + 10)  # seats 0 and 2 (partners)
    feet = (10 + 10) + 20  # seat 0's K♣ K♦ (its red 3: nothing), seat 2's A♣
    assert row["hand_penalty"] == -(hands + feet)


def test_HF14_four_rounds_and_no_target() -> None:
    state = C.new_game(RULES, 3)
    rounds = 0
    from canasta.ai import choose_action

    while not state.game_over:
        if state.round_over:
            rounds += 1
            state = C.apply(state, C.legal_actions(state)[0])
            continue
        state = C.apply(state, choose_action(view_for(state, state.to_act), "easy", rounds))
    assert len(state.history) == 4 and RULES.deals == 4


def test_HF15_to_HF20_presets_are_offered_and_play() -> None:
    assert {f"HF{n}" for n in range(15, 21)} <= {d["id"] for d in describe(RULES)}
    two, three, six = (rules_named(f"hand-and-foot+HF{n}") for n in (15, 16, 17))
    assert (two.players, two.teams, two.decks) == (2, 2, 3)
    assert (three.players, three.teams, three.decks) == (3, 3, 4)
    assert (six.players, six.teams, six.decks) == (6, 2, 7)
    sask = rules_named("hand-and-foot+HF18")
    assert (sask.out_natural, sask.out_mixed, sask.out_wild) == (1, 1, 1)
    simpson = rules_named("hand-and-foot+HF19")
    reds = at(["5H", "6H"], melds=[["9C", "9D", "9H"]], red_threes=[["3D"], []],
              rules=simpson)
    assert score_round(reds)[0]["red_threes"] == -500
    for rules in (two, three, six, simpson):
        assert C.new_game(rules, 1).packets


def test_every_level_plays_a_round_and_a_save_reloads_exactly() -> None:
    # (the strong level's decisions are checked by tests/ai's fairness test: a whole
    # round of its public-API search takes minutes)
    for level in ("easy", "normal"):
        state = ai_round("hand-and-foot", 2, level)
        assert state.round_over
        loaded = C.from_json(json.loads(json.dumps(C.to_json(state))))
        assert loaded == state
