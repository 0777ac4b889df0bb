"""The worker's sentences for the log and for hints (static/worker.py under CPython)."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path
from types import ModuleType

import canasta
from canasta.game.actions import Meld
from canasta.game.cards import make_deck
from canasta.rules.house_rules import rules_named

WORKER = Path(__file__).resolve().parents[1] / "static" / "worker.py"


def load_worker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("canasta_page_worker", WORKER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_log_and_hint_phrases_for_each_kind_of_action() -> None:
    worker = load_worker()
    state = canasta.new_game("classic", 1)
    cases = [
        ({"type": "draw"}, "drew from the stock", "Draw from the stock."),
        ({"type": "take_pile", "cards": ["9C", "9D"]},
         "took the pile with 9♣ 9♦", "Take the pile with 9♣ 9♦."),
        ({"type": "take_pile", "cards": []}, "took the pile (laid the top card off)",
         "Take the pile: its top card goes on your team's meld."),
        ({"type": "meld", "cards": ["KC", "KD", "2S"]}, "melded K♣ K♦ 2♠", "Meld K♣ K♦ 2♠."),
        ({"type": "discard", "card": "7H"}, "discarded 7♥", "Discard 7♥."),
        ({"type": "answer", "yes": False}, "answered no", "Answer no."),
    ]
    for action, past, advice in cases:
        assert worker._phrase(0, action, state)["text"] == past
        assert worker._phrase(0, action, state, advice=True)["text"] == advice


def test_a_meld_on_a_team_meld_is_a_lay_off() -> None:
    worker = load_worker()
    state = canasta.load_position({
        "to_move": 0, "phase": "play",
        "hands": [["KH", "4C", "5D"], ["6C", "6D", "6H"], ["7C", "7D", "7H"],
                  ["8C", "8D", "8H"]],
        "melds": [[["KC", "KD", "KS"]], []],
        "pile": ["4D"],
    })
    action = canasta.action_to_json(Meld(("KH",)))
    assert worker._phrase(0, action, state)["text"] == "laid off K♥ on kings"
    assert worker._phrase(0, action, state, advice=True)["text"] == "Lay off K♥ on your kings."


def test_the_worker_lists_the_engines_games_for_the_set_up_dialog() -> None:
    worker = load_worker()
    listed = json.loads(worker.variants())
    assert [v["name"] for v in listed] == list(canasta.VARIANTS)
    for v in listed:
        rules = canasta.VARIANTS[v["name"]]
        assert (v["title"], v["players"], v["teams"]) == (rules.title, rules.players, rules.teams)


def test_coach_says_what_taking_the_pile_needs_with_one_natural_of_its_rank() -> None:
    """C11: one natural of the top card's rank, no wild card, no meld of that rank: the
    coach says what the pile needs, not the shape rule of a meld of two cards (C17)."""
    worker = load_worker()
    position = {
        "variant": "classic", "to_move": 0, "phase": "draw",
        "hands": [["7C", "5S", "9H", "KD"], ["4S", "4D", "6D"], ["8S", "8H", "6C"],
                  ["TC", "TC", "JD"]],
        "melds": [[["QD", "QD", "QC"]], [["AD", "AD", "AC"]]],
        "pile": ["4C", "7D"], "scores": [0, 0],
    }
    coach = worker._coach(canasta.load_position(position))["text"]
    assert coach.endswith("(C11)"), coach
    assert "take it with two 7s, or one and a wild card" in coach


SAMBA = {
    "variant": "samba", "to_move": 0, "phase": "draw",
    "hands": [["5H", "6H", "7H", "9D", "9D", "KC", "KC", "KS", "QS", "4C", "2D", "JK", "TH",
               "AH", "3C"],
              ["4C", "5C", "6C", "7C", "8C"], ["4H", "4H", "6C", "6C", "7C"],
              ["QH", "QH", "JD", "QC", "QC"]],
    "melds": [[["4S", "5S", "6S", "7S", "8S"], ["KD", "KD", "KD", "KH", "KH", "KH", "KS"]],
              [["9C", "TC", "JC"]]],
    "pile": ["QD", "9S"], "scores": [0, 0],
}


def test_sequences_are_started_added_to_and_taken_onto_in_words() -> None:
    """S3, S6 (Samba): the history and the hints say what a play does with a sequence,
    its cards in run order, the sequence by its ends; S5: a meld beside a canasta of its
    rank is a new meld, not a lay-off."""
    worker = load_worker()
    state = canasta.load_position(SAMBA)
    cases = [
        ({"type": "take_pile", "cards": [], "onto": 1},
         "took the pile: 9♠ on the sequence 4♠–8♠",
         "Take the pile: its top card 9♠ continues your sequence 4♠–8♠."),
        ({"type": "meld", "cards": ["9S"], "onto": 1},
         "added 9♠ to the sequence 4♠–8♠", "Add 9♠ to your sequence 4♠–8♠."),
        ({"type": "meld", "cards": ["7H", "5H", "6H"]},
         "started a sequence 5♥ 6♥ 7♥", "Start a sequence 5♥ 6♥ 7♥."),
        ({"type": "meld", "cards": ["KC", "KC", "KS"], "new": True},
         "melded K♣ K♣ K♠", "Meld K♣ K♣ K♠."),
        ({"type": "meld", "cards": ["KC"]}, "laid off K♣ on kings", "Lay off K♣ on your kings."),
    ]
    for action, past, advice in cases:
        assert worker._phrase(0, action, state)["text"] == past
        assert worker._phrase(0, action, state, advice=True)["text"] == advice


def test_coach_says_the_top_card_continues_a_sequence() -> None:
    worker = load_worker()
    coach = worker._coach(canasta.load_position(SAMBA))["text"]
    assert coach == ("You can take the pile: 9♠ on top continues your sequence 4♠–8♠ "
                     "(click the pile, or drag it onto the sequence).")


def test_railroad_kitty_end_of_round_and_empty_stock_in_words() -> None:
    """R13: a discard that takes the kitty says so (one line, not a second one about the
    stock); R18: ending the round on a hand of 7s, and drawing from the empty stock."""
    worker = load_worker()
    kitty = ["4S", "4H", "5H", "6D", "8C", "9C", "TD", "JH", "QS", "AH", "2S"]
    others = [["4C", "5C"], ["4H", "6C"], ["AH", "QC"]]
    kings = ["KS", "KS", "KH", "KD", "KC", "KH", "KD"]
    position = {"variant": "railroad", "to_move": 0, "phase": "play",
                "hands": [["5S", "6S", "9D"], *others], "melds": [[kings], [], [], []],
                "pile": ["5D"], "packets": [kitty] * 4,
                "packets_open": [True, False, False, False]}
    worker.new_game(json.dumps({"position": position}))
    assert "Your kitty is open (R13)" in worker._coach(worker.GAME["state"])["text"]
    action = {"type": "discard", "card": "9D", "reserve": True}
    state = worker.GAME["state"]
    assert worker._phrase(0, action, state, advice=True)["text"] == (
        "Discard 9♦ and take your kitty (11 cards) into your hand.")
    reply = json.loads(worker.act(json.dumps(action)))
    assert [ln["text"] for ln in reply["history"]["lines"]] == [
        "discarded 9♦ and took the kitty (11 cards)"]

    sevens = {**position, "hands": [["7S", "7H", "7D", "7C"], *others]}
    worker.new_game(json.dumps({"position": sevens}))
    assert worker._coach(worker.GAME["state"])["text"].startswith("You hold only 7s")
    reply = json.loads(worker.act(json.dumps({"type": "end_round"})))
    assert reply["history"]["lines"][-1]["text"] == (
        "ended the round: only 7s in hand, and no 7 may be discarded")
    assert reply["view"]["phase"] in ("round_over", "game_over")

    hands = [["5S", "6S", "9D"], *others]
    rest = Counter(make_deck(8, 1)) - Counter(c for h in hands for c in h)
    reds = [c for c in rest.elements() if c in ("3H", "3D")]
    empty = {"variant": "railroad", "to_move": 0, "phase": "draw", "hands": hands,
             "melds": [[], [], [], []], "red_threes": [reds, [], [], []],
             "pile": sorted(c for c in rest.elements() if c not in reds), "stock": []}
    worker.new_game(json.dumps({"position": empty}))
    assert "draw from the empty stock to end the round (R18)" in worker._coach(
        worker.GAME["state"])["text"]
    reply = json.loads(worker.act(json.dumps({"type": "draw"})))
    assert reply["last"]["text"] == "drew from the empty stock: the round is over"
    assert reply["view"]["phase"] in ("round_over", "game_over")


def pennies_position(variant: str = "pennies", opened: bool = False) -> dict[str, object]:
    """Pennies from Heaven: the human, six kings down, melds the seventh (PH4); his
    packet holds a red 3, laid down and replaced as it joins his hand."""
    packet = ["4S", "4H", "5H", "6D", "8C", "9C", "TD", "JH", "QS", "3H", "2S"]
    kings = ["KS", "KS", "KH", "KD", "KC", "KH"] + (["KC"] if opened else [])
    hands = [["KD", "5S", "6S", "9D"], ["4C", "5C"], ["4H", "6C"], ["AH", "QC"],
             ["5D", "6H"], ["9S", "TS"]]
    rest = (Counter(make_deck(4, 2)) - Counter(c for h in hands for c in h) - Counter(kings)
            - Counter(packet) - Counter(["5D"]))
    pool = sorted(c for c in rest.elements() if c[0] not in "37" and c != "JK")
    packets = [packet] + [pool[i * 11:(i + 1) * 11] for i in range(5)]
    return {"rules": rules_named(variant).to_json(), "to_move": 0, "phase": "play",
            "hands": hands,
            "melds": [[kings], []], "pile": ["5D"], "packets": packets,
            "packets_open": [opened] + [False] * 5}


def test_pennies_packet_joins_the_hand_at_the_canasta_in_words() -> None:
    """PH4: the meld that completes the player's canasta brings his packet in at once;
    the log says so after the meld, then the packet's red 3 laid down. PH13: the packet
    taken with a discard is the "packet", not a kitty, and cites PH4."""
    worker = load_worker()
    worker.new_game(json.dumps({"position": pennies_position()}))
    reply = json.loads(worker.act(json.dumps({"type": "meld", "cards": ["KD"]})))
    texts = [ln["text"] for ln in reply["history"]["lines"]]
    assert texts[:2] == ["laid off K♦ on kings",
                         "completed a canasta and took the packet into the hand (11 cards)"]
    assert texts[2].startswith("laid down 3♥")
    assert not any("kitty" in t for t in texts)
    assert reply["view"]["rules"]["packet_name"] == "packet"
    assert reply["view"]["packet_sizes"][0] == 0

    worker.new_game(json.dumps({"position": pennies_position("pennies+PH13", opened=True)}))
    state = worker.GAME["state"]
    assert worker._coach(state)["text"] == ("Your packet is open (PH4): meld, then discard; with "
                                    "“Take the packet” ticked, it joins your hand.")
    action = {"type": "discard", "card": "9D", "reserve": True}
    assert worker._phrase(0, action, state, advice=True)["text"] == (
        "Discard 9♦ and take your packet (11 cards) into your hand.")
    reply = json.loads(worker.act(json.dumps(action)))
    assert reply["history"]["lines"][0]["text"] == "discarded 9♦ and took the packet (11 cards)"
