"""The page's ONE Pyodide worker: it holds the authoritative game and the AI.

The MicroPython main thread calls these functions with JSON strings and gets
JSON strings back: {"view", "save_text", "save_facts", "error", "coach", "last",
"history"}. It never runs the engine itself. The human sits at seat 0; every other seat is an AI.
"""

import time

# Seconds since this worker started (Pyodide's clock), before and after the
# engine's import: `ping` reports both so the boot can be measured.
_STARTED = time.perf_counter()

import json  # noqa: E402 - imported after the clock reading above
import random  # noqa: E402

import canasta  # noqa: E402
from canasta.ai import LEVELS, choose_action  # noqa: E402
from canasta.ai.advice import explain_turn  # noqa: E402
from canasta.ai.gifts import explain_discard  # noqa: E402
from canasta.ai.knowledge import read_view  # noqa: E402
from canasta.game.actions import NextRound, TakePile  # noqa: E402
from canasta.game.cards import RANK, WILDS  # noqa: E402
from canasta.game.errors import IllegalAction, Rejection, Text, message_json  # noqa: E402
from canasta.game.messages import render  # noqa: E402
from canasta.mechanics.melds import WILD_KEY  # noqa: E402
from canasta.mechanics.sequences import SEQUENCE, in_run_order, is_sequence_play  # noqa: E402
from canasta.play.coach import coach, packet_word, run_text  # noqa: E402
from canasta.rules.house_rules import describe as describe_house_rules  # noqa: E402
from canasta.rules.house_rules import with_house_rules  # noqa: E402
from canasta.rules.pages import rule_href, variant_href  # noqa: E402
from canasta.rules.roster import public_view, seat_of  # noqa: E402

_IMPORTED = time.perf_counter()
HUMAN = 0
SAVE_SCHEMA = "canasta-table/1"
GAME = {"state": None, "level": "normal"}
# The history the table shows (issue 15): the lines of the round being played and of
# the rounds before it, and how many of this round's lines the page already has.
LOG = {"round": 0, "lines": [], "past": [], "sent": 0}
WILD = "*"  # wild cards as a rank in a message (canasta/game/messages.py)


def _level(level):
    """The computer players' level; an unknown one (a tampered save) plays at normal."""
    return level if level in LEVELS else "normal"


def _laid_on(seat, action, before):
    """The rank of the team meld a meld action adds to, or None for a new meld (S5:
    "new" starts one beside a meld of its rank)."""
    if action.get("type") != "meld" or before is None or action.get("new"):
        return None
    team = before.melds[seat % before.rules.teams]
    ranks = {m.rank for m in team}
    naturals = [c for c in action["cards"] if c not in WILDS]
    named = [m.rank for m in team if m.id == action.get("onto")]
    rank = action.get("rank") or (RANK[naturals[0]] if naturals else None) or (
        named[0] if named else None) or (WILD_KEY if WILD_KEY in ranks else None)
    return rank if rank in ranks else None


def _sequence_named(seat, action, before):
    """The team sequence (S6) a meld or a pile take names by its id (`onto`), or None."""
    if before is None or action.get("onto") is None:
        return None
    team = before.melds[seat % before.rules.teams]
    return next((m for m in team if m.id == action["onto"] and m.kind == SEQUENCE), None)


def N_(template):
    """A key (an English template, canasta/game/messages.py) named here and filled later."""
    return template


