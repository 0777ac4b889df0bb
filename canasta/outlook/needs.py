"""What the side to move still needs — its initial meld's points (C25, C26, BR2; H6, H7),
its canastas to go out (C30; M8, M12, R17) — whether it could go out (C33), and the
refusals of going out that say what is missing (C30, C31, C33)."""

from __future__ import annotations

from canasta.game.errors import Rejection, Text
from canasta.game.state import State
from canasta.mechanics.melds import TableMeld, dead_ranks, wild_canastas
from canasta.mechanics.opening import TRIPLE, canasta_lacking, opening_level, still_needed
from canasta.mechanics.reserve import packet_waiting
from canasta.outlook.going_out import can_go_out_with
from canasta.outlook.solver import kinds_lacking, sequence_canastas, toward_out
from canasta.rules.ruleset import RuleSet


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
        dead_ranks(state.rules, state.melds, state.team),  # U24
    )


def opening_lacking(state: State) -> int:
    """BR2, U23: what the initial meld of the team to move must still make (0: nothing),
    or keep (U23's triple, `opening.still_needed`)."""
    team = state.team
    if state.opened[team]:
        return 0
    score = state.scores[team]
    return still_needed(state.rules, score, canasta_lacking(state.rules, score,
                                                            state.melds[team]))


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


def keep_two_rejection(rules: RuleSet) -> Rejection:
    if not rules.going_out:
        return Rejection("C31", "Nobody goes out in this game: keep two cards, one to "
                                "discard and one to hold.")
    return Rejection("C31", Text(
        "Your team needs {need} before you may play down to fewer than two cards: keep one "
        "card to discard and one to hold.", need=out_needs(rules)))


def finish_rejection(rules: RuleSet, problem: str) -> Rejection:
    """The refusal of a going out that `going_out.finish_problem` refuses."""
    if problem == "keep_two":
        return keep_two_rejection(rules)
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


def need_params(state: State) -> dict[str, int]:
    """What the initial meld of the team to move needs (C25, BR2), as the parameters of a
    sentence's plural choice that says it:
    `level` (the canasta the initial meld needs, `opening.opening_level`: 0 none, 1 any,
    2 natural or better; U23's natural triple has sentences of its own, `triple_text`) and
    its `points`."""
    team = state.team
    level = opening_level(state.rules, state.scores[team])
    return {"level": 0 if level == TRIPLE else level, "points": state.minimum(team)}


def triple_text(cards: tuple[str, ...] | None = None, take: bool = False) -> Text:
    """U23: why a play is refused for want of the initial meld's natural triple: a meld
    of `cards`, a `take` of the pile, else (neither) a discard before it is there."""
    if take:
        return Text("Your team's initial meld needs a natural meld of three cards or more, "
                    "without a wild card: with the top card and the cards in your hand you could "
                    "not make one, so you cannot take the pile.")
    if cards is None:
        return Text("Finish your initial meld first: it needs a natural meld of three cards "
                    "or more, without a wild card.")
    return Text("Your team's initial meld needs a natural meld of three cards or more, "
                "without a wild card, and after {cards:cards} the rest of your hand could not "
                "make one.", cards=list(cards))
