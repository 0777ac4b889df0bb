"""Every option of a rule set as a field with its default (Classic's): the data of
`RuleSet` (canasta/rules/ruleset.py), which adds what the options imply. The options'
meanings, types and ranges are in canasta/rules/options.py, which checks a rule set
against them; both import this module, so neither imports the other."""

from __future__ import annotations

from dataclasses import dataclass

ANY_SCORE = -(10**9)
SCORE_HIGH = 1_000_000  # the highest score a table row or a house-rule threshold names
NEG_INF = ANY_SCORE  # the initial-meld table's first row: any score
NEVER = SCORE_HIGH  # a team score no game reaches: an option that never applies


@dataclass(frozen=True)
class RuleFields:
    # Fields are grouped as `rules.options.OPTIONS` groups them (docs/ENGINE.md, "Rules
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
    # U24 (melds.dead_ranks): a canasta closes its rank for every side, not only its own
    closed_to_both: bool = False
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
    # U23 (opening.py): the initial meld must hold a natural meld of three cards or more
    initial_natural_triple: bool = False
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
    # U22: (jokers, penalty) rows for a meld of wild cards short of a canasta that costs
    # otherwise than `unfinished_wild_penalty` (pagat: 2500 with all four jokers)
    unfinished_wild_by_jokers: tuple[tuple[int, int], ...] = ()
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

    def deck_size(self) -> int:
        return self.decks * (52 + self.jokers_per_deck)
