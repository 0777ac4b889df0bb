# The table's parts as HTML or text, each from the engine's view (MicroPython, main
# thread): the buttons, the initial-meld meter, the banner, the scoreboard, the
# history and the seats. ui_render.py puts them on the page.

import json

from ui_base import (
    DEFAULT_NAME,
    ME,
    S,
    and_join,
    card_value,
    cite,
    esc,
    my_turn,
    packet_word,
    partnership,
    seat_names,
    soft_names,
    team_class,
    team_names,
    team_seats,
    watching,
)
from ui_cards import (
    backs_html,
    kitty_html,
    stock_ends_round,
)
from ui_i18n import I18N, said, tr


def legal_types(view):
    return [a["type"] for a in view["legal"]]


def staged_cards(view):
    return [view["hand"][i] for i in S["sel"] if i < len(view["hand"])]


def through_draw(before, after):
    """Where each card of the hand before the player's own draw is in the hand after it
    ({old place: new place}; the drawn cards join the sorted hand and move the others), so
    what was picked or set aside while the draw was on its way stays picked. None after
    any other move (taking the pile too): then nothing is kept."""
    if not (before and my_turn(before) and before["phase"] == "draw"
            and my_turn(after) and after["phase"] == "play"):
        return None
    free = list(range(len(after["hand"])))
    places = {}
    for i, card in enumerate(before["hand"]):
        for j in free:
            if after["hand"][j] == card:
                free.remove(j)
                places[i] = j
                break
    # (a draw only adds cards: after taking the pile, cards of the hand went to the table)
    return places if len(places) == len(before["hand"]) else None


def keep_picks(before, after):
    """S["sel"] and S["pending"] after a reply that moved the game on (see through_draw)."""
    places = through_draw(before, after)
    if places is None:
        S["sel"] = []
        S["pending"] = []
        return
    S["sel"] = [places[i] for i in S["sel"] if i in places]
    S["pending"] = [{"idx": [places[i] for i in step["idx"] if i in places],
                     "onto": step["onto"]} for step in S["pending"]]


def pending_cards(view):
    """The melds set aside for the initial meld (issue 15), as the worker takes them:
    {"cards", "onto"} ("onto": the id of a meld set aside that wild cards go on)."""
    hand = view["hand"]
    return [{"cards": [hand[i] for i in step["idx"] if i < len(hand)], "onto": step["onto"]}
            for step in S["pending"]]


def assess_key(view, pending=None, cards=None):
    """What the engine's answer in S["assessed"] must be about to be shown: the melds
    set aside and the staged cards (or the `pending` and `cards` an answer is about)."""
    return json.dumps([pending_cards(view) if pending is None else pending,
                       staged_cards(view) if cards is None else cards, view["phase"],
                       len(view.get("log") or ())])


def meter_text(view):
    team = ME % view["teams"]
    if view["team_melded"][team]:
        return ""
    minimum = str(view["minimum"][team])
    needs = view.get("opening_canasta")
    if needs and needs[team]:  # BR2: the initial meld holds a canasta (natural or better)
        canasta = {"natural": tr("a natural canasta"),  # U23: or a natural meld of three
                   "triple": tr("a natural meld of three")}.get(needs[team]) or tr("a canasta")
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
        canasta = {"natural": tr("natural canasta"),  # U23: a natural meld of three
                   "triple": tr("natural triple")}.get(needs[team]) or tr("canasta")
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


def turns_html(lines, names, texts=None):
    """History lines grouped into turns (a turn: the lines of one seat in a row), each
    line with its player's name ("West took the pile with 9♣ 9♦ (4 more cards…)");
    `texts`: the lines' texts already made (line_text), else made here."""
    out = []
    current = None
    for i, line in enumerate(lines):
        seat = line.get("seat") if isinstance(line, dict) else None
        text = texts[i] if texts is not None else line_text(line, names)
        if seat != current or not out:
            out.append([])
            current = seat
        out[-1].append("<div>" + text + "</div>")
    return "".join('<li class="turn">' + "".join(t) + "</li>" for t in out)


def line_text(line, names):
    """One history line with its player's name, escaped."""
    seat = line.get("seat") if isinstance(line, dict) else None
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    return esc(name + " " + said(line) if isinstance(line, dict) else "")


# The texts of this round's history lines, each made once (said() fills a template a
# line, and a long round's log holds hundreds): for the list of lines shown (S["log"],
# which grows by its end until a new list replaces it), in the language and with the
# names they were made with.
_TEXTS = {"log": None, "lang": None, "catalogue": None, "names": None, "texts": []}


def log_html():
    view = S["view"]
    if not view:
        return ""
    lines, names = S["log"], seat_names(view)
    if (_TEXTS["log"] is not lines or _TEXTS["lang"] != I18N["lang"]
            or _TEXTS["catalogue"] is not I18N["catalogue"] or _TEXTS["names"] != names
            or len(_TEXTS["texts"]) > len(lines)):
        _TEXTS.update(log=lines, lang=I18N["lang"], catalogue=I18N["catalogue"], names=names,
                      texts=[])
    texts = _TEXTS["texts"]
    for line in lines[len(texts):]:
        texts.append(line_text(line, names))
    return turns_html(lines, names, texts)


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
