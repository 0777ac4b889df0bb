"""Rule-based players ("easy" and "normal"), deciding from the view alone.

The player scores the legal actions listed in the view. Normal weighs the pile
against its risk, keeps pairs to unfreeze the pile, counts cards seen in the
log, keeps discards safe against the next opponent, blocks a threatening pile
with black 3s or wild cards, asks and answers "May I go out?" by the score,
and does not go out early after a single canasta when behind. Easy plays the
obvious moves and avoids only the plainly dangerous discards.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from canasta.ai.gifts import LOOP_TAKES, LOOP_TURNS, closed_for, empty_takes, gift_reason
from canasta.ai.judgement import (
    BIG_PILE,
    NORMAL,
    RUN_KEEP,
    Style,
    answer_yes,
    build_wild_meld,
    danger_score,
    keep_score,
    opponent_threat,
    pure_meld_worth_starting,
    start_wild_meld,
    want_out,
)
from canasta.ai.knowledge import Knowledge, natural_ranks, read_view
from canasta.ai.run_plan import escalera_keepers, sequence_canastas
from canasta.game.actions import action_to_json
from canasta.game.cards import BLACK_THREES, RANK, VALUE, WILDS
from canasta.io.view import rules_of
from canasta.mechanics.melds import WILD_KEY, dead_ranks, meld_of_view, table_of_view
from canasta.mechanics.pile import frozen_for
from canasta.outlook.going_out import go_out_plan
from canasta.outlook.solver import CANNOT_GO_OUT, kinds_lacking, out_shortfall, toward_out
from canasta.rules.ruleset import RuleSet

Json = dict[str, Any]
SPECIAL_HAND: Json = {"type": "special_hand"}


def choose_heuristic(view: Json, level: str, seed: int, style: Style = NORMAL) -> Json:
    """`level`'s action, with the judgements of `style` (normal's by default; the
    strong level's differ in some rule sets: `search.strong_style`)."""
    rng = random.Random(seed)
    legal: list[Json] = view["legal"]
    phase = view["phase"]
    if len(legal) == 1:
        return legal[0]
    if phase == "answer":
        return {"type": "answer", "yes": _answer(view, level)}
    know = read_view(view)
    if phase == "draw":
        return _draw_choice(view, know, level)
    return _play_choice(view, know, level, rng, style)


# ----- the partnership -------------------------------------------------------
def _team(view: Json, seat: int | None = None) -> int:
    s = view["seat"] if seat is None else seat
    return int(s) % int(view["teams"])


def _lead(view: Json) -> int:
    """Our team's total minus the best opponent's total (before this round)."""
    totals = view["scores"]
    mine = totals[_team(view)]
    others = [t for i, t in enumerate(totals) if i != _team(view)]
    return int(mine - max(others)) if others else 0


def _goal(view: Json, team: int) -> int:
    """The canastas `team` needs to go out, its red 3s counted (M8, M12)."""
    goal: int = view["canastas_to_go_out"]
    rules = view.get("rules") or {}
    if rules.get("red_threes_to_go_out") or rules.get("canastas_per_red_three"):
        goal += out_shortfall(rules_of(view), len(view["red_threes"][team]))
    if rules.get("sequence_canastas_to_go_out", 0) > sequence_canastas(view, team):
        goal += CANNOT_GO_OUT  # B4: not without its canasta of a sequence
    return goal


def _opponent_threat(view: Json) -> bool:
    """The opponents look close to going out."""
    me = _team(view)
    sizes = [n for s, n in enumerate(view["hand_sizes"]) if _team(view, s) != me]
    canastas = sum(1 for t, team in enumerate(view["melds"]) if t != me
                   for m in team if m["canasta"])
    goal = min(_goal(view, t) for t in range(len(view["melds"])) if t != me)
    return bool(sizes) and opponent_threat(min(sizes), canastas, goal)


def _answer(view: Json, level: str) -> bool:
    """Answer the partner's "May I go out?" (binding, C33)."""
    if level == "easy":
        return True
    hand_points = sum(VALUE[c] for c in view["hand"])
    return answer_yes(_opponent_threat(view), view["stock_size"], hand_points, _lead(view))


def _want_out(view: Json, level: str) -> bool:
    """Go out now? Not straight after one canasta when behind (normal)."""
    if level == "easy":
        return True
    canastas = sum(1 for m in view["melds"][_team(view)] if m["canasta"])
    return want_out(_opponent_threat(view), view["stock_size"], canastas, _lead(view))


