"""Melds on the table and what makes one valid (C17-C19, C21, C30)."""

from __future__ import annotations

from typing import Any, NamedTuple

from canasta.game.cards import VALUE, WILDS, sort_cards
from canasta.game.errors import Text
from canasta.game.messages import RANK_PLURALS
from canasta.mechanics.pure_melds import pure, wild_problem
from canasta.mechanics.sequences import SEQUENCE, SEQUENCE_KEY, in_run_order
from canasta.rules.ruleset import RuleSet

# The highest meld id a position may name; ids of melds started in play go on from the
# highest on the table, so an action's `onto` may name up to ONTO_MAX.
MELD_ID_MAX = 1_000_000
ONTO_MAX = 2 * MELD_ID_MAX

# Kinds of meld (the view's `kind`): a group of one rank, and black 3s melded when
# going out (C21). Variants add kinds (sequences, wild-card melds) beside these.
GROUP = "group"
BLACK_THREES = "black_threes"
# A meld of jokers and 2s only (wild_melds.py: Free Canasta F1, house rule H12), keyed
# "W" where other melds have their rank: a team holds at most one.
WILD = "wild"
WILD_KEY = "W"
# A sequence (sequences.py: a run of one suit) has no rank: SEQUENCE_KEY.
_KINDS = {"3": BLACK_THREES, WILD_KEY: WILD, SEQUENCE_KEY: SEQUENCE}


class TableMeld(NamedTuple):
    """A team's meld: its key (`rank`; '3' for black 3s melded when going out), its
    cards with their counts of natural and wild cards, its id (stable within the
    round, unique across the teams, counted from 1 in the order melds are started),
    its kind and how many cards it was started with (`started`; 0 when unknown, as
    for a set-up position: H11 pays a canasta laid down whole). Make it with
    `table_meld`."""

    rank: str
    cards: tuple[str, ...]
    naturals: int
    wilds: int
    id: int = 0
    kind: str = GROUP
    started: int = 0


def table_meld(rank: str, cards: tuple[str, ...], meld_id: int = 0,
               started: int = 0) -> TableMeld:
    wilds = wild_count(cards)
    return TableMeld(rank, cards, len(cards) - wilds, wilds, meld_id,
                     _KINDS.get(rank, GROUP), started)


def meld_of_view(meld: dict[str, Any]) -> TableMeld:
    """A meld as a view shows it (`view["melds"][team][i]`) back as a `TableMeld`."""
    rank = meld["rank"]
    return table_meld(SEQUENCE_KEY if rank is None else rank, tuple(meld["cards"]),
                      meld.get("id", 0))


def table_of_view(view: dict[str, Any]) -> tuple[tuple[TableMeld, ...], ...]:
    """Every team's melds as a view shows them (`view["melds"]`), as `TableMeld`s."""
    return tuple(tuple(meld_of_view(m) for m in team) for team in view["melds"])


def next_meld_id(table: tuple[tuple[TableMeld, ...], ...]) -> int:
    """The id a meld started now gets: one more than any meld on the table."""
    return 1 + max((m.id for team in table for m in team), default=0)


def merge(
    melds: tuple[TableMeld, ...],
    rank: str,
    cards: tuple[str, ...],
    table: tuple[tuple[TableMeld, ...], ...],
) -> tuple[TableMeld, ...]:
    """C18: cards of a rank the team already melded join that meld (keeping its id);
    otherwise they start a new meld with the next id of the whole `table`."""
    wilds = wild_count(cards)
    for i in range(len(melds) - 1, -1, -1):  # S5: the newest of the rank (`find_meld`)
        m = melds[i]
        if m.rank == rank:
            joined = TableMeld(rank, sort_cards(m.cards + cards), m.naturals + len(cards) - wilds,
                               m.wilds + wilds, m.id, m.kind, m.started)
            return (*melds[:i], joined, *melds[i + 1 :])
    return (*melds, table_meld(rank, sort_cards(cards), next_meld_id(table), len(cards)))


