"""`check`: may the seat to act make this action? A Rejection names the rule."""

from __future__ import annotations

from .actions import (
    Action,
    Answer,
    Ask,
    Discard,
    Draw,
    EndRound,
    Meld,
    NextRound,
    SpecialHand,
    TakePile,
    form_problem,
)
from .black_threes import discards_so_far, held_problem, split_aside
from .cards import (
    BLACK_THREES,
    RANK,
    RED_THREES,
    WILDS,
    remove_cards,
)
from .discards import discard_problem, seven_problem, stuck
from .errors import Rejection, Text
from .going_out import can_go_out_with, finish_problem
from .melds import (
    WILD_KEY,
    TableMeld,
    find_meld,
    meld_by_id,
    new_group_problem,
    place,
    points,
    rank_key,
    shape_problem,
    size_problem,
    team_canastas,
    wild_canastas,
    wild_count,
)
from .opening import canasta_lacking, opening_level
from .pile import CLASSIC_FREEZERS, blocked, freezer, frozen_for, size_refusal, taken_part
from .pure_melds import wild_problem
from .reserve import foot_waiting, joining_now, packet_joining, packet_problem, packet_waiting
from .rules import RuleSet
from .sequences import (
    SEQUENCE,
    SEQUENCE_KEY,
    extends,
    is_sequence_play,
    join_problem,
    run_limit,
)
from .sequences import start_problem as sequence_problem
from .solver import (
    initial_reachable,
    kinds_lacking,
    may_go_out,
    sequence_canastas,
    toward_out,
)
from .special_hands import problem as special_problem
from .state import ANSWER, DRAW, GAME_OVER, PLAY, ROUND_OVER, State
from .twos_melds import lock_problem
from .twos_melds import shape as twos_shape
from .wild_melds import rule_id, start_problem, wild_size_problem


def shape_rejection(
    rules: RuleSet, rank: str, existing: TableMeld | None, naturals: int, wilds: int,
    opening: bool = False,
) -> Rejection | None:
    """Why these cards cannot start the team's meld of `rank` or join it (`existing`),
    or None; `opening`: the play is part of the side's initial meld (U8)."""
    size = naturals + wilds + (len(existing.cards) if existing is not None else 0)
    too_large = size_problem(rules, size) if rank != "3" or not (
        rules.black_threes_any_number) else None  # (R7: black 3s going out, any number)
    if too_large is not None:
        return Rejection("W2", too_large)
    e, f = (existing.naturals, existing.wilds) if existing is not None else (0, 0)
    if wilds and (rules.pure_ranks or rules.wilds_from_naturals):
        refused = wild_problem(rules, rank, e + naturals, f + wilds, opening, f)
        if refused is not None:
            return Rejection(*refused)
    if existing is None:
        problem = shape_problem(rules, rank, naturals, wilds, opening)
        return None if problem is None else Rejection("C17", problem)
    if (
        wilds
        and not rules.wild_on_natural_canasta
        and f == 0
        and len(existing.cards) >= rules.canasta_size
    ):
        return Rejection("C19", "A wild card may not be added to a natural canasta in this game.")
    problem = shape_problem(rules, rank, e + naturals, f + wilds, opening, f)
    if problem is None:
        return None
    return Rejection("C19", Text("Adding these cards would spoil your {rank:ranks}: {problem}",
                                 rank=rank_key(rank), problem=problem))


def needed_points(state: State) -> int:
    """Points still missing from the initial meld of the team to move (0 once made)."""
    team = state.team
    if state.opened[team]:
        return 0
    return state.minimum(team) - state.turn_points


def concealed_waiver(state: State) -> bool:
    """C32 option `concealed_needs_minimum` off: a player who melds the whole hand in
    this turn, having melded nothing before, needs no initial-meld minimum."""
    return not state.rules.concealed_needs_minimum and state.fresh and not state.pending


def canasta_waiver(state: State) -> bool:
    """H6, H7: the team to move is at a score where a canasta made in its initial-meld
    turn completes the initial meld, whatever its points."""
    return state.scores[state.team] >= state.rules.canasta_opens_from


