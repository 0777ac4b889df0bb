"""What each option of a `RuleSet` means, its type, range and group: the one
description that validates every rule set (`problems`) and that a New Game
dialog builds its controls from (`describe`).

Every option has its range here and nowhere else, and the ranges bound the work
of a game by construction (at most 4 decks of 56 cards, tables of a few rows,
melds of at most 14 cards): any rule set that passes `problems` deals, plays and
loads in bounded time. A field a later issue adds gets its entry (and range) here."""

from __future__ import annotations

from dataclasses import fields
from itertools import pairwise
from typing import Any, NamedTuple

from canasta.game.errors import Text, shown
from canasta.rules.fields import ANY_SCORE, SCORE_HIGH, RuleFields


class Option(NamedTuple):
    group: str
    # "int", "bool", "str", "choice" (one of CHOICES), "table" (rows of pairs of numbers),
    # "list" (of numbers) or "ids" (pairs of rule ids)
    kind: str
    low: int  # the value's range (of each number of a list, of a table row's second)
    high: int
    text: str
    rows: int = 0  # a table or list: the most rows (items) it may have
    key_low: int = 0  # a table: the range of a row's first number
    key_high: int = 0


# The lowest team score of the initial-meld table's first row: any score at all.


def is_rule_id(text: str) -> bool:
    """A rule id as rule_pages reads them: one or two capital letters, then one to three
    digits (C30, H12). (No `re` here: the engine's import stays light for the page.)"""
    letters = len(text) - len(text.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    digits = text[letters:]
    return 1 <= letters <= 2 and 1 <= len(digits) <= 3 and digits.isascii() and digits.isdigit()


def _i(group: str, low: int, high: int, text: str) -> Option:
    return Option(group, "int", low, high, text)


def _b(group: str, text: str) -> Option:
    return Option(group, "bool", 0, 1, text)


OPTIONS: dict[str, Option] = {
    "name": Option("game", "str", 1, 60, "The rule set's name (a variant's, or your own)."),
    "title": Option("game", "str", 0, 200, "A title for players."),
    "rule_ids": Option("game", "ids", 0, 40, "Pairs of (Classic rule id, this game's rule id) "
                       "for the rules this game changed: a refusal citing the first cites "
                       "the second."),
    "players": _i("table", 2, 6, "Players at the table (C1)."),
    "teams": _i("table", 2, 6, "Teams; seat i plays for team i % teams (C1)."),
    "decks": _i("table", 1, 12, "52-card decks shuffled together (C3; R2: two a player)."),
    "jokers_per_deck": _i("table", 0, 4, "Jokers added per deck (C3)."),
    "hand_size": _i("table", 1, 20, "Cards dealt to each player (C4)."),
    "red_threes_before_upcard": _b("table", "Z2: each player lays down dealt red 3s, "
                                   "replaced from the stock, before the upcard is turned."),
    "counted_pile": Option("table", "choice", 0, 0, "Z3: stock cards put face down under "
                           "the upcard, as many as it counts (J 11, Q 12, K 13, A and "
                           "joker 20, others their number): \u201cunder\u201d it, "
                           "\u201cincluding\u201d it, or \u201c\u201d (none)."),
    "upcard": _b("table", "C4: a card is turned up to start the pile (U3: off, the pile "
                 "starts empty)."),
    "roster": Option("table", "list", 0, 6, "P1: people per team when more play than "
                     "there are seats (empty: everyone plays every round).", rows=6),
    "initial_meld_by_deal": Option("initial meld", "list", 0, 10_000, "HF9: the initial-"
                                   "meld minimum by round, the first round's first and "
                                   "the last repeated (empty: by the score, "
                                   "initial_meld).", rows=8),
    "draw_count": _i("turn", 1, 3, "Cards drawn from the stock each turn (C7)."),
    # Only 3 for now: the canonical steps of `legal_actions` (a new meld of three
    # naturals, or two and a wild card) assume it.
    "min_meld": _i("melds", 3, 3, "The fewest cards a meld may hold (C17)."),
    "max_wilds": _i("melds", 0, 8, "The most wild cards a meld may hold (C17)."),
    "wilds_strictly_fewer": _b("melds", "A meld always holds more naturals than wilds (C17)."),
    "wild_on_natural_canasta": _b("melds", "A wild card may join a natural canasta (C19)."),
    "canasta_size": _i("melds", 3, 14, "Cards that make a canasta (C30)."),
    "wild_meld_min": _i("melds", 0, 14, "F1: the fewest jokers and 2s a meld of wild cards "
                        "starts with (0: no such melds; 7: only a whole canasta, H12)."),
    "meld_max": _i("melds", 0, 14, "W2: the most cards a meld may hold; a canasta of that "
                   "many is closed (0: no limit)."),
    "closed_to_both": _b("melds", "U24: a canasta closes its rank for both sides: nobody "
                         "may meld that rank any more, nor take the pile with it."),
    "wilds_from_naturals": _i("melds", 0, 8, "U7: a meld takes wild cards only once it "
                              "holds this many natural cards (0: no such rule)."),
    "pure_ranks": Option("melds", "choice", 0, 0, "U8: ranks whose melds never take a wild "
                         "card (empty: none)."),
    "pure_open_mixed": Option("melds", "choice", 0, 0, "U8: of those ranks, the ones whose "
                              "melds may take wild cards in the side's initial meld, and "
                              "are then ordinary melds."),
    "twos_melds": _b("melds", "Z5, Z6: the meld of wild cards is a meld of 2s (its jokers "
                     "the wild cards), and a side's 2s are wild nowhere else while it is "
                     "short of a canasta."),
    "groups_per_rank": _i("melds", 1, 12, "S5: the melds a team may hold of one rank; a "
                          "new one starts only when the others of that rank are canastas "
                          "(1: C18)."),
    "wild_meld_max": _i("melds", 0, 14, "B2: the most cards a meld of wild cards may hold; "
                        "one of that many is closed (0: no limit)."),
    "sequence_min": _i("melds", 0, 7, "S6: the fewest cards of one suit in order that make "
                       "a sequence (0: no sequences)."),
    "sequence_max": _i("melds", 3, 14, "S7: the most cards a sequence may hold; one of "
                       "that many is closed."),
    "sequence_wilds": _i("melds", 0, 2, "N3: the most wild cards a sequence may hold, each "
                         "beside the sequence's fewest naturals (0: none, S6)."),
    "mixed_sequence_bonus": _i("scoring", 0, 10_000, "N4: bonus for a canasta of a sequence "
                               "holding a wild card (0: as any canasta of a sequence)."),
    "sequence_canasta_bonus": _i("scoring", 0, 10_000, "S7: bonus for a canasta of a "
                                 "sequence."),
    "sequence_canasta_name": Option("scoring", "str", 0, 20, "S7: what a canasta of a "
                                    "sequence is called (empty: sequence canasta)."),
    "wild_canasta_name": Option("scoring", "str", 0, 20, "F2: what a canasta of wild cards "
                                "is called (empty: wild canasta)."),
    "wild_canasta_bonus": _i("scoring", 0, 10_000, "F2: bonus for a canasta of wild cards "
                             "only."),
    "mixed_bonus_by_wilds": Option("scoring", "table", 0, 10_000, "F3: rows of (wild cards, "
                                   "bonus) for mixed canastas that score otherwise than the "
                                   "mixed canasta bonus.", rows=14, key_low=1, key_high=14),
    "frozen_for_unopened_team": _b("pile", "The pile is frozen for a team without its "
                                   "initial meld (C14)."),
    "black_three_freezes": _b("pile", "A black 3 in the pile freezes it (C22 option)."),
    "pile_always_frozen": _b("pile", "W4: the pile is always frozen: taken only with a "
                             "natural pair from the hand matching its top card."),
    "pile_min_size": _i("pile", 0, 60, "M7: the pile is taken only when it holds at least "
                        "this many cards (0: any size)."),
    "pile_barred_rank": Option("pile", "choice", 0, 0, "M11: the pile is never taken with a "
                               "card of this rank on top (empty: no such rank)."),
    "pile_wild_buy": _b("pile", "S3: the pile may be taken with a wild card from the hand "
                        "(off: only with a natural pair, or the top card alone onto a meld)."),
    "take_onto": Option("pile", "choice", 0, 0, "S3: the melds the top card alone may join: "
                        "\u201cany\u201d (C11), \u201copen\u201d (a meld short of a "
                        "canasta), \u201csequence\u201d (only a sequence it continues) or "
                        "\u201ccompletes\u201d (only a meld it makes a canasta: N7)."),
    "canasta_to_open_from": _i("initial meld", -SCORE_HIGH, SCORE_HIGH, "BR2: from this "
                               "team score the initial meld must hold a canasta (1000000: "
                               "never)."),
    "natural_to_open_from": _i("initial meld", -SCORE_HIGH, SCORE_HIGH, "BR2: from this "
                               "team score the initial meld must hold a canasta scoring as "
                               "a natural canasta or more (1000000: never)."),
    "black_threes_anytime": _b("pile", "E5: a set of three or four black 3s may be melded "
                               "at any time (one a side, nothing added), not only going out."),
    "going_out": _b("going out", "E4 off: nobody goes out: every play keeps two cards and "
                    "the round ends when the stock runs out (C34)."),
    "natural_sevens_bonus": _i("scoring", 0, 10_000, "E9: bonus for a natural canasta of "
                               "7s (0: as the canasta of 7s, M6)."),
    "all_red_threes_special": _b("scoring", "E8: all the red 3s score their total only for "
                                 "a side with a canasta of wild cards, of a sequence or of "
                                 "natural 7s."),
    "seven_in_hand": _i("scoring", 0, 10_000, "E10: what each 7 left in hand costs (0: its "
                        "card value, C41)."),
    "deals": _i("winning", 0, 20, "E12: the game is this many rounds, the highest total "
                "winning (0: to the target score, C50)."),
    "pile_opens": _b("pile", "BR3 off: a side without its initial meld never takes the "
                     "pile (it opens from its hand)."),
    "sequence_grows_out": _b("melds", "BR6: in a going-out turn a sequence grows past its "
                             "largest size, up to the ace."),
    "canasta_count_bonus": Option("scoring", "table", 0, 10_000, "Z11: rows of "
                                  "(canastas, bonus): a side with at least that many "
                                  "canastas of any kind scores the bonus of each row.",
                                  rows=4, key_low=1, key_high=40),
    "natural_count_bonus": Option("scoring", "table", 0, 10_000, "Z11: rows of "
                                  "(canastas, bonus) replacing the row of "
                                  "canasta_count_bonus of that count where so many of "
                                  "the side's canastas are natural.",
                                  rows=4, key_low=1, key_high=40),
    "wild_bonus_going_out_only": _b("scoring", "Z10: a canasta of wild cards scores its "
                                    "bonus only for the side that went out (the other "
                                    "side: its cards' values)."),
    "wild_canastas_count_out": _b("going out", "Z7 off: a canasta of wild cards is not "
                                  "one of the canastas needed to go out."),
    "sequence_scores": Option("scoring", "table", -10_000, 10_000, "BR5: rows of (length, "
                              "points), ascending: each sequence a side holds when the round "
                              "ends scores the points of the last row its length reaches.",
                              rows=11, key_low=1, key_high=11),
    "minimum_from_hand": _b("initial meld", "U11: the pile's top card does not count "
                            "toward the initial meld (C25)."),
    "initial_natural_triple": _b("initial meld", "U23: the initial meld must hold a "
                                 "natural meld of three cards or more (no wild card)."),
    "wild_discard_last_only": _b("discards", "U13: a wild card may be discarded only as "
                                 "the last card, going out."),
    "empty_pile_bars": _b("discards", "U13: no card of a pure rank, wild card, or rank "
                          "with a canasta on the table may be discarded onto an empty pile."),
    "initial_meld": Option("initial meld", "table", 0, 10_000, "Rows of (lowest team score, "
                           "minimum), ascending by score (C25).", rows=10, key_low=ANY_SCORE,
                           key_high=SCORE_HIGH),
    "canastas_to_go_out": _i("going out", 1, 6, "Canastas a team needs to go out (C30)."),
    "concealed_needs_minimum": _b("going out", "Going out concealed must also meet the "
                                  "initial-meld minimum (C32)."),
    "ask_permission": _b("going out", "A player may ask the partner \u201cMay I go out?\u201d "
                         "(C33)."),
    "final_discard": Option("going out", "choice", 0, 0, "C30: how going out ends: "
                            "\u201coptional\u201d (meld every card, or all but one and "
                            "discard it), \u201crequired\u201d (by discarding the last card) "
                            "or \u201cforbidden\u201d (by melding the last card)."),
    "must_ask": _b("going out", "C33: going out needs the partner's yes to \u201cMay I go "
                   "out?\u201d this turn (the question is compulsory)."),
    "sequence_canastas_to_go_out": _i("going out", 0, 4, "B4: of the canastas a side needs "
                                      "to go out, how many must be canastas of sequences."),
    "red_threes_to_go_out": _i("going out", 0, 8, "M8: red 3s a side must have laid down "
                               "to go out (0: none)."),
    "canastas_per_red_three": _b("going out", "M12: a side needs a canasta for each of its "
                                 "red 3s to go out, if that is more than the canastas to go "
                                 "out."),
    "reserve_size": _i("reserve", 0, 20, "M3: cards that join a player's hand on the "
                       "trigger (0: none)."),
    "reserve_from": Option("reserve", "choice", 0, 0, "M3: where those cards come from: "
                           "\u201cstock\u201d (its top cards) or \u201cdealt\u201d (R3: "
                           "a packet dealt face down to every player, its kitty)."),
    "reserve_trigger": Option("reserve", "choice", 0, 0, "M3: when they join the hand: "
                              "\u201cinitial_meld\u201d (the player who completes the "
                              "side's initial meld takes them at once) or "
                              "\u201cfirst_canasta\u201d (E7: the player who makes the "
                              "round's first canasta); a dealt packet opens for its player "
                              "at his own canasta: \u201cown_canasta\u201d or "
                              "\u201cown_unmixed_canasta\u201d (R13: not a mixed one), "
                              "or once his hand is used up: \u201chand_empty\u201d "
                              "(HF8, the foot)."),
    "packet_name": Option("reserve", "str", 0, 20, "R3: what the players call the dealt "
                          "packet (\u201ckitty\u201d, \u201cpacket\u201d), for the table."),
    "pile_take_most": _i("pile", 0, 60, "HF7: a take gets only the pile's top cards, this "
                         "many, the top card among them; the rest stays (0: the whole "
                         "pile)."),
    "reserve_with_discard": _b("reserve", "R13: an opened packet joins the hand only when "
                               "its player says so with a discard."),
    "sevens_held": _b("discards", "R16: no 7 may be discarded until every side has a "
                      "canasta of 7s."),
    "last_discard_not_seven": _b("going out", "R17: the last card, discarded going out, "
                                 "may not be a 7."),
    "out_natural": _i("going out", 0, 4, "R17: natural canastas (not of 7s) a side needs "
                      "to go out."),
    "out_mixed": _i("going out", 0, 4, "R17: mixed canastas a side needs to go out."),
    "out_wild": _i("going out", 0, 4, "R17: canastas of wild cards a side needs to go out."),
    "out_sevens": _i("going out", 0, 4, "R17: natural canastas of 7s a side needs to go "
                     "out."),
    "stock_out": Option("end of round", "choice", 0, 0, "C34: when the stock is empty, "
                        "\u201c\u201d: the round ends with that turn; \u201cpile\u201d "
                        "(R18): play goes on while players take the pile, and ends when "
                        "one draws from the empty stock."),
    "black_threes_any_number": _b("pile", "R7: a player going out melds three or more "
                                  "black 3s, the meld's size unlimited."),
    "reserve_later": _i("reserve", -1, 20, "U6: the cards for a side that opens after "
                        "another side has (-1: as many as for the first)."),
    "reserve_stock_above": _i("reserve", 0, 200, "U6: the reserve is taken only while the "
                              "stock holds more cards than this."),
    "natural_canasta_bonus": _i("scoring", 0, 10_000, "Bonus for a natural canasta (C40)."),
    "mixed_canasta_bonus": _i("scoring", 0, 10_000, "Bonus for a mixed canasta (C40)."),
    "red_three_bonus": _i("scoring", -1000, 10_000, "Bonus for each red 3 (C40; HF19: "
                          "a penalty when below 0)."),
    "all_red_threes_bonus": _i("scoring", 0, 10_000, "Bonus when a team holds every red 3 "
                               "(C40, and 0: no such bonus, each scores as any other)."),
    "red_three_totals": Option("scoring", "table", 0, 10_000, "Rows of (count, total) for "
                               "counts of red 3s that score otherwise than count x bonus "
                               "(C40).", rows=16, key_low=1, key_high=16),
    "going_out_bonus": _i("scoring", 0, 10_000, "Bonus for going out (C40)."),
    "concealed_bonus": _i("scoring", 0, 10_000, "Extra bonus for going out concealed (C40)."),
    "red_threes_negative_without_meld": _b("scoring", "Red 3s count minus for a team that "
                                           "melded nothing (C42)."),
    "red_threes_need_sevens": _b("scoring", "PH7: red 3s count minus for a team without a "
                                 "canasta of 7s."),
    "red_threes_need_canasta": _b("scoring", "K8: red 3s count plus only for a team with a "
                                  "canasta, minus otherwise."),
    "red_threes_plus_from": _i("scoring", 0, 4, "S9: red 3s count plus only for a team with "
                               "this many canastas, minus otherwise (0: C42, K8)."),
    "wild_canasta_by_jokers": Option("scoring", "table", 0, 10_000, "K11: rows of (jokers, "
                                     "bonus) for canastas of wild cards that score otherwise "
                                     "than the wild canasta bonus.", rows=8, key_low=0,
                                     key_high=16),
    "black_threes_held_first_round": _b("pile", "K9: no black 3 may be discarded the first "
                                        "time around the table."),
    "black_threes_set_aside": _b("pile", "K10: black 3s taken with the pile are set aside "
                                 "and score their value for the team."),
    "sevens_canasta_bonus": _i("scoring", 0, 10_000, "M6: bonus for a canasta of 7s, "
                               "natural or mixed (0: as any other canasta)."),
    "black_threes_laid": _b("pile", "U5: black 3s are laid down as they come and replaced, "
                            "as red 3s are, and score by their own colour."),
    "pure_canasta_bonus": _i("scoring", 0, 10_000, "U14: bonus for a natural canasta of a "
                             "pure rank (0: as any other canasta)."),
    "threes_plus_from": _i("scoring", 0, 4, "U16: a side's 3s count plus only from this "
                           "many canastas, nothing with fewer but one, minus with none (0: "
                           "C42)."),
    "unfinished_pure_penalty": _i("scoring", 0, 10_000, "U17: what a side's meld of a pure "
                                  "rank short of a canasta costs it."),
    "unfinished_wild_penalty": _i("scoring", 0, 10_000, "U17: what a side's meld of wild "
                                  "cards short of a canasta costs it."),
    "unfinished_wild_by_jokers": Option("scoring", "table", 0, 10_000, "U22: rows of "
                                        "(jokers, penalty) for melds of wild cards short of "
                                        "a canasta that cost otherwise than the U17 "
                                        "penalty.", rows=8, key_low=0, key_high=16),
    "held_pure_count": _i("scoring", 0, 12, "U17: a hand holding this many cards of one pure "
                          "rank or more is penalised (0: never)."),
    "held_pure_penalty": _i("scoring", 0, 10_000, "U17: what such a hand costs its side."),
    "melds_minus_without_canasta": _b("scoring", "U18: a side without a canasta counts its "
                                      "melded cards minus."),
    "special_pairs_bonus": _i("scoring", 0, 10_000, "U21: a special hand: the whole hand "
                              "after the draw in pairs of natural cards, laid down at once "
                              "to go out before the side has melded, scores this in place "
                              "of the side's score for the round (0: no special hand)."),
    "all_black_threes_bonus": _i("scoring", 0, 10_000, "K10: a team's total for holding every "
                                 "black 3, set aside or melded (0: no such total)."),
    "double_end_bonus": _i("house rules", 0, 10_000, "H1: bonus when a partner of the player "
                           "going out can lay down the whole hand too (0: no double end)."),
    "red_threes_by_going_out": _b("house rules", "H5: red 3s count plus for the side that "
                                  "went out and minus for the others."),
    "black_three_in_hand": _i("house rules", 0, 10_000, "H9: what each black 3 left in hand "
                              "costs (0: its card value, C41)."),
    "canasta_opens_from": _i("house rules", -SCORE_HIGH, SCORE_HIGH, "H6, H7: from this team "
                             "score a canasta made in the initial-meld turn completes the "
                             "initial meld whatever its points (1000000: never)."),
    "concealed_canasta_bonus": _i("house rules", 0, 10_000, "H11: extra bonus for a canasta "
                                  "laid down whole in one play."),
    "target_score": _i("winning", 100, 100_000, "The total that ends the game (C50)."),
}


# The values of each option of kind "choice".
CHOICES: dict[str, tuple[str, ...]] = {
    "final_discard": ("optional", "required", "forbidden"),
    "pile_barred_rank": ("", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"),
    "reserve_from": ("stock", "dealt"),
    "stock_out": ("", "pile"),
    "pure_ranks": ("", "7", "A", "7A"),
    "pure_open_mixed": ("", "7", "A", "7A"),
    "reserve_trigger": ("initial_meld", "first_canasta", "own_canasta", "own_unmixed_canasta",
                        "hand_empty"),
    "take_onto": ("any", "open", "sequence", "completes"),
    "counted_pile": ("", "under", "including"),
}


def rule_of(name: str) -> str | None:
    """The rule the option `name` sets a number of: the first rule id its meaning names
    (C30 for `canastas_to_go_out`; None for the game's name and title)."""
    words = OPTIONS[name].text.replace("(", " ").replace(")", " ").replace(":", " ").split()
    return next((w.rstrip(".,") for w in words if is_rule_id(w.rstrip(".,"))), None)


def _whole(x: object) -> bool:
    return type(x) is int


def _value_problem(name: str, option: Option, value: Any) -> Text | None:
    if option.kind == "bool":
        return None if isinstance(value, bool) else Text("{name} must be true or false",
                                                         name=name)
    if option.kind == "str":
        if not isinstance(value, str) or not option.low <= len(value) <= option.high:
            return Text("{name} must be text of {low} to {high} characters", name=name,
                        low=option.low, high=option.high)
        return None
    if option.kind == "int":
        if not _whole(value):
            return Text("{name} must be a whole number, not {value}", name=name,
                        value=shown(value))
        if not option.low <= value <= option.high:
            return Text("{name} must be from {low} to {high}, not {value}", name=name,
                        low=option.low, high=option.high, value=shown(value))
        return None
    if option.kind == "choice":
        if value not in CHOICES[name]:
            return Text("{name} must be one of {choices}, not {value}", name=name,
                        choices=", ".join(CHOICES[name]), value=shown(value))
        return None
    if option.kind == "ids":
        if not isinstance(value, tuple) or len(value) > option.high or not all(
            isinstance(r, tuple) and len(r) == 2
            and all(isinstance(x, str) and is_rule_id(x) for x in r) for r in value
        ):
            return Text("{name} must list at most {n} pairs of rule ids (a capital letter or "
                        "two and a number, as C30)", name=name, n=option.high)
        if len({r[0] for r in value}) < len(value):
            return Text("{name} gives one rule id two replacements", name=name)
        return None
    if option.kind == "list":
        if not isinstance(value, tuple) or len(value) > option.rows or not all(
            _whole(x) and option.low <= x <= option.high for x in value
        ):
            return Text("{name} must list at most {n} whole numbers from {low} to {high}",
                        name=name, n=option.rows, low=option.low, high=option.high)
        return None
    return _table_problem(name, option, value)


def _row_words(name: str) -> tuple[Text, Text]:
    """A table's rows in words, for its problems: what a row's first number is, and a
    row as a pair ("score", "(lowest score, minimum)")."""
    if name == "initial_meld":
        return Text("score"), Text("(lowest score, minimum)")
    if name == "red_three_totals":
        return Text("count"), Text("(count, total)")
    if name == "wild_canasta_by_jokers":
        return Text("jokers"), Text("(jokers, bonus)")
    if name == "unfinished_wild_by_jokers":
        return Text("jokers"), Text("(jokers, penalty)")
    if name == "sequence_scores":
        return Text("length"), Text("(length, points)")
    if name.endswith("_count_bonus"):
        return Text("canastas"), Text("(canastas, bonus)")
    return Text("wild cards"), Text("(wild cards, bonus)")


def _table_problem(name: str, option: Option, rows: Any) -> Text | None:
    """A table: rows of (key, value) whole numbers, each in its range, keys ascending."""
    key, what = _row_words(name)
    if not isinstance(rows, tuple) or len(rows) > option.rows or not all(
        isinstance(r, tuple) and len(r) == 2 and _whole(r[0]) and _whole(r[1]) for r in rows
    ):
        return Text("{name} must be a list of at most {n} {what} pairs of whole numbers",
                    name=name, n=option.rows, what=what)
    if name == "initial_meld" and not rows:
        return Text("{name} must be a non-empty list of {what} pairs", name=name, what=what)
    if any(not option.key_low <= k <= option.key_high for k, _ in rows):
        return Text("{name}: each row's {column} must be from {low} to {high}", name=name,
                    column=key, low=option.key_low, high=option.key_high)
    if any(a[0] >= b[0] for a, b in pairwise(rows)):
        return Text("{name} rows must go up by {column}", name=name, column=key)
    if any(not option.low <= v <= option.high for _, v in rows):
        return Text("{name}: each row's second number must be from {low} to {high}",
                    name=name, low=option.low, high=option.high)
    return None


def problems(rules: RuleFields) -> list[Text]:
    """Every reason `rules` is not a playable rule set (empty when it is): a value of
    the wrong type or out of range, or options that contradict each other. Each is a
    `Text`; option names (ask_permission) and rule ids stay as they are in every
    language."""
    out = [p for f in fields(rules)
           if (p := _value_problem(f.name, OPTIONS[f.name], getattr(rules, f.name)))]
    if out:
        return out
    if rules.teams > rules.players or rules.players % rules.teams:
        out.append(Text("{players} players cannot sit in {teams} equal teams",
                        players=rules.players, teams=rules.teams))
    if rules.canasta_size < rules.min_meld:
        out.append(Text("a canasta cannot be smaller than the smallest meld"))
    dealt = rules.hand_size + (rules.reserve_size if rules.reserve_from == "dealt" else 0)
    left, covered = rules.deck_size() - rules.players * dealt, _covering(rules)
    if left <= covered + rules.players:
        out.append(Text("{players} hands of {size} leave no stock in {cards} cards: more than "
                        "{needed} must be left after the deal ({covered} wild cards and red "
                        "3s, which a turned-up card may be and which are then covered, C4, or "
                        "replaced, C5, and a card for each player)", players=rules.players,
                        size=rules.hand_size, cards=rules.deck_size(),
                        needed=covered + rules.players, covered=covered))
    if rules.ask_permission and rules.teams == rules.players:
        out.append(Text("ask_permission needs partnerships: every player here plays alone"))
    if rules.roster and (len(rules.roster) != rules.teams or any(
            n < rules.players // rules.teams for n in rules.roster)
            or sum(rules.roster) == rules.players):
        out.append(Text("roster must give each team at least its seats at the table, and "
                        "more people than seats in all"))
    if rules.meld_max and rules.meld_max < max(rules.canasta_size, 4):
        out.append(Text("meld_max must let a meld grow to a canasta, and black 3s to four "
                        "(C21)"))
    if rules.closed_to_both and (rules.meld_max != rules.canasta_size
                                 or rules.groups_per_rank > 1):
        out.append(Text("closed_to_both needs canastas closed at their size (meld_max equal "
                        "to canasta_size) and one meld of a rank a side"))
    if rules.meld_max and rules.wild_meld_min > rules.meld_max:
        out.append(Text("a meld of wild cards cannot start larger than the largest meld"))
    if 0 < rules.wild_meld_min < rules.min_meld:
        out.append(Text("a meld of wild cards cannot start smaller than the smallest meld"))
    if rules.must_ask and not rules.ask_permission:
        out.append(Text("must_ask needs ask_permission: going out cannot need a question "
                        "nobody may ask"))
    if not set(rules.pure_open_mixed) <= set(rules.pure_ranks):
        out.append(Text("pure_open_mixed names ranks that pure_ranks does not"))
    if rules.black_threes_laid and rules.black_threes_set_aside:
        out.append(Text("black 3s laid down as they come (U5) are never taken with the pile "
                        "to be set aside (K10)"))
    if rules.sequence_min and not rules.min_meld <= rules.sequence_min <= rules.sequence_max:
        out.append(Text("sequence_min must be from the smallest meld up to sequence_max"))
    if rules.twos_melds and not rules.wild_meld_min:
        out.append(Text("twos_melds needs melds of wild cards (wild_meld_min)"))
    counts = {k for k, _ in rules.canasta_count_bonus}
    if any(k not in counts for k, _ in rules.natural_count_bonus):
        out.append(Text("each row of natural_count_bonus replaces a row of "
                        "canasta_count_bonus of the same count"))
    if rules.counted_pile and not rules.upcard:
        out.append(Text("counted_pile needs an upcard"))
    if rules.sequence_wilds and not rules.sequence_min:
        out.append(Text("sequence_wilds needs sequences (sequence_min)"))
    if rules.sequence_min and rules.sequence_max > rules.canasta_size:
        out.append(Text("a sequence closes at sequence_max: it cannot be larger than a "
                        "canasta"))
    if rules.sequence_canastas_to_go_out and not rules.sequence_min:
        out.append(Text("sequence_canastas_to_go_out needs sequences (sequence_min)"))
    if rules.sequence_canastas_to_go_out > rules.canastas_to_go_out:
        out.append(Text("more canastas of sequences to go out than canastas to go out"))
    if rules.wild_meld_max and rules.wild_meld_max < max(rules.canasta_size,
                                                         rules.wild_meld_min):
        out.append(Text("wild_meld_max must let a meld of wild cards grow to a canasta"))
    if (rules.sequence_scores or rules.sequence_grows_out) and not rules.sequence_min:
        out.append(Text("sequence_scores and sequence_grows_out need sequences "
                        "(sequence_min)"))
    if not rules.going_out and (rules.ask_permission or rules.must_ask):
        out.append(Text("ask_permission and must_ask need going out: nobody goes out here"))
    own = rules.reserve_trigger in ("own_canasta", "own_unmixed_canasta", "hand_empty")
    if (rules.reserve_from == "dealt") != own or (own and not rules.reserve_size):
        out.append(Text("a dealt packet (reserve_from \u201cdealt\u201d) and only it opens "
                        "at its player's own canasta (reserve_trigger own_canasta or "
                        "own_unmixed_canasta) or once his hand is used up (hand_empty), and "
                        "it needs a reserve_size"))
    if rules.reserve_with_discard and rules.reserve_trigger == "hand_empty":
        out.append(Text("a foot (reserve_trigger hand_empty) joins the hand by itself: not "
                        "with a discard (reserve_with_discard)"))
    if rules.reserve_with_discard and rules.reserve_from != "dealt":
        out.append(Text("reserve_with_discard needs a dealt packet (reserve_from "
                        "\u201cdealt\u201d)"))
    kinds = rules.out_natural + rules.out_mixed + rules.out_wild + rules.out_sevens
    if kinds > rules.canastas_to_go_out:
        out.append(Text("more canastas of given kinds to go out (out_natural, out_mixed, "
                        "out_wild, out_sevens) than canastas to go out"))
    if rules.out_wild and not rules.wild_meld_min:
        out.append(Text("out_wild needs melds of wild cards (wild_meld_min)"))
    if rules.double_end_bonus and rules.teams == rules.players:
        out.append(Text("a double end (H1) needs partnerships: every player here plays "
                        "alone"))
    return out


def _covering(rules: RuleFields) -> int:
    """The deck's wild cards and red 3s (U5: and black 3s): turned up, each is covered by
    another card (C4); dealt, each is replaced from the stock (C5)."""
    threes = 4 if rules.black_threes_laid else 2
    return rules.decks * (4 + threes + rules.jokers_per_deck)


def describe(defaults: RuleFields) -> list[dict[str, Any]]:
    """Each option with its group, type, range, meaning and value in `defaults`."""
    out: list[dict[str, Any]] = []
    for f in fields(defaults):
        option = OPTIONS[f.name]
        value = getattr(defaults, f.name)
        entry: dict[str, Any] = {
            "name": f.name, "group": option.group, "type": option.kind, "text": option.text,
            "default": [list(r) for r in value] if option.kind in ("table", "ids")
            else list(value) if option.kind == "list" else value,
        }
        if option.kind in ("int", "table", "list", "ids"):
            entry["min"], entry["max"] = option.low, option.high
        if option.kind == "choice":
            entry["choices"] = list(CHOICES[f.name])
        if option.kind in ("table", "list"):
            entry["rows"] = option.rows
        if option.kind == "table":
            entry["key_min"], entry["key_max"] = option.key_low, option.key_high
        out.append(entry)
    return out
