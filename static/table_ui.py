# The card table on the page's main thread (MicroPython). It only draws the
# view the engine worker sends and turns clicks and keys into action JSON; it
# never decides what is legal. Saves go to localStorage. tools/build.py
# compiles it to bytecode (table_ui.mpy) so the page does not compile it at boot.
import asyncio
import json

from pyscript import document, window, workers
from pyscript.ffi import create_proxy

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
VALUES = {"JK": 50}
ORDER = "456789TJQKA"


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


def card_short(card):
    if card == "JK":
        return "Joker"
    return RANK_SHORT.get(card[0], card[0]) + SUITS[card[1]][0]


def rank_of(card):
    return "*" if card == "JK" else card[0]


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


# ----- rendering ---------------------------------------------------------------
def card_html(card, act="", idx=None, selected=False, extra=""):
    if card == "JK":
        color, label = "joker", "★"
        suit = "JK"
    else:
        suit, _, color = SUITS[card[1]]
        label = RANK_SHORT.get(card[0], card[0])
    attrs = ' data-card="' + card + '" aria-label="' + card_name(card) + '"'
    if act:
        attrs += ' data-act="' + act + '"'
    if idx is not None:
        attrs += (
            ' data-i="' + str(idx) + '" data-testid="hand-card" draggable="true"'
            ' aria-pressed="' + ("true" if selected else "false") + '"'
        )
    cls = "card " + color + (" selected" if selected else "") + (" wild" if is_wild(card) else "")
    tag = "button" if act else "span"
    typ = ' type="button"' if act else ""
    return (
        "<"
        + tag
        + typ
        + ' class="'
        + cls
        + extra
        + '"'
        + attrs
        + '><span class="cr">'
        + label
        + '</span><span class="cs">'
        + (suit if card != "JK" else "")
        + "</span></"
        + tag
        + ">"
    )


def backs_html(count):
    shown = min(count, 15)
    return (
        '<div class="backs" aria-label="'
        + str(count)
        + ' cards">'
        + '<span class="back"></span>' * shown
        + '</div><div class="count">'
        + str(count)
        + " card"
        + ("" if count == 1 else "s")
        + "</div>"
    )


def melds_html(view, team, mine):
    melds = view["melds"][team]
    reds = view["red_threes"][team]
    parts = []
    if reds:
        parts.append(
            '<div class="meld reds" data-testid="red-threes-'
            + str(team)
            + '">'
            + "".join(card_html(c) for c in reds)
            + '<div class="mlabel">Red 3s</div></div>'
        )
    for m in melds:
        rank = m["rank"]
        cards = m["cards"]
        kind = m["canasta"]
        name = PLURAL.get(rank, rank + "s")
        act = ' data-act="meld-target" data-rank="' + rank + '" data-drop="meld"' if mine else ""
        role = ' role="button" tabindex="0"' if mine else ""
        label = name + " · " + str(len(cards))
        if kind:
            top = "canasta-natural" if kind == "natural" else "canasta-mixed"
            shown = next(c for c in cards if not is_wild(c))
            body = card_html(shown, extra=" " + top)
            label = (
                ("Natural" if kind == "natural" else "Mixed")
                + " canasta · "
                + name
                + " · "
                + str(len(cards))
            )
        else:
            body = "".join(card_html(c) for c in cards)
        sel = " target" if mine and S.get("target") == rank else ""
        parts.append(
            '<div class="meld'
            + sel
            + '" data-testid="meld-'
            + str(team)
            + "-"
            + rank
            + '"'
            + act
            + role
            + ' aria-label="'
            + esc(label)
            + '">'
            + '<div class="mcards">'
            + body
            + '</div><div class="mlabel">'
            + esc(label)
            + "</div></div>"
        )
    if mine:
        parts.append(
            '<div class="meld newmeld" data-act="new-meld" data-drop="new" data-testid="new-meld"'
            ' role="button" tabindex="0">+ New meld</div>'
        )
    if not parts:
        parts.append('<div class="nomelds">No melds yet</div>')
    title = team_names(view)[team]
    return '<div class="mtitle">' + esc(title) + "</div>" + "".join(parts)


