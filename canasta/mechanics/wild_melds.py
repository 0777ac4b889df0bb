"""Melds of wild cards only (jokers and 2s): Free Canasta (docs/variants/free-canasta.md,
F1-F3, seed 003 line 47) and the seven-wild canasta of the Classic house rules (H12,
seed 003 line 179). On when `RuleSet.wild_meld_min` > 0: a team may start one such meld
with at least that many wild cards and add wild cards to it (no C17 limit applies);
it is keyed `melds.WILD_KEY` and of kind `melds.WILD`."""

from __future__ import annotations

from canasta.game.errors import Text
from canasta.rules.ruleset import RuleSet


def rule_id(rules: RuleSet) -> str:
    """The rule a refusal about a meld of wild cards cites: H12 where it must be a whole
    canasta at once, F1 where it is built up."""
    return "H12" if rules.wild_meld_min >= rules.canasta_size else "F1"


def start_problem(rules: RuleSet, count: int) -> str | None:
    """Why `count` wild cards cannot start the team's meld of wild cards, or None."""
    if not rules.wild_meld_min:
        return Text("Wild cards alone cannot make a meld: choose the team meld they go on.")
    if count < rules.wild_meld_min:
        if rules.wild_meld_min >= rules.canasta_size:
            return Text("A canasta of wild cards is laid down whole: {n} wild cards at once.",
                        n=rules.wild_meld_min)
        return Text("A meld of wild cards starts with at least {n} of them.",
                    n=rules.wild_meld_min)
    return None


def wild_size_problem(rules: RuleSet, size: int) -> str | None:
    """B2: why a meld of wild cards of `size` cards is too large (one of `wild_meld_max`
    is closed), or None."""
    if rules.wild_meld_max and size > rules.wild_meld_max:
        if not rules.wild_canasta_name:
            return Text("A meld of wild cards holds at most {n} cards: a canasta of wild cards "
                        "is closed.", n=rules.wild_meld_max)
        # (the rule set's own name for such a canasta: "bolivia")
        return Text("A meld of wild cards holds at most {n} cards: a {name} is closed.",
                    n=rules.wild_meld_max, name=rules.wild_canasta_name)
    return None


def free_wild_melds(rules: RuleSet) -> bool:
    """Whether the look-ahead lays wild cards on a meld of wild cards: not where it is a
    meld of 2s (Z5: twos_melds.py lays a locked side's 2s there itself)."""
    return bool(rules.wild_meld_min) and not rules.twos_melds


def shares(rules: RuleSet, wilds: int, on_table: int | None) -> list[tuple[int, int]]:
    """How `wilds` wild cards may go to the team's meld of wild cards, which holds
    `on_table` cards (None: the team has none): (cards put there, canastas it then
    completes: 0 or 1), putting none there first."""
    out = [(0, 0)]
    if not free_wild_melds(rules):
        return out
    have = on_table or 0
    low = 1 if on_table is not None else rules.wild_meld_min
    size = rules.canasta_size
    limit = rules.wild_meld_max or rules.meld_max  # B2, W2
    most = min(wilds, limit - have) if limit else wilds
    out.extend((x, 1 if have < size <= have + x else 0) for x in range(low, most + 1))
    return out
