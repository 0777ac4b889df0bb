# Drawing the table from the engine's view (MicroPython, main thread): the
# buttons, banner, scores, log and seats, and render() for the whole table
# (the cards: ui_cards.py; the dialogs: ui_dialogs.py).
import json

from pyscript import document, window
from ui_base import (
    DEFAULT_NAME,
    ME,
    S,
    and_join,
    card_value,
    cite,
    el,
    esc,
    my_turn,
    packet_word,
    partnership,
    safe_href,
    seat_names,
    soft_names,
    team_class,
    team_names,
    team_seats,
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
    stock_ends_round,
)
from ui_dialogs import render_dialogs
from ui_i18n import rules_page, said, tr


def legal_types(view):
    return [a["type"] for a in view["legal"]]


def staged_cards(view):
    return [view["hand"][i] for i in S["sel"] if i < len(view["hand"])]


def pending_cards(view):
    """The melds set aside for the initial meld (issue 15), as the worker takes them:
    {"cards", "onto"} ("onto": the id of a meld set aside that wild cards go on)."""
    hand = view["hand"]
    return [{"cards": [hand[i] for i in step["idx"] if i < len(hand)], "onto": step["onto"]}
            for step in S["pending"]]


def assess_key(view):
    """What the engine's answer in S["assessed"] must be about to be shown."""
    return json.dumps([pending_cards(view), staged_cards(view), view["phase"],
                       len(view.get("log") or ())])


def meter_text(view):
    team = ME % view["teams"]
    if view["team_melded"][team]:
        return ""
    minimum = str(view["minimum"][team])
    needs = view.get("opening_canasta")
    if needs and needs[team]:  # BR2: the initial meld holds a canasta (natural or better)
        canasta = tr("a natural canasta") if needs[team] == "natural" else tr("a canasta")
        minimum = canasta if minimum == "0" else minimum + " + " + canasta
    assessed = S["assessed"]
    if assessed and assessed["key"] == assess_key(view):
        reply = assessed["reply"]
        error = reply.get("error")
        if error:
            # The engine's verdict on what is staged: 10♠ 10♠ 2♠ 2♥ counts 90 but is
            # no meld (C17), and the meter says so instead of "90 / 90".
            if view["phase"] == "draw":
                return tr("Initial meld {points} / {need} · not a valid take the pile ({rule})",
                          points=reply.get("points", 0), need=minimum,
                          rule=error.get("rule", ""))
            return tr("Initial meld {points} / {need} · not a valid meld ({rule})",
                      points=reply.get("points", 0), need=minimum, rule=error.get("rule", ""))
        return tr("Initial meld {points} / {need}", points=reply.get("points", 0), need=minimum)
    staged = sum(card_value(c) for c in staged_cards(view))
    staged += sum(card_value(c) for step in pending_cards(view) for c in step["cards"])
    if (view["phase"] == "draw" and view["pile"]["top"] and staged
            and not view.get("rules", {}).get("minimum_from_hand")):  # U11: the top does not count
        staged += card_value(view["pile"]["top"])
    # turn_points are the points of the player to move (not yours while others play).
    have = (view["turn_points"] if view["to_move"] == ME else 0) + staged
    return tr("Initial meld {points} / {need}", points=have, need=minimum)


def confirm_take_html(view):
    """Taking the pile with cards the game chose waits for the player's yes (issue 15)."""
    action = S["confirm_take"]
    pile = view["pile"]
    text = tr("Take the pile ({n, plural, one {# card} other {# cards}}) with your "
              "{cards:cards} for the {top:card} on top?", n=pile["size"],
              cards=action["cards"], top=pile["top"])
    team = ME % view["teams"]
    if not view["team_melded"][team]:
        points = sum(card_value(c) for c in action["cards"])
        if not view.get("rules", {}).get("minimum_from_hand"):  # U11: the top card does not count
            points += card_value(pile["top"])
        text += " " + tr("It makes your initial meld: {points} of the {need} points needed.",
                         points=points, need=view["minimum"][team])
    return (
        '<div class="confirm-take" data-testid="take-confirm" role="alert">'
        + esc(text)
        + ' <button type="button" data-act="take-yes" data-testid="btn-take-yes">'
        + esc(tr("Take the pile")) + "</button> "
        '<button type="button" data-act="take-no" data-testid="btn-take-no">'
        + esc(tr("Cancel")) + "</button></div>"
    )


