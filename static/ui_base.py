# Shared pieces of the table code (MicroPython, main thread): constants, card
# names, the page's URL parameters, the UI state, storage, settings and seat names.
import json

import ui_stats
from pyscript import document, window

KEY = "canasta:v1:"
CURRENT = KEY + "current"
PREVIOUS = KEY + "previous"
CORRUPT = KEY + "corrupt"
SETTINGS = KEY + "settings"
STATS = KEY + "stats"
STATS_CORRUPT = KEY + "stats-corrupt"
ME = 0
DEFAULT_NAME = "You"
NAME_MAX = 20

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
PLURAL = {"A": "Aces", "T": "10s", "J": "Jacks", "Q": "Queens", "K": "Kings", "3": "Black 3s",
          "W": "Wild cards"}
CANASTA_NAMES = {"natural": "Natural", "mixed": "Mixed", "wild": "Wild"}
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


def is_card(card):
    """A card in the engine's notation ("JK", "AS", "TD"...): anything else that a
    tampered save or view holds is drawn as an unknown card, never as markup."""
    return card == "JK" or (
        isinstance(card, str) and len(card) == 2 and card[0] in RANK_NAMES and card[1] in SUITS
    )


def card_name(card):
    if card == "JK":
        return "Joker"
    if not is_card(card):
        return "Unknown card"
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
    "variants": None,
    "house_rules": None,  # the house rules a game may add (worker.house_rules)
    "house": [],  # the ids ticked in the set-up dialog
    "rules_href": "./rules.html",  # the rules page of the game being played
    "seed": None,
    "ready": False,
    "asked_dialog": False,
    "coach_on": True,
    "name": DEFAULT_NAME,
    "stats": False,
    "stats_confirm": False,
    "hint": None,
}


def el(id_):
    return document.getElementById(id_)


def esc(text):
    """Text (or a number) made safe for HTML, in an element or a quoted attribute.
    Everything that comes from a view, a save, the log or the address goes through
    here before it reaches innerHTML (docs/RELIABILITY.md)."""
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


def safe_href(href, fallback="./rules.html"):
    """A link address from the engine: only a relative page of this site (./...)."""
    if isinstance(href, str) and href.startswith("./") and len(href) < 300:
        return href
    return fallback


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


WARNINGS = []


def warn(text):
    """Show a warning until dismissed; several different ones are listed together."""
    box = el("warning")
    if not text:
        WARNINGS.clear()
        box.hidden = True
        return
    if text not in WARNINGS:
        WARNINGS.append(text)
    box.innerHTML = (
        "<br>".join(esc(t) for t in WARNINGS)
        + ' <button type="button" data-act="dismiss-warning" data-testid="dismiss-warning">OK'
        "</button>"
    )
    box.hidden = False


def storage_full(what):
    warn(
        "Your browser's storage is full: " + what + " not being saved. "
        "Free some space (or use another browser profile) to keep your progress."
    )


def save(reply_save):
    text = json.dumps(reply_save)
    if not store_set(CURRENT, text):
        storage_full("this game is")


def keep_aside(text, why):
    """A save we cannot read is never deleted: it is kept under its own key."""
    store_set(CORRUPT, text)
    store_set(CURRENT, "")
    warn(
        "Your saved game could not be loaded (" + why + "). It was kept aside, "
        "not deleted. Start a new game to play on."
    )


# ----- settings (coach line, player name) and statistics -----------------------
def clean_name(text):
    """The player's name as shown: plain text on one line, trimmed, at most 20 characters."""
    text = "".join(" " if c < " " or c == "\x7f" else c for c in str(text))
    text = " ".join(text.split())[:NAME_MAX].strip()
    return text or DEFAULT_NAME


def load_settings():
    text = store_get(SETTINGS)
    coach, name = True, DEFAULT_NAME
    if text == "coach-off":  # the format before names: a bare string
        coach = False
    elif text and text[0] == "{":
        try:
            data = json.loads(text)
            coach = data.get("coach") is not False
            name = data.get("name", DEFAULT_NAME)
        except Exception:  # unreadable settings: the defaults will do
            pass
    S["coach_on"] = coach
    S["name"] = clean_name(name) if isinstance(name, str) else DEFAULT_NAME


def save_settings():
    text = json.dumps({"coach": S["coach_on"], "name": S["name"]})
    if not store_set(SETTINGS, text):
        storage_full("your settings are")


def load_stats():
    """The stored statistics; an unreadable entry is kept aside and counting starts afresh."""
    text = store_get(STATS)
    stats, problem = ui_stats.parse(text)
    if problem:
        store_set(STATS_CORRUPT, text)
        warn(
            "Your statistics could not be read (" + problem + "). They were kept aside, "
            "not deleted, and counting starts afresh."
        )
        write_stats(stats)
    return stats


def write_stats(stats):
    if not store_set(STATS, json.dumps(stats)):
        storage_full("your statistics are")


# ----- names and seats ---------------------------------------------------------
# The other seats in playing order (seat 1 plays after you), named by where they
# sit around the table; team t holds the seats s with s % teams == t (seat 0 is you).
OTHER_SEATS = {
    2: ("Opponent",),
    3: ("West", "East"),
    4: ("West", "North", "East"),
    5: ("West", "Northwest", "Northeast", "East"),
    6: ("West", "Northwest", "North", "Northeast", "East"),
}


def seat_names(view):
    n = view["players"] if view else 4
    others = OTHER_SEATS.get(n) or tuple("Player " + str(s + 1) for s in range(1, n))
    names = ["South" if watching(view) else S["name"]]
    names.extend(others)
    return names


def watching(view):
    """The human sits out this round (five players, P2): the table is shown, not played."""
    return bool(view and view.get("watching"))


def my_turn(view):
    return view["to_act"] == ME and not watching(view)


def partnership(view):
    """True when players share teams (Classic for four, six): False when each plays alone."""
    return view["teams"] < view["players"]


def team_seats(view, team):
    return [s for s in range(view["players"]) if s % view["teams"] == team]


def and_join(names):
    """'West', 'West & East', 'West, North & East'."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " & " + names[-1]


def team_names(view):
    """Short names for the scores: each player's when each plays alone; else "Us" and
    "Them" with two teams, and the opposing teams' players with three or more."""
    if not view or not partnership(view):
        return seat_names(view)
    if view["teams"] == 2:
        return ["Us", "Them"] if ME % 2 == 0 else ["Them", "Us"]
    names = seat_names(view)
    mine = ME % view["teams"]
    return [
        "Us" if t == mine else and_join([names[s] for s in team_seats(view, t)])
        for t in range(view["teams"])
    ]


def soft_names(html):
    """Seat names in HTML allowed to break as North-west in a narrow place (a soft hyphen)."""
    return html.replace("Northwest", "North&shy;west").replace("Northeast", "North&shy;east")


def team_class(view, team):
    """The colour of a team on the table (yours is always the first colour)."""
    return "team-c" + str((team - ME % view["teams"]) % view["teams"])


def team_title(view, team):
    """A meld area's heading: whose melds these are, by name."""
    if not partnership(view):
        return seat_names(view)[team]
    names = seat_names(view)
    members = and_join([names[s] for s in team_seats(view, team)])
    if team == ME % view["teams"]:
        return "Us · " + members
    return ("Them · " if view["teams"] == 2 else "Opponents · ") + members
