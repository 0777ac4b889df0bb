# The game's course on the page's main thread (MicroPython): calls to the engine
# worker, the AI's turns, hints, starting and resuming a game, and the statistics
# kept when a round ends. table_ui.py and ui_actions.py call into it.
import asyncio
import json

import ui_stats
from pyscript import window
from ui_base import (
    AI_DELAY,
    CURRENT,
    ME,
    PARAMS,
    PREVIOUS,
    S,
    el,
    keep_aside,
    load_stats,
    my_turn,
    save,
    seat_names,
    store_get,
    store_set,
    warn,
    write_stats,
)
from ui_dialogs import render_setup_only
from ui_render import render
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
    S["rules_href"] = reply.get("rules_href") or S["rules_href"]
    S["refusal"] = error
    if not error:
        S["sel"] = []
    last = reply.get("last")
    if last:
        S["log"].append(seat_names(S["view"])[last["seat"]] + " " + last["text"])
    if S["view"]["phase"] in ("round_over", "game_over"):
        S["target"] = None  # meld ids start again at 1 each round
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


async def skip_round():
    """P2: play the round the human sits out to its end at once."""
    thinking(True)
    try:
        take_reply(await call("finish_round"))
    finally:
        thinking(False)


async def run_ai():
    if S["ai"]:
        return
    S["ai"] = True
    try:
        while True:
            view = S["view"]
            if view is None or view["phase"] in ("round_over", "game_over") or my_turn(view):
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
    if S["ai"] or S["view"] is None or not my_turn(S["view"]):
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
    # The meld the advice names (by id, or by rank in the engine's listed form) is
    # chosen, so that Meld and Take pile name it with "onto".
    team = S["view"]["melds"][ME % S["view"]["teams"]]
    onto = action.get("onto")
    if onto is not None:
        named = [m for m in team if m.get("id") == onto]
    else:
        named = [m for m in team if action.get("rank") and m["rank"] == action["rank"]]
    S["target"] = str(named[0]["id"]) if named else None
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
    S["target"] = None
    el("banner").innerText = "Dealing…"
    options = {"seed": seed, "level": level, "variant": variant, "house": S["house"]}
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
    if "variant" not in PARAMS:
        S["variant"] = S["view"].get("variant") or S["variant"]  # the dialog's default game
    window.performance.mark("resumed")
    await run_ai()


TASKS = set()
AI_TIMES = []  # milliseconds per AI step, read by tools/perf.py


def spawn(coro):
    """Run a coroutine from an event handler, keeping a reference until it ends."""
    for task in list(TASKS):
        if task.done():
            TASKS.discard(task)
    TASKS.add(asyncio.create_task(coro))
