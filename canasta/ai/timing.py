"""How long the AI takes to decide: a summary of decision times, and the strong level
timed on fixed positions (`python -m canasta bench`, and in the browser's worker for
`make perf`). Kept apart from the arena and the CLI so that the worker imports neither
(their process pools and argument parsing are not shipped to the browser)."""

from __future__ import annotations

import time
from typing import Any

from ..position import load_position
from ..view import view_for
from . import choose_action
from .search import STATS


def time_summary(seconds: list[float]) -> dict[str, float]:
    """How many decisions, and their mean, 95th percentile and longest time (s)."""
    ts = sorted(seconds)
    return {
        "decisions": len(ts),
        "mean_s": round(sum(ts) / len(ts), 4),
        "p95_s": round(ts[int(0.95 * (len(ts) - 1))], 4),
        "max_s": round(ts[-1], 4),
    }


def bench_ai(positions: list[dict[str, Any]], repeat: int = 1) -> dict[str, Any]:
    """Strong-level decisions and play-outs per second on the committed positions."""
    views = []
    for data in positions:
        state = load_position(data)
        views.append(view_for(state, state.to_act))
    before = dict(STATS)
    times: list[float] = []
    for r in range(repeat):
        for i, view in enumerate(views):
            start = time.perf_counter()
            choose_action(view, "strong", r * 1000 + i)
            times.append(time.perf_counter() - start)
    spent = sum(times)
    return {
        "positions": len(views),
        "strong_decisions_per_s": round(len(times) / spent, 1),
        "playouts_per_s": round((STATS["playouts"] - before["playouts"]) / spent, 1),
        "time_cap_hits": STATS["time_cap_hits"] - before["time_cap_hits"],
        "seconds": round(spent, 2),
        "timing": time_summary(times),
    }
