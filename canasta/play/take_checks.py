"""`check` of taking the discard pile (C10-C15, C22; S3, S6, N7, W4, BR3, C12): with cards
from the hand, the top card alone onto a meld or a sequence, a frozen or blocked pile."""

from __future__ import annotations

from canasta.game.actions import TakePile
from canasta.game.cards import BLACK_THREES, RANK, RED_THREES, WILDS, remove_cards
from canasta.game.errors import Rejection, Text
from canasta.game.state import State
from canasta.mechanics.black_threes import split_aside
from canasta.mechanics.melds import (
    TableMeld,
    dead_problem,
    dead_ranks,
    place,
    points,
    rank_key,
    team_canastas,
    wild_count,
)
from canasta.mechanics.opening import TRIPLE, canasta_lacking, still_needed
from canasta.mechanics.pile import (
    CLASSIC_FREEZERS,
    blocked,
    freezer,
    frozen_for,
    size_refusal,
    taken_part,
)
from canasta.mechanics.reserve import (
    first_canasta_now,
    foot_waiting,
    joining_now,
    packet_joining,
)
from canasta.mechanics.sequences import SEQUENCE, SEQUENCE_KEY, extends, join_problem
from canasta.outlook.going_out import finish_problem
from canasta.outlook.needs import (
    canasta_waiver,
    finish_rejection,
    need_params,
    out_canastas,
    triple_text,
)
from canasta.outlook.solver import initial_reachable, may_go_out
from canasta.play.meld_checks import group_target, meld_target, shape_rejection
from canasta.rules.ruleset import RuleSet


