"""Issue 16: the fuzzer (canasta_tools/fuzz.py) over every registered variant: forged actions,
hand-built actions, positions, saves and rule sets end accepted (and sound) or refused
with one of the engine's typed errors, never otherwise. `make soak` runs 100,000
cases per variant; this runs a few hundred each."""

from __future__ import annotations

import pytest

import canasta as C
from canasta.ai import choose_action
from canasta_tools.fuzz import KINDS, run

CASES = 350  # per variant: about 1 s each on a loaded two-core machine

@pytest.mark.parametrize("variant", sorted(C.VARIANTS))
def test_the_fuzzer_finds_no_unexpected_exception(variant: str) -> None:
    report = run(variant, CASES, seed=0, choose=choose_action)
    assert report.unexpected == 0, "\n".join(report.examples)
    assert report.cases == CASES and sum(report.tried.values()) == CASES
    assert set(report.tried) == set(KINDS)
    assert sum(report.accepted.values()) + sum(report.refused.values()) == CASES
    # Both outcomes occur: the fuzzer reaches past validation and is refused often.
    assert sum(report.refused.values()) > CASES // 4
    assert sum(report.accepted.values()) > CASES // 20
    for kind in ("action", "position", "save", "rules"):
        assert report.accepted[kind] > 0, f"no {kind} case was accepted"
    assert set(report.refused) <= {"IllegalAction", "PositionError", "ActionFormatError",
                                   "RuleSetError"}


def test_a_case_is_reproducible_from_its_number() -> None:
    from canasta_tools.fuzz import make_pool, run_case

    pool = make_pool("classic", 3)
    assert [run_case(pool, "classic", 3, i) for i in range(10)] == \
        [run_case(make_pool("classic", 3), "classic", 3, i) for i in range(10)]


def test_an_unexpected_exception_is_counted_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    import canasta_tools.fuzz as fuzz

    def broken(pool: fuzz.Pool, rng: object) -> tuple[str, list[str]]:
        raise KeyError("Z")

    monkeypatch.setitem(fuzz.CASES, "save", broken)
    report = fuzz.run("classic", 10, seed=0)
    assert report.unexpected == 2 and "KeyError" in report.examples[0]
    assert "--case 3" in report.examples[0]
