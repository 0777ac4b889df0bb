"""Cards that may not be discarded (Modern American Canasta, docs/variants/american.md,
U13): with `wild_discard_last_only` a wild card only as the last card of a player going
out; with `empty_pile_bars` no card of a pure rank (7s, aces: `pure_ranks`), no wild
card and no card of a rank with a canasta on the table onto an empty pile. A hand that
holds nothing but such cards may discard any of them: the turn must end. The checks ask
`discard_problem`; `legal_actions` lists what the checks accept. Railroad's 7s (R16,
R17): none discarded until every side has a canasta of 7s, never as the last card
(`seven_problem`); a hand of nothing else ends the round (`stuck`, R18)."""

from __future__ import annotations

from collections.abc import Iterable

from canasta.game.cards import RANK, WILDS
from canasta.game.errors import Text
from canasta.mechanics.melds import TableMeld
from canasta.rules.ruleset import RuleSet


def closed_ranks(rules: RuleSet, table: Iterable[Iterable[TableMeld]]) -> frozenset[str]:
    """The ranks of which some side has a canasta on the table."""
    return frozenset(m.rank for team in table for m in team
                     if len(m.cards) >= rules.canasta_size)


def _barred(rules: RuleSet, card: str, hand_size: int, pile_empty: bool,
            closed: frozenset[str]) -> str | None:
    if card in WILDS and rules.wild_discard_last_only and hand_size > 1:
        return Text("A wild card ({card:card}) may be discarded only as your last card, going "
                    "out.", card=card)
    if not (pile_empty and rules.empty_pile_bars):
        return None
    if card in WILDS:
        return Text("No wild card may be discarded onto an empty pile.")
    rank = RANK[card]
    if rank in rules.pure_ranks:
        return Text("No {rank:ranks} may be discarded onto an empty pile.", rank=rank)
    if rank in closed:
        return Text("{r:Ranks} have a canasta on the table: none may be discarded onto an "
                    "empty pile.", r=rank)
    return None


def discard_problem(rules: RuleSet, card: str, hand: tuple[str, ...],
                    pile: tuple[str, ...], table: Iterable[Iterable[TableMeld]]) -> str | None:
    """U13: why `card` may not be discarded from `hand` onto `pile` (None: it may), the
    sides' melds being `table`."""
    if not (rules.wild_discard_last_only or rules.empty_pile_bars):
        return None
    closed = closed_ranks(rules, table) if not pile and rules.empty_pile_bars else frozenset()
    why = _barred(rules, card, len(hand), not pile, closed)
    if why is None:
        return None
    if all(_barred(rules, c, len(hand), not pile, closed) is not None for c in hand):
        return None  # nothing else to discard: the turn must end
    return why


def sevens_free(rules: RuleSet, table: Iterable[Iterable[TableMeld]]) -> bool:
    """R16: every side has a canasta of 7s, so 7s may be discarded."""
    return all(any(m.rank == "7" and len(m.cards) >= rules.canasta_size for m in side)
               for side in table)


def seven_problem(rules: RuleSet, card: str, hand_size: int,
                  table: Iterable[Iterable[TableMeld]]) -> tuple[str, str] | None:
    """R16, R17: why the 7 `card` may not be discarded from a hand of `hand_size` cards,
    the sides' melds being `table`: (rule id, reason), or None (it may, or is no 7)."""
    if RANK[card] != "7" or card in WILDS:
        return None
    if rules.sevens_held and not sevens_free(rules, table):
        return ("R16", Text("No 7 may be discarded until every player has a canasta of 7s."))
    if rules.last_discard_not_seven and hand_size == 1:
        return ("R17", Text("Your last card may not be a 7: go out by discarding another card."))
    return None


def stuck(rules: RuleSet, hand: tuple[str, ...], table: Iterable[Iterable[TableMeld]]) -> bool:
    """R18: `hand` holds cards and none of them may be discarded (7s held back, R16,
    R17): its player ends the round."""
    if not hand or not (rules.sevens_held or rules.last_discard_not_seven):
        return False
    sides = [tuple(side) for side in table]
    return all(seven_problem(rules, c, len(hand), sides) is not None for c in hand)
