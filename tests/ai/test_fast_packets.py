"""The AI's fast path in the games with a packet dealt to each player: Hand and Foot
(docs/variants/hand-and-foot.md) — the foot that joins a used-up hand (HF8), the pile's
top seven (HF7), the minimum by round (HF9), a new meld beside a book (HF4) and the books
needed to go out (HF11, R17) — and Pennies from Heaven (docs/variants/pennies.md) — the
packet joining at the player's canasta (PH4), 7s held (PH9: R16-R18) and red 3s that
need a canasta of 7s (PH7) — and Railroad (docs/variants/railroad.md) — the kitty opened
by a canasta not mixed and taken with a discard (R13), play on an empty stock (R18).
Each play-out step here replays through `apply` to the same
hands, pile and packets; the random play-outs of every modelled variant replay in
test_fast_playout.py."""

from __future__ import annotations

import random

import canasta as C
from canasta.ai.fast.playout import Sim
from canasta.ai.fast.scoring import sevens_canasta
from canasta.ai.knowledge import read_view
from canasta.ai.worlds import sample_world
from canasta.game.actions import DRAW, END_ROUND, Discard, Meld, TakePile
from canasta.game.state import State, evolve
from canasta.outlook.solver import CANNOT_GO_OUT
from tests.engine import test_pennies as pennies
from tests.engine import test_railroad as railroad
from tests.engine.test_hand_and_foot import CLEAN, DIRTY, FOOT, NO_FEET, WILD, at


def _replayed(state: State, sim: Sim) -> State:
    """The engine's state after the play-out's recorded actions, checked against the
    fast path's own hands and pile."""
    for action in sim.actions:
        state = C.apply(state, action)
    for seat, hand in enumerate(state.hands):
        assert sorted(hand) == sorted(c for cards in sim.hands[seat].values() for c in cards)
    assert list(state.pile) == sim.pile
    assert [list(p) for p in state.packets] == sim.packets
    return state


def test_HF8_the_rollout_policy_melds_its_whole_hand_and_plays_on_from_the_foot() -> None:
    state = at(["8C", "8D", "8H", "9S", "9S"], melds=[["9C", "9D", "9H"]])
    sim = Sim(state, random.Random(0), record=True)
    sim._play()
    assert not sim.foot_waiting(0)
    assert {frozenset(a.cards) for a in sim.actions[:2] if isinstance(a, Meld)} == {
        frozenset(("9S",)), frozenset(("8C", "8D", "8H"))}
    after = _replayed(state, sim)
    assert after.packets[0] == () and after.to_move == 1 and after.went_out is None
    # The turn went on from the foot: its aces melded, its red 3 laid down.
    assert any(isinstance(a, Meld) and "AD" in a.cards for a in sim.actions)
    assert "3H" in after.red_threes[0] and "3H" in FOOT


def test_HF8_no_play_keeps_a_single_card_on_the_way_to_the_foot() -> None:
    # The 8 and the 9 each fit a meld, but the first of those plays would keep one card
    # (C31): the foot waits, and one of them is discarded.
    state = at(["8C", "9S"], melds=[["9C", "9D", "9H"], ["8S", "8D", "8H"]])
    sim = Sim(state, random.Random(0), record=True)
    sim._play()
    assert sim.foot_waiting(0) and sim.sizes[0] == 1
    _replayed(state, sim)


def test_HF7_the_rollout_policy_takes_the_top_seven_cards() -> None:
    pile = ["5C", "6C", "7C", "8S", "9H", "TC", "JC", "QC", "4S", "KS"]
    state = at(["KC", "KD", "2C", "5H"], pile=pile, phase="draw", melds=[["8C", "8D", "8H"]])
    sim = Sim(state, random.Random(0), record=True)
    assert sim._try_take_pile()
    assert sim.actions == [TakePile(("KD", "KC"))] and sim.pile == ["5C", "6C", "7C"]
    after = _replayed(state, sim)
    assert len(after.hands[0]) == 2 + 6


