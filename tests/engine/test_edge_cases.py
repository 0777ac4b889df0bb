"""Deterministic edge cases (explicit stock order, every variant) for rules whose
ordinary tests depend on a random draw: C5, C7, C12, C14, C21, C26, C30-C34, C40-C43."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import canasta as C
from canasta.game.cards import make_deck
from canasta.game.state import State
from tests.engine.helpers import ASK, DRAW, act, discard, meld, rule, take

CANASTA = ["KD", "KD", "KC", "KC", "KH", "KS", "2H"]


def table(
    hands: list[list[str]],
    *,
    stock_top: list[str],
    melds: list[list[list[str]]] | None = None,
    pile: list[str] | None = None,
    variant: str | C.RuleSet = "classic",
    phase: str = "draw",
    scores: list[int] | None = None,
    red_threes: list[list[str]] | None = None,
    stock_size: int | None = None,
    **extra: Any,
) -> State:
    """A position whose stock starts with `stock_top` and holds every other card (with
    `stock_size` given, the stock is just `stock_top` and the rest lies in the pile)."""
    rules = variant if isinstance(variant, C.RuleSet) else C.get_rules(variant)
    pile = pile if pile is not None else ["7C"]
    melds = melds if melds is not None else [[] for _ in range(rules.teams)]
    reds = red_threes if red_threes is not None else [[] for _ in range(rules.teams)]
    used = Counter(c for h in hands for c in h)
    used.update(c for t in melds for m in t for c in m)
    used.update(c for r in reds for c in r)
    used.update(pile)
    used.update(stock_top)
    rest = list((Counter(make_deck(rules.decks, rules.jokers_per_deck)) - used).elements())
    if stock_size is None:
        stock, below = [*stock_top, *rest], []
    else:
        stock, below = list(stock_top), rest  # C34 tests: the rest lies in the pile
    data: dict[str, Any] = {
        "rules": rules.to_json(), "phase": phase, "hands": hands, "melds": melds,
        "red_threes": reds, "pile": [*below, *pile], "stock": stock,
        "scores": scores if scores is not None else [0] * rules.teams, **extra,
    }
    return C.load_position(data, seed=1)


OPP = [["4S", "4S"], ["5S", "5S"], ["6S", "6S"]]


def test_c5_a_dealt_red_3_is_replaced_by_the_top_stock_card_before_the_draw() -> None:
    state = table([["3H", "9C", "9D"], *OPP], stock_top=["QH", "8D"])
    assert state.red_threes[0] == ("3H",)
    assert sorted(state.hands[0]) == sorted(["9C", "9D", "QH"])
    after = C.apply(state, DRAW)
    assert "8D" in after.hands[0]


def test_c7_red_3s_drawn_in_a_row_are_all_replaced() -> None:
    state = C.apply(table([["9C", "9D"], *OPP], stock_top=["3D", "3H", "QH"]), DRAW)
    assert sorted(state.red_threes[0]) == ["3D", "3H"]
    assert "QH" in state.hands[0] and len(state.hands[0]) == 3


def test_c34_a_last_stock_card_that_is_a_red_3_is_laid_down_and_the_turn_finishes() -> None:
    state = C.apply(table([["9C", "9D", "5H"], *OPP], stock_top=["3D"], stock_size=1), DRAW)
    assert state.red_threes[0] == ("3D",) and not state.stock
    assert len(state.hands[0]) == 3 and state.phase == "play"
    after = C.apply(state, discard("5H"))
    assert after.round_over and after.went_out is None
    assert C.round_score(after)[0]["going_out"] == 0


def test_c34_the_round_ends_after_the_turn_that_empties_the_stock_not_before() -> None:
    state = C.apply(table([["9C", "9D", "5H"], *OPP], stock_top=["QH"], stock_size=1), DRAW)
    assert not state.stock and not state.round_over
    assert rule(state, meld("9C", "9D")) is not None  # C17 (two cards)
    after = C.apply(state, discard("QH"))
    assert after.round_over


def test_c14_the_pile_is_frozen_for_a_team_that_has_not_melded() -> None:
    hand = ["KS", "2C", "AS", "AS", "2D", "9H"]
    state = table([hand, *OPP], stock_top=["QH"], pile=["KH"])
    assert C.view_for(state, 0)["pile"]["frozen_for_you"]
    assert rule(state, take("KS", "2C")) == "C14"


def test_c14_a_frozen_pile_taken_with_a_natural_pair_joins_the_team_meld() -> None:
    state = table([["9C", "9D", "5H", "6H"], *OPP], stock_top=["QH"],
                  melds=[[["9S", "9S", "9H"]], []], pile=["2C", "8H", "9H"])
    after = C.apply(state, take("9C", "9D"))
    nines = next(m for m in after.melds[0] if m.rank == "9")
    assert len(nines.cards) == 6 and not after.pile
    assert sorted(after.hands[0]) == sorted(["5H", "6H", "2C", "8H"])


def test_c12_c26_a_pile_taken_toward_the_initial_meld_holds_the_pile_back() -> None:
    hand = ["KS", "KS", "AC", "AC", "2C", "9D", "8C"]
    state = table([hand, *OPP], stock_top=["QH"], pile=["AS", "KD"])
    after = C.apply(state, take("KS", "KS"))
    assert after.pending and not after.opened[0]
    assert rule(after, discard("9D")) == "C26"
    assert rule(after, meld("9D", "8C")) is not None


def test_c21_black_3s_go_down_last_with_one_card_left_to_discard() -> None:
    hand = ["3S", "3S", "3C", "9H"]
    state = C.apply(table([hand, *OPP], stock_top=["8D"], melds=[[CANASTA], []]), DRAW)
    assert rule(state, meld("3S", "3S", "3C")) == "C21"  # two cards would be left
    assert rule(state, meld("3S", "3S")) == "C21"
    # Discard-ready: lay off nothing, meld 3s when only one card would remain.
    two_left = C.apply(table([["3S", "3S", "3C"], *OPP], stock_top=["KH"],
                             melds=[[CANASTA], []]), DRAW)
    assert rule(two_left, meld("3S", "3S", "3C")) is None
    out = C.apply(two_left, meld("3S", "3S", "3C"))
    assert rule(out, meld("KH")) == "C21"
    assert rule(out, discard("KH")) is None
    done = C.apply(out, discard("KH"))
    assert done.round_over and done.went_out == 0
    row = C.round_score(done)[0]
    assert row["canasta_bonus"] == 300  # the 3s never make a canasta bonus
    assert row["melded_cards"] == sum([20, 10, 10, 10, 10, 10, 10]) + 15


def test_c30_no_going_out_by_discarding_without_a_canasta() -> None:
    state = C.apply(table([["9C"], *OPP], stock_top=["5H"],
                          melds=[[["KD", "KD", "KC"]], []]), DRAW)
    assert rule(state, discard("9C")) is None  # one card left: not going out
    state2 = C.apply(table([["9C", "9D", "9H"], *OPP], stock_top=["5H"],
                           melds=[[["KD", "KD", "KC"]], []]), DRAW)
    assert rule(state2, meld("9C", "9D", "9H")) == "C31"


def test_c31_a_play_that_makes_the_canasta_may_leave_one_card() -> None:
    six = ["KD", "KD", "KC", "KC", "KH", "2H"]
    state = C.apply(table([["KS", "9C"], *OPP], stock_top=["5H"], melds=[[six], []]), DRAW)
    assert rule(state, meld("KS")) is None
    assert rule(state, meld("KS", "9C")) == "C17"
    small = C.apply(table([["QS"], *OPP], stock_top=["5H"],
                          melds=[[["QD", "QD", "QC"]], []]), DRAW)
    assert rule(small, meld("QS")) == "C31"


def test_c32_concealed_going_out_after_taking_the_pile() -> None:
    hand = ["5H", "5H", "5D", "5D", "5C", "2C", "9D", "9D", "9C"]
    state = table([hand, *OPP], stock_top=["QH"], pile=["8H", "5C"], scores=[0, 0])
    assert rule(state, take("5H", "5H")) is None
    after = C.apply(state, take("5H", "5H"))
    after = C.apply(after, meld("5D", "5D", "5C", "2C"))
    after = C.apply(after, meld("9D", "9D", "9C"))
    assert after.hands[0] == ("8H",)
    done = C.apply(after, discard("8H"))
    assert done.round_over and done.concealed
    assert C.round_score(done)[0]["going_out"] == 200


def test_c33_only_the_partner_answers_and_only_when_asked() -> None:
    state = C.apply(table([["5H", "5D", "5C", "9H", "9D"], *OPP], stock_top=["QH"],
                          melds=[[CANASTA, ["9C", "9C", "9S"]], []]), DRAW)
    assert rule(state, act({"type": "answer", "yes": True})) == "C33"
    asked = C.apply(state, ASK)
    assert asked.to_act == 2
    assert rule(asked, DRAW) == "C33" and rule(asked, discard("QH")) == "C33"
    yes = C.apply(asked, act({"type": "answer", "yes": True}))
    out = C.apply(yes, meld("5H", "5D", "5C"))
    out = C.apply(out, meld("9H", "9D"))
    done = C.apply(out, discard("QH"))
    assert done.round_over and done.went_out == 0


def test_c42_red_3s_count_against_a_team_that_melded_nothing_when_the_other_goes_out() -> None:
    state = C.apply(table([["9H", "9D"], *OPP], stock_top=["QH"],
                          melds=[[CANASTA, ["9C", "9C", "9S"]], []],
                          red_threes=[["3H"], ["3D", "3D"]]), DRAW)
    state = C.apply(state, meld("9H", "9D"))
    done = C.apply(state, discard("QH"))
    rows = C.round_score(done)
    assert rows[0]["red_threes"] == 100 and rows[1]["red_threes"] == -200
    assert rows[1]["hand_penalty"] == -20  # seats 1 and 3: 4S 4S 6S 6S
    assert rows[1]["melded_cards"] == 0 and rows[1]["total"] == -200 - 20


def test_c25_a_negative_score_needs_15() -> None:
    state = C.apply(table([["4C", "4D", "4H", "9D", "8C"], *OPP], stock_top=["QH"],
                          scores=[-10, 0]), DRAW)
    assert rule(state, meld("4C", "4D", "4H")) is None
    pos = C.apply(table([["4C", "4D", "4H", "9D", "8C"], *OPP], stock_top=["QH"]), DRAW)
    assert rule(pos, meld("4C", "4D", "4H")) == "C26"


# ----- player-count variants ---------------------------------------------------------
def test_D3_D4_two_players_draw_two_and_need_two_canastas_to_go_out() -> None:
    state = table([["9H", "9D"], ["4S", "4S"]], stock_top=["QH", "QD"],
                  melds=[[CANASTA, ["9C", "9C", "9S"], ["QS", "QS", "QC"]], []],
                  variant="classic-2p")
    drawn = C.apply(state, DRAW)
    assert sorted(drawn.hands[0]) == sorted(["9H", "9D", "QH", "QD"])
    assert rule(drawn, meld("9H", "9D")) is None
    nines = C.apply(drawn, meld("9H", "9D"))
    assert rule(nines, meld("QH")) == "D4"  # one canasta is not enough for two (D4, not C31)
    assert rule(nines, meld("QH", "QD")) == "D4"


def test_T1_three_players_score_alone() -> None:
    state = table([["9H", "9D"], ["4S", "4S"], ["5S"]], stock_top=["QH"],
                  melds=[[CANASTA, ["JS", "JS", "JC", "JC", "JD", "JD", "JH"], ["9C", "9C", "9S"]],
                         [], []], variant="classic-3p")
    done = C.apply(C.apply(C.apply(state, DRAW), meld("9H", "9D")), discard("QH"))
    rows = C.round_score(done)
    assert len(rows) == 3
    assert rows[1]["hand_penalty"] == -10 and rows[2]["hand_penalty"] == -5


@pytest.mark.parametrize("variant", sorted(C.VARIANTS))
def test_c4_every_variant_deals_its_hand_size_and_a_plain_upcard(variant: str) -> None:
    rules = C.get_rules(variant)
    for seed in range(30):
        state = C.new_game(variant, seed)
        if not rules.upcard:  # U3: no upcard, the pile starts empty
            assert state.pile == ()
        else:
            top = state.pile[-1]
            assert top not in ("3H", "3D")
            if not rules.counted_pile:  # (Z3: a wild card turned up stays, and counts)
                assert top != "JK" and top[0] != "2"
        assert all(len(hand) == rules.hand_size for hand in state.hands)
        assert sum(state.cards_in_play().values()) == rules.deck_size()


def test_c14_three_naturals_from_hand_take_a_frozen_pile_but_a_wild_never_does() -> None:
    state = table([["9C", "9D", "9H", "2C", "5H"], *OPP], stock_top=["QH"],
                  melds=[[["KD", "KD", "KC"]], []], pile=["JK", "8H", "9S"])
    assert rule(state, take("9C", "9D", "9H")) is None
    assert rule(state, take("9C", "9D", "2C")) == "C14"
    assert rule(state, take("9C", "2C")) == "C14"


def test_c15_a_black_3_on_top_blocks_even_a_pair_of_3s() -> None:
    state = table([["3S", "3C", "5H", "6H"], *OPP], stock_top=["QH"],
                  melds=[[["KD", "KD", "KC"]], []], pile=["8H", "3S"])
    assert rule(state, take("3S", "3C")) == "C15"


def test_c32_concealed_going_out_needs_the_minimum_when_the_team_has_not_melded() -> None:
    # 7 fours + a wild = 40 points, under the 90 needed at 1500: no concealed go-out.
    hand = ["4H", "4H", "4D", "4D", "4C", "4C", "4S", "2C"]
    state = C.apply(table([hand, ["5S", "5S"], ["6S"], ["6S"]], stock_top=["QH"],
                          scores=[1500, 0]), DRAW)
    assert rule(state, meld(*hand)) == "C26"
    low = C.apply(table([hand, ["5S", "5S"], ["6S"], ["6S"]], stock_top=["QH"],
                        scores=[-100, 0]), DRAW)
    assert rule(low, meld(*hand)) is None
    done = C.apply(C.apply(low, meld(*hand)), discard("QH"))
    assert done.round_over and done.concealed


def test_c32_laying_off_on_the_partners_melds_keeps_the_bonus_if_own_cards_would_do() -> None:
    # The partner's K meld is on the table; the player lays off K and melds a canasta of
    # their own: the cards played form valid melds with a canasta without the partner's.
    hand = ["5H", "5H", "5D", "5D", "5C", "5C", "2C", "KS", "KH", "KC"]
    state = C.apply(table([hand, *OPP], stock_top=["QH"],
                          melds=[[["KD", "KD", "KC"]], []]), DRAW)
    state = C.apply(state, meld("5H", "5H", "5D", "5D", "5C", "5C", "2C"))
    state = C.apply(state, meld("KS", "KH", "KC"))
    done = C.apply(state, discard("QH"))
    assert done.round_over and done.concealed
    assert C.round_score(done)[0]["going_out"] == 200


def test_c26_the_pile_top_counts_toward_a_minimum_reached_in_several_steps() -> None:
    hand = ["AS", "AH", "KS", "KD", "9C", "8C", "7C"]
    state = table([hand, *OPP], stock_top=["QH"], pile=["TD", "AD"], scores=[1600, 0])
    # 90 needed: A A A (60) + K K with... no wild: kings need a third king -> refused.
    assert rule(state, take("AS", "AH")) == "C12"
    rich = table([[*hand, "2D"], *OPP], stock_top=["QH"], pile=["TD", "AD"], scores=[1600, 0])
    assert rule(rich, take("AS", "AH")) is None
    after = C.apply(rich, take("AS", "AH"))
    assert not after.opened[0] and after.pending == ("TD",)
    assert rule(after, meld("9C", "8C", "7C")) == "C17"
    done = C.apply(after, meld("KS", "KD", "2D"))
    assert done.opened[0] and "TD" in done.hands[0]


def test_D6_two_players_draw_what_is_left_of_a_short_stock_and_the_round_ends() -> None:
    # One card left where two are drawn: the player takes it (a full draw) and the
    # round ends after the turn (C34).
    state = table([["9H", "9D"], ["4S", "4S"]], stock_top=["QH"], stock_size=1,
                  melds=[[CANASTA], []], variant="classic-2p")
    drawn = C.apply(state, DRAW)
    assert not drawn.stock and sorted(drawn.hands[0]) == ["9D", "9H", "QH"]
    over = C.apply(drawn, discard("QH"))
    assert over.round_over and over.went_out is None
