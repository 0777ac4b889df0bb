"""The discard pile's rules in one place: what blocks it for the next player (C15),
what freezes it (C14, and the `black_three_freezes` option), and for whom it is frozen
(C14 with `frozen_for_unopened_team`). The checks, `legal_actions`, the view and the
AI's fast path all ask these functions."""

from __future__ import annotations

from canasta.game.cards import BLACK_THREES, RANK, RED_THREES, WILDS
from canasta.game.errors import Text
from canasta.rules.ruleset import RuleSet

BLOCKERS = WILDS | RED_THREES | BLACK_THREES
CLASSIC_FREEZERS = WILDS | RED_THREES  # C14
_FREEZERS_WITH_BLACK_THREES = CLASSIC_FREEZERS | BLACK_THREES


def blocks(card: str) -> bool:
    """C15: a red 3, black 3 or wild card on top blocks the pile."""
    return card in BLOCKERS


def blocked(pile: tuple[str, ...]) -> bool:
    """C15: the pile cannot be taken because of its top card."""
    return bool(pile) and blocks(pile[-1])


def freezing_cards(rules: RuleSet) -> frozenset[str]:
    """C14: the cards that freeze the pile for everyone while they lie in it."""
    return _FREEZERS_WITH_BLACK_THREES if rules.black_three_freezes else CLASSIC_FREEZERS


def freezer(rules: RuleSet, pile: tuple[str, ...]) -> str | None:
    """The card that freezes the pile for everyone (C14), if any lies below the top."""
    return next(filter(freezing_cards(rules).__contains__, pile[:-1]), None)


def frozen_for(rules: RuleSet, frozen: bool, opened: bool) -> bool:
    """C14: whether a team must take the pile with two natural cards from hand: the
    pile is `frozen` by a card in it, the rules freeze it always (W4), or the team has
    not `opened` (made its initial meld) and the rules freeze the pile for such a
    team."""
    return frozen or rules.pile_always_frozen or (rules.frozen_for_unopened_team and not opened)


def size_refusal(rules: RuleSet, pile: tuple[str, ...] | list[str]) -> tuple[str, str] | None:
    """Whether the pile may be taken at all as it lies (a rule id and a sentence why
    not; None: it may): M7 too few cards in it (`pile_min_size`), M11 a card of the
    barred rank on top (`pile_barred_rank`)."""
    if len(pile) < rules.pile_min_size:
        return ("M7", Text("The pile is taken only when it holds at least {n} cards; it holds "
                           "{count}.", n=rules.pile_min_size, count=len(pile)))
    if pile and rules.pile_barred_rank and RANK[pile[-1]] == rules.pile_barred_rank:
        return ("M11", Text("The pile is never taken with {rank:ranks} on top.",
                            rank=rules.pile_barred_rank))
    return None


def taken_part(rules: RuleSet, pile: tuple[str, ...]) -> tuple[str, ...]:
    """C13 (HF7: `pile_take_most`): the cards a take of the pile gets, bottom to top —
    the whole pile, or only its top cards; the rest stays as the new pile."""
    most = rules.pile_take_most
    return pile[-most:] if most and len(pile) > most else pile
