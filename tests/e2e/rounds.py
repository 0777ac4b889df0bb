"""Rounds played through the page and checked in CPython (issue 11): a scripted human
seat that plays through the UI, the engine's state read back from the page's save, the
same round replayed here with the worker's AI seeds, and a snapshot of the table for
comparing it across a reload."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

import canasta
from canasta.ai import choose_action
from canasta.game.actions import DRAW
from canasta.game.cards import WILDS
from canasta.mechanics.sequences import SEQUENCE
from canasta.rules.roster import public_view, seat_of
from tests.e2e.conftest import my_turn, saved_game, select

CURRENT = "canasta:v1:current"
Json = dict[str, Any]
Policy = Callable[[canasta.State], Json]


def first_card_discard(state: canasta.State) -> Json:
    """The plainest human (conftest.play_human_turn): answer yes, draw, discard the
    first card of the hand."""
    if state.phase == "answer":
        return {"type": "answer", "yes": True}
    if state.phase == "draw":
        return canasta.action_to_json(DRAW)
    return {"type": "discard", "card": canasta.view_for(state, 0)["hand"][0]}


def melds_first(state: canasta.State) -> Json:
    """A human who melds whatever the engine lists: the first listed meld, else the
    first listed move other than asking to go out (draw, discard, an answer)."""
    legal = [canasta.action_to_json(a) for a in canasta.legal_actions(state)]
    melds = [a for a in legal if a["type"] == "meld"]
    return melds[0] if melds else next(a for a in legal if a["type"] != "ask")


def as_sent(state: canasta.State, action: Json) -> Json:
    """A move as the table sends it when `play_through_ui` plays it (ui_actions.py): a
    meld names no rank, and wild cards put on a meld, or cards put on a sequence, name
    it by its id (`onto`)."""
    if action["type"] != "meld":
        return action
    sent: Json = {"type": "meld", "cards": list(action["cards"])}
    meld = clicked_meld(state, action)
    if meld is not None:
        sent["onto"] = meld.id
    elif action.get("new") and beside_its_rank(state, action):
        sent["new"] = True  # put on "+ New meld" beside the team's meld of the rank (S5)
    return sent


def beside_its_rank(state: canasta.State, action: Json) -> bool:
    """Whether the human's team holds a meld of the rank of the action's naturals (the
    table then sends "+ New meld" as "new", ui_actions.new_group)."""
    ranks = {c[0] for c in action["cards"] if c not in WILDS}
    return len(ranks) == 1 and any(m.rank in ranks for m in state.melds[state.rules.team_of(0)])


def clicked_meld(state: canasta.State, action: Json) -> Any:
    """The team meld the scripted human clicks to play a meld (wild cards alone onto a
    meld, cards onto a sequence), or None (the Meld button)."""
    return wild_target(state, action) or sequence_target(state, action)


def sequence_target(state: canasta.State, action: Json) -> Any:
    """The human's team sequence (S6) a meld names by its id, or None."""
    onto = action.get("onto")
    return next((m for m in state.melds[state.rules.team_of(0)]
                 if m.id == onto and m.kind == SEQUENCE), None)


def wild_target(state: canasta.State, action: Json) -> Any:
    """The human's team meld that wild cards alone are put on, or None (a meld of
    naturals finds its meld by rank; Free Canasta's wild cards their own meld)."""
    onto, rank = action.get("onto"), action.get("rank")
    if not all(c in WILDS for c in action["cards"]) or (rank is None and onto is None):
        return None
    return next(m for m in state.melds[0] if (m.id == onto if onto is not None
                                               else m.rank == rank))


def saved(page: Page) -> Json:
    save: Json = saved_game(page)
    return save


def saved_state(page: Page) -> canasta.State:
    """The engine's replay (canasta.from_json) of the game the page has saved."""
    return canasta.from_json(saved(page)["engine"])


