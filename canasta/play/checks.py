"""`check`: may the seat to act make this action? A Rejection names the rule."""

from __future__ import annotations

from canasta.game.actions import (
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
from canasta.game.errors import Rejection, Text
from canasta.game.state import ANSWER, DRAW, GAME_OVER, PLAY, ROUND_OVER, State
from canasta.mechanics.black_threes import discards_so_far, held_problem
from canasta.mechanics.discards import discard_problem, seven_problem, stuck
from canasta.mechanics.opening import TRIPLE, canasta_lacking
from canasta.mechanics.reserve import foot_waiting, packet_problem
from canasta.mechanics.special_hands import problem as special_problem
from canasta.outlook.going_out import finish_problem
from canasta.outlook.needs import (
    can_go_out,
    concealed_waiver,
    finish_rejection,
    need_params,
    out_canastas,
    triple_text,
)
from canasta.play.meld_checks import check_meld
from canasta.play.take_checks import check_take


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
            return check_take(state, action)
        return Rejection("C6", "Draw from the stock or take the pile first.")
    if isinstance(action, (Draw, TakePile)):
        return Rejection("C6", "You have already drawn this turn: meld, then discard.")
    if isinstance(action, Meld):
        return check_meld(state, action)
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
        if state.turn_points >= state.minimum(team) and canasta_lacking(
                rules, state.scores[team], state.melds[team]) == TRIPLE:
            return Rejection("U23", triple_text())
        return Rejection(
            "C26",
            Text("Finish your initial meld first: your team needs {level, plural, =0 {{points} "
                 "points} =1 {a canasta{points, plural, =0 {} other { and # points}}} other {a "
                 "natural canasta (or an escalera or a canasta of wild cards){points, plural, =0 "
                 "{} other { and # points}}}} and you have melded {melded} points.",
                 **need_params(state), melded=state.turn_points),
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
            return finish_rejection(rules, problem)
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
