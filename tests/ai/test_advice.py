"""The hint's sentence about the turn's plan (issue 19, `canasta.ai.advice`): why the
strong level's discard plays on where the player could go out (C30-C33), or keeps in
hand a meld normal would make."""

from __future__ import annotations

import json

from canasta import view_for
from canasta.ai.advice import explain_turn
from canasta.ai.heuristic import choose_heuristic, way_out_step
from canasta.rules.ruleset import CLASSIC
from tests.engine.helpers import position
from tests.test_worker_phrases import load_worker

KINGS = ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]  # a natural canasta: C30 may go out
PLAY_ON = "You could go out now, but playing on is worth more here."
KEEP = ("Keep your melds in hand this turn: a pair held can take the pile, and the "
        "opponents see less.")


def _view(hand: list[str], ours: list[list[str]]) -> dict[str, object]:
    return view_for(position(hand, phase="play", melds=[ours, [["QS", "QD", "QC"]]]), 0)


def test_c30_a_discard_where_the_player_could_go_out_says_so() -> None:
    view = _view(["5C", "5D", "5S", "8H"], [KINGS])
    step = way_out_step(view, CLASSIC)
    assert step is not None and step["type"] == "meld"
    text = explain_turn(view, {"type": "discard", "card": "8H"})
    assert text is not None and text.key == PLAY_ON
    assert explain_turn(view, step) is None  # going out: nothing to explain


def test_a_discard_where_normal_would_meld_says_the_hand_is_kept() -> None:
    view = _view(["9C", "9D", "9S", "4H", "6C", "JD", "8S"], [["5C", "5D", "5S"]])
    assert way_out_step(view, CLASSIC) is None  # no canasta yet (C30)
    assert choose_heuristic(view, "normal", 0)["type"] == "meld"
    text = explain_turn(view, {"type": "discard", "card": "4H"})
    assert text is not None and text.key == KEEP
    assert explain_turn(view, {"type": "meld", "cards": ["9C", "9D", "9S"],
                               "new": True}) is None


def test_nothing_to_say_before_the_side_has_melded_or_in_the_draw_phase() -> None:
    unopened = view_for(position(["9C", "9D", "9S", "4H", "6C"], phase="play"), 0)
    assert explain_turn(unopened, {"type": "discard", "card": "4H"}) is None
    drawing = view_for(position(["9C", "9D", "4H"], melds=[[["5C", "5D", "5S"]], []]), 0)
    assert explain_turn(drawing, {"type": "draw"}) is None


def test_the_worker_hint_carries_the_sentence() -> None:
    worker = load_worker()
    worker.GAME["state"] = position(["9C", "9D", "9S", "4H", "6C", "JD", "8S"], phase="play",
                                    melds=[[["5C", "5D", "5S"]], [["QS", "QD", "QC"]]])
    hint = json.loads(worker.hint())["hint"]
    # the search keeps the 9s in hand here (its play-outs on this position's seed)
    assert hint["action"]["type"] == "discard"
    assert hint["params"]["why"]["key"] == KEEP
    assert hint["text"].endswith(KEEP)