def controls_html(view):
    types = legal_types(view)
    mine = my_turn(view) and view["phase"] not in ("round_over", "game_over")
    n = len(S["sel"])

    def button(act, label, enabled, key=""):
        hint = ' title="' + esc(tr("Shortcut: {key}", key=key)) + '"' if key else ""
        return (
            '<button type="button" data-act="'
            + act
            + '" data-testid="btn-'
            + act
            + '"'
            + hint
            + ("" if enabled else " disabled")
            + ">"
            + esc(label)
            + "</button>"
        )

    # Buttons stay usable whenever the action could be tried, so that a refusal
    # comes back with the engine's sentence and rule id instead of a dead button.
    drawing = mine and view["phase"] == "draw"
    playing = mine and view["phase"] == "play"
    draw = button("draw", tr("Draw"), mine and "draw" in types, "D")
    if stock_ends_round(view):
        # R18: the stock is empty; a draw from it ends the round (no card comes).
        draw = ('<button type="button" class="ends" data-act="draw" data-testid="btn-draw"'
                ' data-ends-round="true" title="'
                + esc(tr("The stock is empty: drawing from it ends the round ({rule}). "
                         "Shortcut: D", rule=cite(view, "R18")))
                + '">' + esc(tr("End the round (stock empty)")) + "</button>")
    parts = [
        draw,
        button("take", tr("Take pile"), drawing and view["pile"]["size"] > 0, "T"),
        button("meld", tr("Meld"), playing and n > 0, "M"),
        button("discard", tr("Discard"), playing and n == 1, "X"),
        kitty_take_html(view) if playing else "",
        # R16, R18: a hand of 7s none of which may be discarded ends the round
        '<button type="button" class="ends" data-act="end-round" data-testid="end-round"'
        ' title="' + esc(tr("You hold only 7s, and no 7 may be discarded ({rule}): end the "
                            "round ({end})", rule=cite(view, "R16"), end=cite(view, "R18")))
        + '">' + esc(tr("End the round (no card to discard)")) + "</button>"
        if mine and "end_round" in types else "",
        # U21: the whole hand laid down at once as a special hand, going out
        '<button type="button" class="ends" data-act="special-hand" data-testid="special-hand"'
        ' title="' + esc(tr("Your hand is a special hand (U21): lay it all down and go out"))
        + '">' + esc(tr("Lay down special hand")) + "</button>"
        if mine and "special_hand" in types else "",
        button("clear", tr("Clear"), n > 0, "C"),
        # (no question where nobody has a partner to ask, or nobody goes out: E4)
        button("ask", tr("May I go out?"), mine and bool(view.get("may_ask")), "A")
        if view.get("rules", {}).get("ask_permission", True) else "",
        button("hint", tr("Hint"), mine, "H"),
        # The hand by suit instead of by rank (each suit in run order, for sequences):
        # a toggle kept in the settings, for every game.
        '<button type="button" class="sort" data-act="sort" data-testid="sort-button"'
        ' aria-pressed="' + ("true" if S["suit_sort"] else "false") + '"'
        ' title="' + esc(tr("Sort your hand by suit, each suit in run order (shortcut S)"))
        + '">' + esc(tr("By suit")) + '<span class="short" aria-hidden="true">♠♥</span></button>',
    ]
    if watching(view) and view["phase"] not in ("round_over", "game_over"):
        parts = ['<button type="button" data-act="skip-round" data-testid="skip-round">'
                 + esc(tr("Skip to the round's end")) + "</button>"]
    elif S["confirm_take"] and drawing:
        parts = [confirm_take_html(view)]
    meter = meter_text(view) if not watching(view) else ""
    if meter:
        parts.append('<span class="meter" data-testid="meld-meter">' + esc(meter) + "</span>")
    return "".join(parts)


def kitty_available(view):
    """Whether a discard now may take your kitty (R13: the engine lists such discards
    with "reserve")."""
    return any(a.get("type") == "discard" and a.get("reserve") for a in view["legal"])


