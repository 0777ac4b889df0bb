# The saved games in localStorage (MicroPython, main thread): one entry per game,
# keyed by the game's own id, a summary beside it for the games list, the game
# this tab plays, and which tab may write a game.
#
# Keys, all under ui_base.KEY (so ?store=NAME keeps an embed's games apart):
#   game:ID   the save ({"schema", "engine", "level", "view", "id"})
#   aside:ID  a save that could not be loaded: kept, never overwritten by play
#   meta:ID   its summary for the list (ui_save_check.summary), plus "aside"/"why"
#   tab:ID    the tab that plays it now: only that tab writes game:ID
#   last      the id of the game played last (a new tab resumes it)
# The tab's own game is also kept in sessionStorage (a reload resumes the game of
# that tab, not the one another tab played last). Saves of the first releases
# (canasta:v1:current, canasta:v1:previous, canasta:v1:corrupt) are games
# "v1-current", "v1-previous" and (set aside) "v1-corrupt", read where they are.
import json

from pyscript import document, window
from ui_base import KEY, STORE, S, store_get, store_set
from ui_save_check import check_summary, is_id, parse, summary, summary_of

KEEP = 20  # games kept besides the set-aside ones; older ones go when a game starts
SCAN_MAX = 5000  # storage keys looked at when listing
LEGACY = {"v1-current": "canasta:v1:current", "v1-previous": "canasta:v1:previous"}
LEGACY_ASIDE = {"v1-corrupt": "canasta:v1:corrupt"}
LAST = KEY + "last"
TAB = "t" + str(int(window.Math.random() * 1e12))


def now():
    """The time as an ISO string ("2026-01-02T03:04:05.678Z"): it sorts as it reads, and
    a JS number of milliseconds would not cross to MicroPython whole (32-bit ints)."""
    return str(window.Date.new().toISOString())


def new_id():
    """A new game's id: the time's digits and a random part ("g20260102030405678-123456")."""
    digits = "".join(c for c in now() if c.isdigit())
    return "g" + digits + "-" + str(int(window.Math.random() * 1e6))


def game_key(gid):
    if STORE is None and gid in LEGACY:
        return LEGACY[gid]
    return KEY + "game:" + gid


def aside_key(gid):
    if STORE is None and gid in LEGACY_ASIDE:
        return LEGACY_ASIDE[gid]
    return KEY + "aside:" + gid


def meta_key(gid):
    return KEY + "meta:" + gid


def tab_key(gid):
    return KEY + "tab:" + gid


def remove(key):
    try:  # noqa: SIM105 - MicroPython has no contextlib
        window.localStorage.removeItem(key)
    except Exception:  # storage disabled: nothing to remove
        pass


def session_get():
    try:
        value = window.sessionStorage.getItem(KEY + "tab-game")
    except Exception:
        return None
    return value if isinstance(value, str) and is_id(value) else None


def session_set(gid):
    try:
        if gid is None:
            window.sessionStorage.removeItem(KEY + "tab-game")
        else:
            window.sessionStorage.setItem(KEY + "tab-game", gid)
    except Exception:  # a tab without session storage resumes the last game instead
        pass


# ----- finding the games ----------------------------------------------------------------
def stored_ids():
    """{id: set aside?} for every game under this namespace."""
    found = {}
    try:
        storage = window.localStorage
        count = min(int(storage.length), SCAN_MAX)
        names = [storage.key(i) for i in range(count)]
    except Exception:  # storage disabled: no games
        return found
    legacy = {} if STORE is not None else {v: k for k, v in LEGACY.items()}
    legacy_aside = {} if STORE is not None else {v: k for k, v in LEGACY_ASIDE.items()}
    for name in names:
        if not isinstance(name, str):
            continue
        if name in legacy or name in legacy_aside:
            if store_get(name):  # an old release emptied "current" instead of removing it
                found[legacy.get(name) or legacy_aside[name]] = name in legacy_aside
            continue
        if not name.startswith(KEY):
            continue
        rest = name[len(KEY):]
        for kind in ("game:", "aside:"):
            if rest.startswith(kind) and is_id(rest[len(kind):]):
                gid = rest[len(kind):]
                found[gid] = found.get(gid, False) or kind == "aside:"
    return found


def read(gid):
    """(text, set aside?) of a game, or (None, False) when there is none."""
    text = store_get(game_key(gid))
    if text:
        return text, is_aside_meta(gid)
    text = store_get(aside_key(gid))
    if text:
        return text, True
    return None, False


def read_meta(gid):
    text = store_get(meta_key(gid))
    if not text or len(text) > 4000:
        return None
    try:
        return check_summary(json.loads(text))
    except Exception:  # an unreadable summary is made again from the save
        return None


def is_aside_meta(gid):
    meta = read_meta(gid)
    return bool(meta and meta.get("aside"))


