# Drawing the table from the engine's view (MicroPython, main thread): render() for
# the whole table, writing only the regions that changed, the events told to an
# embedding page, and the other players' moves flying from their seats (the parts:
# ui_panels.py; the cards: ui_cards.py; the dialogs: ui_dialogs.py).

import json

from pyscript import document, window
from pyscript.ffi import create_proxy
from ui_base import (
    ME,
    S,
    el,
    esc,
    my_turn,
    safe_href,
    seat_names,
    team_class,
    watching,
)
from ui_cards import (
    backs_html,
    card_html,
    center_html,
    hand_html,
    kitty_cards_html,
    kitty_html,
    melds_html,
)
from ui_dialogs import render_dialogs
from ui_i18n import rules_page, said, tr
from ui_panels import (
    banner_text,
    controls_html,
    history_html,
    is_active,
    log_html,
    scoreboard_html,
    seat_html,
    team_tag,
)

# Where the other seats sit, in playing order (seat 1 plays after you): the CSS
# grid of each table size places these classes (table.css).
SLOTS = {
    2: ("seat-north",),
    3: ("seat-west", "seat-east"),
    4: ("seat-west", "seat-north", "seat-east"),
    5: ("seat-west", "seat-nw", "seat-ne", "seat-east"),
    6: ("seat-west", "seat-nw", "seat-north", "seat-ne", "seat-east"),
}


SEAT_CLASSES = ("seat-west", "seat-nw", "seat-north", "seat-ne", "seat-east")


# The HTML last written to each region of the table: a region whose HTML is the
# same is left alone, so an update costs the browser only what changed (and a
# focused card keeps its focus when the hand did not change).
_SHOWN = {}


def put(key, node, html):
    """Write `html` into `node` unless it is what the region shows; True if written."""
    if _SHOWN.get(key) == html:
        return False
    node.innerHTML = html
    _SHOWN[key] = html
    return True


# What the embedding page has been told (docs/EMBEDDING.md): the game and round whose
# end was announced, and whether the human's turn was.
_TOLD = {"round": None, "game": None, "turn": False}


def emit(kind, data):
    """One event for an embedding page (static/boot.js canastaEmit)."""
    window.canastaEmit(kind, json.dumps(data))


def announce(view):
    """The events of docs/EMBEDDING.md that this view brings: "turn" when it becomes
    the human's turn, "round_over" with the round's scores once per round, "game_over"
    with the totals once per game. (A view drawn from an older save may lack fields:
    each is read with its default.)"""
    phase = view.get("phase")
    game = S.get("game_id")
    totals = view.get("totals") or view.get("scores") or []
    if phase in ("round_over", "game_over"):
        _TOLD["turn"] = False
        done = (game, view.get("round"))
        if _TOLD["round"] != done:
            _TOLD["round"] = done
            emit("round_over", {"round": view.get("round"), "totals": totals,
                                "scores": [r.get("total") for r in view.get("round_score") or []],
                                "went_out": view.get("went_out")})
        if phase == "game_over" and _TOLD["game"] != game and totals:
            _TOLD["game"] = game
            emit("game_over", {"totals": totals, "winner": totals.index(max(totals)),
                               "you": ME % view.get("teams", 2)})
        return
    mine = my_turn(view)
    if mine and not _TOLD["turn"]:
        emit("turn", {"round": view.get("round"), "phase": phase, "seat": ME,
                      "variant": view.get("variant")})
    _TOLD["turn"] = mine


# The view drawn last, for what changed since: the cards just drawn.
_LAST = {"hand": None, "phase": None, "mine": False}


def mark_changes(view):
    """S["drawn"]: the cards your draw brought, marked until your turn ends;
    S["ai_discard"]: the pile's top is the discard another player made last (the last
    move in the view's log)."""
    mine = my_turn(view)
    hand = list(view.get("hand") or [])
    if mine and not _LAST["mine"]:
        S["kitty_take"] = True  # R13: each turn the check starts ticked (the usual choice)
    if _LAST["mine"] and mine and _LAST["phase"] == "draw" and view.get("phase") == "play":
        left = list(hand)
        for c in _LAST["hand"] or []:
            if c in left:
                left.remove(c)
        S["drawn"] = left
    elif not mine or view.get("phase") == "draw":
        S["drawn"] = []
    _LAST.update(hand=hand, phase=view.get("phase"), mine=mine)
    last = None
    for entry in reversed(view.get("log") or []):
        if isinstance(entry, dict) and isinstance(entry.get("action"), dict):
            last = entry
            break
    pile = view.get("pile") or {}
    S["ai_discard"] = bool(
        last and last["action"].get("type") == "discard" and last.get("seat") != ME
        and pile.get("top") and last["action"].get("card") == pile.get("top"))