def can_go_out(state: State) -> bool:
    """C33: could the player to move go out this turn from here? (Going out makes a
    canasta, so under H6/H7 it completes an initial meld under way.)"""
    if state.pending or packet_waiting(state):
        return False  # (PH4: a packet that would join the hand is not planned for)
    need = 0 if concealed_waiver(state) or canasta_waiver(state) else needed_points(state)
    return can_go_out_with(
        state.rules,
        state.hands[state.to_move],
        state.team_melds(),
        out_canastas(state, state.team),
        need,
        opening_lacking(state),
    )


def opening_lacking(state: State) -> int:
    """BR2: the canasta the initial meld of the team to move still lacks (0: none)."""
    team = state.team
    if state.opened[team]:
        return 0
    return canasta_lacking(state.rules, state.scores[team], state.melds[team])


def going_out_turn(state: State, left: int) -> bool:
    """BR6: whether a play that leaves `left` cards in hand is part of a going-out turn
    (after the partner's yes, or leaving one card or none), where a sequence grows past
    `sequence_max` (`sequences.run_limit`)."""
    return state.permission is True or left <= 1


def out_canastas(state: State, team: int, canastas: int | None = None, reds: int = 0,
                 melds: tuple[TableMeld, ...] | None = None) -> int:
    """The team's canastas (or `canastas`, after a play making its melds `melds`) as going
    out counts them, with `reds` more red 3s about to go down (M8, M12:
    `solver.out_shortfall`; B4: its canastas of sequences; Z7: not its canastas of wild
    cards where they do not count)."""
    have = state.canastas(team) if canastas is None else canastas
    table = state.melds[team] if melds is None else melds
    runs = sequence_canastas(state.rules, table) if (
        state.rules.sequence_canastas_to_go_out) else 0
    wild = 0 if state.rules.wild_canastas_count_out else wild_canastas(state.rules, table)
    lacking = bool(kinds_lacking(state.rules, table))
    return toward_out(state.rules, have, len(state.red_threes[team]) + reds, runs, wild,
                      lacking)


def check(state: State, action: Action) -> Rejection | None:
    """protocol.md: None when the seat to act may make `action`, else the refusal. An
    object that is no action at all (built in Python with a non-card, say) is refused
    under the id "format", as the page refuses action JSON that `parse_action` refuses."""
    problem = form_problem(action)
    if problem is not None:
        return Rejection("format", Text("That is not an action: {problem}.", problem=problem))
    return check_formed(state, action)


def check_formed(state: State, action: Action) -> Rejection | None:
    """`check` for an action known to be well formed (one the engine built). The refusal
    cites the rule in force: the rule set's own id for a Classic rule it changed
    (`RuleSet.cite`, the one place where ids are mapped), so a game for two cites D4,
    not C30."""
    refusal = _check(state, action)
    if refusal is None or not state.rules.rule_ids:
        return refusal
    return Rejection(state.rules.cite(refusal.rule), refusal.message)


def _check(state: State, action: Action) -> Rejection | None:
    phase = state.phase
    if isinstance(action, NextRound):
        if phase == ROUND_OVER:
            return None
        if phase == GAME_OVER:
            return Rejection("C50", "The game is over: start a new game.")
        return Rejection("C34", "The round is not over yet.")
    if phase == GAME_OVER:
        return Rejection("C50", "The game is over.")
    if phase == ROUND_OVER:
        return Rejection("C34", "The round is over: deal the next round.")
    if phase == ANSWER:
        if isinstance(action, Answer):
            return None
        return Rejection("C33", "Your partner asked “May I go out?”: answer yes or no first.")
    if isinstance(action, Answer):
        return Rejection("C33", "Nobody has asked to go out.")
    if phase == DRAW:
        if isinstance(action, Draw):
            return None
        if isinstance(action, TakePile):
            return _check_take(state, action)
        return Rejection("C6", "Draw from the stock or take the pile first.")
    if isinstance(action, (Draw, TakePile)):
        return Rejection("C6", "You have already drawn this turn: meld, then discard.")
    if isinstance(action, Meld):
        return _check_meld(state, action)
    if isinstance(action, Discard):
        return _check_discard(state, action)
    if isinstance(action, Ask):
        return _check_ask(state)
    if isinstance(action, SpecialHand):  # U21
        refusal = special_problem(state)
        return None if refusal is None else Rejection(*refusal)
    if isinstance(action, EndRound):
        if stuck(state.rules, state.hands[state.to_move], state.melds):
            return None
        return Rejection("R18", "The round ends this way only when every card you hold is a "
                                "7 you may not discard: meld, then discard.")
    return Rejection("format", "That is not an action.")


