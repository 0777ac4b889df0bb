# Shared pieces of the table code (MicroPython, main thread): constants, card
# names, the UI state, storage, settings and seat names (the page's URL parameters:
# ui_query.py).
import json

import ui_stats
from pyscript import document, window
from ui_i18n import N_, card_letter, tr
from ui_query import LANGUAGE_CODES, PARAMS

ME = 0
DEFAULT_NAME = "You"
NAME_MAX = 20

RANK_NAMES = {
    "A": N_("Ace"),
    "2": N_("Two"),
    "3": N_("Three"),
    "4": N_("Four"),
    "5": N_("Five"),
    "6": N_("Six"),
    "7": N_("Seven"),
    "8": N_("Eight"),
    "9": N_("Nine"),
    "T": N_("Ten"),
    "J": N_("Jack"),
    "Q": N_("Queen"),
    "K": N_("King"),
}
CANASTA_NAMES = {"natural": N_("Natural canasta"), "mixed": N_("Mixed canasta"),
                 "wild": N_("Wild canasta")}
# Sequences (Samba, S6): runs of one suit from 4 up to the ace, in this order.
RUN_ORDER = "456789TJQKA"
# The hand sorted by suit: black and red in turn, each suit in run order (3s first).
SUIT_ORDER = "SHCD"
SUIT_RANKS = "3456789TJQKA"
SUITS = {
    "S": ("♠", N_("spades"), "black"),
    "H": ("♥", N_("hearts"), "red"),
    "D": ("♦", N_("diamonds"), "red"),
    "C": ("♣", N_("clubs"), "black"),
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


def short_name(card):
    """'7♥', '10♣', 'Joker' (for sentences; the engine's own names come in its log)."""
    if not is_card(card):
        return "?"
    return tr("{c:card}", c=card)  # (the language's letters: ui_i18n.card_letter)


def card_name(card):
    if card == "JK":
        return tr("Joker")
    if not is_card(card):
        return tr("Unknown card")
    return tr("{rank} of {suit}", rank=tr(RANK_NAMES[card[0]]), suit=tr(SUITS[card[1]][1]))




def is_wild(card):
    return card == "JK" or card[0] == "2"


def rank_short(rank):
    """'10' for T, else the rank's letter ('4', 'K'), as the chosen language letters it."""
    return card_letter(rank)


def is_sequence(meld):
    """A run of one suit (Samba's sequences, S6): a meld with no rank."""
    return meld.get("kind") == "sequence"


def sequence_span(meld):
    """'♠ 4–8': a sequence's suit and ends, as its label shows them."""
    suit = SUITS.get(meld.get("suit"), ("?",))[0]
    return suit + " " + rank_short(meld.get("low")) + "–" + rank_short(meld.get("high"))


def fits_sequence(view, meld, cards):
    """Whether `cards` could join the sequence `meld`: naturals of its suit that continue
    it at either end without a gap or a rank twice, up to the rule set's longest run.
    (A guess for choosing the meld a play names; the engine decides, S6 and S7.)"""
    rules = view.get("rules", {})
    longest = rules.get("sequence_max") or 7
    if rules.get("sequence_grows_out") and view.get("permission") is True:
        longest = len(RUN_ORDER)  # BR6: going out, an escalera grows to the ace
    elif meld.get("closed"):
        return False
    if not cards or not is_sequence(meld):
        return False
    if len(meld["cards"]) + len(cards) > longest:
        return False
    places = []
    wilds = 0
    for c in list(meld["cards"]) + list(cards):
        if is_card(c) and is_wild(c):
            wilds += 1  # N3: where the rule set lets a sequence hold one
            continue
        if not is_card(c) or c[1] != meld.get("suit") or c[0] not in RUN_ORDER:
            return False
        places.append(RUN_ORDER.index(c[0]))
    if wilds > (rules.get("sequence_wilds") or 0) or not places:
        return False
    gaps = max(places) - min(places) + 1 - len(places)
    return len(set(places)) == len(places) and gaps <= wilds


def minimum_text(view, team):
    """What the team's initial meld needs: its points (C25) and, from the scores where
    it must hold one, its canasta (BR2: the view's `opening_canasta`), or where the rules
    say so its natural meld of three (U23: "triple" there)."""
    needs = view.get("opening_canasta")
    canasta = needs[team] if needs else None
    points = view["minimum"][team]
    if not canasta:
        return tr("{points} points", points=points)
    if canasta == "triple":
        return tr("{points} points and a natural meld of three", points=points)
    if canasta == "natural":
        if points == 0:
            return tr("a natural canasta")
        return tr("{points} points and a natural canasta", points=points)
    if points == 0:
        return tr("a canasta")
    return tr("{points} points and a canasta", points=points)


def packet_word(view, capital=False):
    """What the rule set calls each seat's dealt packet (its `packet_name`: Railroad's
    "kitty", Pennies' "packet"), for every word the table shows; "kitty" for a view
    without the name (a save of before it)."""
    word = str((view or {}).get("rules", {}).get("packet_name") or "kitty")
    return word[:1].upper() + word[1:] if capital else word


def cite(view, rule):
    """The rule id the game's rule set cites for `rule` (its `rule_ids`: Pennies' PH4
    for Railroad's R13), else `rule` itself."""
    for row in (view or {}).get("rules", {}).get("rule_ids") or ():
        if len(row) == 2 and row[0] == rule:
            return str(row[1])
    return rule


def suit_key(card):
    """Where a card sits in a hand sorted by suit: naturals by suit, each in run order;
    wild cards last."""
    if not is_card(card) or is_wild(card):
        return (len(SUIT_ORDER), 0 if card == "JK" else 1)
    return (SUIT_ORDER.index(card[1]), SUIT_RANKS.find(card[0]))


# ----- the page's address (?seed=, ?level=, ?variant=, ?position=...) ------------------
# Read with bounded size and depth: a crafted address gets a message and is ignored,
# it never freezes the page (issue 16, docs/RELIABILITY.md).

# ----- storage keys: the page's own, or an embed's namespace (?store=NAME) ---------
STORE_MAX = 32
STORE_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-"


def store_name(raw):
    """The storage namespace asked for by the address: (name or None, problem or None)."""
    if raw is None:
        return None, None
    if 0 < len(raw) <= STORE_MAX and all(c in STORE_CHARS for c in raw):
        return raw, None
    return None, (
        N_("The address asks for the storage name “{name}”, but a storage name is 1 to 32 "
           "lowercase letters, digits or hyphens: this page uses its usual storage."),
        {"name": raw[:STORE_MAX] + ("…" if len(raw) > STORE_MAX else "")},
    )


STORE, STORE_PROBLEM = store_name(PARAMS.get("store"))
# Every key of one namespace starts with KEY: games, settings and statistics alike,
# so two embeds on one origin (?store=a, ?store=b) never read each other's.
KEY = "canasta:v1:" if STORE is None else "canasta:v1:store:" + STORE + ":"
SETTINGS = KEY + "settings"
STATS = KEY + "stats"
STATS_CORRUPT = KEY + "stats-corrupt"
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
    "halt": 0,  # > 0 while a game is being loaded: no computer move starts
    "game_id": None,  # the id of the game on the table (ui_saves.py)
    "elsewhere": None,  # "elsewhere"/"deleted": another tab took this game; no writing
    "refusal": None,
    "announce": None,  # the other players' latest moves, for the live region (ui_render)
    "flights": [],  # the other players' latest moves, to fly from their seats (ui_render)
    "variant": "classic",
    "variants": None,
    "house_rules": None,  # per game: its options and house rules (worker.house_rules)
    "house": [],  # the ids ticked in the set-up dialog
    "rules_href": "./rules.html",  # the rules page of the game being played
    "seed": None,
    "ready": False,
    "asked_dialog": False,
    "coach_on": True,
    "four_colours": False,  # the four-colour deck (settings)
    "lang": None,  # the language chosen (settings; None: the browser's, issue 18)
    "suit_sort": False,  # the hand sorted by suit instead of by rank (settings)
    "name": DEFAULT_NAME,
    "stats": False,
    "stats_confirm": False,
    "hint": None,
    # Safe commitments (issue 15): melds set aside on the page for an initial meld (lists
    # of hand indexes, sent together once they reach the minimum), the engine's answer
    # about what is staged (worker.assess), and a pile take waiting for the player's yes.
    "pending": [],
    "assessed": None,
    "confirm_take": None,
    # Railroad's kitty (R13): your open kitty shown face up, and whether your discard
    # takes it (checked again at the start of each of your turns).
    "kitty_look": False,
    "kitty_take": True,
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
        + ' <button type="button" data-act="dismiss-warning" data-testid="dismiss-warning">'
        + esc(tr("OK")) + "</button>"
    )
    box.hidden = False