def render():
    view = S["view"]
    if view is None:
        return
    mark_changes(view)
    table = el("table")
    table.className = "table players-" + str(view["players"])
    board = el("scoreboard")
    board.className = "scoreboard" + (" many" if view["teams"] >= 5 else "")
    put("scoreboard", board, scoreboard_html(view))
    el("banner").innerText = banner_text(view)
    el("rules-link").setAttribute("href", rules_page(safe_href(S["rules_href"])))
    coach = S["coach"]
    coach = said(coach) if isinstance(coach, dict) else (coach or "")
    el("coach").innerText = coach if S["coach_on"] else ""
    hint = el("hint")
    hint.innerText = tr("Hint: {text}", text=S["hint"]) if S["hint"] else ""
    hint.hidden = not S["hint"]
    refusal = el("refusal")
    if S["refusal"]:
        rule = esc(S["refusal"].get("rule") or "")
        href = esc(rules_page(safe_href(S["refusal"].get("href"), rule_page(rule))))
        link = (
            ' <a class="rule" data-testid="refusal-rule"'
            ' target="_blank" rel="noopener" title="' + esc(tr("Read rule {rule}", rule=rule))
            + '"'
            ' href="' + href + '">' + rule + "</a>"
        ) if rule else ""
        refusal.innerHTML = esc(said(S["refusal"])) + link
        refusal.hidden = False
    else:
        refusal.hidden = True
    others = [s for s in range(view["players"]) if s != ME]
    seated = dict(zip(SLOTS.get(view["players"], ()), others))
    for cls in SEAT_CLASSES:
        node = document.querySelector("." + cls)
        s = seated.get(cls)
        node.hidden = s is None
        if s is None:
            # An empty seat keeps no seat's testid (seat-N names the seat shown).
            node.removeAttribute("data-testid")
            node.removeAttribute("data-team")
        else:
            node.setAttribute("data-testid", "seat-" + str(s))
            node.setAttribute("data-team", str(s % view["teams"]))
            node.className = ("seat " + cls + " " + team_class(view, s % view["teams"])
                              + (" active" if is_active(view, s) else ""))
        put(cls, node, "" if s is None else seat_html(view, s))
    my_team = ME % view["teams"]
    them = [t for t in range(view["teams"]) if t != my_team]
    # While you sit out (P2) your team's melds are shown, not played on.
    put("melds-us", document.querySelector(".melds-us"),
        melds_html(view, my_team, not watching(view)))
    put("melds-them", document.querySelector(".melds-them"),
        "".join(melds_html(view, t, False) for t in them))
    put("center", document.querySelector(".center"), center_html(view))
    # While you sit out, the seat at the bottom is South's: its cards face down.
    put("hand", el("hand"),
        '<div class="group">' + backs_html(view["hand_sizes"][ME]) + "</div>"
        if watching(view) else hand_html(view))
    put("controls", el("controls"), controls_html(view))
    announced = S.get("announce")
    if announced:  # the other players' moves just made, read out once (aria-live)
        S["announce"] = None
        names = seat_names(view)
        el("announce").innerText = " ".join(
            names[ln["seat"]] + " " + said(ln) + "."
            for ln in announced if isinstance(ln.get("seat"), int)
            and 0 <= ln["seat"] < len(names))
    if put("log", el("log"), log_html()):
        _FRAME["scroll"] = True  # the latest move in sight
    put("history", el("history"), history_html(view))
    me = el("me-name")
    me.innerText = seat_names(view)[ME]  # your name, or South's while you sit out
    mine = is_active(view, ME)
    me.className = "seat-name" + (" active" if mine else "")
    put("me-team", el("me-team"), team_tag(view, ME))
    kitty = el("me-kitty")
    if kitty is not None:  # R13: your kitty beside your name, its cards on request
        put("me-kitty", kitty, kitty_html(view, ME))
        cards = el("kitty-cards")
        put("kitty-cards", cards, kitty_cards_html(view))
        cards.hidden = not _SHOWN.get("kitty-cards")
    after_layout()  # the melds fitted once everything else has its size
    render_dialogs(view)
    fly_moves(view)
    announce(view)  # last: the table is drawn whatever an embedding page is told


