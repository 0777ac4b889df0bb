# The card table on the page's main thread (MicroPython). It only draws the
# view the engine worker sends and turns clicks and keys into action JSON; it
# never decides what is legal. Saves go to localStorage. tools/build.py
# compiles these modules to bytecode (.mpy) so the page does not compile them at boot.
#
# This module turns clicks, keys and drags into calls of ui_actions.py and
# ui_game.py, and boots the table (main).
import json

import ui_saves
import ui_stats
from pyscript import document, window, workers
from pyscript.ffi import create_proxy
from ui_actions import (
    back_to_hand,
    click_pile,
    do_discard,
    do_meld,
    do_take,
    take_action,
    take_onto,
    tell,
    toggle,
    why_not,
)
from ui_base import (
    STORE_PROBLEM,
    S,
    cite,
    clean_name,
    el,
    load_settings,
    load_stats,
    my_name,
    save_settings,
    warn,
    write_stats,
)
from ui_dialogs import (
    refresh_variants,
    render_setup_only,
    setup_html,
    show_variant_note,
    ticked,
)
from ui_game import (
    AI_TIMES,
    ENGINE,
    boot_engine,
    call,
    import_file,
    load_save,
    lost_game,
    resume_game,
    send,
    show_saved,
    show_stats,
    skip_round,
    spawn,
    start_game,
)
from ui_games import export_game, render_games, show_games
from ui_help import ask_hint, show_past_rounds
from ui_i18n import CODES, browser_language, tr, use_language
from ui_panels import legal_types
from ui_query import ADDRESS_PROBLEMS, PARAMS, SEED_DIGITS
from ui_render import emit, fit_melds, render, rule_page
from ui_stats_panel import render_stats


# ----- input -------------------------------------------------------------------------
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
        set_name(document.getElementById("opt-name").value)
        level = document.getElementById("opt-level").value
        variant = document.getElementById("opt-variant").value
        raw = document.getElementById("opt-seed").value
        seed = (
            int(raw)
            if raw and raw.isdigit() and len(raw) <= SEED_DIGITS
            else int(window.Math.floor(window.Math.random() * 1000000))
        )
        S["house"] = ticked(variant)
        spawn(start_game(seed, level, variant))
    elif act == "skip-round":
        spawn(skip_round())
    elif act == "resume":
        spawn(resume_game())
    elif act in GAME_ACTS:
        on_games_click(act, node.getAttribute("data-id"))
    elif act == "dismiss-warning":
        warn("")
    elif act == "stats":
        show_stats(True)
    elif act == "stats-close":
        show_stats(False)
        focus = document.querySelector('[data-act="stats"]')
        if focus is not None and not S.get("setup") and el("dialog").hidden:
            focus.focus()
    elif act == "stats-reset":
        S["stats_confirm"] = True
        render_stats(load_stats())
    elif act == "stats-reset-no":
        S["stats_confirm"] = False
        render_stats(load_stats())
    elif act == "stats-reset-yes":
        S["stats_confirm"] = False
        stats = ui_stats.fresh()
        write_stats(stats)
        render_stats(stats)
    elif act == "coach":
        S["coach_on"] = not S["coach_on"]
        save_settings()
        node.setAttribute("aria-pressed", "true" if S["coach_on"] else "false")
        render()
    elif act == "log-past":
        spawn(show_past_rounds())
    elif act == "colours":
        S["four_colours"] = not S["four_colours"]
        save_settings()
        show_colours()
    elif act == "sort":
        # The hand and the action bar are redrawn: the focus stays where it was (the
        # toggle, or the card the shortcut S was pressed on).
        active = document.activeElement
        card = active.getAttribute("data-i") if active is not None and \
            active.getAttribute("data-act") == "card" else None
        S["suit_sort"] = not S["suit_sort"]
        save_settings()
        render()
        if card is not None:
            again = document.querySelector('[data-testid=hand-card][data-i="' + card + '"]')
        else:
            again = document.querySelector('[data-act="sort"]') if active is not None and \
                active.getAttribute("data-act") == "sort" else None
        if again is not None:
            again.focus()
    elif act == "zoom":
        S["zoom"] = (S["zoom"] + 1) % 3
        document.body.className = "zoom-" + str(S["zoom"])
    elif view is None:
        return
    elif act == "draw":
        if "draw" in legal_types(view):
            spawn(send({"type": "draw"}))
        elif not S["ai"]:
            message, rule = why_not("draw", view)  # the stock clicked when it cannot act
            tell(message, rule)
    elif act == "take":
        do_take()
    elif act == "pile":
        click_pile(view)
    elif act == "meld":
        do_meld()
    elif act == "meld-target":
        meld_id = node.getAttribute("data-meld-id")
        if S["sel"]:
            do_meld(meld_id)
        else:
            S["target"] = None if S.get("target") == meld_id else meld_id
            render()
    elif act == "new-meld":
        if S["sel"]:
            do_meld(new=True)
    elif act == "discard":
        do_discard()
    elif act == "clear":
        S["sel"] = []
        S["refusal"] = None
        S["confirm_take"] = None
        render()
    elif act == "pending-clear":
        back_to_hand()
    elif act == "take-yes":
        action = S["confirm_take"]
        S["confirm_take"] = None
        if action is not None and view["phase"] == "draw":
            spawn(send(take_action(view, list(action["cards"]))))
        else:
            render()
    elif act == "take-no":
        S["confirm_take"] = None
        render()
    elif act == "kitty-look":
        S["kitty_look"] = not S["kitty_look"]
        render()
        again = document.querySelector('[data-act="kitty-look"]')
        if again is not None:
            again.focus()
    elif act == "kitty-take":
        S["kitty_take"] = bool(node.checked)
        render()
        again = document.querySelector('[data-act="kitty-take"]')
        if again is not None:
            again.focus()
    elif act == "end-round":
        if "end_round" in legal_types(view):
            spawn(send({"type": "end_round"}))
        else:
            rule = cite(view, "R18")  # Railroad's R18, Pennies' PH9: on the game's page
            tell(tr("The round ends this way only when you hold nothing but 7s, none of which"
                    " may be discarded."), rule, rule_page(rule))
    elif act == "special-hand":  # U21
        if "special_hand" in legal_types(view):
            spawn(send({"type": "special_hand"}))
    elif act == "ask":
        spawn(send({"type": "ask"}))
    elif act == "answer-yes":
        spawn(send({"type": "answer", "yes": True}))
    elif act == "answer-no":
        spawn(send({"type": "answer", "yes": False}))
    elif act == "next":
        spawn(send({"type": "next_round"}))
    elif act == "hint":
        spawn(ask_hint())


