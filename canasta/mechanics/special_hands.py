"""Special hands (Modern American Canasta's option U21, docs/variants/american.md): a
whole hand of a given pattern that a player lays down at once to go out, before the side
has melded, for a fixed bonus in place of the side's score for the round.

Built: the hand of pairs without wild cards (`special_pairs_bonus`, 2500 in the preset
U21): the whole hand after the draw (`hand_size` + `draw_count` cards, 14 in Modern
American) in pairs of natural cards — no wild card, no 3; two pairs of a rank are two
pairs. The action is `{"type": "special_hand"}` (actions.SpecialHand): the engine names
the hand (`hand_of`); the checks ask `problem`; `transitions` ends the round with the
hand's name in `State.special_hand`; `scoring.score_round` gives the side `bonus`.
The sources' other hands (pagat's straight and garbage, the pairs with wild cards; the
Canasta League of America's eleven) are not built: no public text defining them was found
(the rules page's open questions)."""

from __future__ import annotations

from collections import Counter

from canasta.game.cards import RANK, WILDS
from canasta.game.errors import Text
from canasta.game.state import State
from canasta.rules.ruleset import RuleSet

RULE = "U21"
PAIRS = "pairs"  # the hand of pairs without wild cards
NAMES = {PAIRS: Text("pairs without wild cards")}


def any_hands(rules: RuleSet) -> bool:
    """Whether the rule set has a special hand at all."""
    return rules.special_pairs_bonus > 0


def _pairs(rules: RuleSet, hand: tuple[str, ...]) -> bool:
    if len(hand) != rules.hand_size + rules.draw_count:
        return False
    if any(c in WILDS or RANK[c] == "3" for c in hand):
        return False
    return all(n % 2 == 0 for n in Counter(map(RANK.__getitem__, hand)).values())


def hand_of(rules: RuleSet, hand: tuple[str, ...]) -> str | None:
    """The special hand `hand` is under `rules` (its name), or None."""
    if rules.special_pairs_bonus and _pairs(rules, hand):
        return PAIRS
    return None


def bonus(rules: RuleSet, name: str) -> int:
    """What the special hand `name` scores its side."""
    return rules.special_pairs_bonus if name == PAIRS else 0


def problem(state: State) -> tuple[str, str] | None:
    """Why the seat to move (phase "play") may not lay down its hand as a special hand:
    (the rule id, a sentence for the player), or None when it may."""
    rules = state.rules
    if not any_hands(rules):
        return RULE, Text("This game has no special hands.")
    team = state.to_move % rules.teams
    if state.melds[team] or state.opened[team] or state.pending:
        return RULE, Text("A special hand is laid down only before your side has melded: "
                          "your side has melds on the table.")
    if state.permission is False:
        return "C33", Text("Your partner said no: you may not go out this turn.")
    if rules.must_ask and state.permission is not True:
        return "C33", Text("Ask your partner \u201cMay I go out?\u201d first.")
    if hand_of(rules, state.hands[state.to_move]) is None:
        size = rules.hand_size + rules.draw_count
        return RULE, Text("Your hand is not a special hand: that is {size} cards in pairs of "
                          "natural cards (no wild card, no 3), laid down all at once.",
                          size=size)
    return None
