"""When a meld may hold wild cards at all (Modern American Canasta,
docs/variants/american.md): melds of the rule set's `pure_ranks` (7s and aces) never
take one, except that the ranks of `pure_open_mixed` (aces) may take wild cards in the
side's initial meld and are then ordinary melds (U8); and where `wilds_from_naturals`
is set, a meld takes wild cards only once it holds that many natural cards (U7, the
"rule of five" option). `melds.shape_problem` and `melds.wild_room` ask these, so the
checks, the look-ahead of solver.py and the view all follow them."""

from __future__ import annotations

from canasta.game.errors import Text
from canasta.rules.ruleset import RuleSet


def pure(rules: RuleSet, rank: str, wilds: int = 0, opening: bool = False) -> bool:
    """U8: whether a meld of `rank` holding `wilds` wild cards takes no (more) wild
    card; `opening`: it is part of the side's initial meld."""
    if rank not in rules.pure_ranks:
        return False
    return not (rank in rules.pure_open_mixed and (opening or wilds > 0))


def wild_problem(rules: RuleSet, rank: str, naturals: int, wilds: int,
                 opening: bool = False, had_wilds: int = 0) -> tuple[str, str] | None:
    """Why a meld of `rank` may not hold `wilds` wild cards with `naturals` naturals (a
    rule id and a sentence), or None. `opening`: the meld is part of the initial meld;
    `had_wilds`: the wild cards the meld held before this play."""
    if wilds == had_wilds:  # no wild card joins
        return None
    if rules.pure_ranks and pure(rules, rank, had_wilds, opening):
        if rank in rules.pure_open_mixed:
            return ("U8", Text("{r:Ranks} take wild cards only in your side's initial meld: "
                               "this meld stays natural.", r=rank))
        return ("U8", Text("{r:Ranks} never take wild cards.", r=rank))
    if naturals < rules.wilds_from_naturals:
        return ("U7", Text("A meld takes wild cards only once it holds {n} natural cards.",
                           n=rules.wilds_from_naturals))
    return None
