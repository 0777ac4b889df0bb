# The player's statistics (MicroPython, main thread; bookkeeping only). Pure
# functions on one small dict that the table keeps in localStorage as JSON; no
# pyscript import, so CPython tests run this module as it is.
#
# {"v": 1, "levels": {"easy": {...}, "normal": {...}, "strong": {...}, "all": {...}},
#  "variants": {"classic": {...}, ...},   (the same figures per game variant; absent
#                                          in records written before it existed)
#  "game": {"seed", "variant", "level", "round", "over"} or null}
#
# "game" marks the game last started from a deal and how far it was counted, so
# a reload at the score sheet never counts the same round (or game end) twice.
import json

VERSION = 1


def N_(template):
    """A label named for the table's catalogues (ui_i18n.N_; this module is also
    imported where ui_i18n is not): the table says it with tr(), a problem
    of parse() through explain()."""
    return template


# What parse() says of an unusable record, in English (kept with the record's words).
PROBLEMS = (N_("not readable JSON"), N_("not a statistics record"), N_("no figures"),
            N_("bad figures per game"), N_("bad game marker"))
UNKNOWN_VERSION = N_("unknown version {version}")
BAD_FIGURES = N_("bad figures for {name}")


def explain(problem):
    """(template, params) of a problem parse() said, for the table to say it in the
    chosen language."""
    if problem in PROBLEMS:
        return problem, {}
    for template, name in ((UNKNOWN_VERSION, "version"), (BAD_FIGURES, "name")):
        head = template.split("{")[0]
        if isinstance(problem, str) and problem.startswith(head):
            return template, {name: problem[len(head):]}
    return None


LEVELS = ("easy", "normal", "strong")
BUCKETS = ("easy", "normal", "strong", "all")
COUNTS = (
    "games_started",
    "games_finished",
    "games_won",
    "rounds_played",
    "rounds_won",
    "went_out",
    "streak",
    "best_streak",
)
BESTS = ("best_round", "best_game")
HUMAN = 0  # the human's seat; their team is team 0


def empty_bucket():
    bucket = {}
    for key in COUNTS:
        bucket[key] = 0
    for key in BESTS:
        bucket[key] = None
    return bucket


def fresh():
    levels = {}
    for name in BUCKETS:
        levels[name] = empty_bucket()
    return {"v": VERSION, "levels": levels, "variants": {}, "game": None}