def center_html(view):
    pile = view["pile"]
    stock = (
        '<button type="button" class="stockbtn" data-act="draw" data-testid="stock"'
        ' aria-label="Stock, ' + str(view["stock_size"]) + ' cards: draw">'
        '<span class="back big"></span><div class="count">Stock · '
        + str(view["stock_size"])
        + "</div></button>"
    )
    marks = []
    if pile["frozen"]:
        marks.append('<span class="mark frozen" data-testid="pile-frozen">Frozen</span>')
    elif pile["frozen_for_you"]:
        marks.append(
            '<span class="mark frozen-you" data-testid="pile-frozen-for-you">Frozen for you</span>'
        )
    if pile["blocked"]:
        marks.append('<span class="mark blocked" data-testid="pile-blocked">Blocked</span>')
    under = ""
    if pile["freezer"]:
        under = card_html(pile["freezer"], extra=" sideways")
    top = card_html(pile["top"]) if pile["top"] else '<span class="card empty"></span>'
    pilebtn = (
        '<button type="button" class="pilebtn" data-act="pile" data-drop="pile"'
        ' data-testid="pile" aria-label="Discard pile, '
        + str(pile["size"])
        + " cards"
        + (", top " + card_name(pile["top"]) if pile["top"] else "")
        + '">'
        + '<div class="pilecards">'
        + under
        + top
        + "</div>"
        + '<div class="count">Discard · '
        + str(pile["size"])
        + "</div></button>"
    )
    pending = ""
    if view.get("pending"):
        pending = (
            '<div class="pending" data-testid="pending">Pile held until the initial meld is made: '
            + str(len(view["pending"]))
            + " cards</div>"
        )
    return stock + pilebtn + '<div class="marks">' + "".join(marks) + "</div>" + pending


def hand_html(view):
    hand = view["hand"]
    sel = S["sel"]
    groups = []
    current = None
    for i, c in enumerate(hand):
        key = "wild" if is_wild(c) else ("3" if c[0] == "3" else c[0])
        if key != current:
            groups.append([key, []])
            current = key
        groups[-1][1].append((i, c))
    out = []
    for key, items in groups:
        name = "Wild cards" if key == "wild" else PLURAL.get(key, key + "s")
        out.append(
            '<div class="group" aria-label="'
            + name
            + '"><div class="gcards">'
            + "".join(card_html(c, "card", i, i in sel) for i, c in items)
            + '</div><div class="gcount">'
            + str(len(items))
            + "</div></div>"
        )
    return "".join(out)


def legal_types(view):
    return [a["type"] for a in view["legal"]]


def staged_cards(view):
    return [view["hand"][i] for i in S["sel"] if i < len(view["hand"])]


def meter_text(view):
    team = ME % view["teams"]
    if view["team_melded"][team]:
        return ""
    staged = sum(card_value(c) for c in staged_cards(view))
    if view["phase"] == "draw" and view["pile"]["top"] and staged:
        staged += card_value(view["pile"]["top"])
    have = view["turn_points"] + staged
    return "Initial meld " + str(have) + " / " + str(view["minimum"][team])


def controls_html(view):
    types = legal_types(view)
    mine = view["to_act"] == ME and view["phase"] not in ("round_over", "game_over")
    n = len(S["sel"])

    def button(act, label, enabled, key=""):
        hint = ' title="Shortcut: ' + key + '"' if key else ""
        return (
            '<button type="button" data-act="'
            + act
            + '" data-testid="btn-'
            + act
            + '"'
            + hint
            + ("" if enabled else " disabled")
            + ">"
            + label
            + "</button>"
        )

    # Buttons stay usable whenever the action could be tried, so that a refusal
    # comes back with the engine's sentence and rule id instead of a dead button.
    drawing = mine and view["phase"] == "draw"
    playing = mine and view["phase"] == "play"
    parts = [
        button("draw", "Draw", mine and "draw" in types, "D"),
        button("take", "Take pile", drawing and view["pile"]["size"] > 0, "T"),
        button("meld", "Meld", playing and n > 0, "M"),
        button("discard", "Discard", playing and n == 1, "X"),
        button("clear", "Clear", n > 0, "C"),
        button("ask", "May I go out?", mine and bool(view.get("may_ask")), "A"),
    ]
    meter = meter_text(view)
    if meter:
        parts.append('<span class="meter" data-testid="meld-meter">' + meter + "</span>")
    return "".join(parts)