def kitty_take_html(view):
    """The check beside the discard: "Take the kitty with this discard" (R13; the rule
    set's `packet_name` for "kitty"), checked
    at the start of each of your turns; shown only while a discard may take it."""
    if not kitty_available(view):
        return ""
    size = (view.get("packet_sizes") or [0])[ME]
    word = packet_word(view)  # Railroad's kitty, Pennies' packet (PH13)
    return (
        '<label class="kitty-take" title="'
        + esc(tr("Your {packet:word} ({n} cards) joins your hand after this discard ({rule})",
                 packet=word, n=size, rule=cite(view, "R13")))
        + '"><input type="checkbox" data-act="kitty-take"'
        ' data-testid="kitty-take"' + (" checked" if S.get("kitty_take") else "") + "> "
        '<span class="long">' + esc(tr("Take the {packet:word} with this discard", packet=word))
        + '</span><span class="short">' + esc(tr("Take {packet:word}", packet=word))
        + "</span></label>"
    )


def banner_text(view):
    names = seat_names(view)
    phase = view["phase"]
    if phase == "game_over":
        return tr("Game over")
    if phase == "round_over":
        return tr("Round over: see the score sheet")
    actor = view["to_act"]
    if watching(view):
        return tr("You sit out this round: {name} is playing…", name=names[actor])
    if actor != ME:
        if phase == "answer":
            return tr("{name} is deciding whether you may go out…", name=names[actor])
        return tr("{name} is playing…", name=names[actor])
    if phase == "answer":
        return tr("{name} (your partner) asks: “May I go out?”", name=names[view["to_move"]])
    if phase == "draw":
        named = S["name"] != DEFAULT_NAME
        if stock_ends_round(view):  # R18
            if "take_pile" in legal_types(view):
                return (tr("{name}, your turn: take the pile, or end the round (the stock is "
                           "empty)", name=S["name"]) if named else
                        tr("Your turn: take the pile, or end the round (the stock is empty)"))
            return (tr("{name}, your turn: the stock is empty, end the round", name=S["name"])
                    if named else tr("Your turn: the stock is empty, end the round"))
        return (tr("{name}, your turn: draw from the stock or take the pile", name=S["name"])
                if named else tr("Your turn: draw from the stock or take the pile"))
    if "end_round" in legal_types(view) and "discard" not in legal_types(view):
        return tr("Only 7s left, none may be discarded: meld, or end the round")
    if "special_hand" in legal_types(view):  # U21
        return tr("Your hand is a special hand: lay it down to go out, or play on")
    team = ME % view["teams"]
    if not view["team_melded"][team] and view["turn_points"]:
        return tr("Finish your initial meld, then discard")
    if view.get("permission") is True:
        return tr("Go out now: meld your cards, then discard the last one")
    return tr("Meld, then discard one card")


def minimum_shown(view, team):
    """The initial-meld minimum the header shows for a team: the view's, and once a round
    is scored, the next round's (the engine's `next_minimum`, C25)."""
    later = view.get("next_minimum")
    if view.get("phase") in ("round_over", "game_over") and later:
        return later[team]
    shown = view["minimum"][team]
    needs = view.get("opening_canasta")
    if needs and needs[team]:  # BR2: a canasta besides (or instead of) points
        canasta = tr("natural canasta") if needs[team] == "natural" else tr("canasta")
        return canasta if shown == 0 else str(shown) + " + " + canasta
    return shown


def scoreboard_html(view):
    names = team_names(view)
    totals = view["totals"]
    parts = []
    many = view["teams"] >= 5  # five or six playing alone (R23, R24): short names on a phone
    for t in range(view["teams"]):
        name = esc(names[t])
        if many and names[t] in ABBREV:
            name = ('<span class="long">' + name + '</span><span class="short" title="' + name
                    + '">' + esc(ABBREV[names[t]]) + "</span>")
        parts.append(
            '<span class="score '
            + team_class(view, t)
            + '" data-testid="score-'
            + str(t)
            + '">'
            + name
            + " <b>"
            + esc(totals[t])
            + "</b> <small>"
            + esc(tr("min {points}", points=minimum_shown(view, t)))
            + "</small></span>"
        )
    deals = view.get("rules", {}).get("deals", 0)  # E12, HF14: a game of so many rounds
    parts.append('<span class="round" data-testid="round">'
                 + esc(tr("Round {n} of {deals}", n=view["round"], deals=deals) if deals
                       else tr("Round {n}", n=view["round"]))
                 + "</span>")
    return "".join(parts)


