# Checking a saved game before the table draws it (MicroPython, main thread; no
# pyscript import, so CPython tests run this module as it is).
#
# A save is {"schema": "canasta-table/1", "engine": {...}, "level": ..., "view": {...},
# "id": ...}: the engine part is the worker's to judge (it replays it); the view is
# drawn at once, before the engine is ready, so it is checked here first. The work
# is bounded: the text's length is capped before it is parsed, and every list is
# capped before it is walked. A failed check names what is wrong, in words.
#
# REQUIRED holds the view fields the table reads with view["..."]: every release
# since the first page save (canasta-table/1) has written them. A field added later
# is OPTIONAL: the table must read it with view.get(...), so that an old save (or a
# save of an older release) still shows; tests/test_save_check.py keeps that true.
import json

SCHEMA = "canasta-table/1"
LEVELS = ("easy", "normal", "strong")
PHASES = ("draw", "play", "answer", "round_over", "game_over")
# Characters of a save: the longest measured (Classic for six in three teams, a whole
# game of 11 rounds) is 75 000. MicroPython's json reads one long string in time that
# grows with its square, so this cap is what bounds a crafted save's cost.
MAX_TEXT = 300000
MAX_PLAYERS = 8
MAX_CARDS = 1000  # cards in any one place (a hand, a meld, the stock, the pile)
MAX_ROWS = 10000  # rounds in the history, actions in the legal list, melds of a team
BIG = 1000000000  # the largest score, minimum or round number a view may hold
ID_MAX = 40
ID_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-"
RANKS = "A23456789TJQK"
SUITS = "SHDC"
WORD_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"

REQUIRED = (
    "players", "teams", "round", "phase", "to_move", "to_act", "hand", "hand_sizes",
    "melds", "red_threes", "pile", "stock_size", "minimum", "team_melded", "turn_points",
    "history", "totals", "legal",
)
OPTIONAL = (
    "variant", "went_out", "watching", "permission", "pending", "may_ask", "hands",
    "round_score", "next_minimum",
)
SCORE_PARTS = ("melded_cards", "canasta_bonus", "red_threes", "going_out", "hand_penalty",
               "total")


def N_(template):
    """A phrase named for the table's catalogues (ui_i18n.N_: this module imports no
    pyscript); the table says it in the chosen language with ui_games.problem_text."""
    return template


# The phrases parse() says of a whole save, in English (tests compare them), by
# template.
EMPTY = N_("it is empty")
TOO_LARGE = N_("it is too large ({size} kB)")
NOT_JSON = N_("it is not readable JSON")
NOT_SAVE = N_("it is not a saved game")
UNKNOWN_FORMAT = N_("unknown save format {format}")
NO_GAME = N_("it has no game to replay")
NO_SEED = N_("its deal number is not a number")
NO_MOVES = N_("it has no list of moves")
BAD_ID = N_("its game id is strange")
PHRASES = (EMPTY, NOT_JSON, NOT_SAVE, NO_GAME, NO_SEED, NO_MOVES, BAD_ID)

