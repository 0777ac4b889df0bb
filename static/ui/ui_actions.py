# The player's moves from the cards staged in the hand (MicroPython, main thread):
# take the pile, meld, discard, or a sentence saying what to do instead.
import asyncio
import json

from pyscript import document, window
from ui_base import (
    ME,
    RANK_NAMES,
    S,
    card_name,
    fits_sequence,
    is_sequence,
    is_wild,
    minimum_text,
    my_turn,
    short_name,
)
from ui_game import call, send, spawn
from ui_i18n import said, tr
from ui_panels import assess_key, pending_cards, staged_cards
from ui_render import render

NO_SCROLL = window.JSON.parse('{"preventScroll": true}')  # focus() options: the table stays put


def selected_cards():
    view = S["view"]
    return staged_cards(view) if view else []


def tell(message, rule=None, href=None):
    """A sentence for the player in the refusal line (with a rule link when given: to
    `href`, else Classic's rules page)."""
    S["refusal"] = {"rule": rule, "message": message}
    if href:
        S["refusal"]["href"] = href
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


def pile_onto(view, cards=()):
    """The id of the team meld the pile's top card goes on: the chosen meld when it is
    of the top card's rank, or (the top card alone, S3) a sequence it continues; else
    the team's only meld of that rank; None for none."""
    top = view["pile"]["top"]
    if not top or is_wild(top):
        return None
    chosen = team_meld(view, S.get("target"))
    if chosen is not None and (chosen["rank"] == top[0] if not is_sequence(chosen)
                               else not cards and fits_sequence(view, chosen, [top])):
        return chosen["id"]
    same = [m for m in view["melds"][ME % view["teams"]]
            if not is_sequence(m) and m["rank"] == top[0]]
    return same[0]["id"] if len(same) == 1 and "id" in same[0] else None


def take_action(view, cards, onto=None):
    """Take the pile with `cards` from the hand; the top card goes on the meld `onto`
    when given (the pile dropped on a meld), else on the one `pile_onto` finds."""
    action = {"type": "take_pile", "cards": cards}
    if onto is None:
        onto = pile_onto(view, cards)
    if onto is not None:
        action["onto"] = int(onto)
    return action


def cardless_take(view, takes):
    """The take of the pile by its top card alone, among the engine's listed `takes`:
    onto the meld chosen (clicked with nothing staged) when the top card fits it, else
    the only one listed; None when the top card could go on more than one meld (S3, S5:
    the player chooses)."""
    alone = [a for a in takes if not a["cards"]]
    chosen = team_meld(view, S.get("target"))
    if chosen is not None and pile_onto(view) == chosen["id"]:
        return take_action(view, [], chosen["id"])
    places = {a.get("onto") for a in alone}
    if len(places) != 1:
        return None
    return take_action(view, [], alone[0].get("onto"))


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
        if action["cards"]:
            # Cards the game chose from the hand: shown, and sent only on the player's
            # yes (issue 15: a click on the pile used to commit at once).
            S["confirm_take"] = action
            render()
            return
        alone = cardless_take(view, takes)
        if alone is None:
            tell(tr("The {card} on top of the pile can go on"
                    " more than one of your melds: click the meld it goes on, then the pile"
                    " (or drag the pile onto the meld).", card=short_name(view["pile"]["top"])),
                 "C11")
        else:
            spawn(send(alone))
        return
    top = view["pile"]["top"]
    tell(tr("Select the cards that go with the {card} on top of the pile"
            " (a natural {rank} and a wild card), then press"
            " Take pile: a wild card is only spent when you select it.",
            card=card_name(top), rank=tr(RANK_NAMES[top[0]]).lower()), "C11")


def new_group(view, cards):
    """Whether cards put on "+ New meld" start another meld of their rank beside the
    team's (S5, `groups_per_rank`: the engine's additive "new"); elsewhere such cards
    join their rank's meld (C18), as they always did."""
    if (view.get("rules", {}).get("groups_per_rank") or 1) < 2:
        return False
    ranks = {c[0] for c in cards if not is_wild(c)}
    return len(ranks) == 1 and any(
        not is_sequence(m) and m["rank"] in ranks for m in view["melds"][ME % view["teams"]])


def do_meld(onto=None, new=False):
    """Meld the staged cards. `onto`: the id of the meld clicked or dropped on, which
    they must join (the engine refuses a meld they do not fit); `new`: put on "+ New
    meld", they start a meld even beside one of their rank (S5). Without either, the
    meld chosen earlier (clicked with nothing staged) is named when the cards fit it;
    else the cards start a meld, or join their rank's (C18), or the meld of wild cards
    (F1), or the one sequence they continue (S6)."""
    cards = selected_cards()
    if not cards:
        return
    action = {"type": "meld", "cards": cards}
    view = S["view"]
    if building_initial(view):
        spawn(meld_initial(view, set_aside(int(onto) if onto else None)))
        return
    if new:
        if new_group(view, cards):
            action["new"] = True
    elif onto:
        action["onto"] = int(onto)
    else:
        found = meld_onto(view, cards)
        if found is not None:
            action["onto"] = found
    spawn(send(action))