GAME_ACTS = ("games", "games-close", "game-resume", "game-export", "game-delete",
             "game-delete-yes", "game-delete-no", "take-back")


def on_games_click(act, game_id):
    """The saved games panel (ui_games.py) and the other-tab panel's "Continue here"."""
    if act == "games":
        show_games(True)
    elif act == "games-close":
        show_games(False)
    elif act == "game-resume" and game_id:
        spawn(resume_game(game_id, from_list=True))
    elif act == "game-export" and game_id:
        export_game(game_id)
    elif act == "game-delete" and game_id:
        S["games_confirm"] = game_id
        render_games()
    elif act == "game-delete-yes" and game_id:
        if game_id != S.get("game_id") or S.get("elsewhere"):
            ui_saves.delete(game_id)
        S["games_confirm"] = None
        render_games()
        if S.get("setup"):
            render_setup_only()  # its count of saved games
    elif act == "game-delete-no":
        S["games_confirm"] = None
        render_games()
    elif act == "take-back" and S.get("game_id"):
        spawn(resume_game(S["game_id"]))


def on_storage(event):
    """Another tab wrote this origin's storage: has it taken the game this tab plays?"""
    game_id = S.get("game_id")
    if game_id is None or event.key != ui_saves.tab_key(game_id):
        return
    if event.newValue != ui_saves.TAB:
        lost_game("deleted" if event.newValue is None else "elsewhere")


SHORTCUTS = {
    "d": "draw",
    "t": "take",
    "m": "meld",
    "x": "discard",
    "c": "clear",
    "a": "ask",
    "h": "hint",
    "n": "next",
    "s": "sort",
}


# Arrow keys walk the table (issue 15): left and right within a row, up and down from
# the hand to your melds to the stock and the pile.
ROWS = (
    "[data-testid=hand-card]",
    ".melds-us [data-act=meld-target], .melds-us [data-act=new-meld]",
    ".center [data-act=draw], .center [data-act=pile]",
)
# ?bench=ai / ?bench=three-deck (tools/perf.py): the position sets timed in the worker.
BENCH_SETS = {"ai": "./bench/positions.json", "three-deck": "./bench/saves-three-deck.json"}
ARROWS = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (1, 0), "ArrowDown": (-1, 0)}


def row_nodes(row):
    found = document.querySelectorAll(ROWS[row])
    return [found.item(i) for i in range(found.length)]


