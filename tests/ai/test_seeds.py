"""The arena's seed lists: TUNING and EVALUATION are disjoint, every seed used
before the lists lies on TUNING, `--seed` refuses evaluation seeds, `--seeds
evaluation` plays the evaluation entries, the printed JSON names the list, and
the published figures come from the evaluation list."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from canasta.ai.search import STATS
from canasta_tools import arena
from canasta_tools.seeds import EVALUATION, LISTS, TUNING, USED_BEFORE, pick, tuning_entry

ROOT = Path(__file__).resolve().parents[2]
DOCS = (ROOT / "README.md", ROOT / "docs" / "AI.md", ROOT / "Makefile")


def _played(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Stand in for duplicate_set (no rounds played): the seeds the arena asks for."""
    seeds: list[int] = []

    def fake(task: tuple[str, int, int, str, str, tuple[int, ...]]) -> dict[str, Any]:
        seeds.append(task[1])
        return {"margin": 10.0, "a_wins": [True, False], "times": {task[3]: [0.001]},
                "search": dict.fromkeys(STATS, 0)}

    monkeypatch.setattr(arena, "duplicate_set", fake)
    return seeds


def _main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert arena.main(argv) == 0
    result: dict[str, Any] = json.loads(capsys.readouterr().out)
    return result


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exit_:
        arena.main(argv)
    assert exit_.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing was played or printed
    return captured.err


def test_the_tuning_and_evaluation_lists_do_not_overlap() -> None:
    assert set(LISTS) == {"tuning", "evaluation"}
    tuning, evaluation = set(LISTS["tuning"]), set(LISTS["evaluation"])
    assert len(tuning) == len(TUNING) >= 1000 and len(evaluation) == len(EVALUATION) >= 1000
    assert not tuning & evaluation
    # Far apart, not merely disjoint: no run that starts on one list ends on the other.
    assert min(evaluation) - max(tuning) > 1_000_000


def test_every_seed_used_before_the_lists_is_a_tuning_seed() -> None:
    evaluation = set(EVALUATION)
    for first, count, where in USED_BEFORE:
        used = range(first, first + count)
        assert set(used) <= set(TUNING), where
        assert not set(used) & evaluation, where
    # The seeds of issue 19 and the tuning history, named independently of USED_BEFORE.
    for first, count in ((1, 200), (777, 60), (1000, 200), (2000, 400), (3000, 200),
                         (4242, 60), (5000, 100), (5555, 400)):
        assert tuning_entry(first, count) == first - TUNING[0]


def test_pick_takes_consecutive_entries_of_the_named_list_and_refuses_the_rest() -> None:
    assert list(pick("evaluation", 2, 3)) == [EVALUATION[2], EVALUATION[3], EVALUATION[4]]
    assert list(pick("tuning", 0, 2)) == [TUNING[0], TUNING[1]]
    for name, first, count in (("evaluation", len(EVALUATION) - 1, 2), ("tuning", -1, 1),
                               ("evaluation", 0, 0), ("other", 0, 1)):
        with pytest.raises(ValueError):
            pick(name, first, count)


