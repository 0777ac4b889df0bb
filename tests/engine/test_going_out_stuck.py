"""The going-out search's pre-filter (`going_out._Stuck`) and the search it saves work
for (`going_out._go_out_groups`): the filter counts the cards of a hand no group could
take, again for what each sequence play leaves, and skips the play when more than one
is left (C30: one card may be discarded). Two homes for one count, so a property proves
them in step: whenever the filter skips, the search itself refuses (S6, C21, U24)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import canasta as C
from canasta.going_out import _go_out_groups, _Stuck
from canasta.melds import table_meld
from canasta.solver import without

SAMBA = C.get_rules("samba")
RANKS = "456789TJQKA"
CARDS = [r + s for r in RANKS for s in "SHDC"] + ["3S", "3C", "2H", "JK"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(CARDS), min_size=1, max_size=14),
       st.lists(st.booleans(), min_size=14, max_size=14),
       st.lists(st.sampled_from(RANKS), max_size=4, unique=True),
       st.sets(st.sampled_from(RANKS), max_size=2))
def test_S6_the_stuck_count_skips_only_what_the_search_refuses(
        hand: list[str], mask: list[bool], table: list[str], dead: set[str]) -> None:
    melds = tuple(table_meld(r, (r + "S", r + "H", r + "D"), i + 1)
                  for i, r in enumerate(table))
    used = tuple(c for c, u in zip(hand, mask, strict=False) if u and c[0] != "3")
    rest = without(tuple(hand), used)
    stuck = _Stuck(SAMBA, tuple(hand), melds, frozenset(dead))
    if rest and stuck.after(used) > 1:
        assert _go_out_groups(SAMBA, rest, melds, 5, 0, frozenset(dead)) is None
    # ... and the count is exact: the hand that is left counted afresh agrees
    assert stuck.after(used) == _Stuck(SAMBA, rest, melds, frozenset(dead)).after(())
