"""`apply`: the next state after a legal action. The given state is never changed."""

from __future__ import annotations

import random
from bisect import insort
from typing import Any

from canasta.game.actions import (
    DRAW,
    Action,
    Answer,
    Ask,
    Discard,
    Draw,
    EndRound,
    Meld,
    SpecialHand,
    TakePile,
    in_order,
)
from canasta.game.cards import (
    RANK,
    RED_THREES,
    SORT_KEY,
    WILDS,
    make_deck,
    remove_cards,
    sort_cards,
)
from canasta.game.errors import IllegalAction
from canasta.game.state import (
    ANSWER,
    F_ACTIONS,
    F_BLACK_THREES_ASIDE,
    F_FACE_DOWN,
    F_HANDS,
    F_LOG,
    F_MELDED_THIS_ROUND,
    F_MELDS,
    F_OPENED,
    F_PACKETS,
    F_PACKETS_OPEN,
    F_PENDING,
    F_PHASE,
    F_PILE,
    F_RED_THREES,
    F_STOCK,
    F_TURN_CARDS,
    F_TURN_MELDED,
    F_TURN_POINTS,
    GAME_OVER,
    PLAY,
    ROUND_OVER,
    Chain,
    State,
    built,
    chain_push,
    evolve,
    pass_turn,
)
from canasta.game.state import DRAW as DRAW_PHASE
from canasta.mechanics.black_threes import split_aside
from canasta.mechanics.counted_pile import count
from canasta.mechanics.melds import WILD_KEY, TableMeld, meld_by_id, place, points, team_canastas
from canasta.mechanics.opening import canasta_lacking
from canasta.mechanics.pile import taken_part
from canasta.mechanics.reserve import (
    deal_packets,
    first_canasta_cards,
    foot_joins,
    joining_now,
    opens_packet,
    take_packet,
    take_reserve,
)
from canasta.mechanics.sequences import SEQUENCE, SEQUENCE_KEY, is_sequence_play
from canasta.mechanics.special_hands import hand_of
from canasta.outlook.going_out import finish_problem, forms_own_melds
from canasta.outlook.needs import can_go_out, out_canastas
from canasta.play.checks import check
from canasta.play.legal import known_legal
from canasta.play.scoring import score_round
from canasta.rules.ruleset import RuleSet


def apply(state: State, action: Action) -> State:
    if not known_legal(state, action):
        rejection = check(state, action)
        if rejection is not None:
            raise IllegalAction(rejection)
        action = in_order(action)  # (built in Python, its cards may be in any order)
    return apply_unchecked(state, action)


def apply_unchecked(state: State, action: Action) -> State:
    """Apply an action already known to be legal (`apply` after `check`, or for an
    action `legal_actions` has just listed for this state)."""
    actions = (action, state.actions)
    if isinstance(action, Discard):
        return _discard(state, action, actions)
    if isinstance(action, Draw):
        if not state.stock:  # R18: drawing from the empty stock ends the round
            return _end_round(evolve(state, actions=actions,
                                     log=_log(state, state.to_move, action)))
        return _draw(state, actions)
    if isinstance(action, EndRound):  # R18: no card the player may discard
        return _end_round(evolve(state, actions=actions,
                                 log=_log(state, state.to_move, action)))
    if isinstance(action, SpecialHand):  # U21: the whole hand laid down, going out
        name = hand_of(state.rules, state.hands[state.to_move])
        assert name is not None
        return _end_round(evolve(state, actions=actions, went_out=state.to_move,
                                 concealed=False, special_hand=name,
                                 log=_log(state, state.to_move, action, hand=name)))
    if isinstance(action, Meld):
        return _meld(state, action, actions)
    if isinstance(action, TakePile):
        return _take_pile(state, action, actions)
    if isinstance(action, Ask):
        partner = state.rules.partner_of(state.to_move)
        assert partner is not None
        return evolve(
            state,
            phase=ANSWER,
            to_act=partner,
            asked=True,
            actions=actions,
            log=_log(state, state.to_move, action),
        )
    if isinstance(action, Answer):
        return evolve(
            state,
            phase=PLAY,
            to_act=state.to_move,
            permission=action.yes,
            actions=actions,
            log=_log(state, state.to_act, action),
        )
    nxt = deal_round(
        state.rules,
        state.seed,
        state.round_no + 1,
        (state.dealer + 1) % state.rules.players,
        state.totals(),
        state.history,
        state.origin,
    )
    return evolve(nxt, actions=actions)


_NO_EXTRA: dict[str, Any] = {}  # shared by entries with no extra fields; never changed


