"""The normal player's judgements as plain functions of numbers, shared by the
rule-based player (`heuristic.py`, on views) and the rollout policy of the fast
play-out path (`canasta.ai.fast.playout`, on mutable counts), so both weigh a position the
same way.
"""

from __future__ import annotations

from dataclasses import dataclass

BIG_PILE = 6  # a pile this big is worth blocking with a wild card (C14)
BIG_HAND = 9  # with this many cards, a pair and a wild card go down rather than wait
NEAR_OUT_HAND = 4  # an opponent with this few cards, and the canastas, may go out soon
LOW_STOCK = 10  # with fewer cards in the stock, go out while it is possible
ANSWER_LOW_STOCK = 8  # ... and let the partner go out
HEAVY_HAND = 60  # points in hand worth melding before the partner goes out

BLACK_THREE_KEEP = -8.0  # black 3s are the first cards to throw: they block the pile (C15)
WILD_KEEP = 60.0  # wild cards are kept for melds ...
WILD_BLOCK_KEEP = 2.0  # ... unless the pile is worth blocking
PAIR_KEEP = 12.0  # each further card of a rank: pairs take the pile
RUN_KEEP = 15.0  # B4: a card that could grow the escalera the side needs to go out
UNSEEN_CAP = 6  # more unseen cards of a rank than this add no danger
KEEP_WILD_PAIRS = 1000  # strong's `big_hand` where it keeps them: never (no hand is this big)


@dataclass(frozen=True)
class Style:
    """The judgements a level may set apart from normal's, per rule set (the strong
    level's: `search.strong_style`; docs/AI.md): `big_hand` the hand size from which a
    pair and a wild card go down as a new meld before the side can go out, `pair_keep`
    and `wild_block_keep` as PAIR_KEEP and WILD_BLOCK_KEEP in `keep_score`;
    `in_playouts` whether the search's play-outs play every seat with it too (else with
    normal's)."""

    big_hand: int = BIG_HAND
    pair_keep: float = PAIR_KEEP
    wild_block_keep: float = WILD_BLOCK_KEEP
    in_playouts: bool = True


NORMAL = Style()
# Strong in Classic's two-deck rule sets: a pair and a wild card stay in hand.
KEEPS_WILD_PAIRS = Style(big_hand=KEEP_WILD_PAIRS)
# Strong in the wild-canasta game (always-frozen pile, melds closed at seven): that, and
# pairs worth less (their cards are safer discards), wild cards kept from a big pile; its
# play-outs play normal's judgements (they did better so on tuning pairs: docs/AI.md).
FROZEN_PILE_STYLE = Style(big_hand=KEEP_WILD_PAIRS, pair_keep=3.0, wild_block_keep=15.0,
                          in_playouts=False)


def opponent_threat(smallest_hand: int, canastas: int, goal: int) -> bool:
    """The opponents look close to going out: a short hand and their canastas down."""
    return smallest_hand <= NEAR_OUT_HAND and canastas >= goal


def want_out(threat: bool, stock: int, canastas: int, lead: int) -> bool:
    """Go out now? Not straight after the first canastas while behind, unless the
    opponents threaten or the stock runs low (`lead`: our total minus the best
    opponent's before this round)."""
    return threat or stock < LOW_STOCK or canastas >= 2 or lead >= 0


def answer_yes(threat: bool, stock: int, hand_points: int, lead: int) -> bool:
    """Answer the partner's "May I go out?" (binding, C33): yes, unless our own hand
    is heavy (`hand_points`) and we are behind, so the team can meld it first."""
    if threat or stock < ANSWER_LOW_STOCK:
        return True
    return not (hand_points >= HEAVY_HAND and lead < 0)


def start_wild_meld(wild_bonus: int, mixed_bonus: int, held: int, smallest: int,
                    canasta_size: int) -> bool:
    """F1: start the team's meld of wild cards only when its canasta (`wild_bonus`) is
    worth at least a mixed one (`mixed_bonus`) and the hand holds most of it: `held` wild
    cards, at least the `smallest` start the rules allow and all but three of a canasta."""
    return wild_bonus >= mixed_bonus and held >= max(smallest, canasta_size - 3)


def pure_meld_worth_starting(naturals: int, unseen: int, canasta_size: int) -> bool:
    """U8, U17: start a meld of a rank that takes no wild card (7s, aces) only with
    `naturals` in hand that leave at most two to find, and enough of them still `unseen`
    (in other hands or the stock) to finish it: left short, it costs 2500."""
    return naturals >= canasta_size - 2 and naturals + unseen >= canasta_size


def build_wild_meld(have: int, held: int, canasta_size: int) -> bool:
    """F1: add to the meld of wild cards (`have` cards) while the hand's `held` wild
    cards can finish its canasta."""
    return have + held >= canasta_size


def keep_score(same: int, value: int, wild: bool, black_three: bool, block: bool,
               style: Style = NORMAL) -> float:
    """How much a card is worth keeping: `same` cards of its rank in hand (itself
    included), `value` its points, `block` whether the pile is worth blocking."""
    if black_three:
        return BLACK_THREE_KEEP
    if wild:
        return style.wild_block_keep if block else WILD_KEEP
    k = style.pair_keep * (same - 1) if same >= 2 else 0.0
    return k - value / 10


GIFT_DANGER = 25.0  # a gift (ai/gifts.py): the next opponent may take the pile with it


def danger_base(gift: bool, unseen: int, picked: bool, thrown: bool) -> float:
    """How dangerous a natural card is to hand the next player, before the pile's
    size counts: `gift` they can take the pile with it (their side's meld of its rank
    while the pile is unfrozen for them, or a pair of it the log shows them holding),
    `unseen` cards of its rank not seen yet, `picked` / `thrown` the next player
    collected / discarded that rank before. A gift outweighs breaking a pair (issue
    19: no gifts unless the alternative costs more, a wild card say)."""
    d = 0.0
    if gift:
        d += GIFT_DANGER
    d += 0.4 * min(unseen, UNSEEN_CAP)
    if picked:
        d += 3.0
    if thrown:
        d -= 2.0
    return max(d, 0.0)


def pile_factor(pile_size: int) -> float:
    """The bigger the pile, the more a dangerous discard costs."""
    return 1 + pile_size / 6


def danger_score(gift: bool, unseen: int, picked: bool, thrown: bool, pile_size: int) -> float:
    return danger_base(gift, unseen, picked, thrown) * pile_factor(pile_size)