# What waits for the next frame: the melds fitted and the log scrolled to its end. Both
# measure the table, which forced the browser to lay it out in the middle of a render
# (setting the log's scrollTop cost up to 80 ms of a 15-card game's render); in a
# requestAnimationFrame callback they run just before the frame is laid out and painted
# anyway, so nothing is seen unfitted.
_FRAME = {"waiting": False, "scroll": False}


def after_layout():
    if not _FRAME["waiting"]:
        _FRAME["waiting"] = True
        window.requestAnimationFrame(_FRAME_CALLBACK)


def _in_frame(_stamp=None):
    _FRAME["waiting"] = False
    fit_melds()
    if _FRAME["scroll"]:
        _FRAME["scroll"] = False
        log = el("log")
        log.scrollTop = log.scrollHeight


_FRAME_CALLBACK = create_proxy(_in_frame)


def fit_melds():
    """Melds compress before they leave the screen (issue 15): a meld area whose melds
    need more height than it has draws them dense — cards overlapped closer and cut to
    their corner index — then denser (shorter still, labels only under canastas), and
    only then scrolls. Yours come first: the other teams' areas give up their height
    before yours is squeezed further."""
    them = document.querySelector(".melds-them")
    us = document.querySelector(".melds-us")
    for node in (them, us):
        node.classList.remove("dense")
        node.classList.remove("denser")
    if short_of_room(them):
        them.classList.add("dense")
    for node, level in ((us, "dense"), (them, "dense"), (us, "denser"), (them, "denser")):
        if not short_of_room(us):
            return
        node.classList.add(level)


def short_of_room(node):
    return node.scrollHeight > node.clientHeight + 2


FLIGHTS_MAX = 6  # moves shown flying at once (fast play brings many between two draws)


FLIGHT_GAP = 140  # ms between two flights


def fly_moves(view):
    """The other players' moves just made fly from their seat (issue 15): a draw from
    the stock to the seat, a pile taken from the pile to it, a discard from it to the
    pile, a meld from it to its team's melds (static/boot.js canastaFly; none under
    prefers-reduced-motion). Decoration only: the table is already drawn."""
    flights = S.get("flights") or []
    S["flights"] = []
    teams = view["teams"]
    back = '<span class="back big"></span>'
    for i, ln in enumerate(flights[-FLIGHTS_MAX:]):
        seat = ln.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < view["players"] or seat == ME:
            continue
        where = '[data-testid="seat-' + str(seat) + '"]'
        move, card = ln.get("move"), ln.get("card")
        face = card_html(card) if isinstance(card, str) else back
        delay = i * FLIGHT_GAP
        if move == "draw":
            window.canastaFly('[data-testid="stock"]', where, back, delay)
        elif move == "take_pile":
            window.canastaFly('[data-testid="pile"]', where, back, delay)
        elif move == "discard":
            window.canastaFly(where, '[data-testid="pile"]', face, delay)
        elif move == "meld":
            team = '[data-testid="melds-team-' + str(seat % teams) + '"]'
            window.canastaFly(where, team, face, delay)


def rule_page(rule):
    """Where a rule the table's own sentences cite (ui_actions.why_not: no address with
    them) is written: Classic's page for Classic's ids (C1-C50), the page of the game
    being played for a variant's own (E4 on the escalera game's page)."""
    if rule[:1] == "C" and rule[1:].isdigit():
        return "./rules.html#" + rule
    return safe_href(S["rules_href"]).split("#")[0] + "#" + rule


def clear_table():
    """Empty the table (a saved game drawn at boot turned out not to load)."""
    S["view"] = None
    S["log"] = []
    for key, node in (("scoreboard", el("scoreboard")), ("hand", el("hand")),
                      ("controls", el("controls")), ("log", el("log")),
                      ("history", el("history")), ("me-team", el("me-team")),
                      ("me-kitty", el("me-kitty")), ("kitty-cards", el("kitty-cards")),
                      ("melds-us", document.querySelector(".melds-us")),
                      ("melds-them", document.querySelector(".melds-them")),
                      ("center", document.querySelector(".center"))):
        node.innerHTML = ""
        _SHOWN[key] = ""
    for cls in SEAT_CLASSES:
        node = document.querySelector("." + cls)
        node.innerHTML = ""
        _SHOWN[cls] = ""
        node.hidden = True
        node.removeAttribute("data-testid")
