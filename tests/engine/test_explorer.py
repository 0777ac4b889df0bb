"""No dead ends, ever (issue 10): the explorer of tests/engine/explorer.py over a
CI-sized sample of states of every variant (`make soak` visits a million). At every
state: a legal action unless the game is over; `check` accepts every listed action and,
for the kinds of action with a canonical form, accepts exactly the listed ones; the view
agrees (`may_ask`, `legal`); black 3s only when going out (C21); a draw ends the round
only when nothing is left to do (C34)."""

from __future__ import annotations

import pytest

import canasta as C
from canasta.rules.house_rules import with_house_rules
from tests.engine.explorer import explore

STATES_PER_VARIANT = 15_000


@pytest.mark.parametrize("variant", sorted(C.VARIANTS))
def test_no_dead_ends_and_check_agrees_with_legal_actions(variant: str) -> None:
    report = explore(STATES_PER_VARIANT, seed=10, variants=[variant])
    found = "\n\n".join(f"[{report.counts[k]}x] {f}" for k, f in report.findings.items())
    assert not report.findings, f"{report.summary()}\n\n{found}"
    assert report.states >= STATES_PER_VARIANT
    assert report.positions > 100 and report.deals > 0, report.summary()


# The house rules by value (docs/variants/classic-house-rules.md): every compatible one
# at once on Classic, and those that make sense without partners on two players.
HOUSE = {
    "classic+all": with_house_rules(C.CLASSIC, ["H1", "H2", "H4", "H5", "H8", "H9", "H10", "H12",
                                                "H11"]),
    "classic-2p+some": with_house_rules(C.get_rules("classic-2p"), ["H2", "H3", "H9", "H10",
                                                                    "H11"]),
    "classic+H6": with_house_rules(C.CLASSIC, ["H2", "H6", "H12"]),
    "classic-3p+H7": with_house_rules(C.get_rules("classic-3p"), ["H7"]),
}


@pytest.mark.parametrize("combo", sorted(HOUSE))
def test_no_dead_ends_with_house_rules(combo: str) -> None:
    report = explore(STATES_PER_VARIANT, seed=11, variants=[HOUSE[combo]])
    found = "\n\n".join(f"[{report.counts[k]}x] {f}" for k, f in report.findings.items())
    assert not report.findings, f"{report.summary()}\n\n{found}"
    assert report.positions > 100 and report.deals > 0, report.summary()
