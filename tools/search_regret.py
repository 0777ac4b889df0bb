"""How much the strong level's choice loses to noise: its decision regret against its own
estimate (issue 19's search work).

    python tools/search_regret.py [--variant classic] [--positions 80] [--seed 40000]
                                  [--reference 3000] [--budget 480] [--trials 4]

Positions: rounds of the normal level against itself from tuning seed `--seed` on (never
evaluation seeds), a position kept every 10-60 decisions where the search has more than
one candidate. For each position the search's own estimate of every candidate comes from
`--reference` sampled deals; then, `--trials` times, the candidates are played out with
the real budget (`--budget` play-outs shared among them, as `choose_by_search` does) and
each selection rule picks one. Printed: for each rule, the points a round it loses per
decision against the candidate the reference estimate ranks first (regret), at the budget
and at twice the budget. Rules: the search's own (the highest mean, ties to normal),
a margin of 25 points, paired lower bounds (`search.paired_lower`) at z = 0.5, 1 and 1.5,
and normal's choice.

A rule with less regret follows the estimate more closely; whether the estimate itself
is right (the play-out policy, the sampled deals, the candidates) only the arena tells.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from canasta import new_game  # noqa: E402
from canasta.ai import search  # noqa: E402
from canasta.ai.heuristic import choose_heuristic  # noqa: E402
from canasta.ai.knowledge import read_view  # noqa: E402
from canasta.ai.worlds import sample_world  # noqa: E402
from canasta.game.actions import parse_action  # noqa: E402
from canasta.io.view import view_for  # noqa: E402
from canasta.play.transitions import apply  # noqa: E402
from canasta_tools.seeds import TUNING  # noqa: E402

Rows = list[list[float | None]]


def positions(variant: str, count: int, seed: int) -> list[dict[str, Any]]:
    """`count` views where the search weighs more than one candidate."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    game = 0
    while len(out) < count:
        if seed + game not in TUNING:
            raise SystemExit("positions come from tuning seeds only")
        state = new_game(variant, seed + game)
        game += 1
        step, keep_at = 0, rng.randrange(2, 60)
        while not state.round_over and len(out) < count:
            view = view_for(state, state.to_act)
            choice = choose_heuristic(view, "normal", step)
            if (step >= keep_at and len(view["legal"]) > 1 and view["phase"] in ("draw", "play")
                    and len(search._candidates(view, choice, read_view(view))) > 1):
                out.append(view)
                keep_at = step + rng.randrange(10, 60)
            state = apply(state, parse_action(choice))
            step += 1
    return out


def play_outs(view: dict[str, Any], deals: int, seed: int) -> tuple[list[Any], Rows]:
    """The candidates and, for each of `deals` sampled deals, each one's play-out score."""
    know = read_view(view)
    candidates = search._candidates(view, choose_heuristic(view, "normal", seed), know)
    rng = random.Random(seed)
    memory = search.memory_of(know)
    team = view["seat"] % view["teams"]
    rows: Rows = []
    for _ in range(deals):
        world = sample_world(view, rng, know)
        world_seed = rng.randrange(1 << 30)
        rows.append([search._rollout(world, parse_action(c), team, world_seed, memory)[0]
                     for c in candidates])
    return candidates, rows


def means(rows: Rows, k: int) -> list[float]:
    out = []
    for i in range(k):
        values = [v for r in rows if (v := r[i]) is not None]
        out.append(sum(values) / len(values) if values else float("-inf"))
    return out


def by_mean(margin: float) -> Callable[[Rows, int], int]:
    def rule(rows: Rows, k: int) -> int:
        m = means(rows, k)
        best = max(range(k), key=m.__getitem__)
        return 0 if m[best] - m[0] <= margin else best
    return rule


def by_paired(z: float) -> Callable[[Rows, int], int]:
    def rule(rows: Rows, k: int) -> int:
        best = max(range(k), key=lambda i: search.paired_lower(rows, i, z))
        return 0 if search.paired_lower(rows, best, z) <= 0.0 else best
    return rule


RULES: dict[str, Callable[[Rows, int], int]] = {
    "highest mean (the search's)": by_mean(search.MARGIN),
    "margin 25": by_mean(25.0),
    "paired z=0.5": by_paired(0.5),
    "paired z=1": by_paired(1.0),
    "paired z=1.5": by_paired(1.5),
    "normal's choice": lambda rows, k: 0,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--positions", type=int, default=80)
    parser.add_argument("--seed", type=int, default=40000)
    parser.add_argument("--reference", type=int, default=3000)
    parser.add_argument("--budget", type=int, default=search.DEFAULT_PLAYOUTS)
    parser.add_argument("--trials", type=int, default=4)
    args = parser.parse_args()
    started = time.perf_counter()
    views = positions(args.variant, args.positions, args.seed)
    regret = {budget: dict.fromkeys(RULES, 0.0) for budget in (args.budget, 2 * args.budget)}
    for p, view in enumerate(views):
        candidates, rows = play_outs(view, args.reference, 10_000 + p)
        k = len(candidates)
        estimate = means(rows, k)
        top = max(estimate)
        for budget, lost in regret.items():
            for t in range(args.trials):
                again, trial = play_outs(view, max(1, budget // k), 20_000 + 97 * p + t + budget)
                assert again == candidates
                for name, rule in RULES.items():
                    lost[name] += (top - estimate[rule(trial, k)]) / args.trials
    n = len(views)
    print(json.dumps({
        "variant": args.variant, "positions": n, "tuning_seeds_from": args.seed,
        "reference_deals": args.reference, "trials": args.trials,
        "regret_points_per_decision": {str(b): {name: round(v / n, 1) for name, v in lost.items()}
                                       for b, lost in regret.items()},
        "seconds": round(time.perf_counter() - started),
    }, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
