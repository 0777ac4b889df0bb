# The saved games panel (MicroPython, main thread): the recent and set-aside games
# with resume, export and delete (which asks first), and importing a game from a
# file. The storage itself is ui_saves.py; loading a game is ui_game.py's.
import ui_saves
from pyscript import document, window
from ui_base import STORE, S, el, esc, warn
from ui_i18n import N_, tr
from ui_save_check import explain

SHORT = {"classic": N_("Classic"), "classic-2p": N_("Classic for two"),
         "classic-3p": N_("Classic for three")}
LEVEL_NAMES = {"easy": N_("easy players"), "normal": N_("normal players"),
               "strong": N_("strong players")}


def variant_name(name):
    """A game's name for the list: short for the usual ones, else the engine's title."""
    if name in SHORT:
        return tr(SHORT[name])
    for v in S.get("variants") or []:
        if v.get("name") == name:
            return tr(v["title"]) if v.get("title") else name
    return name


def problem_text(problem):
    """What is wrong with a save (ui_save_check.parse's phrase) in the chosen language;
    a phrase it cannot say otherwise as it is."""
    found = explain(problem)
    if found is None:
        return problem
    params = dict(found[1])
    if "what" in params:  # a part of the saved table (ui_save_check.NOUNS)
        params["what"] = tr(params["what"])
    return tr(found[0], **params)


def describe(meta):
    """'Classic, deal 42, round 2' (or 'a set-up position' for one)."""
    if not meta:
        return tr("an unreadable game")
    if meta["position"]:
        return tr("{game}, a set-up position, round {round}",
                  game=variant_name(meta["variant"]), round=meta["round"])
    return tr("{game}, deal {seed}, round {round}", game=variant_name(meta["variant"]),
              seed=meta["seed"], round=meta["round"])


def when(updated):
    """When a game was last saved, in the browser's words ("2/1/2026, 3:04:05 PM")."""
    if not updated:
        return ""
    try:
        return str(window.Date.new(updated).toLocaleString())
    except Exception:  # a browser without it: the list does without
        return ""


def row_html(entry):
    gid = entry["id"]
    meta = entry["meta"]
    here = gid == S.get("game_id") and not S.get("elsewhere")
    facts = []
    if meta:
        if meta["totals"]:
            facts.append(tr("scores {scores}",
                            scores=" – ".join(str(t) for t in meta["totals"])))
        facts.append(tr(LEVEL_NAMES.get(meta["level"], LEVEL_NAMES["normal"])))
        stamp = when(meta["updated"])
        if stamp:
            facts.append(stamp)
    if entry["aside"]:
        status = ('<span class="game-state aside" data-testid="game-aside">'
                  + esc(tr("Set aside: {why}",
                           why=problem_text(entry["why"]) or tr("it could not be loaded")))
                  + "</span>")
    elif here:
        status = '<span class="game-state here">' + esc(tr("Playing now")) + "</span>"
    elif meta and meta["phase"] == "game_over":
        status = '<span class="game-state">' + esc(tr("Finished")) + "</span>"
    else:
        status = ""
    buttons = ""
    if not here:
        buttons += ('<button type="button" data-act="game-resume" data-testid="game-resume"'
                     ' data-id="' + esc(gid) + '">'
                    + esc(tr("Try again") if entry["aside"] else tr("Resume")) + "</button>")
    buttons += ('<button type="button" data-act="game-export" data-testid="game-export"'
                ' data-id="' + esc(gid) + '">' + esc(tr("Export")) + "</button>")
    if not here:
        buttons += ('<button type="button" data-act="game-delete" data-testid="game-delete"'
                    ' data-id="' + esc(gid) + '">' + esc(tr("Delete")) + "</button>")
    confirm = ""
    if S.get("games_confirm") == gid:
        confirm = (
            '<div class="confirm" data-testid="game-delete-confirm" role="alert">'
            "<p>" + esc(tr("Delete {game}? This cannot be undone.", game=describe(meta)))
            + "</p>"
            '<div class="row"><button type="button" class="danger" data-act="game-delete-yes"'
            ' data-testid="game-delete-yes" data-id="' + esc(gid) + '">' + esc(tr("Delete"))
            + "</button>"
            '<button type="button" data-act="game-delete-no" data-testid="game-delete-no">'
            + esc(tr("Cancel")) + "</button></div></div>"
        )
        buttons = ""
    seed = str(meta["seed"]) if meta and not meta["position"] else ""
    return (
        '<li class="game-row" data-testid="game-row" data-game-id="' + esc(gid) + '"'
        ' data-seed="' + seed + '" data-aside="' + ("1" if entry["aside"] else "0") + '">'
        '<div class="game-title">' + esc(describe(meta)[:1].upper() + describe(meta)[1:])
        + "</div>" + '<div class="game-facts">' + esc(" · ".join(facts)) + "</div>"
        + status + '<div class="row">' + buttons + "</div>" + confirm + "</li>"
    )


