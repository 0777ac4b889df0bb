# Drawing the table from the engine's view (MicroPython, main thread): HTML for
# the seats, melds, pile, hand, buttons, banner, score sheet and dialogs.
from pyscript import document
from ui_base import (
    CURRENT,
    DEFAULT_NAME,
    ME,
    NAME_MAX,
    PLURAL,
    RANK_SHORT,
    SUITS,
    S,
    card_name,
    card_value,
    el,
    esc,
    is_wild,
    seat_names,
    store_get,
    team_names,
)


def card_html(card, act="", idx=None, selected=False, extra="", testid=""):
    if card == "JK":
        color, label = "joker", "★"
        suit = "JK"
    else:
        suit, _, color = SUITS[card[1]]
        label = RANK_SHORT.get(card[0], card[0])
    attrs = ' data-card="' + card + '" aria-label="' + card_name(card) + '"'
    if testid:
        attrs += ' data-testid="' + testid + '"'
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
        + '</div><div class="count" data-testid="hand-size">'
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
            # A closed canasta shows a red top card when natural, a black one when
            # mixed (as at a real table); the border says it too if no such card.
            want = "HD" if kind == "natural" else "SC"
            naturals = [c for c in cards if not is_wild(c)]
            shown = next((c for c in naturals if c[1] in want), naturals[0])
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
        '<span class="back big"></span><div class="count" data-testid="stock-count">Stock · '
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
    top = '<span class="card empty"></span>'
    if pile["top"]:
        top = card_html(pile["top"], testid="pile-top")
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
        button("hint", "Hint", mine, "H"),
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
        who = "Your turn" if S["name"] == DEFAULT_NAME else S["name"] + ", your turn"
        return who + ": draw from the stock or take the pile"
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


# The HTML last written to each region of the table: a region whose HTML is the
# same is left alone, so an update costs the browser only what changed (and a
# focused card keeps its focus when the hand did not change).
_SHOWN = {}


def put(key, node, html):
    if _SHOWN.get(key) != html:
        node.innerHTML = html
        _SHOWN[key] = html


def render():
    view = S["view"]
    if view is None:
        return
    table = el("table")
    table.className = "table players-" + str(view["players"])
    put("scoreboard", el("scoreboard"), scoreboard_html(view))
    el("banner").innerText = banner_text(view)
    el("coach").innerText = (S["coach"] or "") if S["coach_on"] else ""
    hint = el("hint")
    hint.innerText = "Hint: " + S["hint"] if S["hint"] else ""
    hint.hidden = not S["hint"]
    refusal = el("refusal")
    if S["refusal"]:
        rule = esc(S["refusal"].get("rule") or "")
        link = (
            ' <a class="rule" data-testid="refusal-rule"'
            ' target="_blank" rel="noopener" title="Read rule ' + rule + '"'
            ' href="./rules.html#' + rule + '">' + rule + "</a>"
        ) if rule else ""
        refusal.innerHTML = esc(S["refusal"]["message"]) + link
        refusal.hidden = False
    else:
        refusal.hidden = True
    others = [s for s in range(view["players"]) if s != ME]
    slots = {
        4: {1: "seat-west", 2: "seat-north", 3: "seat-east"},
        3: {1: "seat-west", 2: "seat-east"},
        2: {1: "seat-north"},
    }[view["players"]]
    seated = {slots[s]: s for s in others}
    for cls in ("seat-west", "seat-north", "seat-east"):
        node = document.querySelector("." + cls)
        s = seated.get(cls)
        node.hidden = s is None
        if s is not None:
            node.setAttribute("data-testid", "seat-" + str(s))
        put(cls, node, "" if s is None else seat_html(view, s))
    my_team = ME % view["teams"]
    them = [t for t in range(view["teams"]) if t != my_team]
    put("melds-us", document.querySelector(".melds-us"), melds_html(view, my_team, True))
    put("melds-them", document.querySelector(".melds-them"),
        "".join(melds_html(view, t, False) for t in them))
    put("center", document.querySelector(".center"), center_html(view))
    put("hand", el("hand"), hand_html(view))
    put("controls", el("controls"), controls_html(view))
    put("log", el("log"), log_html())
    put("history", el("history"), history_html(view))
    me = el("me-name")
    me.innerText = S["name"]
    mine = view["to_act"] == ME and view["phase"] not in ("round_over", "game_over")
    me.className = "seat-name" + (" active" if mine else "")
    render_dialogs(view)


def render_dialogs(view):
    dialog = el("dialog")
    phase = view["phase"] if view else None
    if S.get("setup"):
        # Rebuilt only when not showing already: an AI move must not wipe what is typed.
        if dialog.hidden or dialog.querySelector("[data-testid=setup-dialog]") is None:
            dialog.innerHTML = setup_html()
        dialog.hidden = False
    elif phase in ("round_over", "game_over") and "round_score" in view:
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
            '<p data-testid="went-out">'
            + esc(seat_names(view)[went])
            + " went out"
            + (" concealed" if view["round_score"][went % view["teams"]]["concealed"] else "")
            + ".</p>"
        )
    stats = (
        '<button type="button" data-act="stats" data-testid="sheet-stats">Statistics</button>'
    )
    if view["phase"] == "game_over":
        totals = view["totals"]
        best = max(totals)
        my_team = ME % view["teams"]
        if totals.count(best) > 1:
            title = "Game over: a tie"
        elif totals[my_team] == best:
            title = "Game over: " + ("you win!" if view["teams"] == view["players"]
                                     else "your side wins!")
        else:
            title = "Game over: " + (names[totals.index(best)] + " wins."
                                     if view["teams"] == view["players"] else "they win.")
        button = '<button type="button" data-act="menu" data-testid="new-game">New game</button>'
    else:
        title = "Round " + str(view["round"]) + " is over"
        button = (
            '<button type="button" data-act="next" data-testid="next-round">Next round</button>'
        )
    button = '<div class="row">' + button + " " + stats + "</div>"
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


VARIANTS = (
    ("classic", "Classic · 4 players"),
    ("classic-2p", "Two players"),
    ("classic-3p", "Three players"),
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
    vopts = "".join(
        '<option value="'
        + v
        + '"'
        + (" selected" if v == S["variant"] else "")
        + ">"
        + t
        + "</option>"
        for v, t in VARIANTS
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
        '<div class="panel" data-testid="setup-dialog" role="dialog" aria-labelledby="setup-title">'
        '<h2 id="setup-title">New game</h2>'
        '<label>Your name <input id="opt-name" data-testid="player-name" maxlength="'
        + str(NAME_MAX)
        + '" autocomplete="nickname" spellcheck="false" value="'
        + esc(S["name"])
        + '"></label>'
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
        + '<button type="button" data-act="stats" data-testid="setup-stats">Statistics</button>'
        + "</div></div>"
    )


def render_setup_only():
    render_dialogs(None)
    el("banner").innerText = "Start a new game"
