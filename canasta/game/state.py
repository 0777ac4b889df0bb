"""The immutable game state with its explicit phase (protocol.md: Phases)."""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from canasta.game.errors import Text
from canasta.mechanics.melds import TableMeld, team_canastas
from canasta.rules.ruleset import RuleSet

DRAW, PLAY, ANSWER, ROUND_OVER, GAME_OVER = "draw", "play", "answer", "round_over", "game_over"

SEED_LIMIT = 10**18  # a game's seed is a whole number of at most 18 digits (either sign)


def seed_problem(seed: object) -> Text | None:
    """Why `seed` cannot be a game's seed (None when it can)."""
    if type(seed) is not int or not -SEED_LIMIT < seed < SEED_LIMIT:
        return Text("a seed must be a whole number of at most 18 digits")
    return None

# An append-only record shared between states: (newest item, older chain) or None.
Chain = tuple[Any, "Chain"] | None


def chain_push(chain: Chain, item: Any) -> Chain:
    return (item, chain)


def chain_list(chain: Chain) -> list[Any]:
    out: list[Any] = []
    while chain is not None:
        out.append(chain[0])
        chain = chain[1]
    out.reverse()
    return out


class State(NamedTuple):
    rules: RuleSet
    seed: int
    round_no: int
    dealer: int
    to_move: int
    to_act: int
    phase: str
    hands: tuple[tuple[str, ...], ...]
    melds: tuple[tuple[TableMeld, ...], ...]
    red_threes: tuple[tuple[str, ...], ...]
    pile: tuple[str, ...]  # bottom -> top
    stock: tuple[str, ...]  # top first
    scores: tuple[int, ...]  # team totals before this round
    opened: tuple[bool, ...]  # per team: initial meld complete (C25)
    melded_this_round: tuple[bool, ...]  # per seat (C32)
    # What has happened in the current turn.
    fresh: bool = True  # the player had melded nothing this round when the turn began
    turn_melded: bool = False  # melded, laid off or took the pile this turn (C33)
    asked: bool = False
    permission: bool | None = None
    pending: tuple[str, ...] = ()  # pile cards held back until the initial meld is made (C12)
    turn_points: int = 0  # points melded this turn toward the initial meld (C26)
    turn_cards: tuple[str, ...] = ()  # cards this player melded this turn (C32)
    went_out: int | None = None
    concealed: bool = False
    history: tuple[tuple[int, ...], ...] = ()  # round totals of every finished round
    log: Chain = None  # the public log of the current round
    actions: Chain = None  # every action since the start, for saves
    origin: str | None = None  # JSON of the starting position of a load_position game
    # K10: per team, the black 3s taken with the pile and set aside (black_threes.py);
    # () in a state made before this field, read with `aside_of`
    black_threes_aside: tuple[tuple[str, ...], ...] = ()
    # Z3 (counted_pile.py): how many of the pile's bottom cards are face down — or, while
    # `pending` holds a taken pile, of its first cards
    face_down: int = 0
    # R13 (reserve.py): per seat, the packet dealt face down (the kitty) until it joins
    # the hand, and whether its player may look at it and take it; () where none is dealt
    packets: tuple[tuple[str, ...], ...] = ()
    packets_open: tuple[bool, ...] = ()
    # U21 (special_hands.py): the special hand the player who went out laid down ("pairs"),
    # its cards left in that hand; "" for every other round end
    special_hand: str = ""

    # protocol.md names
    @property
    def round_over(self) -> bool:
        return self.phase in (ROUND_OVER, GAME_OVER)

    @property
    def game_over(self) -> bool:
        return self.phase == GAME_OVER

    @property
    def team(self) -> int:
        """The team of the seat to move."""
        return self.to_move % self.rules.teams

    def team_melds(self, seat: int | None = None) -> tuple[TableMeld, ...]:
        s = self.to_move if seat is None else seat
        return self.melds[s % self.rules.teams]

    def canastas(self, team: int) -> int:
        return team_canastas(self.rules, self.melds[team])

    def minimum(self, team: int) -> int:
        return self.rules.minimum_for(self.scores[team], self.round_no)

    def totals(self) -> tuple[int, ...]:
        """Team totals including every finished round."""
        if not self.round_over:
            return self.scores
        return tuple(s + r for s, r in zip(self.scores, self.history[-1], strict=True))

    def aside_of(self, team: int) -> tuple[str, ...]:
        """K10: the black 3s the team has set aside."""
        return self.black_threes_aside[team] if self.black_threes_aside else ()

    def table_cards(self) -> Counter[str]:
        """The cards every seat sees: melds, red 3s, black 3s set aside, the pile and a
        held-back pile, but for their face-down cards (Z3: `face_down_cards`)."""
        k = self.face_down
        seen: Counter[str] = Counter(self.pile[k:] if self.pile else self.pile)
        seen.update(self.pending if self.pile else self.pending[k:])
        for team in self.melds:
            for meld in team:
                seen.update(meld.cards)
        for reds in self.red_threes:
            seen.update(reds)
        for blacks in self.black_threes_aside:
            seen.update(blacks)
        return seen

    def face_down_cards(self) -> tuple[str, ...]:
        """Z3: the pile's face-down cards (or, once taken and held back, the pending
        cards' face-down ones)."""
        k = self.face_down
        return (self.pile[:k] if self.pile else self.pending[:k]) if k else ()

    def cards_in_play(self) -> Counter[str]:
        """Every card of the round: the table, the hands and the stock."""
        seen = self.table_cards()
        seen.update(self.face_down_cards())
        seen.update(self.stock)
        for hand in self.hands:
            seen.update(hand)
        for packet in self.packets:
            seen.update(packet)
        return seen

    def action_list(self) -> list[Any]:
        return chain_list(self.actions)

    def log_list(self) -> list[dict[str, Any]]:
        """The public log of the round as protocol JSON (what every player saw), built
        afresh: changing it cannot change the state or another seat's view."""
        from canasta.game.actions import action_to_json

        out: list[dict[str, Any]] = []
        for entry in chain_list(self.log):
            if isinstance(entry, tuple):
                seat, action, extra = entry
                out.append({"seat": seat, "action": action_to_json(action), **_fresh(extra)})
            else:
                out.append(_fresh(entry))
        return out


