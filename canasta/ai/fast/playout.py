"""A fast play-out path for the AI's simulations.

`playout(state, rng)` plays the current round to its end on mutable counts
instead of immutable states and full action lists, with a rollout policy that
follows the normal player's main judgements (`canasta.ai.judgement`): take the
pile whenever the rules allow (laying the top card on a meld before spending a
pair, a wild card only for a pile of three or more), keep pairs and wild cards,
discard by how much a card is worth keeping plus how dangerous it is to the next
player (their team's melds while the pile is unfrozen, cards of the rank still
unseen, what they collected or threw away), block a big pile with black 3s and
wild cards, build a meld of wild cards only when the hand can finish it (F1), and do
not go out straight after the first canasta while behind.
Every move it makes is a legal action (it only takes steps the rules allow:
C10-C15 for the pile, a complete initial meld in one turn for C25-C26, C31
before playing down to one card, C21 for black 3s), so with `record=True` the
actions it returns replay through `apply` to the same scores (tested).
"""

from __future__ import annotations

import random

from canasta.ai.fast.melds import Melder, ranks_by_suit
from canasta.ai.fast.scope import MAX_DECKS, Unsupported, UnsupportedRules, unmodelled
from canasta.ai.fast.table import KIND, KIND_VALUE, SPECIAL, Memory, _Meld, card_order
from canasta.ai.judgement import (
    BIG_PILE,
    BLACK_THREE_KEEP,
    RUN_KEEP,
    UNSEEN_CAP,
    WILD_KEEP,
    answer_yes,
    danger_base,
    opponent_threat,
    pile_factor,
    want_out,
)
from canasta.game.actions import ASK, DRAW, END_ROUND, Action, Answer, Discard, Meld, TakePile
from canasta.game.cards import BLACK_THREES, RED_THREES, VALUE
from canasta.game.state import ANSWER, PLAY, State
from canasta.game.state import DRAW as DRAW_PHASE
from canasta.mechanics.black_threes import first_round
from canasta.mechanics.melds import valid_shapes
from canasta.mechanics.opening import ANY, opening_level
from canasta.mechanics.pile import blocks, frozen_for, size_refusal
from canasta.mechanics.reserve import joining
from canasta.outlook.going_out import go_out_plan
from canasta.outlook.solver import toward_out
from canasta.outlook.way_groups import black_threes_left

INFINITY = float("inf")
# The rest of the discard judgement as tables (the keep scores: `Table.natural_keep`),
# built once from the shared functions: the pile's factor by its size, and the danger
# before that factor by [gift][picked][thrown][unseen] (a gift here: the card goes on the
# next side's meld while the pile is open to them).
PILE_FACTOR = tuple(pile_factor(n) for n in range(54 * MAX_DECKS + 1))
DANGER = [[[[danger_base(gift, u, picked, thrown) for u in range(UNSEEN_CAP + 1)]
            for thrown in (False, True)] for picked in (False, True)] for gift in (False, True)]


# The cost of a search for a way out by the cards held, relative to a hand of up to 20
# cards: the sequence plays it tries grow with the hand (Samba with three naturals, CPython:
# 0.15 ms a search up to 14 cards, 0.56 ms at 20-24, 2.5 ms at 25-29, 9 ms at 30-34, 30-41
# ms from 35): about four times more each five cards past 20.
SEARCH_COST: tuple[float, ...] = tuple(4.0 ** max(0.0, (n - 20) / 5) for n in range(61))
# A play-out's search for a way out gives up after this many ways of laying sequences (S6).
# From a hand of 37 cards with many short runs (three decks) the solver tried 4,097 ways,
# each leaving some 30 cards to place by rank: 6 s in one play-out, and one of Samba with
# three naturals' decisions took 13-15 s (the time cap is checked between sampled deals).
# In 240 play-outs of six sequence games a way out was found within the first 15 ways in
# all but 2 of 228 searches; with 16, 4 of 200 seeded play-outs of that game change, none
# of 100 of Samba, Bolivia, Brazilian, Samba with a counted pile or line 69's game.
WAYS_TRIED = 16


