"""How well the strong level's sampled deals guess the hidden hands (issue 19: "better
determinisation from the log").

    python tools/hidden_hands.py [--variant classic] [--rounds 60] [--seed 80001]
                                 [--worlds 40] [--every 3] [--after 8] [--kept N]

Rounds of the normal level against itself from tuning seed `--seed` on (never evaluation
seeds). At every `--every`-th decision of seat 0 in its play phase, after its first
`--after` decisions, `--worlds` deals are sampled from seat 0's view
(`worlds.sample_world`, as the search samples them: each hidden hand through up to
`--kept` of its owner's discards, by default the strong level's setting for the rule set,
`search.kept_discards`; 0 deals them at random) and set beside the real hands:

- the hands themselves, each hidden hand of six cards or more: natural pairs held (ranks
  4 to A with two or more), wild cards, and the share of the cards that are in such pairs;
- how well the sampled deals forecast, for each hidden seat and each rank 4 to A, whether
  that seat holds a natural pair of it: the Brier score (the mean squared difference
  between the share of sampled deals in which it does and 1 or 0; lower is better), for
  the next player (whom a discard feeds) and for every hidden seat.

Real hands are not random: their owners kept their pairs and threw their odd cards.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from canasta.ai import choose_action  # noqa: E402
from canasta.ai.knowledge import natural_ranks, read_view  # noqa: E402
from canasta.ai.search import kept_discards  # noqa: E402
from canasta.ai.worlds import sample_world  # noqa: E402
from canasta.game.cards import WILDS  # noqa: E402
from canasta.game.state import PLAY  # noqa: E402
from canasta.io.view import view_for  # noqa: E402
from canasta.play.transitions import apply, deal_round  # noqa: E402
from canasta.rules.house_rules import rules_named  # noqa: E402
from canasta_tools.seeds import TUNING  # noqa: E402

RANKS = ("4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
MIN_HAND = 6


def pair_ranks(hand: tuple[str, ...]) -> set[str]:
    return {r for r, n in natural_ranks(list(hand)).items() if n >= 2}


def shape(hand: tuple[str, ...]) -> tuple[int, int, float]:
    """Natural pairs held, wild cards, and the share of the cards in those pairs."""
    paired = [n for n in natural_ranks(list(hand)).values() if n >= 2]
    return len(paired), sum(1 for c in hand if c in WILDS), sum(paired) / len(hand)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--seed", type=int, default=80001)
    parser.add_argument("--worlds", type=int, default=40)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--after", type=int, default=8)
    parser.add_argument("--kept", type=int, default=None)
    args = parser.parse_args(argv)
    if args.seed not in TUNING or args.seed + args.rounds - 1 not in TUNING:
        raise SystemExit("rounds come from tuning seeds only")
    rules = rules_named(args.variant)
    kept = kept_discards(rules) if args.kept is None else args.kept
    shapes: dict[str, list[tuple[int, int, float]]] = {"real": [], "sampled": []}
    brier: dict[str, list[float]] = {"next player": [], "every hidden seat": []}
    for seed in range(args.seed, args.seed + args.rounds):
        state = deal_round(rules, seed, 1, rules.players - 1, (0,) * rules.teams)
        rng = random.Random(seed)
        step = mine = 0
        while not state.round_over:
            if state.to_act == 0 and state.phase == PLAY:
                mine += 1
                if mine > args.after and mine % args.every == 0:
                    view = view_for(state, 0)
                    know = read_view(view)
                    worlds = [sample_world(view, rng, know, kept)
                              for _ in range(args.worlds)]
                    for s in range(1, rules.players):
                        real = state.hands[s]
                        if len(real) >= MIN_HAND:
                            shapes["real"].append(shape(real))
                            shapes["sampled"].extend(shape(w.hands[s]) for w in worlds)
                        held = pair_ranks(real)
                        guessed = Counter(r for w in worlds for r in pair_ranks(w.hands[s]))
                        for r in RANKS:
                            score = (guessed[r] / args.worlds - (r in held)) ** 2
                            brier["every hidden seat"].append(score)
                            if s == 1:
                                brier["next player"].append(score)
            view = view_for(state, state.to_act)
            state = apply(state, choose_action(view, "normal", seed * 7919 + 131 + step))
            step += 1
    print(f"{args.variant}, {args.rounds} rounds from seed {args.seed}, "
          f"{args.worlds} sampled deals a position, hidden hands through up to {kept} "
          "discards")
    for name, rows in shapes.items():
        if rows:
            print(f"  {name} hands ({len(rows)}): natural pairs "
                  f"{statistics.fmean(r[0] for r in rows):.2f}, wild cards "
                  f"{statistics.fmean(r[1] for r in rows):.2f}, share of cards in pairs "
                  f"{statistics.fmean(r[2] for r in rows):.2f}")
    for name, scores in brier.items():
        if scores:
            print(f"  Brier score, a pair of each rank, {name}: {statistics.fmean(scores):.4f} "
                  f"({len(scores)} forecasts)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
