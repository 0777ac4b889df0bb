"""The rollout policy's melding (`canasta.ai.fast.playout`'s play-outs): what a player lays
down after drawing, by the normal player's judgements (`canasta.ai.judgement`): lay off
naturals, meld triples, push melds toward a canasta with wild cards, build a meld of wild
cards only when the hand can finish it (F1), save wild cards for the wild canasta the
side lacks (R17), start a meld beside a closed canasta (S5), lay and grow natural
sequences keeping the cards that could grow Bolivia's escalera (S6, B4) and meld a whole
hand into the foot (HF8). Every meld it makes is legal (C17-C19, C31), so the play-outs replay
through `apply` (tests/ai/test_fast_playout.py)."""

from __future__ import annotations

from functools import lru_cache

from canasta.ai.fast.scoring import OLDER, SEQUENCE_PREFIX, sevens_canasta
from canasta.ai.fast.table import KIND, SPECIAL, Table, card_order
from canasta.ai.judgement import build_wild_meld, pure_meld_worth_starting, start_wild_meld
from canasta.ai.run_plan import keepers_of, run_spans
from canasta.game.actions import Meld
from canasta.mechanics.melds import WILD_KEY, valid_shapes
from canasta.mechanics.sequences import POSITION, RUN_ORDER, run_limit, run_span


def ranks_by_suit(hand: dict[str, list[str]]) -> dict[str, set[str]]:
    """S6: the ranks of each suit among a hand's natural cards (by kind, `Table.hands`)."""
    ranks_of: dict[str, set[str]] = {}
    for kind, cards in hand.items():
        if kind not in SPECIAL:
            for c in cards:
                ranks_of.setdefault(c[1], set()).add(kind)
    return ranks_of


def run_places(ranks: set[str], width: int, least: int) -> int:
    """S6: the places of `RUN_ORDER` (bit i for place i) inside a window of `width`
    consecutive places that holds at least `least` of `ranks`: a new sequence of
    `least` naturals or more with at most `width - least` wild cards in its gaps lies in
    such a window (any window of that width around a card of it, inside it or holding
    it, has `least` of its naturals)."""
    held = 0
    for r in ranks:
        place = POSITION.get(r)
        if place is not None:
            held |= 1 << place
    return _windows(held, width, least)


@lru_cache(maxsize=4096)
def _windows(held: int, width: int, least: int) -> int:
    full = (1 << width) - 1
    covered = 0
    for start in range(max(1, len(RUN_ORDER) - width + 1)):
        if ((held >> start) & full).bit_count() >= least:
            covered |= full << start
    return covered


def _suit_masks(hand: dict[str, list[str]]) -> dict[str, int]:
    """S6: each suit's natural ranks in a hand (by kind, `Table.hands`) as bits of their
    places in `RUN_ORDER`."""
    masks: dict[str, int] = {}
    for kind, cards in hand.items():
        place = POSITION.get(kind)
        if place is not None:
            bit = 1 << place
            for c in cards:
                masks[c[1]] = masks.get(c[1], 0) | bit
    return masks


