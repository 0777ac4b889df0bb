"""What every test shares: the strong level searches by its budgets of work alone.

Its 0.9 s wall-clock cap (`canasta.ai.search.TIME_CAP`) is a safety net for the page;
on a loaded machine (two test workers beside other work on two cores) it cut searches
short and changed a decision a test expected (test_american's U24 test, 2026-11-29).
A test about the cap sets it itself."""

from __future__ import annotations

import pytest

from canasta.ai import search


@pytest.fixture(autouse=True)
def _no_time_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "TIME_CAP", float("inf"))