# ----- drawing ---------------------------------------------------------------
def _draw_choice(view: Json, know: Knowledge, level: str) -> Json:
    takes = [a for a in view["legal"] if a["type"] == "take_pile"]
    if not takes:
        return {"type": "draw"}
    pile_cards = know.pile
    if level == "easy" and len(pile_cards) < 4:
        return {"type": "draw"}  # a beginner takes only a pile that looks big

    if level == "normal" and _breaks_loop(view, know, takes):
        return {"type": "draw"}

    def cost(action: Json) -> tuple[int, int]:
        wild = sum(1 for c in action["cards"] if c in WILDS)
        return (wild, len(action["cards"]))

    return min(takes, key=cost)


def _breaks_loop(view: Json, know: Knowledge, takes: list[Json]) -> bool:
    """Draw rather than take the pile when the round is going round in a loop (piles
    of a card and black 3s taken, the 3 thrown back: `gifts.empty_takes`) and this
    pile is another such, unless taking it completes a canasta."""
    if empty_takes(view["log"], LOOP_TURNS) < LOOP_TAKES:
        return False
    if any(c not in BLACK_THREES for c in know.pile[:-1]):
        return False
    size = know.rules.canasta_size
    top = RANK[know.pile[-1]]
    have = sum(len(m["cards"]) for m in view["melds"][_team(view)]
               if m["rank"] == top and not m["canasta"])
    return not any(have + len(a["cards"]) + 1 >= size for a in takes)


# ----- melding and discarding -------------------------------------------------
def _play_choice(view: Json, know: Knowledge, level: str, rng: random.Random,
                 style: Style = NORMAL) -> Json:
    legal: list[Json] = view["legal"]
    melds = [a for a in legal if a["type"] == "meld"]
    team = _team(view)
    opened = view["team_melded"][team]
    if SPECIAL_HAND in legal:
        return SPECIAL_HAND  # U21: a special hand goes out for its bonus at once
    # Going out, when we can and it is worth it.
    plan = _go_out_step(view, know.rules)
    if plan is not None and (view["permission"] is True or (
        view["permission"] is None and _want_out(view, level)
    )):
        # (normal asks first; every level asks where going out needs the yes: C33)
        if {"type": "ask"} in legal and view["permission"] is None and (
                level == "normal" or know.rules.must_ask):
            return {"type": "ask"}
        step = _listed_part(plan, legal)
        if step is not None:
            return step
    if not opened and melds:
        # An initial meld under way must be completed (C26); otherwise open when we can.
        return max(melds, key=lambda a: (sum(VALUE[c] for c in a["cards"]), len(a["cards"])))
    if melds:
        choice = _best_meld(view, melds, level, know, style)
        if choice is not None:
            return choice
    discards = [a for a in legal if a["type"] == "discard"]
    if discards:
        return _best_discard(view, know, discards, level, rng, style)
    return legal[0]


def _go_out_step(view: Json, rules: RuleSet) -> Json | None:
    team = _team(view)
    melds = tuple(meld_of_view(m) for m in view["melds"][team])
    canastas = sum(1 for m in view["melds"][team] if m["canasta"])
    need = 0 if view["team_melded"][team] else view["minimum"][team] - view["turn_points"]
    if view["pending"]:
        return None
    wild = sum(m["canasta"] == "wild" for m in view["melds"][team])
    plan = go_out_plan(rules, tuple(view["hand"]), melds,
                       toward_out(rules, canastas, len(view["red_threes"][team]),
                                  sequence_canastas(view, team), wild,
                                  bool(kinds_lacking(rules, melds))), need,
                       dead=dead_ranks(rules, table_of_view(view), team))
    if not plan:
        return None
    return action_to_json(plan[0])


def way_out_step(view: Json, rules: RuleSet) -> Json | None:
    """The listed first action of a way for the player to go out this turn (C30-C32,
    and each variant's own conditions through `go_out_plan`), or None."""
    plan = _go_out_step(view, rules)
    return None if plan is None else _listed_part(plan, view["legal"])