def play_through_ui(page: Page, state: canasta.State, action: Json) -> None:
    """Play one of the human's moves with the table's own controls."""
    kind = action["type"]
    if kind == "draw":
        page.get_by_test_id("btn-draw").click()
    elif kind == "answer":
        page.get_by_test_id("answer-yes" if action["yes"] else "answer-no").click()
    elif kind == "discard":
        select(page, [action["card"]])
        page.get_by_test_id("btn-discard").click()
    elif kind == "meld":
        select(page, action["cards"])
        meld = clicked_meld(state, action)
        if meld is not None:
            # Wild cards alone, or cards for a sequence, join the meld they are put on:
            # click it (named by id).
            page.locator(f"[data-meld-id='{meld.id}'][data-act=meld-target]").click()
        elif action.get("new"):
            page.get_by_test_id("new-meld").click()  # S5: a meld beside one of its rank
        else:
            page.get_by_test_id("btn-meld").click()
    else:
        raise AssertionError(f"the scripted human cannot play {action}")


def wait_for_actions(page: Page, count: int) -> None:
    """Until the page's save holds more than `count` actions (the others' turns between
    two of the human's: up to a minute on a loaded machine)."""
    page.wait_for_selector("body[data-game-key]", state="attached")
    page.wait_for_function(
        "(n) => { const t = localStorage.getItem(document.body.dataset.gameKey);"
        " return t !== null && JSON.parse(t).engine.actions.length > n; }",
        arg=count, timeout=60_000)


def play_human_turns(page: Page, policy: Policy, turns: int,
                     play: Callable[[Page, canasta.State, Json], None] | None = None
                     ) -> canasta.State:
    """Play the human's seat with `policy` through the UI (`play`: with the mouse,
    `play_through_ui`, unless told otherwise) for `turns` turns (or to the round's end);
    the AIs play the others. Each move is the policy's choice on the engine's replay of
    the page's save, so the round is the one `expected_round` plays."""
    play = play or play_through_ui
    for _ in range(turns):
        state = saved_state(page)
        if state.round_over or state.to_act != 0 or state.phase != "play":
            # (In the human's play phase the page waits for them: nothing to wait for.)
            my_turn(page)
            state = saved_state(page)
        while not state.round_over and state.to_act == 0:
            count = len(state.action_list())
            steps = initial_meld_steps(state, policy)
            for step_state, action in steps:
                play(page, step_state, action)
            wait_for_actions(page, count + len(steps) - 1)
            state = saved_state(page)
        if state.round_over:
            break
    return saved_state(page)


def initial_meld_steps(state: canasta.State, policy: Policy) -> list[tuple[canasta.State, Json]]:
    """The policy's next move; when it is a meld before the team has opened, every meld
    of the initial meld it goes on to make: the table sets them aside and lays them
    down together once they reach the minimum (issue 15), so the page's save gains them
    all at once. Each with the state it is chosen in."""
    action = policy(state)
    steps = [(state, action)]
    team = state.rules.team_of(0)
    if action["type"] != "meld" or state.opened[team]:
        return steps
    after = canasta.apply(state, canasta.parse_action(as_sent(state, action)))
    while not after.opened[team] and after.to_act == 0 and not after.round_over:
        action = policy(after)
        if action["type"] != "meld":
            break
        steps.append((after, action))
        after = canasta.apply(after, canasta.parse_action(as_sent(after, action)))
    return steps


def expected_round(variant: str | canasta.RuleSet, seed: int, level: str,
                   policy: Policy = first_card_discard) -> canasta.State:
    """The round the page plays (the human's seat by `policy`, each move as the table
    sends it; the others by the AI with the worker's seeds), replayed here: its end."""
    state = canasta.new_game(variant, seed)
    while not state.round_over:
        if state.to_act == 0:
            action = canasta.parse_action(as_sent(state, policy(state)))
        else:
            seed_now = state.seed * 1_000_003 + len(state.action_list())
            action = choose_action(canasta.view_for(state, state.to_act), level, seed_now)
        state = canasta.apply(state, action)
    return state


def store_save(page: Page, state: canasta.State, level: str = "easy") -> None:
    """Store a save of `state` as the page writes them (the view of the human's seat,
    or the public view while they sit out), from a page without the game."""
    seat = seat_of(state.rules, state.round_no, 0) if state.rules.roster else 0
    view = canasta.view_for(state, 0 if seat is None else seat)
    if seat is None:
        view = public_view(view)
    save = {"schema": "canasta-table/1", "engine": canasta.to_json(state), "level": level,
            "view": view}
    page.goto("/rules.html")
    page.evaluate(f"(s) => localStorage.setItem('{CURRENT}', s)", json.dumps(save))