class Sim(Melder):
    """The rollout policy: plays the round of a `Table` to its end."""

    turns = 0  # the turns played by `run` (the search's work budgets count them)
    searches = 0.0  # their searches for a way out (`go_out_plan`), each by SEARCH_COST

    def run(self) -> list[int]:
        """Play to the end of the round; return each team's round total."""
        # A state in the draw phase has had its red 3s laid down by the engine already.
        if self.phase == ANSWER:
            self._answer()
            self.phase = PLAY
        play_on = self.rules.stock_out  # R18: play goes on at an empty stock
        while True:
            if self.phase == DRAW_PHASE:
                if not self._try_take_pile():
                    if play_on and not self.stock:
                        if self.record:
                            self.actions.append(DRAW)
                        return self.result()  # R18: a draw from the empty stock ends it
                    self._draw()
                    if not self.stock and not play_on and self.sizes[self.to_move] < 2 and (
                        self.canastas[self.to_move % self.teams]
                        < self.goal_of(self.to_move % self.teams)
                    ):
                        return self.result()  # C34: a last red 3 left one unplayable card
                self.phase = PLAY
            self.turns += 1
            self._play()
            if self.went_out is not None or self.ended or not (self.stock or play_on):
                return self.result()
            self.to_move = (self.to_move + 1) % self.players
            self.phase = DRAW_PHASE
            if not self._begin_turn() and not play_on:
                return self.result()

    def _answer(self) -> None:
        """The partner answers "May I go out?" as normal would (C33)."""
        seat = self.answerer
        team = seat % self.teams
        points = sum(VALUE[c] for cards in self.hands[seat].values() for c in cards)
        yes = answer_yes(self._threatened(team), len(self.stock), points, self.lead[team])
        if self.record:
            self.actions.append(Answer(yes))
        self.permission = yes

    def _threatened(self, team: int) -> bool:
        """The other teams look close to going out."""
        canastas = sum(self.canastas) - self.canastas[team]
        if canastas < self.goal:
            return False  # (quicker: no side's goal is below the rules' own number)
        goal = min(self.goal_of(t) for t in range(self.teams) if t != team)
        if canastas < goal:
            return False  # no threat without the canastas (quick exit)
        teams = self.teams
        smallest = min(n for s, n in enumerate(self.sizes) if s % teams != team)
        return opponent_threat(smallest, canastas, goal)

    def _wants_out(self, team: int) -> bool:
        return want_out(self._threatened(team), len(self.stock), self.canastas[team],
                        self.lead[team])

    def _try_take_pile(self) -> bool:
        pile = self.pile
        if not pile:
            return False
        top = pile[-1]
        if blocks(top):
            return False  # C15
        if self.pile_rule and size_refusal(self.rules, pile) is not None:
            return False  # M7, M11
        seat = self.to_move
        team = seat % self.teams
        opened = self.opened[team]
        if not opened and not self.rules.pile_opens:
            return False  # BR3: the pile never opens
        kind = KIND[top]
        hand = self.hands[seat]
        naturals = hand.get(kind, [])
        frozen = frozen_for(self.rules, self._pile_frozen(), opened)
        table = self.melds[team]
        meld = table.get(kind)
        space = self.space(meld)  # W2: a closed canasta takes no top card
        new = space < 3 and len(naturals) >= 2 and self._beside(team, kind)  # S5
        if new:
            meld, space = None, self.most
        with_cards: list[str]
        if meld is not None and not frozen and space >= 1 and self._top_alone(meld):
            with_cards = []  # keep the pair in hand
        elif len(naturals) >= 2 and space >= 3:
            with_cards = naturals[-2:]
        elif frozen or space < 2 or not self.rules.pile_wild_buy:  # S3: no wild buys
            return False
        elif (naturals and (hand.get("2") or hand.get("*")) and len(pile) >= 3
              and self._room(kind, meld, 2, not opened) >= 1):  # U7, U8
            wild = hand["2"][-1] if hand.get("2") else hand["*"][-1]
            with_cards = [naturals[-1], wild]
        else:
            return False
        aside = self.pile_kinds.get("b", 0) if self.aside_rule else 0  # set aside (K10)
        if not opened:
            rest = [c for c in self.taken()[:-1] if c not in RED_THREES
                    and not (aside and c in BLACK_THREES)]
            return self._open_with_pile(top, with_cards, rest)
        # Red 3s go to the table (C20), black 3s may be set aside (K10).
        if self.rules.pile_take_most:  # HF7: the top cards only
            taken = self.taken()[:-1]
            below = sum(1 for c in taken if c not in RED_THREES
                        and not (aside and c in BLACK_THREES))
        else:
            below = len(pile) - 1 - self.pile_kinds.get("r", 0) - aside
        left = self.sizes[seat] - len(with_cards) + below
        if left < self.last_keep:
            return False  # U15: going out ends with a discard, never with the pile
        if not below and not self.keeps_discard(
                seat, len(with_cards), sum(1 for c in with_cards if KIND[c] == "7")):
            return False  # R18: not down to 7s that may not be discarded
        if left == 0 and self.foot_waiting(seat):
            pass  # HF8: the foot joins the hand
        elif left < 2:
            if self.rules.must_ask:
                return False  # C33: going out needs the partner's yes, asked after drawing
            after = (len(meld.cards) if meld else 0) + 1 + len(with_cards)
            made = 1 if (len(meld.cards) if meld else 0) < self.size <= after else 0
            if self.canastas[team] + made < self.goal_of(team):
                return False  # C31
        self._take_pile(top, with_cards, new)
        return True

    def _top_alone(self, meld: _Meld) -> bool:
        """S3 (`take_onto`): may the pile's top card alone join this meld of its rank?"""
        onto = self.rules.take_onto
        return onto == "any" or (onto == "open" and len(meld.cards) < self.size) or (
            onto == "completes" and len(meld.cards) + 1 == self.size)  # N7

    def _open_with_pile(self, top: str, with_cards: list[str], rest: list[str]) -> bool:
        """C12: the top card and cards from hand must reach the minimum this turn."""
        seat = self.to_move
        team = seat % self.teams
        need = self.minimum(team)
        first = sum(VALUE[c] for c in with_cards)
        if not self.rules.minimum_from_hand:  # U11: there the top card does not count
            first += VALUE[top]
        self._take_cards(seat, with_cards)
        joins = joining(self.rules, False, len(self.stock), not any(self.opened))  # M3, U6
        if not self.foot_waiting(seat):  # (HF8: the hand itself keeps two, the foot waits)
            joins += len(rest)
        plan = self._opening_plan(seat, need - first, same=KIND[top], extra_cards=joins)
        if plan is None:
            for c in with_cards:
                self._give(seat, c)
            return False
        if self.record:
            self.actions.append(TakePile(tuple(sorted(with_cards, key=card_order))))
        self._lay(seat, KIND[top], [top, *with_cards])
        self._packet_joins(seat)  # (PH4: a canasta made by the take itself)
        taken = self.taken()
        reds = sum(1 for c in taken if c in RED_THREES)
        blacks = len(taken) - 1 - len(rest) - reds  # set aside (K10)
        self._clear_pile(len(self.pile) - len(taken))
        for kind, cards in plan:
            self._meld_from_hand(seat, kind, cards)
        self._open(seat)
        picked = self.picked[seat]
        picked.add(KIND[top])
        for c in rest:
            self._give(seat, c)
            picked.add(KIND[c])
        self.reds[team] += reds  # C20: red 3s from the pile, without replacement
        self.aside[team] += blacks
        return True

    def _opening_plan(
        self, seat: int, need: int, same: str | None = None, extra_cards: int = 0
    ) -> list[tuple[str, list[str]]] | None:
        """Greedy initial meld (C25): the rest of the pile's rank (`same`), then
        triples and more, then pairs with a wild card, until `need` points are
        reached, keeping two cards in hand (C31)."""
        hand = self.hands[seat]
        plan: list[tuple[str, list[str]]] = []
        points = 0
        count = 0
        if same is not None and same in hand:
            # W2: as many as the meld just made of the top card and two more can hold.
            cards = hand[same][: self.most - 3]
            if cards:
                plan.append((same, list(cards)))
                points += KIND_VALUE[same] * len(cards)
                count += len(cards)
        shapes = valid_shapes(self.rules)
        ranked = sorted(
            (kv for kv in hand.items() if kv[0] not in SPECIAL and kv[0] != same),
            key=lambda kv: -KIND_VALUE[kv[0]],
        )
        wilds = sorted(self._wild_cards(seat), key=card_order)
        level = opening_level(self.rules, self.scores[seat % self.teams])
        if level:  # BR2: a canasta first (of one rank; the engine also takes others)
            found = self._opening_canasta(ranked, wilds, level)
            if found is None:
                return None
            plan.append(found)
            points += sum(VALUE[c] for c in found[1])
            count += len(found[1])
            ranked = [kv for kv in ranked if kv[0] != found[0]]
        for kind, cards in ranked:
            if points >= need:
                break
            if len(cards) >= 3 and (len(cards), 0) in shapes:
                plan.append((kind, list(cards)))
                points += KIND_VALUE[kind] * len(cards)
                count += len(cards)
        if (2, 1) in shapes:
            for kind, cards in ranked:
                if points >= need or not wilds:
                    break
                if len(cards) == 2 and self._room(kind, None, 2, True) >= 1:  # U8
                    w = wilds.pop()
                    plan.append((kind, [*cards, w]))
                    points += KIND_VALUE[kind] * 2 + VALUE[w]
                    count += 3
        if points < need or self.sizes[seat] - count + extra_cards < 2:
            return None  # C31: the fast path never opens down to its last card
        sevens = sum(1 for _, cards in plan for c in cards if KIND[c] == "7")
        if not self.keeps_discard(seat, count, sevens):
            return None  # R18: nor down to 7s that may not be discarded
        return plan

    def _opening_canasta(self, ranked: list[tuple[str, list[str]]], wilds: list[str],
                         level: int) -> tuple[str, list[str]] | None:
        """BR2: the initial meld's canasta from the hand: the highest rank with a
        canasta of naturals, else (any canasta will do) with the fewest wild cards that
        complete one (taken from `wilds`, lowest first); None if there is none."""
        size = self.size
        shapes = valid_shapes(self.rules)
        best: tuple[int, str, list[str]] | None = None
        for kind, cards in ranked:
            n = len(cards)
            w = max(0, size - n)
            if (n, 0) in shapes and not w:
                return kind, list(cards)
            if level == ANY and w <= len(wilds) and (n, w) in shapes and (
                    best is None or w < best[0]):
                best = (w, kind, list(cards))
        if best is None:
            return None
        w, kind, cards = best
        given = [wilds.pop(0) for _ in range(w)]
        return kind, cards + given

    def _play(self) -> None:
        seat = self.to_move
        team = seat % self.teams
        rules = self.rules
        permission, self.permission = self.permission, None
        if permission is True:
            if self._go_out(seat):
                return
            raise Unsupported("no way found to go out after the partner's yes")
        if not self.opened[team]:
            need = self.minimum(team)
            plan = self._opening_plan(seat, need)
            if plan is None:
                self._discard()
                return
            for kind, cards in plan:
                self._meld_from_hand(seat, kind, cards)
            self._open(seat)
        # Try to go out once the team has its canastas, or the hand is small enough
        # that melding it could make them, unless it is too early (behind after the
        # first canasta).
        # (Below the canastas to go out, C31 keeps two cards in hand anyway.)
        ready = self.canastas[team] >= self.goal_of(team)
        near = ready or self.sizes[seat] <= 8
        out = near and permission is None and self._wants_out(team)
        way = None
        if out and rules.must_ask:
            # C33 compulsory: ask before melding, only with a way out; go out on a yes
            if not self.turn_melded and self.sizes[seat] >= 2:
                way = self._way_out(seat)
            out = way is not None and self._ask(seat)
        if out and self._go_out(seat, way):
            return
        feet = self.foot_waiting(seat)
        self._meld_more(seat, out)
        if feet:
            self._into_foot(seat)
            if not self.foot_waiting(seat):
                self._meld_more(seat, out)  # HF8: the foot joined: the turn goes on
        if self.sizes[seat] == 0:
            self._went_out(seat)  # melded the last card (C30)
            return
        self._discard()

    def _ask(self, seat: int) -> bool:
        """C33: "May I go out?"; the partner answers as normal would."""
        partner = self.rules.partner_of(seat)
        assert partner is not None  # (must_ask needs partnerships: rule_options)
        if self.record:
            self.actions.append(ASK)
        self.answerer = partner
        self._answer()
        yes, self.permission = self.permission is True, None  # (this turn's answer only)
        return yes

    def _go_out(self, seat: int, plan: list[Action] | None = None) -> bool:
        """Go out this turn if the solver finds a way (`plan`: the way `_way_out` found
        for this very position, before the player asked)."""
        if plan is None:
            plan = self._way_out(seat)
            if plan is None:
                return False
        else:
            # (the search counted again: the budget of work was fitted with it counted)
            self.searches += self._search_cost(seat)
        for action in plan:
            if isinstance(action, Meld):
                self._play_meld(seat, action)
            else:
                assert isinstance(action, Discard)
                self._discard_card(action.card)
        if self.sizes[seat] == 0:
            self._went_out(seat)
        return True

    def _way_out(self, seat: int) -> list[Action] | None:
        """The solver's way out this turn (`going_out.go_out_plan`), or None."""
        team = seat % self.teams
        if self.packet_waiting(seat):
            return None  # HF8, PH4: no way out is planned before the packet joins
        table = self.melds[team]
        stuck = stuck_threes = 0  # cards that can only be the one discard
        pairs = 0
        for kind, cards in self.hands[seat].items():
            n = len(cards)
            if kind == "b":
                stuck_threes = black_threes_left(self.rules, n)  # C21
                if stuck_threes > 1:
                    return None
                stuck += stuck_threes
            elif kind not in SPECIAL and kind not in table:
                stuck += n == 1
                pairs += n == 2
        hand = self.hands[seat]
        wilds = len(hand.get("2", ())) + len(hand.get("*", ()))
        if self.rules.sequence_min:  # S6: the bounds for sequences, the cheaper first
            have = self._toward_out(team)
            suits = ranks_by_suit(hand)  # (the ranks held of each suit)
            if self._out_of_reach(seat, self.rules.canastas_to_go_out - have,
                                  self.rules.sequence_canastas_to_go_out - self.runs(team),
                                  wilds, suits):
                return None
            if stuck_threes + self._loose_naturals(seat, wilds, suits) > 1:
                return None
        else:
            if stuck > 1 or pairs > wilds:
                return None  # a pair off the table needs a wild card
            goal = self.goal_of(team)
            if self.canastas[team] < goal and (
                self.canastas[team] + self._canastas_within_reach(seat, wilds) < goal
            ):
                return None  # (a bound for groups of one rank: S5)
            have = self._toward_out(team)
        cards_held = tuple(c for cards in hand.values() for c in cards)
        self.searches += self._search_cost(seat)
        plan = go_out_plan(self.rules, cards_held, self._table_melds(team), have, 0,
                           most_ways=WAYS_TRIED)
        if plan is None or not self._plan_keeps_discards(seat, plan):
            return None
        return plan

    def _toward_out(self, team: int) -> int:
        """The team's canastas as the solver counts them toward going out (`toward_out`)."""
        return toward_out(self.rules, self.canastas[team], self.reds[team], self.runs(team),
                          self.wild_canastas(team), bool(self.lacking(team)))

    def _search_cost(self, seat: int) -> float:
        """The work of a search for a way out from the hand of `seat` (SEARCH_COST)."""
        return SEARCH_COST[min(self.sizes[seat], len(SEARCH_COST) - 1)]

    def _plan_keeps_discards(self, seat: int, plan: list[Action]) -> bool:
        """R18: each meld of a way out but the last leaves a card that may be discarded
        (the solver orders the plays, not by 7s held back)."""
        if not (self.rules.sevens_held or self.rules.last_discard_not_seven):
            return True
        used = sevens = 0
        for action in plan:
            if not isinstance(action, Meld):
                continue
            used += len(action.cards)
            sevens += sum(1 for c in action.cards if KIND[c] == "7")
            if not self.keeps_discard(seat, used, sevens):
                return False
        return True

    def _discard(self) -> None:
        seat = self.to_move
        hand = self.hands[seat]
        # K9: no black 3 the first time round, unless the hand holds nothing else.
        held = (self.rules.black_threes_held_first_round
                and first_round(self.rules, self.discards) and len(hand) > 1)
        if not self.keeps_discard(seat, 0):  # R18: only 7s that may not be discarded
            if self.record:
                self.actions.append(END_ROUND)
            self.ended = True
            return
        barred = self._barred(seat)  # U13, R16
        if self.sizes[seat] == 1:
            card = next(iter(hand.values()))[0]
        elif "b" in hand and not held:
            card = hand["b"][-1]  # the lowest keep score, and no danger (C15)
        else:
            best = self._safest(seat, barred | {"b"} if held else barred)
            card = best[int(self.rng.random() * len(best))] if len(best) > 1 else best[0]
        self._discard_card(card)
        if self.sizes[seat] == 0:
            self._went_out(seat)

    def _barred(self, seat: int) -> frozenset[str]:
        """U13: the kinds the player may not discard now (`discards.discard_problem`
        for the fast path's counts): wild cards but as the last card; onto an empty
        pile 7s, aces, wild cards and ranks with a canasta on the table. None where the
        hand holds nothing else."""
        rules = self.rules
        barred: set[str] = set()
        if rules.wild_discard_last_only and self.sizes[seat] > 1:
            barred.update(("2", "*"))
        if rules.empty_pile_bars and not self.pile:
            barred.update(("2", "*", *rules.pure_ranks))
            barred.update(k for table in self.melds for k, m in table.items()
                          if len(m.cards) >= self.size)
        if self.sevens_barred():
            barred.add("7")  # R16
        hand = self.hands[seat]
        if not barred or all(k in barred for k in hand):
            return frozenset()
        return frozenset(barred)

    def _safest(self, seat: int, skip: frozenset[str] = frozenset()) -> list[str]:
        """The cards with the lowest keep + danger score (normal's discard judgement,
        `keep_score` + `danger_score`, read from the tables built from them), leaving
        out the kinds `skip`."""
        team = seat % self.teams
        nxt = (seat + 1) % self.players
        pile_size = len(self.pile)
        block = pile_size >= BIG_PILE or self._threatened(team)
        wild_keep = self.style.wild_block_keep if block else WILD_KEEP
        factor = PILE_FACTOR[pile_size]
        open_for_next = not frozen_for(self.rules, self.frozen_by > 0,
                                       self.opened[nxt % self.teams])
        feeds = self.melds[nxt % self.teams] if open_for_next else {}
        picked, thrown = self.picked[nxt], self.thrown[nxt]
        pile_kinds, on_table, per_rank = self.pile_kinds, self.on_table, self.per_rank
        # B4: the cards that could grow the escalera the side lacks (RUN_KEEP more)
        keepers = (self._escalera_keepers(team, self.hands[seat])
                   if self.rules.sequence_canastas_to_go_out else frozenset())
        best: list[str] = []
        low = INFINITY
        for kind, cards in self.hands[seat].items():
            if kind in skip:
                continue
            card = cards[-1]
            extra = 0.0
            if keepers and card in keepers:
                free = [c for c in cards if c not in keepers]
                if free:
                    card = free[-1]
                else:
                    extra = RUN_KEEP
            keep = self.natural_keep.get(kind)
            if keep is None:
                score = BLACK_THREE_KEEP if kind == "b" else wild_keep
            else:
                n = len(cards)
                score = keep[n] + extra
                if score > low:
                    continue  # danger is never negative
                unseen = per_rank - n - pile_kinds.get(kind, 0) - on_table.get(kind, 0)
                if unseen > UNSEEN_CAP:
                    unseen = UNSEEN_CAP
                score += factor * DANGER[kind in feeds][kind in picked][kind in thrown][unseen]
            if score < low:
                low, best = score, [card]
            elif score == low:
                best.append(card)
        return best


def playout(
    state: State, rng: random.Random, record: bool = False, memory: Memory | None = None
) -> tuple[list[int], list[Action]]:
    """Play the round of `state` to its end. Returns each team's round total and,
    with `record`, the actions played (they replay through `apply`)."""
    sim = Sim(state, rng, record, memory)
    return sim.run(), sim.actions


__all__ = ["Memory", "Sim", "Unsupported", "UnsupportedRules", "playout", "unmodelled"]
