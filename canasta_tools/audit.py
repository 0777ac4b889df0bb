"""`python -m canasta audit --level L --rounds N --seeds tuning|evaluation [--first K]`

How often a level gives the pile away, and how long its rounds last (issue 19).
Every seat plays at level L; each round is round 1 of one seed of the list.

For each discard with an alternative, two counts:
- *true state* (an upper bound: the discarder cannot see the next hand): after the
  discard the next player, an opponent, may take the pile (a `take_pile` is legal
  for them), while some other legal discard would not have let them;
- *by the gift definition* (`gifts.gift_reason`, from the discarder's own view):
  the discard is a gift while some other legal discard was not.
Also: turns per round (mean, median, 90th percentile, max), and loops: cards a
player threw back in the turn they came with the pile, per round, and the longest
most times one card went round like that (`gifts.longest_loop`).
"""

from __future__ import annotations

import argparse
import json
import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from canasta.ai import LEVELS, choose_action
from canasta.ai.gifts import empty_takes, gift_reason, longest_loop, next_opponent
from canasta.ai.knowledge import read_view
from canasta.game.actions import Discard, TakePile
from canasta.game.state import State
from canasta.io.view import view_for
from canasta.play.legal import legal_actions
from canasta.play.transitions import apply, deal_round
from canasta.rules.house_rules import rules_named
from canasta_tools.seeds import LISTS, pick


def _opens_pile(state: State, card: str) -> bool:
    """After discarding `card`, may the next player take the pile?"""
    after = apply(state, Discard(card))
    if after.round_over:
        return False
    return any(isinstance(a, TakePile) for a in legal_actions(after))


def audit_round(variant: str, seed: int, level: str) -> dict[str, Any]:
    """One round with every seat at `level`: its discard counts, turns and loops."""
    rules = rules_named(variant)
    state = deal_round(rules, seed, 1, rules.players - 1, tuple(0 for _ in range(rules.teams)))
    counts = {"discards": 0, "true_gifts": 0, "true_avoidable": 0, "gifts": 0,
              "gifts_avoidable": 0}
    steps = 0
    while not state.round_over:
        seat = state.to_act
        view = view_for(state, seat)
        action = choose_action(view, level, seed * 7919 + steps)
        discards = sorted({a.card for a in legal_actions(state) if isinstance(a, Discard)})
        if isinstance(action, Discard) and len(discards) > 1 and next_opponent(view) is not None:
            counts["discards"] += 1
            opens = {c: _opens_pile(state, c) for c in discards}
            if opens[action.card] and not all(opens.values()):
                counts["true_gifts"] += 1
            know = read_view(view)
            gift = {c: gift_reason(view, know, c) is not None for c in discards}
            if gift[action.card] and not all(gift.values()):
                counts["gifts"] += 1
        state = apply(state, action)
        steps += 1
    log = state.log_list()
    turns = sum(1 for e in log if e.get("event") is None
                and e["action"]["type"] in ("draw", "take_pile"))
    return {**counts, "turns": turns, "empty": empty_takes(log, turns),
            "loop": longest_loop(log, rules.players)}


def _audit_task(args: tuple[str, int, str]) -> dict[str, Any]:
    return audit_round(*args)


def run(level: str, rounds: int, *, seeds: str = "tuning", first: int = 0,
        variant: str = "classic", jobs: int = 1) -> dict[str, Any]:
    chosen = pick(seeds, first, rounds)
    tasks = [(variant, seed, level) for seed in chosen]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_audit_task, tasks))
    else:
        results = [_audit_task(t) for t in tasks]
    total = {k: sum(r[k] for r in results) for k in
             ("discards", "true_gifts", "gifts", "empty")}
    turns = sorted(r["turns"] for r in results)
    share = (lambda n: round(100 * n / total["discards"], 1)) if total["discards"] else (
        lambda n: 0.0)
    return {
        "level": level, "variant": variant, "rounds": rounds,
        "seeds": {"list": seeds, "first": first, "from": chosen[0], "to": chosen[-1]},
        "discards_with_a_choice": total["discards"],
        "true_state_gifts_pct": share(total["true_gifts"]),
        "gifts_by_definition_pct": share(total["gifts"]),
        "turns_per_round": {
            "mean": round(statistics.fmean(turns), 1), "median": statistics.median(turns),
            "p90": turns[min(len(turns) - 1, int(0.9 * len(turns)))], "max": turns[-1]},
        "empty_takes_per_round": round(total["empty"] / rounds, 2),
        "longest_loop": {"max": max(r["loop"] for r in results),
                         "rounds_with_3_or_more": sum(1 for r in results if r["loop"] >= 3)},
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m canasta audit", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", choices=LEVELS, default="normal")
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--seeds", choices=tuple(LISTS), default="tuning")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    from canasta_tools.cli import VARIANT_HELP, variant_name

    parser.add_argument("--variant", default="classic", type=variant_name, help=VARIANT_HELP)
    args = parser.parse_args(argv)
    try:
        pick(args.seeds, args.first, args.rounds)
    except ValueError as error:
        parser.error(str(error))
    print(json.dumps(run(args.level, args.rounds, seeds=args.seeds, first=args.first,
                         variant=args.variant, jobs=args.jobs), indent=2))
    return 0