def meld_onto(view, cards):
    """The id of the team meld that cards melded with the Meld button join, or None (the
    engine then starts a meld, or joins the cards' rank, C18): the meld chosen earlier
    when they fit it — wild cards or its rank, or for a sequence cards that continue it
    (S6) — else the one sequence they continue when they cannot make a meld of their
    own (one card, or two of different ranks, with no meld of that rank)."""
    chosen = team_meld(view, S.get("target"))
    ranks = {c[0] for c in cards if not is_wild(c)}
    if chosen is not None:
        if is_sequence(chosen):
            return chosen["id"] if fits_sequence(view, chosen, cards) else None
        return chosen["id"] if ranks <= {chosen["rank"]} else None
    least = view.get("rules", {}).get("sequence_min") or 0
    if not least:
        return None
    team = view["melds"][ME % view["teams"]]
    if len(ranks) == 1 and any(not is_sequence(m) and m["rank"] in ranks for m in team):
        return None  # the meld of their rank (C18)
    if (len(ranks) == 1 and len(cards) >= 3) or (len(ranks) > 1 and len(cards) >= least):
        return None  # a meld of their own: a group, or a new sequence
    runs = [m for m in team if fits_sequence(view, m, cards)]
    return runs[0]["id"] if len(runs) == 1 else None


def take_onto(meld_id, new=False):
    """The pile dragged onto one of your melds: take it with the cards staged, its top
    card onto that meld (a sequence it continues, S3, or a meld of its rank); dragged
    onto "+ New meld" (`new`), the top card and the cards start a meld of their own
    (beside the team's meld of that rank where the rules allow two, S5)."""
    view = S["view"]
    if view is None or not my_turn(view) or view["phase"] != "draw":
        tell(tr("Wait for your turn to take the pile."))
        return
    cards = selected_cards()
    if not new:
        spawn(send(take_action(view, cards, meld_id)))
        return
    action = {"type": "take_pile", "cards": cards}
    top = view["pile"]["top"]
    if top and new_group(view, [top]):
        action["new"] = True
    spawn(send(action))


def building_initial(view):
    """Melds made now are the team's initial meld: they are set aside on the page until
    they reach the minimum together (issue 15's safe commitments)."""
    return (my_turn(view) and view["phase"] == "play"
            and not view["team_melded"][ME % view["teams"]])


async def assess(view, pending=None):
    """The engine's answer about the melds set aside (or the first `pending` of them)
    plus the staged cards (none when `pending` is given), kept for the meter; None if
    the worker cannot answer."""
    if pending is None:
        request = {"pending": pending_cards(view), "cards": staged_cards(view)}
    else:
        request = {"pending": pending, "cards": []}
    key = assess_key(view, request["pending"], request["cards"])
    try:
        reply = await call("assess", json.dumps(request), optional=True)
    except Exception:  # the meter falls back to counting the cards itself
        return None
    if S["view"] is view and assess_key(view) == key:  # about what is aside and staged now
        S["assessed"] = {"key": key, "reply": reply}
    return reply


async def reassess():
    view = S["view"]
    if view is None or not my_turn(view) or view["team_melded"][ME % view["teams"]]:
        return
    if view["phase"] not in ("draw", "play") or not (S["sel"] or S["pending"]):
        return
    if await assess(view) is not None and S["view"] is view:
        render()


CHECKING = asyncio.Lock()  # the melds set aside are checked one at a time, in order


def set_aside(onto=None):
    """Set the picked cards aside with the melds set aside before (on the meld set
    aside `onto` when given), at the click: cards picked while the engine checks them
    are the next meld's. The step, for `meld_initial`."""
    step = {"idx": list(S["sel"]), "onto": onto}
    S["pending"].append(step)
    S["sel"] = []
    S["assessed"] = None
    S["refusal"] = None
    render()
    return step