def storage_full(what):
    """`what`: "game", "settings" or "statistics" (what is not being saved)."""
    if what == "game":
        text = tr("Your browser's storage is full: this game is not being saved. Everything "
                  "saved before is kept. Delete old games under “Saved games” (or free space "
                  "in this browser) to keep your progress.")
    elif what == "settings":
        text = tr("Your browser's storage is full: your settings are not being saved. "
                  "Everything saved before is kept. Delete old games under “Saved games” (or "
                  "free space in this browser) to keep your progress.")
    else:
        text = tr("Your browser's storage is full: your statistics are not being saved. "
                  "Everything saved before is kept. Delete old games under “Saved games” (or "
                  "free space in this browser) to keep your progress.")
    warn(text)


# ----- settings (coach line, player name) and statistics -----------------------
def clean_name(text):
    """The player's name as shown: plain text on one line, trimmed, at most 20 characters."""
    text = "".join(" " if c < " " or c == "\x7f" else c for c in str(text))
    text = " ".join(text.split())[:NAME_MAX].strip()
    # (the word for "You" in the chosen language is the default name too: it follows
    # the language instead of staying the word it was typed in)
    return DEFAULT_NAME if not text or text == tr("You") else text


def my_name():
    """The player's name as the table says it: "You" in the chosen language unless the
    player gave another."""
    return tr("You") if S["name"] == DEFAULT_NAME else S["name"]


