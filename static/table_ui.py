# The card table on the page's main thread (MicroPython). It only draws the
# view the engine worker sends and turns clicks and keys into action JSON; it
# never decides what is legal. Saves go to localStorage. tools/build.py
# compiles these modules to bytecode (.mpy) so the page does not compile them at boot.
#
# This module turns clicks, keys and drags into calls of ui_actions.py and
# ui_game.py, and boots the table (main).
import json

import ui_stats
from pyscript import document, window, workers
from pyscript.ffi import create_proxy
from ui_actions import click_pile, do_discard, do_meld, do_take, toggle
from ui_base import (
    ADDRESS_PROBLEMS,
    CURRENT,
    PARAMS,
    SEED_DIGITS,
    S,
    clean_name,
    el,
    known_level,
    load_settings,
    load_stats,
    save_settings,
    store_get,
    warn,
    write_stats,
)
from ui_dialogs import refresh_variants, render_setup_only, show_variant_note
from ui_game import (
    AI_TIMES,
    ENGINE,
    ask_hint,
    boot_engine,
    call,
    resume_game,
    send,
    show_stats,
    skip_round,
    spawn,
    start_game,
)
from ui_render import legal_types, render
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
        S["house"] = [h["id"] for h in S["house_rules"] or []
                      if document.getElementById("house-" + h["id"]).checked]
        spawn(start_game(seed, level, variant))
    elif act == "skip-round":
        spawn(skip_round())
    elif act == "resume":
        spawn(resume_game())
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
        click_pile(view)
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
    elif act == "hint":
        spawn(ask_hint())


SHORTCUTS = {
    "d": "draw",
    "t": "take",
    "m": "meld",
    "x": "discard",
    "c": "clear",
    "a": "ask",
    "h": "hint",
    "n": "next",
}


def on_key(event):
    if S["stats"] and event.key == "Escape":
        show_stats(False)
        return
    if S["stats"] or S.get("setup"):
        return  # a dialog is open: the table behind it takes no shortcuts
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
    elif kind == "pile" and S["view"] is not None:
        click_pile(S["view"])


def set_name(raw):
    name = clean_name(raw)
    if name != S["name"]:
        S["name"] = name
        save_settings()
    field = document.getElementById("opt-name")
    if field is not None:
        field.value = name


def on_change(event):
    if event.target.id == "opt-name":
        set_name(event.target.value)
    elif event.target.id == "opt-variant":
        show_variant_note()


document.addEventListener("click", create_proxy(on_click))
document.addEventListener("change", create_proxy(on_change))
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
        S["level"] = known_level(data.get("level"))
        return view
    except Exception:
        return None


async def load_variants():
    """The games the engine offers, for the set-up dialog (canasta.VARIANTS)."""
    try:
        S["variants"] = await call("variants", optional=True)
        S["house_rules"] = await call("house_rules", optional=True)
    except Exception:  # an older worker from a cache: the dialog keeps its fallback list
        return
    asked = PARAMS.get("variant")
    if asked is not None and all(v["name"] != asked for v in S["variants"]):
        # ?variant= names no game of this engine: say so and offer the default.
        warn("Unknown game “" + asked[:24] + "” in the address: Classic Canasta is offered"
             " instead.")
        PARAMS.pop("variant")
        S["variant"] = "classic"
    refresh_variants()


async def main():
    load_settings()
    load_stats()  # an unreadable entry is reported (and kept aside) at once
    for problem in ADDRESS_PROBLEMS:  # a crafted or mistyped address (ui_base.check_params)
        warn(problem)
    el("me-name").innerText = S["name"]
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
    # ?variant= without a deal number: a saved game of another variant is not
    # resumed; the set-up dialog offers that variant (and the saved game).
    other_variant = (
        saved_view is not None and "variant" in PARAMS
        and saved_view.get("variant") != PARAMS["variant"]
    )
    if other_variant:
        saved_view = None
    if saved_view is not None:
        S["view"] = saved_view
        S["coach"] = "Loading the engine…"
        render()
    el("banner").innerText = "Loading the engine…" if saved_view is None else el("banner").innerText
    S["eng"] = await boot_engine()  # with a deadline, and a second try (ui_game.py)
    if S["eng"] is None:
        return
    S["ready"] = True
    window.performance.mark("engine-ready")
    window.canastaAiTimes = create_proxy(lambda: json.dumps(AI_TIMES))
    document.body.setAttribute("data-boot", json.dumps(ENGINE["boot"]))
    await load_variants()  # before "ready": a dialog opened from then on lists the engine's games
    document.body.setAttribute("data-engine", "ready")
    position = PARAMS.get("position")
    if position is not None:
        try:
            data = json.loads(position)  # decoded, size and depth checked (ui_base)
        except Exception:  # reported to the player below
            data = None
            warn("The position in the address could not be read.")
        if data is not None:
            await start_game(int(seed) if seed and seed.isdigit() else 0, S["level"], "", data)
            return
    if seed is not None:
        await start_game(int(seed) if seed.isdigit() else 0, S["level"], S["variant"])
    elif store_get(CURRENT) and not (other_variant and "variant" in PARAMS):
        await resume_game()
    else:
        S["setup"] = True
        render_setup_only()
