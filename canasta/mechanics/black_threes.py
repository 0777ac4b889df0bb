"""Black 3s beyond Classic's C21-C22 (Cuban Canasta, docs/variants/cuban.md): none may be
discarded the first time around the table (K9, `black_threes_held_first_round`); taken
with the pile, they are set aside for the team and score their value, and a team that
holds every black 3 — set aside or melded — scores `all_black_threes_bonus` for them
instead (K10, `black_threes_set_aside`). The checks, the transitions, the scoring and
the AI's fast path ask these functions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from canasta.game.actions import Discard
from canasta.game.cards import BLACK_THREES
from canasta.game.errors import Text
from canasta.outlook.solver import BLACK_THREE_VALUE
from canasta.rules.ruleset import RuleSet


def discards_so_far(log: Any) -> int:
    """The discards made this round, from the state's public log (a chain of entries,
    newest first: (seat, action, extra) for an action, a dict for an event)."""
    n = 0
    while log is not None:
        entry = log[0]
        if isinstance(entry, tuple) and isinstance(entry[1], Discard):
            n += 1
        log = log[1]
    return n


def first_round(rules: RuleSet, discards: int) -> bool:
    """K9: whether the player to move is still on the first time around the table (each
    turn there ends with a discard, so the first `players` discards make it)."""
    return discards < rules.players


def held_problem(rules: RuleSet, card: str, hand: Iterable[str], discards: int) -> str | None:
    """K9: why `card` may not be discarded now (None: it may). A hand of nothing but
    black 3s may discard one: the turn must end."""
    if not rules.black_threes_held_first_round or card not in BLACK_THREES:
        return None
    if not first_round(rules, discards) or all(c in BLACK_THREES for c in hand):
        return None
    return Text("No black 3 may be discarded the first time around the table: discard "
                "another card.")


def split_aside(rules: RuleSet, cards: tuple[str, ...]) -> tuple[tuple[str, ...],
                                                                   tuple[str, ...]]:
    """K10: pile cards joining a hand as (the cards that join it, the black 3s set aside);
    all of them join it where the rule is off."""
    if not rules.black_threes_set_aside or BLACK_THREES.isdisjoint(cards):
        return cards, ()
    return (tuple(c for c in cards if c not in BLACK_THREES),
            tuple(c for c in cards if c in BLACK_THREES))


def aside_score(rules: RuleSet, aside: int, melded: int) -> int:
    """K10: what a team's `aside` set-aside black 3s score, `melded` being its black 3s
    melded when going out (already counted at their value as melded cards): their
    value each, or `all_black_threes_bonus` in all when the team holds every one (all
    of them melded going out too: "set aside, or melded when going out")."""
    every = 2 * rules.decks
    if rules.all_black_threes_bonus and aside + melded == every:
        return rules.all_black_threes_bonus - BLACK_THREE_VALUE * melded
    return BLACK_THREE_VALUE * aside
