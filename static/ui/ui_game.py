# The game's course on the page's main thread (MicroPython): calls to the engine
# worker (each with a deadline; a failed worker is replaced), the AI's turns,
# starting and resuming a game, and the statistics kept when a round ends.
# table_ui.py and ui_actions.py call into it.
import asyncio
import json

import ui_saves
import ui_stats
from pyscript import document, window, workers
from ui_base import (
    AI_DELAY,
    ME,
    S,
    el,
    load_stats,
    my_turn,
    storage_full,
    warn,
    write_stats,
)
from ui_dialogs import render_setup_only
from ui_games import describe, problem_text, render_games, say, show_games
from ui_i18n import said, tr
from ui_panels import keep_picks
from ui_query import PARAMS, known_level
from ui_render import clear_table, render
from ui_save_check import MAX_TEXT, parse
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
        return tr("did not answer within {n, plural, one {# second} other {# seconds}}",
                  n=seconds)
    return tr("failed ({error})", error=text.split("\n")[0][:120])


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
    el("banner").innerText = tr("The engine could not start")
    warn(tr("The engine could not start: it {why}. Check the connection and reload the "
            "page; your saved game is kept.", why=why))
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
            game_id = S["game_id"]
            text = ui_saves.read(game_id)[0] if game_id else None
            if giving_up or name == "new_game" or not text:
                if giving_up and text:
                    put_aside(game_id, text, tr("the engine {why} twice in a row on it", why=why))
                elif name == "new_game":
                    warn(tr("The engine {why} while dealing: it was restarted. Deal again.",
                            why=why))
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
                el("banner").innerText = tr("The engine could not start")
                warn(tr("The engine could not be restarted: it {why}. Reload the page; "
                        "your saved game is kept.", why=why))
                return
            continue
        S["eng"] = eng
        if reply.get("error"):
            put_aside(game_id, text, refusal_text(reply))
            return
        if name == "act":
            warn(tr("The engine {why}, so it was restarted from your last save. Your last "
                    "move was not played: play it again. The game goes on.", why=why))
        else:
            warn(tr("The engine {why}, so it was restarted from your last save. The game "
                    "goes on.", why=why))
        take_reply(reply)
        return


def take_reply(reply):
    error = reply.get("error")
    if "view" not in reply:
        return reply
    before = S["view"]
    S["view"] = reply["view"]
    S["hint"] = None
    # (kept as the worker's sentence: said in the language chosen when it is drawn)
    S["coach"] = reply.get("coach_said") or reply.get("coach", "")
    S["rules_href"] = reply.get("rules_href") or S["rules_href"]
    S["refusal"] = error
    S["confirm_take"] = None
    if not error:
        keep_picks(before, S["view"])
        S["assessed"] = None
    history = reply.get("history")
    if isinstance(history, dict) and isinstance(history.get("lines"), list):
        # The round's history from the worker: afresh ("from" 0) or the lines to add.
        # (A gap, after a lost reply, mends at the next afresh one: a resume.)
        start = history.get("from")
        if start == 0:
            S["log"] = list(history["lines"])
        elif start == len(S["log"]):
            S["log"].extend(history["lines"])
            # The other players' moves, for the screen reader's live region (issue 15).
            S["announce"] = [ln for ln in history["lines"]
                             if isinstance(ln, dict) and ln.get("seat") != ME]
            # ... and seen: each flies from its seat (ui_render.fly_moves)
            S["flights"] = [ln for ln in S["announce"] if ln.get("move")]
    if S["view"]["phase"] in ("round_over", "game_over"):
        S["target"] = None  # meld ids start again at 1 each round
    facts = reply.get("save_facts")
    if reply.get("save_text") and isinstance(facts, dict):
        stored = ui_saves.write(reply["save_text"], facts, S["view"])
        if stored == "full":
            storage_full("game")
        if stored in ("ok", "full") and S["view"]["phase"] in ("round_over", "game_over"):
            count_round(S["view"], facts)
    render()
    return reply


# ----- statistics (bookkeeping on the main thread; the engine stays in the worker) ----
def count_round(view, facts):
    """Count a finished round or game once, even when a reload shows its score sheet
    again (`facts`: the worker's save_facts)."""
    # Games set up from a position are not counted.
    seed = None if facts.get("position") else facts.get("seed")
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
    if S["ai"] or S.get("elsewhere"):
        return
    try:
        reply = await call("act", json.dumps(action))
    except EngineFailed:
        return  # restarted from the last save, and the player told
    take_reply(reply)
    await run_ai()