def _listed_part(step: Json, legal: list[Json]) -> Json | None:
    """The plan's step if it is listed, else the largest listed meld made only of
    its cards (legal_actions lists melds as small steps)."""
    if step in legal:
        return step
    if step["type"] != "meld":
        return None
    want: Counter[str] = Counter(step["cards"])
    best: Json | None = None
    for a in legal:
        if a["type"] != "meld":
            continue
        have: Counter[str] = Counter(a["cards"])
        if not have - want and (
            a.get("rank") in (None, step.get("rank"))
        ) and a.get("onto") == step.get("onto") and a.get("new") == step.get("new") and (
            best is None or len(a["cards"]) > len(best["cards"])):
            best = a
    return best


def _best_meld(view: Json, melds: list[Json], level: str, know: Knowledge,
               style: Style = NORMAL) -> Json | None:
    scored = scored_melds(view, melds, level, know, style)
    return max(scored, key=lambda pair: pair[0])[1] if scored else None


def scored_melds(view: Json, melds: list[Json], level: str,
                 know: Knowledge, style: Style = NORMAL) -> list[tuple[int, Json]]:
    """The melds among `melds` that `level` would make, each with its score (the highest
    is its choice; the first of equals), in the order listed."""
    rules = know.rules
    canasta_size = rules.canasta_size
    team = _team(view)
    table = {m["rank"]: m for m in view["melds"][team]}  # (S5: the newest of a rank)
    runs = {m["id"]: m for m in view["melds"][team] if m["kind"] == "sequence"}
    hand = view["hand"]
    big = len(hand) >= style.big_hand
    canastas = sum(1 for m in view["melds"][team] if m["canasta"])
    dumping = canastas >= _goal(view, team)  # ready to go out: empty the hand
    # R17: a side that needs a canasta of wild cards saves them for it
    lacking = kinds_lacking(rules, tuple(meld_of_view(m) for m in view["melds"][team]))
    keepers = escalera_keepers(view, rules) if level == "normal" else frozenset()
    scored: list[tuple[int, Json]] = []
    for a in melds:
        cards = a["cards"]
        wilds = sum(1 for c in cards if c in WILDS)
        naturals = len(cards) - wilds
        rank = a.get("rank") or next((RANK[c] for c in cards if c not in WILDS), "")
        score = 0
        run = runs.get(a.get("onto")) if a.get("onto") is not None else None
        if run is not None or len({RANK[c] for c in cards if c not in WILDS}) > 1:
            score = _sequence_score(run, len(cards), level, rules)
            if keepers:
                score += 20  # B4: the escalera first
        elif keepers.intersection(cards) and not _completes(
                None if a.get("new") else table.get(rank), len(cards), canasta_size):
            score = -1  # B4: a card that could grow the escalera stays out of a group
        elif not naturals and not a.get("rank") and a.get("onto") is None:
            score = _wild_meld_score(view, table.get(WILD_KEY), len(cards), level, rules,
                                     "wild" in lacking)
        elif rank == "3":
            score = 200  # black 3s only come up when going out anyway
        elif wilds == 0:
            score = 50 + 5 * naturals  # naturals down: fewer points at risk
            if (level == "normal" and rank not in table and rank in rules.pure_ranks
                    and rules.unfinished_pure_penalty
                    and not pure_meld_worth_starting(naturals, know.unseen_of_rank(rank),
                                                     canasta_size)):
                score = -1  # U17: a meld of 7s or aces left short costs more than it gains
            elif rank in table:
                score += 20
                if level == "easy" and len(table[rank]["cards"]) < canasta_size - 1:
                    score = -1  # a beginner builds only the melds that look close to a canasta
        else:
            target = table.get(rank)
            size = len(target["cards"]) if target else naturals
            completes = _completes(target, len(cards), canasta_size)
            if "wild" in lacking and level != "easy" and not (completes and "mixed" in lacking):
                score = -1  # R17: saved for the canasta of wild cards the side lacks
            elif completes:
                score = 80  # a wild card that completes a canasta
            elif level == "easy":
                score = 30  # a beginner lays wild cards down as soon as they fit
            elif dumping and level == "normal":
                score = 10  # the team can go out: every card melded is a card not lost
            elif level == "normal" and not big and naturals >= 2 and not target:
                score = -1  # keep the pair and the wild for later
            elif naturals == 0 and (target is None or size < canasta_size - 2):
                score = -1  # do not spend wild cards on a young meld
            else:
                score = 10
        if score > 0:
            scored.append((score, a))
    return scored


def _completes(meld: Json | None, adding: int, size: int) -> bool:
    return meld is not None and not meld["canasta"] and len(meld["cards"]) + adding >= size