def test_HF7_what_each_player_knows_of_the_pile_a_take_leaves() -> None:
    # The players' knowledge rebuilds the pile from the log: a take leaves the cards
    # under the top seven, and the strong level's sampled deals hold that pile (they held
    # an empty one, and a take legal at the table was refused in them: C31).
    pile = ["5C", "6C", "7C", "8S", "9H", "TC", "JC", "QC", "4S", "KS"]
    state = at(["KC", "KD", "2C", "5H"], pile=pile, phase="draw", melds=[["8C", "8D", "8H"]])
    taken = C.apply(state, TakePile(("KD", "KC")))
    for seat in range(4):
        view = C.view_for(taken, seat)
        know = read_view(view)
        assert know.pile == ["5C", "6C", "7C"]
        assert sample_world(view, random.Random(seat), know).pile == taken.pile


def test_HF9_the_fast_path_asks_the_minimum_of_the_round() -> None:
    for round_no, minimum in ((1, 50), (4, 150)):
        state = evolve(at(["KC"], scores=[5000, 0]), round_no=round_no)
        assert Sim(state, random.Random(0)).minimum(0) == minimum == state.minimum(0)


def test_HF4_a_new_meld_beside_a_book() -> None:
    state = at(["KC", "KH", "KS", "5H", "6D", "9C"], melds=[CLEAN[0]])
    sim = Sim(state, random.Random(0), record=True)
    sim._play()
    assert Meld(("KS", "KH", "KC"), None, None, True) in sim.actions
    after = _replayed(state, sim)
    assert [len(m.cards) for m in after.melds[0] if m.rank == "K"] == [7, 3]


def test_HF11_no_way_out_is_planned_while_a_kind_of_book_is_lacking() -> None:
    lacking = Sim(at(["5H", "6H"], melds=[*CLEAN, *DIRTY], feet=NO_FEET), random.Random(0))
    assert lacking.lacking(0) == ["wild"] and lacking.goal_of(0) >= CANNOT_GO_OUT
    assert not lacking._go_out(0)
    books = at(["5H", "6H", "6S", "6D"], melds=[*CLEAN, *DIRTY, *WILD], feet=NO_FEET)
    ready = Sim(books, random.Random(0), record=True)
    assert ready.lacking(0) == [] and ready.goal_of(0) == 5
    assert ready._go_out(0) and ready.went_out == 0
    out = _replayed(books, ready)
    assert out.round_over and out.went_out == 0


def test_HF11_a_waiting_foot_is_never_gone_out_into() -> None:
    # Every book is down, but seat 0's foot waits: melding the hand takes it up.
    state = at(["5H", "5D", "5S"], melds=[*CLEAN, *DIRTY, *WILD])
    sim = Sim(state, random.Random(0), record=True)
    assert not sim._go_out(0)
    sim._play()
    after = _replayed(state, sim)
    assert not after.round_over and after.packets[0] == ()


def test_PH4_a_canasta_made_in_a_play_out_takes_up_the_packet_at_once() -> None:
    packets = [pennies.PACKET, *[[] for _ in range(5)]]
    state = pennies.at(["KC", "KD", "5H", "6D", "9C"], melds=[pennies.KINGS[:5]],
                       packets=packets)
    sim = Sim(state, random.Random(0), record=True)
    sim._play()
    assert Meld(("KD", "KC")) in sim.actions and not sim.packet_waiting(0)
    after = _replayed(state, sim)
    assert after.packets[0] == () and "3H" in after.red_threes[0]


def test_PH4_no_way_out_is_planned_while_the_packet_waits() -> None:
    packets = [pennies.PACKET, *[[] for _ in range(5)]]
    state = pennies.at(["5H", "5D", "5S", "6H"], melds=pennies.ALL_KINDS, packets=packets)
    assert not Sim(state, random.Random(0))._go_out(0)
    taken = pennies.at(["5H", "5D", "5S", "6H"], melds=pennies.ALL_KINDS)
    ready = Sim(taken, random.Random(0), record=True)
    assert ready._go_out(0)
    assert _replayed(taken, ready).went_out == 0


