"""`python -m tests.engine.soak --actions 100000`: the conformance invariants over
many more random actions per variant (on demand, not in CI)."""

from __future__ import annotations

import argparse
import time

import canasta as C
from tests.engine.invariants import play_random


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for variant in sorted(C.VARIANTS):
        start = time.perf_counter()
        done = 0
        game = 0
        while done < args.actions:
            done += play_random(variant, args.seed * 1_000_000 + game, 20, full_every=10).actions
            game += 1
        print(f"{variant}: {done} actions in {game} games, every invariant held "
              f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
