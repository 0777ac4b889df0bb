"""`load_position`: a position in protocol JSON becomes a State (or PositionError)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from canasta.game.cards import BLACK_THREES, RANK, WILDS, is_card, make_deck, sort_cards
from canasta.game.errors import PositionError, RuleSetError, Text, said_by, shown, shown_keys
from canasta.game.state import DRAW, PLAY, State, chain_push, seed_problem
from canasta.mechanics.melds import MELD_ID_MAX, WILD_KEY, TableMeld, shape_problem, table_meld
from canasta.mechanics.sequences import SEQUENCE, SEQUENCE_KEY, in_run_order
from canasta.mechanics.sequences import start_problem as sequence_problem
from canasta.mechanics.wild_melds import start_problem
from canasta.play.legal import legal_actions
from canasta.play.transitions import begin_turn
from canasta.rules.fields import SCORE_HIGH
from canasta.rules.ruleset import RuleSet
from canasta.rules.variants import get_rules


def _cards(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise PositionError(Text("{where} must be a list of cards", where=where))
    for c in value:
        if not is_card(c):
            raise PositionError(Text("{where}: {value} is not a card (use e.g. 'KD', 'TS', "
                                     "'JK')", where=where, value=shown(c)))
    return tuple(value)


def _per(data: dict[str, Any], key: str, count: int, what: str) -> list[Any]:
    value = data.get(key)
    if value is None:
        return [[] for _ in range(count)]
    if not isinstance(value, list) or len(value) != count:
        raise PositionError(
            Text('"{field}" must list one entry per seat ({count})', field=key, count=count)
            if what == "seat" else
            Text('"{field}" must list one entry per team ({count})', field=key, count=count))
    return value


def _meld(rules: RuleSet, cards: tuple[str, ...], where: str) -> TableMeld:
    naturals = [c for c in cards if c not in WILDS]
    if not naturals and rules.wild_meld_min:  # F1, H12: a meld of wild cards
        problem = start_problem(rules, len(cards))
        if problem:
            raise PositionError(Text("{where}: invalid meld {cards}: {problem}", where=where,
                                     cards=str(list(cards)), problem=problem))
        return table_meld(WILD_KEY, sort_cards(cards))
    ranks = {RANK[c] for c in naturals}
    if len(ranks) > 1 and rules.sequence_min:  # S6: a sequence
        problem = sequence_problem(rules, cards)
        if problem:
            raise PositionError(Text("{where}: invalid sequence {cards}: {problem}",
                                     where=where, cards=str(list(cards)), problem=problem))
        return table_meld(SEQUENCE_KEY, in_run_order(cards))
    if len(ranks) != 1:
        raise PositionError(Text("{where}: a meld needs natural cards of exactly one rank",
                                 where=where))
    rank = ranks.pop()
    if rank == "3" and not rules.black_threes_anytime:
        raise PositionError(Text("{where}: 3s are not melded in a position (C20, C21)",
                                 where=where))
    if rank == "3":  # E5: a side's set of black 3s lies on the table during the round
        if not (3 <= len(cards) <= 4 and all(c in BLACK_THREES for c in cards)):
            raise PositionError(Text("{where}: invalid meld {cards}: {problem}", where=where,
                                     cards=str(list(cards)),
                                     problem="Black 3s are melded as a set of three or four."))
        return table_meld(rank, sort_cards(cards))
    # (U8: a meld of a rank that takes wild cards only in an initial meld may hold them)
    problem = shape_problem(rules, rank, len(naturals), len(cards) - len(naturals), True)
    if problem:
        raise PositionError(Text("{where}: invalid meld {cards}: {problem}", where=where,
                                 cards=str(list(cards)), problem=problem))
    return table_meld(rank, sort_cards(cards))


def _meld_entry(rules: RuleSet, entry: Any, where: str) -> tuple[TableMeld, int | None]:
    """A position's meld: a list of cards, or an object {"cards", "kind"?, "id"?}."""
    if isinstance(entry, dict):
        unknown = set(entry) - {"cards", "kind", "id"}
        if unknown:
            raise PositionError(Text("{where}: unknown meld field(s) {names}", where=where,
                                     names=shown_keys(unknown)))
        meld = _meld(rules, _cards(entry.get("cards"), f"{where}.cards"), where)
        if entry.get("kind", meld.kind) != meld.kind:
            raise PositionError(Text("{where}: these cards make a meld of kind {kind}, not "
                                     "{value}", where=where, kind=repr(meld.kind),
                                     value=shown(entry["kind"])))
        meld_id = entry.get("id")
        if meld_id is not None and (type(meld_id) is not int or not 1 <= meld_id <= MELD_ID_MAX):
            raise PositionError(Text("{where}: a meld id is a whole number from 1 to {high}",
                                     where=where, high=MELD_ID_MAX))
        return meld, meld_id
    return _meld(rules, _cards(entry, where), where), None