def entries():
    """The games list: one dict per game, most recent first. Each has "id", "aside",
    "why" and "meta" (the summary, or None when the save cannot be read at all)."""
    out = []
    for gid, aside in stored_ids().items():
        meta = read_meta(gid)
        why = None
        if meta is None:
            text, aside_too = read(gid)
            save, why = parse(text)
            aside = aside or aside_too or save is None  # unreadable: never pruned
            meta = summary(save, gid, "") if save is not None else None
        else:
            aside = aside or bool(meta.get("aside"))
            why = meta.get("why")
        out.append({"id": gid, "aside": aside, "why": why if aside else None, "meta": meta})
    out.sort(key=lambda e: e["meta"]["updated"] if e["meta"] else "", reverse=True)
    return out


def find_deal(seed, variant):
    """The unfinished game of this deal (deal number and game) saved last, or None."""
    for entry in entries():
        meta = entry["meta"]
        if (meta and not entry["aside"] and not meta["position"] and meta["seed"] == seed
                and meta["variant"] == variant and meta["phase"] != "game_over"):
            return entry["id"]
    return None


def last_id():
    """The game to resume: this tab's own, else the one played last anywhere."""
    for gid in (session_get(), valid_id(store_get(LAST)), "v1-current"):
        if gid and store_get(game_key(gid)) and not is_aside_meta(gid):
            return gid
    return None


def valid_id(text):
    return text if text and is_id(text) else None


def count():
    return len(stored_ids())


# ----- playing a game: one tab writes it ---------------------------------------------
def open_game(gid):
    """This tab plays `gid` from now on: it claims it, so that another tab that had
    it open stops writing it, and a reload of this tab resumes it."""
    S["game_id"] = gid
    S["elsewhere"] = None
    S["claimed"] = store_set(tab_key(gid), TAB)
    S["pointed"] = None  # "last" and the tab's game point at it once it is saved
    # For scripts and tests: which game this tab plays, and where it is saved.
    document.body.setAttribute("data-game", gid)
    document.body.setAttribute("data-game-key", game_key(gid))


def owner(gid):
    return store_get(tab_key(gid))


def write(save_text, facts, view):
    """Store the game being played — the worker's save as its JSON text, the game's id
    put in — and its summary (from `facts`, the worker's save_facts, and the `view`):
    "ok", "full" (storage full: what was saved before is kept), "elsewhere"/"deleted"
    (another tab took it or deleted it: this tab stops writing), or "none" (no game)."""
    gid = S.get("game_id")
    if gid is None or S.get("elsewhere"):
        return "none"
    if not S.get("claimed"):
        # The claim could not be written (storage full): try again, and write anyway.
        S["claimed"] = store_set(tab_key(gid), TAB)
    else:
        holder = owner(gid)
        if holder != TAB:
            S["elsewhere"] = "deleted" if holder is None else "elsewhere"
            return S["elsewhere"]
    if not store_set(game_key(gid), '{"id": ' + json.dumps(gid) + ", " + save_text[1:]):
        return "full"
    if S.get("pointed") != gid:
        # Only a saved game is the one to resume: a full storage leaves these pointing
        # at the last game that was saved.
        session_set(gid)
        store_set(LAST, gid)
        S["pointed"] = gid
    if S.get("from_aside") == gid:  # a set-aside game loads again: back among the games
        remove(aside_key(gid))
        S["from_aside"] = None
    store_set(meta_key(gid), json.dumps(summary_of(view, facts, gid, now())))
    return "ok"


def set_aside(gid, text, why):
    """A save that cannot be loaded is never deleted: it moves to its set-aside key
    (or, if storage is too full for that, stays where it is, marked), and is no longer
    resumed by itself."""
    moved = True
    if text and store_get(aside_key(gid)) != text:
        moved = store_set(aside_key(gid), text)
    if moved and game_key(gid) != aside_key(gid) and store_get(aside_key(gid)):
        remove(game_key(gid))
    meta = read_meta(gid) or {"id": gid, "variant": "classic", "seed": 0, "position": False,
                              "level": "normal", "round": 0, "phase": "draw", "totals": [],
                              "moves": 0, "updated": now()}
    meta["aside"] = True
    meta["why"] = why[:300]
    store_set(meta_key(gid), json.dumps(meta))
    if valid_id(store_get(LAST)) == gid:
        remove(LAST)
    if session_get() == gid:
        session_set(None)
    if S.get("game_id") == gid:
        S["game_id"] = None


def delete(gid):
    for key in (game_key(gid), aside_key(gid), meta_key(gid), tab_key(gid)):
        remove(key)
    if valid_id(store_get(LAST)) == gid:
        remove(LAST)


def prune(keep_id):
    """Keep the KEEP most recent games (set-aside ones are kept until deleted)."""
    kept = 0
    for entry in entries():
        if entry["aside"] or entry["id"] == keep_id:
            continue
        kept += 1
        if kept > KEEP:
            delete(entry["id"])