def arrow_walk(event):
    """Move the focus with an arrow key; True when the key was used."""
    step = ARROWS.get(str(event.key))
    if step is None:
        return False
    for row in range(len(ROWS)):
        nodes = row_nodes(row)
        at = next((i for i, n in enumerate(nodes) if n.isSameNode(event.target)), None)
        if at is None:
            continue
        if step[0]:
            other = row + step[0]
            while 0 <= other < len(ROWS) and not row_nodes(other):
                other += step[0]  # a row with nothing to focus (no melds yet) is skipped
            if not 0 <= other < len(ROWS):
                return True
            nodes = row_nodes(other)
            at = 0
        else:
            at = (at + step[1]) % len(nodes)
        nodes[at].focus()
        event.preventDefault()
        return True
    return False


def show_colours():
    """The deck's colours as the settings say: two (red and black) or four."""
    four = S["four_colours"]
    document.body.setAttribute("data-colours", "4" if four else "2")
    document.querySelector('[data-act="colours"]').setAttribute(
        "aria-pressed", "true" if four else "false")


def on_key(event):
    if S["stats"] and event.key == "Escape":
        show_stats(False)
        return
    if S.get("games") and event.key == "Escape":
        show_games(False)
        return
    if S["stats"] or S.get("setup") or S.get("games") or S.get("elsewhere"):
        return  # a dialog is open: the table behind it takes no shortcuts
    tag = event.target.tagName
    if tag in ("INPUT", "SELECT", "TEXTAREA") or event.ctrlKey or event.metaKey or event.altKey:
        return
    if (event.key in ("Enter", " ") and tag != "BUTTON"
            and event.target.getAttribute("role") == "button"):
        # A meld (a target for lay-offs, or + New meld) acts on Enter and Space as a
        # button does: the keyboard can put wild cards on the meld of its choice.
        event.preventDefault()
        event.target.click()
        return
    if arrow_walk(event):
        return
    act = SHORTCUTS.get(str(event.key).lower())
    if not act:
        return
    button = document.querySelector('[data-act="' + act + '"]:not([disabled])')
    if act == "next":
        button = document.querySelector('[data-testid="next-round"]')
    if button is not None:
        button.click()
    elif act != "next" and not S["ai"]:
        message, rule = why_not(act, S["view"])
        if message:
            tell(message, rule)


def on_dragstart(event):
    if event.target.closest('[data-act="pile"]') is not None:
        # The pile dragged onto a meld: its top card goes there (S3: onto a sequence).
        S["dragging"] = "pile"
        event.dataTransfer.setData("text/plain", "pile")
        return
    node = event.target.closest('[data-act="card"]')
    if node is None:
        return
    S["dragging"] = "cards"
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
    pile = S.get("dragging") == "pile"
    S["dragging"] = None
    if pile:
        if kind in ("meld", "new"):
            take_onto(zone.getAttribute("data-meld-id"), kind == "new")
        return
    if kind == "meld":
        do_meld(zone.getAttribute("data-meld-id"))
    elif kind == "new":
        do_meld(new=True)
    elif kind == "pile" and S["view"] is not None:
        click_pile(S["view"])


def set_name(raw):
    name = clean_name(raw)
    if name != S["name"]:
        S["name"] = name
        save_settings()
    field = document.getElementById("opt-name")
    if field is not None:
        field.value = my_name()


def on_change(event):
    if event.target.id == "opt-name":
        set_name(event.target.value)
    elif event.target.id == "opt-variant":
        show_variant_note()
    elif event.target.id == "import-file":
        spawn(import_file(event.target))
    elif event.target.id == "opt-lang":
        spawn(change_language(event.target.value))


async def change_language(code):
    """The set-up dialog's language: remembered, and the whole page said in it."""
    if code not in CODES:
        return
    S["lang"] = code
    save_settings()
    await use_language(code)
    dialog = el("dialog")
    if S.get("setup") and not dialog.hidden:
        name = el("opt-name").value if el("opt-name") is not None else None
        dialog.innerHTML = setup_html()  # (what was typed in the name field is kept)
        if name is not None:
            el("opt-name").value = name
        el("opt-lang").focus()
    render()


document.addEventListener("click", create_proxy(on_click))
document.addEventListener("change", create_proxy(on_change))
document.addEventListener("keydown", create_proxy(on_key))
document.addEventListener("dragstart", create_proxy(on_dragstart))
document.addEventListener("dragover", create_proxy(on_dragover))
document.addEventListener("drop", create_proxy(on_drop))
# (through document.defaultView: a method called on the `window` module loses its `this`)
document.defaultView.addEventListener("storage", create_proxy(on_storage))
# A new size of the window may give the melds more room, or less (ui_render.fit_melds).
document.defaultView.addEventListener("resize", create_proxy(lambda event: fit_melds()))


