# The player's moves from the cards staged in the hand (MicroPython, main thread):
# take the pile, meld, discard, or a sentence saying what to do instead.
from ui_base import (
    ME,
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


# Melds are named by their id (the engine's "onto", docs/ENGINE.md), never by rank:
# a variant may hold two melds of one rank, or a meld with no rank at all.
def team_meld(view, meld_id):
    """The meld of the player's team with this id (as the page writes it), or None."""
    if not meld_id:
        return None
    for meld in view["melds"][ME % view["teams"]]:
        if str(meld.get("id", "")) == str(meld_id):
            return meld
    return None


def pile_onto(view):
    """The id of the team meld the pile's top card goes on: the chosen meld when it is
    of the top card's rank, else the team's only meld of that rank; None for none."""
    top = view["pile"]["top"]
    if not top or is_wild(top):
        return None
    chosen = team_meld(view, S.get("target"))
    if chosen is not None and chosen["rank"] == top[0]:
        return chosen["id"]
    same = [m for m in view["melds"][ME % view["teams"]] if m["rank"] == top[0]]
    return same[0]["id"] if len(same) == 1 and "id" in same[0] else None


def take_action(view, cards):
    action = {"type": "take_pile", "cards": cards}
    onto = pile_onto(view)
    if onto is not None:
        action["onto"] = onto
    return action


def do_take():
    view = S["view"]
    cards = selected_cards()
    if cards:
        spawn(send(take_action(view, cards)))
        return
    takes = [a for a in view["legal"] if a["type"] == "take_pile"]
    if not takes:
        # Not takeable: the engine answers with its sentence and the rule.
        spawn(send({"type": "take_pile", "cards": []}))
        return
    action = take_without_wilds(takes)
    if action is not None:
        spawn(send(take_action(view, list(action["cards"]))))
        return
    top = view["pile"]["top"]
    tell("Select the cards that go with the " + card_name(top) + " on top of the pile"
         " (a natural " + RANK_NAMES[top[0]].lower() + " and a wild card), then press"
         " Take pile: a wild card is only spent when you select it.", "C11")


def do_meld(onto=None):
    """Meld the staged cards. `onto`: the id of the meld clicked or dropped on, which
    they must join (the engine refuses a meld they do not fit). Without it, the meld
    chosen earlier (clicked with nothing staged) is named when the cards fit it; else
    the cards start a meld, or join their rank's (C18), or the meld of wild cards (F1)."""
    cards = selected_cards()
    if not cards:
        return
    action = {"type": "meld", "cards": cards}
    view = S["view"]
    if onto:
        action["onto"] = int(onto)
    else:
        chosen = team_meld(view, S.get("target"))
        ranks = {c[0] for c in cards if not is_wild(c)}
        if chosen is not None and ranks <= {chosen["rank"]}:
            action["onto"] = chosen["id"]
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
