"""What every test shares: the strong level searches by its budgets of work alone.

Its 0.9 s wall-clock cap (`canasta.ai.search.TIME_CAP`) is a safety net for the page;
on a loaded machine (two test workers beside other work on two cores) it cut searches
short and changed a decision a test expected (test_american's U24 test, 2026-11-29).
A test about the cap sets it itself."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from canasta.ai import search


@pytest.fixture(autouse=True)
def _no_time_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "TIME_CAP", float("inf"))



FLOOR = Path(__file__).resolve().parent / "collected_floor.json"


def _below_floor(count: int) -> str | None:
    """A guard against a suite skipped silently: run as a part of `make test`
    (tools/suite.py sets CANASTA_SUITE), the part must collect at least the number of
    tests committed in tests/collected_floor.json — raised as tests are added."""
    part = os.environ.get("CANASTA_SUITE")
    if part not in ("unit", "browser"):
        return None
    floor = int(json.loads(FLOOR.read_text())[part])
    if count >= floor:
        return None
    return (f"the {part} tests collected {count} tests, fewer than the floor {floor} of "
            f"tests/{FLOOR.name}: a test file no longer collects, or tests were removed "
            "without lowering the floor")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if hasattr(config, "workerinput"):
        return  # under pytest-xdist the controller checks (below)
    problem = _below_floor(len(items))
    if problem:
        pytest.exit(problem, returncode=4)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node: object, ids: list[str]) -> None:
    problem = _below_floor(len(ids))
    if problem:
        pytest.exit(problem, returncode=4)