# What check_view says of the saved table's parts: a template whose {what} is one of
# NOUNS ({field}, {part}: a field's name in the save, as it is). The English problem is
# kept with a save set aside; explain() finds its template and parts again.
NOUNS = (
    N_("the hand"), N_("the list of hand sizes"), N_("the list of melds"),
    N_("a team's melds"), N_("a meld"), N_("a meld's cards"), N_("the list of red 3s"),
    N_("a team's red 3s"), N_("the list of initial meld minimums"),
    N_("the list of melded flags"), N_("the score history"),
    N_("a round of the score history"), N_("the list of totals"),
    N_("the list of legal actions"), N_("a legal action's cards"), N_("the held pile"),
    N_("the list of hands shown at the round's end"), N_("a hand shown at the round's end"),
    N_("the list of round scores"), N_("the list of next round's minimums"),
)
FIELD_PROBLEMS = (
    N_("{what} is not a list"), N_("{what} has {n} entries, not {size}"),
    N_("{what} is too long"), N_("{what} holds something that is not a card"),
    N_("{what} holds something that is not a whole number"),
    N_("{what} holds something that is not yes or no"), N_("{what} is not a meld"),
    N_("{what} is a sequence with a rank"), N_("{what} is a sequence without a suit"),
    N_("{what} is a sequence without its low card"),
    N_("{what} is a sequence without its high card"),
    N_("{what} is a sequence without an id"), N_("{what} has a strange name"),
    N_("{what} has no rank"), N_("{what} has no cards"),
    N_("{what} has a strange canasta kind"), N_("{what} has a strange id"),
    N_("the pile is not described"), N_("the pile's top is not a card"),
    N_("the pile's freezing card is not a card"),
    N_("the pile's size is not a number of cards"),
    N_("the pile's '{field}' is not yes or no"), N_("a legal action is not an action"),
    N_("a legal action's card is not a card"), N_("a legal action's rank is strange"),
    N_("a round score is not a table of points"), N_("a round score has no {part}"),
    N_("a round score has no 'concealed'"), N_("a round score's extras are strange"),
    N_("the saved table is not a table"), N_("the saved table has no {field}"),
    N_("the number of players is wrong"), N_("the number of teams is wrong"),
    N_("the round number is wrong"), N_("the phase of play is unknown"),
    N_("'{field}' is not a seat"), N_("the stock's size is not a number of cards"),
    N_("the turn's points are not a number"), N_("the game's name is strange"),
    N_("'{field}' is not yes or no"), N_("'{field}' is strange"),
)


def fill(template, params):
    """The template in English, its placeholders replaced by the parameters."""
    for name in params:
        template = template.replace("{" + name + "}", str(params[name]))
    return template


def _matched(template, text):
    """The parameters `template` was filled with to give `text`, or None."""
    literals, names = [], []
    rest = template
    while "{" in rest:
        head, _, tail = rest.partition("{")
        name, _, rest = tail.partition("}")
        literals.append(head)
        names.append(name)
    literals.append(rest)
    if (not text.startswith(literals[0]) or not text.endswith(literals[-1])
            or len(text) < len(literals[0]) + len(literals[-1])):
        return None
    pos, end, found = len(literals[0]), len(text) - len(literals[-1]), {}
    for i, name in enumerate(names):
        if i + 1 < len(names):
            stop = text.find(literals[i + 1], pos)
            if stop < 0 or stop > end:
                return None
            found[name], pos = text[pos:stop], stop + len(literals[i + 1])
        else:
            found[name] = text[pos:end]
    if "what" in found and found["what"] not in NOUNS:
        return None
    if not all(is_word(found[n]) for n in found if n != "what"):
        return None
    return found


def explain(problem):
    """(template, params) of a problem parse() said, for the table to say it in the
    chosen language (a parameter `what` is itself one of NOUNS, to say first); None
    for another."""
    if not isinstance(problem, str):
        return None
    if problem in PHRASES or problem in FIELD_PROBLEMS:
        return problem, {}
    head, tail = TOO_LARGE.split("{size}")
    if problem.startswith(head) and problem.endswith(tail):
        size = problem[len(head):len(problem) - len(tail)]
        if size.isdigit():
            return TOO_LARGE, {"size": size}
    head = UNKNOWN_FORMAT.split("{format}")[0]
    if problem.startswith(head):
        return UNKNOWN_FORMAT, {"format": problem[len(head):]}
    for template in FIELD_PROBLEMS:
        if "{" in template:
            found = _matched(template, problem)
            if found is not None:
                return template, found
    return None


class Bad(Exception):
    """What is wrong with a save, as a phrase ("the table has no totals")."""


def is_card(card):
    return isinstance(card, str) and (
        card == "JK" or (len(card) == 2 and card[0] in RANKS and card[1] in SUITS))