def _number_melds(
    entries: list[list[tuple[TableMeld, int | None]]],
) -> list[tuple[TableMeld, ...]]:
    """Give every meld its id: the one the position names, else the next free number
    counting from 1, team by team in the order listed."""
    given = [i for team in entries for _, i in team if i is not None]
    if len(given) != len(set(given)):
        raise PositionError(Text("two melds of the position have the same id"))
    taken, free = set(given), 1
    out: list[tuple[TableMeld, ...]] = []
    for team in entries:
        numbered: list[TableMeld] = []
        for meld, meld_id in team:
            if meld_id is None:
                while free in taken:
                    free += 1
                meld_id = free
                taken.add(free)
            numbered.append(meld._replace(id=meld_id))
        out.append(tuple(numbered))
    return out


def melds_json(melds: tuple[tuple[TableMeld, ...], ...]) -> list[list[Any]]:
    """The position form of the table's melds: plain card lists when loading them
    would give the same ids, else objects that keep each meld's id."""
    plain = [[list(m.cards) for m in team] for team in melds]
    if [m.id for team in melds for m in team] == list(range(1, 1 + sum(map(len, melds)))):
        return plain
    return [[{"id": m.id, "kind": m.kind, "cards": list(m.cards)} for m in team]
            for team in melds]


def _rules_of(data: dict[str, Any]) -> RuleSet:
    """The position's rule set: `rules` by value if given (additive), else the variant."""
    if "rules" in data:
        try:
            rules = RuleSet.from_json(data["rules"])
        except RuleSetError as err:
            raise PositionError(Text("the position's rules are unreadable: {why}",
                                     why=said_by(err))) from None
        if "variant" in data and data["variant"] != rules.name:
            raise PositionError(Text("the position's variant and rules name different games"))
        return rules
    variant = data.get("variant", "classic")
    if not isinstance(variant, str):
        raise PositionError(Text('"variant" must be a variant\'s name, not {value}',
                                 value=shown(variant)))
    try:
        return get_rules(variant)
    except KeyError as err:
        raise PositionError(said_by(err)) from None  # (get_rules says a Text)