def banner_text(view):
    names = seat_names(view)
    phase = view["phase"]
    if phase == "game_over":
        return "Game over"
    if phase == "round_over":
        return "Round over: see the score sheet"
    actor = view["to_act"]
    if actor != ME:
        if phase == "answer":
            return names[actor] + " is deciding whether you may go out…"
        return names[actor] + " is playing…"
    if phase == "answer":
        return "Your partner asks: “May I go out?”"
    if phase == "draw":
        return "Your turn: draw from the stock or take the pile"
    team = ME % view["teams"]
    if not view["team_melded"][team] and view["turn_points"]:
        return "Finish your initial meld, then discard"
    if view.get("permission") is True:
        return "Go out now: meld your cards, then discard the last one"
    return "Meld, then discard one card"


def scoreboard_html(view):
    names = team_names(view)
    totals = view["totals"]
    parts = []
    for t in range(view["teams"]):
        parts.append(
            '<span class="score" data-testid="score-'
            + str(t)
            + '">'
            + esc(names[t])
            + " <b>"
            + str(totals[t])
            + "</b> <small>min "
            + str(view["minimum"][t])
            + "</small></span>"
        )
    parts.append('<span class="round" data-testid="round">Round ' + str(view["round"]) + "</span>")
    return "".join(parts)


def history_html(view):
    names = team_names(view)
    rows = [
        "<tr><th>Round</th>"
        + "".join("<th>" + esc(n) + "</th>" for n in names[: view["teams"]])
        + "</tr>"
    ]
    running = [0] * view["teams"]
    for i, row in enumerate(view["history"]):
        running = [a + b for a, b in zip(running, row)]
        rows.append(
            "<tr><td>"
            + str(i + 1)
            + "</td>"
            + "".join(
                "<td>" + str(r) + " <small>(" + str(t) + ")</small></td>"
                for r, t in zip(row, running)
            )
            + "</tr>"
        )
    return "".join(rows)


def log_html():
    return "".join("<li>" + esc(line) + "</li>" for line in S["log"][-8:])


def seat_html(view, seat):
    names = seat_names(view)
    cls = (
        " active"
        if view["to_act"] == seat and view["phase"] not in ("round_over", "game_over")
        else ""
    )
    label = names[seat] + (
        " · partner" if view["teams"] < view["players"] and seat % view["teams"] == 0 else ""
    )
    return (
        '<div class="seat-name'
        + cls
        + '">'
        + esc(label)
        + "</div>"
        + backs_html(view["hand_sizes"][seat])
    )


def render():
    view = S["view"]
    if view is None:
        return
    table = el("table")
    table.className = "table players-" + str(view["players"])
    el("scoreboard").innerHTML = scoreboard_html(view)
    el("banner").innerText = banner_text(view)
    el("coach").innerText = (S["coach"] or "") if S["coach_on"] else ""
    refusal = el("refusal")
    if S["refusal"]:
        rule = esc(S["refusal"]["rule"])
        refusal.innerHTML = (
            esc(S["refusal"]["message"]) + ' <a class="rule" data-testid="refusal-rule"'
            ' target="_blank" rel="noopener" title="Read rule ' + rule + '"'
            ' href="./rules.html#' + rule + '">' + rule + "</a>"
        )
        refusal.hidden = False
    else:
        refusal.hidden = True
    others = [s for s in range(view["players"]) if s != ME]
    slots = {
        4: {1: "seat-west", 2: "seat-north", 3: "seat-east"},
        3: {1: "seat-west", 2: "seat-east"},
        2: {1: "seat-north"},
    }[view["players"]]
    for cls in ("seat-west", "seat-north", "seat-east"):
        node = document.querySelector("." + cls)
        node.innerHTML = ""
        node.hidden = True
    for s in others:
        node = document.querySelector("." + slots[s])
        node.hidden = False
        node.setAttribute("data-testid", "seat-" + str(s))
        node.innerHTML = seat_html(view, s)
    my_team = ME % view["teams"]
    them = [t for t in range(view["teams"]) if t != my_team]
    document.querySelector(".melds-us").innerHTML = melds_html(view, my_team, True)
    document.querySelector(".melds-them").innerHTML = "".join(
        melds_html(view, t, False) for t in them
    )
    document.querySelector(".center").innerHTML = center_html(view)
    el("hand").innerHTML = hand_html(view)
    el("controls").innerHTML = controls_html(view)
    el("log").innerHTML = log_html()
    el("history").innerHTML = history_html(view)
    render_dialogs(view)