def is_letter(text, letters):
    """One of `letters` (a suit "S", a rank "T")."""
    return isinstance(text, str) and len(text) == 1 and text in letters


def is_word(text, limit=40):
    """A short plain name: letters, digits, '_' and '-' (variant names, meld keys)."""
    return (isinstance(text, str) and 0 < len(text) <= limit
            and all(c in WORD_CHARS for c in text))


def is_game_name(text):
    """A game's name: a variant's, with any presets by id ("classic-6p+X3+H1")."""
    return (isinstance(text, str) and 0 < len(text) <= 120
            and all(is_word(part) for part in text.split("+")))


def is_id(text):
    return (isinstance(text, str) and 0 < len(text) <= ID_MAX
            and all(c in ID_CHARS for c in text))


def is_time(text):
    """An ISO time as the page writes it ("2026-01-02T03:04:05.678Z"), or "" (unknown)."""
    return (isinstance(text, str) and len(text) <= 30
            and all(c in "0123456789-:.TZ+" for c in text))


def whole(value, low, high):
    # bool is not a whole number here (in CPython it is an int).
    return (isinstance(value, int) and not isinstance(value, bool)
            and low <= value <= high)


def need(ok, template, **params):
    """Go on if ok, else stop with the problem `template` says (FIELD_PROBLEMS)."""
    if not ok:
        raise Bad(fill(template, params))


def _list(value, what, size=None, limit=MAX_ROWS):
    need(isinstance(value, list), "{what} is not a list", what=what)
    if size is not None:
        need(len(value) == size, "{what} has {n} entries, not {size}", what=what,
             n=len(value), size=size)
    need(len(value) <= limit, "{what} is too long", what=what)
    return value


def _cards(value, what):
    _list(value, what, limit=MAX_CARDS)
    for card in value:
        need(is_card(card), "{what} holds something that is not a card", what=what)
    return value


def _numbers(value, what, size, low=-BIG, high=BIG):
    _list(value, what, size)
    for n in value:
        need(whole(n, low, high), "{what} holds something that is not a whole number",
             what=what)


def _bools(value, what, size):
    _list(value, what, size)
    for b in value:
        need(isinstance(b, bool), "{what} holds something that is not yes or no", what=what)


def _meld(meld):
    what = "a meld"
    need(isinstance(meld, dict), "{what} is not a meld", what=what)
    if meld.get("kind") == "sequence":
        # A run of one suit has no rank (null): its suit and ends say what it is (S6).
        need(meld.get("rank") is None, "{what} is a sequence with a rank", what=what)
        need(is_letter(meld.get("suit"), SUITS), "{what} is a sequence without a suit",
             what=what)
        need(is_letter(meld.get("low"), RANKS), "{what} is a sequence without its low card",
             what=what)
        need(is_letter(meld.get("high"), RANKS),
             "{what} is a sequence without its high card", what=what)
        need("id" in meld, "{what} is a sequence without an id", what=what)
        name = meld.get("name")
        need(name is None or is_word(name, 20), "{what} has a strange name", what=what)
    else:
        need(is_word(meld.get("rank"), 12), "{what} has no rank", what=what)
    _cards(meld.get("cards"), "a meld's cards")
    need(len(meld["cards"]) > 0, "{what} has no cards", what=what)
    kind = meld.get("canasta")
    need(kind is None or is_word(kind, 20), "{what} has a strange canasta kind", what=what)
    if "id" in meld:
        need(whole(meld["id"], 0, BIG), "{what} has a strange id", what=what)


def _pile(pile):
    need(isinstance(pile, dict), "the pile is not described")
    need(pile.get("top") is None or is_card(pile.get("top")), "the pile's top is not a card")
    need(pile.get("freezer") is None or is_card(pile.get("freezer")),
         "the pile's freezing card is not a card")
    need(whole(pile.get("size"), 0, MAX_CARDS), "the pile's size is not a number of cards")
    for flag in ("frozen", "frozen_for_you", "blocked"):
        need(isinstance(pile.get(flag), bool), "the pile's '{field}' is not yes or no",
             field=flag)


