"""Cards in the protocol's notation (C1, C2): 'KD', 'TS', 'JK' for a joker."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from canasta.game.messages import RANK_NAMES, SUIT_NAMES, card_short

RANKS = "A23456789TJQK"
SUITS = "SHDC"
JOKER = "JK"

# The English names of ranks and suits live with the messages (issue 18).

ALL_CARDS: tuple[str, ...] = (*(r + s for r in RANKS for s in SUITS), JOKER)
_VALID = frozenset(ALL_CARDS)

# C2: point values. Red 3s score only as bonuses (C40), so they are worth 0 here.
VALUE: dict[str, int] = {}
RANK: dict[str, str] = {}
for _c in ALL_CARDS:
    _r = "*" if _c == JOKER else _c[0]
    RANK[_c] = _r
    if _c == JOKER:
        VALUE[_c] = 50
    elif _r in "2A":
        VALUE[_c] = 20
    elif _r in "KQJT98":
        VALUE[_c] = 10
    elif _r == "3":
        VALUE[_c] = 0 if _c[1] in "HD" else 5
    else:
        VALUE[_c] = 5

WILDS = frozenset(c for c in ALL_CARDS if c == JOKER or c[0] == "2")
RED_THREES = frozenset(("3H", "3D"))
BLACK_THREES = frozenset(("3S", "3C"))

# Order used to sort a hand for display and for canonical action lists:
# naturals by rank (A high), then black 3s, then wild cards.
_ORDER_RANKS = "456789TJQKA"
# The value of a natural card of each rank (every suit counts the same, C44).
RANK_VALUE: dict[str, int] = {RANK[c]: VALUE[c] for c in ALL_CARDS if c not in WILDS}
RANK_VALUE["3"] = 5  # black 3s (red 3s are never melded)

SORT_KEY: dict[str, tuple[int, int]] = {}
for _c in ALL_CARDS:
    if _c in WILDS:
        SORT_KEY[_c] = (30 if _c == JOKER else 20, SUITS.find(_c[1]))
    elif RANK[_c] == "3":
        SORT_KEY[_c] = (15 if _c in BLACK_THREES else 16, SUITS.find(_c[1]))
    else:
        SORT_KEY[_c] = (_ORDER_RANKS.index(_c[0]), SUITS.find(_c[1]))


def is_card(text: object) -> bool:
    return isinstance(text, str) and text in _VALID


def is_wild(card: str) -> bool:
    return card in WILDS


def value(card: str) -> int:
    return VALUE[card]


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=SORT_KEY.__getitem__))


def card_name(card: str) -> str:
    """An accessible name: 'King of hearts', 'Joker'."""
    if card == JOKER:
        return "Joker"
    return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


def short_name(card: str) -> str:
    """A compact printable name: 'K♥', '10♣', 'Joker'."""
    return card_short(card)


def cards_text(cards: Iterable[str]) -> str:
    return " ".join(short_name(c) for c in cards)


def make_deck(decks: int, jokers_per_deck: int) -> tuple[str, ...]:
    """Every card of the game in a fixed order (C1: 2 × 52 + 4 jokers for Classic)."""
    one = tuple(r + s for r in RANKS for s in SUITS)
    return one * decks + (JOKER,) * (jokers_per_deck * decks)


def remove_cards(hand: tuple[str, ...], cards: Iterable[str]) -> tuple[str, ...] | None:
    """The hand without `cards` (as a multiset), or None if the hand lacks one of them."""
    rest = list(hand)
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            return None
    return tuple(rest)


def counts(cards: Iterable[str]) -> Counter[str]:
    return Counter(cards)