def place(
    melds: tuple[TableMeld, ...],
    rank: str,
    cards: tuple[str, ...],
    table: tuple[tuple[TableMeld, ...], ...],
    onto: int | None = None,
    new: bool = False,
) -> tuple[TableMeld, ...]:
    """`merge` for any kind of meld: cards join the meld `onto` names (a sequence's in
    run order, S6); with `new` (S5), or as a sequence naming none, they start a meld;
    otherwise they go by `merge`."""
    if onto is not None:
        wilds = wild_count(cards)
        for i, m in enumerate(melds):
            if m.id == onto:
                order = in_run_order if m.kind == SEQUENCE else sort_cards
                joined = m._replace(cards=order(m.cards + cards),
                                    naturals=m.naturals + len(cards) - wilds,
                                    wilds=m.wilds + wilds)
                return (*melds[:i], joined, *melds[i + 1 :])
    if new or rank == SEQUENCE_KEY:
        order = in_run_order if rank == SEQUENCE_KEY else sort_cards
        return (*melds, table_meld(rank, order(cards), next_meld_id(table), len(cards)))
    return merge(melds, rank, cards, table)


def wild_count(cards: tuple[str, ...] | list[str]) -> int:
    return sum(map(WILDS.__contains__, cards))


def canasta_kind(rules: RuleSet, cards: tuple[str, ...]) -> str | None:
    """C30: 'natural', 'mixed', 'wild' (F2: wild cards only), 'sequence' (S7: a run of
    one suit) or None (no canasta)."""
    if len(cards) < rules.canasta_size:
        return None
    if rules.sequence_min:  # (a group's naturals are of one rank, a sequence's are not)
        first = next((c for c in cards if c not in WILDS), "")
        if any(c[0] != first[0] for c in cards if c not in WILDS):
            return SEQUENCE
    wilds = wild_count(cards)
    return "mixed" if 0 < wilds < len(cards) else "natural" if not wilds else "wild"


def rank_key(rank: str) -> str:
    """The rank a sentence names (`{rank:ranks}`, canasta/game/messages.py): the rank itself,
    or "*" (wild cards) for a key that is no rank (a meld of wild cards)."""
    return rank if rank in RANK_PLURALS else "*"


def points(cards: tuple[str, ...] | list[str]) -> int:
    return sum(map(VALUE.__getitem__, cards))


def shape_problem(rules: RuleSet, rank: str, naturals: int, wilds: int,
                  opening: bool = False, had_wilds: int = 0) -> str | None:
    """Why a meld with this many naturals and wilds is not valid (C17; U7, U8 with the
    meld's `had_wilds` before this play and `opening`: in the initial meld), or None."""
    size = naturals + wilds
    if size < rules.min_meld:
        return Text("A meld needs at least {n} cards.", n=rules.min_meld)
    if naturals < 2:
        return Text("A meld needs at least two natural {rank:ranks}.", rank=rank_key(rank))
    if wilds > rules.max_wilds:
        return Text("A meld may hold at most {n} wild cards.", n=rules.max_wilds)
    if rules.wilds_strictly_fewer and wilds >= naturals:
        return Text("A meld must always hold more natural cards than wild cards.")
    if not rules.wilds_strictly_fewer and wilds > naturals:
        return Text("A meld may not hold more wild cards than natural cards.")
    if wilds and (rules.pure_ranks or rules.wilds_from_naturals):
        refused = wild_problem(rules, rank, naturals, wilds, opening, had_wilds)
        if refused is not None:
            return refused[1]
    if rank == "3" and rules.black_threes_any_number:
        return None  # R7: black 3s going out, as many as the player holds
    return size_problem(rules, size)


def size_problem(rules: RuleSet, size: int) -> str | None:
    """W2: why a meld of `size` cards is too large (a canasta of `meld_max` is closed),
    or None."""
    if rules.meld_max and size > rules.meld_max:
        return Text("A meld holds at most {n} cards: a canasta of {n} is closed.",
                    n=rules.meld_max)
    return None


def wild_room(rules: RuleSet, naturals: int, wilds: int, rank: str = "",
              opening: bool = False) -> int:
    """How many more wild cards a meld of `rank` with these counts can take (C17; C19:
    none on a natural canasta where the rules forbid it; U7, U8; `opening`: in the
    side's initial meld)."""
    if not rules.wild_on_natural_canasta and wilds == 0 and naturals >= rules.canasta_size:
        return 0
    if naturals < rules.wilds_from_naturals or (rules.pure_ranks and
                                                pure(rules, rank, wilds, opening)):
        return 0
    limit = naturals - 1 if rules.wilds_strictly_fewer else naturals
    room = min(rules.max_wilds, limit) - wilds
    if rules.meld_max:
        room = min(room, rules.meld_max - naturals - wilds)
    return max(0, room)


