"""Issue 10: the five known defects, and what the oracles (explorer.py, brute.py) found,
as rule tests on fixed positions (tests/engine/known_positions.py)."""

from __future__ import annotations

import canasta as C
from canasta.game.actions import Answer, Meld
from tests.engine import known_positions as K
from tests.engine.helpers import ASK, DRAW, discard, meld, rule, take

YES = Answer(True)
NO = Answer(False)


def _listed(state: C.State, action: C.Action) -> bool:
    """`legal_actions` lists `action` (melds compared up to suits and order)."""
    if isinstance(action, Meld):
        want = (sorted(c[0] for c in action.cards), action.rank)
        return any(isinstance(a, Meld) and (sorted(c[0] for c in a.cards), a.rank) == want
                   for a in C.legal_actions(state))
    return action in C.legal_actions(state)


# ----- defect 1 --------------------------------------------------------------------------
def test_c21_black_threes_count_held_back_pile_cards() -> None:
    """9C 9C 9D take the pile (40 of 50) with KD QD held back (C12). Melding the black 3s
    would complete the initial meld, so KD QD would join the hand beside 9S: the black
    3s would not be the last meld of a player going out (C21)."""
    state = C.apply(K.held_back_black_threes(), take("9C", "9C", "9D"))
    assert state.pending == ("KD", "QD") and state.turn_points == 40
    assert rule(state, meld("3S", "3S", "3C")) == "C21"
    assert not _listed(state, meld("3S", "3S", "3C"))
    # The 9 completes the initial meld the ordinary way.
    assert rule(state, meld("9S")) is None


def test_c21_black_threes_are_the_last_meld_so_they_must_complete_the_initial_meld() -> None:
    """Six 5s (30 of 50) are down; 2D would complete the canasta and the 50. The black 3s
    (45) leave 2D alone, but no meld may follow them (C21) and the 2D cannot be
    discarded before the minimum (C26): the turn could not end, so they are refused."""
    state = C.apply(K.fives_then_black_threes(), meld("5C", "5C", "5D", "5D", "5H", "5H"))
    assert rule(state, meld("3S", "3S", "3C")) in ("C21", "C26", "C30")
    assert not _listed(state, meld("3S", "3S", "3C"))
    assert rule(state, meld("2D", rank="5")) is None


# ----- defect 2 --------------------------------------------------------------------------
def test_c26_lookahead_counts_naturals_added_to_meld_at_wild_limit() -> None:
    """4C 4C 2D (30) is at its wild limit, but 4D may join it (35) and then the second 2D
    (55 of 50), keeping 8D 8H (C26, C17): so 4C 4C 2D may start the initial meld."""
    state = K.fours_at_the_wild_limit()
    first = meld("4C", "4C", "2D")
    assert rule(state, first) is None
    assert _listed(state, first)
    state = C.apply(state, first)
    state = C.apply(state, meld("4D"))
    state = C.apply(state, meld("2D", rank="4"))
    assert state.opened[0] and state.turn_points == 55
    assert sorted(state.hands[0]) == ["8D", "8H"]


def test_c26_lookahead_counts_naturals_added_to_meld_at_wild_limit_at_1500() -> None:
    """At 1500 (90): JC JD JK (70), then JH and JK join: 130, keeping KC KD."""
    state = K.jacks_at_the_wild_limit()
    first = meld("JC", "JD", "JK")
    assert rule(state, first) is None
    assert _listed(state, first)
    state = C.apply(C.apply(C.apply(state, first), meld("JH")), meld("JK", rank="J"))
    assert state.opened[0] and state.turn_points == 130
    assert sorted(state.hands[0]) == ["KC", "KD"]


# ----- defect 3 --------------------------------------------------------------------------
def test_c25_black_threes_count_toward_initial_meld_when_going_out() -> None:
    """The team's decision: black 3s melded when going out count toward the initial meld
    (C25 leaves out only red 3s and bonuses). At 1500 (90) seven 9s (70, a canasta) and
    four black 3s (20) go out: the player may ask, and may meld the 9s first."""
    state = K.nines_and_black_threes()
    nines = meld("9C", "9C", "9D", "9D", "9H", "9H", "9S")
    assert rule(state, ASK) is None
    assert ASK in C.legal_actions(state)
    assert C.view_for(state, 0)["may_ask"] is True
    assert rule(state, nines) is None  # without asking too
    yes = C.apply(C.apply(state, ASK), YES)
    assert C.legal_actions(yes)
    assert rule(yes, nines) is None
    after = C.apply(yes, nines)
    assert C.legal_actions(after)
    out = C.apply(after, meld("3S", "3S", "3C", "3C"))
    assert out.round_over and out.went_out == 0 and out.opened[0]
    assert C.round_score(out)[0]["melded_cards"] == 90


