"""Scoring a round (C40-C43) and the house rules and variants that change it (H1, H5, H9,
H11; K8, K10, K11)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from canasta.game.cards import BLACK_THREES as BLACK_THREE_CARDS
from canasta.game.cards import JOKER, RANK, VALUE
from canasta.game.cards import RED_THREES as RED_THREE_CARDS
from canasta.mechanics.black_threes import aside_score
from canasta.mechanics.melds import BLACK_THREES, WILD, TableMeld, canasta_kind, team_canastas
from canasta.mechanics.sequences import SEQUENCE
from canasta.mechanics.special_hands import bonus as special_bonus
from canasta.outlook.going_out import lays_down_whole

if TYPE_CHECKING:
    from canasta.game.state import State
    from canasta.rules.ruleset import RuleSet


def red_three_score(rules: RuleSet, count: int, melded: bool, special: bool = True) -> int:
    """C40, C42: what `count` red 3s laid down are worth to a team (`melded`: the team
    made a meld this round). A count listed in `red_three_totals` scores that total,
    all of them `all_red_threes_bonus` (E8: only for a team with a `special` canasta
    where `all_red_threes_special`; 0: no such total, as in HF6 and R19), any other
    count `red_three_bonus` each."""
    if (count == 2 * rules.decks and rules.all_red_threes_bonus
            and (special or not rules.all_red_threes_special)):
        value = rules.all_red_threes_bonus
    else:
        value = dict(rules.red_three_totals).get(count, count * rules.red_three_bonus)
    return -value if not melded and rules.red_threes_negative_without_meld else value


def canasta_bonus(rules: RuleSet, kind: str | None, wilds: int = 0, jokers: int = 0,
                  rank: str = "") -> int:
    """C40: the bonus of a canasta of this kind (`canasta_kind`) of `rank` holding `wilds`
    wild cards, `jokers` of them jokers, 0 for no canasta; F2 a canasta of wild cards
    (K11: by its jokers where `wild_canasta_by_jokers` lists them), F3 a mixed canasta
    by its number of wild cards where `mixed_bonus_by_wilds` lists it, M6 a canasta of
    7s, natural or mixed, where `sevens_canasta_bonus` is set, U14 a natural canasta of a
    pure rank where `pure_canasta_bonus` is."""
    if rank == "7" and kind == "natural" and rules.natural_sevens_bonus:
        return rules.natural_sevens_bonus  # E9
    if rank == "7" and rules.sevens_canasta_bonus and kind in ("natural", "mixed"):
        return rules.sevens_canasta_bonus
    if kind == "natural" and rules.pure_canasta_bonus and rank in rules.pure_ranks:
        return rules.pure_canasta_bonus  # U14
    if kind == "natural":
        return rules.natural_canasta_bonus
    if kind == "mixed":
        return dict(rules.mixed_bonus_by_wilds).get(wilds, rules.mixed_canasta_bonus)
    if kind == "wild":
        return dict(rules.wild_canasta_by_jokers).get(jokers, rules.wild_canasta_bonus)
    if kind == SEQUENCE:  # S7; N4 one with a wild card
        return rules.mixed_sequence_bonus if wilds and rules.mixed_sequence_bonus else (
            rules.sequence_canasta_bonus)
    return 0


def red_threes_count_plus(rules: RuleSet, melded: bool, canastas: int) -> bool:
    """C42, K8, S9: whether a team's red 3s count plus: it melded something (Classic),
    made a canasta where `red_threes_need_canasta`, or `red_threes_plus_from` of them."""
    if rules.red_threes_plus_from:
        return canastas >= rules.red_threes_plus_from
    return canastas > 0 if rules.red_threes_need_canasta else melded


def special_canasta(rules: RuleSet, melds: tuple[TableMeld, ...]) -> bool:
    """E8: whether a side holds a canasta of wild cards, of a sequence or of natural 7s
    (what its six red 3s need to score their total)."""
    for m in melds:
        kind = canasta_kind(rules, m.cards) if m.kind != BLACK_THREES else None
        if kind in ("wild", SEQUENCE) or (kind == "natural" and m.rank == "7"):
            return True
    return False


def threes_score(rules: RuleSet, threes: tuple[str, ...], melded: bool, canastas: int,
                 special: bool = True) -> int:
    """C40-C42, K8: what a team's laid-down 3s are worth. U5, U16: where black 3s are laid
    down too, each colour scores by the table on its own; with `threes_plus_from` they
    count plus from that many canastas, nothing with fewer but one, minus with none."""
    reds = sum(c in RED_THREE_CARDS for c in threes)
    counts = (reds, len(threes) - reds) if rules.black_threes_laid else (reds,)
    if rules.threes_plus_from:
        sign = 1 if canastas >= rules.threes_plus_from else 0 if canastas else -1
        return sign * sum(red_three_score(rules, n, True, special) for n in counts if n)
    plus = red_threes_count_plus(rules, melded, canastas)
    return sum(red_three_score(rules, n, plus, special) for n in counts if n)


def meld_penalties(rules: RuleSet, melds: tuple[TableMeld, ...]) -> int:
    """U17: what a side's melds short of a canasta cost it: a natural meld of a pure rank
    `unfinished_pure_penalty`, a meld of wild cards `unfinished_wild_penalty` (U22: by
    its jokers where `unfinished_wild_by_jokers` lists them)."""
    cost = 0
    for m in melds:
        if len(m.cards) >= rules.canasta_size:
            continue
        if m.kind == WILD:
            jokers = sum(1 for c in m.cards if c == JOKER)
            cost += dict(rules.unfinished_wild_by_jokers).get(jokers,
                                                              rules.unfinished_wild_penalty)
        elif m.rank in rules.pure_ranks and not m.wilds:
            cost += rules.unfinished_pure_penalty
    return cost


def sequence_score(rules: RuleSet, melds: tuple[TableMeld, ...]) -> int:
    """BR5: what a side's sequences score when the round ends (`sequence_scores`: each
    scores the points of the last row its length reaches, nothing below the first)."""
    total = 0
    for m in melds:
        if m.kind != SEQUENCE:
            continue
        for length, value in reversed(rules.sequence_scores):
            if len(m.cards) >= length:
                total += value
                break
    return total


def count_bonus(rules: RuleSet, melds: tuple[TableMeld, ...]) -> int:
    """Z11: what a side's number of canastas earns (`canasta_count_bonus`: each row its
    count reaches; `natural_count_bonus` in place of a row of that count where so many
    of them are natural — a canasta of a sequence without wild cards among them)."""
    if not rules.canasta_count_bonus:
        return 0
    made = natural = 0
    for m in melds:
        kind = canasta_kind(rules, m.cards) if m.kind != BLACK_THREES else None
        if kind is not None:
            made += 1
            natural += kind == "natural" or (kind == SEQUENCE and not m.wilds)
    pure = dict(rules.natural_count_bonus)
    return sum(pure[n] if n in pure and natural >= n else bonus
               for n, bonus in rules.canasta_count_bonus if made >= n)


def held_penalty(rules: RuleSet, hand: tuple[str, ...]) -> int:
    """U17: what a hand holding `held_pure_count` or more cards of a pure rank costs, for
    each such rank."""
    if not rules.held_pure_count:
        return 0
    return rules.held_pure_penalty * sum(
        1 for rank in rules.pure_ranks
        if sum(RANK[c] == rank for c in hand) >= rules.held_pure_count)


def red_threes_by_going_out(rules: RuleSet, count: int, went_out: bool) -> int:
    """H5: red 3s count plus for the side that went out, minus for the others (the
    amounts of `red_three_score`)."""
    value = red_three_score(rules, count, True)
    return value if went_out else -value


def hand_card_cost(rules: RuleSet, card: str) -> int:
    """C41, H9, E10: what a card left in hand costs its team."""
    if rules.black_three_in_hand and card in BLACK_THREE_CARDS:
        return rules.black_three_in_hand
    if rules.seven_in_hand and card[0] == "7":
        return rules.seven_in_hand  # E10
    return VALUE[card]


def concealed_canastas(rules: RuleSet, melds: tuple[TableMeld, ...]) -> int:
    """H11: the canastas laid down whole in one play (from the hand, or from the hand
    with the pile's top card)."""
    return sum(1 for m in melds if m.kind != BLACK_THREES and m.started >= rules.canasta_size)


def double_end_seats(state: State) -> tuple[int, ...]:
    """H1: the partners of the player who went out who could lay down their whole hand
    too, in new melds or on their team's melds (no discard)."""
    rules = state.rules
    if not rules.double_end_bonus or state.went_out is None:
        return ()
    team = rules.team_of(state.went_out)
    return tuple(s for s in rules.seats_of(team) if s != state.went_out and state.hands[s]
                 and lays_down_whole(rules, state.hands[s], state.melds[team]))


def special_hand_row(rules: RuleSet, name: str) -> dict[str, Any]:
    """U21: the score of the side whose player went out with the special hand `name`:
    its bonus, in place of everything else (no melds, 3s, going out or cards in hand)."""
    value = special_bonus(rules, name)
    return {"melded_cards": 0, "canasta_bonus": 0, "red_threes": 0, "going_out": 0,
            "hand_penalty": 0, "extras": {"special_hand": value}, "total": value,
            "concealed": False}


def score_round(state: State) -> list[dict[str, Any]]:
    """One dict per team with the parts of its score; valid once the round is over."""
    rules = state.rules
    rows: list[dict[str, Any]] = []
    doubled = double_end_seats(state)
    for team in range(rules.teams):
        melds = state.melds[team]
        melded = sum(VALUE[c] for m in melds for c in m.cards)
        went_out = state.went_out is not None and rules.team_of(state.went_out) == team
        if went_out and state.special_hand:
            rows.append(special_hand_row(rules, state.special_hand))
            continue
        bonus = sum(canasta_bonus(rules, canasta_kind(rules, m.cards), m.wilds,
                                  m.cards.count(JOKER), m.rank)
                    for m in melds if m.kind != BLACK_THREES  # C21: no canasta bonus
                    and (went_out or m.kind != WILD or not rules.wild_bonus_going_out_only))
        count = len(state.red_threes[team])
        canastas = team_canastas(rules, melds)
        if rules.red_threes_by_going_out and state.went_out is not None:
            reds = red_threes_by_going_out(rules, count, went_out)
        elif rules.red_threes_need_sevens:  # PH7: plus only with a canasta of 7s
            sevens = any(m.rank == "7" and len(m.cards) >= rules.canasta_size for m in melds)
            reds = red_three_score(rules, count, sevens)
        else:
            reds = threes_score(rules, state.red_threes[team], bool(melds), canastas,
                                not rules.all_red_threes_special
                                or special_canasta(rules, melds))
        if rules.melds_minus_without_canasta and not canastas:
            melded = -melded  # U18
        going_out = 0
        concealed = False
        if went_out:
            going_out = rules.going_out_bonus
            if state.concealed:
                going_out += rules.concealed_bonus
                concealed = True
        # Named bonuses and penalties of variants and house rules, counted in the total.
        extras: dict[str, int] = {}
        seats = rules.seats_of(team)
        laid = [s for s in seats if s in doubled]
        if laid:
            melded += sum(VALUE[c] for s in laid for c in state.hands[s])
            extras["double_end"] = rules.double_end_bonus * len(laid)
        penalty = -sum(hand_card_cost(rules, c) for s in seats if s not in laid
                       for c in state.hands[s])
        if state.packets:  # R19: a kitty not taken counts as cards in hand (its red 3s: 0)
            penalty -= sum(hand_card_cost(rules, c) for s in seats for c in state.packets[s]
                           if c not in RED_THREE_CARDS)
        unfinished = meld_penalties(rules, melds)
        if unfinished:
            extras["unfinished_melds"] = -unfinished
        if rules.sequence_scores:
            runs = sequence_score(rules, melds)
            if runs:
                extras["sequences"] = runs
        counted = count_bonus(rules, melds)
        if counted:
            extras["canastas"] = counted
        held = sum(held_penalty(rules, state.hands[s]) for s in seats)
        if held:
            extras["held_cards"] = -held
        blacks_melded = sum(len(m.cards) for m in melds if m.kind == BLACK_THREES)
        aside = aside_score(rules, len(state.aside_of(team)), blacks_melded)  # K10
        if aside:
            extras["set_aside_black_threes"] = aside
        if rules.concealed_canasta_bonus:
            hidden = concealed_canastas(rules, melds)
            if hidden:
                extras["concealed_canastas"] = rules.concealed_canasta_bonus * hidden
        rows.append(
            {
                "melded_cards": melded,
                "canasta_bonus": bonus,
                "red_threes": reds,
                "going_out": going_out,
                "hand_penalty": penalty,
                "extras": extras,
                "total": melded + bonus + reds + going_out + penalty + sum(extras.values()),
                "concealed": concealed,
            }
        )
    return rows