def _log(state: State, seat: int, action: Action, **extra: Any) -> Any:
    # Stored compactly; State.log_list() turns entries into protocol JSON.
    return (seat, action, extra or _NO_EXTRA), state.log


def _replace_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _draw(state: State, actions: Any) -> State:
    """C7: draw; red 3s drawn are laid down and replaced (C34: not once the stock is empty)."""
    stock = state.stock
    seat = state.to_move
    laid = state.rules.laid_threes
    if state.rules.draw_count == 1 and stock and stock[0] not in laid:
        hand = list(state.hands[seat])
        insort(hand, stock[0], key=SORT_KEY.__getitem__)
        values = list(state)
        values[F_PHASE] = PLAY
        values[F_STOCK] = stock[1:]
        values[F_HANDS] = _replace_at(state.hands, seat, tuple(hand))
        values[F_ACTIONS] = actions
        values[F_LOG] = ((seat, DRAW, _NO_EXTRA), state.log)
        return built(values)
    n = min(state.rules.draw_count, len(stock))
    drawn = list(stock[:n])
    stock = stock[n:]
    hand = list(state.hands[seat])
    reds: list[str] = []
    while drawn:
        card = drawn.pop(0)
        if card in laid:
            reds.append(card)
            if stock:
                drawn.append(stock[0])
                stock = stock[1:]
        else:
            insort(hand, card, key=SORT_KEY.__getitem__)
    if not reds:
        return evolve(state, phase=PLAY, stock=stock,
                      hands=_replace_at(state.hands, seat, tuple(hand)),
                      actions=actions, log=_log(state, seat, DRAW))
    team = state.team
    after = evolve(
        state,
        phase=PLAY,
        stock=stock,
        hands=_replace_at(state.hands, seat, tuple(hand)),
        red_threes=_replace_at(state.red_threes, team, state.red_threes[team] + tuple(reds)),
        actions=actions,
        log=_log(state, seat, DRAW, red_threes=reds),
    )
    if (not stock and len(hand) < 2
            and finish_problem(state.rules, (), after.melds[team], out_canastas(after, team),
                               None, discard=True) is not None
            and not can_go_out(after)):
        # C34: the last card was a red 3 and the single card left can be neither
        # melded (completing the canastas to go out) nor discarded (without them, C30,
        # C31, or where the last card may not be discarded): the round ends here.
        return _end_round(after)
    return after


def _open(state: State, team: int, gained: int, melds: tuple[TableMeld, ...]
          ) -> tuple[bool, int]:
    """(initial meld complete?, turn points) after melding `gained` more points, the
    team's melds then being `melds` (H6, H7: a canasta may complete it; BR2: from some
    scores it must hold one)."""
    if state.opened[team]:
        return True, state.turn_points
    total = state.turn_points + gained
    rules = state.rules
    return (total >= state.minimum(team)
            and not canasta_lacking(rules, state.scores[team], melds)) or (  # BR2
        state.scores[team] >= rules.canasta_opens_from and team_canastas(rules, melds) > 0
    ), total


