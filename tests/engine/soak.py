"""`python -m tests.engine.soak --actions 100000`: the conformance invariants over
many more random actions per variant, per option of tests/engine/test_conformance.py
(`OPTIONS`: a mechanism no variant has by default) and per combination of house rules of
tests/engine/test_house_rules.py (on demand, not in CI)."""

from __future__ import annotations

import argparse
import time

import canasta as C
from canasta.rules.house_rules import rules_named
from tests.engine.invariants import play_random
from tests.engine.test_conformance import OPTIONS
from tests.engine.test_house_rules import HOUSE_COMBOS, play_combo


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="one variant or option (e.g. american+U23)")
    args = parser.parse_args()
    for variant in [*sorted(C.VARIANTS), *OPTIONS]:
        if args.only and variant != args.only:
            continue
        rules = rules_named(variant)
        start = time.perf_counter()
        done = 0
        game = 0
        while done < args.actions:
            done += play_random(rules, args.seed * 1_000_000 + game, 20, full_every=10).actions
            game += 1
        print(f"{variant}: {done} actions in {game} games, every invariant held "
              f"({time.perf_counter() - start:.0f} s)")
    if args.only:
        return
    for name in HOUSE_COMBOS:
        start = time.perf_counter()
        done, rounds = play_combo(name, args.actions, args.seed * 1_000_000 + 500_000)
        print(f"{name}: {done} actions in {rounds} rounds, every invariant held "
              f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