def history_html(view):
    names = team_names(view)
    short = names
    if view["players"] >= 5:
        # The side column is narrow: "W & NE" (the full names are in the title).
        seats = seat_names(view)
        short = [n if t == ME % view["teams"] else
                 and_join([ABBREV.get(seats[s], seats[s]) for s in team_seats(view, t)])
                 for t, n in enumerate(names)]
    rows = [
        "<tr><th>" + esc(tr("Round")) + "</th>"
        + "".join('<th class="' + team_class(view, t) + '" title="' + esc(names[t]) + '">'
                  + esc(short[t]) + "</th>" for t in range(view["teams"]))
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
                "<td>" + esc(r) + " <small>(" + esc(t) + ")</small></td>"
                for r, t in zip(row, running)
            )
            + "</tr>"
        )
    return "".join(rows)


def turns_html(lines, names):
    """History lines grouped into turns (a turn: the lines of one seat in a row), each
    line with its player's name ("West took the pile with 9♣ 9♦ (4 more cards…)")."""
    out = []
    current = None
    for line in lines:
        seat = line.get("seat") if isinstance(line, dict) else None
        name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
        text = esc(name + " " + said(line) if isinstance(line, dict) else "")
        if seat != current or not out:
            out.append([])
            current = seat
        out[-1].append("<div>" + text + "</div>")
    return "".join('<li class="turn">' + "".join(t) + "</li>" for t in out)


def log_html():
    view = S["view"]
    return turns_html(S["log"], seat_names(view)) if view else ""


def past_rounds_html(rounds):
    view = S["view"]
    if not rounds or not view:
        return "<p>" + esc(tr("No earlier round in this game yet.")) + "</p>"
    names = seat_names(view)
    return "".join(
        "<h3>Round " + esc(r.get("round", "?")) + '</h3><ol class="log">'
        + turns_html(r.get("lines", []), names) + "</ol>" for r in rounds)


# The seats' names shortened for the tags of a phone's row of five seats.
ABBREV = {"West": "W", "Northwest": "NW", "North": "N", "Northeast": "NE", "East": "E"}


def team_tag(view, seat):
    """Whose side a seat is on, in words: partner, opponent, or with whom it plays.
    With three teams the tag also has a short form (with NE) for a phone's row."""
    if not partnership(view):
        return ""
    team = seat % view["teams"]
    names = seat_names(view)
    mates = [names[s] for s in team_seats(view, team) if s != seat]
    short = ""
    if seat == ME:
        text = tr("with {names}", names=and_join(mates))
        what = tr("Your team: {names}", names=and_join([names[s] for s in team_seats(view, team)]))
    elif team == ME % view["teams"]:
        text = tr("partner")
        what = tr("{name} is your partner", name=names[seat])
    elif view["teams"] == 2:
        text = tr("opponent")
        what = tr("{name} is an opponent", name=names[seat])
    else:
        text = tr("with {names}", names=and_join(mates))
        short = tr("with {names}", names=and_join([ABBREV.get(m, m) for m in mates]))
        what = tr("{name} is an opponent, in a team with {names}", name=names[seat],
                  names=and_join(mates))
    body = esc(text)
    if short:
        body = ('<span class="long">' + body + '</span><span class="short" aria-hidden="true">'
                + esc(short) + "</span>")
    return (
        '<span class="team-tag ' + team_class(view, team) + '" data-testid="team-tag"'
        ' title="' + esc(what) + '">' + body + "</span>"
    )


def is_active(view, seat):
    return view["to_act"] == seat and view["phase"] not in ("round_over", "game_over")


def seat_html(view, seat):
    names = seat_names(view)
    cls = " active" if is_active(view, seat) else ""
    return (
        '<div class="seat-name'
        + cls
        + '">'
        + soft_names(esc(names[seat]))
        + "</div>"
        + team_tag(view, seat)
        + backs_html(view["hand_sizes"][seat])
        + kitty_html(view, seat)
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
    if _SHOWN.get(key) != html:
        node.innerHTML = html
        _SHOWN[key] = html


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
        href = esc(rules_page(safe_href(S["refusal"].get("href"), "./rules.html#" + rule)))
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
    log = el("log")
    if _SHOWN.get("log") != log_html():
        put("log", log, log_html())
        log.scrollTop = log.scrollHeight  # the latest move in sight
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
    fit_melds()  # once everything else has its size
    render_dialogs(view)
    fly_moves(view)
    announce(view)  # last: the table is drawn whatever an embedding page is told


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
