# The table's dialogs as HTML (MicroPython, main thread): the set-up dialog, the
# score sheet and the partner's "May I go out?" question.
import ui_saves
from ui_base import (
    ME,
    NAME_MAX,
    S,
    cite,
    el,
    esc,
    my_name,
    my_turn,
    packet_word,
    seat_names,
    soft_names,
    team_class,
    team_names,
)
from ui_cards import card_html
from ui_i18n import N_, picker_html, tr


def render_dialogs(view):
    dialog = el("dialog")
    phase = view["phase"] if view else None
    if S.get("setup"):
        # Rebuilt only when not showing already: an AI move must not wipe what is typed.
        if dialog.hidden or dialog.querySelector("[data-testid=setup-dialog]") is None:
            dialog.innerHTML = setup_html()
            dialog.setAttribute("data-sheet", "")
        dialog.hidden = False
    elif S.get("elsewhere"):
        if dialog.querySelector("[data-testid=elsewhere]") is None:
            dialog.innerHTML = elsewhere_html(S["elsewhere"])
            dialog.setAttribute("data-sheet", "")
        dialog.hidden = False
    elif phase in ("round_over", "game_over") and "round_score" in view:
        # Rebuilt only when it changes, so that the focus stays on its buttons.
        key = phase + ":" + str(view["round"])
        if dialog.hidden or dialog.getAttribute("data-sheet") != key:
            dialog.innerHTML = score_sheet(view)
            dialog.setAttribute("data-sheet", key)
        dialog.hidden = False
    elif phase == "answer" and my_turn(view):
        if not dialog.hidden and dialog.querySelector("[data-testid=answer-dialog]") is not None:
            return  # already asking: keep the focus where it is
        dialog.setAttribute("data-sheet", "")
        dialog.innerHTML = (
            '<div class="panel" data-testid="answer-dialog"><h2>' + esc(tr("May I go out?"))
            + "</h2><p>"
            + esc(tr("{name}, your partner, asks for permission to go out. Your answer binds "
                     "them ({rule}).", name=seat_names(view)[view["to_move"]], rule="C33"))
            + "</p>"
            '<button type="button" data-act="answer-yes" data-testid="answer-yes">'
            + esc(tr("Yes")) + "</button> "
            '<button type="button" data-act="answer-no" data-testid="answer-no">'
            + esc(tr("No")) + "</button></div>"
        )
        dialog.hidden = False
    else:
        dialog.hidden = True
        dialog.setAttribute("data-sheet", "")
        if dialog.childElementCount:
            # Emptied, so that a closed score sheet or question is not found by
            # `[data-testid=...]` selectors (scripts and tests drive the page).
            dialog.innerHTML = ""


def elsewhere_html(kind):
    """This tab stopped writing its game: another tab opened it (or deleted it)."""
    if kind == "deleted":
        title = tr("This game was deleted in another tab")
        text = tr("It was deleted from the saved games in another tab of this browser, so "
                  "this tab stopped saving it.")
        back = ""
    else:
        title = tr("This game continues in another tab")
        text = tr("Another tab of this browser opened this game, so this tab stopped saving "
                  "it: nothing is lost, the other tab saves every move. You can take the game "
                  "back here (at its latest move), or start another game.")
        back = ('<button type="button" data-act="take-back" data-testid="take-back">'
                + esc(tr("Continue here")) + "</button> ")
    return (
        '<div class="panel" data-testid="elsewhere" role="alertdialog"'
        ' aria-labelledby="elsewhere-title"><h2 id="elsewhere-title">' + esc(title) + "</h2>"
        "<p>" + esc(text) + '</p><div class="row">' + back
        + '<button type="button" data-act="menu" data-testid="elsewhere-new">'
        + esc(tr("New game")) + "</button></div></div>"
    )


EXTRA_NAMES = {
    "double_end": N_("Double end (H1)"),
    "concealed_canastas": N_("Canastas laid down whole (H11)"),
    "set_aside_black_threes": N_("Black 3s set aside (K10)"),
    "unfinished_melds": N_("7s, aces or wild cards short of a canasta (U17)"),
    "held_cards": N_("Three 7s or aces left in a hand (U17)"),
    "sequences": N_("Sequences by their length (BR5)"),
    "special_hand": N_("Special hand: seven natural pairs (U21)"),
}


def score_part(row, key):
    if key.startswith("extra-"):
        return row.get("extras", {}).get(key[6:], 0)
    return row[key]