# What each kind of action says: in the table's log (past; the player's name goes before
# it) and in a hint (advice). Templates of canasta/game/messages.py: the table says them in
# the player's language (issue 18), `_phrase` in English.
PHRASES = {
    "seq_start": (N_("started a sequence {cards:cards}"), N_("Start a sequence {cards:cards}.")),
    "seq_add": (N_("added {cards:cards} to the sequence {run}"),
                N_("Add {cards:cards} to your sequence {run}.")),
    "take_seq": (N_("took the pile: {top:card} on the sequence {run}"),
                 N_("Take the pile: its top card {top:card} continues your sequence {run}.")),
    "draw": (N_("drew from the stock"), N_("Draw from the stock.")),
    "take_pile": (N_("took the pile with {cards:cards}"), N_("Take the pile with {cards:cards}.")),
    "take_top": (N_("took the pile (laid the top card off)"),
                 N_("Take the pile: its top card goes on your team's meld.")),
    "lay_off": (N_("laid off {cards:cards} on {rank:ranks}"),
                N_("Lay off {cards:cards} on your {rank:ranks}.")),
    "meld": (N_("melded {cards:cards}"), N_("Meld {cards:cards}.")),
    "discard": (N_("discarded {card:card}"), N_("Discard {card:card}.")),
    # R13: the discard that takes the player's opened kitty into the hand ({packet}: the
    # rule set's packet_name, Railroad's "kitty", Pennies' "packet" with PH13)
    "discard_kitty": (N_("discarded {card:card} and took the {packet:word} ({count} cards)"),
                      N_("Discard {card:card} and take your {packet:word} ({count} cards) into "
                         "your hand.")),
    # R18: a draw from the empty stock ends the round; so does a hand of 7s held (R16)
    "draw_empty": (N_("drew from the empty stock: the round is over"),
                   N_("Draw from the empty stock: that ends the round.")),
    "end_round": (N_("ended the round: only 7s in hand, and no 7 may be discarded"),
                  N_("End the round: you hold only 7s, and no 7 may be discarded.")),
    # U21: the whole hand laid down at once as a special hand
    "special_hand": (N_("laid down a special hand and went out"),
                     N_("Lay your whole hand down as a special hand: that goes out.")),
    "ask": (N_("asked “May I go out?”"), N_("Ask your partner “May I go out?”.")),
    "answer_yes": (N_("answered yes"), N_("Answer yes.")),
    "answer_no": (N_("answered no"), N_("Answer no.")),
    "next_round": (N_("dealt the next round"), N_("Deal the next round.")),
}


def _said(template, **params):
    """A sentence as the table gets it: English text, its key and its parameters; a
    parameter that is itself a sentence (a `Text` of the engine's, or one of these)
    crosses as one, for the table to say first."""
    sent = {name: message_json(value) if isinstance(value, Text) else value
            for name, value in params.items()}
    plain = {name: (value.get("text") or value.get("message") or "")
             if isinstance(value, dict) else value for name, value in sent.items()}
    return {"text": render(template, plain), "key": template, "params": sent}


def _phrase(seat, action, before, advice=False):
    """'took the pile with 9♣ 9♦' (log, after the player's name) or 'Take the pile with
    9♣ 9♦.' (hint), as `_said` gives it."""
    kind = action.get("type")
    run = _sequence_named(seat, action, before)
    rank = None
    if run is not None:
        kind = "seq_add" if kind == "meld" else "take_seq"
    elif (kind == "meld" and before is not None and action.get("onto") is None
          and is_sequence_play(before.rules, tuple(action.get("cards", ())))):
        kind = "seq_start"
    else:
        rank = _laid_on(seat, action, before)
    if rank is not None:
        kind = "lay_off"
    elif kind == "take_pile" and not action.get("cards"):
        kind = "take_top"
    elif kind == "answer":
        kind = "answer_yes" if action.get("yes") else "answer_no"
    elif kind == "discard" and action.get("reserve"):
        kind = "discard_kitty"
    elif kind == "draw" and before is not None and not before.stock and before.rules.stock_out:
        kind = "draw_empty"
    if kind not in PHRASES:
        return {"text": str(kind), "key": None, "params": {}}
    cards = list(action.get("cards", []))
    if kind in ("seq_start", "seq_add"):
        cards = list(in_run_order(cards))
    return _said(
        PHRASES[kind][1 if advice else 0],
        cards=cards,
        card=action.get("card") or "",
        rank=(WILD if rank == WILD_KEY else rank) if rank else "",
        run=run_text(run) if run is not None else "",
        top=before.pile[-1] if kind == "take_seq" and before.pile else "",
        count=_kitty_size(seat, before),
        packet=packet_word(before),
    )


def _kitty_size(seat, before):
    """How many cards the seat's kitty holds (R13), 0 without one."""
    packets = getattr(before, "packets", None) if before is not None else None
    return len(packets[seat]) if packets and 0 <= seat < len(packets) else 0


def _red_threes_line(entry):
    return {"seat": entry["seat"], **_said(N_("laid down {cards:cards} and drew again"),
                                           cards=list(entry.get("cards", [])))}


