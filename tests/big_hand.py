"""A hand of 37 cards from a play-out of Samba with three naturals (evaluation seed
7340198): many short runs, and its 7s and 4s have canastas closed at seven (W2). The
search for a way out once tried 4,097 ways of laying sequences here (5-6 s); the engine's
filter and the play-outs' cap on ways tried are tested on it."""

from __future__ import annotations

from typing import Any

import pytest

from canasta.outlook import going_out

HAND = ["JH", "JH", "JD", "JS", "KH", "KS", "KS", "KH", "7C", "7C", "4D", "3C", "3S",
        "3S", "3S", "QC", "QS", "QH", "2D", "AS", "AS", "AC", "AD", "TS", "TC", "TD",
        "9C", "9S", "9D", "9H", "9S", "8C", "8S", "8H", "8D", "8D", "6H"]
TABLE = [["AH", "AD", "AD", "AC", "2H", "2C", "AC"], ["QS", "QH", "QD", "QD", "QC", "2S", "2H"],
         ["6S", "6S", "6H", "6D", "6C", "6C", "2D"], ["KS", "KD", "KD", "KD", "KC", "KC", "KC"],
         ["7S", "7S", "7H", "7D", "7C", "7S", "7H"], ["TS", "TS", "TH", "TH", "TD", "TC", "JK"],
         ["4S", "4S", "4H", "4D", "4C", "4C", "4C"], ["5S", "5D", "5D", "JK", "2C", "5D"],
         ["6S", "6H", "6C"]]


def count_searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one each time the search places a hand's cards by rank
    (`going_out.go_out_groups`, from way_groups: once for each way of laying sequences it tries)."""
    searched: list[int] = []
    real = going_out.go_out_groups

    def counted(*args: Any) -> Any:
        searched.append(1)
        return real(*args)

    monkeypatch.setattr(going_out, "go_out_groups", counted)
    return searched