def _whole(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _bucket(data):
    if not isinstance(data, dict):
        return None
    out = {}
    for key in COUNTS:
        value = data.get(key, 0)
        if not _whole(value) or value < 0:
            return None
        out[key] = value
    for key in BESTS:
        value = data.get(key)
        if value is not None and not _whole(value):
            return None
        out[key] = value
    return out


def _game(data):
    if data is None:
        return None, True
    if not isinstance(data, dict):
        return None, False
    seed = data.get("seed")
    rnd = data.get("round")
    if not (_whole(seed) and _whole(rnd) and rnd >= 0):
        return None, False
    if not (isinstance(data.get("variant"), str) and isinstance(data.get("level"), str)):
        return None, False
    if not isinstance(data.get("over"), bool):
        return None, False
    game = {"seed": seed, "variant": data["variant"], "level": data["level"], "round": rnd,
            "over": data["over"]}
    return game, True


def parse(text):
    """(stats, problem): the stored statistics, or fresh ones and why text was unusable."""
    if not text:
        return fresh(), None
    try:
        data = json.loads(text)
    except Exception:  # MicroPython and CPython raise different errors
        return fresh(), "not readable JSON"
    if not isinstance(data, dict):
        return fresh(), "not a statistics record"
    if data.get("v") != VERSION:
        return fresh(), UNKNOWN_VERSION.replace("{version}", json.dumps(data.get("v")))
    levels = data.get("levels")
    if not isinstance(levels, dict):
        return fresh(), "no figures"
    out = fresh()
    for name in BUCKETS:
        bucket = _bucket(levels.get(name, {}))
        if bucket is None:
            return fresh(), BAD_FIGURES.replace("{name}", name)
        out["levels"][name] = bucket
    variants = data.get("variants", {})
    if not isinstance(variants, dict):
        return fresh(), "bad figures per game"
    for name, figures in variants.items():
        bucket = _bucket(figures)
        if bucket is None:
            return fresh(), BAD_FIGURES.replace("{name}", str(name))
        out["variants"][name] = bucket
    game, ok = _game(data.get("game"))
    if not ok:
        return fresh(), "bad game marker"
    out["game"] = game
    return out, None


def buckets_for(level):
    return (level, "all") if level in LEVELS else ("all",)


def _buckets(stats, level, variant):
    """The figures a game of this level and variant counts in."""
    out = [stats["levels"][name] for name in buckets_for(level)]
    if variant not in stats["variants"]:
        stats["variants"][variant] = empty_bucket()
    out.append(stats["variants"][variant])
    return out


def record_start(stats, seed, variant, level):
    """A game dealt from a seed has started: count it and mark it for its rounds."""
    for b in _buckets(stats, level, variant):
        b["games_started"] += 1
    stats["game"] = {"seed": seed, "variant": variant, "level": level, "round": 0, "over": False}


def _best(old, new):
    return new if old is None or new > old else old


def _beats_all(scores):
    mine = scores[HUMAN]
    return all(mine > other for i, other in enumerate(scores) if i != HUMAN)


def record_view(stats, view, seed):
    """Count the round (and the game) a round_over/game_over view ends, at most once.

    `seed` is the engine seed of the game on the table, or None for a game set up
    from a position (those are not counted). Returns True when stats changed.
    """
    phase = view.get("phase")
    if phase not in ("round_over", "game_over") or "round_score" not in view:
        return False
    game = stats["game"]
    if game is None or seed is None or game["over"]:
        return False
    if game["seed"] != seed or game["variant"] != view.get("variant"):
        return False
    buckets = _buckets(stats, game["level"], game["variant"])
    changed = False
    number = view["round"]
    if number > game["round"]:
        teams = view["teams"]
        totals = [view["round_score"][t]["total"] for t in range(teams)]
        won = _beats_all(totals)
        for b in buckets:
            b["rounds_played"] += 1
            b["rounds_won"] += 1 if won else 0
            b["went_out"] += 1 if view.get("went_out") == HUMAN else 0
            b["best_round"] = _best(b["best_round"], totals[HUMAN])
        game["round"] = number
        changed = True
    if phase == "game_over":
        final = list(view["totals"])
        won = _beats_all(final)
        for b in buckets:
            b["games_finished"] += 1
            b["games_won"] += 1 if won else 0
            b["best_game"] = _best(b["best_game"], final[HUMAN])
            b["streak"] = b["streak"] + 1 if won else 0
            b["best_streak"] = max(b["best_streak"], b["streak"])
        game["over"] = True
        changed = True
    return changed


def _show(value):
    return "–" if value is None else str(value)


def _rate(bucket):
    done = bucket["games_finished"]
    if not done:
        return "–"
    return str((bucket["games_won"] * 100 + done // 2) // done) + " %"


ROWS = (
    ("games_started", N_("Games started")),
    ("games_finished", N_("Games finished")),
    ("games_won", N_("Games won")),
    ("win_rate", N_("Win rate")),
    ("rounds_played", N_("Rounds played")),
    ("rounds_won", N_("Rounds won by your side")),
    ("best_round", N_("Best round score")),
    ("best_game", N_("Highest game total")),
    ("went_out", N_("Times you went out")),
    ("streak", N_("Current winning streak")),
    ("best_streak", N_("Best winning streak")),
)


VARIANT_ROWS = ("games_started", "games_finished", "games_won", "win_rate", "rounds_played",
                "best_game")


def variant_rows(stats):
    """[(variant, [shown value per key of VARIANT_ROWS])] for the games played, by name."""
    rows = []
    for name in sorted(stats["variants"]):
        bucket = stats["variants"][name]
        rows.append((name, [_rate(bucket) if key == "win_rate" else _show(bucket[key])
                            for key in VARIANT_ROWS]))
    return rows


def table_rows(stats):
    """[(key, label, [shown value per bucket in BUCKETS order])] for the panel."""
    rows = []
    for key, label in ROWS:
        values = []
        for name in BUCKETS:
            bucket = stats["levels"][name]
            values.append(_rate(bucket) if key == "win_rate" else _show(bucket[key]))
        rows.append((key, label, values))
    return rows