def moves(state: canasta.State) -> list[tuple[int, Json]]:
    """Each action of the round with who made it (from the log)."""
    seats = [int(e["seat"]) for e in state.log_list() if "action" in e]
    return list(zip(seats, map(canasta.action_to_json, state.action_list()), strict=True))


def turn_from(state: canasta.State, start: int) -> list[str]:
    """The kinds of the human's actions from action `start` until another seat acts."""
    kinds = []
    for seat, action in moves(state)[start:]:
        if seat != 0:
            break
        kinds.append(str(action["type"]))
    return kinds


def totals(state: canasta.State) -> list[int]:
    return [int(r["total"]) for r in canasta.round_score(state)]  # type: ignore[call-overload]


# ----- the table as the player sees it, and a reload ----------------------------------
TABLE = """() => {
    const all = (s, root) => [...(root || document).querySelectorAll(s)];
    const text = (s) => { const e = document.querySelector(s); return e ? e.textContent : null; };
    return {
        hand: all('[data-testid=hand-card]').map(e => e.dataset.card),
        melds: all('[data-meld-id]').map(e => [e.dataset.testid, e.dataset.meldId,
            all('.card', e).map(c => c.dataset.card), e.getAttribute('aria-label')]),
        red_threes: all('[data-testid^=red-threes-]').map(e => e.textContent),
        scores: all('[data-testid^=score-]').map(e => e.textContent),
        round: text('[data-testid=round]'),
        banner: text('[data-testid=banner]'),
        seats: all('section.seat:not([hidden])').map(e => [e.dataset.testid,
            e.className, e.querySelector('[data-testid=hand-size]').textContent]),
        me: document.querySelector('[data-testid=seat-0-name]').className,
        stock: text('[data-testid=stock-count]'),
        pile: document.querySelector('[data-testid=pile]').textContent,
        controls: all('#controls button').map(b => [b.dataset.testid, b.disabled]),
        history: text('[data-testid=history]'),
    };
}"""

# Installed before the page loads: the table as drawn at the moment the page marks
# "resumed" (just after it has drawn the engine's answer to the save, before any AI
# moves on), with the save stored then.
ON_RESUME = """
    const realMark = performance.mark.bind(performance);
    performance.mark = (name, ...rest) => {
        if (name === 'resumed') {
            const key = document.body.dataset.gameKey;
            window.__resumed = {table: (TABLE)(), key: key, save: localStorage.getItem(key)};
        }
        return realMark(name, ...rest);
    };
""".replace("TABLE", TABLE)


def table_now(page: Page) -> Json:
    """The table and the save, read together (an AI move cannot fall between them)."""
    page.wait_for_selector("body[data-game-key]", state="attached")
    found: Json = page.evaluate(
        f"() => {{ const key = document.body.dataset.gameKey;"
        f" return {{table: ({TABLE})(), key: key, save: localStorage.getItem(key)}}; }}")
    return found


def reload_and_compare(page: Page, query: str = "fast=1") -> Json:
    """Reload the game and check the table drawn from the save equals the one before:
    hand, melds with their ids, scores, whose turn. The AIs may be moving (a round the
    human sits out): the table and its save are read in one step, the page is left for
    a page without the game, and that save is the one the reloaded page resumes.
    The page must have been opened after `page.add_init_script(ON_RESUME)`."""
    before = table_now(page)
    page.goto("/rules.html")
    page.evaluate("([k, s]) => localStorage.setItem(k, s)", [before["key"], before["save"]])
    page.goto("/?" + query)
    page.wait_for_function("() => window.__resumed !== undefined", timeout=60_000)
    after: Json = page.evaluate("() => window.__resumed")
    assert after["key"] == before["key"]  # the same game, by its id
    assert after["table"] == before["table"]
    old, new = json.loads(before["save"]), json.loads(after["save"])
    assert new["view"] == old["view"]
    assert new["engine"] == old["engine"]
    return old
