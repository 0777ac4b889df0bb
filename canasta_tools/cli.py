"""`python -m canasta simulate | bench | arena | fuzz`: figures printed, never asserted
(`fuzz` exits 1 when any case ended unexpectedly)."""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from canasta.ai.fast.playout import playout, unmodelled
from canasta.ai.timing import THREE_DECK, THREE_DECK_SEED, bench_ai, played_saves
from canasta.game.cards import make_deck
from canasta.game.state import State
from canasta.io.position import load_position, position_of
from canasta.io.saves import from_json, new_game, to_json
from canasta.play.checks import check
from canasta.play.legal import legal_actions
from canasta.play.transitions import apply
from canasta.rules.house_rules import rules_named
from canasta.rules.ruleset import CLASSIC, RuleSet
from canasta.rules.variants import VARIANTS

BENCH_POSITIONS = Path(__file__).resolve().parent.parent / "bench" / "positions.json"
# Issue 12's three-deck set (saves: any moment of a turn): the strong level's decision time.
THREE_DECK_SAVES = BENCH_POSITIONS.with_name("saves-three-deck.json")
POSITION_SETS = {"classic": BENCH_POSITIONS, "three-deck": THREE_DECK_SAVES}


def variant_name(name: str) -> str:
    """`--variant`: a registered variant, or one with presets by id ("classic+H1+H5",
    "classic-6p+X3"; canasta.rules.house_rules). Anything else is an argparse error that says
    why and what is known."""
    try:
        rules_named(name)
    except KeyError as err:
        raise argparse.ArgumentTypeError(str(err.args[0])) from None
    except ValueError as err:
        raise argparse.ArgumentTypeError(f"{name!r}: {err}") from None
    return name


def _rules(variant: str | RuleSet) -> RuleSet:
    return variant if isinstance(variant, RuleSet) else rules_named(variant)


def simulate(games: int, seed: int, variant: str | RuleSet,
             max_rounds: int = 200) -> dict[str, Any]:
    rules = _rules(variant)
    deck = Counter(make_deck(rules.decks, rules.jokers_per_deck))
    rng = random.Random(seed)
    rounds = actions = violations = stalled = 0
    round_scores: list[int] = []
    wins: Counter[int] = Counter()
    for g in range(games):
        state = new_game(rules, seed * 100_003 + g)
        game_rounds = 0
        while not state.game_over and game_rounds < max_rounds:
            action = rng.choice(legal_actions(state))
            if check(state, action) is not None:
                violations += 1
            state = apply(state, action)
            actions += 1
            if state.cards_in_play() != deck:
                violations += 1
            if state.round_over:
                game_rounds += 1
                rounds += 1
                round_scores.extend(state.history[-1])
                if not state.game_over:
                    state = apply(state, legal_actions(state)[0])
        if not state.game_over:
            stalled += 1
        else:
            totals = state.totals()
            wins[totals.index(max(totals))] += 1
        if from_json(json.loads(json.dumps(to_json(state)))).totals() != state.totals():
            violations += 1
    return {
        "variant": rules.name,
        "games": games,
        "rounds": rounds,
        "actions": actions,
        "mean_round_score_per_team": round(sum(round_scores) / max(1, len(round_scores)), 1),
        "wins_by_team": dict(sorted(wins.items())),
        "games_not_finished": stalled,
        "invariant_violations": violations,
    }


def make_bench_positions(count: int = 50, seed: int = 2026) -> list[dict[str, Any]]:
    cycle = ("classic", "classic", "classic-2p", "classic-3p")
    return [position_of(s) for s in sample_states(lambda g: cycle[g % 4], count, seed)]


_cpu = time.process_time
VARIANT_HELP = ("a variant (" + ", ".join(VARIANTS) + "), or one with presets by id: "
                "classic+H1+H5, classic-6p+X3 (docs/variants/)")


def sample_states(
    rules_of_round: Callable[[int], str | RuleSet], count: int, seed: int
) -> list[State]:
    """`count` states at a draw or a play without a meld this turn, from seeded uniform
    random play (one per round, at a random step); round g is dealt under
    `rules_of_round(g)`."""
    rng = random.Random(seed)
    states: list[State] = []
    g = 0
    while len(states) < count:
        state = new_game(rules_of_round(g), seed + g)
        g += 1
        stop = rng.randrange(4, 120)
        steps = 0
        while not state.round_over:
            if steps >= stop and state.phase in ("draw", "play") and not state.turn_melded \
                    and not state.pending and not state.asked:
                states.append(state)
                break
            state = apply(state, rng.choice(legal_actions(state)))
            steps += 1
    return states