def _added(before, after):
    """The log entries `after` added to `before`'s (the log is a chain the states share:
    the walk stops where `before`'s begins; a new round's log is new from its deal)."""
    chain, fresh = after.log, []
    while chain is not None and chain is not before.log:
        fresh.append(chain[0])
        chain = chain[1]
    fresh.reverse()
    return fresh


def _log_lines(before, data, after, seat):
    """What one action adds to the round's history: its sentence (with how many cards
    a pile pickup brought), then any red 3s laid down and replaced (C9)."""
    lines = []
    fresh = _added(before, after)
    if data.get("type") != "next_round":
        said = phrase = _phrase(seat, data, before)
        taken = sum(len(e[2].get("taken", ())) + e[2].get("face_down", 0) for e in fresh
                    if isinstance(e, tuple) and isinstance(e[1], TakePile))  # (Z3: unseen)
        if taken and phrase["key"]:
            said = _said(N_("{said} ({n, plural, one {# more card} other {# more cards}} from "
                            "the pile)"), said=phrase, n=taken)
        line = {"seat": seat, **said, "move": data.get("type")}
        if data.get("type") == "discard":
            line["card"] = data.get("card")  # (the table flies it from the seat, issue 15)
        elif data.get("type") == "meld" and data.get("cards"):
            line["card"] = data["cards"][0]
        lines.append(line)
    for e in fresh:
        if not isinstance(e, dict):
            continue
        if e.get("event") == "red_threes":
            lines.append(_red_threes_line(e))
        elif e.get("event") == "reserve" and data.get("reserve"):
            continue  # R13: the kitty taken with the discard, said in its sentence
        elif e.get("event") == "reserve" and before.rules.reserve_trigger == "hand_empty":
            n = e["count"]  # HF8: the hand used up, the foot joins it
            lines.append({"seat": e["seat"], **_said(
                N_("used up the hand and took up the {packet:word} ({n, plural, one {# card} "
                   "other {# cards}})"), packet=packet_word(before), n=n)})
        elif e.get("event") == "reserve" and before.rules.reserve_from == "dealt":
            n = e["count"]  # PH4: the play completed a canasta, the packet joins at once
            lines.append({"seat": e["seat"], **_said(
                N_("completed a canasta and took the {packet:word} into the hand ({n, plural, "
                   "one {# card} other {# cards}})"), packet=packet_word(before), n=n)})
        elif e.get("event") == "reserve":  # M3: cards from the stock for the initial meld
            n = e["count"]
            lines.append({"seat": e["seat"], **_said(
                N_("took {n, plural, one {# card} other {# cards}} from the stock"), n=n)})
    aside = [c for e in fresh if isinstance(e, tuple) for c in e[2].get("black_threes_aside", ())]
    if aside:  # K10: black 3s taken with the pile, set aside
        lines.append({"seat": seat, **_said(N_("set aside {cards:cards} from the pile"),
                                             cards=list(aside))})
    return lines


def _logged(before, data, after, seat):
    """Add one action's lines to the history; a new round starts a new page of it,
    opened by its deal's red 3s."""
    if after.round_no != LOG["round"]:
        if LOG["lines"]:
            LOG["past"].append({"round": LOG["round"], "lines": LOG["lines"]})
        LOG.update(round=after.round_no, lines=[], sent=0)
    LOG["lines"].extend(_log_lines(before, data, after, seat))


def _rebuild_log(state):
    """The whole game's history, replayed from its save (a resumed or new game)."""
    data = canasta.to_json(state)
    start = data.get("start")
    replay = (canasta.load_position(start, state.seed) if start is not None
              else canasta.new_game(state.rules, state.seed))
    LOG.update(round=replay.round_no, past=[], sent=0, lines=[
        _red_threes_line(e) for e in replay.log_list() if e.get("event") == "red_threes"])
    for raw in data["actions"]:
        after = canasta.apply(replay, canasta.parse_action(raw))
        _logged(replay, raw, after, replay.to_act)
        replay = after


def past_rounds():
    """The history of the rounds before this one (the table shows them on request)."""
    return json.dumps({"rounds": LOG["past"]})


def _human(state):
    """The human's seat this round: seat 0, or None while they sit out (P2, roster)."""
    if not state.rules.roster:
        return HUMAN
    return seat_of(state.rules, state.round_no, HUMAN)


