"""Melds of 2s (docs/variants/samba-twos.md Z5-Z7, Z10; seed 003 line 73). On where
`RuleSet.twos_melds` is set: the team's meld of wild cards (`melds.WILD_KEY`,
wild_melds.py) is a meld of 2s — its 2s are its natural cards and jokers its wild
cards, shaped as any meld (C17, C19; S4's `max_wilds`) — and while it is short of a
canasta the side's 2s are wild nowhere else (Z6: `locked`). The look-ahead lays a
locked side's 2s on it first (`settle`): they can go nowhere else; a side without one
may start it in the turn looked ahead (`starts`)."""

from __future__ import annotations

from canasta.game.cards import JOKER, WILDS, sort_cards
from canasta.game.errors import Text
from canasta.mechanics.melds import WILD_KEY, TableMeld, find_meld, shape_problem, table_meld
from canasta.rules.ruleset import RuleSet


def is_two(card: str) -> bool:
    return card in WILDS and card != JOKER


def shape(rules: RuleSet, cards: tuple[str, ...]) -> str | None:
    """Z5: why `cards` (all wild) are no meld of 2s, or None: more 2s than jokers, at
    most `max_wilds` jokers."""
    jokers = cards.count(JOKER)
    problem = shape_problem(rules, "2", len(cards) - jokers, jokers)
    if problem is None:
        return None
    return Text("A meld of 2s holds at least two 2s, more 2s than jokers and at most {n} "
                "jokers.", n=rules.max_wilds)


def locked(rules: RuleSet, melds: tuple[TableMeld, ...]) -> TableMeld | None:
    """Z6: the team's meld of 2s while it is short of a canasta (its 2s are then wild
    nowhere else), or None."""
    if not rules.twos_melds:
        return None
    meld = find_meld(melds, WILD_KEY)
    if meld is None or len(meld.cards) >= rules.canasta_size:
        return None
    return meld


def lock_problem(rules: RuleSet, melds: tuple[TableMeld, ...], cards: tuple[str, ...]
                 ) -> str | None:
    """Z6: why `cards` may not go on a meld other than the meld of 2s, or None."""
    if locked(rules, melds) is not None and any(map(is_two, cards)):
        return (Text("Your side's meld of 2s is not a canasta yet: until it is, your 2s go "
                "only on it (jokers stay wild)."))
    return None


def settle(rules: RuleSet, hand: tuple[str, ...], melds: tuple[TableMeld, ...]
           ) -> tuple[tuple[str, ...], tuple[TableMeld, ...], tuple[str, ...]]:
    """Z6 for the look-ahead: a locked side's 2s in `hand` go on its meld of 2s, as many
    as it takes (a canasta of seven frees the rest: they are wild again). (The hand
    left, the melds after, the 2s laid.)"""
    meld = locked(rules, melds)
    twos = tuple(c for c in hand if is_two(c))
    if meld is None or not twos:
        return hand, melds, ()
    room = (rules.wild_meld_max or len(meld.cards) + len(twos)) - len(meld.cards)
    laid = twos[:room]
    rest = list(hand)
    for c in laid:
        rest.remove(c)
    grown = table_meld(WILD_KEY, sort_cards(meld.cards + laid), meld.id, meld.started)
    after = tuple(grown if m is meld else m for m in melds)
    return tuple(rest), after, laid


def starts(rules: RuleSet, hand: tuple[str, ...], melds: tuple[TableMeld, ...]
           ) -> list[tuple[tuple[str, ...], tuple[TableMeld, ...], tuple[str, ...]]]:
    """Z5, Z6 for the look-ahead: the ways a side without a meld of 2s may start one
    from `hand` this turn — each with as many jokers as it may hold, and every 2 of the
    hand up to `wild_meld_max` (2s kept back would be locked to it, Z6, unless it is a
    canasta). (The hand left, the melds after, the cards laid) for each; none where
    the rules have no melds of 2s or the side has one."""
    if not rules.twos_melds or find_meld(melds, WILD_KEY) is not None:
        return []
    twos = tuple(c for c in hand if is_two(c))
    out = []
    for j in range(min(hand.count(JOKER), rules.max_wilds) + 1):
        t = min(len(twos), rules.wild_meld_max - j) if rules.wild_meld_max else len(twos)
        cards = twos[:t] + (JOKER,) * j
        if t <= 0 or len(cards) < rules.wild_meld_min or shape(rules, cards) is not None:
            continue
        rest = list(hand)
        for c in cards:
            rest.remove(c)
        meld_id = 1 + max((m.id for m in melds), default=0)
        new = table_meld(WILD_KEY, sort_cards(cards), meld_id, len(cards))
        out.append((tuple(rest), (*melds, new), cards))
    return out