def bench(seconds: float, variant: str | RuleSet) -> dict[str, Any]:
    """Speed figures, per second of this process's CPU time (one core), so that other
    work on the machine does not count against them. Classic's `legal_actions` figure
    is measured on the committed positions (bench/positions.json: Classic for four, two
    and three); any other rule set's on 50 states of its own, sampled from seeded random
    play before timing. A rule set the AI's fast path does not model is reported as such,
    with the rate of the strong level's fallback instead: public-API play-outs
    (`canasta.ai.search.public_playout`)."""
    rules = _rules(variant)
    result: dict[str, Any] = {"variant": rules.name}
    # Random round play-outs through the public API.
    rng = random.Random(1)
    rounds = actions = 0
    start = _cpu()
    g = 0
    while _cpu() - start < seconds:
        state = new_game(rules, g)
        g += 1
        while not state.round_over:
            state = apply(state, rng.choice(legal_actions(state)))
            actions += 1
        rounds += 1
    elapsed = _cpu() - start
    result["random_rounds_per_s"] = round(rounds / elapsed, 1)
    result["actions_per_s"] = round(actions / elapsed)
    result["actions_per_round"] = round(actions / max(1, rounds), 1)
    # legal_actions on positions of this rule set (built before timing).
    if rules == CLASSIC:
        states = [load_position(p) for p in json.loads(BENCH_POSITIONS.read_text())]
        result["bench_positions"] = "bench/positions.json"
    else:
        states = sample_states(lambda _: rules, 50, 2026)
        result["bench_positions"] = f"{len(states)} states of {rules.name} from random play"
    calls = 0
    start = _cpu()
    while _cpu() - start < seconds:
        for s in states:
            legal_actions(s)
        calls += len(states)
    result["legal_actions_calls_per_s"] = round(calls / (_cpu() - start))
    # The AI's play-outs from freshly dealt rounds (dealing not timed): the fast path,
    # or, for a rule set it does not model, the strong level's public-API fallback.
    reason = unmodelled(rules)
    if reason is None:
        deals = [new_game(rules, 10_000 + i) for i in range(200)]
        fast_rounds = 0
        spent = 0.0
        while spent < seconds:
            start = _cpu()
            for i, deal in enumerate(deals):
                playout(deal, random.Random(i))
            spent += _cpu() - start
            fast_rounds += len(deals)
        result["fast_playout_rounds_per_s"] = round(fast_rounds / spent, 1)
        return result
    from canasta.ai.search import public_playout

    result["fast_playout"] = f"not modelled: {reason}"
    deals = [new_game(rules, 10_000 + i) for i in range(20)]
    public_rounds = 0
    spent = 0.0
    while spent < seconds:
        for i, deal in enumerate(deals):
            start = _cpu()
            public_playout(deal, i)
            spent += _cpu() - start
            public_rounds += 1
            if spent >= seconds:
                break
    result["public_playout_rounds_per_s"] = round(public_rounds / spent, 2)
    return result


def main(argv: list[str] | None = None) -> int:
    import sys

    args_in = sys.argv[1:] if argv is None else argv
    if args_in[:1] == ["fuzz"]:
        from canasta.ai import choose_action
        from canasta_tools.fuzz import main as fuzz_main

        return fuzz_main(args_in[1:], choose_action)
    if args_in[:1] in (["arena"], ["audit"]):
        import importlib

        tool = importlib.import_module("canasta_tools." + args_in[0])
        return int(tool.main(args_in[1:]))
    parser = argparse.ArgumentParser(prog="python -m canasta")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play whole games with random legal moves")
    sim.add_argument("--games", type=int, default=20)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--variant", default="classic", type=variant_name, help=VARIANT_HELP)
    b = sub.add_parser("bench", help="print play-outs, actions and legal_actions per second")
    b.add_argument("--seconds", type=float, default=3.0)
    b.add_argument("--variant", default="classic", type=variant_name, help=VARIANT_HELP)
    bai = sub.add_parser("bench-ai", help="strong AI decisions and play-outs per second")
    bai.add_argument("--set", default="classic", choices=sorted(POSITION_SETS),
                     help="classic: bench/positions.json; three-deck: "
                          "bench/saves-three-deck.json (saves)")
    pos = sub.add_parser("bench-positions", help="regenerate a bench position set")
    pos.add_argument("--count", type=int, default=0,
                     help="positions (default 50); three-deck: per variant (default 20)")
    pos.add_argument("--set", default="classic", choices=sorted(POSITION_SETS))
    sub.add_parser("arena", help="duplicate matches between AI levels (see --help there)")
    sub.add_parser("audit", help="how often a level gives the pile away; turns per round "
                   "(see --help there)")
    sub.add_parser("fuzz", help="forged actions, positions, saves and rule sets against the "
                   "engine (see --help there)")
    args = parser.parse_args(args_in)
    if args.command == "simulate":
        print(json.dumps(simulate(args.games, args.seed, args.variant), indent=2))
    elif args.command == "bench":
        print(json.dumps(bench(args.seconds, args.variant), indent=2))
    elif args.command == "bench-ai":
        positions = json.loads(POSITION_SETS[args.set].read_text())
        print(json.dumps(bench_ai(positions), indent=2))
    else:
        path = POSITION_SETS[args.set]
        path.parent.mkdir(exist_ok=True)
        made = (make_bench_positions(args.count or 50) if args.set == "classic" else
                played_saves(THREE_DECK, args.count or 20, THREE_DECK_SEED))
        path.write_text(json.dumps(made, separators=(",", ":")) + "\n")
        print(f"wrote {len(made)} entries to {path}")
    return 0