def _coach(state):
    """Explain the position in words for the human (the coach line, canasta/play/coach.py), as
    `_said` gives it (English text, key and parameters)."""
    if _human(state) is None and not state.round_over:
        return _said(N_("You sit out this round ({rule}): the others play it. Watch, or "
                        "press “Skip to the round's end”."), rule="P2")
    text = coach(state, HUMAN)
    return _said("") if text is None else _said(text.key, **text.params)


def _reply(error=None, last=None):
    state = GAME["state"]
    seat = _human(state)
    view = canasta.view_for(state, HUMAN if seat is None else seat)
    if seat is None:
        view = public_view(view)  # P3: the public table only
    save = {
        "schema": SAVE_SCHEMA,
        "engine": canasta.to_json(state),
        "level": GAME["level"],
        "view": view,
    }
    if error is not None and error.get("rule"):
        error = {**error, "href": rule_href(error["rule"])}
    # The history lines the page does not have yet ("from" 0: the page starts afresh).
    history = {"round": LOG["round"], "from": LOG["sent"], "lines": LOG["lines"][LOG["sent"]:]}
    LOG["sent"] = len(LOG["lines"])
    coach = _coach(state)
    engine = save["engine"]
    return json.dumps({
        "history": history,
        "view": view,
        # The save as the text the page stores (parsing it there only to write it back
        # cost a 15-card game's page several ms a move), and the facts its list shows.
        "save_text": json.dumps(save),
        "save_facts": {"seed": engine["seed"], "position": engine.get("start") is not None,
                       "moves": len(engine["actions"]), "level": save["level"],
                       "variant": engine.get("variant")},
        "rules_href": variant_href(state.rules.name),
        "error": error,
        # the coach line in English, and as a sentence the table says in its language
        "coach": coach["text"],
        "coach_said": coach,
        "last": last,
    })


def new_game(options_json):
    options = json.loads(options_json)
    variant = options.get("variant", "classic")
    seed = int(options.get("seed", 0))
    GAME["level"] = _level(options.get("level"))
    position = options.get("position")
    try:
        if position is not None:
            # A set-up position (tests, bug reports, rules questions): protocol JSON.
            GAME["state"] = canasta.load_position(position, seed)
        elif not isinstance(variant, str) or variant not in canasta.VARIANTS:
            raise ValueError(Text("there is no game called {name}", name=repr(variant)))
        else:
            rules = with_house_rules(canasta.get_rules(variant), options.get("house") or [])
            GAME["state"] = canasta.new_game(rules, seed)
    except (KeyError, ValueError) as err:
        return json.dumps({"error": Rejection("setup", Text("Cannot start that game: {why}",
                                                            why=_reason(err))).to_json()})
    _rebuild_log(GAME["state"])
    return _reply()


def resume(save_json):
    """Replay a page save ({"schema", "engine", "level", ...}) and show it, or refuse it.

    Whatever is wrong with a save (a tampered rule set, a move the rules refuse, a
    number too large), the answer is a refusal the page shows, never an exception,
    and the game being played before is kept."""
    before = GAME["state"], GAME["level"]
    try:
        save = json.loads(save_json)
        if not isinstance(save, dict) or save.get("schema") != SAVE_SCHEMA:
            raise canasta.PositionError(
                Text("unknown save format {format}", format=repr(save.get("schema")))
                if isinstance(save, dict) else Text("it is not a save"))
        GAME["state"] = canasta.from_json(save["engine"])
        GAME["level"] = _level(save.get("level"))
        _rebuild_log(GAME["state"])
        return _reply()  # the view is made here too: a save it fails on is refused
    except Exception as err:  # any failure is a refusal, not a crash
        GAME["state"], GAME["level"] = before
        if before[0] is not None:
            _rebuild_log(before[0])
        return json.dumps({"error": Rejection("save", Text(
            "The saved game cannot be loaded: {why}", why=_reason(err))).to_json()})