def _check_take(state: State, action: TakePile) -> Rejection | None:
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
        target, refusal = _target(state, action.onto)
        if refusal is not None:
            return refusal
        assert target is not None
        if target.kind == SEQUENCE:
            return _check_take_sequence(state, action, target, rest)
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
    existing, refusal = _group_target(rules, melds, rank, target, action.new)
    if refusal is not None:
        return refusal
    if existing is None and not action.cards:
        return Rejection(
            "C11",
            Text("Your team has no meld of {rank:ranks} to lay {card:card} on: take it with two "
                 "{rank:ranks}, or one and a wild card, from your hand.", rank=rank, card=top),
        )
    if existing is not None and not action.cards:
        onto_barred = _onto_barred(rules, existing)
        if onto_barred is not None:
            return onto_barred
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
    packet = packet_joining(state, after, len(rest) + taken)  # PH4, HF8: joining at once
    joining_cards += packet
    taken += len(packet)
    if not opened:
        taken += joining_now(state)  # M3, U6: the reserve joins too
        need = state.minimum(team) - state.turn_points
        # U11: where the top card does not count toward the minimum, the hand's cards do
        gained = points(action.cards if rules.minimum_from_hand else melded)
        waiver = canasta_waiver(state)
        lacking = canasta_lacking(rules, state.scores[team], after)  # BR2
        if (gained < need or lacking) and not (waiver and canastas):
            if not initial_reachable(rules, rest, after, need - gained, taken, out,
                                     may_go_out(rules, state.permission),
                                     canasta_opens=waiver, canasta_needed=lacking):
                if rules.minimum_from_hand:
                    return Rejection("C12", Text(
                        "Your team's initial meld needs {level, plural, =0 {{points} points} =1 "
                        "{a canasta{points, plural, =0 {} other { and # points}}} other {a "
                        "natural canasta (or an escalera or a canasta of wild cards){points, "
                        "plural, =0 {} other { and # points}}}}: the cards in your hand cannot "
                        "reach it (neither the top card nor the rest of the pile counts), so you "
                        "cannot take the pile.", **_need(state)))
                return Rejection("C12", Text(
                    "Your team's initial meld needs {level, plural, =0 {{points} points} =1 {a "
                    "canasta{points, plural, =0 {} other { and # points}}} other {a natural "
                    "canasta (or an escalera or a canasta of wild cards){points, plural, =0 {} "
                    "other { and # points}}}}: the top card and the cards in your hand cannot "
                    "reach it (the rest of the pile does not count), so you cannot take the "
                    "pile.", **_need(state)))
            return None
    if len(rest) + taken < 2:
        problem = finish_problem(rules, rest + joining_cards, after, out, state.permission)
        if problem is not None:
            return _finish_rejection(rules, problem)
    return None


def _group_target(rules: RuleSet, melds: tuple[TableMeld, ...], rank: str,
                  target: TableMeld | None, new: bool
                  ) -> tuple[TableMeld | None, Rejection | None]:
    """The meld of `rank` a play joins: the one `onto` names (`target`), none for a new
    one (S5: only beside canastas of the rank), else the newest (`find_meld`, C18)."""
    if target is not None:
        return target, None
    if new:
        problem = new_group_problem(rules, melds, rank)
        if problem is not None:
            return None, Rejection("S5" if rules.groups_per_rank > 1 else "C18", problem)
        return None, None
    return find_meld(melds, rank), None


def _onto_barred(rules: RuleSet, target: TableMeld) -> Rejection | None:
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


