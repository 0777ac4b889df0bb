"""`view_for`: what one seat may know, JSON-ready (protocol.md: The view)."""

from __future__ import annotations

from typing import Any

from canasta.game.actions import action_to_json
from canasta.game.cards import JOKER
from canasta.game.state import State
from canasta.mechanics.melds import BLACK_THREES, TableMeld, canasta_kind
from canasta.mechanics.opening import ANY, NATURAL, TRIPLE, opening_level
from canasta.mechanics.pile import blocked, freezer, frozen_for
from canasta.mechanics.sequences import RUN_ORDER, SEQUENCE, span_of
from canasta.mechanics.special_hands import NAMES as special_names
from canasta.mechanics.special_hands import bonus as special_bonus
from canasta.play.checks import may_ask as ask_allowed
from canasta.play.legal import legal_actions
from canasta.play.scoring import canasta_bonus, score_round
from canasta.rules.roster import roster_view
from canasta.rules.ruleset import RuleSet
from canasta.rules.variants import get_rules


def pile_view(state: State, seat: int) -> dict[str, Any]:
    pile = state.pile
    team = seat % state.rules.teams
    frozen_by = freezer(state.rules, pile[state.face_down:])  # (Z3: not the unseen)
    for_team = frozen_for(state.rules, frozen_by is not None, state.opened[team])
    out = {
        "top": pile[-1] if pile else None,
        "size": len(pile),
        "frozen": frozen_by is not None,
        "frozen_for_you": for_team,
        "blocked": blocked(pile),
        "freezer": frozen_by,
    }
    if state.rules.counted_pile:  # Z3 (additive): how many of its cards are face down
        out["face_down"] = state.face_down if pile else 0
    return out


def meld_view(rules: RuleSet, meld: TableMeld) -> dict[str, Any]:
    """A table meld as the view shows it: the protocol's `rank`, `cards` and `canasta`,
    and (additive) its `id`, `kind`, `canasta_kind` (the canasta's scoring kind) and,
    where melds close at `meld_max` cards (W2, K5), `closed`; a canasta's `bonus` (C40,
    with every variant's own bonuses: M6, U14, F2, F3, K11)."""
    kind = None if meld.kind == BLACK_THREES else canasta_kind(rules, meld.cards)
    out = {"id": meld.id, "kind": meld.kind, "rank": meld.rank, "cards": list(meld.cards),
           "canasta": kind, "canasta_kind": kind}
    if kind is not None:
        out["bonus"] = canasta_bonus(rules, kind, meld.wilds, meld.cards.count(JOKER),
                                     meld.rank)
    if meld.kind == SEQUENCE:  # S6: a run of one suit has no rank
        span = span_of(meld.cards)
        assert span is not None
        out.update(rank=None, suit=span.suit, low=RUN_ORDER[span.low],
                   high=RUN_ORDER[span.high], closed=len(meld.cards) >= rules.sequence_max)
    elif rules.meld_max:
        out["closed"] = len(meld.cards) >= rules.meld_max
    elif rules.wild_meld_max and meld.kind == "wild":  # B2: a bolivia takes no more
        out["closed"] = len(meld.cards) >= rules.wild_meld_max
    name = {SEQUENCE: rules.sequence_canasta_name, "wild": rules.wild_canasta_name}.get(
        kind or "")
    if name:
        out["name"] = name  # S7: a special canasta's own name (samba, bolivia)
    return out


LEVEL_NAMES = {0: None, ANY: "canasta", NATURAL: "natural", TRIPLE: "triple"}


def view_for(state: State, seat: int) -> dict[str, Any]:
    rules = state.rules
    acting = seat == state.to_act
    may_ask = acting and ask_allowed(state)
    view: dict[str, Any] = {
        "seat": seat,
        "variant": rules.name,
        "rules": rules.to_json(),  # by value: the AI plays by these, whatever the name
        "players": rules.players,
        "teams": rules.teams,
        "round": state.round_no,
        "dealer": state.dealer,
        "phase": state.phase,
        "to_move": state.to_move,
        "to_act": state.to_act,
        "hand": list(state.hands[seat]),
        "hand_sizes": [len(h) for h in state.hands],
        "melds": [[meld_view(rules, m) for m in team_melds] for team_melds in state.melds],
        "red_threes": [list(r) for r in state.red_threes],
        "pile": pile_view(state, seat),
        "stock_size": len(state.stock),
        "scores": list(state.scores),
        "minimum": [state.minimum(t) for t in range(rules.teams)],
        "team_melded": list(state.opened),
        "melded_this_round": list(state.melded_this_round),
        "may_ask": may_ask,
        "permission": state.permission,
        "asked": state.asked,
        "turn_points": state.turn_points,
        # Z3: pile cards held back show only their face-up part to the others
        "pending": list(state.pending if seat == state.to_move or state.pile
                        else state.pending[state.face_down:]),
        "draw_count": rules.draw_count,
        "canastas_to_go_out": rules.canastas_to_go_out,
        "target_score": rules.target_score,
        "history": [list(h) for h in state.history],
        "totals": list(state.totals()),
        "log": state.log_list(),
        "legal": [action_to_json(a) for a in legal_actions(state)] if acting else [],
    }
    if rules.counted_pile:  # Z3 (additive): the held-back cards that came face down,
        # counted for every seat (all saw how many lay face down; only the taker sees them)
        view["pending_face_down"] = state.face_down if state.pending and not state.pile else 0
    if rules.black_threes_set_aside:  # K10: each team's black 3s set aside (additive)
        view["black_threes_aside"] = [list(state.aside_of(t)) for t in range(rules.teams)]
    if state.packets:  # R13 (additive): each seat's kitty, its cards to its owner once open
        view["packet_sizes"] = [len(p) for p in state.packets]
        view["packets_open"] = list(state.packets_open)
        view["packet"] = list(state.packets[seat]) if state.packets_open[seat] else []
    levels = [opening_level(rules, score) for score in state.scores]
    if any(levels):  # BR2, U23 (additive): what each team's initial meld must hold
        view["opening_canasta"] = [LEVEL_NAMES[level] for level in levels]
    if rules.roster:  # P1-P3 (roster.py): who sits where this round, who waits
        view.update(roster_view(rules, state.round_no))
    if state.round_over:
        view["round_score"] = score_round(state)
        # (additive) the initial-meld minimum of the next round, from the new totals (C25)
        view["next_minimum"] = [rules.minimum_for(total, state.round_no + 1)
                                 for total in state.totals()]
        view["went_out"] = state.went_out
        if state.special_hand:  # U21 (additive): the special hand that went out
            view["special_hand"] = {"seat": state.went_out, "name": state.special_hand,
                                    "title": str(special_names[state.special_hand]),
                                    "bonus": special_bonus(rules, state.special_hand)}
        view["hands"] = [list(h) for h in state.hands]  # shown face up at the round's end
        if state.packets:
            view["packets"] = [list(p) for p in state.packets]
    return view


def rules_of(view: dict[str, Any]) -> RuleSet:
    """The rule set a view was made under: its `rules`, by value, so a rule set built
    under any name (or a changed one under a known name) is the one played; a view
    without them (made before the field existed) names its variant."""
    data = view.get("rules")
    if data is None:
        return get_rules(view["variant"])
    return RuleSet.from_json(data)