async def skip_round():
    """P2: play the round the human sits out to its end at once."""
    if S.get("elsewhere"):
        return
    thinking(True)
    try:
        take_reply(await call("finish_round"))
    except EngineFailed:
        pass  # restarted from the last save, and the player told
    finally:
        thinking(False)


async def run_ai():
    if S["ai"] or S["halt"] or S.get("elsewhere"):
        return
    S["ai"] = True
    try:
        while True:
            view = S["view"]
            if view is None or view["phase"] in ("round_over", "game_over") or my_turn(view):
                break
            if S["halt"] or S.get("elsewhere"):
                break  # another game is being loaded, or another tab plays this one
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


async def quiet():
    """Let the computer players' move under way end before another game is loaded
    (the caller has raised S["halt"], so no further move starts)."""
    while S["ai"]:
        await asyncio.sleep(0.05)


def offer_new_game():
    S["view"] = None
    S["setup"] = True
    render_setup_only()


async def start_game(seed, level, variant, position=None):
    """Deal a new game: it gets its own id, so no saved game is touched."""
    S["halt"] += 1
    try:
        await quiet()
        level = known_level(level)
        S["level"] = level
        S["variant"] = variant
        S["setup"] = False
        S["log"] = []
        S["sel"] = []
        S["target"] = None
        el("banner").innerText = tr("Dealing…")
        options = {"seed": seed, "level": level, "variant": variant, "house": S["house"]}
        if position is not None:
            options["position"] = position
        try:
            reply = await call("new_game", json.dumps(options))
        except EngineFailed:  # recover() restarted the engine and offered the dialog
            return
        if reply.get("error") and "view" not in reply:
            warn(said(reply["error"]))
            S["setup"] = True
            render_setup_only()
            return
        game_id = ui_saves.new_id()
        ui_saves.open_game(game_id)
        if position is None:
            stats = load_stats()
            ui_stats.record_start(stats, seed, reply["view"]["variant"], level)
            write_stats(stats)
        take_reply(reply)
        ui_saves.prune(game_id)
    finally:
        S["halt"] -= 1
    await run_ai()


def load_save(game_id, from_list=False):
    """(text, save, set aside?) of a stored game the table may draw, or None: a save
    that fails the page's checks is set aside (and reported) here."""
    text, aside = ui_saves.read(game_id)
    if not text:
        return None
    save, problem = parse(text)
    if problem:
        put_aside(game_id, text, problem, from_list)
        return None
    return text, save, aside


def show_saved(game_id, save):
    """Draw a checked save's table at once, before the engine is ready; False (and the
    save set aside) if even that fails."""
    S["view"] = save["view"]
    S["level"] = save["level"]
    S["coach"] = {"text": "Loading the engine…", "key": "Loading the engine…", "params": {}}
    try:
        render()
    except Exception as err:  # a view the checks let through but the table cannot draw
        put_aside(game_id, ui_saves.read(game_id)[0],
                  tr("the table could not draw it ({error})", error=short(err)))
        return False
    return True


def short(err):
    text = str(err) or type(err).__name__
    return text if len(text) <= 200 else text[:200] + "…"


PREFIX = "The saved game cannot be loaded: "


def refusal_text(reply):
    error = reply.get("error") or {}
    message = str(error.get("message") or "")
    if not message:
        return tr("the engine did not show it")
    if message.startswith(PREFIX):  # the engine's English sentence, without its opening
        params = error.get("params")
        why = params.get("why") if isinstance(params, dict) else None
        if isinstance(why, dict):
            return said(why)
        return message[len(PREFIX):]
    return said(error)


async def engine_resume(text):
    """The worker's reply to a save, or {"error"} (also when the call itself fails)."""
    try:
        reply = await call("resume", text)
    except EngineFailed:  # the worker was replaced: recover() resumed the last save
        return {"recovered": True}
    except Exception as err:  # the worker failed on it: a refusal like any other
        return {"error": {"message": tr("the engine failed on it ({error})", error=short(err))}}
    if "view" not in reply and not reply.get("error"):
        return {"error": {"message": tr("the engine did not show it")}}
    return reply


