"""The going-out search's pre-filter (`way_groups.Stuck`) and the search it saves work
for (`way_groups.go_out_groups`): the filter counts the cards of a hand no group could
take, again for what each sequence play leaves, and skips the play when more than one
is left (C30: one card may be discarded). Two homes for one count, so a property proves
them in step: whenever the filter skips, the search itself refuses (S6, C21, U24; W2: a
meld closed at `meld_max` cards takes no more; N2: a new meld of three naturals)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import canasta as C
from canasta.mechanics.melds import table_meld
from canasta.outlook.needs import can_go_out
from canasta.outlook.solver import without
from canasta.outlook.way_groups import Stuck, go_out_groups
from tests import big_hand

SAMBA = C.get_rules("samba")
THREE_NATURALS = C.get_rules("samba-three-naturals")  # N2: three naturals; W2: closed at 7
RANKS = "456789TJQKA"
CARDS = [r + s for r in RANKS for s in "SHDC"] + ["3S", "3C", "2H", "JK"]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(CARDS), min_size=1, max_size=14),
       st.lists(st.booleans(), min_size=14, max_size=14),
       st.lists(st.sampled_from(RANKS), max_size=4, unique=True),
       st.sets(st.sampled_from(RANKS), max_size=2),
       st.lists(st.sampled_from([0, 3, 4]), min_size=4, max_size=4),
       st.sampled_from([SAMBA, THREE_NATURALS]))
def test_S6_the_stuck_count_skips_only_what_the_search_refuses(
        hand: list[str], mask: list[bool], table: list[str], dead: set[str],
        more: list[int], rules: C.RuleSet) -> None:
    # melds of 3, 6 and 7 cards (W2: closed at 7 where meld_max is 7)
    melds = tuple(table_meld(r, (r + "S", r + "H", r + "D") + (r + "C",) * k, i + 1)
                  for i, (r, k) in enumerate(zip(table, more, strict=False)))
    used = tuple(c for c, u in zip(hand, mask, strict=False) if u and c[0] != "3")
    rest = without(tuple(hand), used)
    stuck = Stuck(rules, tuple(hand), melds, frozenset(dead))
    if rest and stuck.after(used) > 1:
        assert go_out_groups(rules, rest, melds, 5, 0, frozenset(dead)) is None
    # ... and the count is exact: the hand that is left counted afresh agrees
    assert stuck.after(used) == Stuck(rules, rest, melds, frozenset(dead)).after(())


def test_W2_N2_a_closed_meld_leaves_its_rank_stuck(monkeypatch: pytest.MonkeyPatch) -> None:
    # tests/big_hand.py: its 7s and 4s have closed canastas (W2), so the 7C that no
    # sequence takes and the 4D have no meld (N2: a new one needs three naturals), and no
    # way out is possible. The search tried 4,097 ways of laying sequences here (5 s:
    # `legal_actions` asks it, C33) before the filter counted a closed meld as none.
    state = C.load_position({
        "variant": "samba-three-naturals", "to_move": 0, "phase": "play",
        "hands": [big_hand.HAND, ["4S", "5H", "9D", "TH"], ["8S", "5H", "JC", "5C"],
                  ["TC", "KH", "JC", "JC"]],
        "melds": [big_hand.TABLE, [["5S", "5S", "5H"]]], "pile": ["5C"]})
    searched = big_hand.count_searches(monkeypatch)
    assert not can_go_out(state)
    assert len(searched) < 100, len(searched)