def _action(action):
    need(isinstance(action, dict) and is_word(action.get("type"), 20),
         "a legal action is not an action")
    if "cards" in action:
        _cards(action["cards"], "a legal action's cards")
    if "card" in action:
        need(is_card(action["card"]), "a legal action's card is not a card")
    if "rank" in action and action["rank"] is not None:
        need(is_word(action["rank"], 12), "a legal action's rank is strange")


def _round_score(scores, teams):
    _list(scores, "the list of round scores", teams)
    for row in scores:
        need(isinstance(row, dict), "a round score is not a table of points")
        for part in SCORE_PARTS:
            need(whole(row.get(part), -BIG, BIG), "a round score has no {part}", part=part)
        need(isinstance(row.get("concealed"), bool), "a round score has no 'concealed'")
        extras = row.get("extras", {})
        need(isinstance(extras, dict) and len(extras) <= 50, "a round score's extras are strange")
        for key in extras:
            need(is_word(key) and whole(extras[key], -BIG, BIG),
                 "a round score's extras are strange")


def check_view(view):
    """None when the table can draw this view, else what is wrong with it."""
    try:
        _check_view(view)
    except Bad as bad:
        return str(bad)
    return None


def _check_view(view):
    need(isinstance(view, dict), "the saved table is not a table")
    for field in REQUIRED:
        need(field in view, "the saved table has no {field}", field=field)
    need(whole(view["players"], 2, MAX_PLAYERS), "the number of players is wrong")
    players = view["players"]
    need(whole(view["teams"], 1, players), "the number of teams is wrong")
    teams = view["teams"]
    need(whole(view["round"], 1, BIG), "the round number is wrong")
    need(view["phase"] in PHASES, "the phase of play is unknown")
    for seat in ("to_move", "to_act"):
        need(whole(view[seat], 0, players - 1), "'{field}' is not a seat", field=seat)
    _cards(view["hand"], "the hand")
    _numbers(view["hand_sizes"], "the list of hand sizes", players, 0, MAX_CARDS)
    _list(view["melds"], "the list of melds", teams)
    for melds in view["melds"]:
        _list(melds, "a team's melds", limit=MAX_CARDS)
        for meld in melds:
            _meld(meld)
    _list(view["red_threes"], "the list of red 3s", teams)
    for reds in view["red_threes"]:
        _cards(reds, "a team's red 3s")
    _pile(view["pile"])
    need(whole(view["stock_size"], 0, MAX_CARDS), "the stock's size is not a number of cards")
    _numbers(view["minimum"], "the list of initial meld minimums", teams, 0, BIG)
    _bools(view["team_melded"], "the list of melded flags", teams)
    need(whole(view["turn_points"], -BIG, BIG), "the turn's points are not a number")
    _list(view["history"], "the score history")
    for row in view["history"]:
        _numbers(row, "a round of the score history", teams)
    _numbers(view["totals"], "the list of totals", teams)
    _list(view["legal"], "the list of legal actions")
    for action in view["legal"]:
        _action(action)
    _check_optional(view, players, teams)


def _check_optional(view, players, teams):
    if "variant" in view:
        need(is_game_name(view["variant"]), "the game's name is strange")
    went = view.get("went_out")
    need(went is None or whole(went, 0, players - 1), "'{field}' is not a seat",
         field="went_out")
    for flag in ("watching", "may_ask"):
        need(isinstance(view.get(flag, False), bool), "'{field}' is not yes or no", field=flag)
    permission = view.get("permission")
    need(permission is None or isinstance(permission, bool), "'{field}' is strange",
         field="permission")
    _cards(view.get("pending", []), "the held pile")
    if "hands" in view:
        _list(view["hands"], "the list of hands shown at the round's end", players)
        for hand in view["hands"]:
            _cards(hand, "a hand shown at the round's end")
    if "round_score" in view:
        _round_score(view["round_score"], teams)
    if "next_minimum" in view:
        _numbers(view["next_minimum"], "the list of next round's minimums", teams, 0, BIG)