class Melder(Table):
    """The melds of the rollout policy, on a `Table`."""

    def sevens_barred(self) -> bool:
        """R16 (`discards.sevens_free`): no 7 is discarded until every side has a canasta
        of 7s."""
        return self.rules.sevens_held and not all(
            sevens_canasta(self, t) for t in range(self.teams))

    def keeps_discard(self, seat: int, n: int, sevens_used: int = 0) -> bool:
        """R18 (`meld_checks`' look-ahead, `discards.stuck`): a play of `n` cards from the
        hand (`sevens_used` of them natural 7s) leaves nothing, or a card that may be
        discarded (not only 7s held back: R16, or a last 7: R17)."""
        rules = self.rules
        if not (rules.sevens_held or rules.last_discard_not_seven):
            return True
        left = self.sizes[seat] - n
        sevens = len(self.hands[seat].get("7", ())) - sevens_used
        if left <= 0 or sevens < left:
            return True
        return not (self.sevens_barred() or (left == 1 and rules.last_discard_not_seven))

    def _beside(self, team: int, kind: str) -> bool:
        """S5 (HF4): may the team start another meld of `kind` beside its canasta of it
        (`melds.new_group_problem`: every meld of the rank a canasta, fewer than
        `groups_per_rank`)?"""
        most = self.rules.groups_per_rank
        meld = self.melds[team].get(kind)
        if most <= 1 or meld is None or len(meld.cards) < self.size or kind in SPECIAL:
            return False
        older = kind + OLDER
        return 1 + sum(1 for k in self.melds[team] if k.startswith(older)) < most

    def _canastas_within_reach(self, seat: int, wilds: int) -> int:
        """An upper bound on the canastas this hand could complete this turn."""
        size = self.size
        hand = self.hands[seat]
        table = self.melds[seat % self.teams]
        reach = 0
        for kind, meld in table.items():
            have = len(meld.cards)
            if kind != "b" and have < size <= have + len(hand.get(kind, ())) + wilds:
                reach += 1
        for kind, cards in hand.items():
            if kind not in SPECIAL and kind not in table and len(cards) + wilds >= size:
                reach += 1
        return reach

    def _out_of_reach(self, seat: int, missing: int, runs_missing: int, wilds: int,
                      ranks_of: dict[str, set[str]]) -> bool:
        """S6's sequence games, where the bounds of `fast._go_out` for groups do not hold:
        whether this turn cannot complete the `missing` canastas a way out still needs,
        `runs_missing` of them sequences (B4). A canasta is one meld: one of the team's
        melds short of a canasta with the hand's cards that fit it (its rank, or naturals
        of its suit for a sequence) and every wild card held, or a new meld from the hand
        alone (a sequence: where `size` places in a row of its suit could be filled,
        `run_places`). A bound only (the wild cards held counted for every meld, up to
        N3's limit for sequences): `go_out_plan` decides. `wilds`: the wild cards held; `ranks_of`:
        `ranks_by_suit` of the hand."""
        size = self.size
        hand = self.hands[seat]
        run_wilds = min(wilds, self.rules.sequence_wilds)  # N3
        spare = wilds if self.rules.sequence_wilds else 0  # (N3: per sequence)
        runs = 0
        for suit, ranks in ranks_of.items():  # a new sequence: `size` places in a row
            if run_places(ranks, size, size - run_wilds):
                naturals = sum(1 for kind, cards in hand.items() if kind not in SPECIAL
                               for c in cards if c[1] == suit)
                runs += (naturals + spare) // size
        groups = sum((len(cards) + wilds) // size for kind, cards in hand.items()
                     if kind not in SPECIAL) + wilds // size
        for key, meld in self.melds[seat % self.teams].items():
            have = len(meld.cards)
            if key == "b" or have >= size:
                continue
            if key[0] == SEQUENCE_PREFIX:
                suit = next((c[1] for c in meld.cards if KIND[c] not in SPECIAL), "")
                runs += have + len(ranks_of.get(suit, ())) + run_wilds >= size
            elif key == WILD_KEY:
                groups += have + wilds >= size
            else:
                groups += have + len(hand.get(key[0], ())) + wilds >= size
        return runs < runs_missing or runs + groups < missing

    def _loose_naturals(self, seat: int, wilds: int, ranks_of: dict[str, set[str]]) -> int:
        """S6's sequence games: the natural cards of the hand no meld of this turn could
        take, which only the one discard can leave (a bound: `go_out_plan` decides). A
        card could join a group if the team has one of its rank with room (W2), or the
        hand holds three of it (two and a wild card where C19 and U7 allow); a sequence if
        the team has one of its suit with room (S7), or it lies in a window of the hand's
        ranks of its suit that could hold a new one (`run_places`; `ranks_of`:
        `ranks_by_suit` of the hand; `wilds`: the wild cards held)."""
        hand = self.hands[seat]
        table = self.melds[seat % self.teams]
        rules = self.rules
        most = run_limit(rules, True)
        run_suits = {c[1] for key, meld in table.items() if key[0] == SEQUENCE_PREFIX
                     and len(meld.cards) < most
                     for c in meld.cards if KIND[c] not in SPECIAL}
        least = max(2, rules.wilds_from_naturals)  # C19; U7: naturals before a wild card
        width = rules.sequence_min + min(wilds, rules.sequence_wilds)  # N3
        runnable: dict[str, int] = {}
        loose = 0
        for kind, cards in hand.items():
            n = len(cards)
            if kind in SPECIAL or n >= 3 or (n >= least and n + wilds >= 3):
                continue
            meld = table.get(kind)
            if meld is not None and self.space(meld) > 0:
                continue
            place = POSITION.get(kind)
            for c in cards:
                suit = c[1]
                if suit in run_suits:
                    continue
                if suit not in runnable:
                    runnable[suit] = run_places(ranks_of[suit], width, rules.sequence_min)
                if place is None or not runnable[suit] >> place & 1:
                    loose += 1
        return loose

    def _meld_more(self, seat: int, out: bool) -> None:
        """Lay off naturals, meld triples, push melds toward a canasta with wilds;
        with a big hand, meld pairs with a wild card; once the team can go out (and
        wants to), lay the wild cards down too. Unless going out, keep two cards."""
        team = seat % self.teams
        table = self.melds[team]
        hand = self.hands[seat]
        goal = self.goal_of(team) if out else 1 << 20
        if self.rules.black_threes_anytime and "b" not in table and len(hand.get("b", ())) >= 3:
            n = min(4, len(hand["b"]))  # E5: the side's set of black 3s, two cards kept
            if self.sizes[seat] - n >= 2 and self.keeps_discard(seat, n):
                self._meld_from_hand(seat, "b", list(hand["b"][-n:]))
        keepers: frozenset[str] = frozenset()
        if self.rules.sequence_min:
            self._meld_runs(seat, goal)
            keepers = self._escalera_keepers(team, hand)
        for kind in list(hand):
            if kind in SPECIAL:
                continue
            cards = hand[kind]
            meld = table.get(kind)
            if keepers and not (meld is not None and self.space(meld) and len(meld.cards)
                                < self.size <= len(meld.cards) + len(cards)):
                cards = [c for c in cards if c not in keepers]  # B4: as normal keeps them
            n = len(cards)
            new = n >= 3 and not self.space(meld) and self._beside(team, kind)  # S5
            if new:
                meld = None
            n = min(n, self.space(meld))  # W2
            if n <= 0 or (meld is None and n < 3):
                continue
            n = self._room_to_lay(seat, n, len(meld.cards) if meld else 0, goal)
            if n <= 0 or (meld is None and n < 3):
                continue
            if (meld is None and kind in self.rules.pure_ranks
                    and self.rules.unfinished_pure_penalty):
                unseen = (self.per_rank - len(cards) - self.pile_kinds.get(kind, 0)
                          - self.on_table.get(kind, 0))
                if not pure_meld_worth_starting(n, unseen, self.size):
                    continue  # U17: as normal judges a meld of 7s or aces
            if not self.keeps_discard(seat, n, n if kind == "7" else 0):
                continue  # R18: not down to 7s that may not be discarded
            if new:
                self._play_meld(seat, Meld(tuple(sorted(cards[-n:], key=card_order)), None,
                                           None, True))
            else:
                self._meld_from_hand(seat, kind, list(cards[-n:]))
        if "2" not in hand and "*" not in hand:
            return
        if self.rules.wild_meld_min and not self.rules.twos_melds:  # (Z5: never a meld
            self._meld_of_wilds(seat, goal)  # of 2s of its own; the solver's ways may)
        lacking = self.lacking(team)
        if "wild" in lacking and "mixed" not in lacking:
            return  # R17: wild cards saved for the canasta of them the side lacks
        wild_cards = self._wild_cards(seat)
        for kind, meld in table.items():
            if kind == "b" or not wild_cards or kind[0] == SEQUENCE_PREFIX or OLDER in kind:
                continue  # (nor on sequences, S6, nor on an older meld of a rank, S5)
            size = len(meld.cards)
            if size >= self.size or size < self.size - 2:
                continue
            gap = self.size - size
            if gap > self._room(kind, meld) or gap > len(wild_cards):
                continue
            if ((self.sizes[seat] - gap < 2 and self.canastas[team] + 1 < goal)
                    or self.sizes[seat] - gap < self.last_keep
                    or not self.keeps_discard(seat, gap)):
                continue
            give = [wild_cards.pop() for _ in range(gap)]
            self._meld_from_hand(seat, kind, give)
        dumping = self.canastas[team] >= self.goal_of(team)
        if wild_cards and (dumping or self.sizes[seat] >= self.big_hand) and "wild" not in lacking:
            keep = 0 if dumping and out else 2
            self._meld_wilds(seat, wild_cards, dumping, max(keep, self.last_keep))

    def _meld_runs(self, seat: int, goal: int) -> None:
        """S6, S7: as the normal player lays sequences (N3's wild cards: `_wild_runs`): grow the
        team's open sequences at either end with the hand's naturals of their suit, then
        start one from `sequence_min` or more naturals of a suit in unbroken order, up to
        `sequence_max` (a way out that grows one past it, BR6, is the solver's), as much
        as `_room_to_lay` allows (`goal`: the canastas to go out)."""
        rules = self.rules
        team = seat % self.teams
        table = self.melds[team]
        hand = self.hands[seat]
        limit = rules.sequence_max
        masks = _suit_masks(hand)
        if not masks:
            return
        for key, meld in list(table.items()):
            if key[0] != SEQUENCE_PREFIX or len(meld.cards) >= limit:
                continue
            span = run_span(tuple(meld.cards))
            if span is None:
                continue
            held = masks.get(span.suit, 0)
            low, high = span.low, span.high
            add: list[str] = []
            while len(meld.cards) + len(add) < limit:
                if held >> (high + 1) & 1:  # (no bit past the ace)
                    high += 1
                    add.append(RUN_ORDER[high] + span.suit)
                elif low > 0 and held >> (low - 1) & 1:
                    low -= 1
                    add.append(RUN_ORDER[low] + span.suit)
                else:
                    break
            if not add:
                continue
            add = add[:self._room_to_lay(seat, len(add), len(meld.cards), goal)]
            if add and self.keeps_discard(seat, len(add)):
                self._play_meld(seat, Meld(tuple(sorted(add, key=card_order)),
                                           onto=self.ids[team][key]))
                masks = _suit_masks(hand)
        if rules.sequence_wilds:
            masks = self._wild_runs(seat, goal, masks)
        least = rules.sequence_min
        for suit, held in masks.items():
            row = held
            for i in range(1, least):
                row &= held >> i
            if not row:
                continue  # no `least` ranks of the suit in a row
            place = 0
            while held >> place:
                if not held >> place & 1:
                    place += 1
                    continue
                end = place
                while held >> (end + 1) & 1:
                    end += 1
                n = min(end - place + 1, limit)
                if n >= least:
                    n = self._room_to_lay(seat, n, 0, goal)
                if n >= least and self.keeps_discard(seat, n):
                    cards = [RUN_ORDER[p] + suit for p in range(place, place + n)]
                    self._play_meld(seat, Meld(tuple(sorted(cards, key=card_order))))
                place = end + 1

    def _wild_runs(self, seat: int, goal: int, masks: dict[str, int]) -> dict[str, int]:
        """N3, as normal lays wild cards in sequences (`heuristic._sequence_score` scores a
        sequence play whatever it holds, above groups): a wild card onto each of the
        team's open sequences that has none yet (at least `sequence_min` naturals, room
        at an end), then new sequences of `sequence_min` naturals with one gap a wild card
        fills. The hand's masks after them."""
        rules = self.rules
        team = seat % self.teams
        hand = self.hands[seat]
        limit = rules.sequence_max
        for key, meld in list(self.melds[team].items()):
            wilds = self._wild_cards(seat)
            if not wilds:
                return masks
            if (key[0] != SEQUENCE_PREFIX or len(meld.cards) >= limit
                    or meld.wilds >= rules.sequence_wilds or meld.naturals < rules.sequence_min):
                continue
            span = run_span(tuple(meld.cards))
            if span is None or span.high - span.low + 1 >= len(RUN_ORDER):
                continue  # (no place left for a wild card)
            if self._room_to_lay(seat, 1, len(meld.cards), goal) == 1 and self.keeps_discard(
                    seat, 1):
                self._play_meld(seat, Meld((min(wilds),), onto=self.ids[team][key]))
        least = rules.sequence_min
        width = least + 1
        for suit, held in list(masks.items()):
            place = 0
            while place + width <= len(RUN_ORDER):
                wilds = self._wild_cards(seat)
                if not wilds:
                    return masks
                window = (held >> place) & ((1 << width) - 1)
                # `least` naturals in `width` places, the gap inside (both ends held)
                if window.bit_count() == least and window & 1 and window >> (width - 1) & 1:
                    n = self._room_to_lay(seat, width, 0, goal)
                    if n == width and self.keeps_discard(seat, width):
                        cards = [RUN_ORDER[p] + suit for p in range(place, place + width)
                                 if held >> p & 1]
                        self._play_meld(seat, Meld((*sorted(cards, key=card_order),
                                                    min(wilds))))
                        masks = _suit_masks(hand)
                        held = masks.get(suit, 0)
                        place += width
                        continue
                place += 1
        return masks

    def _escalera_keepers(self, team: int, hand: dict[str, list[str]]) -> frozenset[str]:
        """B4: while the team lacks the canasta of a sequence it needs to go out, the
        naturals of `hand` that could grow one (`run_plan.run_keepers`, as normal keeps
        them out of groups that do not complete a canasta)."""
        if self.rules.sequence_canastas_to_go_out <= self.runs(team):
            return frozenset()
        runs = [m.cards for k, m in self.melds[team].items()
                if k[0] == SEQUENCE_PREFIX and len(m.cards) < self.size]
        return keepers_of(_suit_masks(hand), run_spans(runs), self.size)

    def _room_to_lay(self, seat: int, n: int, before: int, goal: int) -> int:
        """How many of `n` cards onto a meld of `before` cards (0: a new one) the player
        may lay: one kept for the discard (U15), two unless the canastas then reach the
        team's `goal` (C31) or the hand empties for its foot (HF8)."""
        n = min(n, self.sizes[seat] - self.last_keep)
        made = 1 if before < self.size <= before + n else 0
        if self.sizes[seat] - n < 2 and self.canastas[seat % self.teams] + made < goal and not (
                self.sizes[seat] == n and self.foot_waiting(seat)):
            n = self.sizes[seat] - 2
        return n

    def _into_foot(self, seat: int) -> None:
        """HF8: meld the whole hand where every card fits, so the foot joins: naturals on
        the team's melds with room or three or more of a rank, wild cards on the meld of
        wild cards or (where the side does not save them, R17) on melds with room for
        them. Each play but the last keeps two cards (C31), so the last is of two or more
        cards (or the hand's only one)."""
        team = seat % self.teams
        table = self.melds[team]
        hand = self.hands[seat]
        wild_cards = self._wild_cards(seat)
        held_wild = len(hand.get("2", ())) + len(hand.get("*", ()))
        if not self.foot_waiting(seat) or not self.opened[team]:
            return
        if self.rules.sevens_held or self.rules.last_discard_not_seven:
            return  # (R18's look-ahead for each step is not made here)
        if len(wild_cards) < held_wild:
            return  # (Z6: 2s that are wild nowhere else)
        plays: dict[str, list[str]] = {}
        new: set[str] = set()
        room: dict[str, int] = {}
        for kind, cards in hand.items():
            if kind in ("2", "*"):
                continue
            meld = table.get(kind)
            if kind in SPECIAL or (meld is None and len(cards) < 3):
                return
            if self.space(meld) < len(cards):
                if len(cards) < 3 or not self._beside(team, kind):
                    return
                meld = None
                new.add(kind)
            plays[kind] = list(cards)
            room[kind] = min(self._room(kind, meld, len(cards)),
                             self.space(meld) - len(cards))
        wilds = list(wild_cards)
        into_wild: list[str] = []
        if wilds and self.rules.wild_meld_min and not self.rules.twos_melds:
            wmeld = table.get(WILD_KEY)
            if (wmeld is not None or len(wilds) >= self.rules.wild_meld_min) and (
                    self._room(WILD_KEY, wmeld) >= len(wilds)):
                into_wild, wilds = wilds, []
        if wilds:
            if "wild" in self.lacking(team):
                return  # R17: saved for the canasta of them
            for kind, meld in table.items():
                if (kind not in plays and kind not in SPECIAL and kind != WILD_KEY
                        and kind[0] != SEQUENCE_PREFIX and OLDER not in kind):
                    room[kind] = min(self._room(kind, meld), self.space(meld))
            for kind, n in room.items():
                give = min(n, len(wilds))
                if give > 0:
                    plays.setdefault(kind, []).extend(wilds.pop() for _ in range(give))
            if wilds:
                return
        steps = list(plays.items())
        if into_wild:
            steps.append((WILD_KEY, into_wild))
        steps.sort(key=lambda step: len(step[1]))
        if len(steps) > 1 and len(steps[-1][1]) < 2:
            return  # C31: the play before the last would keep one card
        steps.reverse()
        steps.append(steps.pop(0))  # the largest play last
        for kind, cards in steps:
            if kind in new:
                self._play_meld(seat, Meld(tuple(sorted(cards, key=card_order)), None, None,
                                           True))
            else:
                self._meld_from_hand(seat, kind, cards)

    def _meld_of_wilds(self, seat: int, goal: int) -> None:
        """F1: the team's meld of wild cards, as the normal player judges it: started
        with most of a canasta in hand, built while the hand can finish it (completing
        it at once where it can). Unless going out, two cards stay in hand."""
        team = seat % self.teams
        rules = self.rules
        meld = self.melds[team].get(WILD_KEY)
        wild_cards = self._wild_cards(seat)
        held = len(wild_cards)
        size = self.size
        have = len(meld.cards) if meld else 0
        needed = "wild" in self.lacking(team)  # R17: started and built with any wild card
        if meld is None:
            if not (needed and held >= rules.wild_meld_min) and not start_wild_meld(
                    rules.wild_canasta_bonus, rules.mixed_canasta_bonus, held,
                    rules.wild_meld_min, size):
                return
            n = min(held, self.wild_most)  # W2, B2
        elif have >= size or not (needed or build_wild_meld(have, held, size)):
            return
        else:
            n = min(size - have, held)
        made = 1 if have < size <= have + n else 0
        if self.sizes[seat] - n < self.last_keep:  # U15: a card for the discard
            n = self.sizes[seat] - self.last_keep
            made = 1 if have < size <= have + n else 0
        if self.sizes[seat] - n < 2 and self.canastas[team] + made < goal:
            n = self.sizes[seat] - 2
        if n <= 0 or (meld is None and n < rules.wild_meld_min) or not self.keeps_discard(
                seat, n):
            return
        self._meld_from_hand(seat, WILD_KEY, wild_cards[:n])

    def _meld_wilds(self, seat: int, wild_cards: list[str], dumping: bool, keep: int) -> None:
        """Pairs with a wild card as new melds (a big hand, or dumping: the team has
        its canastas); when dumping, wild cards on any meld with room. At least
        `keep` cards stay in hand."""
        table = self.melds[seat % self.teams]
        hand = self.hands[seat]
        if (2, 1) in valid_shapes(self.rules):
            for kind in [k for k, cards in hand.items()
                         if len(cards) == 2 and k not in SPECIAL and k not in table
                         and self._room(k, None, 2) >= 1]:  # U7, U8
                if not wild_cards or self.sizes[seat] - 3 < keep or not (
                    dumping or self.sizes[seat] >= self.big_hand
                ) or not self.keeps_discard(seat, 3, 2 if kind == "7" else 0):
                    break
                self._meld_from_hand(seat, kind, [*hand[kind], wild_cards.pop()])
        if not dumping:
            return
        for kind, meld in table.items():
            if kind == "b" or kind[0] == SEQUENCE_PREFIX or OLDER in kind or (
                    kind == WILD_KEY and self.rules.twos_melds):  # (Z5: its jokers are
                continue  # bounded by its 2s: no wild card is dumped there)
            room = min(self._room(kind, meld), len(wild_cards), self.sizes[seat] - keep)
            if room > 0 and self.keeps_discard(seat, room):
                self._meld_from_hand(seat, kind, [wild_cards.pop() for _ in range(room)])
