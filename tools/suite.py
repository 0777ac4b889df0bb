"""`make test`'s runner: each part of the suite in turn, its time printed against its
allowance in the suite's budget (docs/TESTING.md, "The budget"), then the total.

    python tools/suite.py            # lint, unit, browser (what `make test` runs)
    python tools/suite.py unit       # one part

A part over its allowance is reported, not failed: the machine's speed varies by the
hour, and a timed assertion would fail on a slow day for no fault of the code. A part
that fails stops the run with its exit status. The unit and browser parts refuse to run
when they collect fewer tests than the floor committed in tests/collected_floor.json
(tests/conftest.py): a suite skipped silently shows as a failure.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv" / "bin"

# The budget, in minutes of a clean-clone `bash .ci/run` on the 2-core CI machine
# (docs/TESTING.md holds the same table; tests/test_suite_budget.py checks they agree).
# `install` is the time before this runner starts (apt, pip, npm, the build).
BUDGET = {
    "install": 3.0,
    "lint": 1.0,
    "unit": 9.0,
    "browser": 8.0,
    "reserve": 4.0,
}
PARTS = {
    "lint": [[str(VENV / "ruff"), "check", "."], [str(VENV / "mypy")]],
    "unit": [[str(VENV / "pytest"), "--ignore=tests/e2e", "-n", "2", "--dist", "worksteal",
              "--durations=15"]],
    "browser": [[str(VENV / "pytest"), "tests/e2e", "-n", "2", "--dist", "worksteal",
                 "--durations=10"]],
}


def run_part(name: str) -> tuple[int, float]:
    start = time.monotonic()
    env = {**os.environ, "CANASTA_SUITE": name}
    for command in PARTS[name]:
        status = subprocess.run(command, cwd=ROOT, env=env).returncode
        if status:
            return status, time.monotonic() - start
    return 0, time.monotonic() - start


def report(times: dict[str, float]) -> str:
    lines = ["", "part        minutes   allowance"]
    for name, seconds in times.items():
        minutes = seconds / 60
        over = "  OVER" if minutes > BUDGET[name] else ""
        lines.append(f"{name:<10} {minutes:8.1f}   {BUDGET[name]:8.1f}{over}")
    total = sum(times.values()) / 60
    lines.append(f"{'total':<10} {total:8.1f}   {sum(BUDGET[n] for n in times):8.1f}"
                 "   (installs before this runner not counted)")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    names = argv or list(PARTS)
    unknown = [n for n in names if n not in PARTS]
    if unknown:
        print(f"unknown part(s): {', '.join(unknown)}; parts: {', '.join(PARTS)}")
        return 2
    times: dict[str, float] = {}
    for name in names:
        print(f"== {name}", flush=True)
        status, seconds = run_part(name)
        times[name] = seconds
        if status:
            print(report(times))
            print(f"{name} failed (exit status {status})")
            return status
    print(report(times))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
