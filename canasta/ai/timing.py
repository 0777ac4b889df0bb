"""How long the AI takes to decide: a summary of decision times, and the strong level
timed on fixed positions (`python -m canasta bench`, and in the browser's worker for
`make perf`). Kept apart from the arena and the CLI so that the worker imports neither
(their process pools and argument parsing are not shipped to the browser)."""

from __future__ import annotations

import random
import time
from typing import Any

from canasta.ai import choose_action
from canasta.ai.search import STATS
from canasta.game.state import State
from canasta.io.position import load_position
from canasta.io.saves import SCHEMA, from_json, new_game, to_json
from canasta.io.view import view_for
from canasta.play.legal import legal_actions
from canasta.play.transitions import apply
from canasta.rules.house_rules import rules_named

# Issue 12's three-deck games (bench/saves-three-deck.json), and the first seed of
# that set's deals: a tuning seed no arena run or calibration has used (the strong
# level's budgets for these games were set on deals from seed 40,001 on).
THREE_DECK = ("samba", "samba-twos", "samba-three-naturals", "bolivia", "brazilian",
              "three-deck-sequences", "escalera")
THREE_DECK_SEED = 90_001


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
    """Strong-level decisions and play-outs per second on the committed positions (or
    saves), and the decision times of each variant among them."""
    views = []
    for data in positions:  # (a save where it has actions: any moment of a game)
        state = _saved(data) if "actions" in data else load_position(data)
        views.append((state.rules.name, view_for(state, state.to_act)))
    before = dict(STATS)
    times: list[float] = []
    by_variant: dict[str, list[float]] = {}
    for r in range(repeat):
        for i, (variant, view) in enumerate(views):
            start = time.perf_counter()
            choose_action(view, "strong", r * 1000 + i)
            times.append(time.perf_counter() - start)
            by_variant.setdefault(variant, []).append(times[-1])
    spent = sum(times)
    return {
        "positions": len(views),
        "strong_decisions_per_s": round(len(times) / spent, 1),
        "playouts_per_s": round((STATS["playouts"] - before["playouts"]) / spent, 1),
        "time_cap_hits": STATS["time_cap_hits"] - before["time_cap_hits"],
        "turn_budget_stops": STATS["turn_budget_stops"] - before["turn_budget_stops"],
        "seconds": round(spent, 2),
        "timing": time_summary(times),
        "by_variant": {v: time_summary(ts) for v, ts in by_variant.items()},
    }


def _saved(entry: dict[str, Any]) -> State:
    """A bench save (`played_saves`: variant, seed, actions) loaded as a save."""
    rules = rules_named(entry["variant"])
    return from_json({**entry, "schema": SCHEMA, "rules": rules.to_json(), "start": None})


def played_saves(variants: tuple[str, ...], per_variant: int, seed: int
                 ) -> list[dict[str, Any]]:
    """`per_variant` saves of each variant as the normal level plays it (all seats; each
    its variant's name, seed and actions, `_saved` loads it), one
    a game from `seed` on, stopped at a random moment of the first round where the
    player to move has a choice: the start of a turn, after the draw, or after melding
    with the discard to come (the moment the strong level often searches longest, which
    a position cannot describe)."""
    saves: list[dict[str, Any]] = []
    for variant in variants:
        rules = rules_named(variant)
        rng = random.Random(seed)
        got = 0
        while got < per_variant:
            state = new_game(rules, seed)
            seed += 1
            stop, steps = rng.randrange(8, 160), 0
            while not state.round_over:
                if (steps >= stop and state.phase in ("draw", "play")
                        and len(legal_actions(state)) > 1):
                    saved = to_json(state)  # (the rules, by name: the set stays small)
                    saves.append({k: saved[k] for k in ("variant", "seed", "actions")})
                    got += 1
                    break
                state = apply(state, choose_action(view_for(state, state.to_act), "normal",
                                                   seed * 31 + steps))
                steps += 1
    return saves
