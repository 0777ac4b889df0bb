"""Actions as small value objects with a stable JSON form (protocol.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from canasta.game.cards import ALL_CARDS, RANKS, WILDS, is_card, sort_cards
from canasta.game.errors import ActionFormatError, Text, shown, shown_keys
from canasta.mechanics.melds import ONTO_MAX


@dataclass(frozen=True, slots=True)
class Draw:
    pass


@dataclass(frozen=True, slots=True)
class TakePile:
    cards: tuple[str, ...] = ()
    onto: int | None = None  # the id of the team meld the top card goes on (optional)
    new: bool = False  # S5: the top card and the cards start a new meld of their rank


@dataclass(frozen=True, slots=True)
class Meld:
    cards: tuple[str, ...]
    rank: str | None = None
    onto: int | None = None  # the id of the team meld the cards join (optional)
    new: bool = False  # S5: start a new meld of their rank beside the team's canastas of it


@dataclass(frozen=True, slots=True)
class Discard:
    card: str
    reserve: bool = False  # R13: the player's opened packet joins the hand after it


@dataclass(frozen=True, slots=True)
class EndRound:
    """R18: a player who holds no card he may discard ends the round."""


@dataclass(frozen=True, slots=True)
class SpecialHand:
    """U21 (special_hands.py): lay the whole hand down at once as a special hand, going
    out; the engine names the hand."""


@dataclass(frozen=True, slots=True)
class Ask:
    pass


@dataclass(frozen=True, slots=True)
class Answer:
    yes: bool


@dataclass(frozen=True, slots=True)
class NextRound:
    pass


Action = Draw | TakePile | Meld | Discard | Ask | Answer | NextRound | EndRound | SpecialHand

DRAW = Draw()
ASK = Ask()
NEXT_ROUND = NextRound()
END_ROUND = EndRound()
SPECIAL_HAND = SpecialHand()
# Shared instances for the actions the engine lists most often (they are immutable).
DISCARDS: dict[str, Discard] = {c: Discard(c) for c in ALL_CARDS}
LAY_ONE: dict[str, Meld] = {c: Meld((c,)) for c in ALL_CARDS}
LAY_WILD: dict[tuple[str, str], Meld] = {
    (w, r): Meld((w,), r) for w in ALL_CARDS if w in WILDS for r in RANKS
}
TAKE_ALONE = TakePile(())
# Shared listed actions: building a frozen dataclass costs more than finding it.
_MELDS: dict[tuple[str, ...], Meld] = {}
_TAKES: dict[tuple[str, ...], TakePile] = {}
_KEPT = 50_000
_A = TypeVar("_A")


def _kept(cache: dict[tuple[str, ...], _A], cards: tuple[str, ...], action: _A) -> _A:
    """Store a newly built shared action (a bounded cache: full, it starts afresh)."""
    if len(cache) >= _KEPT:
        cache.clear()
    cache[cards] = action
    return action


def meld_of(cards: tuple[str, ...]) -> Meld:
    """`Meld(cards)`, shared."""
    found = _MELDS.get(cards)
    return _kept(_MELDS, cards, Meld(cards)) if found is None else found


def take_with(cards: tuple[str, ...]) -> TakePile:
    """`TakePile(cards)`, shared (only pairs of cards are listed, so few exist)."""
    found = _TAKES.get(cards)
    return _kept(_TAKES, cards, TakePile(cards)) if found is None else found


def _cards(data: dict[str, Any], key: str) -> tuple[str, ...]:
    raw = data.get(key)
    if not isinstance(raw, list):
        raise ActionFormatError(Text('"{field}" must be a list of cards, got {value}', field=key,
                                     value=shown(raw)))
    for c in raw:
        if not is_card(c):
            raise ActionFormatError(_not_a_card(c))
    return sort_cards(raw)


def _expect_keys(data: dict[str, Any], allowed: set[str]) -> None:
    extra = set(data) - allowed - {"type"}
    if extra:
        raise ActionFormatError(Text("unexpected field(s) for {kind}: {names}",
                                     kind=repr(data["type"]), names=shown_keys(extra)))


def _onto(data: dict[str, Any]) -> int | None:
    onto = data.get("onto")
    if onto is None:
        return None
    if type(onto) is not int or not 1 <= onto <= ONTO_MAX:
        raise ActionFormatError(Text('"onto" must be a meld id (a whole number from 1 to {high}), '
                                     "got {value}", high=ONTO_MAX, value=shown(onto)))
    return onto


def _new(data: dict[str, Any]) -> bool:
    new = data.get("new", False)
    if type(new) is not bool:
        raise ActionFormatError(Text('"new" must be true or false, got {value}',
                                     value=shown(new)))
    return new


def parse_action(data: object) -> Action:
    """Turn action JSON into an Action; raises ActionFormatError with the reason."""
    if not isinstance(data, dict):
        raise ActionFormatError(Text("an action must be a JSON object, got {name}",
                                     name=type(data).__name__))
    kind = data.get("type")
    if kind == "draw":
        _expect_keys(data, set())
        return DRAW
    if kind == "take_pile":
        _expect_keys(data, {"cards", "onto", "new"})
        return TakePile(_cards(data, "cards") if "cards" in data else (), _onto(data),
                        _new(data))
    if kind == "meld":
        _expect_keys(data, {"cards", "rank", "onto", "new"})
        cards = _cards(data, "cards")
        if not cards:
            raise ActionFormatError(Text("a meld needs at least one card"))
        rank = data.get("rank")
        if rank is not None and (not isinstance(rank, str) or len(rank) != 1 or rank not in RANKS):
            raise ActionFormatError(Text('"rank" must be one of {ranks}, got {value}',
                                         ranks=RANKS, value=shown(rank)))
        return Meld(cards, rank, _onto(data), _new(data))
    if kind == "discard":
        _expect_keys(data, {"card", "reserve"})
        card = data.get("card")
        if not isinstance(card, str) or not is_card(card):
            raise ActionFormatError(_not_a_card(card))
        reserve = data.get("reserve", False)
        if type(reserve) is not bool:
            raise ActionFormatError(Text('"reserve" must be true or false, got {value}',
                                         value=shown(reserve)))
        return Discard(card, True) if reserve else DISCARDS[card]
    if kind == "ask":
        _expect_keys(data, set())
        return ASK
    if kind == "answer":
        _expect_keys(data, {"yes"})
        yes = data.get("yes")
        if not isinstance(yes, bool):
            raise ActionFormatError(Text('"yes" must be true or false, got {value}',
                                         value=shown(yes)))
        return Answer(yes)
    if kind == "next_round":
        _expect_keys(data, set())
        return NEXT_ROUND
    if kind == "end_round":
        _expect_keys(data, set())
        return END_ROUND
    if kind == "special_hand":
        _expect_keys(data, set())
        return SPECIAL_HAND
    raise ActionFormatError(Text(
        "unknown action type {kind}; expected draw, take_pile, meld, discard, ask, "
        "answer, next_round, end_round or special_hand", kind=shown(kind)))


_KINDS = (Draw, TakePile, Meld, Discard, Ask, Answer, NextRound, EndRound, SpecialHand)


def _not_a_card(value: object) -> Text:
    return Text("{value} is not a card (use e.g. 'KD', 'TS', 'JK')", value=shown(value))


def _cards_problem(cards: object, meld: bool) -> Text | None:
    if type(cards) is not tuple:
        return (Text("a meld's cards must be a tuple of cards, not {value}", value=shown(cards))
                if meld else Text("the cards taking the pile must be a tuple of cards, not "
                                  "{value}", value=shown(cards)))
    for c in cards:
        if not is_card(c):
            return _not_a_card(c)
    return None


def _onto_problem(onto: object, new: object = False) -> Text | None:
    if type(new) is not bool:
        return Text("new must be True or False, not {value}", value=shown(new))
    if onto is not None and new:
        return Text("a meld either joins the meld onto names or is new, not both")
    if onto is None or (type(onto) is int and 1 <= onto <= ONTO_MAX):
        return None
    return Text("onto must be a meld id (a whole number from 1 to {high}), not {value}",
                high=ONTO_MAX, value=shown(onto))


def form_problem(action: object) -> Text | None:
    """Why `action` is not an action at all (None when it is one): what `parse_action`
    refuses in JSON, for an action built in Python (`Discard("XX")`, `Meld(None)`, a
    string). `check` refuses such an action with it, so `apply` raises IllegalAction."""
    if type(action) not in _KINDS:
        return Text("{value} is not an action (Draw, TakePile, Meld, Discard, Ask, Answer, "
                    "NextRound, EndRound or SpecialHand)", value=shown(action))
    if isinstance(action, Discard):
        if type(action.reserve) is not bool:
            return Text("reserve must be True or False, not {value}",
                        value=shown(action.reserve))
        return None if is_card(action.card) else _not_a_card(action.card)
    if isinstance(action, Meld):
        rank = action.rank
        if rank is not None and (not isinstance(rank, str) or len(rank) != 1
                                 or rank not in RANKS):
            return Text("a meld's rank must be one of {ranks}, not {value}", ranks=RANKS,
                        value=shown(rank))
        if type(action.cards) is tuple and not action.cards:
            return Text("a meld needs at least one card")
        return _cards_problem(action.cards, True) or _onto_problem(action.onto, action.new)
    if isinstance(action, TakePile):
        return _cards_problem(action.cards, False) or _onto_problem(action.onto, action.new)
    if isinstance(action, Answer) and not isinstance(action.yes, bool):
        return Text("an answer is yes (True) or no (False), not {value}",
                    value=shown(action.yes))
    return None


def in_order(action: Action) -> Action:
    """`action` with its cards in hand order, as `parse_action` gives them (so a game
    saves, and loads back, the same actions whoever built them)."""
    if isinstance(action, Meld):
        cards = sort_cards(action.cards)
        return action if cards == action.cards else Meld(cards, action.rank, action.onto,
                                                         action.new)
    if isinstance(action, TakePile):
        cards = sort_cards(action.cards)
        return action if cards == action.cards else TakePile(cards, action.onto, action.new)
    return action


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Draw):
        return {"type": "draw"}
    if isinstance(action, TakePile):
        taken: dict[str, Any] = {"type": "take_pile", "cards": list(action.cards)}
        if action.onto is not None:
            taken["onto"] = action.onto
        if action.new:
            taken["new"] = True
        return taken
    if isinstance(action, Meld):
        out: dict[str, Any] = {"type": "meld", "cards": list(action.cards)}
        if action.rank is not None:
            out["rank"] = action.rank
        if action.onto is not None:
            out["onto"] = action.onto
        if action.new:
            out["new"] = True
        return out
    if isinstance(action, Discard):
        if action.reserve:
            return {"type": "discard", "card": action.card, "reserve": True}
        return {"type": "discard", "card": action.card}
    if isinstance(action, Ask):
        return {"type": "ask"}
    if isinstance(action, Answer):
        return {"type": "answer", "yes": action.yes}
    if isinstance(action, EndRound):
        return {"type": "end_round"}
    if isinstance(action, SpecialHand):
        return {"type": "special_hand"}
    return {"type": "next_round"}