def check_take(state: State, action: TakePile) -> Rejection | None:
    rules, pile = state.rules, state.pile
    if not pile:
        return Rejection("C10", "The discard pile is empty: draw from the stock.")
    top = pile[-1]
    if blocked(pile):
        if top in BLACK_THREES:
            return Rejection("C15", Text("The pile is blocked: a black 3 ({card:card}) lies on "
                                         "top, so it cannot be taken. Draw from the stock.",
                                         card=top))
        if top in RED_THREES:
            return Rejection("C15", Text("The pile is blocked: a red 3 ({card:card}) lies on "
                                         "top, so it cannot be taken. Draw from the stock.",
                                         card=top))
        return Rejection("C15", Text("The pile is blocked: a wild card ({card:card}) lies on "
                                     "top, so it cannot be taken. Draw from the stock.",
                                     card=top))
    barred = size_refusal(rules, pile)
    if barred is not None:
        return Rejection(*barred)
    if not rules.pile_opens and not state.opened[state.team]:
        return Rejection("BR3", "In this game the pile is never taken for the initial meld: "
                                "your side makes it from the hand. Draw from the stock.")
    rest = remove_cards(state.hands[state.to_move], action.cards)
    if rest is None:
        return Rejection("C10", Text("You do not hold {cards:cards}.", cards=list(action.cards)))
    rank = RANK[top]
    if not rules.pile_wild_buy and any(c in WILDS for c in action.cards):
        return Rejection("S3", Text("In this game the pile is never taken with a wild card: "
                                    "take it with two natural {rank:ranks} from your hand, or "
                                    "lay {card:card} alone on one of your melds.",
                                    rank=rank, card=top))
    target = None
    if action.onto is not None:
        target, refusal = meld_target(state, action.onto)
        if refusal is not None:
            return refusal
        assert target is not None
        if target.kind == SEQUENCE:
            return check_take_sequence(state, action, target, rest)
        if target.rank != rank:
            return Rejection(
                "C11", Text("The top card {card:card} can only go on your meld of {rank:ranks}, "
                            "not on meld {meld} ({held:ranks}).", card=top, rank=rank,
                            meld=target.id, held=rank_key(target.rank))
            )
    if any(c not in WILDS and RANK[c] != rank for c in action.cards):
        return Rejection(
            "C11", Text("Only {rank:ranks} and wild cards can go with the top card {card:card}.",
                        rank=rank, card=top)
        )
    team = state.team
    dead = dead_problem(rules, state.melds, team, rank)
    if dead is not None:
        return Rejection("U24", dead)
    opened = state.opened[team]
    naturals = len(action.cards) - wild_count(action.cards)
    wilds = len(action.cards) - naturals
    freezing = freezer(rules, pile[state.face_down:])
    if frozen_for(rules, freezing is not None, opened) and (wilds or naturals < 2):
        if rules.pile_always_frozen and freezing is None and opened:
            return Rejection(
                "W4",
                Text("The pile is always frozen in this game: you need two natural {rank:ranks} "
                     "from your hand to take it; wild cards and lay-offs do not count.",
                     rank=rank),
            )
        if freezing in BLACK_THREES and opened and not any(c in CLASSIC_FREEZERS
                                                           for c in pile[:-1]):
            # Only black 3s freeze it: the rule set's option, not Classic's C14.
            return Rejection(
                "C22",
                Text("The pile is frozen (a {card:card} lies in it): you need two natural "
                     "{rank:ranks} from your hand to take it; wild cards and lay-offs do not "
                     "count.", card=freezing, rank=rank),
            )
        # Why it is frozen: the card that freezes it, else the initial meld not made.
        if freezing is not None:
            return Rejection("C14", Text(
                "The pile is frozen (a {card:card} lies in it): you need two natural "
                "{rank:ranks} from your hand to take it; wild cards and lay-offs do not "
                "count.", card=freezing, rank=rank))
        if rules.teams == rules.players:
            return Rejection("C14", Text(
                "The pile is frozen (you have not made your initial meld): you need two "
                "natural {rank:ranks} from your hand to take it; wild cards and lay-offs do "
                "not count.", rank=rank))
        return Rejection("C14", Text(
            "The pile is frozen (your team has not made its initial meld): you need two "
            "natural {rank:ranks} from your hand to take it; wild cards and lay-offs do not "
            "count.", rank=rank))
    melds = state.melds[team]
    existing, refusal = group_target(rules, melds, rank, target, action.new)
    if refusal is not None:
        return refusal
    if existing is None and not action.cards:
        return Rejection(
            "C11",
            Text("Your team has no meld of {rank:ranks} to lay {card:card} on: take it with two "
                 "{rank:ranks}, or one and a wild card, from your hand.", rank=rank, card=top),
        )
    if existing is not None and not action.cards:
        alone_barred = onto_barred(rules, existing)
        if alone_barred is not None:
            return alone_barred
    bad = shape_rejection(rules, rank, existing, naturals + 1, wilds, not opened)
    if bad is not None:
        return bad
    melded = (top, *action.cards)
    after = place(melds, rank, melded, state.melds, action.onto, action.new)
    canastas = team_canastas(rules, after)
    # The pile's cards that join the hand: not red 3s (C20; the top is none, C15), nor
    # black 3s set aside (K10).
    below = taken_part(rules, pile)[:-1]  # (HF7: only the top cards where the rules say)
    joining_cards, _ = split_aside(rules, tuple(c for c in below if c not in RED_THREES))
    taken = len(joining_cards)
    out = out_canastas(state, team, canastas, sum(c in RED_THREES for c in below), after)
    taken += first_canasta_now(state, after)  # E7: the first canasta's cards join too
    packet = packet_joining(state, after, len(rest) + taken)  # PH4, HF8: joining at once
    joining_cards += packet
    taken += len(packet)
    if not opened:
        taken += joining_now(state)  # M3, U6: the reserve joins too
        need = state.minimum(team) - state.turn_points
        # U11: where the top card does not count toward the minimum, the hand's cards do
        gained = points(action.cards if rules.minimum_from_hand else melded)
        waiver = canasta_waiver(state)
        lacking = canasta_lacking(rules, state.scores[team], after)  # BR2, U23
        if (gained < need or lacking) and not (waiver and canastas):
            lacking = still_needed(rules, state.scores[team], lacking)
            closed = dead_ranks(rules, state.melds, team)  # U24
            if not initial_reachable(rules, rest, after, need - gained, taken, out,
                                     may_go_out(rules, state.permission),
                                     canasta_opens=waiver, canasta_needed=lacking,
                                     dead=closed):
                if lacking == TRIPLE and initial_reachable(
                        rules, rest, after, need - gained, taken, out,
                        may_go_out(rules, state.permission), canasta_opens=waiver,
                        dead=closed):
                    return Rejection("U23", triple_text(take=True))
                if rules.minimum_from_hand:
                    return Rejection("C12", Text(
                        "Your team's initial meld needs {level, plural, =0 {{points} points} =1 "
                        "{a canasta{points, plural, =0 {} other { and # points}}} other {a "
                        "natural canasta (or an escalera or a canasta of wild cards){points, "
                        "plural, =0 {} other { and # points}}}}: the cards in your hand cannot "
                        "reach it (neither the top card nor the rest of the pile counts), so you "
                        "cannot take the pile.", **need_params(state)))
                return Rejection("C12", Text(
                    "Your team's initial meld needs {level, plural, =0 {{points} points} =1 {a "
                    "canasta{points, plural, =0 {} other { and # points}}} other {a natural "
                    "canasta (or an escalera or a canasta of wild cards){points, plural, =0 {} "
                    "other { and # points}}}}: the top card and the cards in your hand cannot "
                    "reach it (the rest of the pile does not count), so you cannot take the "
                    "pile.", **need_params(state)))
            return None
    if len(rest) + taken < 2 and not (len(rest) + taken == 1 and foot_waiting(
            state, state.to_move)):  # HF8: one card left is discarded for the foot
        problem = finish_problem(rules, rest + joining_cards, after, out, state.permission,
                                 dead=dead_ranks(rules, state.melds, team))
        if problem is not None:
            return finish_rejection(rules, problem)
    return None