def _release(
    rules: RuleSet, hand: tuple[str, ...], cards: tuple[str, ...]
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Pile cards joining a hand: red 3s among them go down without replacement (C20),
    black 3s are set aside where the rules say so (K10). (hand, red 3s, black 3s)"""
    cards, blacks = split_aside(rules, cards)
    if RED_THREES.isdisjoint(cards):
        return sort_cards(hand + cards), (), blacks
    reds = tuple(c for c in cards if c in RED_THREES)
    rest = tuple(c for c in cards if c not in RED_THREES)
    return sort_cards(hand + rest), reds, blacks


def _take_pile(state: State, action: TakePile, actions: Any) -> State:
    seat = state.to_move
    top = state.pile[-1]
    below = taken_part(state.rules, state.pile)[:-1]  # HF7: the top cards only, there
    hand = remove_cards(state.hands[seat], action.cards)
    assert hand is not None
    rank = RANK[top]
    if action.onto is not None:
        target = meld_by_id(state.melds[state.team], action.onto)
        if target is not None and target.kind == SEQUENCE:
            rank = SEQUENCE_KEY  # S3: the top card alone onto a sequence (checked)
    k = state.face_down  # Z3: the face-down cards go into the hand unseen
    extra: dict[str, Any] = {"top": top, "taken": list(below[k:])}
    if k:
        extra["face_down"] = k
    return _lay_down(state, action, actions, rank, (top, *action.cards), hand, below,
                     extra, took_pile=True, onto=action.onto, new=action.new)


def _meld(state: State, action: Meld, actions: Any) -> State:
    hand = remove_cards(state.hands[state.to_move], action.cards)
    assert hand is not None
    naturals = [c for c in action.cards if c not in WILDS]
    target = (None if action.onto is None else
              meld_by_id(state.melds[state.team], action.onto))
    if (target.kind == SEQUENCE if target is not None else
            is_sequence_play(state.rules, action.cards)):
        rank = SEQUENCE_KEY  # S6: a sequence started or joined (checked)
    elif naturals:
        rank = RANK[naturals[0]]
    elif action.rank is not None:
        rank = action.rank
    elif target is not None:  # wild cards onto a meld named by its id (checked)
        rank = target.rank
    else:  # F1: the team's meld of wild cards (checked)
        rank = WILD_KEY
    return _lay_down(state, action, actions, rank, action.cards, hand, state.pending, {},
                     onto=action.onto, new=action.new)


def _lay_down(
    state: State,
    action: Action,
    actions: Any,
    rank: str,
    cards: tuple[str, ...],
    hand: tuple[str, ...],
    held: tuple[str, ...],
    log_extra: dict[str, Any],
    took_pile: bool = False,
    onto: int | None = None,
    new: bool = False,
) -> State:
    """Put `cards` on the team's meld of `rank` (C18). Pile cards `held` back for an
    initial meld (C12) join the hand once it is complete, their red 3s going down
    without replacement (C20); until then they stay pending."""
    seat, team = state.to_move, state.team
    melds = place(state.melds[team], rank, cards, state.melds, onto, new)
    # U11: the pile's top card (the first of `cards`) may not count toward the minimum
    counted = cards[1:] if took_pile and state.rules.minimum_from_hand else cards
    opened, turn_points = _open(state, team, points(counted), melds)
    reds: tuple[str, ...] = ()
    blacks: tuple[str, ...] = ()
    pending = held
    if opened and held:
        hand, reds, blacks = _release(state.rules, hand, held)
        pending = ()
        if "taken" not in log_extra:
            log_extra = {"released": list(held[state.face_down:])}
            if state.face_down:
                log_extra["face_down"] = state.face_down
    if reds and "taken" in log_extra:
        log_extra = {**log_extra, "red_threes": list(reds)}
    if blacks:
        log_extra = {**log_extra, "black_threes_aside": list(blacks)}
    joined: tuple[str, ...] = ()
    reserve_reds: tuple[str, ...] = ()
    stock = state.stock
    count = 0
    if state.rules.reserve_trigger == "first_canasta":  # E7: the round's first canasta
        count = first_canasta_cards(state.rules, sum(map(state.canastas, range(len(
            state.melds)))), team_canastas(state.rules, melds), len(state.stock))
    elif opened and not state.opened[team]:
        # M3: the player who completes the side's initial meld takes the reserve
        count = joining_now(state)
    if count:
        joined, reserve_reds, stock = take_reserve(state.rules, state.stock, count)
        hand = sort_cards(hand + joined)
        reds += reserve_reds
    # R13: the play opens the player's packet (PH4, HF8: which joins the hand at once)
    opens = bool(state.packets) and not state.packets_open[seat] and (opens_packet(
        state.rules, state.melds[team], melds) or foot_joins(  # HF8: the hand used up
            state, seat, len(hand)))
    packet: tuple[str, ...] = ()
    packet_reds: tuple[str, ...] = ()
    if opens and not state.rules.reserve_with_discard:
        packet, packet_reds, stock = take_packet(state.rules, state.packets[seat], stock)
        hand = sort_cards(hand + packet)
        reds += packet_reds
    # Only the fields that change are replaced (this is a hot path of play).
    values = list(state)
    if joined or reserve_reds or packet or packet_reds:
        values[F_STOCK] = stock
    if reds:
        values[F_RED_THREES] = _replace_at(state.red_threes, team, state.red_threes[team] + reds)
    if blacks:
        aside = state.black_threes_aside or tuple(() for _ in range(state.rules.teams))
        values[F_BLACK_THREES_ASIDE] = _replace_at(aside, team, aside[team] + blacks)
    if opened != state.opened[team]:
        values[F_OPENED] = _replace_at(state.opened, team, opened)
    if opens:  # R13
        values[F_PACKETS_OPEN] = _replace_at(state.packets_open, seat, True)
        if not state.rules.reserve_with_discard:
            values[F_PACKETS] = _replace_at(state.packets, seat, ())
    if not state.melded_this_round[seat]:
        values[F_MELDED_THIS_ROUND] = _replace_at(state.melded_this_round, seat, True)
    if took_pile:
        values[F_PHASE] = PLAY
        values[F_PILE] = state.pile[:-1 - len(held)]  # (HF7: what a take left)
    if state.face_down and (took_pile or (held and not pending)):
        values[F_FACE_DOWN] = state.face_down if pending else 0  # Z3
    values[F_HANDS] = _replace_at(state.hands, seat, hand)
    values[F_MELDS] = _replace_at(state.melds, team, melds)
    values[F_TURN_MELDED] = True
    values[F_PENDING] = pending
    values[F_TURN_POINTS] = turn_points
    values[F_TURN_CARDS] = state.turn_cards + cards
    values[F_ACTIONS] = actions
    log: Chain = _log(state, seat, action, **log_extra)
    for cards, laid in ((joined, reserve_reds), (packet, packet_reds)):
        if cards or laid:
            log = _joined_log(log, seat, cards, laid)
    values[F_LOG] = log
    after = built(values)
    if hand:
        return after
    return _end_round(_went_out(after))  # melding the last card goes out (C30)


def _went_out(state: State) -> State:
    """C32: concealed if the player had melded nothing before and played own melds."""
    concealed = state.fresh and forms_own_melds(state.rules, state.turn_cards)
    return evolve(state, went_out=state.to_move, concealed=concealed)


def _discard(state: State, action: Discard, actions: Any) -> State:
    seat = state.to_move
    card = action.card
    hand = state.hands[seat]
    at = hand.index(card)
    hand = hand[:at] + hand[at + 1 :]
    hands = _replace_at(state.hands, seat, hand)
    pile = (*state.pile, card)
    log: Chain = ((seat, action, _NO_EXTRA), state.log)
    if action.reserve or foot_joins(state, seat, len(hand)):
        # R13: the opened packet joins the hand after the discard (HF8: the foot, once
        # the hand is used up)
        state, hands, log = _packet_joins(state, seat, hands, log)
    if not hands[seat]:
        out = evolve(state, hands=hands, pile=pile, actions=actions, log=log)
        return _end_round(_went_out(out))
    if not state.stock and not state.rules.stock_out:  # C34 (R18: play goes on)
        return _end_round(evolve(state, hands=hands, pile=pile, actions=actions, log=log))
    nxt = (seat + 1) % state.rules.players
    after = pass_turn(state, nxt, hands, pile, log, actions)
    if not state.rules.laid_threes.isdisjoint(hands[nxt]):
        return begin_turn(after)
    return after


def _joined_log(log: Chain, seat: int, cards: tuple[str, ...], laid: tuple[str, ...]
                ) -> Chain:
    """M3, R13: the log events of cards joining a hand (`reserve`, with their count) and
    of the 3s among them laid down (`red_threes`)."""
    log = chain_push(log, {"seat": seat, "event": "reserve", "count": len(cards)})
    if laid:
        log = chain_push(log, {"seat": seat, "event": "red_threes", "cards": list(laid)})
    return log


def _packet_joins(state: State, seat: int, hands: tuple[tuple[str, ...], ...], log: Chain
                  ) -> tuple[State, tuple[tuple[str, ...], ...], Chain]:
    """R13: the player's packet joins his hand, its red 3s laid down and replaced."""
    joined, reds, stock = take_packet(state.rules, state.packets[seat], state.stock)
    hands = _replace_at(hands, seat, sort_cards(hands[seat] + joined))
    log = _joined_log(log, seat, joined, reds)
    team = seat % state.rules.teams
    return evolve(state, stock=stock, packets=_replace_at(state.packets, seat, ()),
                  packets_open=_replace_at(state.packets_open, seat, True),
                  red_threes=_replace_at(state.red_threes, team,
                                         state.red_threes[team] + reds)), hands, log


def begin_turn(state: State) -> State:
    """C5: red 3s dealt to the player go down before the draw, each replaced."""
    seat = state.to_move
    fresh = not state.melded_this_round[seat]
    hand = state.hands[seat]
    laid = state.rules.laid_threes
    if laid.isdisjoint(hand):
        return evolve(state, fresh=fresh) if fresh != state.fresh else state
    stock = state.stock
    reds: list[str] = []
    kept = [c for c in hand if c not in laid]
    queue = [c for c in hand if c in laid]
    while queue:
        reds.append(queue.pop())
        if stock:
            card, stock = stock[0], stock[1:]
            (queue if card in laid else kept).append(card)
    team = seat % state.rules.teams
    log = chain_push(state.log, {"seat": seat, "event": "red_threes", "cards": reds})
    after = evolve(
        state,
        fresh=fresh,
        stock=stock,
        hands=_replace_at(state.hands, seat, sort_cards(kept)),
        red_threes=_replace_at(state.red_threes, team, state.red_threes[team] + tuple(reds)),
        log=log,
    )
    if not stock and not state.rules.stock_out:
        return _end_round(after)
    return after


def _end_round(state: State) -> State:
    """C34, C43, C50: score the round, then decide whether the game is over."""
    rows = score_round(state)
    totals = [s + r["total"] for s, r in zip(state.scores, rows, strict=True)]
    history = (*state.history, tuple(r["total"] for r in rows))
    best = max(totals)
    deals = state.rules.deals  # E12: a game of so many rounds
    over = (best >= state.rules.target_score and totals.count(best) == 1) or (
        0 < deals <= len(history))
    return evolve(
        state,
        phase=GAME_OVER if over else ROUND_OVER,
        history=history,
        log=chain_push(state.log, {"event": "round_over", "scores": [r["total"] for r in rows]}),
    )


def deal_round(
    rules: RuleSet,
    seed: int,
    round_no: int,
    dealer: int,
    scores: tuple[int, ...],
    history: tuple[tuple[int, ...], ...] = (),
    origin: str | None = None,
) -> State:
    """C3-C5: the deal of round `round_no` depends only on (seed, round_no)."""
    rng = random.Random(f"canasta:{seed}:{round_no}")
    deck = list(make_deck(rules.decks, rules.jokers_per_deck))
    rng.shuffle(deck)
    first = (dealer + 1) % rules.players
    hands: list[list[str]] = [[] for _ in range(rules.players)]
    for i in range(rules.hand_size * rules.players):
        hands[(first + i) % rules.players].append(deck.pop())
    packets = deal_packets(rules, deck, first)  # R3: the kitties, after the hands
    laid: list[tuple[int, list[str]]] = []
    if rules.red_threes_before_upcard:  # Z2: dealt red 3s replaced before the upcard
        for k in range(rules.players):
            seat = (first + k) % rules.players
            reds = _replaced(hands[seat], deck)
            if reds:
                laid.append((seat, reds))
    pile: list[str] = []
    while rules.upcard:  # C4 (U3: no upcard, the pile starts empty)
        card = deck.pop()
        pile.append(card)
        if card not in RED_THREES and (rules.counted_pile or card not in WILDS):
            break  # (Z3: a wild card turned up stays on top, and counts)
    face_down = [deck.pop() for _ in range(count(rules, pile[-1]))] if pile else []
    deck.reverse()  # the stock is stored top first: the next card dealt is the top
    log = chain_push(None, {"event": "deal", "round": round_no, "pile": pile,
                            **({"face_down": len(face_down)} if face_down else {})})
    for seat, reds in laid:
        log = chain_push(log, {"seat": seat, "event": "red_threes", "cards": reds})
    red_threes: list[tuple[str, ...]] = [() for _ in range(rules.teams)]
    for seat, reds in laid:
        red_threes[seat % rules.teams] += tuple(reds)
    state = State(
        rules=rules,
        seed=seed,
        round_no=round_no,
        dealer=dealer,
        to_move=first,
        to_act=first,
        phase=DRAW_PHASE,
        hands=tuple(sort_cards(h) for h in hands),
        melds=tuple(() for _ in range(rules.teams)),
        red_threes=tuple(red_threes),
        black_threes_aside=tuple(() for _ in range(rules.teams)),
        pile=tuple(face_down + pile),
        face_down=len(face_down),
        stock=tuple(deck),
        scores=scores,
        opened=tuple(False for _ in range(rules.teams)),
        melded_this_round=tuple(False for _ in range(rules.players)),
        history=history,
        origin=origin,
        # The turned-up cards are face up for everyone (C4); Z3's cards under them not.
        log=log,
        packets=packets,
        packets_open=tuple(False for _ in packets),
    )
    return begin_turn(state)


def _replaced(hand: list[str], deck: list[str]) -> list[str]:
    """Z2: the red 3s of a dealt `hand` laid down, each replaced from the top of `deck`
    (a red 3 drawn is replaced in turn). The red 3s laid."""
    reds: list[str] = []
    while True:
        found = [c for c in hand if c in RED_THREES]
        if not found or not deck:
            return reds
        for c in found:
            hand.remove(c)
            reds.append(c)
            hand.append(deck.pop())
