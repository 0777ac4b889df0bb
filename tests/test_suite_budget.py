"""The suite's budget (docs/TESTING.md, "The budget") is the one `make test` prints
against (tools/suite.py `BUDGET`), and it adds up to the 25 minutes CI may take."""

from __future__ import annotations

import re
from pathlib import Path

from tools.suite import BUDGET, PARTS, report

ROOT = Path(__file__).resolve().parent.parent


def documented() -> dict[str, float]:
    text = (ROOT / "docs" / "TESTING.md").read_text(encoding="utf-8")
    section = text.split("## The budget", 1)[1].split("\n## ", 1)[0]
    return {m[1]: float(m[2]) for m in re.finditer(r"^\| `(\w+)` \| ([\d.]+) \|", section, re.M)}


def test_the_documented_budget_is_the_runners() -> None:
    assert documented() == BUDGET


def test_the_budget_adds_up_to_25_minutes_and_covers_every_part() -> None:
    assert sum(BUDGET.values()) == 25
    assert set(PARTS) <= set(BUDGET)


def test_the_report_marks_a_part_over_its_allowance() -> None:
    text = report({"lint": 30.0, "unit": BUDGET["unit"] * 60 + 60})
    lines = {line.split()[0]: line for line in text.splitlines()[2:]}
    assert "OVER" not in lines["lint"] and lines["unit"].endswith("OVER")
