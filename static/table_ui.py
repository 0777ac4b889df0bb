# The card table on the page's main thread (MicroPython). It only draws the
# view the engine worker sends and turns clicks and keys into action JSON; it
# never decides what is legal. Saves go to localStorage. tools/build.py
# compiles these modules to bytecode (.mpy) so the page does not compile them at boot.
import asyncio
import json

import ui_stats
from pyscript import document, window, workers
from pyscript.ffi import create_proxy
from ui_base import (
    AI_DELAY,
    CURRENT,
    ME,
    PARAMS,
    PREVIOUS,
    RANK_NAMES,
    S,
    card_name,
    clean_name,
    el,
    is_wild,
    keep_aside,
    load_settings,
    load_stats,
    save,
    save_settings,
    seat_names,
    store_get,
    store_set,
    warn,
    write_stats,
)
from ui_render import legal_types, render, render_setup_only, staged_cards
from ui_stats_panel import render_stats


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
    S["hint"] = None
    S["coach"] = reply.get("coach", "")
    S["refusal"] = error
    if not error:
        S["sel"] = []
    last = reply.get("last")
    if last:
        S["log"].append(seat_names(S["view"])[last["seat"]] + " " + last["text"])
    if reply.get("save"):
        save(reply["save"])
        if S["view"]["phase"] in ("round_over", "game_over"):
            count_round(S["view"], reply["save"])
    render()
    return reply


# ----- statistics (bookkeeping on the main thread; the engine stays in the worker) ----
def count_round(view, reply_save):
    """Count a finished round or game once, even when a reload shows its score sheet again."""
    engine_save = reply_save.get("engine") or {}
    # Games set up from a position (engine_save["start"]) are not counted.
    seed = engine_save.get("seed") if engine_save.get("start") is None else None
    stats = load_stats()
    if ui_stats.record_view(stats, view, seed):
        write_stats(stats)
        if S["stats"]:
            render_stats(stats)


def show_stats(on):
    S["stats"] = on
    S["stats_confirm"] = False
    render_stats(load_stats() if on else None)


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


HOW = {
    "draw": "Press Draw.",
    "take_pile": "The cards are selected: press Take pile or click the pile.",
    "meld": "The cards are selected: press Meld.",
    "discard": "The card is selected: press Discard.",
    "ask": "Press “May I go out?”.",
}


async def ask_hint():
    """Ask the worker what the strong player would do here, and stage its cards."""
    if S["ai"] or S["view"] is None or S["view"]["to_act"] != ME:
        return
    thinking(True)
    try:
        reply = await call("hint")
    finally:
        thinking(False)
    hint = reply.get("hint")
    if not hint:
        return
    action = hint["action"]
    cards = list(action.get("cards", []))
    if "card" in action:
        cards.append(action["card"])
    hand = S["view"]["hand"]
    sel = []
    for card in cards:
        for i, held in enumerate(hand):
            if held == card and i not in sel:
                sel.append(i)
                break
    S["sel"] = sel
    if action.get("rank"):
        S["target"] = action["rank"]
    how = HOW.get(action["type"], "")
    if action["type"] == "take_pile" and not cards:
        how = "Press Take pile."
    S["hint"] = hint["text"] + (" " + how if how else "")
    S["refusal"] = None
    render()


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
    if position is None:
        stats = load_stats()
        ui_stats.record_start(stats, seed, reply["view"]["variant"], level)
        write_stats(stats)
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


def tell(message, rule=None):
    """A sentence for the player in the refusal line (with a rule link when given)."""
    S["refusal"] = {"rule": rule, "message": message}
    S["hint"] = None
    render()


def take_without_wilds(takes):
    """The take to play when nothing is staged: the pile through its top card alone
    (laid off on a meld of the team), else with two natural cards; never a wild card."""
    for action in takes:
        if not action["cards"]:
            return action
    for action in takes:
        if len(action["cards"]) == 2 and not any(is_wild(c) for c in action["cards"]):
            return action
    return None


def do_take():
    view = S["view"]
    cards = selected_cards()
    if cards:
        spawn(send({"type": "take_pile", "cards": cards}))
        return
    takes = [a for a in view["legal"] if a["type"] == "take_pile"]
    if not takes:
        # Not takeable: the engine answers with its sentence and the rule.
        spawn(send({"type": "take_pile", "cards": []}))
        return
    action = take_without_wilds(takes)
    if action is not None:
        spawn(send(action))
        return
    top = view["pile"]["top"]
    tell("Select the cards that go with the " + card_name(top) + " on top of the pile"
         " (a natural " + RANK_NAMES[top[0]].lower() + " and a wild card), then press"
         " Take pile: a wild card is only spent when you select it.", "C11")


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
    elif not cards:
        tell("To discard, select one card of your hand, then click the pile.")
    else:
        tell("Only one card can be discarded: select just one, then click the pile.")


def click_pile(view):
    """The pile takes in the draw phase and discards in the play phase; it always answers."""
    if view["to_act"] != ME or view["phase"] not in ("draw", "play"):
        tell("Wait for your turn to take the pile or to discard on it.")
    elif view["phase"] == "draw":
        do_take()
    else:
        do_discard()


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
        set_name(document.getElementById("opt-name").value)
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
        S["level"] = data.get("level", "normal")
        return view
    except Exception:
        return None


async def main():
    load_settings()
    load_stats()  # an unreadable entry is reported (and kept aside) at once
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
