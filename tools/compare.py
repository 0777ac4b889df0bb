"""Compare this tree's engine with an earlier commit's, side by side.

    python3 tools/compare.py instructions [--rounds 60] [--variant classic] REV ...
    python3 tools/compare.py fast [--repeats 5] REV ...

Each REV (a commit, or "." for the work tree) is exported to a temporary folder.

`instructions` counts, with valgrind's callgrind, the CPU instructions a random
round costs on the public path (`new_game`, `legal_actions`, `apply`, seeded
`random.Random(1)`): the instructions of the same script playing no round
(start-up, imports) are subtracted and the rest divided by the rounds (dealing
counts as part of a round). Instruction counts do not depend on the machine's
load, so two engines compare exactly.

`fast` times the AI's fast play-out path (`canasta.ai.fast.playout.playout`, or
`canasta.fast.playout` in commits before it moved) on the same 200 dealt rounds,
in this process's CPU time, the REVs taking turns `--repeats` times so that a
change in the machine's speed affects them alike; it prints each REV's rounds/s
(min / median / max) and the ratio of medians to the first REV.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RANDOM_ROUNDS = """
import random, sys
from canasta import new_game, legal_actions, apply
rounds, variant = int(sys.argv[1]), sys.argv[2]
rng = random.Random(1)
states = [new_game(variant, g) for g in range(max(rounds, 1))]
for state in states[:rounds]:
    while not state.round_over:
        state = apply(state, rng.choice(legal_actions(state)))
"""

FAST_PLAYOUTS = """
import random, time
from canasta import new_game
try:
    from canasta.ai.fast.playout import playout
except ImportError:
    from canasta.fast import playout
deals = [new_game("classic", 10_000 + i) for i in range(200)]
start = time.process_time()
for i, deal in enumerate(deals):
    playout(deal, random.Random(i))
print(len(deals) / (time.process_time() - start))
"""


@contextmanager
def exported(rev: str) -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp)
        if rev == ".":
            subprocess.run(["cp", "-r", str(ROOT / "canasta"), str(tree)], check=True)
        else:
            archive = subprocess.run(["git", "archive", rev, "canasta"], cwd=ROOT,
                                     check=True, capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        yield tree


def _callgrind(tree: Path, rounds: int, variant: str) -> int:
    with tempfile.TemporaryDirectory() as out:
        outfile = Path(out) / "cg.out"
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={outfile}",
             sys.executable, "-c", RANDOM_ROUNDS, str(rounds), variant],
            cwd=tree, check=True, capture_output=True,
        )
        match = re.search(r"^summary:\s+(\d+)", outfile.read_text(), re.M)
        if match is None:
            raise SystemExit("callgrind wrote no summary line")
        return int(match.group(1))


def instructions(revs: list[str], rounds: int, variant: str) -> None:
    base = 0.0
    for rev in revs:
        with exported(rev) as tree:
            count = (_callgrind(tree, rounds, variant) - _callgrind(tree, 0, variant)) / rounds
        ratio = f"  ({count / base - 1:+.1%} against {revs[0]})" if base else ""
        base = base or count
        print(f"{rev}: {count / 1e6:.2f} M instructions per random {variant} round{ratio}")


def fast(revs: list[str], repeats: int) -> None:
    rates: dict[str, list[float]] = {rev: [] for rev in revs}
    with tempfile.TemporaryDirectory() as tmp:
        trees = {}
        for n, rev in enumerate(revs):
            with exported(rev) as tree:
                trees[rev] = Path(tmp) / str(n)
                subprocess.run(["cp", "-r", str(tree), str(trees[rev])], check=True)
        for _ in range(repeats):
            for rev in revs:
                out = subprocess.run([sys.executable, "-c", FAST_PLAYOUTS], cwd=trees[rev],
                                     check=True, capture_output=True, text=True).stdout
                rates[rev].append(float(out))
    first = statistics.median(rates[revs[0]])
    for rev in revs:
        r = rates[rev]
        med = statistics.median(r)
        print(f"{rev}: fast play-outs {min(r):.0f} / {med:.0f} / {max(r):.0f} rounds/s "
              f"(min / median / max of {repeats}); {med / first:.2f}x {revs[0]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    ins = sub.add_parser("instructions")
    ins.add_argument("revs", nargs="+")
    ins.add_argument("--rounds", type=int, default=60)
    ins.add_argument("--variant", default="classic")
    fst = sub.add_parser("fast")
    fst.add_argument("revs", nargs="+")
    fst.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    if args.what == "instructions":
        instructions(args.revs, args.rounds, args.variant)
    else:
        fast(args.revs, args.repeats)


if __name__ == "__main__":
    main()