def games_html():
    games = ui_saves.entries()
    rows = "".join(row_html(e) for e in games)
    if not rows:
        rows = ('<li class="game-row empty" data-testid="games-empty">'
                + esc(tr("No saved games yet.")) + "</li>")
    if STORE:
        kept = tr("Kept in this browser (storage “{store}”): the {n} most recent games, and "
                  "any set aside because they could not be loaded (until you delete them).",
                  store=STORE, n=ui_saves.KEEP)
    else:
        kept = tr("Kept in this browser: the {n} most recent games, and any set aside "
                  "because they could not be loaded (until you delete them).", n=ui_saves.KEEP)
    message = S.get("games_msg") or ""
    return (
        '<div class="panel games" data-testid="games-panel" role="dialog" aria-modal="true"'
        ' aria-labelledby="games-title"><h2 id="games-title">' + esc(tr("Saved games"))
        + '</h2><p class="note">' + esc(kept) + "</p>"
        + '<p class="games-message" data-testid="games-message" role="alert"'
        + ("" if message else " hidden") + ">" + esc(message) + "</p>"
        + '<ul class="games-list" data-testid="games-list">' + rows + "</ul>"
        + '<label class="import">' + esc(tr("Import a game from a file")) + " "
        '<input type="file" id="import-file" data-testid="import-file"'
        ' accept=".json,application/json"></label>'
        '<div class="row"><button type="button" data-act="games-close"'
        ' data-testid="games-close">' + esc(tr("Close")) + "</button></div></div>"
    )


def box():
    """The panel's place on the page (made on first use, above the set-up dialog)."""
    node = el("games-dialog")
    if node is None:
        node = document.createElement("div")
        node.id = "games-dialog"
        node.className = "dialog games-dialog"
        node.setAttribute("data-testid", "games-dialog")
        node.hidden = True
        el("app").appendChild(node)
    return node


def render_games():
    node = box()
    if not S.get("games"):
        node.hidden = True
        node.innerHTML = ""
        return
    node.innerHTML = games_html()
    node.hidden = False
    focus = node.querySelector("[data-testid=game-delete-no], [data-testid=games-close]")
    if focus is not None:
        focus.focus()


def show_games(on, message=""):
    if on:
        warn("")  # what a warning said of a set-aside game, the list shows in its row
    S["games"] = on
    S["games_confirm"] = None
    S["games_msg"] = message
    render_games()


def say(message):
    """A sentence in the panel (import results), the list shown again under it."""
    S["games_msg"] = message
    render_games()


def export_game(gid):
    """Download a game's save as a JSON file (the same text as in storage)."""
    text, _ = ui_saves.read(gid)
    if not text:
        say(tr("That game is no longer saved in this browser."))
        return
    meta = ui_saves.read_meta(gid)
    name = "canasta-" + (meta["variant"] + "-deal-" + str(meta["seed"]) if meta else "game")
    parts = window.Array.new()
    parts.push(text)
    options = window.Object.new()
    options.type = "application/json"
    url = window.URL.createObjectURL(window.Blob.new(parts, options))
    link = document.createElement("a")
    link.href = url
    link.download = name + "-" + gid + ".json"
    document.body.appendChild(link)
    link.click()
    link.remove()
    old = S.get("export_old")  # revoked at the next export: its download has its copy
    if old:
        window.URL.revokeObjectURL(old)
    S["export_old"] = url