def render_dialogs(view):
    dialog = el("dialog")
    phase = view["phase"]
    if phase in ("round_over", "game_over") and "round_score" in view:
        dialog.innerHTML = score_sheet(view)
        dialog.hidden = False
    elif phase == "answer" and view["to_act"] == ME:
        dialog.innerHTML = (
            '<div class="panel" data-testid="answer-dialog"><h2>May I go out?</h2>'
            "<p>Your partner asks for permission to go out. Your answer binds them"
            " (C33).</p>"
            '<button type="button" data-act="answer-yes" data-testid="answer-yes">Yes</button> '
            '<button type="button" data-act="answer-no" data-testid="answer-no">No</button></div>'
        )
        dialog.hidden = False
    elif S.get("setup"):
        dialog.innerHTML = setup_html()
        dialog.hidden = False
    else:
        dialog.hidden = True


def score_sheet(view):
    names = team_names(view)
    rows = [
        ("Melded cards", "melded_cards"),
        ("Canasta bonuses", "canasta_bonus"),
        ("Red 3s", "red_threes"),
        ("Going out", "going_out"),
        ("Cards left in hand", "hand_penalty"),
        ("Round total", "total"),
    ]
    head = (
        "<tr><th></th>"
        + "".join("<th>" + esc(names[t]) + "</th>" for t in range(view["teams"]))
        + "</tr>"
    )
    body = ""
    for label, key in rows:
        body += (
            "<tr><td>"
            + label
            + "</td>"
            + "".join(
                '<td data-testid="sheet-'
                + key
                + "-"
                + str(t)
                + '">'
                + str(view["round_score"][t][key])
                + "</td>"
                for t in range(view["teams"])
            )
            + "</tr>"
        )
    body += (
        "<tr class='tot'><td>Game total</td>"
        + "".join(
            '<td data-testid="sheet-game-' + str(t) + '">' + str(view["totals"][t]) + "</td>"
            for t in range(view["teams"])
        )
        + "</tr>"
    )
    lefts = ""
    hands = view.get("hands") or []
    names_all = seat_names(view)
    for s, hand in enumerate(hands):
        if hand:
            lefts += ('<div data-testid="left-' + str(s) + '">' + esc(names_all[s]) + ": "
                      + "".join(card_html(c) for c in hand) + "</div>")
    if lefts:
        lefts = '<div class="lefts"><b>Cards left in hand</b>' + lefts + "</div>"
    went = view.get("went_out")
    who = ""
    if went is not None:
        who = (
            "<p>"
            + seat_names(view)[went]
            + " went out"
            + (" concealed" if view["round_score"][went % view["teams"]]["concealed"] else "")
            + ".</p>"
        )
    if view["phase"] == "game_over":
        totals = view["totals"]
        best = max(totals)
        winner = names[totals.index(best)]
        title = "Game over: " + winner + (" win!" if winner in ("Us", "You") else " win.")
        button = '<button type="button" data-act="menu" data-testid="new-game">New game</button>'
    else:
        title = "Round " + str(view["round"]) + " is over"
        button = (
            '<button type="button" data-act="next" data-testid="next-round">Next round</button>'
        )
    return (
        '<div class="panel" data-testid="score-sheet"><h2>'
        + esc(title)
        + "</h2>"
        + who
        + '<table class="sheet">'
        + head
        + body
        + "</table>"
        + lefts
        + button
        + "</div>"
    )


