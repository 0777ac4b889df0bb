"""`python -m canasta arena --a strong --b normal --rounds N --seeds tuning|evaluation [--first K]`

The deals come from one of two fixed, disjoint seed lists (`canasta_tools/seeds.py`):
TUNING (seeds 1-99,999, every seed used before the lists existed) for trying
things, EVALUATION (seeds 7,340,001-7,350,000) for published figures only.
`--seeds L --first K --rounds N` plays entries K to K+N-1 of list L (K = 0 by
default); `--seed S` is short for the tuning entries from seed S on and refuses
evaluation seeds and seeds on neither list. The printed JSON names the list,
the first entry and the seeds played.

Duplicate matches: every deal (it depends only on the seed and the round) is
played twice, once with level A in the partnership of seats 0 and 2 and once
with A in seats 1 and 3, so the luck of the cards cancels (with three players,
three times: A in each seat once, B in the other two). Printed: A's round
win rate and mean score difference per round (A's total minus the others'
mean), each with a 95% confidence interval over the round pairs (a pair is the
unit: its rounds share a deal),
mean / p95 / max seconds per decision for each level, and the strong level's
search counts (play-outs, wall-clock cap hits) summed over every process.

A long match can be played in parts (`--first`), each with `--record FILE`; then
`arena --merge FILE...` prints the figures of all the parts as one match.

`--scores zero` (the default) starts every deal at 0-0; `--scores varied` gives
each pair the team scores of one of `SITUATIONS` in turn (the scores belong to
the seats, so both halves of a pair play the same situation), so that the
initial-meld minimums of 90 and 120 and the judgements that depend on being
ahead or behind come into play.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import math
import statistics
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from typing import IO, Any

from canasta.ai import choose_action
from canasta.ai.search import STATS
from canasta.ai.timing import time_summary
from canasta.io.view import view_for
from canasta.play.scoring import score_round
from canasta.play.transitions import apply, deal_round
from canasta.rules.house_rules import rules_named
from canasta.rules.ruleset import RuleSet
from canasta_tools.seeds import LISTS, pick, tuning_entry

# Team scores before the deal (team 0, team 1, team 2 for three players): level,
# each side ahead, both past 1500 (minimum 90) and 3000 (minimum 120), near the end.
SITUATIONS: tuple[tuple[int, int, int], ...] = (
    (0, 0, 0), (1700, 400, 900), (400, 1700, 900), (1900, 1800, 1600),
    (3300, 1200, 2400), (1200, 3300, 2400), (3400, 3100, 3200), (4400, 4600, 4500),
)


def play_round(variant: str | RuleSet, seed: int, round_no: int, levels: tuple[str, ...],
               scores: tuple[int, ...] = ()) -> dict[str, Any]:
    """One round of one deal (of a variant named, or of any rule set by value);
    levels[t] plays for team t, from the team scores given (default 0). Returns
    totals and timings."""
    rules = variant if isinstance(variant, RuleSet) else rules_named(variant)
    # (a situation names three teams: more teams take its scores again in turn)
    start_scores = tuple(scores[t % len(scores)] if scores else 0 for t in range(rules.teams))
    state = deal_round(rules, seed, round_no, (rules.players - 1 + round_no - 1) % rules.players,
                       start_scores)
    minimum = [state.minimum(t) for t in range(rules.teams)]
    times: dict[str, list[float]] = {level: [] for level in levels}
    steps = 0
    while not state.round_over:
        seat = state.to_act
        level = levels[seat % rules.teams]
        start = time.perf_counter()
        action = choose_action(view_for(state, seat), level, seed * 7919 + round_no * 131 + steps)
        times[level].append(time.perf_counter() - start)
        state = apply(state, action)
        steps += 1
    return {"scores": [row["total"] for row in score_round(state)], "times": times,
            "minimum": minimum}


def duplicate_set(args: tuple[str, int, int, str, str, tuple[int, ...]]) -> dict[str, Any]:
    """One deal played once per team, level A taking each team's seats in turn and
    level B the others (a pair of rounds for two teams, three rounds for three
    players). A's margin in a round: its total minus the others' mean; A wins a
    round by scoring more than every other team."""
    variant, seed, round_no, a, b, scores = args
    teams = rules_named(variant).teams
    before = dict(STATS)
    margin = 0.0
    wins: list[bool] = []
    times: dict[str, list[float]] = {}
    for team in range(teams):
        levels = tuple(a if t == team else b for t in range(teams))
        half = play_round(variant, seed, round_no, levels, scores)
        mine = half["scores"][team]
        others = [x for t, x in enumerate(half["scores"]) if t != team]
        margin += mine - statistics.fmean(others)
        wins.append(mine > max(others))
        for level, ts in half["times"].items():
            times.setdefault(level, []).extend(ts)
    return {"margin": margin, "a_wins": wins, "times": times,
            "search": {k: STATS[k] - before[k] for k in STATS}}


def _interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, float("nan")
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def run(a: str, b: str, rounds: int, *, seeds: str = "tuning", first: int = 0, jobs: int = 1,
        variant: str = "classic", scores: str = "zero", record: str = "") -> dict[str, Any]:
    """`rounds` duplicate sets on entries `first`.. of seed list `seeds` (see `seeds.py`);
    `record`: a file that keeps each set's result, one JSON line per seed, for `merge` —
    written as each set finishes, so a long run stopped part-way keeps what it played
    (and its lines count its progress)."""
    chosen = pick(seeds, first, rounds)
    situations = SITUATIONS if scores == "varied" else SITUATIONS[:1]
    tasks = [(variant, seed, 1, a, b, situations[i % len(situations)])
             for i, seed in enumerate(chosen)]
    results: list[dict[str, Any]] = []
    with ExitStack() as stack:
        out = stack.enter_context(_open(record, "w")) if record else None
        if jobs > 1:
            played: Iterator[dict[str, Any]] = stack.enter_context(
                ProcessPoolExecutor(jobs)).map(duplicate_set, tasks)
        else:
            played = map(duplicate_set, tasks)
        for seed, result in zip(chosen, played, strict=True):
            results.append(result)
            if out is not None:
                out.write(json.dumps({"a": a, "b": b, "variant": variant, "seeds": seeds,
                                      "seed": seed, "scores": scores, **result,
                                      "times": {level: [round(t, 5) for t in ts]  # 10 µs
                                                for level, ts in result["times"].items()}})
                          + "\n")
                out.flush()
    return summary(a, b, variant, results, seeds=seeds, first=first, chosen=chosen,
                   scores=scores)


def summary(a: str, b: str, variant: str, results: list[dict[str, Any]], *, seeds: str,
            first: int, chosen: Sequence[int], scores: str) -> dict[str, Any]:
    """The printed figures of duplicate sets `results` (one per seed of `chosen`)."""
    wins = [statistics.fmean(r["a_wins"]) for r in results]
    margins = [r["margin"] / len(r["a_wins"]) for r in results]
    win_rate, win_ci = _interval(wins)
    margin, margin_ci = _interval(margins)
    timing: dict[str, dict[str, float]] = {}
    for level in (a, b):
        ts = [t for r in results for t in r["times"].get(level, [])]
        if ts:
            timing[level] = time_summary(ts)
    search = {k: sum(r["search"].get(k, 0) for r in results) for k in STATS}  # (older records: 0)
    return {
        "a": a, "b": b, "variant": variant, "round_pairs": len(results),
        "seeds": {"list": seeds, "first": first, "from": chosen[0], "to": chosen[-1]},
        "scores": scores,
        "a_round_win_rate": round(win_rate, 3), "win_rate_ci95": round(win_ci, 3),
        "a_mean_score_diff_per_round": round(margin, 1), "score_diff_ci95": round(margin_ci, 1),
        "timing": timing, "search": search,
    }


def _open(path: str, mode: str) -> IO[str]:
    """A record file as text ("r" or "w"); gzip-compressed where its name ends in .gz (the
    records of the published figures are kept that way in bench/arena/)."""
    if path.endswith(".gz"):
        return io.TextIOWrapper(gzip.GzipFile(path, mode + "b"), encoding="utf-8")
    return open(path, mode, encoding="utf-8")


def merge(paths: list[str]) -> dict[str, Any]:
    """The figures of several `--record` files of one match (same levels, variant, seed
    list and scores) as if played in one run: a long match played in parts, on any
    machine. Refused when they differ, a seed appears twice or one between them is missing."""
    rows: list[dict[str, Any]] = []
    for path in paths:
        with _open(path, "r") as source:
            rows.extend(json.loads(line) for line in source if line.strip())
    if not rows:
        raise ValueError("no recorded duplicate sets in " + ", ".join(paths))
    keys = {(r["a"], r["b"], r["variant"], r["seeds"], r["scores"]) for r in rows}
    if len(keys) > 1:
        raise ValueError(f"the records are of different matches: {sorted(keys)}")
    rows.sort(key=lambda r: int(r["seed"]))
    chosen = [int(r["seed"]) for r in rows]
    if len(set(chosen)) < len(chosen):
        raise ValueError("a seed is recorded twice")
    a, b, variant, seeds, scores = keys.pop()
    ordered = LISTS[seeds]
    first = ordered.index(chosen[0])
    if chosen != list(ordered[first:first + len(chosen)]):
        raise ValueError("the records leave a gap in the seed list: play the missing entries")
    return summary(a, b, variant, rows, seeds=seeds, first=first, chosen=chosen,
                   scores=scores)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--a", default="normal")
    parser.add_argument("--b", default="easy")
    parser.add_argument("--rounds", type=int, default=50,
                        help="duplicate round pairs: that many consecutive entries of the list")
    parser.add_argument("--seeds", choices=tuple(LISTS), default=None,
                        help="the seed list: tuning (default; try things here) or evaluation "
                             "(published figures only, never tuned on)")
    parser.add_argument("--first", type=int, default=None,
                        help="entry of the list to start from (0-based, default 0)")
    parser.add_argument("--seed", type=int, default=None,
                        help="start at this tuning seed (same as --seeds tuning --first S-1); "
                             "evaluation seeds and seeds on neither list are refused")
    parser.add_argument("--jobs", type=int, default=1)
    from canasta_tools.cli import VARIANT_HELP, variant_name

    parser.add_argument("--variant", default="classic", type=variant_name, help=VARIANT_HELP)
    parser.add_argument("--scores", choices=("zero", "varied"), default="zero",
                        help="team scores before each deal: 0-0, or a cycle of SITUATIONS")
    parser.add_argument("--record", default="",
                        help="also write each duplicate set's result to this file (JSON lines)")
    parser.add_argument("--merge", nargs="+", default=None, metavar="FILE",
                        help="print the figures of --record files of one match played in "
                             "parts, instead of playing")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m canasta arena", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    args = parser.parse_args(argv)
    seeds, first = args.seeds or "tuning", args.first or 0
    if args.merge:
        try:
            print(json.dumps(merge(args.merge), indent=2))
        except (OSError, ValueError, KeyError) as error:
            parser.error(str(error))
        return 0
    try:
        if args.seed is not None:
            if args.seeds is not None or args.first is not None:
                parser.error("--seed S is short for --seeds tuning --first K: give one or the "
                             "other")
            first = tuning_entry(args.seed, args.rounds)
        pick(seeds, first, args.rounds)
    except ValueError as error:
        parser.error(str(error))
    print(json.dumps(run(args.a, args.b, args.rounds, seeds=seeds, first=first, jobs=args.jobs,
                         variant=args.variant, scores=args.scores, record=args.record),
                     indent=2))
    return 0