def onto_barred(rules: RuleSet, target: TableMeld) -> Rejection | None:
    """S3 (`take_onto`): why the pile's top card alone may not join `target`, or None."""
    if rules.take_onto == "open" and len(target.cards) >= rules.canasta_size:
        return Rejection("S3", "The top card alone may join only a meld that is not yet a "
                               "canasta: take the pile with a natural pair from your hand.")
    if rules.take_onto == "completes" and len(target.cards) + 1 != rules.canasta_size:
        return Rejection("N7", Text("The top card alone may join only a meld it makes a "
                                    "canasta of {n}: take the pile with a natural pair from "
                                    "your hand.", n=rules.canasta_size))
    if rules.take_onto == "sequence" and target.kind != SEQUENCE:
        return Rejection("S3", "The top card alone may join only a sequence it continues: "
                               "take the pile with a natural pair from your hand.")
    return None


def check_take_sequence(state: State, action: TakePile, target: TableMeld,
                         rest: tuple[str, ...]) -> Rejection | None:
    """S3, S6: the pile's top card alone onto the team's sequence `target` (never with
    cards from the hand, never a frozen pile); then C31 as for any take."""
    rules, pile = state.rules, state.pile
    top = pile[-1]
    if action.cards:
        return Rejection("S3", Text("Only the top card {card:card} may join a sequence from "
                                    "the pile, alone: lay your own cards after taking it.",
                                    card=top))
    seen = pile[state.face_down:]  # (Z3: face-down cards freeze nothing)
    if frozen_for(rules, freezer(rules, seen) is not None, state.opened[state.team]):
        return Rejection("C14", Text("The pile is frozen: you need two natural {rank:ranks} "
                                     "from your hand to take it; the top card cannot go on a "
                                     "sequence.", rank=RANK[top]))
    if not extends(rules, target.cards, top):
        problem = join_problem(rules, target.cards, (top,))
        return Rejection("S6", Text("{card:card} cannot join meld {meld}: {problem}", card=top,
                                    meld=target.id, problem=problem))
    barred = onto_barred(rules, target)
    if barred is not None:
        return barred
    team = state.team
    after = place(state.melds[team], SEQUENCE_KEY, (top,), state.melds, target.id)
    below = taken_part(rules, pile)[:-1]
    joining_cards, _ = split_aside(rules, tuple(c for c in below if c not in RED_THREES))
    if len(rest) + len(joining_cards) < 2:
        out = out_canastas(state, team, team_canastas(rules, after),
                           sum(c in RED_THREES for c in below), after)
        problem = finish_problem(rules, rest + joining_cards, after, out, state.permission,
                                 dead=dead_ranks(rules, state.melds, team))
        if problem is not None:
            return finish_rejection(rules, problem)
    return None