def test_the_arena_refuses_evaluation_seeds_for_seed(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    played = _played(monkeypatch)
    for seed, rounds in ((EVALUATION[0], 1), (EVALUATION[500], 10), (EVALUATION[-1], 1),
                         (EVALUATION[0] - 5, 10)):  # a run that would run into the list
        err = _refused(["--seed", str(seed), "--rounds", str(rounds)], capsys)
        assert "EVALUATION" in err and "--seeds evaluation" in err
    # Seeds on neither list, and a tuning run that would leave the list, are refused too.
    for seed, rounds in ((0, 1), (TUNING[-1] + 1, 1), (TUNING[-1], 2), (EVALUATION[-1] + 1, 1)):
        err = _refused(["--seed", str(seed), "--rounds", str(rounds)], capsys)
        assert "TUNING" in err or "EVALUATION" in err
    # --seed names the tuning list: it does not combine with --seeds or --first.
    _refused(["--seed", "1000", "--seeds", "evaluation"], capsys)
    _refused(["--seed", "1000", "--first", "0"], capsys)
    _refused(["--seeds", "evaluation", "--first", str(len(EVALUATION)), "--rounds", "1"], capsys)
    assert played == []


def test_seed_on_the_tuning_list_still_works(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    played = _played(monkeypatch)
    result = _main(["--seed", "1000", "--rounds", "3"], capsys)
    assert played == [1000, 1001, 1002]
    assert result["seeds"] == {"list": "tuning", "first": 1000 - TUNING[0],
                               "from": 1000, "to": 1002}


def test_seeds_evaluation_plays_the_evaluation_entries(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    played = _played(monkeypatch)
    result = _main(["--seeds", "evaluation", "--rounds", "4", "--first", "2"], capsys)
    assert played == list(EVALUATION[2:6])
    assert not set(played) & set(TUNING)
    assert result["round_pairs"] == 4
    played.clear()
    arena.run("normal", "easy", 2, seeds="evaluation")
    assert played == [EVALUATION[0], EVALUATION[1]]


def test_the_printed_json_names_the_list_and_the_seeds(capsys: pytest.CaptureFixture[str]) -> None:
    """Real rounds (easy against easy, one pair each): the JSON says where its deals came from."""
    result = _main(["--a", "easy", "--b", "easy", "--rounds", "1", "--seeds", "evaluation"], capsys)
    assert result["seeds"] == {"list": "evaluation", "first": 0,
                               "from": EVALUATION[0], "to": EVALUATION[0]}
    assert "seed" not in result
    result = _main(["--a", "easy", "--b", "easy", "--rounds", "1"], capsys)
    assert result["seeds"] == {"list": "tuning", "first": 0, "from": TUNING[0], "to": TUNING[0]}


def test_a_match_played_in_parts_merges_into_the_figures_of_one_run(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    _played(monkeypatch)
    whole = _main(["--seeds", "evaluation", "--rounds", "4"], capsys)
    parts = [tmp_path / "p0.jsonl", tmp_path / "p1.jsonl.gz"]  # .gz: written compressed
    _main(["--seeds", "evaluation", "--first", "2", "--rounds", "2", "--record", str(parts[1])],
          capsys)
    _main(["--seeds", "evaluation", "--rounds", "2", "--record", str(parts[0])], capsys)
    assert parts[1].read_bytes()[:2] == b"\x1f\x8b"
    merged = _main(["--merge", str(parts[1]), str(parts[0])], capsys)
    assert merged == whole
    assert merged["seeds"] == {"list": "evaluation", "first": 0, "from": EVALUATION[0],
                               "to": EVALUATION[3]}


def test_a_run_stopped_part_way_keeps_the_sets_it_finished(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    """The record is written set by set: a run stopped in its third set (a session's end)
    leaves its first two, which merge as a match of two."""
    seeds = _played(monkeypatch)
    fake = arena.duplicate_set

    def stopped(task: tuple[str, int, int, str, str, tuple[int, ...]]) -> dict[str, Any]:
        if len(seeds) == 2:
            raise KeyboardInterrupt
        return fake(task)

    monkeypatch.setattr(arena, "duplicate_set", stopped)
    for name in ("part.jsonl", "part.jsonl.gz"):
        seeds.clear()
        with pytest.raises(KeyboardInterrupt):
            arena.main(["--seeds", "evaluation", "--rounds", "4", "--record",
                        str(tmp_path / name)])
        merged = _main(["--merge", str(tmp_path / name)], capsys)
        assert merged["round_pairs"] == 2
        assert merged["seeds"] == {"list": "evaluation", "first": 0, "from": EVALUATION[0],
                                   "to": EVALUATION[1]}


def test_merge_refuses_a_gap_a_repeat_and_records_of_another_match(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    _played(monkeypatch)
    a, b, c = (tmp_path / f"{n}.jsonl" for n in "abc")
    _main(["--seeds", "evaluation", "--rounds", "1", "--record", str(a)], capsys)
    _main(["--seeds", "evaluation", "--first", "2", "--rounds", "1", "--record", str(b)], capsys)
    _main(["--seeds", "evaluation", "--rounds", "1", "--variant", "samba", "--record", str(c)],
          capsys)
    for files, words in (([a, b], "gap"), ([a, a], "twice"), ([a, c], "different")):
        with pytest.raises(ValueError, match=words):
            arena.merge([str(f) for f in files])
        with pytest.raises(SystemExit):
            arena.main(["--merge", *map(str, files)])


def test_records_written_before_a_search_count_was_added_still_merge(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    """A record from before `world_refusals` existed merges with it counted as 0."""
    _played(monkeypatch)
    old = tmp_path / "old.jsonl"
    _main(["--seeds", "evaluation", "--rounds", "2", "--record", str(old)], capsys)
    rows = [json.loads(line) for line in old.read_text().splitlines()]
    for row in rows:
        del row["search"]["world_refusals"]
    old.write_text("".join(json.dumps(row) + "\n" for row in rows))
    merged = _main(["--merge", str(old)], capsys)
    assert merged["search"]["world_refusals"] == 0 and merged["round_pairs"] == 2


RECORDS = sorted((Path(__file__).resolve().parents[2] / "bench" / "arena").glob("*.jsonl.gz"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_the_kept_records_are_what_their_names_say(path: Path) -> None:
    """bench/arena/VARIANT-A-B-FIRST-LAST[-varied]@COMMIT.jsonl.gz: evaluation entries FIRST
    to LAST of one match between A and B at VARIANT (from varied scores with `-varied`, from
    zero scores without), listed in bench/arena/README.md; it merges."""
    name, commit = path.name.removesuffix(".jsonl.gz").split("@")
    scores = "varied" if name.endswith("-varied") else "zero"
    *variant, a, b, first, last = name.removesuffix("-varied").split("-")
    figures = arena.merge([str(path)])
    assert figures["scores"] == scores
    assert (figures["variant"], figures["a"], figures["b"]) == ("-".join(variant), a, b)
    assert figures["seeds"]["list"] == "evaluation"
    assert figures["seeds"]["first"] == int(first)
    assert figures["round_pairs"] == int(last) - int(first) + 1
    assert len(commit) == 7
    assert path.name in (path.parent / "README.md").read_text(encoding="utf-8")


def test_some_records_are_kept() -> None:
    assert RECORDS
