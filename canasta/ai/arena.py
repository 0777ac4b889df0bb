"""`python -m canasta arena --a strong --b normal --rounds N --seed S [--jobs 2]`

Duplicate matches: every deal (it depends only on the seed and the round) is
played twice, once with level A in the partnership of seats 0 and 2 and once
with A in seats 1 and 3, so the luck of the cards cancels. Printed: A's round
win rate and mean score difference per round pair, each with a 95% confidence
interval, and mean / p95 / max seconds per decision for each level.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..rules import get_rules
from ..scoring import score_round
from ..transitions import apply, deal_round
from ..view import view_for
from . import choose_action
from .search import STATS


def play_round(variant: str, seed: int, round_no: int, levels: tuple[str, str]) -> dict[str, Any]:
    """One round of one deal; levels[t] plays for team t. Returns totals and timings."""
    rules = get_rules(variant)
    state = deal_round(rules, seed, round_no, (rules.players - 1 + round_no - 1) % rules.players,
                       tuple(0 for _ in range(rules.teams)))
    times: dict[str, list[float]] = {levels[0]: [], levels[1]: []}
    steps = 0
    while not state.round_over:
        seat = state.to_act
        level = levels[seat % rules.teams]
        start = time.perf_counter()
        action = choose_action(view_for(state, seat), level, seed * 7919 + round_no * 131 + steps)
        times[level].append(time.perf_counter() - start)
        state = apply(state, action)
        steps += 1
    return {"scores": [row["total"] for row in score_round(state)], "times": times}


def duplicate_pair(args: tuple[str, int, int, str, str]) -> dict[str, Any]:
    variant, seed, round_no, a, b = args
    first = play_round(variant, seed, round_no, (a, b))
    second = play_round(variant, seed, round_no, (b, a))
    # A's margin in each half: A is team 0 in the first, team 1 in the second.
    margin = (first["scores"][0] - first["scores"][1]) + (second["scores"][1] - second["scores"][0])
    times: dict[str, list[float]] = {}
    for half in (first, second):
        for level, ts in half["times"].items():
            times.setdefault(level, []).extend(ts)
    return {"margin": margin, "a_won_first": first["scores"][0] > first["scores"][1],
            "a_won_second": second["scores"][1] > second["scores"][0], "times": times}


def time_summary(seconds: list[float]) -> dict[str, float]:
    """How many decisions, and their mean, 95th percentile and longest time (s)."""
    ts = sorted(seconds)
    return {
        "decisions": len(ts),
        "mean_s": round(statistics.fmean(ts), 4),
        "p95_s": round(ts[int(0.95 * (len(ts) - 1))], 4),
        "max_s": round(ts[-1], 4),
    }


def _interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, float("nan")
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def run(a: str, b: str, rounds: int, seed: int, jobs: int, variant: str) -> dict[str, Any]:
    tasks = [(variant, seed + i, 1, a, b) for i in range(rounds)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(duplicate_pair, tasks))
    else:
        results = [duplicate_pair(t) for t in tasks]
    wins = [float(r["a_won_first"]) for r in results] + [float(r["a_won_second"]) for r in results]
    margins = [r["margin"] / 2 for r in results]
    win_rate, win_ci = _interval(wins)
    margin, margin_ci = _interval(margins)
    timing: dict[str, dict[str, float]] = {}
    for level in (a, b):
        ts = [t for r in results for t in r["times"].get(level, [])]
        if ts:
            timing[level] = time_summary(ts)
    return {
        "a": a, "b": b, "variant": variant, "round_pairs": rounds, "seed": seed,
        "a_round_win_rate": round(win_rate, 3), "win_rate_ci95": round(win_ci, 3),
        "a_mean_score_diff_per_round": round(margin, 1), "score_diff_ci95": round(margin_ci, 1),
        "timing": timing, "search": dict(STATS) if jobs <= 1 else "counted in worker processes",
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--a", default="normal")
    parser.add_argument("--b", default="easy")
    parser.add_argument("--rounds", type=int, default=50, help="duplicate round pairs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--variant", default="classic")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m canasta arena", description=__doc__)
    add_arguments(parser)
    args = parser.parse_args(argv)
    print(json.dumps(run(args.a, args.b, args.rounds, args.seed, args.jobs, args.variant),
                     indent=2))
    return 0