async def meld_initial(view, step):
    """The engine checks the melds set aside up to `step`: when together they complete
    the initial meld, they are laid down in order, and any set aside after `step` too;
    when it refuses `step`, its cards are picked again and the refusal said; else they
    stay aside, the meter updated."""
    async with CHECKING:
        ahead = _steps_to(step)
        if S["view"] is not view or ahead is None:
            return  # the hand changed, or the step went back to the hand, meanwhile
        reply = await assess(view, pending_cards(view)[:ahead])
        if S["view"] is not view or _steps_to(step) != ahead:
            return
        if reply is None or reply.get("error"):
            # Refused (or the worker could not answer): the step's cards are picked again.
            del S["pending"][ahead - 1]
            S["sel"] = step["idx"] + [i for i in S["sel"] if i not in step["idx"]]
            S["assessed"] = None
            error = reply.get("error") if reply is not None else None
            if error:
                tell(said(error) or tr("Not a valid meld."), error.get("rule"),
                     error.get("href"))
            else:
                render()
            spawn(reassess())  # the meter: what stays aside, and the cards picked again
            return
        if reply.get("complete"):
            steps = pending_cards(view)  # (with any set aside since: they go down after)
            S["pending"] = []
            S["sel"] = []
            S["assessed"] = None
            for laid in steps:
                action = {"type": "meld", "cards": laid["cards"]}
                if laid["onto"] is not None:
                    action["onto"] = laid["onto"]
                await send(action)
                if S["refusal"]:
                    break
            return
        render()


def _steps_to(step):
    """How many melds set aside end with `step` (None when it is no longer aside)."""
    for k, aside in enumerate(S["pending"]):
        if aside is step:
            return k + 1
    return None


def back_to_hand():
    S["pending"] = []
    S["assessed"] = None
    render()
    spawn(reassess())


def do_discard():
    view = S["view"]
    if S["pending"] and view is not None:
        team = ME % view["teams"]
        points = S["assessed"]["reply"].get("points", 0) if S["assessed"] else 0
        tell(tr("The melds you set aside make {points} points, and your initial "
                "meld needs {need}: meld more, or press Back to "
                "hand before you discard.", points=points, need=minimum_text(view, team)),
             "C25")
        return
    cards = selected_cards()
    if len(cards) == 1:
        spawn(send(discard_action(view, cards[0])))
    elif not cards:
        tell(tr("To discard, select one card of your hand, then click the pile."))
    else:
        tell(tr("Only one card can be discarded: select just one, then click the pile."))


def discard_action(view, card):
    """Discard `card`; with "Take the kitty with this discard" ticked, taking the kitty
    too (R13) where the engine lists that discard (never with the discard going out)."""
    action = {"type": "discard", "card": card}
    if view is not None and S.get("kitty_take"):
        kitty = {"type": "discard", "card": card, "reserve": True}
        if any(a.get("type") == "discard" and a.get("card") == card and a.get("reserve")
               for a in view["legal"]):
            return kitty
    return action


def click_pile(view):
    """The pile takes in the draw phase and discards in the play phase; it always answers."""
    if not my_turn(view) or view["phase"] not in ("draw", "play"):
        tell(tr("Wait for your turn to take the pile or to discard on it."))
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
    # The hand was redrawn: the card keeps the focus (Enter/Space on a card used to send
    # it to the page, so every card of a meld took a Tab walk from the top).
    card = document.querySelector('[data-testid=hand-card][data-i="' + str(i) + '"]')
    if card is not None:
        card.focus(NO_SCROLL)
    spawn(reassess())  # the meter shows the engine's verdict on what is staged


def why_not(act, view):
    """Why a shortcut's button cannot act now (issue 15: a key never does nothing
    silently). A sentence and its rule id, or None."""
    if view is None:
        return tr("The game is not ready yet."), None
    if view["phase"] in ("round_over", "game_over"):
        return tr("The round is over: press N (Next round) when the score sheet offers it."), None
    if not my_turn(view):
        return tr("Wait for your turn."), "C6"
    drawing = view["phase"] == "draw"
    if act in ("draw", "take"):
        if not drawing:
            return tr("You have drawn already this turn: meld, or discard one card."), "C6"
        return tr("The pile is empty: draw from the stock."), "C10"
    if act == "meld":
        if drawing:
            return tr("Draw first (D), or take the pile (T), then meld."), "C6"
        return tr("Select the cards to meld first (Tab to a card, Enter or Space)."), None
    if act == "discard":
        if drawing:
            return tr("Draw first (D), or take the pile (T); the discard ends your turn."), "C6"
        return tr("Select one card to discard."), None
    if act == "clear":
        return tr("Nothing is selected."), None
    if act == "ask" and not view.get("rules", {}).get("ask_permission", True):
        rules = view.get("rules", {})
        if not rules.get("going_out", True):
            return tr("Nobody goes out in this game, so there is nothing to ask."), "E4"
        return tr("There is no partner to ask in this game."), "C33"
    if act == "ask":
        return (tr("You may ask “May I go out?” only after drawing, before melding anything "
                   "this turn, and when you could go out now."), "C33")
    return None, None
