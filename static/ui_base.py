# Shared pieces of the table code (MicroPython, main thread): constants, card
# names, the page's URL parameters, the UI state, storage and seat names.
import json

from pyscript import document, window

KEY = "canasta:v1:"
CURRENT = KEY + "current"
PREVIOUS = KEY + "previous"
CORRUPT = KEY + "corrupt"
SETTINGS = KEY + "settings"
ME = 0

RANK_NAMES = {
    "A": "Ace",
    "2": "Two",
    "3": "Three",
    "4": "Four",
    "5": "Five",
    "6": "Six",
    "7": "Seven",
    "8": "Eight",
    "9": "Nine",
    "T": "Ten",
    "J": "Jack",
    "Q": "Queen",
    "K": "King",
}
RANK_SHORT = {"T": "10"}
PLURAL = {"A": "Aces", "T": "10s", "J": "Jacks", "Q": "Queens", "K": "Kings", "3": "Black 3s"}
SUITS = {
    "S": ("♠", "spades", "black"),
    "H": ("♥", "hearts", "red"),
    "D": ("♦", "diamonds", "red"),
    "C": ("♣", "clubs", "black"),
}


def card_value(card):
    if card == "JK":
        return 50
    r = card[0]
    if r in "2A":
        return 20
    if r in "KQJT98":
        return 10
    if r == "3":
        return 0 if card[1] in "HD" else 5
    return 5


def card_name(card):
    if card == "JK":
        return "Joker"
    return RANK_NAMES[card[0]] + " of " + SUITS[card[1]][1]




def is_wild(card):
    return card == "JK" or card[0] == "2"


def query():
    out = {}
    text = window.location.search
    if text and text[0] == "?":
        for part in text[1:].split("&"):
            if "=" in part:
                k, v = part.split("=", 1)
                out[k] = v
            elif part:
                out[part] = "1"
    return out


PARAMS = query()
FAST = PARAMS.get("fast") == "1"
AI_DELAY = 0 if FAST else 0.45

S = {
    "view": None,
    "coach": "",
    "sel": [],
    "eng": None,
    "level": "normal",
    "log": [],
    "zoom": 0,
    "ai": False,
    "refusal": None,
    "variant": "classic",
    "seed": None,
    "ready": False,
    "asked_dialog": False,
    "coach_on": True,
}


def el(id_):
    return document.getElementById(id_)


def esc(text):
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
    )


# ----- storage ---------------------------------------------------------------
def store_get(key):
    try:
        value = window.canastaLoad(key)
    except Exception:
        return None
    if value is None or not isinstance(value, str):
        return None
    return value


def store_set(key, value):
    try:
        return bool(window.canastaStore(key, value))
    except Exception:
        return False


def warn(text):
    box = el("warning")
    if text:
        box.innerHTML = esc(text) + ' <button type="button" data-act="dismiss-warning">OK</button>'
        box.hidden = False
    else:
        box.hidden = True


def save(reply_save):
    text = json.dumps(reply_save)
    if not store_set(CURRENT, text):
        warn(
            "Your browser's storage is full: this game is not being saved. "
            "Free some space (or use another browser profile) to keep your progress."
        )


def keep_aside(text, why):
    """A save we cannot read is never deleted: it is kept under its own key."""
    store_set(CORRUPT, text)
    store_set(CURRENT, "")
    warn(
        "Your saved game could not be loaded (" + why + "). It was kept aside, "
        "not deleted. Start a new game to play on."
    )


# ----- names and seats ---------------------------------------------------------
def seat_names(view):
    n = view["players"] if view else 4
    if n == 2:
        return ["You", "Opponent"]
    if n == 3:
        return ["You", "West", "East"]
    return ["You", "West", "North", "East"]


def team_names(view):
    if view and view["teams"] == view["players"]:
        return seat_names(view)
    return ["Us", "Them"]

