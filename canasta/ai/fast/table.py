"""The mutable round that the fast play-out path (`canasta.ai.fast.playout`) plays on.

`Table` holds one round as counts and lists instead of immutable states: hands
by card kind, melds with their natural and wild counts (a meld of wild cards, F1,
under `WILD_KEY`), the pile with what freezes it, the stock, red 3s (and black 3s set
aside, K10), and the public memory of what each seat threw away and picked up. Its
methods are the moves themselves (draw, take the pile, meld, discard, go out) and the
round's scoring (C40-C42); with `record=True` each move is also written down as a
protocol action, so a play-out replays through `apply`. Which moves to make is the
rollout policy's business.
"""

from __future__ import annotations

import random
from functools import cache
from typing import NamedTuple

from canasta.ai.fast.scope import MAX_DECKS, Unsupported, UnsupportedRules, unmodelled
from canasta.ai.fast.scoring import OLDER, SEQUENCE_PREFIX, round_totals
from canasta.ai.judgement import NORMAL, Style, keep_score
from canasta.game.actions import DRAW, Action, Discard, Meld, TakePile
from canasta.game.cards import BLACK_THREES, RANK, RED_THREES, SORT_KEY, VALUE, WILDS
from canasta.game.state import ANSWER, PLAY, State
from canasta.game.state import DRAW as DRAW_PHASE
from canasta.mechanics.black_threes import discards_so_far
from canasta.mechanics.melds import WILD_KEY, TableMeld, table_meld, wild_room
from canasta.mechanics.pile import freezing_cards, taken_part
from canasta.mechanics.reserve import first_canasta_cards, joining, take_packet, take_reserve
from canasta.mechanics.sequences import SEQUENCE, SEQUENCE_KEY, in_run_order
from canasta.outlook.going_out import forms_own_melds
from canasta.outlook.solver import CANNOT_GO_OUT, kinds_lacking, out_shortfall
from canasta.play.scoring import special_canasta
from canasta.rules.ruleset import RuleSet

# A card's kind: its rank for naturals, "b" for a black 3, "r" for a red 3,
# "2" for a deuce and "*" for a joker.
KIND: dict[str, str] = {}
for _c in VALUE:
    if _c in BLACK_THREES:
        KIND[_c] = "b"
    elif _c in RED_THREES:
        KIND[_c] = "r"
    else:
        KIND[_c] = RANK[_c]
KIND_VALUE = {KIND[c]: VALUE[c] for c in VALUE}
SPECIAL = frozenset(("b", "r", "2", "*"))


class Memory(NamedTuple):
    """What the public log shows of each seat this round, as kinds: the ranks it
    discarded and the ranks it took with the pile (a search passes what its view
    knows; a play-out adds what happens in it)."""

    thrown: tuple[frozenset[str], ...]
    picked: tuple[frozenset[str], ...]


NO_LIMIT = 1 << 20  # the wild cards a meld of wild cards can take (F1: no C17 limit)


class _Meld:
    __slots__ = ("cards", "naturals", "wilds")

    def __init__(self) -> None:
        self.naturals = 0
        self.wilds = 0
        self.cards: list[str] = []


@cache
def natural_keep(style: Style) -> dict[str, tuple[float, ...]]:
    """The keep score of a natural kind by how many the hand holds (up to 8 decks), built
    once per style from the shared `keep_score`."""
    return {k: tuple(keep_score(n, v, False, False, False, style)
                     for n in range(4 * MAX_DECKS + 1))
            for k, v in KIND_VALUE.items() if k not in SPECIAL}