def parse(text, need_view=True):
    """(save, problem): a stored or imported save as a dict, or None and what is wrong.

    Only the page's own checks: the engine part is judged by the worker. An unknown
    level becomes "normal" (the save is kept; the level was the address's).
    """
    if not isinstance(text, str) or not text:
        return None, EMPTY
    if len(text) > MAX_TEXT:
        return None, TOO_LARGE.replace("{size}", str(len(text) // 1000))
    try:
        data = json.loads(text)
    except Exception:  # MicroPython and CPython raise different errors
        return None, NOT_JSON
    if not isinstance(data, dict):
        return None, NOT_SAVE
    if data.get("schema") != SCHEMA:
        # An engine save alone (tests/fixtures/saves, a bug report): the table is the
        # worker's to make, so only an import may bring one.
        if not need_view and data.get("schema") == 1 and "actions" in data:
            data = {"schema": SCHEMA, "engine": data, "level": "normal"}
        else:
            shown = json.dumps(data.get("schema"))
            return None, UNKNOWN_FORMAT.replace("{format}", shown[:40] if shown else "?")
    try:
        _check_save(data, need_view)
    except Bad as bad:
        return None, str(bad)
    return data, None


def _check_save(data, need_view):
    engine = data.get("engine")
    need(isinstance(engine, dict), NO_GAME)
    need(whole(engine.get("seed"), 0, 10 ** 30), NO_SEED)
    need(isinstance(engine.get("actions"), list), NO_MOVES)
    if data.get("level") not in LEVELS:
        data["level"] = "normal"
    if "id" in data:
        need(is_id(data["id"]), BAD_ID)
    if "view" in data or need_view:
        problem = check_view(data.get("view"))
        need(problem is None, str(problem))


def summary(data, game_id, updated):
    """The few facts the games list shows of a checked save (kept beside it)."""
    engine = data["engine"]
    facts = {"seed": engine["seed"], "position": engine.get("start") is not None,
             "moves": len(engine["actions"]), "level": data.get("level", "normal"),
             "variant": engine.get("variant")}
    return summary_of(data.get("view") or {}, facts, game_id, updated)


def summary_of(view, facts, game_id, updated):
    """The summary from a save's view and the worker's `save_facts` (seed, position,
    moves, level, variant)."""
    return {
        "id": game_id,
        "variant": view.get("variant") or facts.get("variant") or "classic",
        "seed": facts["seed"],
        "position": facts["position"],
        "level": facts.get("level") or "normal",
        "round": view.get("round", 1),
        "phase": view.get("phase", "draw"),
        "totals": view.get("totals", []),
        "moves": facts["moves"],
        "updated": updated,
    }


def check_summary(data):
    """A stored summary as the list may show it, or None if it is not one."""
    if not isinstance(data, dict) or not is_id(data.get("id")):
        return None
    ok = (
        is_game_name(data.get("variant")) and whole(data.get("seed"), 0, 10 ** 30)
        and isinstance(data.get("position"), bool) and data.get("level") in LEVELS
        and whole(data.get("round"), 0, BIG) and data.get("phase") in PHASES
        and whole(data.get("moves"), 0, 10 ** 7) and is_time(data.get("updated"))
        and isinstance(data.get("totals"), list) and len(data["totals"]) <= MAX_PLAYERS
        and all(whole(t, -BIG, BIG) for t in data["totals"])
    )
    if not ok:
        return None
    why = data.get("why")
    if why is not None and not (isinstance(why, str) and len(why) <= 300):
        return None
    return data