def setup_html():
    has_save = bool(store_get(CURRENT))
    level = S["level"]
    options = "".join(
        '<option value="'
        + lv
        + '"'
        + (" selected" if lv == level else "")
        + ">"
        + lv[0].upper() + lv[1:]
        + "</option>"
        for lv in ("easy", "normal", "strong")
    )
    variants = [
        ("classic", "Classic · 4 players"),
        ("classic-2p", "Two players"),
        ("classic-3p", "Three players"),
    ]
    vopts = "".join(
        '<option value="'
        + v
        + '"'
        + (" selected" if v == S["variant"] else "")
        + ">"
        + t
        + "</option>"
        for v, t in variants
    )
    resume = (
        '<button type="button" data-act="resume" data-testid="resume-game">'
        "Resume saved game</button>"
        if has_save and S["view"] is None
        else ""
    )
    close = (
        '<button type="button" data-act="close-dialog" data-testid="close-dialog">'
        "Back to the game</button>"
        if S["view"] is not None
        else ""
    )
    return (
        '<div class="panel" data-testid="setup-dialog"><h2>New game</h2>'
        '<label>Computer players <select id="opt-level" data-testid="opt-level">'
        + options
        + "</select></label>"
        '<label>Game <select id="opt-variant" data-testid="opt-variant">'
        + vopts
        + "</select></label>"
        '<label>Deal number (optional) <input id="opt-seed" data-testid="opt-seed"'
        ' inputmode="numeric"'
        ' placeholder="random"></label>'
        '<div class="row"><button type="button" data-act="start" data-testid="start-game">'
        "Deal</button> "
        + resume
        + close
        + "</div></div>"
    )


# ----- talking to the engine worker ------------------------------------------------
def thinking(on):
    el("thinking").hidden = not on


async def engine():
    while S["eng"] is None:
        await asyncio.sleep(0.05)
    return S["eng"]


def take_reply(reply):
    error = reply.get("error")
    if "view" not in reply:
        return reply
    S["view"] = reply["view"]
    S["coach"] = reply.get("coach", "")
    S["refusal"] = error
    if not error:
        S["sel"] = []
    last = reply.get("last")
    if last:
        S["log"].append(seat_names(S["view"])[last["seat"]] + " " + last["text"])
    if reply.get("save"):
        save(reply["save"])
    render()
    return reply


async def call(name, arg=None):
    eng = await engine()
    fn = getattr(eng, name)
    text = await (fn(arg) if arg is not None else fn())
    return json.loads(str(text))


async def send(action):
    if S["ai"]:
        return
    reply = await call("act", json.dumps(action))
    take_reply(reply)
    await run_ai()


async def run_ai():
    if S["ai"]:
        return
    S["ai"] = True
    try:
        while True:
            view = S["view"]
            if view is None or view["phase"] in ("round_over", "game_over") or view["to_act"] == ME:
                break
            thinking(True)
            if AI_DELAY:
                await asyncio.sleep(AI_DELAY)
            started = window.performance.now()
            reply = await call("ai_step")
            AI_TIMES.append(window.performance.now() - started)
            take_reply(reply)
    finally:
        S["ai"] = False
        thinking(False)


async def start_game(seed, level, variant, position=None):
    previous = store_get(CURRENT)
    if previous:
        store_set(PREVIOUS, previous)
    S["level"] = level
    S["variant"] = variant
    S["setup"] = False
    S["log"] = []
    S["sel"] = []
    el("banner").innerText = "Dealing…"
    options = {"seed": seed, "level": level, "variant": variant}
    if position is not None:
        options["position"] = position
    reply = await call("new_game", json.dumps(options))
    if reply.get("error") and "view" not in reply:
        warn(reply["error"]["message"])
        S["setup"] = True
        render_setup_only()
        return
    take_reply(reply)
    await run_ai()