class Table:
    """One round in mutable form, from the given state, and the moves that change it."""

    def __init__(
        self, state: State, rng: random.Random, record: bool = False,
        memory: Memory | None = None, style: Style = NORMAL,
    ) -> None:
        reason = unmodelled(state.rules)
        if reason is not None:
            raise UnsupportedRules(reason)
        if state.phase not in (DRAW_PHASE, PLAY, ANSWER):
            raise Unsupported(f"cannot play out from phase {state.phase!r}")
        asking = state.phase == ANSWER or state.permission is not None
        if state.pending or (not state.opened[state.team] and (state.turn_points > 0 or asking)):
            raise Unsupported("finish the current step of the turn with the engine first")
        rules = state.rules
        self.rules: RuleSet = rules
        self.style = style  # the policy's judgements (normal's, or the strong level's)
        self.big_hand = style.big_hand  # a pair and a wild card go down from this many cards
        self.natural_keep = natural_keep(style)  # the discard's keep scores (`fast.Sim`)
        self.size = rules.canasta_size
        self.most = rules.meld_max or NO_LIMIT  # W2: the most cards a meld holds
        self.wild_most = rules.wild_meld_max or self.most  # B2: a meld of wild cards
        self.goal = rules.canastas_to_go_out
        # M8, M12: going out needs red 3s (or a canasta for each); M7, M11: the pile is
        # taken only at a size or without a rank on top; M3: a reserve joins the hand
        self.red_rule = rules.red_threes_to_go_out > 0 or rules.canastas_per_red_three
        self.first_canasta = rules.reserve_trigger == "first_canasta"  # E7
        self.pile_rule = rules.pile_min_size > 0 or rules.pile_barred_rank != ""
        self.rng = rng
        self.record = record
        self.actions: list[Action] = []
        self.players = rules.players
        self.teams = rules.teams
        self.hands: list[dict[str, list[str]]] = []
        self.sizes: list[int] = []
        for hand in state.hands:
            kinds: dict[str, list[str]] = {}
            for c in hand:
                kinds.setdefault(KIND[c], []).append(c)
            self.hands.append(kinds)
            self.sizes.append(len(hand))
        self.melds: list[dict[str, _Meld]] = []
        self.canastas: list[int] = []
        self.run_canastas: list[int] = []  # B4: the canastas of sequences among them
        self.ids: list[dict[str, int]] = []  # each meld's id, by key
        self.next_id = 1 + max((m.id for team in state.melds for m in team), default=0)
        for team_melds in state.melds:
            table: dict[str, _Meld] = {}
            ids: dict[str, int] = {}
            for m in team_melds:
                meld = _Meld()
                meld.cards = list(m.cards)
                meld.wilds = sum(1 for c in m.cards if c in WILDS)
                meld.naturals = len(m.cards) - meld.wilds
                key = "b" if m.rank == "3" else m.rank
                if m.kind == SEQUENCE:
                    key = SEQUENCE_PREFIX + str(m.id)
                elif key in table:  # S5: the newest of a rank keeps the rank's key
                    table[key + OLDER + str(ids[key])] = table[key]
                    ids[key + OLDER + str(ids[key])] = ids[key]
                table[key] = meld
                ids[key] = m.id
            self.melds.append(table)
            self.ids.append(ids)
            self.canastas.append(
                sum(1 for k, m in table.items() if k != "b" and len(m.cards) >= self.size)
            )
            self.run_canastas.append(sum(1 for k, m in table.items() if k[0] == SEQUENCE_PREFIX
                                         and len(m.cards) >= self.size))
        self.reds = [len(r) for r in state.red_threes]
        # U5: black 3s laid down too (counted among `reds`, and apart for the scoring)
        self.blacks_laid = rules.black_threes_laid
        self.laid = rules.laid_threes
        self.blacks = [sum(c in BLACK_THREES for c in r) for r in state.red_threes]
        # U15: going out ends with a discard, so a play keeps one card
        self.last_keep = 1 if rules.final_discard == "required" else 0
        # K10: black 3s taken with the pile set aside, per team; K9: discards so far
        self.aside_rule = rules.black_threes_set_aside
        self.aside = [len(state.aside_of(t)) for t in range(rules.teams)]
        self.discards = discards_so_far(state.log) if rules.black_threes_held_first_round else 0
        self.pile = list(state.pile)
        self.on_table: dict[str, int] = {}  # naturals melded, all teams, by kind
        for table in self.melds:
            for meld in table.values():
                for c in meld.cards:
                    if c not in WILDS:
                        self.on_table[KIND[c]] = self.on_table.get(KIND[c], 0) + 1
        self.freezers = frozenset(KIND[c] for c in freezing_cards(rules))  # C14
        self.pile_kinds: dict[str, int] = {}
        self.frozen_by = 0
        self._clear_pile(len(self.pile))  # (counts the pile's kinds and freezing cards)
        self.per_rank = 4 * rules.decks
        self.thrown = [set(k) for k in memory.thrown] if memory else [
            set() for _ in range(self.players)]
        self.picked = [set(k) for k in memory.picked] if memory else [
            set() for _ in range(self.players)]
        others = [[s for t, s in enumerate(state.scores) if t != team]
                  for team in range(self.teams)]
        self.lead = [state.scores[t] - max(o) if o else 0 for t, o in enumerate(others)]
        self.stock = list(reversed(state.stock))  # top last, so pop() draws
        self.opened = list(state.opened)
        self.melded = list(state.melded_this_round)
        self.scores = state.scores
        self.to_move = state.to_move
        self.phase = state.phase
        self.answerer = state.to_act
        self.permission = state.permission  # the partner's answer, this turn only
        self.fresh = state.fresh
        self.turn_cards: list[str] = list(state.turn_cards)
        self.turn_melded = state.turn_melded
        self.went_out: int | None = None
        self.concealed = False
        self.round_no = state.round_no  # HF9: the minimum by round
        # HF2, PH4: each seat's packet dealt face down ([] once joined): HF8's foot joins
        # a used-up hand, PH4's packet the hand of a player who completes a canasta
        self.packets = [list(p) for p in state.packets]
        self.foot = rules.reserve_trigger == "hand_empty"
        self.packets_open = list(state.packets_open)  # R13: opened, taken with a discard
        self.completed = False  # a canasta completed by the play under way (PH4, R13)
        self.unmixed = False  # (R13: one that is not mixed)
        self.ended = False  # R18: a player held only 7s he may not discard
        # R17: the kinds of canasta a side lacks to go out (None: to be worked out)
        self.kinds_rule = bool(rules.out_natural or rules.out_mixed or rules.out_wild
                               or rules.out_sevens)
        self._lacking: list[list[str] | None] = [None] * self.teams

    def minimum(self, team: int) -> int:
        """C25 (HF9: by round): the team's initial-meld minimum."""
        return self.rules.minimum_for(self.scores[team], self.round_no)

    def lacking(self, team: int) -> list[str]:
        """R17: the kinds of canasta the team lacks to go out (`solver.kinds_lacking`)."""
        if not self.kinds_rule:
            return []
        known = self._lacking[team]
        if known is None:  # (only the canastas count: `solver.out_kind`)
            known = self._lacking[team] = kinds_lacking(self.rules,
                                                        self._table_melds(team, self.size))
        return known

    def packet_waiting(self, seat: int) -> bool:
        """HF8, PH4 (`reserve.packet_waiting`): the player's packet has not joined his
        hand, and will join it at once (no way out is planned for him; R13's kitty,
        taken with a discard, may be left)."""
        return (bool(self.packets) and not self.rules.reserve_with_discard
                and bool(self.packets[seat]))

    def foot_waiting(self, seat: int) -> bool:
        """HF8: the player's foot waits for his hand to be used up."""
        return self.foot and self.packet_waiting(seat)

    def _packet_joins(self, seat: int) -> None:
        """After a play: HF8, a used-up hand takes up its foot; PH4, a player whose play
        completed a canasta takes up his packet (its red 3s laid down and replaced)."""
        completed, self.completed = self.completed, False
        if self.rules.reserve_with_discard:  # R13: the kitty opens, to take with a discard
            unmixed, self.unmixed = self.unmixed, False
            if self.packets and self.packets[seat] and (
                    unmixed if self.rules.reserve_trigger == "own_unmixed_canasta"
                    else completed):
                self.packets_open[seat] = True
            return
        if not self.packet_waiting(seat) or (
                self.sizes[seat] if self.foot else not completed):
            return
        self._take_packet(seat)

    def _take_packet(self, seat: int) -> None:
        joined, reds, left = take_packet(self.rules, tuple(self.packets[seat]),
                                         tuple(reversed(self.stock)))
        self.packets[seat] = []
        self.packets_open[seat] = True
        self._join(seat, joined, reds, left)

    def taken(self) -> list[str]:
        """C13 (HF7): the cards a take of the pile gets, its top card last."""
        return list(taken_part(self.rules, tuple(self.pile)))

    def goal_of(self, team: int) -> int:
        """The canastas `team` needs to go out, its red 3s counted (M8, M12); B4: more
        than any side makes while it lacks its canasta of a sequence (the policy then
        keeps two cards; the solver finds the ways out that complete one)."""
        goal = self.goal
        if not self.rules.going_out:
            return CANNOT_GO_OUT  # E4: nobody goes out
        if self.red_rule:
            goal += out_shortfall(self.rules, self.reds[team])
        if self.kinds_rule and self.lacking(team):
            goal += CANNOT_GO_OUT  # R17: no way out is planned while a kind is lacking
        if self.rules.sequence_canastas_to_go_out and (
                self.rules.sequence_canastas_to_go_out > self.runs(team)):
            goal += CANNOT_GO_OUT
        if not self.rules.wild_canastas_count_out:
            goal += self.wild_canastas(team)  # Z7: those do not count
        return goal

    def wild_canastas(self, team: int) -> int:
        """Z7: the team's canastas of wild cards."""
        meld = self.melds[team].get(WILD_KEY)
        return 1 if meld is not None and len(meld.cards) >= self.size else 0

    def runs(self, team: int) -> int:
        """B4: the team's canastas of sequences."""
        return self.run_canastas[team]

    def _open(self, seat: int) -> None:
        """The team's initial meld is complete (C25); the player takes the reserve
        from the stock where the rules give one (M3: red 3s laid down and replaced)."""
        team = seat % self.teams
        first = not any(self.opened)
        self.opened[team] = True
        self._take_bonus(seat, joining(self.rules, False, len(self.stock), first))

    def _take_bonus(self, seat: int, count: int) -> None:
        """M3, E7: `count` stock cards join the player's hand (3s laid down, replaced)."""
        if not count:
            return
        # (the engine's stock is top first; this one top last)
        joined, reds, left = take_reserve(self.rules, tuple(reversed(self.stock)), count)
        self._join(seat, joined, reds, left)

    def _join(self, seat: int, joined: tuple[str, ...], reds: tuple[str, ...],
              left: tuple[str, ...]) -> None:
        """Cards joining the hand (`reserve.take_packet`'s result): `left` the engine's
        stock after, top first; `reds` the 3s laid down."""
        team = seat % self.teams
        self.stock = list(reversed(left))
        self.reds[team] += len(reds)
        self.blacks[team] += sum(c in BLACK_THREES for c in reds)
        for card in joined:
            self._give(seat, card)

    def _take(self, seat: int, kind: str, n: int = 1) -> list[str]:
        cards = self.hands[seat][kind]
        taken = cards[-n:]
        del cards[-n:]
        if not cards:
            del self.hands[seat][kind]
        self.sizes[seat] -= n
        return taken

    def _take_cards(self, seat: int, cards: list[str]) -> None:
        hand = self.hands[seat]
        for c in cards:
            kind = KIND[c]
            held = hand[kind]
            if held[-1] == c:
                held.pop()
            else:
                held.remove(c)
            if not held:
                del hand[kind]
        self.sizes[seat] -= len(cards)

    def _give(self, seat: int, card: str) -> None:
        self.hands[seat].setdefault(KIND[card], []).append(card)
        self.sizes[seat] += 1

    def _pile_frozen(self, below_top: bool = True) -> bool:
        """C14: a freezing card in the pile (below the top, or anywhere: after the
        next discard, the whole pile lies below the top)."""
        n = self.frozen_by
        if below_top and n and KIND[self.pile[-1]] in self.freezers:
            n -= 1
        return n > 0

    def _clear_pile(self, left: int = 0) -> None:
        """The pile after a take: empty, or (HF7) its `left` bottom cards; its counts of
        kinds and of freezing cards (C14) redone."""
        self.pile = self.pile[:left]
        self.pile_kinds = {}
        for c in self.pile:
            self.pile_kinds[KIND[c]] = self.pile_kinds.get(KIND[c], 0) + 1
        self.frozen_by = sum(n for k, n in self.pile_kinds.items() if k in self.freezers)

    def _lay(self, seat: int, kind: str, cards: list[str]) -> None:
        """Put cards on the team's meld of `kind` (creating it)."""
        team = seat % self.teams
        table = self.melds[team]
        meld = table.get(kind)
        if meld is None:
            meld = table[kind] = _Meld()
            self.ids[team][kind] = self.next_id
            self.next_id += 1
        before = len(meld.cards)
        naturals = 0
        for c in cards:
            if c in WILDS:
                meld.wilds += 1
            else:
                naturals += 1
        meld.naturals += naturals
        if kind[0] == SEQUENCE_PREFIX:
            for c in cards:
                self.on_table[KIND[c]] = self.on_table.get(KIND[c], 0) + 1
        else:
            self.on_table[kind] = self.on_table.get(kind, 0) + naturals
        meld.cards.extend(cards)
        size = self.size
        if len(meld.cards) >= size:
            self._lacking[team] = None  # R17: a kind of canasta made (or changed)
        if kind != "b" and before < size <= len(meld.cards):
            self.canastas[team] += 1
            if kind[0] == SEQUENCE_PREFIX:
                self.run_canastas[team] += 1
            self.completed = True
            self.unmixed = self.unmixed or not (meld.wilds and meld.naturals)
            if self.first_canasta and sum(self.canastas) == 1:  # E7: the round's first
                self._take_bonus(seat, first_canasta_cards(self.rules, 0, 1,
                                                           len(self.stock)))
        self.turn_cards.extend(cards)
        self.turn_melded = True
        self.melded[seat] = True

    def _room(self, kind: str, meld: _Meld | None, add_naturals: int = 0,
              opening: bool = False) -> int:
        """C17, C19: the wild cards the team's meld of `kind` (with `add_naturals` more)
        can take (U7, U8: none on 7s and aces, but aces in an initial meld, `opening`);
        any number on the meld of wild cards (F1)."""
        if kind == WILD_KEY:
            return self.wild_most - (len(meld.cards) if meld else 0)
        nat = (meld.naturals if meld else 0) + add_naturals
        return wild_room(self.rules, nat, meld.wilds if meld else 0, kind, opening)

    def space(self, meld: _Meld | None) -> int:
        """W2: the cards a meld (None: one not started) may still take."""
        return self.most - (len(meld.cards) if meld else 0)

    def _wild_cards(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        if self.rules.twos_melds:
            meld = self.melds[seat % self.teams].get(WILD_KEY)
            if meld is not None and len(meld.cards) < self.size:
                return list(hand.get("*", []))  # Z6: the 2s are wild nowhere else
        return hand.get("2", []) + hand.get("*", [])

    def _begin_turn(self) -> bool:
        """C5: lay down dealt red 3s with replacements. False if the stock ran dry."""
        seat = self.to_move
        self.fresh = not self.melded[seat]
        self.turn_cards = []
        self.turn_melded = False
        hand = self.hands[seat]
        team = seat % self.teams
        while "r" in hand or (self.blacks_laid and "b" in hand):  # (U5: black 3s too)
            kind = "r" if "r" in hand else "b"
            self._take(seat, kind)
            self.reds[team] += 1
            self.blacks[team] += kind == "b"
            if self.stock:
                self._give(seat, self.stock.pop())
        return bool(self.stock)

    def _draw(self) -> None:
        seat = self.to_move
        if self.record:
            self.actions.append(DRAW)
        for _ in range(self.rules.draw_count):
            if not self.stock:
                break
            card = self.stock.pop()
            while card in self.laid:  # (U5: black 3s too)
                self.reds[seat % self.teams] += 1
                self.blacks[seat % self.teams] += card in BLACK_THREES
                if not self.stock:
                    break
                card = self.stock.pop()
            else:
                self._give(seat, card)

    def _take_pile(self, top: str, with_cards: list[str], new: bool = False) -> None:
        """C13 (S5: `new`, a new meld of the rank beside its canasta)."""
        seat = self.to_move
        team = seat % self.teams
        if self.record:
            self.actions.append(TakePile(tuple(sorted(with_cards, key=card_order)), None, new))
        if new:
            self._new_group(team, KIND[top])
        self._take_cards(seat, with_cards)
        self._lay(seat, KIND[top], [top, *with_cards])
        taken = self.taken()
        below = taken[:-1]
        self._clear_pile(len(self.pile) - len(taken))
        picked = self.picked[seat]
        picked.add(KIND[top])
        for c in below:
            if c in RED_THREES:
                self.reds[team] += 1  # C20: no replacement
            elif self.aside_rule and c in BLACK_THREES:
                self.aside[team] += 1  # K10
            else:
                self._give(seat, c)
                picked.add(KIND[c])
        self._packet_joins(seat)

    def _meld_from_hand(self, seat: int, kind: str, cards: list[str]) -> None:
        if self.record:
            # Wild cards alone name the meld they join; none for the meld of wild cards.
            rank = kind if kind != WILD_KEY and all(c in WILDS for c in cards) else None
            self.actions.append(Meld(tuple(sorted(cards, key=card_order)), rank))
        self._take_cards(seat, cards)
        self._lay(seat, kind, cards)
        self._packet_joins(seat)

    def _play_meld(self, seat: int, action: Meld) -> None:
        """A meld the solver planned (a way out), which may start or grow a sequence
        (S6), start a new meld of a rank (S5) or name a meld by its id."""
        team = seat % self.teams
        naturals = [c for c in action.cards if c not in WILDS]
        if action.onto is not None:
            kind = next(k for k, i in self.ids[team].items() if i == action.onto)
        elif len({KIND[c] for c in naturals}) > 1:
            kind = SEQUENCE_PREFIX + str(self.next_id)  # (`_lay` gives it that id)
        elif naturals and naturals[0] in BLACK_THREES:
            kind = "b"
        else:
            kind = KIND[naturals[0]] if naturals else action.rank or WILD_KEY
            if action.new:
                self._new_group(team, kind)
        if self.record:
            self.actions.append(action)
        self._take_cards(seat, list(action.cards))
        self._lay(seat, kind, list(action.cards))
        self._packet_joins(seat)

    def _new_group(self, team: int, kind: str) -> None:
        """S5: the team's meld of `kind` so far becomes an older one (keyed apart), so
        the next cards of the rank start a new meld."""
        table, ids = self.melds[team], self.ids[team]
        older = kind + OLDER + str(ids[kind])
        table[older], ids[older] = table.pop(kind), ids.pop(kind)

    def _table_melds(self, team: int, least: int = 0) -> tuple[TableMeld, ...]:
        """The team's melds (of `least` cards or more) as the engine's `TableMeld`s."""
        ids = self.ids[team]
        out = []
        for k, m in self.melds[team].items():
            if len(m.cards) < least:
                continue
            rank = ("3" if k == "b" else SEQUENCE_KEY if k[0] == SEQUENCE_PREFIX
                    else k.split(OLDER)[0])
            cards = in_run_order(m.cards) if rank == SEQUENCE_KEY else tuple(m.cards)
            out.append(table_meld(rank, cards, ids[k]))
        out.sort(key=lambda m: m.id)  # (`find_meld`: the newest of a rank last)
        return tuple(out)

    def _went_out(self, seat: int) -> None:
        self.went_out = seat
        self.concealed = self.fresh and forms_own_melds(self.rules, tuple(self.turn_cards))

    def _discard_card(self, card: str) -> None:
        """The discard (R13: taking the opened kitty with it, as every level does, but
        with the last card)."""
        seat = self.to_move
        kitty = (self.rules.reserve_with_discard and self.sizes[seat] > 1
                 and bool(self.packets) and self.packets_open[seat] and bool(self.packets[seat]))
        if self.record:
            self.actions.append(Discard(card, kitty))
        self._take_cards(seat, [card])
        kind = KIND[card]
        self.pile.append(card)
        self.pile_kinds[kind] = self.pile_kinds.get(kind, 0) + 1
        self.thrown[seat].add(kind)
        self.discards += 1
        if kind in self.freezers:
            self.frozen_by += 1
        if kitty:
            self._take_packet(seat)
        else:
            self._packet_joins(seat)  # HF8: the foot joins with the discard

    def _special(self, team: int) -> bool:
        """E8: whether the team's six red 3s may score their total."""
        return not self.rules.all_red_threes_special or special_canasta(
            self.rules, self._table_melds(team))

    def result(self) -> list[int]:
        """C40-C42: each team's total for the round (`fast_scoring.round_totals`)."""
        return round_totals(self)


def card_order(card: str) -> tuple[int, int]:
    return SORT_KEY[card]