def ended_html(view):
    """Why a round nobody went out of ended, where the last move says (R18): a draw from
    the empty stock, or a hand of 7s none of which could be discarded."""
    if view.get("went_out") is not None:
        return ""
    last = None
    for entry in reversed(view.get("log") or []):
        if isinstance(entry, dict) and isinstance(entry.get("action"), dict):
            last = entry
            break
    if last is None or not isinstance(last.get("seat"), int):
        return ""
    names = seat_names(view)
    if not 0 <= last["seat"] < len(names):
        return ""
    kind = last["action"].get("type")
    name = names[last["seat"]]
    if kind == "end_round":
        text = tr("{name} held only 7s, none of which could be discarded ({rule}): the round "
                  "ended ({end}).", name=name, rule=cite(view, "R16"), end=cite(view, "R18"))
    elif kind == "draw" and view.get("rules", {}).get("stock_out") and not view.get("stock_size"):
        text = tr("{name} drew from the empty stock: the round ended ({rule}).", name=name,
                  rule="R18")
    else:
        return ""
    return '<p data-testid="round-ended">' + esc(text) + "</p>"


def score_sheet(view):
    names = team_names(view)
    rows = [
        (tr("Melded cards"), "melded_cards"),
        (tr("Canasta bonuses"), "canasta_bonus"),
        (tr("3s") if view.get("rules", {}).get("black_threes_laid") else tr("Red 3s"),
         "red_threes"),
        (tr("Going out"), "going_out"),
        (tr("Cards left in hand"), "hand_penalty"),
    ]
    # Named bonuses and penalties of variants and house rules (round_score extras).
    extras = []
    for t in range(view["teams"]):
        for key in view["round_score"][t].get("extras", {}):
            if key not in extras:
                extras.append(key)
    rows += [(tr(EXTRA_NAMES[k]) if k in EXTRA_NAMES
               else str(k)[:1].upper() + str(k)[1:].replace("_", " "),
               "extra-" + str(k)) for k in extras]
    rows.append((tr("Round total"), "total"))
    head = (
        "<tr><th></th>"
        + "".join('<th class="' + team_class(view, t) + '">' + soft_names(esc(names[t]))
                  + "</th>" for t in range(view["teams"]))
        + "</tr>"
    )
    body = ""
    for label, key in rows:
        body += (
            "<tr><td>"
            + esc(label)
            + "</td>"
            + "".join(
                '<td data-testid="sheet-'
                + esc(key)
                + "-"
                + str(t)
                + '">'
                + esc(score_part(view["round_score"][t], key))
                + "</td>"
                for t in range(view["teams"])
            )
            + "</tr>"
        )
    body += (
        "<tr class='tot'><td>" + esc(tr("Game total")) + "</td>"
        + "".join(
            '<td data-testid="sheet-game-' + str(t) + '">' + esc(view["totals"][t]) + "</td>"
            for t in range(view["teams"])
        )
        + "</tr>"
    )
    lefts = ""
    hands = view.get("hands") or []
    names_all = seat_names(view)
    special = view.get("special_hand") or {}
    for s, hand in enumerate(hands):
        if hand and s != special.get("seat"):  # (U21: the special hand, laid down)
            lefts += ('<div data-testid="left-' + str(s) + '">' + esc(names_all[s]) + ": "
                      + "".join(card_html(c) for c in hand) + "</div>")
    kitties = ""
    word = packet_word(view)  # Railroad's kitty, Pennies' packet
    for s, packet in enumerate(view.get("packets") or []):
        if packet and s < len(names_all):  # R19: an untaken kitty counts against its owner
            whose = (tr("Your {packet:word}", packet=word) if s == ME and S["name"] == "You"
                     else tr("{name}’s {packet:word}", name=names_all[s], packet=word))
            kitties += ('<div data-testid="left-kitty-' + str(s) + '">' + esc(whose)
                        + ": " + "".join(card_html(c) for c in packet) + "</div>")
    if lefts or kitties:
        # kitties, packets, feet (HF13)
        many = {"foot": N_("Cards left in hand and feet"),
                "kitty": N_("Cards left in hand and kitties"),
                "packet": N_("Cards left in hand and packets")}.get(word)
        lefts = ('<div class="lefts"><b>'
                 + esc(tr(many) if kitties and many else tr("Cards left in hand"))
                 + "</b>" + lefts + kitties + "</div>")
    went = view.get("went_out")
    who = ended_html(view)
    if went is not None:
        name = seat_names(view)[went]
        laid = ""
        if special.get("seat") == went:  # U21: the hand laid down, face up
            said = tr("{name} went out with a special hand, {hand} (U21).", name=name,
                      hand=tr(str(special.get("title", ""))))
            laid = ('<div data-testid="special-hand-cards">'
                    + "".join(card_html(c) for c in hands[went]) + "</div>")
        elif view["round_score"][went % view["teams"]]["concealed"]:
            said = tr("{name} went out concealed.", name=name)
        else:
            said = tr("{name} went out.", name=name)
        who = (
            '<p data-testid="went-out">'
            + esc(said)
            + "</p>"
            + laid
        )
    stats = (
        '<button type="button" data-act="stats" data-testid="sheet-stats">'
        + esc(tr("Statistics")) + "</button>"
    )
    if view["phase"] == "game_over":
        totals = view["totals"]
        best = max(totals)
        my_team = ME % view["teams"]
        if totals.count(best) > 1:
            title = tr("Game over: a tie")
        elif totals[my_team] == best:
            title = (tr("Game over: you win!") if view["teams"] == view["players"]
                     else tr("Game over: your side wins!"))
        elif view["teams"] == view["players"]:
            title = tr("Game over: {name} wins.", name=names[totals.index(best)])
        elif view["teams"] == 2:
            title = tr("Game over: they win.")
        else:
            title = tr("Game over: {names} win.", names=names[totals.index(best)])
        button = ('<button type="button" data-act="menu" data-testid="new-game">'
                  + esc(tr("New game")) + "</button>")
    else:
        title = tr("Round {n} is over", n=view["round"])
        button = ('<button type="button" data-act="next" data-testid="next-round">'
                  + esc(tr("Next round")) + "</button>")
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