async def resume_game():
    text = store_get(CURRENT)
    if not text:
        S["setup"] = True
        render_setup_only()
        return
    reply = await call("resume", text)
    if reply.get("error"):
        keep_aside(text, reply["error"]["message"])
        S["view"] = None
        S["setup"] = True
        render_setup_only()
        return
    S["setup"] = False
    take_reply(reply)
    window.performance.mark("resumed")
    await run_ai()


def render_setup_only():
    dialog = el("dialog")
    dialog.innerHTML = setup_html()
    dialog.hidden = False
    el("banner").innerText = "Start a new game"


# ----- input -------------------------------------------------------------------------
TASKS = set()
AI_TIMES = []  # milliseconds per AI step, read by tools/perf.py


def spawn(coro):
    """Run a coroutine from an event handler, keeping a reference until it ends."""
    for task in list(TASKS):
        if task.done():
            TASKS.discard(task)
    TASKS.add(asyncio.create_task(coro))


def selected_cards():
    view = S["view"]
    return staged_cards(view) if view else []


def do_take():
    view = S["view"]
    cards = selected_cards()
    takes = [a for a in view["legal"] if a["type"] == "take_pile"]
    if not cards and takes:
        no_cards = [a for a in takes if not a["cards"]]
        spawn(send(no_cards[0] if no_cards else takes[0]))
        return
    spawn(send({"type": "take_pile", "cards": cards}))


def do_meld(rank=None):
    cards = selected_cards()
    if not cards:
        return
    action = {"type": "meld", "cards": cards}
    if all(is_wild(c) for c in cards):
        target = rank or S.get("target")
        if target:
            action["rank"] = target
    spawn(send(action))


def do_discard():
    cards = selected_cards()
    if len(cards) == 1:
        spawn(send({"type": "discard", "card": cards[0]}))


def toggle(i):
    sel = S["sel"]
    if i in sel:
        sel.remove(i)
    else:
        sel.append(i)
    S["refusal"] = None
    render()


def on_click(event):
    node = event.target.closest("[data-act]")
    if node is None:
        return
    act = node.getAttribute("data-act")
    view = S["view"]
    if act == "card":
        toggle(int(node.getAttribute("data-i")))
    elif act == "menu":
        S["setup"] = True
        if view is None:
            render_setup_only()
        else:
            render()
    elif act == "close-dialog":
        S["setup"] = False
        render()
    elif act == "start":
        level = document.getElementById("opt-level").value
        variant = document.getElementById("opt-variant").value
        raw = document.getElementById("opt-seed").value
        seed = (
            int(raw)
            if raw and raw.isdigit()
            else int(window.Math.floor(window.Math.random() * 1000000))
        )
        spawn(start_game(seed, level, variant))
    elif act == "resume":
        spawn(resume_game())
    elif act == "dismiss-warning":
        warn("")
    elif act == "coach":
        S["coach_on"] = not S["coach_on"]
        store_set(SETTINGS, "coach-on" if S["coach_on"] else "coach-off")
        node.setAttribute("aria-pressed", "true" if S["coach_on"] else "false")
        render()
    elif act == "zoom":
        S["zoom"] = (S["zoom"] + 1) % 3
        document.body.className = "zoom-" + str(S["zoom"])
    elif view is None:
        return
    elif act == "draw":
        if "draw" in legal_types(view):
            spawn(send({"type": "draw"}))
    elif act == "take":
        do_take()
    elif act == "pile":
        if view["phase"] == "draw":
            do_take()
        elif len(S["sel"]) == 1:
            do_discard()
    elif act == "meld":
        do_meld()
    elif act == "meld-target":
        rank = node.getAttribute("data-rank")
        if S["sel"]:
            do_meld(rank)
        else:
            S["target"] = None if S.get("target") == rank else rank
            render()
    elif act == "new-meld":
        if S["sel"]:
            do_meld()
    elif act == "discard":
        do_discard()
    elif act == "clear":
        S["sel"] = []
        S["refusal"] = None
        render()
    elif act == "ask":
        spawn(send({"type": "ask"}))
    elif act == "answer-yes":
        spawn(send({"type": "answer", "yes": True}))
    elif act == "answer-no":
        spawn(send({"type": "answer", "yes": False}))
    elif act == "next":
        spawn(send({"type": "next_round"}))