def team_canastas(rules: RuleSet, melds: tuple[TableMeld, ...]) -> int:
    size = rules.canasta_size
    n = 0
    for m in melds:
        if len(m.cards) >= size and m.rank != "3":
            n += 1
    return n


def wild_canastas(rules: RuleSet, melds: tuple[TableMeld, ...]) -> int:
    """The team's canastas of wild cards (Z7: those going out does not count)."""
    return sum(1 for m in melds if m.kind == WILD and len(m.cards) >= rules.canasta_size)


def dead_ranks(rules: RuleSet, table: tuple[tuple[TableMeld, ...], ...], team: int
               ) -> frozenset[str]:
    """U24 (`closed_to_both`): the ranks `team` may no longer meld nor take the pile with,
    as another side holds a canasta of them (a side's own canasta is closed by its size,
    W2); none without the option. The checks refuse such plays (`dead_problem`) and the
    look-ahead and the search for a way out leave those cards in the hand."""
    if not rules.closed_to_both:
        return frozenset()
    return frozenset(m.rank for t, melds in enumerate(table) if t != team for m in melds
                     if m.kind == GROUP and len(m.cards) >= rules.canasta_size)


def dead_problem(rules: RuleSet, table: tuple[tuple[TableMeld, ...], ...], team: int,
                 rank: str) -> Text | None:
    """U24: why `team` may not meld `rank` (nor take the pile with it), or None."""
    if rank not in dead_ranks(rules, table, team):
        return None
    return Text("The opponents' canasta of {rank:ranks} has closed the rank for both sides: "
                "nobody may meld {rank:ranks} any more, nor take the pile with one.",
                rank=rank)


def find_meld(melds: tuple[TableMeld, ...], rank: str) -> TableMeld | None:
    """The team's meld of `rank` (C18: at most one per rank; S5: where a team may hold
    several, the newest, which is the one short of a canasta if any is, as a new one
    starts only beside canastas)."""
    found = None
    for m in melds:
        if m.rank == rank:
            found = m
    return found


def new_group_problem(rules: RuleSet, melds: tuple[TableMeld, ...], rank: str
                      ) -> str | None:
    """S5: why the team may not start another meld of `rank` beside the ones it holds
    (None: it may, or it holds none)."""
    held = [m for m in melds if m.rank == rank]
    if not held:
        return None
    if rules.groups_per_rank <= 1 or rank in ("3", WILD_KEY) or rank == SEQUENCE_KEY:
        return Text("Your team already has a meld of {rank:ranks}: cards of that rank join it.",
                    rank=rank_key(rank))
    if any(len(m.cards) < rules.canasta_size for m in held):
        return Text("Your meld of {rank:ranks} is not a canasta yet: add to it. Another meld of "
                    "a rank starts only beside canastas of it.", rank=rank_key(rank))
    if len(held) >= rules.groups_per_rank:
        return Text("Your team holds {n} melds of {rank:ranks}: the most a team may hold of "
                    "one rank.", n=len(held), rank=rank_key(rank))
    return None


def meld_by_id(melds: tuple[TableMeld, ...], meld_id: int) -> TableMeld | None:
    for m in melds:
        if m.id == meld_id:
            return m
    return None


def valid_shapes(rules: RuleSet) -> frozenset[tuple[int, int]]:
    """Every (naturals, wilds) count a meld may have (C17), worked out once per rule set
    and kept on it (as a cached property would be)."""
    shapes: frozenset[tuple[int, int]] | None = rules.__dict__.get("valid_shapes")
    if shapes is None:
        most = 4 * rules.decks + 1
        shapes = frozenset(
            (n, w) for n in range(most) for w in range(rules.max_wilds + 2)
            if shape_problem(rules, "K", n, w) is None
        )
        rules.__dict__["valid_shapes"] = shapes
    return shapes


def fewest_naturals(rules: RuleSet) -> int:
    """The fewest natural cards a new meld of a rank holds (C17: two; N2: three)."""
    return min(n for n, _ in valid_shapes(rules) if n)
