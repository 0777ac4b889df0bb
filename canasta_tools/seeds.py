"""The arena's two seed lists: TUNING for trying things, EVALUATION for publishing.

A deal depends only on (seed, round) (`transitions.deal_round` hashes the
string "canasta:{seed}:{round}"), and the arena plays round 1 of each seed, so
two distinct seeds give unrelated deals. Figures measured on seeds that were
used to choose between versions of the AI flatter it (strong vs normal: 65.2 %
of rounds on seed 1000, on which it was tuned; about 60 % on seeds 777 and 4242,
never used before). Hence:

- TUNING (seeds 1 to 99,999) holds every seed the arena, its tuning runs and
  its reported figures have ever used (`USED_BEFORE`), with room to spare.
  `--seed S` and `--seeds tuning` draw from it; try ideas here.
- EVALUATION (seeds 7,340,001 to 7,350,000) was never used before this list
  existed. Published strength figures (the README's table, docs/AI.md, any
  later variant or search work) come from it, with `--seeds evaluation`, and
  nothing is tuned on it: a change judged on these deals would contaminate them.

A seed on neither list is refused: a run says which list it draws from.
"""

from __future__ import annotations

TUNING = range(1, 100_000)
EVALUATION = range(7_340_001, 7_350_001)
LISTS: dict[str, range] = {"tuning": TUNING, "evaluation": EVALUATION}

# Seed ranges used for measurements or tuning before the lists existed (first seed,
# number of consecutive seeds, where): all of them are tuning seeds now.
USED_BEFORE: tuple[tuple[int, int, str], ...] = (
    (1, 200, "normal vs easy, 2- and 3-player Classic (docs/AI.md); `make arena` (100)"),
    (777, 60, "strong vs normal, issue 19's fresh run"),
    (1000, 200, "strong vs normal, every step of the strong level's tuning"),
    (2000, 400, "normal vs easy (README, docs/AI.md)"),
    (2026, 50, "bench/positions.json (`bench-positions`)"),
    (3000, 200, "strong vs normal, the log-memory comparison"),
    (4242, 60, "strong vs normal, issue 19's fresh run"),
    (5000, 100, "strong vs normal, --scores varied"),
    (5555, 400, "normal vs easy, issue 19's fresh run"),
)


def pick(name: str, first: int, count: int) -> range:
    """`count` consecutive seeds of list `name`, from its entry number `first` (0-based)."""
    if name not in LISTS:
        raise ValueError(f"unknown seed list {name!r}; expected one of {', '.join(LISTS)}")
    seeds = LISTS[name]
    if first < 0 or count < 1 or first + count > len(seeds):
        raise ValueError(
            f"the {name} list has {len(seeds)} seeds ({seeds[0]}-{seeds[-1]}): "
            f"entries {first} to {first + count - 1} are not all on it")
    return seeds[first:first + count]


def tuning_entry(seed: int, count: int) -> int:
    """The TUNING entry number of `seed`, for `--seed S --rounds count`; refuses a
    run that would use an evaluation seed, or a seed on neither list."""
    last = seed + count - 1
    if count < 1:
        raise ValueError("at least one round pair")
    if seed <= EVALUATION[-1] and last >= EVALUATION[0]:
        raise ValueError(
            f"seeds {seed}-{last} reach the EVALUATION list ({EVALUATION[0]}-{EVALUATION[-1]}): "
            "--seed takes only tuning seeds, so nothing is tuned on the deals that published "
            "figures come from; to measure a figure for publication use "
            "--seeds evaluation [--first K]")
    if seed not in TUNING or last not in TUNING:
        raise ValueError(
            f"seeds {seed}-{last} are not all on the TUNING list ({TUNING[0]}-{TUNING[-1]}); "
            "--seed takes only tuning seeds (or use --seeds tuning|evaluation --first K)")
    return seed - TUNING[0]