SHORTCUTS = {
    "d": "draw",
    "t": "take",
    "m": "meld",
    "x": "discard",
    "c": "clear",
    "a": "ask",
    "n": "next",
}


def on_key(event):
    tag = event.target.tagName
    if tag in ("INPUT", "SELECT", "TEXTAREA") or event.ctrlKey or event.metaKey or event.altKey:
        return
    act = SHORTCUTS.get(str(event.key).lower())
    if not act:
        return
    button = document.querySelector('[data-act="' + act + '"]:not([disabled])')
    if act == "next":
        button = document.querySelector('[data-testid="next-round"]')
    if button is not None:
        button.click()


def on_dragstart(event):
    node = event.target.closest('[data-act="card"]')
    if node is None:
        return
    i = int(node.getAttribute("data-i"))
    if i not in S["sel"]:
        S["sel"].append(i)
    event.dataTransfer.setData("text/plain", "cards")


def on_dragover(event):
    if event.target.closest("[data-drop]") is not None:
        event.preventDefault()


def on_drop(event):
    zone = event.target.closest("[data-drop]")
    if zone is None:
        return
    event.preventDefault()
    kind = zone.getAttribute("data-drop")
    if kind == "meld":
        do_meld(zone.getAttribute("data-rank"))
    elif kind == "new":
        do_meld()
    elif kind == "pile":
        view = S["view"]
        if view and view["phase"] == "draw":
            do_take()
        else:
            do_discard()


document.addEventListener("click", create_proxy(on_click))
document.addEventListener("keydown", create_proxy(on_key))
document.addEventListener("dragstart", create_proxy(on_dragstart))
document.addEventListener("dragover", create_proxy(on_dragover))
document.addEventListener("drop", create_proxy(on_drop))


# ----- start ---------------------------------------------------------------------------
def boot_view():
    """Show the saved table at once, before the engine is ready."""
    text = store_get(CURRENT)
    if not text:
        return None
    try:
        data = json.loads(text)
        view = data["view"]
        S["level"] = data.get("level", "normal")
        return view
    except Exception:
        return None


async def main():
    S["coach_on"] = store_get(SETTINGS) != "coach-off"
    document.querySelector('[data-act="coach"]').setAttribute(
        "aria-pressed", "true" if S["coach_on"] else "false")
    seed = PARAMS.get("seed")
    if "level" in PARAMS:
        S["level"] = PARAMS["level"]
    if "variant" in PARAMS:
        S["variant"] = PARAMS["variant"]
    if PARAMS.get("bench") == "ai":
        # tools/perf.py: time the strong AI inside the worker on the bench positions.
        S["eng"] = await workers["engine"]
        response = await window.fetch("./bench/positions.json")
        text = await response.text()
        document.body.setAttribute("data-bench", str(await S["eng"].bench_ai(text)))
        return
    fresh_start = seed is not None or "position" in PARAMS
    saved_view = None if fresh_start else boot_view()
    if saved_view is not None:
        S["view"] = saved_view
        S["coach"] = "Loading the engine…"
        render()
    el("banner").innerText = "Loading the engine…" if saved_view is None else el("banner").innerText
    S["eng"] = await workers["engine"]
    S["ready"] = True
    window.performance.mark("engine-ready")
    window.canastaAiTimes = create_proxy(lambda: json.dumps(AI_TIMES))
    document.body.setAttribute("data-boot", str(await S["eng"].ping()))
    document.body.setAttribute("data-engine", "ready")
    position = PARAMS.get("position")
    if position is not None:
        try:
            data = json.loads(str(window.decodeURIComponent(position)))
        except Exception:  # reported to the player below
            data = None
            warn("The position in the address could not be read.")
        if data is not None:
            await start_game(int(seed) if seed and seed.isdigit() else 0, S["level"], "", data)
            return
    if seed is not None:
        await start_game(int(seed) if seed.isdigit() else 0, S["level"], S["variant"])
    elif store_get(CURRENT):
        await resume_game()
    else:
        S["setup"] = True
        render_setup_only()
