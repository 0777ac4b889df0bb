"""One or more unit tests per rule of shared/rules/classic.md, named by rule id."""

from __future__ import annotations

import pytest

import canasta as C
from canasta.game.actions import NEXT_ROUND
from canasta.game.cards import VALUE, WILDS, make_deck
from canasta.game.state import evolve
from canasta.mechanics.melds import shape_problem
from canasta.rules.ruleset import CLASSIC
from tests.engine.helpers import ASK, DRAW, act, discard, meld, position, rule, take

OPENED = [[["KD", "KD", "KC"]], []]
CANASTA = [[["QD", "QD", "QC", "QC", "QH", "QS", "2H"]], []]


# ----- cards and values -------------------------------------------------------
def test_c1_two_decks_and_four_jokers_make_108_cards_with_jokers_and_2s_wild() -> None:
    deck = make_deck(2, 2)
    assert len(deck) == 108
    assert deck.count("JK") == 4
    assert {c for c in deck if c in WILDS} == {"JK", "2S", "2H", "2D", "2C"}


@pytest.mark.parametrize(("card", "points"), [
    ("JK", 50), ("2H", 20), ("AS", 20), ("KD", 10), ("8C", 10), ("7H", 5), ("4S", 5),
    ("3S", 5), ("3C", 5), ("3H", 0), ("3D", 0),
])
def test_c2_card_values(card: str, points: int) -> None:
    assert VALUE[card] == points


