"""`python -m canasta simulate | bench | arena --variant V` for every registered variant
and a rule set with presets (canasta_tools/cli.py): each runs through `main` and prints its
figures; a rule set the AI's fast path does not model is reported as such, with the
strong level's public-API fallback timed instead; a bad name is an argparse error."""

from __future__ import annotations

import json
import re

import pytest

import canasta as C
from canasta.ai.fast.playout import unmodelled
from canasta.rules.house_rules import rules_named
from canasta_tools.cli import main, sample_states

NAMES = [*sorted(C.VARIANTS), "classic+H1+H5+H10", "classic-6p+X3"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(list(args)) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


# Games that random play does not win within `simulate`'s 200 rounds, and why: there
# the rounds run to the cap with the teams' scores falling.
RANDOM_PLAY_LOSES = {"cuban": "red 3s count minus without a canasta (K8), and random "
                              "play seldom makes one",
                     "american": "melds count minus without a canasta (U18), and unfinished "
                                 "7s, aces and wild melds cost 2000-2500 (U17)",
                     "pennies": "red 3s count minus without a canasta of 7s (PH7), and "
                                "random play seldom makes one"}


@pytest.mark.parametrize("name", NAMES)
def test_simulate_and_bench_run_for_every_variant(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    sim = run(capsys, "simulate", "--variant", name, "--games", "1")
    assert sim["variant"] == name and sim["invariant_violations"] == 0
    if name in RANDOM_PLAY_LOSES:
        assert sim["games_not_finished"] == 1 and sim["rounds"] == 200
        assert float(str(sim["mean_round_score_per_team"])) < 0
    else:
        assert sim["games_not_finished"] == 0 and int(str(sim["rounds"])) >= 1
    bench = run(capsys, "bench", "--variant", name, "--seconds", "0.01")
    assert bench["variant"] == name
    assert float(str(bench["legal_actions_calls_per_s"])) > 0
    rules = rules_named(name)
    reason = unmodelled(rules)
    if reason is None:
        assert float(str(bench["fast_playout_rounds_per_s"])) > 0
    else:
        assert bench["fast_playout"] == f"not modelled: {reason}"
        assert float(str(bench["public_playout_rounds_per_s"])) > 0
    if name == "classic":
        assert bench["bench_positions"] == "bench/positions.json"
    else:
        assert bench["bench_positions"] == f"50 states of {name} from random play"


def test_a_bench_beyond_the_fast_path_reports_the_fallback(
        capsys: pytest.CaptureFixture[str]) -> None:
    bench = run(capsys, "bench", "--variant", "classic+H1", "--seconds", "0.01")
    assert "double_end_bonus" in str(bench["fast_playout"])
    assert "fast_playout_rounds_per_s" not in bench


def test_the_free_canasta_bench_uses_the_fast_path(capsys: pytest.CaptureFixture[str]) -> None:
    bench = run(capsys, "bench", "--variant", "free-canasta", "--seconds", "0.01")
    assert bench["fast_playout_rounds_per_s"] > 0


def test_bench_positions_are_the_variants_own() -> None:
    for name in ("classic-6p", "free-canasta+F6"):
        rules = rules_named(name)
        states = sample_states(lambda _, r=rules: r, 5, 7)
        assert len(states) == 5 and all(s.rules == rules for s in states)
        assert all(s.phase in ("draw", "play") and not s.round_over for s in states)
        assert all(len(s.hands) == rules.players for s in states)


def test_arena_plays_a_rule_set_with_presets(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "arena", "--variant", "classic-2p+H9", "--a", "easy", "--b", "easy",
              "--rounds", "1")
    assert out["variant"] == "classic-2p+H9" and out["round_pairs"] == 1


@pytest.mark.parametrize("name", ["classic-3p", "free-canasta", "classic-6p-3x2"])
def test_audit_counts_gifts_and_turns_for_a_variant(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "audit", "--variant", name, "--level", "normal", "--rounds", "2")
    assert out["variant"] == name and out["rounds"] == 2
    assert isinstance(out["discards_with_a_choice"], int) and out["discards_with_a_choice"] > 0
    turns = out["turns_per_round"]
    assert isinstance(turns, dict) and turns["max"] >= turns["median"] > 0


def test_audit_refuses_entries_beyond_its_list(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["audit", "--seeds", "evaluation", "--first", "9999", "--rounds", "5"])
    assert exit_info.value.code == 2
    assert "evaluation list has" in capsys.readouterr().err


@pytest.mark.parametrize(("command", "name", "words"), [
    ("simulate", "classic+H99", "unknown house rule H99; classic may have: H1"),
    ("bench", "nope", "unknown variant 'nope'; known variants: american, bolivia, "
     "brazilian, classic"),
    ("arena", "classic-6p+H4", "H4 .* own rule X6"),
    ("simulate", "classic+H3+H4", "H3 and H4 contradict"),
])
def test_a_bad_variant_name_is_an_argparse_error_that_says_why(
    command: str, name: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--variant", name])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "argument --variant" in err
    assert re.search(words, err), err