def _sequence_score(run: Json | None, adding: int, level: str, rules: RuleSet) -> int:
    """S6, S7: a new sequence takes cards no group could use; cards onto one bring it
    toward the closed canasta of `sequence_max` cards (a samba: 1500), which is worth
    completing first."""
    if run is None:
        return 40 if level == "easy" else 60 + 5 * adding
    have = len(run["cards"])
    if have < rules.canasta_size <= have + adding:
        return 100
    return 45 if level == "easy" else 75


def _wild_meld_score(view: Json, meld: Json | None, adding: int, level: str,
                     rules: RuleSet, needed: bool = False) -> int:
    """F1: wild cards to the team's meld of wild cards (a canasta of them scores
    `wild_canasta_bonus`): complete it at once; build it while the hand holds the
    wild cards to finish it; start it only with most of them in hand."""
    size = rules.canasta_size
    held = sum(1 for c in view["hand"] if c in WILDS)
    if meld is not None:
        have = len(meld["cards"])
        if have < size <= have + adding:
            return 90
        if meld["canasta"] or level == "easy":
            return 25
        return 40 if needed or build_wild_meld(have, held, size) else -1
    if level == "easy" or needed:
        return 30  # (R17: the side needs this canasta to go out)
    start = start_wild_meld(rules.wild_canasta_bonus, rules.mixed_canasta_bonus, held,
                            rules.wild_meld_min, size)
    return 35 if start else -1


def _best_discard(
    view: Json, know: Knowledge, discards: list[Json], level: str, rng: random.Random,
    style: Style = NORMAL,
) -> Json:
    return ranked_discards(view, know, discards, level, rng, style)[0]


def ranked_discards(
    view: Json, know: Knowledge, discards: list[Json], level: str, rng: random.Random,
    style: Style = NORMAL,
) -> list[Json]:
    """The legal discards, best first, by how much the card is worth keeping plus
    how dangerous it is to give to the next player."""
    seat = view["seat"]
    players = view["players"]
    nxt = (seat + 1) % players
    me = _team(view)
    hand = view["hand"]
    counts = natural_ranks(hand)
    opp_ranks = {m["rank"] for t, team in enumerate(view["melds"]) if t != me for m in team}
    pile = view["pile"]
    frozen_for_next = frozen_for(know.rules, pile["frozen"], view["team_melded"][_team(view, nxt)])
    pile_size = pile["size"]
    threat = pile_size >= BIG_PILE or _opponent_threat(view)
    careful = level == "normal"
    # Ranks this side can meld no more (W2's closed canasta, U24): no pair of them is
    # worth keeping; and those the next player's side cannot take the pile with.
    dead = {r for r in counts if closed_for(view, know, me, r)}
    keepers = escalera_keepers(view, know.rules) if careful else frozenset()
    untakable = {r for r in counts if closed_for(view, know, _team(view, nxt), r)}

    def danger(card: str) -> float:
        if card in BLACK_THREES or card in WILDS:
            return 0.0  # they block the pile for the next player (C15)
        rank = RANK[card]
        if rank in untakable:
            return 0.0  # nobody on their side can take the pile with it
        if not careful:
            feeds = rank in opp_ranks and not frozen_for_next  # laid off, the pile taken
            return danger_score(feeds, 0, False, False, pile_size)
        return danger_score(gift_reason(view, know, card) is not None,
                            know.unseen_of_rank(rank), bool(know.picked_ranks[nxt][rank]),
                            bool(know.discarded_ranks[nxt][rank]), pile_size)

    def keep(card: str) -> float:
        rank = RANK[card] if card not in WILDS else ""
        return keep_score(1 if rank in dead else counts[rank], VALUE[card], card in WILDS,
                          card in BLACK_THREES, threat and careful, style) + (
            RUN_KEEP if card in keepers else 0.0)

    if level == "easy":
        # Never hand the next player an easy pile when a safe card exists.
        safe = [a for a in discards
                if not (RANK[a["card"]] in opp_ranks and not frozen_for_next)]
        discards = safe or discards
    scored = []
    for a in discards:
        c = a["card"]
        s = keep(c) + danger(c)
        if level == "easy":
            s += rng.random() * 25  # a beginner: any card that is not plainly dangerous
        scored.append((s, c, a))
    scored.sort(key=lambda t: (t[0], t[1]))
    return [a for _, _, a in scored]

