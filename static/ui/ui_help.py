# The player's helpers on the page's main thread (MicroPython): the hint (what the strong
# player would do here, its cards staged) and the history of the game's earlier rounds,
# both asked of the engine worker through ui_game.call. table_ui.py calls them.
import json

from pyscript import document
from ui_base import ME, S, my_turn
from ui_game import EngineFailed, call, thinking
from ui_i18n import N_, said, tr
from ui_panels import past_rounds_html, pending_cards
from ui_render import render

HOW = {
    "draw": N_("Press Draw."),
    "take_pile": N_("The cards are selected: press Take pile or click the pile."),
    "meld": N_("The cards are selected: press Meld."),
    "discard": N_("The card is selected: press Discard."),
    "ask": N_("Press “May I go out?”."),
}


async def ask_hint():
    """Ask the worker what the strong player would do here, and stage its cards."""
    if S["ai"] or S["view"] is None or not my_turn(S["view"]) or S.get("elsewhere"):
        return
    thinking(True)
    view = S["view"]
    try:
        reply = await call("hint", json.dumps({"pending": pending_cards(view)}))
    except EngineFailed:
        return
    finally:
        thinking(False)
    hint = reply.get("hint")
    if not hint:
        return
    action = hint["action"]
    cards = list(action.get("cards", []))
    if "card" in action:
        cards.append(action["card"])
    hand = S["view"]["hand"]
    sel = []
    S["confirm_take"] = None
    # The advice comes after the melds set aside (worker.hint): their cards are not staged.
    aside = {i for step in S["pending"] for i in step["idx"]}
    for card in cards:
        for i, held in enumerate(hand):
            if held == card and i not in sel and i not in aside:
                sel.append(i)
                break
    S["sel"] = sel
    # The meld the advice names (by id, or by rank in the engine's listed form) is
    # chosen, so that Meld and Take pile name it with "onto".
    team = S["view"]["melds"][ME % S["view"]["teams"]]
    onto = action.get("onto")
    if onto is not None:
        named = [m for m in team if m.get("id") == onto]
    else:
        named = [m for m in team if action.get("rank") and m["rank"] == action["rank"]]
    S["target"] = str(named[0]["id"]) if named else None
    how = HOW.get(action["type"], "")
    if action["type"] == "take_pile" and not cards:
        how = N_("Press Take pile.")
    elif action.get("new") and action["type"] == "meld":
        how = N_("The cards are selected: click + New meld.")  # S5: beside the rank's meld
    elif action.get("new"):
        how = N_("The cards are selected: drag the pile onto + New meld.")
    S["hint"] = said(hint) + (" " + tr(how) if how else "")
    S["refusal"] = None
    render()


async def show_past_rounds():
    """The history of the game's earlier rounds (worker.past_rounds), under "This round"."""
    box = document.getElementById("log-rounds")
    button = document.querySelector("[data-act=log-past]")
    if not box.hidden:
        box.hidden = True
        button.setAttribute("aria-expanded", "false")
        return
    try:
        reply = await call("past_rounds", optional=True)
    except Exception:
        return
    box.innerHTML = past_rounds_html(reply.get("rounds", []))
    box.hidden = False
    button.setAttribute("aria-expanded", "true")