def _fresh(entry: dict[str, Any]) -> dict[str, Any]:
    """A copy of a log entry (its values are numbers, strings or lists of them)."""
    return {k: list(v) if isinstance(v, list) else v for k, v in entry.items()}


_INDEX = {name: i for i, name in enumerate(State._fields)}
_new_tuple = tuple.__new__
# Field positions, for the hot paths of play that build a state from a list of its
# fields (`built`) instead of going through `evolve`'s keyword arguments.
F_TO_MOVE, F_TO_ACT, F_PHASE, F_HANDS, F_MELDS, F_RED_THREES, F_PILE, F_STOCK = (
    _INDEX[f]
    for f in ("to_move", "to_act", "phase", "hands", "melds", "red_threes", "pile", "stock")
)
F_OPENED, F_MELDED_THIS_ROUND, F_TURN_MELDED, F_PENDING, F_TURN_POINTS, F_TURN_CARDS = (
    _INDEX[f]
    for f in ("opened", "melded_this_round", "turn_melded", "pending", "turn_points",
              "turn_cards")
)
F_LOG, F_ACTIONS = _INDEX["log"], _INDEX["actions"]
F_BLACK_THREES_ASIDE = _INDEX["black_threes_aside"]
F_FACE_DOWN = _INDEX["face_down"]
F_PACKETS, F_PACKETS_OPEN = _INDEX["packets"], _INDEX["packets_open"]
_TURN_START, _TURN_END = _INDEX["fresh"], _INDEX["turn_cards"] + 1


def built(values: list[Any]) -> State:
    """The state whose fields are `values`, in `State._fields` order."""
    new: State = _new_tuple(State, values)
    return new


def evolve(state: State, **changes: Any) -> State:
    """A copy of `state` with some fields changed (a quicker `_replace`)."""
    values = list(state)
    for name, value in changes.items():
        values[_INDEX[name]] = value
    new: State = _new_tuple(State, values)
    return new


def pass_turn(
    state: State, seat: int, hands: tuple[tuple[str, ...], ...], pile: tuple[str, ...],
    log: Chain, actions: Chain,
) -> State:
    """The state after a discard hands the turn to `seat`: its draw phase, with every
    field about the current turn reset (the hot path of play, so built directly)."""
    values = list(state)
    values[F_TO_MOVE] = values[F_TO_ACT] = seat
    values[F_PHASE] = DRAW
    values[F_HANDS] = hands
    values[F_PILE] = pile
    values[F_LOG] = log
    values[F_ACTIONS] = actions
    # fresh, turn_melded, asked, permission, pending, turn_points, turn_cards
    values[_TURN_START:_TURN_END] = (
        not state.melded_this_round[seat], False, False, None, (), 0, ())
    return built(values)
