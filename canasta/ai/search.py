"""The strong player: determinized Monte Carlo search (perfect-information
Monte Carlo over sampled deals, in the spirit of Cowling, Powley & Whitehouse's
information-set search) on the engine's fast play-out path.

For each candidate action it samples deals consistent with the view (the same
deals for every candidate, to compare them fairly), applies the action, plays
the round out on the fast path, whose rollout policy follows the normal
player's judgements (`canasta.ai.fast.playout`, `ai/judgement.py`), and scores the round
for its team (our total minus the best opponent's). The budget is a number of play-outs
(and, where rounds run long, of the turns they play), so the choice is deterministic for a
given seed; a wall-clock cap is only a safety net, and its hits are counted in `STATS`.

A rule set the fast path does not model (`fast.unmodelled`) falls back to
play-outs over the public API (`apply`, `legal_actions`, `view_for`) with the
normal player choosing every seat's moves: far fewer play-outs in the same
time cap, counted in `STATS["fallbacks"]`.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from canasta.ai.fast.playout import Memory, Sim, Unsupported, unmodelled
from canasta.ai.gifts import gift_reason
from canasta.ai.heuristic import (
    SPECIAL_HAND,
    choose_heuristic,
    ranked_discards,
    scored_melds,
    way_out_step,
)
from canasta.ai.judgement import FROZEN_PILE_STYLE, KEEPS_WILD_PAIRS, NORMAL, Style
from canasta.ai.knowledge import Knowledge, read_view
from canasta.ai.run_plan import escalera_keepers
from canasta.ai.worlds import sample_world
from canasta.game.actions import Action, parse_action
from canasta.game.cards import RANK, WILDS, counts
from canasta.game.errors import IllegalAction
from canasta.game.state import State
from canasta.io.view import view_for
from canasta.mechanics.sequences import is_sequence_play
from canasta.play.legal import legal_actions
from canasta.play.transitions import apply
from canasta.rules.ruleset import RuleSet

DEFAULT_PLAYOUTS = 480
ASK_JSON = {"type": "ask"}
MAX_CANDIDATES = 5
# How much better (points a round, on the same sampled deals) a candidate must do
# to overrule normal's own choice; ties go to normal. Measured: with 480 play-outs
# a margin of 0 beat 25 (docs/AI.md).
MARGIN = 0.0
# Where the pile is always frozen (W4, K3, U12) the play-outs tell the candidates apart
# far less and their differences are mostly noise, so a candidate overrules normal only
# when its paired difference (the same sampled deals) stands FROZEN_PILE_Z standard
# errors above zero; and the search also weighs keeping the hand (HOLD_DISCARDS of
# normal's best discards) against a meld normal would make, since only pairs held in hand
# take such a pile. The wild-canasta game, 120 tuning pairs (seeds 30000-30119): strong
# 50.8 % ± 5.7 of rounds, +3 ± 69 a round with the earlier fixed margin of 60 points;
# 53.7 % ± 5.3, +124 ± 82 with both (docs/AI.md). The sequence games that end when a
# player goes out choose by the same paired rule (`by_paired_difference`): Samba with three
# naturals, tuning pairs 65001-65100 and 66001-66100, +9.2 ± 5.5 points of the round win
# rate against the highest mean; Samba and line 69's game within the noise of zero
# (docs/AI.md). So does Railroad (each for himself, a long round: a few sampled deals a
# candidate, each scored against the best of three opponents): tuning deals 82401-82543,
# strong won 30.6 % ± 4.2 of rounds with it (even play 25 %; 26.7 % ± 4.7 on the first 43
# deals without it).
FROZEN_PILE_Z = 1.0
HOLD_DISCARDS = 2
# Seconds from the start of a decision: a safety net for slow machines and the rare
# decision the work budgets let run long (a search for a way out from a huge hand), under
# the browser's 1 s at p95 (issue 12; it was 1.5 s, the 2 s maximum less a margin).
TIME_CAP = 0.9
# Hidden hands dealt as hands that have been through up to this many of their owners'
# discards (`worlds._kept`, where `kept_discards`): 4-player Classic, tuning pairs (docs/AI.md,
# "The hidden hands").
KEPT_DISCARDS = 3
FALLBACK_PLAYOUTS = 60  # public-API play-outs cost about 50 times a fast one
# Where nobody goes out (E4, the escalera game) a play-out runs to the end of the stock:
# 362 fast play-outs/s against Brazilian's 936 (`python -m canasta bench`, the same
# minute), so a decision gets that share of the budget and keeps the same time (the
# browser's p95 was 1.52 s at 480, the time cap). So do the games with a packet dealt to
# each player (Hand and Foot, Pennies: HF2, PH3), whose rounds draw two cards at a time
# from stocks of 180-200 cards: Hand and Foot's fast play-outs ran at 199/s (`bench`,
# under load), and at 480 its strong level hit the time cap in 181 of 446 decisions
# (p95 1.52 s, CPython beside an arena).
LONG_ROUND_PLAYOUTS = 180
# Their decisions early in the round still ran long: a play-out's time follows the turns it
# plays (CPython, idle: correlation 0.90-0.98 over the decisions of Classic, Hand and Foot,
# Pennies and Railroad; 58-103 us a turn), and early in a Railroad round 180 play-outs
# would play about 26,000 turns: the browser worker's p95 was 1.42 s for Hand and Foot and
# 1.58 s for Railroad (the time cap) on an idle machine. So a long round's decision also
# stops sampling deals once its play-outs have played LONG_ROUND_TURNS turns (counted in
# STATS["turn_budget_stops"]): a budget of work, so still deterministic.
LONG_ROUND_TURNS = 6000
# The other games with sequences (S6: Samba and its relatives, Bolivia, Brazilian, line
# 69's game) deal 15 cards from three decks, and their play-outs cost more than Classic's:
# longer rounds (Bolivia's run to the end of the stock: 36-47 us a turn, 20,000 turns at
# p95 for 480 play-outs) and searches for a way out that try many sequence plays (0.15 ms
# each, but up to 40 ms from a hand of 40 cards). The browser's worker ran 1.9 times
# slower than CPython on bench/saves-three-deck.json, its p95 1.1-1.6 s in four of these
# games. So their decisions stop sampling deals once the play-outs' work — turns, and
# SEARCH_WORK for each search for a way out times its `fast.SEARCH_COST` — reaches
# SEQUENCE_WORK (counted in STATS["turn_budget_stops"]); set on decisions of tuning deals
# (seeds from 40,001), where it stops 55 of 120 decisions that search (Samba 3 of 20,
# with a counted pile 8, three naturals 15, Bolivia 10, Brazilian 13, line 69's game 6).
SEQUENCE_WORK = 12_000
SEARCH_WORK = 5
# world_refusals: play-outs skipped because a sampled deal refused the candidate that is
# legal at the table (the knowledge misread what the log shows; a bug to fix, counted so
# the arena prints it, never a crash of the player's game).
STATS = {"decisions": 0, "time_cap_hits": 0, "playouts": 0, "fallbacks": 0,
         "world_refusals": 0, "turn_budget_stops": 0}


def work_budget(rules: RuleSet) -> tuple[int, int] | None:
    """The work a decision's play-outs may do before it stops sampling deals: (the
    budget, the work of a search for a way out, in turns), or None (no budget)."""
    if long_round(rules):
        return LONG_ROUND_TURNS, 0
    if rules.sequence_min:
        return SEQUENCE_WORK, SEARCH_WORK
    return None


def long_round(rules: RuleSet) -> bool:
    """Whether a round runs long enough for LONG_ROUND_PLAYOUTS: nobody goes out (E4), or
    every player has a packet dealt face down (R3, HF2, PH3)."""
    return not rules.going_out or rules.reserve_from == "dealt"


def choose_by_search(view: dict[str, Any], seed: int, playouts: int = 0) -> Action:
    """The strong level: normal's choice unless play-outs on sampled deals find a better
    candidate; `playouts` in all (0: DEFAULT_PLAYOUTS, or LONG_ROUND_PLAYOUTS where a
    round runs long: `long_round`)."""
    legal: list[dict[str, Any]] = view["legal"]
    STATS["decisions"] += 1
    start = time.perf_counter()
    if len(legal) == 1 or view["phase"] in ("answer", "round_over"):
        return parse_action(choose_heuristic(view, "normal", seed))
    know = read_view(view)
    style = strong_style(know.rules)
    preferred = choose_heuristic(view, "normal", seed, style)
    if preferred == SPECIAL_HAND:  # U21: its bonus ends the round; nothing to search
        return parse_action(preferred)
    candidates = _candidates(view, preferred, know, style)
    if len(candidates) == 1:
        return parse_action(candidates[0])
    rng = random.Random(seed)
    budget = work_budget(know.rules)
    if not playouts:
        playouts = LONG_ROUND_PLAYOUTS if long_round(know.rules) else DEFAULT_PLAYOUTS
    public = unmodelled(know.rules) is not None
    if public:
        STATS["fallbacks"] += 1
        playouts = min(playouts, FALLBACK_PLAYOUTS)
    memory = memory_of(know)
    team = view["seat"] % view["teams"]
    rows: list[list[float | None]] = []
    per = max(1, playouts // len(candidates))
    played = style if style.in_playouts else NORMAL  # the play-outs' judgements
    work = 0.0
    kept = kept_discards(know.rules)
    for n in range(per):
        world = sample_world(view, rng, know, kept)
        world_seed = rng.randrange(1 << 30)
        row: list[float | None] = []
        for cand in candidates:
            if public:
                score = _public_rollout(world, parse_action(cand), team, world_seed, played)
            else:
                score, turns, searches = _rollout(world, parse_action(cand), team,
                                                  world_seed, memory, played)
                if budget is not None:
                    work += turns + budget[1] * searches
            row.append(score)
            if score is not None:
                STATS["playouts"] += 1
        rows.append(row)
        if n + 1 == per:
            break
        if budget is not None and work >= budget[0]:
            STATS["turn_budget_stops"] += 1
            break
        if time.perf_counter() - start > TIME_CAP:
            STATS["time_cap_hits"] += 1
            break
    best = pick(know.rules, rows)
    return parse_action(candidates[best])


def by_paired_difference(rules: RuleSet) -> bool:
    """Whether a candidate overrules normal's choice only when its paired difference stands
    FROZEN_PILE_Z standard errors above zero (`paired_lower`), rather than on the highest
    mean: where the pile is always frozen (W4, K3, U12), in the sequence games whose
    rounds end when a player goes out (their play-outs stop at SEQUENCE_WORK), and where
    each plays for himself in a long round (Railroad, 2 to 6 players): a few
    deals a candidate, each scored against the best of several opponents (docs/AI.md)."""
    if rules.pile_always_frozen:
        return True
    if long_round(rules):
        return rules.teams == rules.players
    return rules.sequence_min > 0


def pick(rules: RuleSet, rows: list[list[float | None]]) -> int:
    """The index of the candidate chosen from the play-outs' scores (`rows`: one score per
    candidate per sampled deal, None where a play-out failed); 0, normal's own choice,
    unless another does better (ties go to normal)."""
    count = len(rows[0])
    if by_paired_difference(rules):
        lowers = [paired_lower(rows, i, FROZEN_PILE_Z) for i in range(count)]
        best = max(range(count), key=lowers.__getitem__)
        return best if lowers[best] > 0.0 else 0
    means = []
    for i in range(count):
        scores = [score for row in rows if (score := row[i]) is not None]
        means.append(sum(scores) / len(scores) if scores else float("-inf"))
    best = max(range(count), key=means.__getitem__)
    return best if means[best] - means[0] > MARGIN else 0


def memory_of(know: Knowledge) -> Memory:
    """What the view's log showed of each seat, as the play-outs' policy remembers it."""
    return Memory(thrown=tuple(frozenset(k) for k in know.discarded_ranks),
                  picked=tuple(frozenset(k) for k in know.picked_ranks))


def paired_lower(rows: list[list[float | None]], i: int, z: float) -> float:
    """How much better candidate `i` did than candidate 0 (normal's choice) on the same
    sampled deals (`rows`: one score per candidate per deal, None where a play-out
    failed), `z` standard errors below the mean difference; 0 for candidate 0 itself."""
    if i == 0:
        return 0.0
    diffs = [a - b for row in rows if (a := row[i]) is not None and (b := row[0]) is not None]
    if len(diffs) < 2:
        return float("-inf")
    mean = sum(diffs) / len(diffs)
    var = sum((x - mean) ** 2 for x in diffs) / (len(diffs) - 1)
    return mean - z * math.sqrt(var / len(diffs))


def _candidates(view: dict[str, Any], preferred: dict[str, Any],
                know: Knowledge, style: Style | None = None) -> list[dict[str, Any]]:
    """Where play-outs judge well: whether and how to take the pile, which card to
    discard (normal's best few, without gifts unless normal's own choice is one), whether
    to go out now (asking or not) or play on, and keeping the hand against normal's meld
    (both where the play-outs have no budget of work and the pile is not always frozen;
    keeping the hand also where it is, since only pairs held take such a pile); and, where
    `weighs_rival_melds`, normal's meld against the melds that would use some of its
    cards (`_rival_melds`). Elsewhere which meld to make is left to the heuristic. Normal's
    rankings are weighed with the strong level's judgements (`style`, by default
    `strong_style` of the rules)."""
    legal: list[dict[str, Any]] = view["legal"]
    if style is None:
        style = strong_style(know.rules)
    if view["phase"] == "draw":
        return [preferred, *[a for a in legal if a != preferred]][:MAX_CANDIDATES]
    discards = [a for a in legal if a["type"] == "discard"]
    free = view["permission"] is None and not view["pending"]
    # (measured where a decision's play-outs have no budget of work — no sequences, no
    # long rounds — and the pile is not always frozen: docs/AI.md)
    unbudgeted = work_budget(know.rules) is None
    frozen = know.rules.pile_always_frozen
    way_out = way_out_step(view, know.rules) if free and unbudgeted and not frozen else None
    if way_out is not None:
        # Go out now, after asking or not (C33), or play on: normal decides by rules of
        # thumb (`judgement.want_out`); the play-outs see what each costs.
        going = [preferred, *([ASK_JSON] if ASK_JSON in legal else []), way_out,
                 *_safe_discards(view, know, discards, style)[:HOLD_DISCARDS]]
        unique = [a for i, a in enumerate(going) if a not in going[:i]]
        if len(unique) > 1:
            return unique
    # Keep the hand? Pairs held take the pile, cards held are not shown: normal's meld
    # against its best discards now (no gifts unless every discard is one).
    opened = view["team_melded"][view["seat"] % view["teams"]]
    holding = (preferred["type"] == "meld" and discards and free and opened
               and (unbudgeted or frozen))
    if holding:
        return [preferred, *_safe_discards(view, know, discards, style)[:HOLD_DISCARDS]]
    if preferred["type"] == "meld" and free and opened and weighs_rival_melds(know.rules):
        rivals = _rival_melds(view, know, preferred, style)
        if rivals:
            return [preferred, *rivals]
    if preferred["type"] != "discard":
        return [preferred]
    ranked = ranked_discards(view, know, discards, "normal", random.Random(0), style)
    if gift_reason(view, know, preferred["card"]) is None:
        # No gifts (issue 19): normal found a discard that is not one, so the search
        # does not weigh those that are (its sampled deals undervalue the pile).
        ranked = [a for a in ranked if gift_reason(view, know, a["card"]) is None]
    keepers = escalera_keepers(view, know.rules)
    if preferred["card"] not in keepers:
        # B4: nor those that could grow the escalera normal keeps cards for: the
        # play-outs' policy does not build one (run_plan)
        ranked = [a for a in ranked if a["card"] not in keepers]
    return [preferred, *[a for a in ranked if a != preferred]][:MAX_CANDIDATES]


def strong_style(rules: RuleSet) -> Style:
    """The judgements the strong level plays with, in its own choice, its candidates'
    rankings and (`Style.in_playouts`) every seat of its play-outs: normal's, but in
    Classic's two-deck rule sets (`keeps_wild_pairs`) and in the wild-canasta game
    (`frozen_pile_style`), where normal with them beat normal on tuning pairs
    (docs/AI.md)."""
    if keeps_wild_pairs(rules):
        return KEEPS_WILD_PAIRS
    if frozen_pile_style(rules):
        return FROZEN_PILE_STYLE
    return NORMAL


def frozen_pile_style(rules: RuleSet) -> bool:
    """Whether strong plays with `FROZEN_PILE_STYLE`: in the wild-canasta game of seed 003
    (two decks, the pile always frozen, melds closed at seven, melds of wild cards; no
    packets). Not in Cuban (black 3s set aside: normal with the style gained there too,
    but strong is not measured with it) nor Modern American (7s and aces: normal gained
    nothing)."""
    return bool(rules.decks == 2 and rules.pile_always_frozen and rules.meld_max
                and rules.wild_meld_min and not rules.pure_ranks
                and not rules.black_threes_set_aside and not rules.reserve_size)


def kept_discards(rules: RuleSet) -> int:
    """How many of its owner's discards a hidden hand of the sampled deals has been through
    (`worlds._kept`; 0: dealt at random): KEPT_DISCARDS in Classic's rounds of four seats
    (4 players, and 5 who take turns at them), where it was measured (docs/AI.md, "The
    hidden hands"); not in Cuban, where it gained nothing, nor in Railroad, where it lost
    (docs/AI.md, "Notes and limits"), nor elsewhere until measured."""
    return KEPT_DISCARDS if keeps_wild_pairs(rules) and rules.players == 4 else 0


def keeps_wild_pairs(rules: RuleSet) -> bool:
    """Whether strong keeps a pair and a wild card in hand, however big the hand, until
    its side can go out (`KEEP_WILD_PAIRS`, in its own choice and in its play-outs'
    policy), where normal lays them down from BIG_HAND cards: in Classic's rule sets of
    two decks (no sequences, no melds of wild cards, no closed canastas, Classic's pile,
    no packets: Classic for 2 to 5 players). Tuned in 4-player Classic (docs/AI.md); with
    three decks (6 players) and in the other games normal's threshold stays."""
    return rules.decks == 2 and not (
        rules.sequence_min or rules.wild_meld_min or rules.meld_max or rules.pile_always_frozen
        or rules.pile_min_size or rules.reserve_size or long_round(rules))


def weighs_rival_melds(rules: RuleSet) -> bool:
    """Whether the search weighs normal's meld against its rivals (`_rival_melds`): in
    the sequence games whose rounds end when a player goes out and where a group and a
    sequence most often want the same naturals — every meld holds three naturals (N2:
    Samba with three naturals), or going out needs a canasta of a sequence (B4:
    Bolivia's escalera). Measured there only (docs/AI.md); the other sequence games
    leave the meld to normal until measured."""
    return bool(rules.sequence_min) and not long_round(rules) and (
        rules.wilds_from_naturals >= 3 or rules.sequence_canastas_to_go_out > 0)


def _rival_melds(view: dict[str, Any], know: Knowledge, preferred: dict[str, Any],
                 style: Style = NORMAL) -> list[dict[str, Any]]:
    """Melds normal would also make (`scored_melds`) that need some of the cards of its
    chosen meld — a group against a sequence of the same cards, say: the best of each
    other target, highest score first. (Melds that leave its cards alone the play-out's
    policy may still make after it.)"""
    melds = [a for a in view["legal"] if a["type"] == "meld"]
    hand = counts(view["hand"])
    chosen = counts(preferred["cards"])
    own = meld_goal(know.rules, preferred)
    best: dict[tuple[Any, ...], tuple[int, dict[str, Any]]] = {}
    for score, action in scored_melds(view, melds, "normal", know, style):
        key = meld_goal(know.rules, action)
        if key == own or not chosen + counts(action["cards"]) - hand:
            continue
        if key not in best or score > best[key][0]:
            best[key] = (score, action)
    ranked = sorted(best.values(), key=lambda pair: -pair[0])
    return [action for _, action in ranked][:MAX_CANDIDATES - 1]


def meld_goal(rules: RuleSet, action: dict[str, Any]) -> tuple[Any, ...]:
    """What a meld action builds: a meld already on the table, a new sequence of a suit
    (`sequences.is_sequence_play`, as the engine reads it), or a (new) group of a rank."""
    if action.get("onto") is not None:
        return ("onto", action["onto"])
    naturals = [c for c in action["cards"] if c not in WILDS]
    if is_sequence_play(rules, tuple(action["cards"])):
        return ("sequence", frozenset(c[-1] for c in naturals))
    rank = action.get("rank") or (RANK[naturals[0]] if naturals else "")
    return ("group", rank, bool(action.get("new")))


def _safe_discards(view: dict[str, Any], know: Knowledge, discards: list[dict[str, Any]],
                   style: Style = NORMAL) -> list[dict[str, Any]]:
    """Normal's ranking of `discards` (with the judgements of `style`), without gifts
    unless every discard is one."""
    ranked = ranked_discards(view, know, discards, "normal", random.Random(0), style)
    return [a for a in ranked if gift_reason(view, know, a["card"]) is None] or ranked


def _rollout(
    world: State, action: Action, team: int, seed: int, memory: Memory,
    style: Style = NORMAL,
) -> tuple[float | None, int, float]:
    """Our team's round total minus the best opponent's after `action` and a play-out
    whose policy remembers what the log showed of each seat (`memory`), and the turns the
    play-out played and its searches for a way out (`fast.SEARCH_COST`: weighted by the
    cards held); None where the sampled deal refuses `action` (counted in
    STATS["world_refusals"])."""
    state = _applied(world, action)
    if state is None:
        return None, 0, 0
    rng = random.Random(seed)
    # The fast path starts at a turn boundary or after a draw; finish other steps
    # (an answer, a pending initial meld) with the first listed legal action.
    for _ in range(40):
        if state.round_over:
            break
        try:
            sim = Sim(state, rng, memory=memory, style=style)
            return _margin(sim.run(), team), sim.turns, sim.searches
        except Unsupported:
            state = apply(state, legal_actions(state)[0])
    if not state.round_over:
        return None, 0, 0
    from canasta.play.scoring import score_round

    return _margin([row["total"] for row in score_round(state)], team), 0, 0


def _public_rollout(world: State, action: Action, team: int, seed: int,
                    style: Style = NORMAL) -> float | None:
    """`_rollout` over the public API: after `action`, the normal player chooses
    every seat's moves from its own view until the round ends."""
    state = _applied(world, action)
    return None if state is None else _margin(public_playout(state, seed, style), team)


def _applied(world: State, action: Action) -> State | None:
    """`action` applied to a sampled deal, or None where that deal refuses it."""
    try:
        return apply(world, action)
    except IllegalAction:
        STATS["world_refusals"] += 1
        return None


def public_playout(state: State, seed: int, style: Style = NORMAL) -> list[int]:
    """The strong level's fallback play-out (`python -m canasta bench` times it): the
    normal player chooses every seat's moves from its own view, through the public API,
    until the round ends. Each team's round total."""
    from canasta.play.scoring import score_round

    step = 0
    while not state.round_over:
        choice = choose_heuristic(view_for(state, state.to_act), "normal", seed + step, style)
        state = apply(state, parse_action(choice))
        step += 1
    return [row["total"] for row in score_round(state)]


def _margin(scores: list[int], team: int) -> float:
    others = [s for t, s in enumerate(scores) if t != team]
    return float(scores[team] - max(others)) if others else float(scores[team])
