"""C26, C12, C21 and going out (C30-C33) against brute force (issue 10): the verdict of
`check` on every candidate first meld (and every later step, and every way to take the
pile for an initial meld), and `can_go_out`, equal an exhaustive search that uses only
`check` and `apply` (tests/engine/brute.py), for hard hands of 5 to 9 cards in each
score bracket and for the positions of issue 10. `make soak` searches 2,000 hands per
bracket."""

from __future__ import annotations

import pytest

from tests.engine.brute import BRACKETS, Tally, run, run_known

HANDS_PER_BRACKET = 400


def _clean(tally: Tally) -> None:
    found = "\n\n".join(f"[{tally.counts[k]}x] {f}" for k, f in tally.mismatches.items())
    assert not tally.mismatches, f"{tally.summary()}\n\n{found}"


@pytest.mark.parametrize("score", BRACKETS)
def test_c26_c12_c21_c33_verdicts_equal_brute_force(score: int) -> None:
    tally = run(score, HANDS_PER_BRACKET, seed=10)
    assert tally.hands == HANDS_PER_BRACKET
    assert tally.verdicts > 10 * HANDS_PER_BRACKET and tally.go_out_checks > HANDS_PER_BRACKET
    _clean(tally)


def test_issue10_positions_against_brute_force() -> None:
    tally = run_known()
    assert tally.verdicts > 100
    _clean(tally)