# ----- defect 4 --------------------------------------------------------------------------
def test_c33_no_ask_when_going_out_is_the_only_finish() -> None:
    """The last stock card is a red 3: it goes down with no replacement, and KH alone is
    left. The turn can end only by discarding it, which goes out (the team has a
    canasta): a "no" would leave no legal action, so the player may not ask (C33, C34)."""
    state = C.apply(K.last_red_three_with_a_canasta(), DRAW)
    assert state.phase == "play" and state.hands[0] == ("KH",) and not state.stock
    assert state.red_threes[0] == ("3H",)
    assert rule(state, ASK) == "C33"
    assert ASK not in C.legal_actions(state)
    assert C.view_for(state, 0)["may_ask"] is False
    assert C.legal_actions(state) == [discard("KH")]
    out = C.apply(state, discard("KH"))
    assert out.round_over and out.went_out == 0


# ----- defect 5 --------------------------------------------------------------------------
def test_T4_three_players_need_two_canastas() -> None:
    """Three players need two canastas to go out (T4): with one, a meld may not leave
    fewer than two cards (C31, cited as T4, the rule in force)."""
    assert C.get_rules("classic-3p").canastas_to_go_out == 2
    state = K.three_players_one_canasta()
    assert rule(state, meld("KC", "KD")) == "T4"
    assert rule(state, discard("7D")) is None


# ----- found by the oracles ------------------------------------------------------------------
def test_c26_held_back_red_threes_are_not_cards_kept_in_hand() -> None:
    """KS KS take KD (30 of 50) with 5C and 3H held back. Laying KC off (40) would leave
    JK, and JK onto the kings (90) would leave only 5C in hand: the red 3 goes down
    (C20), so that is one card without a canasta (C31). After KC the turn could not
    end (no discard before the minimum, C26), so KC must be refused; JK completes the
    initial meld keeping KC and 5C."""
    state = C.apply(K.held_back_red_three(), take("KS", "KS"))
    assert state.pending == ("5C", "3H")
    assert rule(state, meld("KC")) == "C26"
    assert not _listed(state, meld("KC"))
    assert rule(state, meld("JK", rank="K")) is None
    done = C.apply(state, meld("JK", rank="K"))
    assert done.opened[0] and sorted(done.hands[0]) == ["5C", "KC"]


def test_c34_a_last_red_three_does_not_end_the_round_when_the_card_left_can_go_out() -> None:
    """The last stock card is 3D; 6S alone is left. Laying it off completes the team's
    sixes into a canasta (C30), which goes out: the round does not end at the draw
    (ENGINE.md ends it only when the card can be neither melded nor discarded)."""
    state = C.apply(K.last_red_three_completes_a_canasta(), DRAW)
    assert not state.round_over
    assert state.hands[0] == ("6S",) and state.red_threes[0] == ("3D",)
    assert rule(state, meld("6S")) is None
    assert rule(state, ASK) == "C33"  # going out is the only finish, as in defect 4
    out = C.apply(state, meld("6S"))
    assert out.round_over and out.went_out == 0
    assert C.round_score(out)[0]["going_out"] == 100


def test_c33_after_no_a_first_meld_must_leave_the_minimum_reachable_with_two_cards() -> None:
    """Six 5s and 2D make 50 and a canasta, and 3S is discarded: the player may ask. After
    a "no" the hand may not go below two cards, so the 50 is out of reach: melding the
    six 5s (30) would leave 3S 2D with the initial meld begun, no discard allowed and no
    meld possible (C26, C33). The meld is refused; a discard stays possible."""
    state = K.fives_after_no()
    assert rule(state, ASK) is None
    no = C.apply(C.apply(state, ASK), NO)
    fives = meld("5C", "5D", "5D", "5H", "5H", "5S")
    assert rule(no, fives) in ("C26", "C33")
    assert not _listed(no, fives)
    assert rule(no, discard("3S")) is None