def load_settings():
    text = store_get(SETTINGS)
    coach, name, colours, sort, lang = True, DEFAULT_NAME, 2, "rank", None
    if text == "coach-off":  # the format before names: a bare string
        coach = False
    elif text and text[0] == "{":
        try:
            data = json.loads(text)
            coach = data.get("coach") is not False
            name = data.get("name", DEFAULT_NAME)
            colours = 4 if data.get("colours") == 4 else 2
            sort = "suit" if data.get("sort") == "suit" else "rank"
            lang = data.get("lang") if data.get("lang") in LANGUAGE_CODES else None
        except Exception:  # unreadable settings: the defaults will do
            pass
    S["coach_on"] = coach
    S["four_colours"] = colours == 4
    S["suit_sort"] = sort == "suit"
    S["lang"] = lang  # None: not chosen yet (the browser's language, issue 18)
    S["name"] = clean_name(name) if isinstance(name, str) else DEFAULT_NAME


def save_settings():
    data = {"coach": S["coach_on"], "name": S["name"],
            "colours": 4 if S["four_colours"] else 2,
            "sort": "suit" if S["suit_sort"] else "rank"}
    if S.get("lang"):
        data["lang"] = S["lang"]  # the language chosen in the set-up dialog (issue 18)
    text = json.dumps(data)
    if not store_set(SETTINGS, text):
        storage_full("settings")


def load_stats():
    """The stored statistics; an unreadable entry is kept aside and counting starts afresh."""
    text = store_get(STATS)
    stats, problem = ui_stats.parse(text)
    if problem:
        store_set(STATS_CORRUPT, text)
        found = ui_stats.explain(problem)
        if found is not None:
            problem = tr(found[0], **found[1])
        warn(tr("Your statistics could not be read ({problem}). They were kept aside, "
                "not deleted, and counting starts afresh.", problem=problem))
        write_stats(stats)
    return stats


def write_stats(stats):
    if not store_set(STATS, json.dumps(stats)):
        storage_full("statistics")


# ----- names and seats ---------------------------------------------------------
# The other seats in playing order (seat 1 plays after you), named by where they
# sit around the table; team t holds the seats s with s % teams == t (seat 0 is you).
OTHER_SEATS = {
    2: (N_("Opponent"),),
    3: (N_("West"), N_("East")),
    4: (N_("West"), N_("North"), N_("East")),
    5: (N_("West"), N_("Northwest"), N_("Northeast"), N_("East")),
    6: (N_("West"), N_("Northwest"), N_("North"), N_("Northeast"), N_("East")),
}


def seat_names(view):
    n = view["players"] if view else 4
    others = (tuple(tr(name) for name in OTHER_SEATS[n]) if n in OTHER_SEATS
              else tuple(tr("Player {n}", n=s + 1) for s in range(1, n)))
    mine = my_name()
    names = [tr("South") if watching(view) else mine]
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
        return [tr("Us"), tr("Them")] if ME % 2 == 0 else [tr("Them"), tr("Us")]
    names = seat_names(view)
    mine = ME % view["teams"]
    return [
        tr("Us") if t == mine else and_join([names[s] for s in team_seats(view, t)])
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
        return tr("Us · {members}", members=members)
    if view["teams"] == 2:
        return tr("Them · {members}", members=members)
    return tr("Opponents · {members}", members=members)
