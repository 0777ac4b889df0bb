"""The rule set: every number and option of a Canasta variant in one dataclass.

Code branches on these fields, never on a variant's name. Each variant is a
named constant made with `dataclasses.replace(CLASSIC, ...)` and found by name
through `get_rules`. Sources for every number are in docs/variants.md.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, fields, replace
from functools import cached_property
from itertools import chain
from typing import Any

from .errors import RuleSetError, shown, shown_keys
from .rule_options import ANY_SCORE, SCORE_HIGH, problems

NEG_INF = ANY_SCORE  # the initial-meld table's first row: any score
NEVER = SCORE_HIGH  # a team score no game reaches: an option that never applies


@dataclass(frozen=True)
class RuleSet:
    # Fields are grouped as `rule_options.OPTIONS` groups them (docs/ENGINE.md, "Rules
    # as data"); a new field joins its group here and there.
    # Game: names, and the rule ids its refusals cite
    name: str = "classic"
    title: str = "Classic Canasta (4 players, 2 partnerships)"
    # (Classic rule id, this rule set's id) for each rule the rule set changed: a refusal
    # that names the first cites the second (`cite`, applied by `checks.check`)
    rule_ids: tuple[tuple[str, str], ...] = ()
    # Table (C1, C3, C4; the roster P1)
    players: int = 4
    teams: int = 2
    decks: int = 2
    jokers_per_deck: int = 2
    hand_size: int = 11
    upcard: bool = True  # C4: a card turned up starts the pile (U3: none, the pile empty)
    red_threes_before_upcard: bool = False  # Z2: dealt red 3s replaced before the upcard
    # Z3 (counted_pile.py): face-down stock cards under the upcard, as many as it counts
    # ("under"; "including": the upcard one of them; "": none)
    counted_pile: str = ""
    # The roster (roster.py): people per team when more play than `players` seats;
    # () when everyone plays every round
    roster: tuple[int, ...] = ()
    # Turn (C6, C7)
    draw_count: int = 1
    # Melds (C17, C19, C21, C30; melds of wild cards: wild_melds.py, F1, H12)
    min_meld: int = 3
    max_wilds: int = 3
    wilds_strictly_fewer: bool = True
    wild_on_natural_canasta: bool = True
    canasta_size: int = 7
    wild_meld_min: int = 0  # the fewest wild cards a meld of wild cards starts with; 0: none
    meld_max: int = 0  # W2: the most cards a meld may hold (a canasta is then closed); 0: none
    # U7: a meld takes wild cards only once it holds this many naturals (0: no such rule)
    wilds_from_naturals: int = 0
    # U8 (pure_melds.py): ranks whose melds never take a wild card, and of those the
    # ranks whose melds may take wild cards in the side's initial meld (then ordinary)
    pure_ranks: str = ""
    pure_open_mixed: str = ""
    groups_per_rank: int = 1  # S5: melds a team may hold of one rank (each new one beside
    # canastas of that rank only)
    # Sequences (sequences.py; S6, S7): runs of one suit of `sequence_min` cards or more
    # (0: no sequences) up to `sequence_max`
    sequence_min: int = 0
    sequence_max: int = 7
    sequence_wilds: int = 0  # N3: the most wild cards a sequence holds (0: none, S6)
    wild_meld_max: int = 0  # B2: the most cards a meld of wild cards holds (0: no limit)
    # Z5, Z6 (twos_melds.py): the meld of wild cards is a meld of 2s (jokers its wild
    # cards), and a side's 2s are wild nowhere else while it is short of a canasta
    twos_melds: bool = False
    # BR6: in a going-out turn a sequence grows past `sequence_max`, up to the ace
    sequence_grows_out: bool = False
    # Pile (C14, C15, C22)
    frozen_for_unopened_team: bool = True
    black_three_freezes: bool = False
    pile_always_frozen: bool = False  # W4: taken only with a natural pair matching the top
    pile_min_size: int = 0  # M7: the pile is taken only when it holds this many cards
    pile_barred_rank: str = ""  # M11: never taken with a card of this rank on top
    pile_wild_buy: bool = True  # S3 off: the pile is never taken with a wild card
    pile_take_most: int = 0  # HF7: a take gets only the pile's top cards, this many (0: all)
    # S3: the melds the top card alone may join: "any" (C11), "open" (short of a
    # canasta), "sequence" (only a sequence it continues)
    take_onto: str = "any"
    pile_opens: bool = True  # BR3 off: a side without its initial meld never takes the pile
    # Black 3s (black_threes.py; K9, K10; U5: laid down and replaced as red 3s are)
    black_threes_laid: bool = False
    black_threes_held_first_round: bool = False  # K9: none discarded the first time round
    black_threes_set_aside: bool = False  # K10: taken with the pile, set aside, card value
    black_threes_anytime: bool = False  # E5: a set of three or four melded at any time
    black_threes_any_number: bool = False  # R7: three or more black 3s going out, any size
    # Discards (discards.py; U13): a wild card only as the last card; onto an empty pile
    # no card of a pure rank, wild card or rank with a canasta on the table
    wild_discard_last_only: bool = False
    empty_pile_bars: bool = False
    sevens_held: bool = False  # R16: no 7 discarded until every side has a canasta of 7s
    # Initial meld (C25): (lowest team score, minimum), ascending; U11: the pile's top
    # card does not count toward it
    minimum_from_hand: bool = False
    # BR2 (opening.py): from these team scores the initial meld must hold a canasta, and
    # one scoring as a natural canasta or more (NEVER: no such rule)
    canasta_to_open_from: int = NEVER
    natural_to_open_from: int = NEVER
    initial_meld: tuple[tuple[int, int], ...] = (
        (NEG_INF, 15),
        (0, 50),
        (1500, 90),
        (3000, 120),
    )
    # HF9: the initial-meld minimum by the round's number (the first round's first), the
    # last repeated; () none: `initial_meld` by the score
    initial_meld_by_deal: tuple[int, ...] = ()
    # Going out (C30-C33; the requirements as data, going_out.finish_problem)
    canastas_to_go_out: int = 1
    concealed_needs_minimum: bool = True
    ask_permission: bool = True
    # Going out ends with a discard: "optional" (C30: meld every card, or all but one and
    # discard it), "required" (a discard, never the last meld) or "forbidden" (the last
    # card is melded, never discarded)
    final_discard: str = "optional"
    must_ask: bool = False  # going out needs the partner's yes this turn (C33 compulsory)
    going_out: bool = True  # E4 off: nobody goes out; the round ends with the stock (C34)
    # B4: of the canastas to go out, this many must be sequences (Bolivia's escalera)
    sequence_canastas_to_go_out: int = 0
    wild_canastas_count_out: bool = True  # Z7 off: a canasta of wild cards is not counted
    # Red 3s to go out (solver.out_shortfall): a side needs this many laid down (M8; 0:
    # none), or with `canastas_per_red_three` a canasta for each of its red 3s (M12)
    red_threes_to_go_out: int = 0
    canastas_per_red_three: bool = False
    last_discard_not_seven: bool = False  # R17: the last card discarded is never a 7
    # R17 (solver.kinds_lacking): the canastas of each kind a side needs to go out
    # (sevens: of natural 7s; natural: of another rank)
    out_natural: int = 0
    out_mixed: int = 0
    out_wild: int = 0
    out_sevens: int = 0
    # End of round (C34; R18 "pile": an empty stock ends the round only when drawn from)
    stock_out: str = ""
    # Reserve: cards that join a hand on a trigger (reserve.py; M3): `reserve_size` (0: none)
    # taken from `reserve_from` when `reserve_trigger` happens
    reserve_size: int = 0
    reserve_from: str = "stock"
    reserve_trigger: str = "initial_meld"  # E7: or "first_canasta" (the round's first)
    reserve_later: int = -1  # U6: the reserve of a side opening after another (-1: as above)
    reserve_stock_above: int = 0  # U6: taken only while the stock holds more than this
    # R13: a dealt packet (`reserve_from` "dealt", the kitty) is opened by the player's
    # own canasta ("own_canasta"; "own_unmixed_canasta": not a mixed one) and taken by a
    # discard that says so
    reserve_with_discard: bool = False
    packet_name: str = ""  # what players call the dealt packet ("kitty"; "" none dealt)
    # Scoring (C40-C42; F2, F3)
    natural_canasta_bonus: int = 500
    mixed_canasta_bonus: int = 300
    wild_canasta_bonus: int = 0  # a canasta of wild cards only (F2)
    sequence_canasta_bonus: int = 0  # S7: a canasta of a sequence (Samba's samba)
    mixed_sequence_bonus: int = 0  # N4: a canasta of a sequence with a wild card (0: as S7)
    sequence_canasta_name: str = ""  # S7: its name ("samba"); empty: "sequence canasta"
    wild_canasta_name: str = ""  # a canasta of wild cards' name ("bolivia")
    mixed_bonus_by_wilds: tuple[tuple[int, int], ...] = ()  # (wild cards, bonus) of mixed
    red_three_bonus: int = 100
    all_red_threes_bonus: int = 800
    # (count, total) for counts of red 3s that score otherwise than count x bonus
    red_three_totals: tuple[tuple[int, int], ...] = ()
    going_out_bonus: int = 100
    concealed_bonus: int = 100
    red_threes_negative_without_meld: bool = True
    red_threes_need_canasta: bool = False  # K8: plus only for a team with a canasta
    red_threes_need_sevens: bool = False  # PH7: plus only for a team with a canasta of 7s
    red_threes_plus_from: int = 0  # S9: plus only from this many canastas, else minus
    # (jokers, bonus) for canastas of wild cards that score otherwise than
    # `wild_canasta_bonus` (K11: seven 2s, four jokers and three 2s)
    wild_canasta_by_jokers: tuple[tuple[int, int], ...] = ()
    # E8: all red 3s score `all_red_threes_bonus` only for a side with a canasta of wild
    # cards, of a sequence or of natural 7s (else their count x bonus)
    all_red_threes_special: bool = False
    all_black_threes_bonus: int = 0  # K10: a team's total for every black 3; 0: none
    sevens_canasta_bonus: int = 0  # M6: a canasta of 7s, natural or mixed (0: as others)
    natural_sevens_bonus: int = 0  # E9: a natural canasta of 7s (0: as above)
    pure_canasta_bonus: int = 0  # U14: a natural canasta of a pure rank (0: as others)
    # U16: 3s count plus only from this many canastas, nothing with fewer but one, minus
    # with none (0: C42, K8)
    threes_plus_from: int = 0
    # U17: penalties for a meld of a pure rank or of wild cards short of a canasta, and
    # for a hand holding `held_pure_count` or more cards of a pure rank (0: none)
    unfinished_pure_penalty: int = 0
    unfinished_wild_penalty: int = 0
    held_pure_count: int = 0
    held_pure_penalty: int = 0
    melds_minus_without_canasta: bool = False  # U18: melded cards count minus then
    # U21 (special_hands.py): the special hand of pairs without wild cards — the whole
    # hand after the draw laid down at once to go out before the side has melded — and
    # its bonus, in place of the side's score for the round (0: no such hand)
    special_pairs_bonus: int = 0
    # BR5: (length, points) rows, ascending: each sequence a side holds when the round
    # ends scores the points of the last row its length reaches (none below the first)
    sequence_scores: tuple[tuple[int, int], ...] = ()
    # Z11: rows of (canastas, bonus) for a side with that many canastas of any kind, and
    # rows of (canastas, bonus) that replace a row of the first where so many are natural
    canasta_count_bonus: tuple[tuple[int, int], ...] = ()
    natural_count_bonus: tuple[tuple[int, int], ...] = ()
    wild_bonus_going_out_only: bool = False  # Z10: canastas of wild cards score a bonus
    # only for the side that went out
    seven_in_hand: int = 0  # E10: each 7 left in hand costs this (0: its value)
    # House rules (docs/variants/classic-house-rules.md; the presets of house_rules.py)
    double_end_bonus: int = 0  # H1: 0 = no double end
    red_threes_by_going_out: bool = False  # H5
    black_three_in_hand: int = 0  # H9: each black 3 left in hand costs this (0: its value)
    concealed_canasta_bonus: int = 0  # H11
    # H6, H7: from this team score a canasta made in the initial-meld turn completes
    # the initial meld whatever its points (NEVER: off; -NEVER: at any score)
    canasta_opens_from: int = NEVER
    # Winning (C50)
    target_score: int = 5000
    deals: int = 0  # E12: the game is this many rounds, the highest total winning (0: C50)

    def __post_init__(self) -> None:
        found = problems(self)
        if found:
            raise RuleSetError("invalid rule set: " + "; ".join(found))

    @cached_property
    def classic_finish(self) -> bool:
        """Going out as in Classic (C30, C33): the last card discarded or melded, the
        question optional. `legal_actions` keeps its quick listings for these only."""
        return self.final_discard == "optional" and not self.must_ask and self.going_out

    @cached_property
    def laid_threes(self) -> frozenset[str]:
        """C5, C20: the 3s that are laid down as they come and replaced from the stock
        (red 3s; U5: black 3s too)."""
        from .cards import BLACK_THREES, RED_THREES

        return RED_THREES | BLACK_THREES if self.black_threes_laid else RED_THREES

    def cite(self, rule: str) -> str:
        """The rule id a refusal cites for Classic's rule `rule`: this rule set's own id
        where it changed that rule (`rule_ids`), else `rule` itself."""
        return self._cited.get(rule, rule)

    @cached_property
    def _cited(self) -> dict[str, str]:
        return dict(self.rule_ids)

    def team_of(self, seat: int) -> int:
        return seat % self.teams

    def seats_of(self, team: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s % self.teams == team)

    def partner_of(self, seat: int) -> int | None:
        """The next seat of the same team in playing order, if the team has one."""
        for step in range(1, self.players):
            other = (seat + step) % self.players
            if other % self.teams == seat % self.teams:
                return other
        return None

    def minimum_for(self, score: int, round_no: int = 0) -> int:
        """C25: the initial-meld minimum for a team with this cumulative score (HF9: in
        round `round_no`, where the minimum goes by the round)."""
        by_deal = self.initial_meld_by_deal
        if by_deal and round_no > 0:
            return by_deal[min(round_no, len(by_deal)) - 1]
        result = self.initial_meld[0][1]
        for lowest, minimum in self.initial_meld:
            if score >= lowest:
                result = minimum
        return result

    @cached_property
    def valid_shapes(self) -> frozenset[tuple[int, int]]:
        """Every (naturals, wilds) count a meld may have (C17)."""
        from .melds import shape_problem

        most = 4 * self.decks + 1
        return frozenset(
            (n, w) for n in range(most) for w in range(self.max_wilds + 2)
            if shape_problem(self, "K", n, w) is None
        )

    def deck_size(self) -> int:
        return self.decks * (52 + self.jokers_per_deck)

    @cached_property
    def _json(self) -> dict[str, Any]:
        return asdict(self)

    def to_json(self) -> dict[str, Any]:
        """Every option by value, JSON-ready; a fresh dict the caller may change (every
        view carries one, so the form is built once per rule set and copied)."""
        data = dict(self._json)
        for table in _TABLES:
            data[table] = [list(row) for row in getattr(self, table)]
        for name in _LISTS:
            data[name] = list(getattr(self, name))
        data["rule_ids"] = [list(row) for row in self.rule_ids]
        return data

    @staticmethod
    def from_json(data: object) -> RuleSet:
        """The rule set of `to_json`'s form; anything else (a value of the wrong type
        or out of range, an unknown option, not an object at all) raises `RuleSetError`
        with every reason. An equal form gives the same (immutable)
        object again, so an AI reading the rules from every view builds each rule set
        once: the forms met last are kept, compared with `==` (a dict comparison costs
        far less than building a hashable key or a rule set; a kept form is a valid
        one, so the comparison stops at its shallow depth whatever `data` holds) and
        then by the type of every value, since `==` takes 4.0 and true for 4 and 1."""
        for i, (form, types, rules) in enumerate(_RECENT):
            if form == data and _same_types(form, types, data):
                if i:
                    _RECENT.insert(0, _RECENT.pop(i))
                return rules
        rules = _from_json(data)
        assert isinstance(data, dict)  # (`_from_json` refuses anything else)
        _RECENT.insert(0, (copy.deepcopy(data), list(map(type, data.values())), rules))
        del _RECENT[_RECENT_SIZE:]
        return rules


_KNOWN = frozenset(f.name for f in fields(RuleSet))


def _same_types(form: dict[str, Any], types: list[type], data: Any) -> bool:
    """For `data == form` (a valid form, its values' `types`): every value of `data`
    has the type of the form's, and every number in its tables and lists is an int.
    (Built of `map` and `chain` so that the check runs at C speed: a view's rules are
    read on every AI decision.)"""
    if list(map(type, data.values())) != types and \
            list(map(type, map(data.__getitem__, form))) != types:  # (keys in another order)
        return False
    tables = [data[key] for key in _TABLES if key in data]
    cells = chain.from_iterable(chain.from_iterable(tables))
    items = chain.from_iterable(data.get(name, ()) for name in _LISTS)
    return set(map(type, cells)) <= _INT and set(map(type, items)) <= _INT


_INT = {int}
_LISTS = ("roster", "initial_meld_by_deal")
_TABLES = ("initial_meld", "red_three_totals", "mixed_bonus_by_wilds", "wild_canasta_by_jokers",
           "sequence_scores", "canasta_count_bonus", "natural_count_bonus")


def _from_json(data: object) -> RuleSet:
    if not isinstance(data, dict):
        raise RuleSetError(f"a rule set must be a JSON object, not {shown(data)}")
    unknown = [k for k in data if k not in _KNOWN]
    if unknown:
        raise RuleSetError(f"unknown rule options: {shown_keys(unknown)}")
    values = dict(data)
    for table in (*_TABLES, "rule_ids"):
        if table in values:
            rows = values[table]
            if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
                what = "rule ids" if table == "rule_ids" else "whole numbers"
                raise RuleSetError(f"{table} must be a list of pairs of {what}")
            values[table] = tuple(tuple(r) for r in rows)
    for name in _LISTS:
        if name in values:
            if not isinstance(values[name], list):
                raise RuleSetError(f"{name} must be a list of whole numbers")
            values[name] = tuple(values[name])
    return RuleSet(**values)


# (a private copy of a form, the types of its values in order, its rules)
_RECENT: list[tuple[dict[str, Any], list[type], RuleSet]] = []
_RECENT_SIZE = 8


CLASSIC = RuleSet()

CLASSIC_2P = replace(
    CLASSIC,
    name="classic-2p",
    title="Classic Canasta for two (15 cards, draw 2, two canastas to go out)",
    players=2,
    teams=2,
    hand_size=15,
    draw_count=2,
    canastas_to_go_out=2,
    ask_permission=False,
    rule_ids=(("C1", "D1"), ("C4", "D2"), ("C7", "D3"), ("C30", "D4"), ("C31", "D4"),
              ("C33", "D5")),
)

CLASSIC_3P = replace(
    CLASSIC,
    name="classic-3p",
    title="Classic Canasta for three (13 cards, each plays alone, two canastas to go out)",
    players=3,
    teams=3,
    hand_size=13,
    canastas_to_go_out=2,
    ask_permission=False,
    rule_ids=(("C1", "T1"), ("C4", "T2"), ("C30", "T4"), ("C31", "T4"), ("C33", "T5")),
)

# Six players (docs/variants.md): seed 003 line 45 — three decks with six jokers, 15
# cards each, two teams of three or three teams of two, every player between two
# opponents (seat i plays for team i % teams); variants-notes §4 for the rest.
_SIX = replace(
    CLASSIC,
    decks=3,
    players=6,
    hand_size=15,
    canastas_to_go_out=2,
    all_red_threes_bonus=1200,
    red_three_totals=((5, 1000),),
    rule_ids=(("C1", "X1"), ("C3", "X2"), ("C4", "X3"), ("C30", "X4"), ("C31", "X4"),
              ("C40", "X5"), ("C25", "X6"), ("C50", "X6")),
)

CLASSIC_6P = replace(
    _SIX,
    name="classic-6p",
    title="Classic Canasta for six (two teams of three, 3 decks, 15 cards, two canastas)",
    teams=2,
    initial_meld=((NEG_INF, 15), (0, 50), (1500, 90), (3000, 120), (7500, 150)),
    target_score=10_000,
)

CLASSIC_6P_3X2 = replace(
    _SIX,
    name="classic-6p-3x2",
    title="Classic Canasta for six (three teams of two, 3 decks, 15 cards, two canastas)",
    teams=3,
    target_score=7500,
)

# Free Canasta (docs/variants/free-canasta.md): seed 003 line 47 — canastas of jokers
# and 2s only (1000), mixed canastas by their wild cards (400 / 300 / 200).
FREE_CANASTA = replace(
    CLASSIC,
    name="free-canasta",
    title="Free Canasta (4 players; canastas of wild cards, mixed canastas by wild cards)",
    wild_meld_min=3,
    wild_canasta_bonus=1000,
    mixed_bonus_by_wilds=((1, 400), (2, 300), (3, 200)),
)

# Five players (docs/variants/classic-5p.md): seed 003 line 43 — three against two,
# four at the table, the third member of the larger team waiting in turn (roster.py).
CLASSIC_5P = replace(
    CLASSIC,
    name="classic-5p",
    title="Classic Canasta for five (three against two; one waits each round)",
    roster=(3, 2),
)

# The wild-canasta game (docs/variants/wild-canasta.md): seed 003 line 67 — melds of
# three to seven cards, 2000 for a canasta of wild cards, the pile always frozen.
WILD_CANASTA = replace(
    CLASSIC,
    name="wild-canasta",
    title="Wild-canasta game (melds of 3 to 7 cards, 2000 for a canasta of wild cards, "
          "the pile always frozen)",
    meld_max=7,
    wild_meld_min=3,
    wild_canasta_bonus=2000,
    pile_always_frozen=True,
    rule_ids=(("C14", "W4"), ("F1", "W3")),
)

# Cuban Canasta (docs/variants/cuban.md): seed 003 line 63 — 15 cards, the pile always
# frozen, canastas of seven at most, red 3s by the card, black 3s held the first time
# round and set aside when taken, canastas of wild cards 4000 / 3000 / 2000.
CUBAN = replace(
    CLASSIC,
    name="cuban",
    title="Cuban Canasta (15 cards, the pile always frozen, canastas of seven at most, "
          "wild canastas 2000\u20134000)",
    hand_size=15,
    pile_always_frozen=True,
    meld_max=7,
    wild_meld_min=3,
    wild_canasta_bonus=2000,
    wild_canasta_by_jokers=((0, 4000), (4, 3000)),
    red_three_totals=((1, 100), (2, 600), (3, 1500)),
    all_red_threes_bonus=4000,
    red_threes_need_canasta=True,
    black_threes_held_first_round=True,
    black_threes_set_aside=True,
    all_black_threes_bonus=100,
    initial_meld=((NEG_INF, 15), (0, 50), (1500, 90), (3000, 120), (5000, 150)),
    target_score=7500,
    rule_ids=(("C4", "K2"), ("C14", "K3"), ("W4", "K3"), ("W2", "K5"), ("C25", "K7"),
              ("C50", "K7"), ("F1", "K11")),
)

# Mexicana (docs/variants/mexicana.md): seed 003 line 65 — three decks with six jokers,
# 15 cards, 13 stock cards to the player who makes the side's initial meld, a canasta of
# 7s 1000, the pile taken only from seven cards, two canastas and two red 3s to go out.
MEXICANA = replace(
    CLASSIC,
    name="mexicana",
    title="Mexicana (3 decks, 15 cards, 13 more on the initial meld, sevens 1000)",
    decks=3,
    hand_size=15,
    reserve_size=13,
    sevens_canasta_bonus=1000,
    pile_min_size=7,
    canastas_to_go_out=2,
    red_threes_to_go_out=2,
    all_red_threes_bonus=1200,
    red_three_totals=((5, 1000),),
    rule_ids=(("C3", "M1"), ("C4", "M2"), ("C30", "M8"), ("C31", "M8"), ("C40", "M9")),
)

# Modern American Canasta (docs/variants/american.md): not in the seeds; variants-notes
# §8 (pagat, the Canasta League of America's laws, playonlinecanasta.com). 13 cards, no
# upcard, every 3 laid down, bonus cards on a side's first meld, melds of three to seven
# with two wild cards at most, 7s and aces kept natural, two canastas and a discard to
# go out, penalties for what is left unfinished.
AMERICAN = replace(
    CLASSIC,
    name="american",
    title="Modern American Canasta (13 cards, bonus cards, 7s and aces natural, two "
          "canastas and a discard to go out)",
    hand_size=13,
    upcard=False,
    black_threes_laid=True,
    reserve_size=4,
    reserve_later=3,
    reserve_stock_above=8,
    max_wilds=2,
    wilds_strictly_fewer=False,
    meld_max=7,
    wild_meld_min=3,
    pure_ranks="7A",
    pure_open_mixed="A",
    pile_always_frozen=True,
    wild_discard_last_only=True,
    empty_pile_bars=True,
    minimum_from_hand=True,
    initial_meld=((NEG_INF, 125), (3000, 155), (5000, 180)),
    canastas_to_go_out=2,
    final_discard="required",
    concealed_bonus=0,
    pure_canasta_bonus=2500,
    wild_canasta_bonus=2000,
    wild_canasta_by_jokers=((0, 3000), (4, 2500)),
    red_three_totals=((1, 100), (2, 300), (3, 500)),
    all_red_threes_bonus=1000,
    threes_plus_from=2,
    unfinished_pure_penalty=2500,
    unfinished_wild_penalty=2000,
    held_pure_count=3,
    held_pure_penalty=1500,
    melds_minus_without_canasta=True,
    target_score=8500,
    rule_ids=(("C4", "U2"), ("C5", "U5"), ("C20", "U5"), ("C17", "U7"), ("C19", "U7"),
              ("F1", "U9"), ("W2", "U10"), ("C12", "U11"), ("C25", "U11"), ("C26", "U11"),
              ("C14", "U12"), ("W4", "U12"), ("C30", "U15"), ("C31", "U15"),
              ("C40", "U14"), ("C42", "U16"), ("C50", "U19")),
)

# Samba (docs/variants/samba.md): seed 003 line 71 — three decks with six jokers, 15
# cards, draw two, the pile never bought with a wild card, at most two wild cards a meld,
# sequences of one suit that make a samba (1500) at seven, two canastas to go out;
# variants-notes §5 (Bicycle, howstuffworks, pagat) for the initial-meld table.
SAMBA = replace(
    CLASSIC,
    name="samba",
    title="Samba (3 decks, 15 cards, draw 2, sequences of one suit, samba 1500)",
    decks=3,
    hand_size=15,
    draw_count=2,
    max_wilds=2,
    groups_per_rank=2,
    pile_wild_buy=False,
    sequence_min=3,
    sequence_max=7,
    sequence_canasta_bonus=1500,
    sequence_canasta_name="samba",
    canastas_to_go_out=2,
    going_out_bonus=200,
    concealed_bonus=0,
    red_three_totals=((5, 1000),),
    all_red_threes_bonus=1000,
    red_threes_plus_from=2,
    initial_meld=((NEG_INF, 15), (0, 50), (1500, 90), (3000, 120), (7000, 160)),
    target_score=10_000,
    rule_ids=(("C3", "S1"), ("C4", "S1"), ("C7", "S2"), ("C11", "S3"), ("C17", "S4"),
              ("C19", "S4"), ("C25", "S10"), ("C30", "S8"), ("C31", "S8"), ("C40", "S9"),
              ("C42", "S9"), ("C50", "S11")),
)

# Bolivia (docs/variants/bolivia.md): seed 003 line 77 — melds of three or more wild
# cards, seven of them a bolivia (2500), game 15,000, black 3s left in hand -100; built
# on Samba as the public sources describe it (variants-notes §6): escaleras (sequences
# of seven, 1500), two canastas to go out, one an escalera.
BOLIVIA = replace(
    SAMBA,
    name="bolivia",
    title="Bolivia (Samba with bolivias of wild cards 2500 and escaleras 1500; one "
          "escalera to go out)",
    wild_meld_min=3,
    wild_meld_max=7,
    wild_canasta_bonus=2500,
    wild_canasta_name="bolivia",
    sequence_canasta_name="escalera",
    sequence_canastas_to_go_out=1,
    black_three_in_hand=100,
    red_three_totals=(),
    initial_meld=((NEG_INF, 15), (0, 50), (1500, 90), (3000, 120), (7000, 150)),
    target_score=15_000,
    # Samba's own rules keep their ids (S1-S7: the page says so); Bolivia's changes
    rule_ids=(("C3", "S1"), ("C4", "S1"), ("C7", "S2"), ("C11", "S3"), ("C17", "S4"),
              ("C19", "S4"), ("F1", "B2"), ("S7", "B3"), ("C25", "B7"), ("C30", "B4"),
              ("C31", "B4"), ("C40", "B6"), ("C42", "B6"), ("C50", "B8")),
)

# Brazilian Canasta (docs/variants/brazilian.md): seed 003 line 79 — Bolivia with its
# own initial meld and scoring: game 10,000, the pile never taken for the initial meld,
# wild canastas 2000, sequences of five or more 1000 at the round's end, escaleras grown
# in going out, red 3s 100 each up to four, 1000 for five, 1200 for six, plus with a
# canasta; the partner always asked. The initial meld from 7000 holds a canasta, and
# from 9000 a natural one or better (bicyclecards.ca, rummy-games.com: the seed has no
# table); any two canastas go out (the sources; the seed is silent).
BRAZILIAN = replace(
    BOLIVIA,
    name="brazilian",
    title="Brazilian Canasta (Bolivia with canastas to open from 7000, sequences of five "
          "1000, the partner always asked)",
    wild_canasta_bonus=2000,
    sequence_canastas_to_go_out=0,
    sequence_grows_out=True,
    pile_opens=False,
    initial_meld=((NEG_INF, 15), (0, 50), (1500, 90), (3000, 120), (7000, 0), (8000, 200),
                  (9000, 0)),
    canasta_to_open_from=7000,
    natural_to_open_from=9000,
    sequence_scores=((5, 1000),),
    red_three_totals=((5, 1000),),
    all_red_threes_bonus=1200,
    red_threes_plus_from=1,
    must_ask=True,
    target_score=10_000,
    rule_ids=(("C3", "S1"), ("C4", "S1"), ("C7", "S2"), ("C11", "S3"), ("C17", "S4"),
              ("C19", "S4"), ("F1", "B2"), ("S7", "B3"), ("C25", "BR2"), ("C26", "BR2"),
              ("C30", "BR9"), ("C31", "BR9"), ("C33", "BR8"), ("C40", "BR7"),
              ("C42", "BR7"), ("C50", "BR10")),
)

# Three-deck Canasta with sequences and melds of wild cards (docs/variants/
# three-deck-sequences.md): seed 003 line 69 — three decks and six jokers, sequences or
# melds of wild cards, one card drawn, one canasta to go out; everything else Classic.
THREE_DECK_SEQUENCES = replace(
    CLASSIC,
    name="three-deck-sequences",
    title="Three-deck Canasta with sequences and melds of wild cards (one canasta to go "
          "out)",
    decks=3,
    sequence_min=3,
    sequence_max=7,
    sequence_canasta_bonus=1500,
    wild_meld_min=3,
    wild_meld_max=7,
    wild_canasta_bonus=1000,
    all_red_threes_bonus=1200,
    red_three_totals=((5, 1000),),
    rule_ids=(("C3", "Q1"), ("S6", "Q2"), ("S7", "Q2"), ("F1", "Q3"), ("B2", "Q3"),
              ("C40", "Q5")),
)

# Samba with a counted pile and melds of 2s (docs/variants/samba-twos.md): seed 003 line
# 73 — Samba with red 3s replaced before the upcard, face-down stock cards under it as
# many as it counts, the pile always frozen, melds of 2s (their 2s wild nowhere else until
# they make a canasta, which does not count to go out and scores only for the side going
# out), going out 300, red 3s 100 each to three and 200 each from four, bonuses for five
# and ten canastas, game 12,000.
SAMBA_TWOS = replace(
    SAMBA,
    name="samba-twos",
    title="Samba with a counted pile and melds of 2s (the pile always frozen, game 12,000)",
    red_threes_before_upcard=True,
    counted_pile="under",
    pile_always_frozen=True,
    twos_melds=True,
    wild_meld_min=3,
    wild_meld_max=7,
    wild_canasta_bonus=2000,
    wild_canasta_by_jokers=((0, 3000),),
    wild_canasta_name="canasta of 2s",
    wild_canastas_count_out=False,
    wild_bonus_going_out_only=True,
    going_out_bonus=300,
    red_three_bonus=100,
    red_three_totals=((4, 800), (5, 1000)),
    all_red_threes_bonus=1200,
    canasta_count_bonus=((5, 1000), (10, 2000)),
    natural_count_bonus=((5, 2000),),
    target_score=12_000,
    rule_ids=(("C3", "S1"), ("C4", "Z3"), ("C5", "Z2"), ("C7", "S2"), ("C11", "Z4"),
              ("C14", "Z4"), ("W4", "Z4"), ("C17", "S4"), ("C19", "S4"), ("F1", "Z5"),
              ("B2", "Z5"), ("C25", "S10"), ("C30", "Z7"), ("C31", "Z7"), ("C40", "Z9"),
              ("C42", "Z8"), ("C50", "Z12")),
)

# Samba with three naturals a meld (docs/variants/samba-three-naturals.md): seed 003 line
# 75 — Samba with every meld of at least three naturals, one wild card in a sequence (a
# mixed sequence canasta 1000, a natural one 1500) and no canasta beyond seven cards.
SAMBA_THREE_NATURALS = replace(
    SAMBA,
    name="samba-three-naturals",
    title="Samba with three naturals a meld (one wild card in a sequence, canastas of "
          "seven)",
    wilds_from_naturals=3,
    sequence_wilds=1,
    mixed_sequence_bonus=1000,
    meld_max=7,
    rule_ids=(("C3", "S1"), ("C4", "S1"), ("C7", "S2"), ("C11", "S3"), ("C17", "S4"),
              ("C19", "S4"), ("U7", "N2"), ("W2", "N5"), ("C25", "S10"), ("C30", "S8"),
              ("C31", "S8"), ("C40", "S9"), ("C42", "S9"), ("C50", "S11")),
)

# The three-deck escalera game (docs/variants/escalera.md): seed 003 line 49 with its
# bonus list (lines 50-58) — three decks, 15 cards, draw two, no wild-card buys, two wild
# cards a meld, nobody goes out (the round runs to the end of the stock), sets of black
# 3s at any time, escaleras of seven, the first canasta's player takes 11 stock cards,
# canastas of 7s 1000 / 1500, bolivias 2000, 7s left in hand -500, game 10,000.
ESCALERA = replace(
    CLASSIC,
    name="escalera",
    title="Escalera game (3 decks, draw 2, nobody goes out, escaleras, 11 cards for the "
          "first canasta)",
    decks=3,
    hand_size=15,
    draw_count=2,
    max_wilds=2,
    pile_wild_buy=False,
    sequence_min=7,
    sequence_max=7,
    sequence_canasta_bonus=1500,
    sequence_canasta_name="escalera",
    wild_meld_min=3,
    wild_meld_max=7,
    wild_canasta_bonus=2000,
    wild_canasta_name="bolivia",
    going_out=False,
    ask_permission=False,
    going_out_bonus=0,
    concealed_bonus=0,
    black_threes_anytime=True,
    black_three_in_hand=200,
    reserve_size=11,
    reserve_trigger="first_canasta",
    sevens_canasta_bonus=1000,
    natural_sevens_bonus=1500,
    all_red_threes_bonus=2000,
    all_red_threes_special=True,
    seven_in_hand=500,
    target_score=10_000,
    rule_ids=(("C3", "E1"), ("C4", "E1"), ("C7", "E1"), ("S3", "E2"), ("C17", "E2"),
              ("C19", "E2"), ("S6", "E3"), ("S7", "E3"), ("F1", "E3"), ("B2", "E3"),
              ("C30", "E4"), ("C31", "E4"), ("C21", "E5"), ("C40", "E9"), ("C50", "E11")),
)

# Railroad Canasta (docs/variants/railroad.md): seed 004 — each for himself, two decks
# and two jokers a player, 13 cards and an 11-card kitty, four kinds of canasta.
RAILROAD = replace(
    CLASSIC,
    name="railroad",
    title="Railroad Canasta (each for himself; a kitty, four kinds of canasta)",
    players=4,
    teams=4,
    decks=8,
    jokers_per_deck=1,
    hand_size=13,
    draw_count=2,
    max_wilds=3,
    wilds_strictly_fewer=False,
    meld_max=7,
    groups_per_rank=12,
    wild_meld_min=3,
    pure_ranks="7",
    pile_wild_buy=False,
    ask_permission=False,
    black_threes_any_number=True,
    initial_meld=((NEG_INF, 15), (0, 50), (5000, 90), (10_000, 120), (15_000, 150)),
    canastas_to_go_out=4,
    out_natural=1,
    out_mixed=1,
    out_wild=1,
    out_sevens=1,
    final_discard="required",
    last_discard_not_seven=True,
    sevens_held=True,
    stock_out="pile",
    reserve_size=11,
    reserve_from="dealt",
    reserve_trigger="own_unmixed_canasta",
    reserve_with_discard=True,
    packet_name="kitty",
    wild_canasta_bonus=1000,
    natural_sevens_bonus=1500,
    all_red_threes_bonus=0,
    red_threes_negative_without_meld=False,
    concealed_bonus=0,
    target_score=20_000,
    rule_ids=(("C1", "R2"), ("C3", "R1"), ("C4", "R3"), ("C7", "R12"),
              ("C17", "R5"), ("C19", "R5"), ("C21", "R7"), ("C25", "R11"), ("C26", "R11"),
              ("C14", "R15"), ("F1", "R9"),
              ("S3", "R15"), ("S5", "R8"), ("W2", "R8"), ("U8", "R10"), ("C30", "R17"),
              ("C31", "R17"), ("C34", "R18"), ("C40", "R19"), ("C50", "R20")),
)

# Pennies from Heaven (docs/variants/pennies.md): seed 003 line 81 with rummy-games.com
# and bicyclecards.ca — six players in two teams of three, four decks and eight jokers,
# 13 cards and a packet of 11 that joins the hand at the player's first canasta.
PENNIES = replace(
    CLASSIC,
    name="pennies",
    title="Pennies from Heaven (6 players in teams; a second packet, four kinds of canasta)",
    players=6,
    teams=2,
    decks=4,
    hand_size=13,
    draw_count=2,
    meld_max=7,
    groups_per_rank=12,
    wild_meld_min=3,
    initial_meld=((NEG_INF, 15), (0, 50), (500, 90), (1000, 120), (1500, 150)),
    canastas_to_go_out=4,
    out_natural=1,
    out_mixed=1,
    out_wild=1,
    out_sevens=1,
    last_discard_not_seven=True,
    sevens_held=True,
    reserve_size=11,
    reserve_from="dealt",
    reserve_trigger="own_canasta",
    packet_name="packet",
    wild_canasta_bonus=1000,
    sevens_canasta_bonus=1500,
    all_red_threes_bonus=1000,
    red_threes_need_sevens=True,
    target_score=20_000,
    rule_ids=(("C1", "PH2"), ("C3", "PH1"), ("C4", "PH3"), ("C7", "PH5"), ("W2", "PH6"),
              ("F1", "PH6"),
              ("S5", "PH6"), ("C25", "PH10"), ("C26", "PH10"), ("C30", "PH9"),
              ("C31", "PH9"), ("R13", "PH4"), ("R16", "PH9"), ("R17", "PH9"),
              ("R18", "PH9"), ("C40", "PH8"), ("C42", "PH7"), ("C50", "PH11")),
)

# Hand and Foot (docs/variants/hand-and-foot.md): variants-notes §9 with pagat and
# rversofidaho.org — an 11-card hand and an 11-card foot, books closed at seven, four
# rounds with rising minimums.
HAND_AND_FOOT = replace(
    CLASSIC,
    name="hand-and-foot",
    title="Hand and Foot (4 players in partnerships; a hand and a foot, four rounds)",
    decks=5,
    hand_size=11,
    draw_count=2,
    meld_max=7,
    groups_per_rank=12,
    wild_meld_min=3,
    pile_always_frozen=True,
    pile_take_most=7,
    initial_meld_by_deal=(50, 90, 120, 150),
    canastas_to_go_out=5,
    out_natural=2,
    out_mixed=2,
    out_wild=1,
    reserve_size=11,
    reserve_from="dealt",
    reserve_trigger="hand_empty",
    packet_name="foot",
    wild_canasta_bonus=1500,
    all_red_threes_bonus=0,
    concealed_bonus=0,
    deals=4,
    target_score=100_000,  # HF14: no target (the highest the options allow)
    rule_ids=(("C1", "HF1"), ("C3", "HF1"), ("C4", "HF2"), ("C7", "HF3"), ("C17", "HF4"),
              ("C19", "HF4"), ("W2", "HF4"), ("S5", "HF4"), ("F1", "HF5"), ("C14", "HF7"),
              ("W4", "HF7"), ("R13", "HF8"), ("C25", "HF9"), ("C26", "HF9"),
              ("C40", "HF10"), ("C30", "HF11"), ("C31", "HF11"), ("R17", "HF11"),
              ("C42", "HF6"), ("R19", "HF13"), ("E12", "HF14"), ("C50", "HF14")),
)

VARIANTS: dict[str, RuleSet] = {
    r.name: r for r in (CLASSIC, CLASSIC_2P, CLASSIC_3P, CLASSIC_5P, CLASSIC_6P, CLASSIC_6P_3X2,
                        FREE_CANASTA, WILD_CANASTA, CUBAN, MEXICANA, AMERICAN, SAMBA,
                        SAMBA_TWOS, SAMBA_THREE_NATURALS, BOLIVIA, BRAZILIAN, THREE_DECK_SEQUENCES,
                        ESCALERA, RAILROAD, PENNIES, HAND_AND_FOOT)
}


def get_rules(name: str) -> RuleSet:
    """The registered rule set of that name; KeyError for anything else (a name not
    registered, or no text at all)."""
    found = VARIANTS.get(name) if isinstance(name, str) else None
    if found is None:
        names = ", ".join(sorted(VARIANTS))
        raise KeyError(f"unknown variant {shown(name)}; known variants: {names}")
    return found