def _reason(err):
    """Why the engine refused a save or a game as a phrase the table says in the player's
    language: the engine's own sentence (a `Text`: a damaged position, rule set or action
    list, a move its rules refuse), else, for a defect, the exception's type and text."""
    said = err.args[0] if err.args else None
    if isinstance(said, Text):
        return said
    if isinstance(err, IllegalAction):
        return err.rejection.message
    if isinstance(err, json.JSONDecodeError):
        return Text("it is not readable JSON")
    if isinstance(err, KeyError):
        return Text("it has no field {field}", field=repr(said))
    text = str(err)
    text = text if len(text) <= 300 else text[:300] + "…"
    return Text("the engine failed on it ({error})",
                error=f"{type(err).__name__}: {text}" if text else type(err).__name__)


def act(action_json):
    state = GAME["state"]
    if state is None:
        return json.dumps({"error": Rejection("setup", Text("No game is running.")).to_json()})
    try:
        action = canasta.parse_action(json.loads(action_json))
    except (ValueError, canasta.ActionFormatError) as err:
        return _reply(error=Rejection("format", _reason(err)).to_json())
    if _human(state) is None and not isinstance(action, NextRound):
        return _reply(error=Rejection(
            "P2", Text("You sit out this round: the others play it.")).to_json())
    if state.to_act != HUMAN and not isinstance(action, NextRound):
        return _reply(error=Rejection("C6", Text("It is not your turn.")).to_json())
    rejection = canasta.check(state, action)
    if rejection is not None:
        return _reply(error=rejection.to_json())
    GAME["state"] = canasta.apply(state, action)
    data = canasta.action_to_json(action)
    _logged(state, data, GAME["state"], HUMAN)
    return _reply(last={"seat": HUMAN, "action": data, **_phrase(HUMAN, data, state)})


def _step(entry, kind="meld"):
    """A step the page staged or set aside: a card list, or {"cards", "onto"} when it
    goes on a meld named by its id (wild cards put on a meld set aside)."""
    if isinstance(entry, dict):
        data = {"type": kind, "cards": list(entry.get("cards", []))}
        if entry.get("onto") is not None:
            data["onto"] = entry["onto"]
        return data
    return {"type": kind, "cards": list(entry)}


def _landed(before, after, team):
    """The id of the team meld a meld step made or added to."""
    old = {m.id: len(m.cards) for m in before.melds[team]}
    grown = [m.id for m in after.melds[team] if len(m.cards) != old.get(m.id)]
    return grown[0] if grown else None


def assess(request_json):
    """What the human has staged, checked by the engine without playing it (the table's
    safe commitments): the melds set aside for an initial meld (`pending`, in order),
    then the staged `cards` (with `onto`, a meld's id) as one more meld — or, in the draw
    phase, as the cards that take the pile with its top card. Says the points the turn
    would reach toward the initial meld, the minimum, whether the melds complete it, the
    id of the meld each step made or joined (`ids`: the page lets wild cards go on a
    meld set aside), and the first refusal (rule id and sentence) with its cards."""
    state = GAME["state"]
    if state is None or state.round_over or state.to_act != _human(state):
        return json.dumps({"error": None, "points": 0, "minimum": 0, "complete": False})
    try:
        request = json.loads(request_json)
        steps = [_step(e) for e in request.get("pending", [])]
        cards = list(request.get("cards", []))
    except (ValueError, TypeError, AttributeError):
        return json.dumps({"error": Rejection("format", Text("Nothing to check.")).to_json()})
    if cards:
        steps.append(_step({"cards": cards, "onto": request.get("onto")},
                           "take_pile" if state.phase == "draw" else "meld"))
    team = state.rules.team_of(HUMAN)
    reply = {"error": None, "minimum": state.minimum(team), "ids": []}
    for data in steps:
        try:
            action = canasta.parse_action(data)
        except (ValueError, canasta.ActionFormatError) as err:
            reply["error"] = {"rule": "format", "message": str(err), "cards": data["cards"]}
            break
        rejection = canasta.check(state, action)
        if rejection is not None:
            reply["error"] = {**rejection.to_json(), "cards": data["cards"],
                              "href": rule_href(rejection.rule)}  # (its game's page)
            break
        after = canasta.apply(state, action)
        reply["ids"].append(_landed(state, after, team))
        state = after
    reply["points"] = state.turn_points
    reply["complete"] = bool(state.opened[team]) and not state.pending
    return json.dumps(reply)


