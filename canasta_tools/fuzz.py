"""`python -m canasta fuzz --variant V --cases N [--seed S]`: forged input against the
engine's whole JSON surface, reporting how each case ended.

Five kinds of case, in turn, each from a real game of the variant:
  action      a legal action's JSON (of this state or another), mutated, through
              `parse_action`, `check` and `apply`;
  hand_built  an action built in Python with non-cards, wrong types or no action at
              all, through `check` and `apply`;
  position    `position_of` a real state (sometimes with its rules by value),
              mutated, through `load_position`;
  save        `to_json` of a real game, mutated (rules, actions, seed, schema,
              start), through `from_json`;
  rules       the variant's `RuleSet.to_json()`, some options set to random values
              in or near their ranges or mutated, through `RuleSet.from_json`; an
              accepted rule set deals a game and plays up to 30 random actions.

A case ends "accepted" (the engine took the input; then every invariant below must
hold of the result), or "refused" with one of the engine's typed errors
(`CLEAN_REFUSALS`: IllegalAction, PositionError, ActionFormatError, RuleSetError;
`check` returning a Rejection counts as refused too). Anything else is unexpected and
is a defect: any other exception (KeyError, TypeError, a bare ValueError, OverflowError,
RecursionError, ...) or a broken invariant on accepted input: `check` and `apply`
disagreeing, a state that is not over with no legal action or with a listed action
that `check` refuses, cards created or lost, a view or save that is not plain JSON
(no NaN or Infinity), a save that does not load back to the same game, an action
whose JSON does not parse back to it. Every case is reproducible from (variant,
seed, case number): `--case I` runs one and prints its traceback.

The slowest case is reported twice: by wall-clock time (which on a shared machine
includes time other processes took) and by this process's CPU time."""

from __future__ import annotations

import json
import random
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from canasta.game.actions import (
    Action,
    Answer,
    Discard,
    Meld,
    TakePile,
    action_to_json,
    parse_action,
)
from canasta.game.cards import RANKS, make_deck
from canasta.game.errors import ActionFormatError, IllegalAction, PositionError, RuleSetError, shown
from canasta.game.state import DRAW, PLAY, State
from canasta.io.position import load_position, position_of
from canasta.io.saves import from_json, new_game, to_json
from canasta.io.view import view_for
from canasta.play.checks import check
from canasta.play.legal import legal_actions
from canasta.play.transitions import apply
from canasta.rules.options import CHOICES, OPTIONS
from canasta.rules.ruleset import RuleSet
from canasta.rules.ruleset import _from_json as _read_afresh
from canasta.rules.variants import VARIANTS
from canasta_tools.mutate import mutate, nasty

CLEAN_REFUSALS: tuple[type[Exception], ...] = (
    IllegalAction, PositionError, ActionFormatError, RuleSetError,
)
KINDS = ("action", "hand_built", "position", "save", "rules")
PLAY_STEPS = 30  # random actions played under an accepted rule set


class Defect(Exception):
    """An invariant the engine broke on input it accepted."""


Chooser = Callable[[dict[str, Any], str, int], Action]


class Pool(NamedTuple):
    """Real material of one variant to forge input from."""

    rules: RuleSet
    states: list[State]  # varied phases: draw, play, answer, round over, game over
    positions: list[tuple[dict[str, Any], int]]  # (position JSON, seed)
    saves: list[dict[str, Any]]
    actions: list[dict[str, Any]]  # legal actions' JSON met on the way
    # A computer player (`canasta.ai.choose_action`, passed in by the caller: the engine
    # does not import the AI), whose choices on accepted rule sets `check` must accept.
    choose: Chooser | None = None


