# The player's moves from the cards staged in the hand (MicroPython, main thread):
# take the pile, meld, discard, or a sentence saying what to do instead.
from ui_base import (
    RANK_NAMES,
    S,
    card_name,
    is_wild,
    my_turn,
)
from ui_game import send, spawn
from ui_render import render, staged_cards


def selected_cards():
    view = S["view"]
    return staged_cards(view) if view else []


def tell(message, rule=None):
    """A sentence for the player in the refusal line (with a rule link when given)."""
    S["refusal"] = {"rule": rule, "message": message}
    S["hint"] = None
    render()


def take_without_wilds(takes):
    """The take to play when nothing is staged: the pile through its top card alone
    (laid off on a meld of the team), else with two natural cards; never a wild card."""
    for action in takes:
        if not action["cards"]:
            return action
    for action in takes:
        if len(action["cards"]) == 2 and not any(is_wild(c) for c in action["cards"]):
            return action
    return None


def do_take():
    view = S["view"]
    cards = selected_cards()
    if cards:
        spawn(send({"type": "take_pile", "cards": cards}))
        return
    takes = [a for a in view["legal"] if a["type"] == "take_pile"]
    if not takes:
        # Not takeable: the engine answers with its sentence and the rule.
        spawn(send({"type": "take_pile", "cards": []}))
        return
    action = take_without_wilds(takes)
    if action is not None:
        spawn(send(action))
        return
    top = view["pile"]["top"]
    tell("Select the cards that go with the " + card_name(top) + " on top of the pile"
         " (a natural " + RANK_NAMES[top[0]].lower() + " and a wild card), then press"
         " Take pile: a wild card is only spent when you select it.", "C11")


def do_meld(rank=None):
    cards = selected_cards()
    if not cards:
        return
    action = {"type": "meld", "cards": cards}
    if all(is_wild(c) for c in cards):
        target = rank or S.get("target")
        if target and target != "W":  # wild cards alone join the meld of wild cards (F1)
            action["rank"] = target
    spawn(send(action))


def do_discard():
    cards = selected_cards()
    if len(cards) == 1:
        spawn(send({"type": "discard", "card": cards[0]}))
    elif not cards:
        tell("To discard, select one card of your hand, then click the pile.")
    else:
        tell("Only one card can be discarded: select just one, then click the pile.")


def click_pile(view):
    """The pile takes in the draw phase and discards in the play phase; it always answers."""
    if not my_turn(view) or view["phase"] not in ("draw", "play"):
        tell("Wait for your turn to take the pile or to discard on it.")
    elif view["phase"] == "draw":
        do_take()
    else:
        do_discard()


def toggle(i):
    sel = S["sel"]
    if i in sel:
        sel.remove(i)
    else:
        sel.append(i)
    S["refusal"] = None
    render()