# The games offered before the engine worker has sent its own list (S["variants"],
# from canasta.VARIANTS): the dialog can show at once, and is updated when it comes.
FALLBACK_VARIANTS = (
    {"name": "classic", "title": N_("Classic Canasta (4 players, 2 partnerships)")},
    {"name": "classic-2p", "title": N_("Classic Canasta for two")},
    {"name": "classic-3p", "title": N_("Classic Canasta for three")},
)


def variant_list():
    if S.get("variants"):
        return S["variants"]
    offered = list(FALLBACK_VARIANTS)
    if S["variant"] and all(v["name"] != S["variant"] for v in offered):
        # Asked for by the address (?variant=) before the engine's list came.
        offered.append({"name": S["variant"], "title": S["variant"]})
    return offered


def variant_title(name):
    """The game's title in the chosen language (the engine's English titles are keys of
    the catalogues: tools/i18n.py)."""
    for v in variant_list():
        if v["name"] == name:
            return tr(v["title"])
    return ""


def variant_options_html(selected):
    return "".join(
        '<option value="'
        + esc(v["name"])
        + '"'
        + (" selected" if v["name"] == selected else "")
        + ">"
        + esc(tr(v["title"]))
        + "</option>"
        for v in variant_list()
    )


def refresh_variants():
    """The engine's list has come: rebuild the game list of an open set-up dialog,
    keeping the game chosen there, and the options offered with it."""
    select = el("opt-variant")
    if select is None:
        return
    chosen = select.value or S["variant"]
    select.innerHTML = variant_options_html(chosen)
    if select.value != chosen:
        select.selectedIndex = 0
    show_variant_note()


def show_variant_note():
    """The title of the game chosen, and the options and house rules offered with it."""
    select = el("opt-variant")
    note = el("variant-note")
    if select is not None and note is not None:
        note.innerText = variant_title(select.value)
    box = el("house-box")
    if select is not None and box is not None:
        remember_ticked()
        details = box.querySelector("details")
        was_open = details is not None and details.open
        box.innerHTML = house_rules_html(select.value)
        box.setAttribute("data-variant", select.value)
        details = box.querySelector("details")
        if was_open and details is not None:
            details.open = True


def presets_for(variant):
    """What the engine offers with `variant` (worker.house_rules): its own options and
    the house rules that apply to it."""
    return (S["house_rules"] or {}).get(variant) or []


def ticked(variant):
    """The ids ticked in the set-up dialog among those offered with `variant`."""
    out = []
    for h in presets_for(variant):
        box = el("house-" + h["id"])
        if box is not None and box.checked:
            out.append(h["id"])
    return out


def remember_ticked():
    """Keep what is ticked before the list is rebuilt for another game: an id that the
    next game does not offer is kept for when its game is chosen again."""
    shown = [h["id"] for h in presets_for(el("house-box").getAttribute("data-variant") or "")]
    if shown:
        kept = [i for i in S["house"] if i not in shown]
        S["house"] = kept + [i for i in shown
                             if el("house-" + i) is not None and el("house-" + i).checked]


def _boxes(presets):
    return "".join(
        '<label class="house"><input type="checkbox" id="house-' + esc(h["id"]) + '"'
        + ' data-testid="house-' + esc(h["id"]) + '"'
        + (" checked" if h["id"] in S["house"] else "") + "> "
        + esc(h["id"]) + " · " + esc(tr(h["title"])) + "</label>"
        for h in presets
    )