def test_R16_R18_sevens_held_back_in_a_play_out() -> None:
    # No side has a canasta of 7s: the 7 is never the discard, nor left alone by a meld.
    state = pennies.at(["7C", "7D", "KC", "9H", "4D"], melds=[pennies.KINGS[:4]])
    sim = Sim(state, random.Random(0), record=True)
    assert sim.sevens_barred() and "7" in sim._barred(0)
    assert not sim.keeps_discard(0, 3)  # melding K, 9 and 4 away would leave two 7s
    sim._play()
    assert all(not c.startswith("7") for a in sim.actions for c in getattr(a, "cards", ()))
    last = sim.actions[-1]
    assert isinstance(last, Discard) and last.card not in ("7C", "7D")
    _replayed(state, sim)


def test_R18_a_hand_of_sevens_held_back_ends_the_round() -> None:
    state = pennies.at(["7C", "7D", "7H"], melds=[pennies.KINGS])
    sim = Sim(state, random.Random(0), record=True)
    sim._play()
    assert sim.actions == [END_ROUND] and sim.ended
    after = _replayed(state, sim)
    assert after.round_over and after.went_out is None
    assert [r["total"] for r in C.round_score(after)] == sim.result()


def test_PH7_red_threes_count_minus_without_a_canasta_of_sevens() -> None:
    for melds, plus in (([pennies.KINGS], False), ([pennies.KINGS, pennies.SEVENS], True)):
        state = pennies.at(["7C", "7D", "7H"], melds=melds, red_threes=[["3H", "3D"], []])
        sim = Sim(state, random.Random(0))
        assert sevens_canasta(sim, 0) is plus
        ended = C.apply(state, END_ROUND)
        assert sim.result() == [r["total"] for r in C.round_score(ended)]
        assert C.round_score(ended)[0]["red_threes"] == (200 if plus else -200)


def test_R13_the_kitty_opened_by_a_natural_canasta_is_taken_with_the_discard() -> None:
    melds = [["KH", "KH", "KS", "KS", "KD"], ["QH", "QS", "QC", "2H", "2S"]]
    hand = ["KC", "KD", "5H", "6H", "8H", "9S"]
    state = railroad.at(hand, melds=melds, packets=railroad.KITTIES)
    sim = Sim(state, random.Random(0), record=True)
    sim._play()
    assert sim.packets_open[0] and sim.packets[0] == []
    last = sim.actions[-1]
    assert isinstance(last, Discard) and last.reserve
    after = _replayed(state, sim)
    assert after.packets[0] == () and after.packets_open[0]
    # A mixed canasta opens nothing: the discard leaves the kitty where it is.
    mixed = railroad.at(["QD", "QD", "5H", "6H", "8H", "9S"], melds=melds,
                        packets=railroad.KITTIES)
    sim = Sim(mixed, random.Random(0), record=True)
    sim._play()
    assert not sim.packets_open[0] and sim.packets[0] == list(railroad.KITTIES[0])
    _replayed(mixed, sim)


def test_R18_play_goes_on_at_an_empty_stock_until_a_draw_from_it() -> None:
    state = railroad.at(["KC", "KD", "5H"], melds=[["KS", "KS", "KH"]], pile=["8C", "KH"],
                        phase="draw", stock=[])
    sim = Sim(state, random.Random(0), record=True)
    scores = sim.run()
    assert isinstance(sim.actions[0], TakePile)  # the pile, not the empty stock
    assert sim.actions[-1] == DRAW  # a later player who cannot take it ends the round
    after = _replayed(state, sim)
    assert after.round_over and [r["total"] for r in C.round_score(after)] == scores


def test_a_sampled_deal_that_refuses_the_candidate_is_skipped_and_counted() -> None:
    # A deal where the pile holds two cards, so the take would keep one card (C31; the
    # foot already taken up, so HF8's discard for the foot does not apply): the
    # play-out is skipped (None), counted, and the game goes on.
    from canasta.ai.fast.playout import Memory
    from canasta.ai.search import STATS, _public_rollout, _rollout

    world = at(["8S", "8H"], melds=[["8C", "8C", "8D"]], pile=["5C", "8D"], phase="draw",
               feet=NO_FEET)
    take = TakePile(("8S", "8H"))
    assert C.check(world, take) is not None
    before = STATS["world_refusals"]
    memory = Memory(thrown=(frozenset(),) * 4, picked=(frozenset(),) * 4)
    assert _rollout(world, take, 0, 1, memory) == (None, 0, 0)
    assert _public_rollout(world, take, 0, 1) is None
    assert STATS["world_refusals"] == before + 2
