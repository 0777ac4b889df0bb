# The game's course on the page's main thread (MicroPython): calls to the engine
# worker (each with a deadline; a failed worker is replaced), the AI's turns, hints,
# starting and resuming a game, and the statistics kept when a round ends.
# table_ui.py and ui_actions.py call into it.
import asyncio
import json

import ui_stats
from pyscript import document, window, workers
from ui_base import (
    AI_DELAY,
    CURRENT,
    PARAMS,
    PREVIOUS,
    S,
    el,
    keep_aside,
    known_level,
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
# Every call has a deadline. A worker that fails a call or exceeds its deadline is
# stopped and a new one started (a new <script type="py" worker> of its own name);
# it resumes the game from its last save and the player is told (issue 16).
DEADLINES = {"ai_step": 30, "hint": 30, "finish_round": 300, "new_game": 20, "resume": 30}
DEADLINE = 10  # seconds for every other call: a move, the game lists, ping
BOOT_DEADLINE = 120  # seconds for a worker to start (Pyodide, then the engine)
MAX_FAILURES = 2  # failures in a row on one game before it is set aside
GAME_CALLS = ("act", "ai_step", "finish_round", "new_game")  # calls that move a game on
ENGINE = {"name": "engine", "count": 0, "failures": 0, "generation": 0}


class EngineFailed(Exception):
    """A call did not complete: the worker was replaced and the game resumed."""


def thinking(on):
    el("thinking").hidden = not on


async def engine():
    while S["eng"] is None:
        await asyncio.sleep(0.05)
    return S["eng"]


def why_failed(err, seconds):
    text = str(err)
    if "canasta-deadline" in text:
        return "did not answer within " + str(seconds) + " seconds"
    return "failed (" + text.split("\n")[0][:120] + ")"


async def _ask(eng, name, arg=None):
    """One call with its deadline: the parsed JSON answer, or an exception."""
    seconds = DEADLINES.get(name, DEADLINE)
    fn = getattr(eng, name)
    promise = fn(arg) if arg is not None else fn()
    text = await window.canastaDeadline(promise, seconds * 1000)
    return json.loads(str(text))


async def call(name, arg=None, optional=False):
    """Ask the worker; if it fails or is too slow, replace it, resume the game from its
    last save and raise EngineFailed (an `optional` call just raises)."""
    eng = await engine()
    generation = ENGINE["generation"]
    try:
        reply = await _ask(eng, name, arg)
    except Exception as err:
        if optional:
            raise
        if ENGINE["generation"] == generation:  # not already being replaced
            await recover(name, why_failed(err, DEADLINES.get(name, DEADLINE)))
        else:
            await engine()
        raise EngineFailed(name) from None
    if name in GAME_CALLS:
        ENGINE["failures"] = 0
    return reply


def stop_worker():
    """Stop the current worker thread, whatever it is doing, and remove its script."""
    S["eng"] = None
    ENGINE["generation"] += 1
    node = document.querySelector('script[name="' + ENGINE["name"] + '"]')
    if node is None:
        return
    worker = getattr(node, "xworker", None)  # none when it never started
    if worker is not None:
        worker.terminate()
    node.remove()


async def start_worker():
    """A new engine worker, as index.html starts the first one; its exports once ready."""
    ENGINE["count"] += 1
    name = "engine-" + str(ENGINE["count"])
    ENGINE["name"] = name
    window.canastaWorkerComing()  # the service worker serves it the page's release
    node = document.createElement("script")
    node.type = "py"
    node.setAttribute("worker", "")
    node.setAttribute("name", name)
    node.setAttribute("config", "./pyscript.toml")
    node.src = "./static/worker.py"
    document.body.append(node)
    return await window.canastaDeadline(workers[name], BOOT_DEADLINE * 1000)


async def boot_engine():
    """The worker of index.html; if it fails to start, or in time, one more is started.
    None (with a message) when neither starts."""
    why = ""
    for attempt in range(2):
        try:
            if attempt == 0:
                eng = await window.canastaDeadline(workers["engine"], BOOT_DEADLINE * 1000)
            else:
                eng = await start_worker()
            ENGINE["boot"] = await _ask(eng, "ping")
            return eng
        except Exception as err:
            why = why_failed(err, BOOT_DEADLINE)
            stop_worker()
    el("banner").innerText = "The engine could not start"
    warn("The engine could not start: it " + why + ". Check the connection and reload the "
         "page; your saved game is kept.")
    return None


async def recover(name, why):
    """Replace the failed worker and resume the game from its last save; after
    MAX_FAILURES in a row the game is set aside (kept, not deleted) and a new one offered."""
    thinking(False)
    while True:
        ENGINE["failures"] += 1
        stop_worker()
        giving_up = ENGINE["failures"] >= MAX_FAILURES
        seconds = BOOT_DEADLINE
        try:
            eng = await start_worker()
            seconds = DEADLINES["resume"]
            text = store_get(CURRENT)
            if giving_up or name == "new_game" or not text:
                if giving_up and text:
                    keep_aside(text, "the engine " + why + " twice in a row on it")
                elif name == "new_game":
                    warn("The engine " + why + " while dealing: it was restarted. Deal again.")
                S["eng"] = eng
                ENGINE["failures"] = 0
                S["view"] = None
                S["setup"] = True
                render_setup_only()
                return
            reply = await _ask(eng, "resume", text)
        except Exception as err:
            why = why_failed(err, seconds)
            name = "resume"
            if giving_up:
                stop_worker()
                el("banner").innerText = "The engine could not start"
                warn("The engine could not be restarted: it " + why + ". Reload the page; "
                     "your saved game is kept.")
                return
            continue
        S["eng"] = eng
        if reply.get("error"):
            keep_aside(text, reply["error"]["message"])
            S["view"] = None
            S["setup"] = True
            render_setup_only()
            return
        again = " Your last move was not played: play it again." if name == "act" else ""
        warn("The engine " + why + ", so it was restarted from your last save." + again
             + " The game goes on.")
        take_reply(reply)
        return


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


async def send(action):
    if S["ai"]:
        return
    try:
        reply = await call("act", json.dumps(action))
    except EngineFailed:
        return  # restarted from the last save, and the player told
    take_reply(reply)
    await run_ai()


async def skip_round():
    """P2: play the round the human sits out to its end at once."""
    thinking(True)
    try:
        take_reply(await call("finish_round"))
    except EngineFailed:
        pass  # restarted from the last save, and the player told
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
            try:
                reply = await call("ai_step")
            except EngineFailed:
                if S["eng"] is None or S.get("setup"):
                    break  # the engine could not go on with this game
                continue  # resumed from the last save: the computer plays that turn again
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
    except EngineFailed:
        return
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
    level = known_level(level)
    S["level"] = level
    S["variant"] = variant
    S["setup"] = False
    S["log"] = []
    S["sel"] = []
    el("banner").innerText = "Dealing…"
    options = {"seed": seed, "level": level, "variant": variant, "house": S["house"]}
    if position is not None:
        options["position"] = position
    try:
        reply = await call("new_game", json.dumps(options))
    except EngineFailed:
        return
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
    try:
        reply = await call("resume", text)
    except EngineFailed:  # recover() resumed it (or set it aside)
        if S["view"] is not None and not S.get("setup"):
            await run_ai()
        return
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