# ----- start ---------------------------------------------------------------------------
def boot_game(seed):
    """The saved game this address resumes, or None: with ?seed=N the unfinished game of
    that deal (none with &new=1); without, this tab's or the last one played (not one of
    another game than ?variant= asks for). A set-up position always starts afresh."""
    if "position" in PARAMS:
        return None
    if seed is not None:
        if PARAMS.get("new") == "1" or not seed.isdigit():
            return None
        return ui_saves.find_deal(int(seed), S["variant"])
    return ui_saves.last_id()


async def load_variants():
    """The games the engine offers, for the set-up dialog (canasta.VARIANTS)."""
    try:
        S["variants"] = await call("variants", optional=True)
        offered = {}
        for v in S["variants"]:
            offered[v["name"]] = await call("house_rules", v["name"], optional=True)
        S["house_rules"] = offered
    except Exception:  # an older worker from a cache: the dialog keeps its fallback list
        return
    asked = PARAMS.get("variant")
    if asked is not None and all(v["name"] != asked for v in S["variants"]):
        # ?variant= names no game of this engine: say so and offer the default.
        warn(tr("Unknown game “{value}” in the address: Classic Canasta is offered instead.",
                value=asked[:24]))
        PARAMS.pop("variant")
        S["variant"] = "classic"
    refresh_variants()


async def main():
    load_settings()
    # The language: the address's, else the one chosen before, else the browser's.
    await use_language(PARAMS.get("lang") or S["lang"] or browser_language())
    load_stats()  # an unreadable entry is reported (and kept aside) at once
    for problem in ADDRESS_PROBLEMS:  # a crafted or mistyped address (ui_query.check_params)
        warn(tr(problem[0], **problem[1]))
    el("me-name").innerText = my_name()
    document.querySelector('[data-act="coach"]').setAttribute(
        "aria-pressed", "true" if S["coach_on"] else "false")
    show_colours()
    seed = PARAMS.get("seed")
    if "level" in PARAMS:
        S["level"] = PARAMS["level"]
    if "variant" in PARAMS:
        S["variant"] = PARAMS["variant"]
    if PARAMS.get("bench") in BENCH_SETS:
        # tools/perf.py: time the strong AI inside the worker on a bench position set.
        S["eng"] = await workers["engine"]
        response = await window.fetch(BENCH_SETS[PARAMS["bench"]])
        text = await response.text()
        document.body.setAttribute("data-bench", str(await S["eng"].bench_ai(text)))
        return
    if STORE_PROBLEM:
        warn(tr(STORE_PROBLEM[0], **STORE_PROBLEM[1]))
    # A saved game is checked (ui_save_check) and drawn at once, before the engine is
    # ready; one that fails is set aside here and a new game offered.
    game_id = boot_game(seed)
    loaded = load_save(game_id) if game_id else None
    if (loaded is not None and seed is None and "variant" in PARAMS
            and loaded[1]["view"].get("variant") != PARAMS["variant"]):
        loaded = None  # the set-up dialog offers that variant (and the saved game)
    if loaded is not None and not show_saved(game_id, loaded[1]):
        loaded = None
    if loaded is None and not S.get("setup"):
        el("banner").innerText = tr("Loading the engine…")
    S["eng"] = await boot_engine()  # with a deadline, and a second try (ui_game.py)
    if S["eng"] is None:
        return
    S["ready"] = True
    window.performance.mark("engine-ready")
    window.canastaAiTimes = create_proxy(lambda: json.dumps(AI_TIMES))
    document.body.setAttribute("data-boot", json.dumps(ENGINE["boot"]))
    await load_variants()  # before "ready": a dialog opened from then on lists the engine's games
    document.body.setAttribute("data-engine", "ready")
    emit("ready", {"variants": [v["name"] for v in S["variants"] or []]})
    position = PARAMS.get("position")
    if position is not None:
        try:
            data = json.loads(position)  # decoded, size and depth checked (ui_base)
        except Exception:  # reported to the player below
            data = None
            warn(tr("The position in the address could not be read."))
        if data is not None:
            await start_game(int(seed) if seed and seed.isdigit() else 0, S["level"], "", data)
            return
    if loaded is not None:
        await resume_game(game_id, loaded)
    elif seed is not None and not S.get("setup"):
        await start_game(int(seed) if seed.isdigit() else 0, S["level"], S["variant"])
    else:
        S["setup"] = True
        render_setup_only()