@dataclass
class Report:
    variant: str
    seed: int
    cases: int = 0
    tried: Counter[str] = field(default_factory=Counter)
    accepted: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)  # by error class
    unexpected: int = 0
    examples: list[str] = field(default_factory=list)  # the first few unexpected ones
    slowest: float = 0.0  # wall-clock seconds of the slowest case
    slowest_case: str = ""
    slowest_cpu: float = 0.0  # this process's CPU seconds of the slowest case by CPU
    slowest_cpu_case: str = ""
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant, "seed": self.seed, "cases": self.cases,
            "tried": dict(sorted(self.tried.items())),
            "accepted": dict(sorted(self.accepted.items())),
            "refused": sum(self.refused.values()),
            "refused_by_error": dict(sorted(self.refused.items())),
            "unexpected": self.unexpected, "examples": self.examples,
            "slowest_case_seconds": round(self.slowest, 4), "slowest_case": self.slowest_case,
            "slowest_case_cpu_seconds": round(self.slowest_cpu, 4),
            "slowest_cpu_case": self.slowest_cpu_case, "seconds": round(self.seconds, 1),
        }


def make_pool(variant: str, seed: int, choose: Chooser | None = None) -> Pool:
    """States met in a few random rounds of `variant` (and one that ends the game)."""
    rules = VARIANTS[variant]
    rng = random.Random(f"fuzz-pool:{variant}:{seed}")
    states: list[State] = []
    found: list[dict[str, Any]] = []
    for g in range(4):
        state = new_game(rules, seed * 1000 + g)
        rounds = 0
        while rounds < (2 if g == 0 else 1):
            if rng.random() < 0.12 or state.round_over:
                states.append(state)
            if state.round_over:
                rounds += 1
                if state.game_over:
                    break
            options = legal_actions(state)
            action = rng.choice(options)
            found.append(action_to_json(action))
            state = apply(state, action)
    # A round whose end ends the game: a position with a score past the target.
    start = next(s for s in states if _describable(s))
    data = position_of(start)
    data["scores"] = [rules.target_score + 10_000] + [0] * (rules.teams - 1)
    state = load_position(data, seed)
    while not state.round_over:
        state = apply(state, rng.choice(legal_actions(state)))
    states.append(state)
    rng.shuffle(states)
    positions = []
    for s in states:
        if _describable(s):
            data = position_of(s)
            if rng.random() < 0.3:
                data["rules"] = s.rules.to_json()
            positions.append((data, s.seed))
    saves = [to_json(s) for s in states[:12]]
    for data, position_seed in positions[:3]:  # games that start from a position
        state = load_position(data, position_seed)
        for _ in range(rng.randrange(1, 40)):
            if state.round_over:
                break
            state = apply(state, rng.choice(legal_actions(state)))
        saves.append(to_json(state))
    return Pool(rules, states, positions, saves, found[:: max(1, len(found) // 300)], choose)


def _describable(state: State) -> bool:
    return (state.phase in (DRAW, PLAY) and not state.turn_melded and not state.asked
            and not state.pending)


# --- invariants of accepted input ----------------------------------------------------


def _plain_json(value: Any, what: str) -> str:
    try:
        return json.dumps(value, allow_nan=False, sort_keys=True)
    except ValueError as err:
        raise Defect(f"{what} is not plain JSON: {err}") from None


def verify(state: State, rng: random.Random) -> None:
    """Every invariant of a state the engine accepted or reached."""
    deck = Counter(make_deck(state.rules.decks, state.rules.jokers_per_deck))
    if state.cards_in_play() != deck:
        raise Defect("cards were created or lost")
    if not state.round_over:
        listed = legal_actions(state)
        if not listed:
            raise Defect(f"no legal action in phase {state.phase}")
        for action in rng.sample(listed, min(3, len(listed))):
            refusal = check(state, action)
            if refusal is not None:
                raise Defect(f"listed action {action_to_json(action)} refused: {refusal}")
    _plain_json(view_for(state, state.to_act), "a view")
    _plain_json(to_json(state), "a save")


def _reloads(state: State) -> None:
    save = to_json(state)
    again = from_json(json.loads(_plain_json(save, "a save")))
    if to_json(again) != save:
        raise Defect("a save does not load back to the same game")


def _applied(state: State, action: object, rng: random.Random) -> str:
    """check and apply agree on `action`; an applied one leaves a sound state."""
    refusal = check(state, action)  # type: ignore[arg-type]
    try:
        after = apply(state, action)  # type: ignore[arg-type]
    except IllegalAction:
        if refusal is None:
            raise Defect("check allowed an action that apply refused") from None
        raise
    if refusal is not None:
        raise Defect(f"apply made an action check refused ({refusal.rule})")
    recorded = after.actions[0] if after.actions is not None else None
    if recorded is None or parse_action(action_to_json(recorded)) != recorded:
        raise Defect("the action a game records does not parse back from its JSON")
    verify(after, rng)
    if rng.random() < 0.2:
        _reloads(after)
    return "accepted"


# --- the cases ------------------------------------------------------------------------


def _action_case(pool: Pool, rng: random.Random) -> tuple[str, list[str]]:
    state = rng.choice(pool.states)
    listed = [] if state.game_over else legal_actions(state)
    if listed and rng.random() < 0.6:
        data = action_to_json(rng.choice(listed))
    else:
        data = rng.choice(pool.actions)
    data, done = mutate(rng, data) if rng.random() < 0.75 else (data, ["unchanged"])
    action = parse_action(data)
    return _applied(state, action, rng), done


def _cards_from(rng: random.Random, state: State) -> list[str]:
    hand = list(state.hands[state.to_move])
    return rng.sample(hand, min(len(hand), rng.randrange(1, 5)))


def _hand_built_case(pool: Pool, rng: random.Random) -> tuple[str, list[str]]:
    state = rng.choice(pool.states)
    cards: Any = tuple(_cards_from(rng, state))
    bad = rng.randrange(5)
    if bad == 0:
        cards = nasty(rng)
    elif bad == 1:
        cards = (*cards, rng.choice(("XX", None, 5, ("KD",), "kd", "")))
    elif bad == 2:
        cards = list(cards)
    pick = rng.randrange(6)
    action: object
    if pick == 0:
        own = cards if isinstance(cards, (tuple, list)) else ()
        action = Discard(rng.choice((nasty(rng), *own)))
    elif pick == 1:
        action = Meld(cards, rng.choice((None, None, rng.choice(RANKS), nasty(rng))),
                      rng.choice((None, None, 1, 2, nasty(rng))))
    elif pick == 2:
        action = TakePile(cards, rng.choice((None, None, 1, nasty(rng))))
    elif pick == 3:
        action = Answer(rng.choice((True, False, nasty(rng))))
    elif pick == 4:
        action = nasty(rng)
    else:
        action = rng.choice((str, Meld, object(), ("draw",), b"draw", 3 + 4j))
    return _applied(state, action, rng), [f"built {shown(action)}"]


def _moved(rng: random.Random, data: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A mild edit that keeps the position's cards (so that more of them load): a card
    moved between hands, pile and stock, a seat or phase changed, scores changed."""
    data = dict(data)
    places = [("hands", i) for i in range(len(data["hands"]))] + [("pile", None)]
    places += [("stock", None)] if "stock" in data else []
    pick = rng.randrange(4)
    if pick == 0:
        (a, i), (b, j) = rng.choice(places), rng.choice(places)
        src = list(data[a][i] if i is not None else data[a])
        if src:
            card = src.pop(rng.randrange(len(src)))
            if i is None:
                data[a] = src
            else:
                data[a] = [*data[a][:i], src, *data[a][i + 1:]]
            dst = list(data[b][j] if j is not None else data[b])
            dst.insert(rng.randrange(len(dst) + 1), card)
            if j is None:
                data[b] = dst
            else:
                data[b] = [*data[b][:j], dst, *data[b][j + 1:]]
        return data, [f"a card moved from {a} to {b}"]
    if pick == 1:
        key = rng.choice(("to_move", "dealer"))
        data[key] = rng.randrange(-1, len(data["hands"]) + 1)
        return data, [f"{key} = {data[key]}"]
    if pick == 2:
        data["phase"] = rng.choice(("draw", "play", "answer", "Draw"))
        return data, [f"phase = {data['phase']}"]
    data["scores"] = [rng.randint(-3000, 12_000) for _ in data["scores"]]
    data["melded_this_round"] = [rng.random() < 0.5 for _ in data["melded_this_round"]]
    return data, ["scores and melded_this_round changed"]


def _position_case(pool: Pool, rng: random.Random) -> tuple[str, list[str]]:
    data, seed = rng.choice(pool.positions)
    data, done = _moved(rng, data) if rng.random() < 0.5 else mutate(rng, data)
    if rng.random() < 0.05:
        seed = rng.choice((seed + 1, -seed, 10**18, 10**30, True, -1))
        done.append(f"seed {shown(seed)}")
    state = load_position(data, seed)
    verify(state, rng)
    _reloads(state)
    return "accepted", done


def _save_case(pool: Pool, rng: random.Random) -> tuple[str, list[str]]:
    save = dict(rng.choice(pool.saves))
    how = rng.randrange(4)
    if how == 0 and save["actions"]:
        actions = list(save["actions"])
        i, j = rng.randrange(len(actions)), rng.randrange(len(actions))
        op = rng.randrange(4)
        if op == 0:
            del actions[i]
        elif op == 1:
            actions[i], actions[j] = actions[j], actions[i]
        elif op == 2:
            actions.insert(i, rng.choice(pool.actions))
        else:
            actions = actions[:i]
        save["actions"] = actions
        done = [f"actions: op {op} at {i}"]
    elif how == 1:
        save["rules"], done = _random_rules(pool, rng)
    else:
        save, done = mutate(rng, save)
    state = from_json(save)
    _fresh_read(save["rules"], state.rules)
    verify(state, rng)
    _reloads(state)
    return "accepted", done


def _fresh_read(data: Any, rules: RuleSet) -> None:
    """Rules accepted (perhaps as a form `RuleSet.from_json` kept) read the same when
    read afresh: the kept forms never let a value through that validation refuses."""
    try:
        again = _read_afresh(data)
    except RuleSetError as err:
        raise Defect(f"rules accepted from a kept form are refused afresh: {err}") from None
    if again != rules:
        raise Defect("rules read afresh differ from the kept ones")


def _in_range(rng: random.Random, name: str) -> Any:
    option = OPTIONS[name]
    if option.kind == "bool":
        return rng.random() < 0.5
    if option.kind == "int":
        return rng.randint(option.low - 1, option.high + 1) if rng.random() < 0.2 \
            else rng.randint(option.low, min(option.high, option.low + 20))
    if option.kind == "str":
        return rng.choice(("house", "classic", "x" * 61, "<b>x</b>", ""))
    if option.kind == "list":
        return [rng.randint(0, 4) for _ in range(rng.choice((0, 2, 3, 7)))]
    if option.kind == "choice":
        return rng.choice((*CHOICES[name], "", "Optional", 1, None))
    if option.kind == "ids":
        ids = ("C30", "C31", "X4", "H8", "c30", "C", "C1000", "", 30)
        return [[rng.choice(ids), rng.choice(ids)] for _ in range(rng.choice((0, 1, 2, 5)))]
    keys = sorted(rng.sample(range(option.key_low, min(option.key_high, option.key_low + 50)
                                   + 1), rng.randint(0, 4)))
    return [[k, rng.randint(option.low, option.high)] for k in keys]


def _random_rules(pool: Pool, rng: random.Random) -> tuple[Any, list[str]]:
    data = pool.rules.to_json()
    if rng.random() < 0.3:
        return mutate(rng, data)
    names = rng.sample(sorted(OPTIONS), rng.randint(1, 4))
    for name in names:
        data[name] = _in_range(rng, name)
    return data, [f"{n} = {shown(data[n])}" for n in names]


def _rules_case(pool: Pool, rng: random.Random) -> tuple[str, list[str]]:
    data, done = _random_rules(pool, rng)
    rules = RuleSet.from_json(data)
    _fresh_read(data, rules)
    if RuleSet.from_json(rules.to_json()) != rules:
        raise Defect("a rule set does not read back from its JSON")
    state = new_game(rules, rng.randrange(10**6))
    verify(state, rng)
    for _ in range(PLAY_STEPS):
        if state.game_over:
            break
        state = apply(state, rng.choice(legal_actions(state)))
        verify(state, rng)
    _reloads(state)
    if rng.random() < 0.1 and not state.round_over and pool.choose is not None:
        view = view_for(state, state.to_act)
        action = pool.choose(view, rng.choice(("easy", "normal")), rng.randrange(100))
        if check(state, action) is not None:
            raise Defect("the AI chose an action check refuses")
    return "accepted", done


CASES = {
    "action": _action_case, "hand_built": _hand_built_case, "position": _position_case,
    "save": _save_case, "rules": _rules_case,
}


def run_case(pool: Pool, variant: str, seed: int, i: int) -> tuple[str, str, list[str]]:
    """Case `i`: (kind, "accepted" or the refusing error's class, what was mutated).
    Unexpected exceptions and `Defect`s propagate."""
    kind = KINDS[i % len(KINDS)]
    rng = random.Random(f"fuzz:{variant}:{seed}:{i}")
    done: list[str] = []
    try:
        outcome, done = CASES[kind](pool, rng)
    except CLEAN_REFUSALS as err:
        return kind, type(err).__name__, done
    return kind, outcome, done


def run(variant: str, cases: int, seed: int = 0, choose: Chooser | None = None) -> Report:
    report = Report(variant, seed)
    start = time.perf_counter()
    pool = make_pool(variant, seed, choose)
    for i in range(cases):
        kind = KINDS[i % len(KINDS)]
        report.tried[kind] += 1
        report.cases += 1
        began, began_cpu = time.perf_counter(), time.process_time()
        try:
            kind, outcome, _ = run_case(pool, variant, seed, i)
        except Exception as err:  # every other exception is what the fuzzer looks for
            report.unexpected += 1
            if len(report.examples) < 5:
                report.examples.append(describe_failure(variant, seed, i, kind, err))
        else:
            if outcome == "accepted":
                report.accepted[kind] += 1
            else:
                report.refused[outcome] += 1
        spent, cpu = time.perf_counter() - began, time.process_time() - began_cpu
        if spent > report.slowest:
            report.slowest, report.slowest_case = spent, f"{kind} case {i}"
        if cpu > report.slowest_cpu:
            report.slowest_cpu, report.slowest_cpu_case = cpu, f"{kind} case {i}"
    report.seconds = time.perf_counter() - start
    return report


def describe_failure(variant: str, seed: int, i: int, kind: str, err: Exception) -> str:
    frame = traceback.extract_tb(err.__traceback__)[-1] if err.__traceback__ else None
    where = f" at {frame.filename.rsplit('/', 1)[-1]}:{frame.lineno}" if frame else ""
    try:
        text = str(err)[:200]
    except Exception:  # a message that cannot be rendered is itself worth knowing
        text = "(unprintable message)"
    return (f"{kind} case {i} (--variant {variant} --seed {seed} --case {i}): "
            f"{type(err).__name__}{where}: {text}")


def replay(variant: str, seed: int, i: int, choose: Chooser | None = None) -> int:
    """Run case `i` alone and print how it ended (with the traceback of a failure)."""
    pool = make_pool(variant, seed, choose)
    try:
        kind, outcome, done = run_case(pool, variant, seed, i)
    except Exception:
        traceback.print_exc()
        return 1
    print(json.dumps({"case": i, "kind": kind, "outcome": outcome, "mutations": done}))
    return 0


def main(args: list[str], choose: Chooser | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m canasta fuzz")
    # the variants each --variant runs: one, or every variant
    chosen = {"all": sorted(VARIANTS), **{name: [name] for name in sorted(VARIANTS)}}
    parser.add_argument("--variant", default="all", choices=list(chosen))
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--case", type=int, default=None, help="run this one case only")
    opts = parser.parse_args(args)
    variants = chosen[opts.variant]
    if opts.case is not None:
        return max(replay(v, opts.seed, opts.case, choose) for v in variants)
    status = 0
    for variant in variants:
        report = run(variant, opts.cases, opts.seed, choose)
        print(json.dumps(report.to_json()), flush=True)
        status |= report.unexpected > 0
    return status

