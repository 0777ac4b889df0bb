"""`check` of a meld (C16-C21, C26; sequences S6, BR6; wild melds, pure ranks): whether the
cards may start or join the team's meld, and the meld an action names by its id."""

from __future__ import annotations

from canasta.game.actions import Meld
from canasta.game.cards import RANK, RED_THREES, WILDS, remove_cards
from canasta.game.errors import Rejection, Text
from canasta.game.state import State
from canasta.mechanics.discards import stuck
from canasta.mechanics.melds import (
    WILD_KEY,
    TableMeld,
    dead_problem,
    dead_ranks,
    find_meld,
    meld_by_id,
    new_group_problem,
    place,
    points,
    rank_key,
    shape_problem,
    size_problem,
    team_canastas,
)
from canasta.mechanics.opening import TRIPLE, canasta_lacking, still_needed
from canasta.mechanics.pure_melds import wild_problem
from canasta.mechanics.reserve import (
    first_canasta_now,
    foot_waiting,
    joining_now,
    packet_joining,
)
from canasta.mechanics.sequences import (
    SEQUENCE,
    SEQUENCE_KEY,
    is_sequence_play,
    join_problem,
    run_limit,
)
from canasta.mechanics.sequences import start_problem as sequence_problem
from canasta.mechanics.twos_melds import lock_problem
from canasta.mechanics.twos_melds import shape as twos_shape
from canasta.mechanics.wild_melds import rule_id, start_problem, wild_size_problem
from canasta.outlook.going_out import can_go_out_with, finish_problem
from canasta.outlook.needs import (
    canasta_waiver,
    concealed_waiver,
    finish_rejection,
    going_out_turn,
    need_params,
    out_canastas,
    out_needs,
    triple_text,
)
from canasta.outlook.solver import initial_reachable, may_go_out
from canasta.rules.ruleset import RuleSet


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


def meld_target(state: State, meld_id: int) -> tuple[TableMeld | None, Rejection | None]:
    """The team meld an action names by its id (`onto`), or why it cannot be used."""
    found = meld_by_id(state.melds[state.team], meld_id)
    if found is not None:
        return found, None
    if any(meld_by_id(team, meld_id) for team in state.melds):
        return None, Rejection("C18", "Nobody may add cards to the opponents' melds.")
    return None, Rejection("C18", Text("There is no meld {meld} on the table.", meld=meld_id))


def group_target(rules: RuleSet, melds: tuple[TableMeld, ...], rank: str,
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


def check_meld(state: State, action: Meld) -> Rejection | None:
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
        target, refusal = meld_target(state, action.onto)
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
    dead = dead_problem(rules, state.melds, team, rank)
    if dead is not None:
        return Rejection("U24", dead)
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
    existing, refusal = group_target(rules, melds, rank, target, action.new)
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
    dead = dead_ranks(rules, state.melds, team)  # U24
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
        lacking = canasta_lacking(rules, state.scores[team], after)  # BR2, U23
        if need > 0 or lacking:
            lacking = still_needed(rules, state.scores[team], lacking)
            held = sum(c not in RED_THREES for c in state.pending)  # red 3s go down (C20)
            held += joining_now(state)  # M3, U6: the reserve joins too
            held += first_canasta_now(state, after)  # E7: so do the first canasta's
            if not initial_reachable(rules, rest, after, need, held, out,
                                     may_go_out(rules, state.permission),
                                     canasta_opens=waiver, canasta_needed=lacking, dead=dead):
                if not (concealed_waiver(state) and (
                    not rest or can_go_out_with(rules, rest, after, out, 0, lacking, dead)
                )):
                    if lacking == TRIPLE and initial_reachable(
                            rules, rest, after, need, held, out,
                            may_go_out(rules, state.permission), canasta_opens=waiver,
                            dead=dead):
                        return Rejection("U23", triple_text(cards))
                    return _c26(state, cards)
                if not rest:
                    return None  # goes out concealed by this meld
        else:
            need = 0
            left = rest + tuple(c for c in state.pending if c not in RED_THREES)
            # M3: this meld completes the initial meld: the reserve joins the hand
            left += state.stock[:joining_now(state)]
    left += state.stock[:first_canasta_now(state, after)]  # E7: cards joining at once
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
                 **need_params(state)),
        )
    # HF8: one card left with the foot waiting is discarded to take up the foot
    walking = hand_after == 1 and foot_waiting(state, state.to_move)
    if need <= 0 and not lacking and hand_after < 2 and not walking:
        problem = finish_problem(rules, left, after, out, state.permission,
                                 lone=len(state.hands[state.to_move]) == 1, dead=dead)
        if problem is not None:
            return finish_rejection(rules, problem)
    if state.permission is False and hand_after < 2 and not walking:
        return Rejection(
            "C33", "Your partner said no: you may not go out this turn, so keep at least two cards."
        )
    if (
        state.permission is True
        and hand_after > 0
        and not can_go_out_with(rules, left, after, out, need, lacking, dead)
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
                 "with the rest of your hand.", **need_params(state), cards=list(cards),
                 value=points(cards)),
        )
    return Rejection(
        "C26",
        Text("You have {have} points toward your initial meld, which needs {level, plural, =0 "
             "{{points} points} =1 {a canasta{points, plural, =0 {} other { and # points}}} other "
             "{a natural canasta (or an escalera or a canasta of wild cards){points, plural, =0 "
             "{} other { and # points}}}}; after {cards:cards} the rest of your hand could not "
             "complete it.", have=state.turn_points, **need_params(state), cards=list(cards)),
    )