def _set_aside(state, melds):
    """The state after the melds the page set aside, each checked by the engine."""
    for entry in melds:
        action = canasta.parse_action(_step(entry))
        if canasta.check(state, action) is not None:
            raise ValueError("not a meld the engine accepts here")
        state = canasta.apply(state, action)
    return state


def ai_step():
    state = GAME["state"]
    if state is None or state.game_over or state.round_over or state.to_act == _human(state):
        return _reply()
    seat = state.to_act
    view = canasta.view_for(state, seat)
    seed = state.seed * 1_000_003 + len(state.action_list())
    action = choose_action(view, GAME["level"], seed)
    GAME["state"] = canasta.apply(state, action)
    data = canasta.action_to_json(action)
    _logged(state, data, GAME["state"], seat)
    return _reply(last={"seat": seat, "action": data, **_phrase(seat, data, state)})


def finish_round():
    """P2: the round the human sits out, played on to its end by the computer players."""
    state = GAME["state"]
    if state is None or _human(state) is not None:
        return _reply()
    steps = 0
    while not state.round_over and steps < 10_000:
        seat = state.to_act
        view = canasta.view_for(state, seat)
        seed = state.seed * 1_000_003 + len(state.action_list())
        action = choose_action(view, GAME["level"], seed)
        after = canasta.apply(state, action)
        _logged(state, canasta.action_to_json(action), after, seat)
        state = after
        steps += 1
    GAME["state"] = state
    return _reply()


def hint(request_json=None):
    """What the strong player would do in the human's seat, from the human's view —
    after the melds the page has set aside for an initial meld (`pending`, as `assess`
    takes them), so that following the hints builds it step by step."""
    state = GAME["state"]
    if state is None or state.round_over or state.to_act != _human(state):
        return json.dumps({"hint": None})
    try:
        pending = json.loads(request_json).get("pending", []) if request_json else []
        state = _set_aside(state, pending)
    except (ValueError, TypeError, AttributeError):
        pass  # no melds set aside that the engine accepts: the hint is for the hand
    view = canasta.view_for(state, HUMAN)
    seed = state.seed * 1_000_003 + len(state.action_list())
    data = canasta.action_to_json(choose_action(view, "strong", seed))
    said = _phrase(HUMAN, data, state, advice=True)
    if data["type"] == "discard":
        for why in (explain_turn(view, data), explain_discard(view, read_view(view),
                                                              data["card"])):
            if why:
                said = _said(N_("{said} {why}"), said=said, why=why)
    return json.dumps({"hint": {"action": data, **said}})


def bench_ai(positions_json):
    """The strong level on the committed bench positions, timed inside this worker."""
    from canasta.ai.timing import bench_ai as run

    return json.dumps(run(json.loads(positions_json)))


def variants():
    """The games the engine offers, for the set-up dialog: name, title, seats and teams."""
    return json.dumps([
        {"name": r.name, "title": r.title, "players": r.players, "teams": r.teams}
        for r in canasta.VARIANTS.values()
    ])


def house_rules(variant="classic"):
    """What the set-up dialog offers with the game `variant` (canasta.rules.house_rules): the
    game's own options, then the house rules that apply to it, each with the address of
    its rule (`href`). An unknown game offers none."""
    try:
        rules = canasta.get_rules(variant)
    except KeyError:
        return json.dumps([])
    return json.dumps([{**d, "href": rule_href(d["id"])} for d in describe_house_rules(rules)])


def _start():
    """How this worker's Pyodide started (static/pyodide_start.mjs): "restored" from a
    snapshot, "made" one, "discarded" a bad one, or "plain"; with its time in ms."""
    try:
        import js

        return json.loads(js.JSON.stringify(js.canastaStart))
    except Exception:  # started some other way (a plain Pyodide)
        return {"how": "plain"}


def ping():
    """Readiness check; also reports how long importing the engine took, how the worker
    started, and a sample of its random generator (a restored snapshot reseeds it: two
    restores must not give the same sample)."""
    return json.dumps({"ready": True, "python_started_s": round(_STARTED, 3),
                       "engine_imported_s": round(_IMPORTED, 3), "start": _start(),
                       "random": random.random()})


__export__ = ["new_game", "resume", "act", "assess", "ai_step", "finish_round", "hint",
              "past_rounds", "variants",
              "house_rules", "ping", "bench_ai"]