def put_aside(game_id, text, why, from_list=False):
    """A save failed to load: set it aside (kept) and say so. At boot (or when the game
    on the table was the one failing) a new game is offered; chosen from the games list,
    the game on the table plays on and the list says it."""
    meta = ui_saves.read_meta(game_id)
    ui_saves.set_aside(game_id, text, why)  # (a phrase of parse's kept in English)
    why = problem_text(why)
    if from_list:
        say(tr("Your saved game ({game}) could not be loaded: {why}. It was set aside (kept, "
               "not deleted).", game=describe(meta), why=why))
        return
    if S["view"] is not None:
        clear_table()
    warn(tr("Your saved game ({game}) could not be loaded: {why}. It was set aside (kept, "
            "not deleted): you find it under “Saved games” in the New game dialog. Start a "
            "new game to play on.", game=describe(meta), why=why))
    offer_new_game()


async def resume_game(game_id=None, loaded=None, from_list=False):
    """Resume a saved game (this tab's or the last one played by default); a save the
    page or the engine refuses is set aside and reported. True if resumed."""
    if loaded is None:
        game_id = game_id or ui_saves.last_id()
        loaded = load_save(game_id, from_list) if game_id else None
        if loaded is None:
            if not from_list and S["view"] is None:
                offer_new_game()
            return False
    text, save, aside = loaded
    resumed = False
    S["halt"] += 1
    try:
        await quiet()
        reply = await engine_resume(text)
        if reply.get("recovered"):
            resumed = S["view"] is not None and not S["setup"]
        elif reply.get("error"):
            put_aside(game_id, text, refusal_text(reply), from_list)
        else:
            resumed = take_resumed(game_id, text, save, aside, reply, from_list)
    finally:
        S["halt"] -= 1
    if resumed:
        window.performance.mark("resumed")
    await run_ai()  # the resumed game's, or (a list choice failed) the one on the table
    return resumed


def take_resumed(game_id, text, save, aside, reply, from_list):
    ui_saves.open_game(game_id)
    S["from_aside"] = game_id if aside else None
    S["setup"] = False
    S["log"] = []
    S["sel"] = []
    S["target"] = None
    S["level"] = save["level"]
    if from_list:
        show_games(False)
    try:
        take_reply(reply)
    except Exception as err:  # the engine's own table failed to draw
        put_aside(game_id, text, tr("the table could not draw it ({error})", error=short(err)))
        return False
    if "variant" not in PARAMS:
        S["variant"] = S["view"].get("variant") or S["variant"]  # the dialog's default
    return True


async def import_file(node):
    """A game from a file: checked like any save, then replayed by the engine; it gets
    an id of its own. A file either fails with a sentence (nothing changes) or loads."""
    files = node.files
    if files is None or not files.length:
        return
    file = files.item(0)
    name = "“" + str(file.name)[:60] + "”"
    if file.size > MAX_TEXT:
        node.value = ""  # the same file may be chosen again
        say(tr("{name} is too large to be a saved game ({size} kB). Nothing was changed.",
               name=name, size=int(file.size) // 1000))
        return
    text = str(await file.text())
    node.value = ""
    save, problem = parse(text, need_view=False)
    if problem is None and S.get("elsewhere"):
        problem = tr("this tab has stopped playing: choose “Continue here” or a new game first")
    if problem:
        say(tr("{name} is not a game this page can load: {problem}. Nothing was changed.",
               name=name, problem=problem_text(problem)))
        return
    save.pop("id", None)
    S["halt"] += 1
    try:
        await quiet()
        reply = await engine_resume(json.dumps(save))
        if reply.get("error"):
            say(tr("{name} cannot be played: {why}. Nothing was changed.", name=name,
                   why=refusal_text(reply)))
        else:
            game_id = ui_saves.new_id()
            ui_saves.open_game(game_id)
            S["setup"] = False
            S["log"] = []
            S["sel"] = []
            S["level"] = save["level"]
            show_games(False)
            take_reply(reply)
            ui_saves.prune(game_id)
    finally:
        S["halt"] -= 1
    await run_ai()  # the imported game's, or (refused) the one on the table


def lost_game(kind):
    """Another tab opened (or deleted) the game this tab plays: stop writing it."""
    if S.get("game_id") is None or S.get("elsewhere"):
        return
    S["elsewhere"] = kind
    S["setup"] = False
    if S.get("games"):
        render_games()
    render()


TASKS = set()
AI_TIMES = []  # milliseconds per AI step, read by tools/perf.py


def spawn(coro):
    """Run a coroutine from an event handler, keeping a reference until it ends."""
    for task in list(TASKS):
        if task.done():
            TASKS.discard(task)
    TASKS.add(asyncio.create_task(coro))