def house_rules_html(variant):
    """A box per option of the game `variant` and per house rule that applies to it
    (canasta.rules.house_rules), ticked as last time."""
    presets = presets_for(variant)
    if not presets:
        return ""
    own = [h for h in presets if h.get("kind") == "option"]
    house = [h for h in presets if h.get("kind") != "option"]
    parts = []
    if own:
        page = (own[0].get("href") or "").split("#")[0]
        parts.append(
            '<p class="note">' + esc(tr("This game's options;")) + ' <a href="' + esc(page)
            + '" target="_blank" rel="noopener">' + esc(tr("its rules")) + "</a>.</p>"
            + _boxes(own))
    if house:
        parts.append(
            '<p class="note">' + esc(tr("House rules from the seeds;"))
            + ' <a href="./static/rules/classic-house-rules.html"'
            ' target="_blank" rel="noopener">' + esc(tr("what each one does")) + "</a>.</p>"
            + _boxes(house))
    label = tr("Options and house rules") if own else tr("House rules")
    opened = any(h["id"] in S["house"] for h in presets)
    return (
        '<details class="house-rules" data-testid="house-rules"'
        + (" open" if opened else "") + "><summary>" + label + "</summary>"
        + "".join(parts) + "</details>"
    )


def setup_html():
    has_save = ui_saves.last_id() is not None
    saved = ui_saves.count()
    level = S["level"]
    names_of = {"easy": tr("Easy"), "normal": tr("Normal"), "strong": tr("Strong")}
    options = "".join(
        '<option value="'
        + lv
        + '"'
        + (" selected" if lv == level else "")
        + ">"
        + esc(names_of[lv])
        + "</option>"
        for lv in ("easy", "normal", "strong")
    )
    vopts = variant_options_html(S["variant"])
    names = [v["name"] for v in variant_list()]
    chosen = S["variant"] if S["variant"] in names else names[0]
    resume = (
        '<button type="button" data-act="resume" data-testid="resume-game">'
        + esc(tr("Resume saved game")) + "</button>"
        if has_save and S["view"] is None
        else ""
    )
    games = (
        '<button type="button" data-act="games" data-testid="saved-games">'
        + esc(tr("Saved games ({n})", n=saved)) + "</button>"
    )
    close = (
        '<button type="button" data-act="close-dialog" data-testid="close-dialog">'
        + esc(tr("Back to the game")) + "</button>"
        if S["view"] is not None
        else ""
    )
    # A new deal never throws the game on the table away (issue 15): it is kept under
    # its id (ui_saves.py), and the dialog says so before Deal is pressed.
    playing = S["view"] is not None and S["view"].get("phase") != "game_over"
    kept = (
        '<p class="note" data-testid="in-progress-note">'
        + esc(tr("The game on the table stays in Saved games: Deal starts another, and you "
                 "can come back to this one."))
        + "</p>"
        if playing
        else ""
    )
    return (
        '<div class="panel" data-testid="setup-dialog" role="dialog" aria-labelledby="setup-title">'
        '<h2 id="setup-title">' + esc(tr("New game")) + "</h2>"
        + picker_html(esc)
        + "<label>" + esc(tr("Your name"))
        + ' <input id="opt-name" data-testid="player-name" maxlength="'
        + str(NAME_MAX)
        + '" autocomplete="nickname" spellcheck="false" value="'
        + esc(my_name())
        + '"></label>'
        + "<label>" + esc(tr("Computer players"))
        + ' <select id="opt-level" data-testid="opt-level">'
        + options
        + "</select></label>"
        + "<label>" + esc(tr("Game")) + ' <select id="opt-variant" data-testid="opt-variant">'
        + vopts
        + "</select></label>"
        '<p class="note" id="variant-note" data-testid="variant-note">'
        + esc(variant_title(S["variant"]) or tr(variant_list()[0]["title"]))
        + "</p>"
        + '<div id="house-box" data-variant="' + esc(chosen) + '">'
        + house_rules_html(chosen) + "</div>"
        + "<label>" + esc(tr("Deal number (optional)"))
        + ' <input id="opt-seed" data-testid="opt-seed"'
        ' inputmode="numeric" maxlength="15"'
        ' placeholder="' + esc(tr("random")) + '"></label>'
        + kept
        + '<div class="row"><button type="button" data-act="start" data-testid="start-game">'
        + esc(tr("Deal")) + "</button> "
        + resume
        + close
        + games
        + '<button type="button" data-act="stats" data-testid="setup-stats">'
        + esc(tr("Statistics")) + "</button>"
        + "</div></div>"
    )


def render_setup_only():
    render_dialogs(None)
    el("banner").innerText = tr("Start a new game")
    el("coach").innerText = ""  # (a saved game drawn at boot that then failed said "Loading…")