# ----- the deal -----------------------------------------------------------------
def test_c3_partners_opposite_left_of_dealer_first_and_the_deal_rotates() -> None:
    state = C.new_game("classic", 3)
    assert state.dealer == 3 and state.to_move == 0
    assert [CLASSIC.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    while not state.round_over:
        state = C.apply(state, C.legal_actions(state)[-1])
    nxt = C.apply(state, NEXT_ROUND)
    assert nxt.dealer == 0 and nxt.to_move == 1 and nxt.round_no == 2


def test_c4_eleven_cards_each_and_the_upcard_is_neither_wild_nor_red_3() -> None:
    for seed in range(60):
        state = C.new_game("classic", seed)
        assert all(len(h) == 11 for i, h in enumerate(state.hands) if i != state.to_move)
        top = state.pile[-1]
        assert top not in WILDS and top not in ("3H", "3D")
        assert all(c in WILDS or c in ("3H", "3D") for c in state.pile[:-1])
        if len(state.pile) > 1:
            assert C.view_for(state, 0)["pile"]["frozen"]


def test_c5_dealt_red_3s_go_down_at_the_first_turn_with_replacements() -> None:
    state = position(["3H", "5C", "6D"], stock=None)
    assert "3H" not in state.hands[0]
    assert state.red_threes[0] == ("3H",)
    assert len(state.hands[0]) == 3


# ----- a turn -----------------------------------------------------------------------
def test_c6_draw_first_then_meld_then_one_discard_ends_the_turn() -> None:
    state = position(["5C", "5D", "5H", "9S", "9H"], melds=OPENED)
    assert rule(state, meld("5C", "5D", "5H")) == "C6"
    assert rule(state, discard("9S")) == "C6"
    state = C.apply(state, DRAW)
    assert rule(state, DRAW) == "C6"
    state = C.apply(state, meld("5C", "5D", "5H"))
    state = C.apply(state, discard("9S"))
    assert state.to_move == 1 and state.phase == "draw"


def test_c7_a_drawn_red_3_is_laid_down_and_replaced() -> None:
    hands = [["5C", "6D"], ["4S"], ["8S"], ["TC"]]
    rest = [c for c in make_deck(2, 2)]
    for card in ("5C", "6D", "4S", "8S", "TC", "7C", "3D", "9H"):
        rest.remove(card)
    data = {"variant": "classic", "to_move": 0, "hands": hands, "pile": ["7C"],
            "stock": ["3D", "9H", *rest]}
    state = C.apply(C.load_position(data), DRAW)
    assert state.red_threes[0] == ("3D",)
    assert "9H" in state.hands[0] and len(state.hands[0]) == 3


def test_c8_nothing_can_be_taken_back() -> None:
    with pytest.raises(C.ActionFormatError):
        C.parse_action({"type": "undo"})
    state = C.apply(position(["5C", "5D", "5H", "9S"], melds=OPENED), DRAW)
    after = C.apply(state, meld("5C", "5D", "5H"))
    assert any(m.rank == "5" for m in after.melds[0])
    assert rule(after, DRAW) == "C6"


# ----- taking the pile -----------------------------------------------------------
def test_c10_the_pile_is_taken_only_by_using_its_top_card() -> None:
    state = position(["9S", "9H", "5C"], melds=OPENED, pile=["6C", "7C"])
    assert rule(state, take("9S", "9H")) == "C11"
    empty = position(["9S", "9H", "5C"], melds=OPENED, pile=[])
    assert rule(empty, take("9S", "9H")) == "C10"


def test_c11_unfrozen_pile_with_a_pair_a_natural_and_wild_or_a_lay_off() -> None:
    state = position(["6C", "6C", "2D", "9S"], melds=[[["KD", "KD", "KC", "2H"]], []],
                     pile=["5D", "6D"])
    assert rule(state, take("6C", "6C")) is None
    assert rule(state, take("6C", "2D")) is None
    lisa = position(["5H", "7C", "9D"], melds=[[["KD", "KD", "KC", "2H"]], []], pile=["9S", "KH"])
    assert rule(lisa, take()) is None
    after = C.apply(lisa, take())
    assert len(next(m for m in after.melds[0] if m.rank == "K").cards) == 5
    assert rule(state, take()) == "C11"  # no team meld of 6s to lay the 6 on


def test_c12_initial_meld_from_the_pile_counts_only_the_top_card_and_the_hand() -> None:
    # 3 kings = 30: the rest of the pile (aces worth 40) does not help reach 50.
    state = position(["KS", "KS", "5C", "9D"], pile=["AS", "AH", "KD"])
    assert rule(state, take("KS", "KS")) == "C12"
    rich = position(["KS", "KS", "AC", "AC", "2C", "9D"], pile=["AS", "KD"])
    assert rule(rich, take("KS", "KS")) is None
    after = C.apply(rich, take("KS", "KS"))
    assert after.pending == ("AS",) and "AS" not in after.hands[0]
    done = C.apply(after, meld("AC", "AC", "2C"))
    assert done.pending == () and "AS" in done.hands[0] and done.opened[0]


def test_c13_the_whole_pile_is_taken() -> None:
    state = position(["6C", "6C", "9S"], melds=OPENED, pile=["4D", "5H", "9H", "JD", "6D"])
    after = C.apply(state, take("6C", "6C"))
    assert after.pile == ()
    assert {"4D", "5H", "9H", "JD"} <= set(after.hands[0])


def test_c14_frozen_pile_needs_a_natural_pair_from_hand() -> None:
    state = position(["5H", "2D", "2D", "5C", "QS"], melds=OPENED, pile=["2C", "9S", "5S"])
    assert rule(state, take("5H", "2D")) == "C14"
    assert rule(state, take("5H", "5C")) is None
    unopened = position(["5H", "2D", "QS"], pile=["9S", "5S"])
    assert rule(unopened, take("5H", "2D")) == "C14"
    assert C.view_for(unopened, 0)["pile"]["frozen_for_you"]
    red = position(["5H", "2D", "QS"], melds=OPENED, pile=["3H", "9S", "5S"])
    assert rule(red, take("5H", "2D")) == "C14"


def test_c14_frozen_pile_refuses_a_lay_off_on_a_team_meld() -> None:
    state = position(["KS", "7C", "9D"], melds=[[["KD", "KD", "KC", "2H"]], []],
                     pile=["2C", "9S", "KH"])
    assert rule(state, take()) == "C14"


@pytest.mark.parametrize("top", ["3S", "3C", "2H", "JK"])
def test_c15_a_black_3_or_wild_card_on_top_blocks_the_pile(top: str) -> None:
    state = position(["9S", "9H", "5C"], melds=OPENED, pile=["9C", top])
    assert rule(state, take("9S", "9H")) == "C15"
    assert C.view_for(state, 0)["pile"]["blocked"]


# ----- melds -----------------------------------------------------------------------
def test_c17_meld_shape_rules() -> None:
    assert shape_problem(CLASSIC, "5", 2, 2) is not None  # 5 5 2 2
    assert shape_problem(CLASSIC, "4", 6, 3) is None
    assert shape_problem(CLASSIC, "4", 8, 3) is None  # the largest meld
    assert shape_problem(CLASSIC, "4", 5, 4) is not None  # at most three wilds
    assert shape_problem(CLASSIC, "4", 1, 0) is not None
    state = C.apply(position(["5C", "5D", "2C", "2S", "9H", "9D"], melds=OPENED), DRAW)
    assert rule(state, meld("5C", "5D", "2C", "2S")) == "C17"
    assert rule(state, meld("5C", "9H", "9D")) == "C17"
    assert rule(state, meld("2C", "2S")) == "C17"


def test_c18_one_meld_per_rank_cards_join_the_team_meld() -> None:
    state = C.apply(position(["TS", "TS", "TC", "2D", "9H", "9D"],
                             melds=[[["TH", "TD", "TD"]], []],
                             others=[["4S", "4S", "6C"], ["8S", "8H", "7D"], ["JC", "JC", "JD"]]),
                    DRAW)
    after = C.apply(state, meld("TS", "TS", "TC", "2D"))
    tens = [m for m in after.melds[0] if m.rank == "T"]
    assert len(tens) == 1 and len(tens[0].cards) == 7


def test_c19_lay_offs_keep_the_meld_valid_and_a_wild_makes_a_natural_canasta_mixed() -> None:
    state = C.apply(position(["2C", "2S", "JK", "9H", "9D", "5C"],
                             melds=[[["KD", "KD", "KC"],
                                     ["QD", "QD", "QC", "QC", "QH", "QS", "QH"]], []]), DRAW)
    assert rule(state, meld("2C", "2S", "JK", rank="K")) == "C19"
    assert rule(state, meld("2C", rank="K")) is None
    after = C.apply(state, meld("2C", rank="Q"))
    queens = C.view_for(after, 0)["melds"][0][1]
    assert queens["canasta"] == "mixed"


def test_c20_red_3s_are_never_melded_and_come_down_from_the_pile_without_replacement() -> None:
    state = position(["6C", "6C", "9S", "9H"], melds=OPENED, pile=["3H", "5D", "6D"])
    after = C.apply(state, take("6C", "6C"))
    assert after.red_threes[0] == ("3H",)
    assert "3H" not in after.hands[0] and len(after.hands[0]) == 3
    with pytest.raises(C.PositionError):
        C.load_position({"variant": "classic", "phase": "play",
                         "hands": [["3H", "5C"], [], [], []]})


def test_c21_black_3s_only_when_going_out_and_without_wilds() -> None:
    state = C.apply(position(["3S", "3S", "3C", "9H", "9D", "5C"], melds=CANASTA), DRAW)
    assert rule(state, meld("3S", "3S", "3C")) == "C21"
    going = C.apply(position(["3S", "3S", "3C", "QS"], melds=CANASTA,
                             others=[["4S", "4S", "6C"], ["8S", "8H", "7D"], ["TC", "TC", "JD"]]),
                    DRAW)
    drawn = [c for c in going.hands[0] if c not in ("3S", "3C", "QS")]
    going = C.apply(going, meld("QS"))
    if drawn and drawn[0] not in ("3S", "3C"):
        assert rule(going, meld("3S", "3S", "3C")) is None
        out = C.apply(going, meld("3S", "3S", "3C"))
        assert rule(out, meld(drawn[0])) == "C21"
    wild = C.apply(position(["3S", "3S", "2C", "QS"], melds=CANASTA), DRAW)
    assert rule(wild, meld("3S", "3S", "2C")) == "C21"


def test_c22_a_discarded_black_3_blocks_the_next_player_only() -> None:
    state = C.apply(position(["3S", "9D", "9C", "5C"], melds=OPENED,
                             others=[["9S", "9H", "6C"], ["8S", "8H", "7D"], ["TC", "TC", "JD"]],
                             pile=["9C"]), DRAW)
    state = C.apply(state, discard("3S"))
    assert rule(state, take("9S", "9H")) == "C15"
    state = C.apply(state, DRAW)
    state = C.apply(state, discard("6C"))
    assert not C.view_for(state, 0)["pile"]["frozen"]


def test_c23_a_discarded_wild_blocks_then_freezes_the_pile() -> None:
    state = C.apply(position(["2D", "9D", "5C"], melds=OPENED), DRAW)
    state = C.apply(state, discard("2D"))
    assert C.view_for(state, 1)["pile"]["blocked"]
    state = C.apply(C.apply(state, DRAW), discard("7H"))
    pile = C.view_for(state, 2)["pile"]
    assert pile["frozen"] and pile["freezer"] == "2D" and not pile["blocked"]


# ----- initial meld --------------------------------------------------------------
@pytest.mark.parametrize(("score", "minimum"), [
    (-10, 15), (0, 50), (1499, 50), (1500, 90), (2999, 90), (3000, 120), (4990, 120),
])
def test_c25_initial_meld_minimum_by_team_score(score: int, minimum: int) -> None:
    assert CLASSIC.minimum_for(score) == minimum


def test_c25_several_melds_in_one_turn_count_together_card_values_only() -> None:
    state = C.apply(position(["KS", "KS", "KH", "QS", "QS", "QH", "5C", "6C"]), DRAW)
    assert rule(state, meld("KS", "KS", "KH")) is None
    half = C.apply(state, meld("KS", "KS", "KH"))
    assert not half.opened[0] and half.turn_points == 30
    assert rule(half, discard("5C")) == "C26"
    done = C.apply(half, meld("QS", "QS", "QH"))
    assert done.opened[0]


def test_c26_turn_cannot_end_until_the_minimum_is_reached() -> None:
    state = C.apply(position(["AH", "AC", "2D", "9C", "9C", "9D", "5C", "6H"],
                             scores=[1500, 0]), DRAW)
    state = C.apply(state, meld("AH", "AC", "2D"))
    assert rule(state, discard("5C")) == "C26"


# ----- going out ------------------------------------------------------------------
def test_c30_going_out_needs_a_canasta() -> None:
    ok = C.apply(position(["9H", "9C", "9S", "8D"], melds=CANASTA, phase="play"),
                 meld("9H", "9C", "9S"))
    assert ok.hands[0] == ("8D",)
    assert rule(ok, discard("8D")) is None
    assert C.apply(ok, discard("8D")).round_over
    # The same last card without a canasta: no going out. Play never gets here (C31
    # keeps two cards), and a position cannot describe it (nothing would be legal),
    # so the state is forged from one with a canasta.
    forged = ok._replace(melds=(tuple(m for m in ok.melds[0] if m.rank != "Q"), ok.melds[1]))
    assert rule(forged, discard("8D")) == "C30"
    with pytest.raises(C.PositionError, match="no legal action"):
        position(["9H"], melds=OPENED, phase="play")


def test_c31_no_playing_down_to_one_card_without_a_canasta() -> None:
    state = C.apply(position(["KS", "KH"], melds=OPENED), DRAW)
    assert rule(state, meld("KS", "KH")) == "C31"
    canasta = C.apply(position(["KS", "KH"],
                               melds=[[["KD", "KD", "KC", "KC", "2H"]], []]), DRAW)
    assert rule(canasta, meld("KS", "KH")) is None  # 7 kings: the canasta is made


def test_c32_going_out_concealed_scores_200() -> None:
    hand = ["5H", "5H", "5D", "5D", "5C", "5C", "2C", "9D", "9D", "9C"]
    state = C.apply(position(hand, others=[["4S", "4S", "6C"], ["8S", "8H", "7D"],
                                           ["TC", "TC", "JD"]], scores=[0, 0]), DRAW)
    drawn = [c for c in state.hands[0] if c not in hand]
    state = C.apply(state, meld("5H", "5H", "5D", "5D", "5C", "5C", "2C"))
    state = C.apply(state, meld("9D", "9D", "9C"))
    state = C.apply(state, discard(drawn[0]))
    rows = C.round_score(state)
    assert state.concealed and rows[0]["going_out"] == 200 and rows[0]["concealed"]


def test_c32_not_concealed_after_an_earlier_meld() -> None:
    hand = ["5H", "5H", "5D", "5D", "5C", "5C", "2C", "9D"]
    state = C.apply(position(hand, melds=[[["9C", "9C", "9S"]], []],
                             melded_this_round=[True, False, False, False]), DRAW)
    drawn = next(c for c in state.hands[0] if c not in hand)
    state = C.apply(state, meld("5H", "5H", "5D", "5D", "5C", "5C", "2C"))
    state = C.apply(state, meld("9D"))
    state = C.apply(state, discard(drawn))
    assert state.round_over and not state.concealed
    assert C.round_score(state)[0]["going_out"] == 100


def _asking_position() -> C.State:
    return C.apply(position(["5H", "5D", "5C", "9H", "9D"],
                            melds=[[["KD", "KD", "KC", "KC", "KH", "KS", "2H"], ["9C", "9C", "9S"]],
                                   [["QD", "QD", "QC"]]],
                            others=[["4S", "4S", "6C"], ["8S", "8H", "7D"], ["TC", "TC", "JD"]],
                            scores=[2000, 1000]), DRAW)


def test_c33_may_i_go_out_yes_binds_the_player_to_go_out() -> None:
    state = _asking_position()
    assert rule(state, ASK) is None
    asked = C.apply(state, ASK)
    assert asked.phase == "answer" and asked.to_act == 2
    assert rule(asked, ASK) == "C33"
    yes = C.apply(asked, act({"type": "answer", "yes": True}))
    assert yes.to_act == 0 and yes.permission is True
    drawn = next(c for c in yes.hands[0] if c not in ("5H", "5D", "5C", "9H", "9D"))
    assert rule(yes, discard(drawn)) == "C33"
    assert rule(yes, ASK) == "C33"


def test_c33_no_forbids_going_out_this_turn() -> None:
    state = C.apply(C.apply(_asking_position(), ASK), act({"type": "answer", "yes": False}))
    assert rule(state, meld("5H", "5D", "5C")) is None
    after = C.apply(state, meld("5H", "5D", "5C"))
    assert rule(after, meld("9H", "9D")) == "C33"


def test_c33_asking_only_before_melding_and_only_when_going_out_is_possible() -> None:
    state = _asking_position()
    melded = C.apply(state, meld("9H"))
    assert rule(melded, ASK) == "C33"
    cannot = C.apply(position(["5H", "6D", "7C", "9H", "JD"], melds=OPENED), DRAW)
    assert rule(cannot, ASK) == "C33"


def test_c34_the_round_ends_when_the_stock_is_empty_after_a_turn() -> None:
    rest = list(make_deck(2, 2))
    hands = [["5C", "6D"], ["4S"], ["8S"], ["TC"]]
    for card in ("5C", "6D", "4S", "8S", "TC", "7C", "9H"):
        rest.remove(card)
    # Every other card lies in the pile, so the stock holds only 9H.
    data = {"variant": "classic", "hands": hands, "pile": ["7C", *rest], "stock": ["9H"]}
    state = C.apply(C.load_position(data), DRAW)
    assert not state.stock
    state = C.apply(state, discard("9H"))
    assert state.round_over


# ----- scoring ---------------------------------------------------------------------
def _finished(melds: list[list[list[str]]], reds: list[list[str]], hands: list[list[str]],
              went_out: int | None = None) -> C.State:
    # A position cannot hold an empty hand (it would have ended the round): load one
    # with a stand-in card, then put the hands of the finished round in place.
    filled = [h or ["JD"] for h in hands]
    state = position(filled[0], others=filled[1:], melds=melds, red_threes=reds)
    return evolve(state, phase="round_over", went_out=went_out, history=((0, 0),),
                  hands=tuple(tuple(h) for h in hands))


def test_c40_melded_cards_canasta_bonuses_red_3s_and_going_out() -> None:
    state = _finished([[["KD", "KD", "KC", "KC", "KH", "KS", "KH"], ["5C", "5C", "5D", "2S"]],
                       [["QD", "QD", "QC", "QC", "QH", "QS", "JK"]]],
                      [["3H"], ["3D", "3H"]], [[], ["4S"], [], ["9C"]], went_out=0)
    rows = C.round_score(state)
    assert rows[0]["melded_cards"] == 70 + 35
    assert rows[0]["canasta_bonus"] == 500
    assert rows[0]["red_threes"] == 100
    assert rows[0]["going_out"] == 100
    assert rows[1]["canasta_bonus"] == 300 and rows[1]["red_threes"] == 200
    assert rows[1]["hand_penalty"] == -15


def test_c40_all_four_red_3s_score_800() -> None:
    state = _finished([[["KD", "KD", "KC"]], [["QD", "QD", "QC"]]],
                      [["3H", "3H", "3D", "3D"], []], [["5C"], ["4S"], ["6C"], ["9C"]])
    assert C.round_score(state)[0]["red_threes"] == 800


def test_c41_cards_left_in_both_partners_hands_count_against_the_team() -> None:
    state = _finished([[["KD", "KD", "KC"]], [["QD", "QD", "QC"]]], [[], []],
                      [["JK", "3S"], ["4S"], ["2C", "AH"], ["9C"]])
    assert C.round_score(state)[0]["hand_penalty"] == -(50 + 5 + 20 + 20)


def test_c42_red_3s_count_against_a_team_that_melded_nothing() -> None:
    state = _finished([[], [["QD", "QD", "QC"]]], [["3H", "3D"], []],
                      [["5C"], ["4S"], ["6C"], ["9C"]])
    assert C.round_score(state)[0]["red_threes"] == -200


def test_c43_the_round_adds_to_the_total_and_sets_the_next_minimum() -> None:
    state = C.new_game("classic", 11)
    rng = 0
    while not state.round_over:
        legal = C.legal_actions(state)
        state = C.apply(state, legal[rng % len(legal)])
        rng += 7
    totals = state.totals()
    assert list(totals) == [s + r for s, r in zip(state.scores, state.history[-1], strict=True)]
    if not state.game_over:
        nxt = C.apply(state, NEXT_ROUND)
        assert nxt.scores == totals
        assert C.view_for(nxt, 0)["minimum"] == [CLASSIC.minimum_for(t) for t in totals]


# ----- winning -----------------------------------------------------------------------
def _finish(scores: tuple[int, int]) -> C.State:
    """Seat 0 goes out from a team with a canasta; `scores` are the totals before."""
    state = position(["9H"], melds=CANASTA, phase="play", scores=list(scores))
    return C.apply(state, discard("9H"))


def _end_with(totals: tuple[int, int]) -> C.State:
    """A finished round whose team totals come out as `totals`."""
    probe = [row["total"] for row in C.round_score(_finish((0, 0)))]
    return _finish((totals[0] - probe[0], totals[1] - probe[1]))


def test_c50_the_game_ends_at_5000_with_the_higher_total() -> None:
    over = _end_with((5200, 4100))
    assert over.game_over and over.totals() == (5200, 4100)
    on = _end_with((4900, 3000))
    assert on.round_over and not on.game_over
    behind = _end_with((4000, 5050))
    assert behind.game_over


def test_c50_a_tie_at_or_over_5000_plays_another_round() -> None:
    tie = _end_with((5200, 5200))
    assert tie.totals() == (5200, 5200)
    assert not tie.game_over and rule(tie, NEXT_ROUND) is None