def load_position(data: dict[str, Any], seed: int = 0) -> State:
    if not isinstance(data, dict):
        raise PositionError(Text("a position must be a JSON object"))
    problem = seed_problem(seed)
    if problem:
        raise PositionError(problem)
    rules = _rules_of(data)
    n, teams = rules.players, rules.teams
    to_move = data.get("to_move", 0)
    if type(to_move) is not int or not 0 <= to_move < n:  # (true is no seat)
        raise PositionError(Text('"to_move" must be a seat from 0 to {high}, not {value}',
                                 high=n - 1, value=shown(to_move)))
    dealer = data.get("dealer", (to_move - 1) % n)
    if type(dealer) is not int or not 0 <= dealer < n:
        raise PositionError(Text('"dealer" must be a seat from 0 to {high}, not {value}',
                                 high=n - 1, value=shown(dealer)))
    phase = data.get("phase", DRAW)
    if phase not in (DRAW, PLAY):
        raise PositionError(Text('"phase" must be "draw" or "play" in a position'))
    hands = [
        sort_cards(_cards(h, f"hands[{i}]")) for i, h in enumerate(_per(data, "hands", n, "seat"))
    ]
    teams_melds = _per(data, "melds", teams, "team")
    for t, team in enumerate(teams_melds):
        if not isinstance(team, list):
            raise PositionError(Text("melds[{t}] must be a list of melds (each a list of "
                                     "cards)", t=t))
    melds = _number_melds([
        [_meld_entry(rules, m, f"melds[{t}][{j}]") for j, m in enumerate(team)]
        for t, team in enumerate(teams_melds)
    ])
    for t, team_melds in enumerate(melds):
        ranks = [m.rank for m in team_melds if m.kind != SEQUENCE]
        for rank in set(ranks):
            held = [m for m in team_melds if m.rank == rank]
            if len(held) > 1 and (len(held) > rules.groups_per_rank or rank in ("3", "W")
                                  or any(len(m.cards) < rules.canasta_size
                                         for m in held[:-1])):
                raise PositionError(Text(
                    "melds[{t}]: a team has at most one meld per rank (C18), or where the "
                    "rules allow {n}, new ones beside canastas (S5)", t=t,
                    n=rules.groups_per_rank))
    reds = [
        _cards(r, f"red_threes[{t}]") for t, r in enumerate(_per(data, "red_threes", teams, "team"))
    ]
    for t, r in enumerate(reds):
        if any(c not in rules.laid_threes for c in r):
            raise PositionError(
                Text("red_threes[{t}] may hold only red 3s and black 3s (U5)", t=t)
                if rules.black_threes_laid else
                Text("red_threes[{t}] may hold only red 3s", t=t))
    # K10: black 3s set aside (additive; only where the rules set them aside)
    blacks = [
        _cards(b, f"black_threes_aside[{t}]")
        for t, b in enumerate(_per(data, "black_threes_aside", teams, "team"))
    ]
    for t, b in enumerate(blacks):
        if any(c not in BLACK_THREES for c in b):
            raise PositionError(Text("black_threes_aside[{t}] may hold only black 3s", t=t))
        if b and not rules.black_threes_set_aside:
            raise PositionError(Text("black_threes_aside: these rules set no black 3 aside"))
    # R13: the packets dealt face down (additive; only where the rules deal them)
    packets: list[tuple[str, ...]] = []
    packets_open: list[bool] = []
    if "packets" in data:
        if rules.reserve_from != "dealt":
            raise PositionError(Text("packets: these rules deal no packet"))
        packets = [_cards(p, f"packets[{i}]") for i, p in enumerate(_per(data, "packets", n,
                                                                         "seat"))]
        packets_open = data.get("packets_open", [False] * n)
        if (not isinstance(packets_open, list) or len(packets_open) != n
                or not all(isinstance(b, bool) for b in packets_open)):
            raise PositionError(Text('"packets_open" must be {n} true/false values', n=n))
    pile = _cards(data.get("pile", []), "pile")
    scores = data.get("scores", [0] * teams)
    if (
        not isinstance(scores, list)
        or len(scores) != teams
        or not all(type(s) is int and -SCORE_HIGH <= s <= SCORE_HIGH for s in scores)
    ):
        raise PositionError(Text('"scores" must be {n} whole numbers from {low} to {high}',
                                 n=teams, low=-SCORE_HIGH, high=SCORE_HIGH))
    mtr = data.get("melded_this_round", [False] * n)
    if not isinstance(mtr, list) or len(mtr) != n or not all(isinstance(b, bool) for b in mtr):
        raise PositionError(Text('"melded_this_round" must be {n} true/false values', n=n))
    deck = Counter(make_deck(rules.decks, rules.jokers_per_deck))
    placed = Counter(c for h in hands for c in h)
    placed.update(c for team in melds for m in team for c in m.cards)
    placed.update(c for r in reds for c in r)
    placed.update(c for b in blacks for c in b)
    placed.update(pile)
    placed.update(c for p in packets for c in p)
    for card, count in placed.items():
        if count > deck[card]:
            raise PositionError(Text("{card} appears {count} times; the deck holds {held}",
                                     card=card, count=count, held=deck[card]))
    if "stock" in data:
        stock = _cards(data["stock"], "stock")
        placed.update(stock)
        if placed != deck:
            missing = sorted((deck - placed).elements())
            extra = sorted((placed - deck).elements())
            raise PositionError(Text(
                "with a stock given, every card must appear exactly once "
                "(missing {missing}, extra {extra})", missing=str(missing[:8]),
                extra=str(extra[:8])))
    else:
        remaining = list((deck - placed).elements())
        remaining.sort()
        random.Random(f"canasta-position:{seed}").shuffle(remaining)
        stock = tuple(remaining)
    for i, h in enumerate(hands):
        if not h:
            raise PositionError(Text(
                "hands[{i}] is empty: a player without cards has gone out, which ends the round",
                i=i))
    if phase == DRAW and not stock and not rules.stock_out:
        raise PositionError(Text("a position in the draw phase needs cards in the stock "
                                 "(C34)"))
    if phase == PLAY and any(c in rules.laid_threes for c in hands[to_move]):
        raise PositionError(Text("the player to move holds a 3 that is laid down after "
                                 "drawing: lay it down (C7)"))
    normal: dict[str, Any] = {
        "variant": rules.name,
        "dealer": dealer,
        "to_move": to_move,
        "phase": phase,
        "hands": [list(h) for h in hands],
        "melds": melds_json(tuple(melds)),
        "red_threes": [list(r) for r in reds],
        "pile": list(pile),
        "stock": list(stock),
        "scores": scores,
        "melded_this_round": mtr,
    }
    if any(blacks):
        normal["black_threes_aside"] = [list(b) for b in blacks]
    if packets:
        normal["packets"] = [list(p) for p in packets]
        normal["packets_open"] = packets_open
    if "rules" in data:
        normal["rules"] = rules.to_json()
    state = State(
        rules=rules,
        seed=seed,
        round_no=1,
        dealer=dealer,
        to_move=to_move,
        to_act=to_move,
        phase=phase,
        hands=tuple(hands),
        melds=tuple(melds),
        red_threes=tuple(reds),
        black_threes_aside=tuple(blacks),
        pile=pile,
        stock=stock,
        scores=tuple(scores),
        opened=tuple(bool(m) for m in melds),
        melded_this_round=tuple(mtr),
        fresh=not mtr[to_move],
        origin=json.dumps(normal, sort_keys=True),
        log=chain_push(None, {"event": "position", "pile": list(pile)}),
        packets=tuple(packets),
        packets_open=tuple(packets_open),
    )
    if phase == DRAW:
        state = begin_turn(state)
    if not state.round_over and not legal_actions(state):
        raise PositionError(Text(
            "the player to move would have no legal action here (for example one card "
            "left after drawing and no canasta: it can be neither melded nor discarded, C31)"))
    return state


def position_of(state: State) -> dict[str, Any]:
    """The protocol position JSON of a state at the start of a turn, or just after
    drawing with nothing melded yet (the two moments a position can describe)."""
    if state.phase not in (DRAW, PLAY) or state.turn_melded or state.asked or state.pending:
        raise PositionError(Text("a position describes the start of a turn or the moment "
                                 "after drawing"))
    return {
        "variant": state.rules.name,
        "dealer": state.dealer,
        "to_move": state.to_move,
        "phase": state.phase,
        "hands": [list(h) for h in state.hands],
        "melds": [[list(m.cards) for m in team] for team in state.melds],
        "red_threes": [list(r) for r in state.red_threes],
        "pile": list(state.pile),
        "stock": list(state.stock),
        "scores": list(state.scores),
        "melded_this_round": list(state.melded_this_round),
        **({"black_threes_aside": [list(b) for b in state.black_threes_aside]}
           if any(state.black_threes_aside) else {}),
        **({"packets": [list(p) for p in state.packets],
            "packets_open": list(state.packets_open)} if state.packets else {}),
    }
