"""The coach line: what the player to move may do now, in a sentence (a `Text`, so that
the table says it in the player's language), each rule it rests on cited by the rule
set's own id (`RuleSet.cite`). The engine worker (static/worker.py) sends it with every
view of the human's turn."""

from __future__ import annotations

from canasta.game.actions import DRAW, Discard, EndRound, TakePile
from canasta.game.cards import RANK, WILDS
from canasta.game.errors import Text
from canasta.game.state import State
from canasta.mechanics.melds import TableMeld
from canasta.mechanics.opening import TRIPLE, opening_level
from canasta.mechanics.reserve import foot_waiting, joining
from canasta.mechanics.sequences import SEQUENCE, run_ends
from canasta.play.checks import check
from canasta.play.legal import legal_actions


def run_text(meld: TableMeld) -> Text:
    """'4♠–6♠': a sequence by its ends, a wild card's place counted (N3)."""
    low, high = run_ends(meld.cards)
    return Text("{low:card}–{high:card}", low=low, high=high)


def packet_word(state: State | None) -> str:
    """What the rule set calls the dealt packet (`packet_name`: "kitty", "packet")."""
    return (state.rules.packet_name if state is not None else "") or "kitty"


def coach(state: State, seat: int) -> Text | None:
    """What `seat` may do now, it being its turn (None: nothing to say)."""
    if state.to_act != seat or state.round_over:
        return None
    if state.phase == "draw":
        return _draw(state, seat)
    if state.phase == "play":
        return _play(state, seat)
    return None


def _draw(state: State, seat: int) -> Text:
    cite = state.rules.cite  # the rule set's own id for a rule it changed
    team = seat % state.rules.teams
    top = state.pile[-1] if state.pile else None
    legal = legal_actions(state)
    if not state.stock and state.rules.stock_out:  # R18: play goes on by the pile
        if any(isinstance(a, TakePile) for a in legal):
            return Text("The stock is empty: take the pile, or draw from the empty stock to "
                        "end the round ({rule}).", rule=cite("C34"))
        return Text("The stock is empty: draw from the empty stock to end the round "
                    "({rule}).", rule=cite("C34"))
    if top is None:
        return Text("The pile is empty: draw from the stock.")
    alone = [a for a in legal if isinstance(a, TakePile) and not a.cards]
    runs = [m for a in alone for m in state.melds[team] if m.id == a.onto and m.kind == SEQUENCE]
    if runs:  # S3: the top card alone onto a sequence it continues
        if len(runs) == 1 and len(alone) == 1:
            return Text("You can take the pile: {top:card} on top continues your sequence "
                        "{run} (click the pile, or drag it onto the sequence).", top=top,
                        run=run_text(runs[0]))
        if len(runs) == 1:
            return Text("You can take the pile: {top:card} on top continues your sequence "
                        "{run} (click the meld it goes on, then the pile).", top=top,
                        run=run_text(runs[0]))
        if len(alone) == 1:
            return Text("You can take the pile: {top:card} on top continues one of your "
                        "sequences (click the pile, or drag it onto the sequence).", top=top)
        return Text("You can take the pile: {top:card} on top continues one of your "
                    "sequences (click the meld it goes on, then the pile).", top=top)
    if any(a != DRAW for a in legal):
        return Text("You can take the pile: {top:card} is on top (select your cards for it, "
                    "then click the pile).", top=top)
    rank = RANK[top]
    pair = tuple(c for c in state.hands[seat] if c not in WILDS and RANK[c] == rank)[:2]
    if len(pair) < 2:
        pair = ()  # the refusal of a take with the top card alone says what it needs
    rejection = check(state, TakePile(pair))
    if rejection is not None:
        message = rejection.message
        return Text("{said} ({rule})", rule=rejection.rule,
                    said=message if isinstance(message, Text) else Text(message))
    return Text("Draw from the stock.")


def _play(state: State, seat: int) -> Text:
    cite = state.rules.cite
    team = seat % state.rules.teams
    legal = legal_actions(state)
    if any(isinstance(a, EndRound) for a in legal) and not any(
            isinstance(a, Discard) for a in legal):
        if state.rules.teams == state.rules.players:  # Railroad's players
            return Text("You hold only 7s, and no 7 may be discarded until every player has "
                        "a canasta of 7s ({rule}): meld what you can, then end the round "
                        "({end}).", rule=cite("R16"), end=cite("C34"))
        return Text("You hold only 7s, and no 7 may be discarded until each side has a "
                    "canasta of 7s ({rule}): meld what you can, then end the round ({end}).",
                    rule=cite("R16"), end=cite("C34"))  # Pennies' (PH9)
    kitty = any(isinstance(a, Discard) and a.reserve for a in legal)
    if kitty and state.opened[team] and state.permission is None:
        return Text("Your {packet:word} is open ({rule}): meld, then discard; with “Take the "
                    "{packet:word}” ticked, it joins your hand.", packet=packet_word(state),
                    rule=cite("R13"))
    if not state.opened[team]:
        return _unopened(state, team)
    if state.permission is True:
        return Text("Your partner said yes: you must go out this turn ({rule}).",
                    rule=cite("C33"))
    if state.permission is False:
        return Text("Your partner said no: keep at least one card this turn ({rule}).",
                    rule=cite("C33"))
    if foot_waiting(state, seat):  # HF8
        return Text("Meld what you can, then discard. Your foot ({n} cards) joins your hand "
                    "once it is used up: meld your last card and play on, or discard it and "
                    "play the foot next turn ({rule}).", n=len(state.packets[seat]),
                    rule=cite("R13"))
    return Text("Meld what you can, then discard one card to end your turn.")


def _unopened(state: State, team: int) -> Text:
    """Before the side's initial meld (C25, C26; M3's bonus cards, U23's triple)."""
    cite = state.rules.cite
    need = state.minimum(team)
    if state.turn_points:
        return Text("Initial meld: {points} of {need} points so far — finish it before you "
                    "discard ({rule}).", points=state.turn_points, need=need, rule=cite("C26"))
    extra = joining(state.rules, False, len(state.stock), not any(state.opened))  # M3
    if opening_level(state.rules, state.scores[team]) == TRIPLE:  # U23
        return Text("Your team's initial meld needs {need} points ({rule}) and a natural meld "
                    "of three cards or more ({triple}){extra, plural, =0 {} other {; then you "
                    "take # cards from the stock}}.", need=need, rule=cite("C25"),
                    triple=cite("U23"), extra=extra)
    if extra:
        return Text("Your team's initial meld needs {need} points ({rule}). Then you take "
                    "{extra} cards from the stock.", need=need, rule=cite("C25"), extra=extra)
    return Text("Your team's initial meld needs {need} points ({rule}).", need=need,
                rule=cite("C25"))