def _check_take_sequence(state: State, action: TakePile, target: TableMeld,
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
    barred = _onto_barred(rules, target)
    if barred is not None:
        return barred
    team = state.team
    after = place(state.melds[team], SEQUENCE_KEY, (top,), state.melds, target.id)
    below = taken_part(rules, pile)[:-1]
    joining_cards, _ = split_aside(rules, tuple(c for c in below if c not in RED_THREES))
    if len(rest) + len(joining_cards) < 2:
        out = out_canastas(state, team, team_canastas(rules, after),
                           sum(c in RED_THREES for c in below), after)
        problem = finish_problem(rules, rest + joining_cards, after, out, state.permission)
        if problem is not None:
            return _finish_rejection(rules, problem)
    return None


def _target(state: State, meld_id: int) -> tuple[TableMeld | None, Rejection | None]:
    """The team meld an action names by its id (`onto`), or why it cannot be used."""
    found = meld_by_id(state.melds[state.team], meld_id)
    if found is not None:
        return found, None
    if any(meld_by_id(team, meld_id) for team in state.melds):
        return None, Rejection("C18", "Nobody may add cards to the opponents' melds.")
    return None, Rejection("C18", Text("There is no meld {meld} on the table.", meld=meld_id))


def out_needs(rules: RuleSet) -> Text:
    """What a side needs to go out, in words (C30; M8, M12): "2 canastas: one natural,
    one mixed and a red 3 laid down", a phrase of phrases that each language says."""
    need = Text("{n, plural, =1 {a canasta} other {# canastas}}", n=rules.canastas_to_go_out)
    kinds = []
    if rules.out_natural:
        kinds.append(Text("{n, plural, =1 {one natural} other {# natural}}",
                          n=rules.out_natural))
    if rules.out_mixed:
        kinds.append(Text("{n, plural, =1 {one mixed} other {# mixed}}", n=rules.out_mixed))
    if rules.out_wild:
        kinds.append(Text("{n, plural, =1 {one of wild cards} other {# of wild cards}}",
                          n=rules.out_wild))
    if rules.out_sevens:
        kinds.append(Text("{n, plural, =1 {one of 7s} other {# of 7s}}", n=rules.out_sevens))
    if kinds:  # R17
        listed = kinds[0]
        for kind in kinds[1:]:
            listed = Text("{first}, {then}", first=listed, then=kind)
        need = Text("{need}: {kinds}", need=need, kinds=listed)
    if rules.red_threes_to_go_out:
        need = Text("{need} and {n, plural, =1 {a red 3} other {# red 3s}} laid down",
                    need=need, n=rules.red_threes_to_go_out)
    if rules.canastas_per_red_three:
        need = Text("{need}, and a canasta for each of its red 3s beyond that", need=need)
    return need


def _c31(rules: RuleSet) -> Rejection:
    if not rules.going_out:
        return Rejection("C31", "Nobody goes out in this game: keep two cards, one to "
                                "discard and one to hold.")
    return Rejection("C31", Text(
        "Your team needs {need} before you may play down to fewer than two cards: keep one "
        "card to discard and one to hold.", need=out_needs(rules)))


def _finish_rejection(rules: RuleSet, problem: str) -> Rejection:
    """The refusal of a going out that `going_out.finish_problem` refuses."""
    if problem == "keep_two":
        return _c31(rules)
    if problem == "canastas":
        if not rules.going_out:
            return Rejection("C30", "Nobody goes out in this game: the last card is never "
                                    "discarded.")
        return Rejection("C30", Text("You cannot go out: your team needs {need} first.",
                                     need=out_needs(rules)))
    if problem == "no":
        return Rejection("C33", "Your partner said no: you may not go out this turn, so keep "
                                "at least two cards.")
    if problem == "ask":
        return Rejection("C33", "In this game you go out only with your partner's yes: ask "
                                "\u201cMay I go out?\u201d before melding, or keep at least "
                                "two cards.")
    if problem == "discard_required":
        return Rejection("C30", "In this game you go out by discarding your last card: keep "
                                "one card to discard.")
    return Rejection("C30", "In this game the last card may not be discarded: you go out by "
                            "melding every card, so keep two cards or meld them all.")


def _check_meld(state: State, action: Meld) -> Rejection | None:
    rules = state.rules
    cards = action.cards
    rest = remove_cards(state.hands[state.to_move], cards)
    if rest is None:
        return Rejection("C6", Text("You do not hold {cards:cards}.", cards=list(cards)))
    if not RED_THREES.isdisjoint(cards):
        return Rejection("C20", "Red 3s are never melded: they are laid down on their own.")
    team = state.team
    melds = state.melds[team]
    if find_meld(melds, "3") is not None and not rules.black_threes_anytime:
        return Rejection(
            "C21", "Black 3s must be your last meld: discard your last card to go out."
        )
    target = None
    if action.onto is not None:
        target, refusal = _target(state, action.onto)
        if refusal is not None:
            return refusal
    if (target.kind == SEQUENCE if target is not None else
            is_sequence_play(rules, cards)):
        return _check_sequence(state, action, rest, target)
    naturals = [c for c in cards if c not in WILDS]
    wilds = len(cards) - len(naturals)
    ranks = {RANK[c] for c in naturals}
    if len(ranks) > 1:
        return Rejection("C17", "A meld holds natural cards of one rank only.")
    if naturals:
        rank = ranks.pop()
        if action.rank is not None and action.rank != rank:
            return Rejection(
                "C17", Text("These cards are {rank:ranks}, not {named:ranks}.", rank=rank,
                            named=action.rank)
            )
    elif action.rank is not None:
        rank = action.rank
    elif target is not None:
        rank = target.rank
    elif rules.wild_meld_min:
        rank = WILD_KEY  # F1: the team's meld of wild cards
    else:
        return Rejection(
            "C17", "Wild cards alone cannot make a meld: choose the team meld they go on."
        )
    if target is not None and target.rank != rank:
        return Rejection(
            "C18", Text("Meld {meld} holds {held:ranks}: {rank:ranks} cannot join it.",
                        meld=target.id, held=rank_key(target.rank), rank=rank_key(rank))
        )
    if rank == "3":
        if wilds or not naturals:
            return Rejection("C21", "Black 3s may be melded only without wild cards.")
        if rules.black_threes_anytime:  # E5: one set a side, at any time, nothing added
            if find_meld(melds, "3") is not None:
                return Rejection("C21", "Your side has its set of black 3s: nothing may be "
                                        "added to it, and there is only one.")
            if not 3 <= len(naturals) <= 4:
                return Rejection("C21", "Black 3s are melded as a set of three or four.")
        elif rules.black_threes_any_number and len(naturals) < 3:  # R7: three or more
            return Rejection("C21", "Black 3s are melded three or more together, and only by "
                                    "a player going out.")
        elif not rules.black_threes_any_number and not 3 <= len(naturals) <= 4:
            return Rejection(
                "C21", "Black 3s are melded three or four together, and only by a player going out."
            )
        # The held-back pile cards join the hand once the initial meld is made (C12).
        elif len(rest) + sum(c not in RED_THREES for c in state.pending) > 1:
            return Rejection(
                "C21",
                "Black 3s may be melded only as the last meld of a player going out this turn.",
            )
    existing, refusal = _group_target(rules, melds, rank, target, action.new)
    if refusal is not None:
        return refusal
    if rank == WILD_KEY:
        problem = start_problem(rules, wilds) if existing is None else None
        if problem is not None:
            return Rejection(rule_id(rules), problem)
        problem = size_problem(rules, wilds + (len(existing.cards) if existing else 0))
        if problem is not None:
            return Rejection("W2", problem)
        problem = wild_size_problem(rules, wilds + (len(existing.cards) if existing else 0))
        if problem is not None:
            return Rejection("B2", problem)
        problem = twos_shape(rules, cards + (existing.cards if existing else ())) if (
            rules.twos_melds) else None
        if problem is not None:
            return Rejection("Z5", problem)
    elif existing is None and not naturals:
        return Rejection(
            "C19", Text("Your team has no meld of {rank:ranks} to add wild cards to.",
                        rank=rank_key(rank))
        )
    else:
        bad = shape_rejection(rules, rank, existing, len(naturals), wilds,
                              not state.opened[team])
        if bad is not None:
            return bad
        problem = lock_problem(rules, melds, cards) if wilds else None
        if problem is not None:
            return Rejection("Z6", problem)
    return _after_meld(state, cards, rest,
                       place(melds, rank, cards, state.melds, action.onto, action.new), rank)


def _check_sequence(state: State, action: Meld, rest: tuple[str, ...],
                    target: TableMeld | None) -> Rejection | None:
    """S6, S7: cards that start a sequence, or join the one `target` names."""
    rules, cards = state.rules, action.cards
    if action.rank is not None:
        return Rejection("S6", "A sequence has no rank: name the sequence the cards join, "
                               "or meld them without a rank to start one.")
    if target is None:
        problem = sequence_problem(rules, cards)
    else:
        problem = join_problem(rules, target.cards, cards,
                               run_limit(rules, going_out_turn(state, len(rest))))  # BR6
    if problem is not None:
        closed = target is not None and len(target.cards) >= rules.sequence_max
        wild = rules.sequence_wilds and not WILDS.isdisjoint(
            cards + (target.cards if target is not None else ()))
        return Rejection(("BR6" if rules.sequence_grows_out else "S7") if closed else
                         "N3" if wild else "S6", problem)
    after = place(state.melds[state.team], SEQUENCE_KEY, cards, state.melds, action.onto)
    return _after_meld(state, cards, rest, after, SEQUENCE_KEY)


def _after_meld(state: State, cards: tuple[str, ...], rest: tuple[str, ...],
                after: tuple[TableMeld, ...], rank: str) -> Rejection | None:
    """What every valid meld must still respect, the team's melds being `after` it: the
    initial meld's look-ahead (C26, C12's held cards, M3's reserve), black 3s last and
    going out (C21, C30, C31, C33)."""
    rules, team = state.rules, state.team
    canastas = team_canastas(rules, after)
    out = out_canastas(state, team, canastas, 0, after)
    left = rest
    need = 0
    lacking = 0
    if not state.opened[team]:
        need = state.minimum(team) - state.turn_points - points(cards)
        waiver = canasta_waiver(state)
        if need > 0 and waiver and canastas:
            need = 0  # H6, H7: the canasta made completes the initial meld
        lacking = canasta_lacking(rules, state.scores[team], after)  # BR2
        if need > 0 or lacking:
            held = sum(c not in RED_THREES for c in state.pending)  # red 3s go down (C20)
            held += joining_now(state)  # M3, U6: the reserve joins too
            if not initial_reachable(rules, rest, after, need, held, out,
                                     may_go_out(rules, state.permission),
                                     canasta_opens=waiver, canasta_needed=lacking):
                if not (concealed_waiver(state) and (
                    not rest or can_go_out_with(rules, rest, after, out, 0, lacking)
                )):
                    return _c26(state, cards)
                if not rest:
                    return None  # goes out concealed by this meld
        else:
            need = 0
            left = rest + tuple(c for c in state.pending if c not in RED_THREES)
            # M3: this meld completes the initial meld: the reserve joins the hand
            left += state.stock[:joining_now(state)]
    left += packet_joining(state, after, len(left))  # PH4, HF8: a packet joining at once
    hand_after = len(left)
    if left and (rules.sevens_held or rules.last_discard_not_seven):  # R18
        table = tuple(after if t == team else m for t, m in enumerate(state.melds))
        if stuck(rules, left, table) and not stuck(rules, state.hands[state.to_move],
                                                    state.melds):
            return Rejection("R18", "Keep a card you may discard: after this meld you would "
                                    "hold only 7s, and none may be discarded now.")
    last = rank == "3" and not rules.black_threes_anytime  # C21 (E5: not last)
    if last and out < rules.canastas_to_go_out:
        return Rejection("C30", Text(  # C21 with C30's canastas: cited as C30
            "Black 3s are melded only by a player going out, and your team needs {need} to "
            "go out.", need=out_needs(rules)))
    if last and (need > 0 or lacking):
        return Rejection(
            "C21",
            Text("Black 3s must be your last meld, so they must complete your team's initial "
                 "meld: {level, plural, =0 {{points} points} =1 {a canasta{points, plural, =0 {} "
                 "other { and # points}}} other {a natural canasta (or an escalera or a canasta "
                 "of wild cards){points, plural, =0 {} other { and # points}}}}.",
                 **_need(state)),
        )
    if need <= 0 and not lacking and hand_after < 2:
        problem = finish_problem(rules, left, after, out, state.permission,
                                 lone=len(state.hands[state.to_move]) == 1)
        if problem is not None:
            return _finish_rejection(rules, problem)
    if state.permission is False and hand_after < 2:
        return Rejection(
            "C33", "Your partner said no: you may not go out this turn, so keep at least two cards."
        )
    if (
        state.permission is True
        and hand_after > 0
        and not can_go_out_with(rules, left, after, out, need, lacking)
    ):
        return Rejection(
            "C33",
            "Your partner said yes, so you must go out this turn, and after "
            "this meld you could not.",
        )
    return None


def _c26(state: State, cards: tuple[str, ...]) -> Rejection:
    if state.turn_points == 0:
        return Rejection(
            "C26",
            Text("Your team's initial meld needs {level, plural, =0 {{points} points} =1 {a "
                 "canasta{points, plural, =0 {} other { and # points}}} other {a natural canasta "
                 "(or an escalera or a canasta of wild cards){points, plural, =0 {} other { and # "
                 "points}}}}, and melding {cards:cards} ({value}) would leave no way to reach it "
                 "with the rest of your hand.", **_need(state), cards=list(cards),
                 value=points(cards)),
        )
    return Rejection(
        "C26",
        Text("You have {have} points toward your initial meld, which needs {level, plural, =0 "
             "{{points} points} =1 {a canasta{points, plural, =0 {} other { and # points}}} other "
             "{a natural canasta (or an escalera or a canasta of wild cards){points, plural, =0 "
             "{} other { and # points}}}}; after {cards:cards} the rest of your hand could not "
             "complete it.", have=state.turn_points, **_need(state), cards=list(cards)),
    )


def _need(state: State) -> dict[str, int]:
    """What the initial meld of the team to move needs (C25, BR2), as the parameters of a
    sentence's plural choice that says it:
    `level` (the canasta the initial meld needs, `opening.opening_level`: 0 none, 1 any,
    2 natural or better) and its `points`."""
    team = state.team
    return {"level": opening_level(state.rules, state.scores[team]),
            "points": state.minimum(team)}


def _check_discard(state: State, action: Discard) -> Rejection | None:
    rules = state.rules
    hand = state.hands[state.to_move]
    if action.card not in hand:
        return Rejection("C6", Text("You do not hold {card:card}.", card=action.card))
    team = state.team
    going_out_concealed = (len(hand) == 1 and concealed_waiver(state)
                           and out_canastas(state, team) >= rules.canastas_to_go_out)
    if not state.opened[team] and (state.turn_points > 0 or state.pending) and not (
        going_out_concealed
    ):
        return Rejection(
            "C26",
            Text("Finish your initial meld first: your team needs {level, plural, =0 {{points} "
                 "points} =1 {a canasta{points, plural, =0 {} other { and # points}}} other {a "
                 "natural canasta (or an escalera or a canasta of wild cards){points, plural, =0 "
                 "{} other { and # points}}}} and you have melded {melded} points.",
                 **_need(state), melded=state.turn_points),
        )
    if rules.black_threes_held_first_round:
        held = held_problem(rules, action.card, hand, discards_so_far(state.log))
        if held is not None:
            return Rejection("K9", held)
    barred = discard_problem(rules, action.card, hand, state.pile, state.melds)
    if barred is not None:
        return Rejection("U13", barred)
    seven = seven_problem(rules, action.card, len(hand), state.melds)
    if seven is not None:
        return Rejection(*seven)
    if action.reserve:
        packet = packet_problem(state, state.to_move)
        if packet is None and len(hand) == 1:
            packet = Text("This discard goes out: your kitty stays where it is.")
        if packet is not None:
            return Rejection("R13", packet)
    if len(hand) == 1 and not foot_waiting(state, state.to_move):  # (HF8: the foot joins)
        problem = finish_problem(rules, (), state.melds[team], out_canastas(state, team),
                                 state.permission, discard=True)
        if problem == "no":
            return Rejection("C33", "Your partner said no: you may not go out this turn.")
        if problem is not None:
            return _finish_rejection(rules, problem)
    elif state.permission is True:
        return Rejection(
            "C33",
            "Your partner said yes: you must go out this turn (meld your "
            "cards, then discard the last one).",
        )
    return None


def _check_ask(state: State) -> Rejection | None:
    rules = state.rules
    if not rules.ask_permission or rules.partner_of(state.to_move) is None:
        return Rejection("C33", "There is no partner to ask in this game.")
    if state.asked:
        return Rejection("C33", "You may ask only once per turn.")
    if state.turn_melded:
        return Rejection(
            "C33",
            "You may ask only before melding anything this turn; taking the "
            "pile counts as melding.",
        )
    if len(state.hands[state.to_move]) < 2:
        # A "no" would leave no way to finish the turn (C34: the last stock card was
        # a red 3, laid down with no replacement).
        return Rejection(
            "C33",
            "You hold a single card: going out is the only way to finish your turn, "
            "so there is nothing to ask.",
        )
    if not can_go_out(state):
        return Rejection("C33", "You cannot go out with this hand now, so there is nothing to ask.")
    return None


def may_ask(state: State) -> bool:
    """C33: may the seat to move ask "May I go out?" now (the view's `may_ask`)?"""
    return state.phase == PLAY and _check_ask(state) is None
