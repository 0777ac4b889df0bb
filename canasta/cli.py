"""`python -m canasta simulate | bench | arena | fuzz`: figures printed, never asserted
(`fuzz` exits 1 when any case ended unexpectedly)."""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from pathlib import Path
from typing import Any

from .ai.fast import playout
from .cards import make_deck
from .checks import check
from .legal import legal_actions
from .position import load_position, position_of
from .rules import VARIANTS
from .saves import from_json, new_game, to_json
from .transitions import apply

BENCH_POSITIONS = Path(__file__).resolve().parent.parent / "bench" / "positions.json"


def simulate(games: int, seed: int, variant: str, max_rounds: int = 200) -> dict[str, Any]:
    rules = VARIANTS[variant]
    deck = Counter(make_deck(rules.decks, rules.jokers_per_deck))
    rng = random.Random(seed)
    rounds = actions = violations = stalled = 0
    round_scores: list[int] = []
    wins: Counter[int] = Counter()
    for g in range(games):
        state = new_game(variant, seed * 100_003 + g)
        game_rounds = 0
        while not state.game_over and game_rounds < max_rounds:
            action = rng.choice(legal_actions(state))
            if check(state, action) is not None:
                violations += 1
            state = apply(state, action)
            actions += 1
            if state.cards_in_play() != deck:
                violations += 1
            if state.round_over:
                game_rounds += 1
                rounds += 1
                round_scores.extend(state.history[-1])
                if not state.game_over:
                    state = apply(state, legal_actions(state)[0])
        if not state.game_over:
            stalled += 1
        else:
            totals = state.totals()
            wins[totals.index(max(totals))] += 1
        if from_json(json.loads(json.dumps(to_json(state)))).totals() != state.totals():
            violations += 1
    return {
        "variant": variant,
        "games": games,
        "rounds": rounds,
        "actions": actions,
        "mean_round_score_per_team": round(sum(round_scores) / max(1, len(round_scores)), 1),
        "wins_by_team": dict(sorted(wins.items())),
        "games_not_finished": stalled,
        "invariant_violations": violations,
    }


def make_bench_positions(count: int = 50, seed: int = 2026) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    positions: list[dict[str, Any]] = []
    g = 0
    while len(positions) < count:
        variant = ("classic", "classic", "classic-2p", "classic-3p")[g % 4]
        state = new_game(variant, seed + g)
        g += 1
        stop = rng.randrange(4, 120)
        steps = 0
        while not state.round_over:
            if steps >= stop and state.phase in ("draw", "play") and not state.turn_melded \
                    and not state.pending and not state.asked:
                positions.append(position_of(state))
                break
            state = apply(state, rng.choice(legal_actions(state)))
            steps += 1
    return positions


_cpu = time.process_time


def bench(seconds: float, variant: str) -> dict[str, Any]:
    """Speed figures, per second of this process's CPU time (one core), so that other
    work on the machine does not count against them."""
    result: dict[str, Any] = {"variant": variant}
    # Random round play-outs through the public API.
    rng = random.Random(1)
    rounds = actions = 0
    start = _cpu()
    g = 0
    while _cpu() - start < seconds:
        state = new_game(variant, g)
        g += 1
        while not state.round_over:
            state = apply(state, rng.choice(legal_actions(state)))
            actions += 1
        rounds += 1
    elapsed = _cpu() - start
    result["random_rounds_per_s"] = round(rounds / elapsed, 1)
    result["actions_per_s"] = round(actions / elapsed)
    result["actions_per_round"] = round(actions / max(1, rounds), 1)
    # legal_actions on the committed positions.
    positions = json.loads(BENCH_POSITIONS.read_text())
    states = [load_position(p) for p in positions]
    calls = 0
    start = _cpu()
    while _cpu() - start < seconds:
        for s in states:
            legal_actions(s)
        calls += len(states)
    result["legal_actions_calls_per_s"] = round(calls / (_cpu() - start))
    result["bench_positions"] = len(states)
    # The fast play-out path used by the AI, from freshly dealt rounds (dealing not timed).
    deals = [new_game(variant, 10_000 + i) for i in range(200)]
    fast_rounds = 0
    spent = 0.0
    while spent < seconds:
        start = _cpu()
        for i, deal in enumerate(deals):
            playout(deal, random.Random(i))
        spent += _cpu() - start
        fast_rounds += len(deals)
    result["fast_playout_rounds_per_s"] = round(fast_rounds / spent, 1)
    return result


def bench_ai(positions: list[dict[str, Any]], repeat: int = 1) -> dict[str, Any]:
    """Strong-level decisions and play-outs per second on the committed positions."""
    from .ai import choose_action
    from .ai.arena import time_summary
    from .ai.search import STATS
    from .view import view_for

    views = []
    for data in positions:
        state = load_position(data)
        views.append(view_for(state, state.to_act))
    before = dict(STATS)
    times: list[float] = []
    for r in range(repeat):
        for i, view in enumerate(views):
            start = time.perf_counter()
            choose_action(view, "strong", r * 1000 + i)
            times.append(time.perf_counter() - start)
    spent = sum(times)
    return {
        "positions": len(views),
        "strong_decisions_per_s": round(len(times) / spent, 1),
        "playouts_per_s": round((STATS["playouts"] - before["playouts"]) / spent, 1),
        "time_cap_hits": STATS["time_cap_hits"] - before["time_cap_hits"],
        "seconds": round(spent, 2),
        "timing": time_summary(times),
    }


def main(argv: list[str] | None = None) -> int:
    import sys

    args_in = sys.argv[1:] if argv is None else argv
    if args_in[:1] == ["fuzz"]:
        from .fuzz import main as fuzz_main

        return fuzz_main(args_in[1:])
    if args_in[:1] == ["arena"]:
        import importlib

        arena = importlib.import_module("canasta.ai.arena")
        return int(arena.main(args_in[1:]))
    parser = argparse.ArgumentParser(prog="python -m canasta")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play whole games with random legal moves")
    sim.add_argument("--games", type=int, default=20)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--variant", default="classic", choices=sorted(VARIANTS))
    b = sub.add_parser("bench", help="print play-outs, actions and legal_actions per second")
    b.add_argument("--seconds", type=float, default=3.0)
    b.add_argument("--variant", default="classic", choices=sorted(VARIANTS))
    sub.add_parser("bench-ai", help="strong AI decisions and play-outs per second")
    pos = sub.add_parser("bench-positions", help="regenerate bench/positions.json")
    pos.add_argument("--count", type=int, default=50)
    sub.add_parser("arena", help="duplicate matches between AI levels (see --help there)")
    sub.add_parser("fuzz", help="forged actions, positions, saves and rule sets against the "
                   "engine (see --help there)")
    args = parser.parse_args(args_in)
    if args.command == "simulate":
        print(json.dumps(simulate(args.games, args.seed, args.variant), indent=2))
    elif args.command == "bench":
        print(json.dumps(bench(args.seconds, args.variant), indent=2))
    elif args.command == "bench-ai":
        print(json.dumps(bench_ai(json.loads(BENCH_POSITIONS.read_text())), indent=2))
    else:
        BENCH_POSITIONS.parent.mkdir(exist_ok=True)
        BENCH_POSITIONS.write_text(json.dumps(make_bench_positions(args.count)) + "\n")
        print(f"wrote {args.count} positions to {BENCH_POSITIONS}")
    return 0
