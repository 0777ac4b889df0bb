"""Railroad Canasta (docs/variants/railroad.md, R1-R26, seed 004): one test per rule id,
the kitty (canasta/mechanics/reserve.py's dealt packets), the kinds of canasta to go out
(solver.kinds_lacking), 7s held (discards.py), the empty stock, the worked examples,
the AI and saves."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import canasta as C
from canasta.ai import choose_action
from canasta.ai.worlds import sample_world
from canasta.game.cards import VALUE, make_deck
from canasta.game.state import State
from canasta.io.view import view_for
from canasta.play.scoring import canasta_bonus, score_round
from canasta.rules.house_rules import rules_named
from tests.engine.helpers import DRAW, cards_drawn, discard, rule
from tests.engine.invariants import check_view_leaks_nothing
from tests.games import ai_round

RULES = C.get_rules("railroad")
OTHERS = [["4C", "4D", "5C", "5D", "6C"], ["8C", "8D", "9C", "9D", "TC"],
          ["JC", "JD", "QC", "QD", "KC"]]
SEVENS = ["7C", "7C", "7D", "7D", "7H", "7H", "7S"]
KINGS = ["KC", "KD", "KD", "KH", "KH", "KS", "KS"]
MIXED_QUEENS = ["QH", "QH", "QS", "QS", "2C", "2D", "JK"]
WILDS7 = ["2C", "2D", "2H", "2S", "JK", "2C", "2D"]
ALL_KINDS = [SEVENS, KINGS, MIXED_QUEENS, WILDS7]


def at(hand: list[str], *, melds: list[list[str]] | None = None, pile: list[str] | None = None,
       phase: str = "play", packets: list[list[str]] | None = None,
       packets_open: list[bool] | None = None, others: list[list[list[str]]] | None = None,
       scores: list[int] | None = None, rules: C.RuleSet = RULES, **extra: Any) -> State:
    """A Railroad position with seat 0 to move holding `hand`, its melds `melds` (the
    others' `others`); the stock is the rest of the deck."""
    data: dict[str, Any] = {
        "rules": rules.to_json(), "to_move": 0, "phase": phase,
        "hands": [hand, *OTHERS][:rules.players],
        "melds": [melds or [], *(others or [[] for _ in range(rules.teams - 1)])],
        "pile": pile if pile is not None else ["5S"],
        "scores": scores or [0] * rules.teams, **extra,
    }
    if data.pop("stock", None) == []:  # the rest of the deck under the pile's top card
        placed = Counter(c for h in data["hands"] for c in h)
        placed.update(c for side in data["melds"] for m in side for c in m)
        placed.update(c for r in data.get("red_threes", ()) for c in r)
        placed.update(c for p in packets or () for c in p)
        placed.update(data["pile"])
        rest = sorted((Counter(make_deck(rules.decks, rules.jokers_per_deck)) - placed).elements())
        data["pile"] = rest + data["pile"]
        data["stock"] = []
    if packets is not None:
        data["packets"] = packets
        data["packets_open"] = packets_open or [False] * rules.players
    return C.load_position(data, seed=1)


def meld(*cards: str, new: bool = False) -> C.Action:
    data: dict[str, Any] = {"type": "meld", "cards": list(cards)}
    if new:
        data["new"] = True
    return C.parse_action(data)


def take(*cards: str) -> C.Action:
    return C.parse_action({"type": "take_pile", "cards": list(cards)})


def with_kitty(card: str) -> C.Action:
    return C.parse_action({"type": "discard", "card": card, "reserve": True})


KITTIES = [["4H", "4H", "9S", "9S", "3H", "JK", "AC", "AC", "AD", "6S", "6S"],
           ["8H"] * 3 + ["9H"] * 3 + ["TH"] * 3 + ["TS"] * 2,
           ["JH"] * 3 + ["QD"] * 3 + ["KC"] * 3 + ["AS"] * 2,
           ["5H"] * 3 + ["6D"] * 3 + ["8S"] * 3 + ["9D"] * 2]


def test_R1_each_for_himself_four_players_and_two_to_six_by_preset() -> None:
    from canasta.rules.pages import rule_href, variant_href

    assert (RULES.players, RULES.teams, RULES.ask_permission) == (4, 4, False)
    for preset, players in (("R21", 2), ("R22", 3), ("R23", 5), ("R24", 6)):
        rules = rules_named(f"railroad+{preset}")
        assert (rules.players, rules.teams, rules.decks) == (players, players, 2 * players)
        state = C.new_game(rules, 5)
        assert len(state.hands) == len(state.packets) == players
    assert variant_href("railroad").endswith("rules/railroad.html")
    assert (rule_href("R13") or "").endswith("railroad.html#R13")
    assert rule(at(["KC", "KD", "5H"]), C.parse_action({"type": "ask"})) == "C33"


def test_R2_two_decks_and_two_jokers_a_player() -> None:
    state = C.new_game(RULES, 3)
    cards = state.cards_in_play()
    assert sum(cards.values()) == RULES.deck_size() == 8 * 53
    assert cards["JK"] == 8 and cards["AS"] == 8


def test_R3_thirteen_cards_and_a_hidden_kitty_of_eleven() -> None:
    state = C.new_game(RULES, 11)
    assert all(len(h) + sum(c[0] == "3" and c[1] in "HD" for c in r) >= 13
               for h, r in zip(state.hands, state.red_threes, strict=True))
    assert [len(p) for p in state.packets] == [11] * 4
    assert state.packets_open == (False,) * 4
    view = view_for(state, 0)
    assert view["packet_sizes"] == [11] * 4 and view["packet"] == []
    check_view_leaks_nothing(state)
    # A red 3 turned up stays in the pile and freezes it (C4's way), another on top.
    for seed in range(400):
        dealt = C.new_game(RULES, seed)
        if dealt.pile[0] in ("3H", "3D") and len(dealt.pile) > 1:
            assert C.view_for(dealt, dealt.to_move)["pile"]["frozen"]
            break
    else:
        raise AssertionError("no deal turned up a red 3")


def test_R4_card_values_are_classic() -> None:
    assert (VALUE["JK"], VALUE["2C"], VALUE["AS"], VALUE["8H"], VALUE["7H"], VALUE["3S"]) == (
        50, 20, 20, 10, 5, 5)


def test_R5_two_naturals_at_least_three_wild_cards_at_most_never_more_wild() -> None:
    hand = ["9C", "9D", "9H", "9S", "2C", "2D", "2H", "JK", "5H"]
    state = at(hand)
    assert rule(state, meld("9C", "9D", "2C")) is None
    assert rule(state, meld("9C", "9D", "2C", "2D", "2H")) == "R5"  # more wild than natural
    assert rule(state, meld("9C", "9D", "9H", "2C", "2D", "2H")) is None
    assert rule(state, meld("9C", "9D", "9H", "9S", "2C", "2D", "2H", "JK")) in ("R5", "R8")


def test_R6_red_threes_drawn_go_down_and_are_replaced() -> None:
    state = C.new_game(RULES, 21)
    for _ in range(60):
        if state.phase == "draw" and state.stock[:2] and any(c in ("3H", "3D")
                                                              for c in state.stock[:2]):
            before = len(state.hands[state.to_move])
            after = C.apply(state, DRAW)
            assert len(after.hands[after.to_move]) == before + 2
            assert len(after.red_threes[after.to_move]) > len(state.red_threes[state.to_move])
            return
        state = C.apply(state, choose_action(view_for(state, state.to_act), "easy", 1))
    raise AssertionError("no red 3 drawn")


def test_R7_black_threes_any_number_only_going_out() -> None:
    blacks = ["3C", "3C", "3S", "3S", "3C", "3S", "3C", "3S"]
    state = at([*blacks, "5H"], melds=ALL_KINDS)
    assert rule(state, meld(*blacks)) is None  # eight: the only meld past seven
    out = C.apply(C.apply(state, meld(*blacks)), discard("5H"))
    assert out.round_over and out.went_out == 0
    black = next(r for r in score_round(out)[:1])
    assert black["canasta_bonus"] == 1500 + 500 + 300 + 1000  # no bonus for the black 3s
    early = at([*blacks, "5H", "6H"], melds=ALL_KINDS)
    assert rule(early, meld(*blacks)) == "R7"
    assert rule(at(["3C", "3S", "5H"], melds=ALL_KINDS), meld("3C", "3S")) == "R7"


def test_R8_a_meld_closes_at_seven_and_another_of_the_rank_may_start() -> None:
    state = at(["KC", "KD", "KH", "5H", "6H"], melds=[KINGS])
    assert rule(state, meld("KC")) == "R8"
    assert rule(state, meld("KC", "KD", "KH", new=True)) is None
    laid = C.apply(state, meld("KC", "KD", "KH", new=True))
    assert [len(m.cards) for m in laid.melds[0]] == [7, 3]
    two_open = at(["KC", "KD", "KH", "5H", "6H"], melds=[["KS", "KS", "KH"]])
    assert rule(two_open, meld("KC", "KD", "KH", new=True)) == "R8"


def test_R9_four_kinds_of_canasta_and_melds_of_wild_cards() -> None:
    assert canasta_bonus(RULES, "natural", rank="K") == 500
    assert canasta_bonus(RULES, "mixed", 3, rank="Q") == 300
    assert canasta_bonus(RULES, "wild", 7, 1) == 1000
    assert canasta_bonus(RULES, "natural", rank="7") == 1500
    state = at(["2C", "2D", "2H", "JK", "5H", "6H"])
    assert rule(state, meld("2C", "2D", "2H")) is None  # three wild cards start one
    assert rule(state, meld("2C", "2D")) is not None


def test_R10_no_wild_card_in_a_meld_of_sevens_but_by_option_R25() -> None:
    hand = ["7C", "7D", "7H", "2C", "5H", "6H"]
    assert rule(at(hand, melds=[KINGS]), meld("7C", "7D", "2C")) == "R10"
    assert rule(at(hand, melds=[KINGS], rules=rules_named("railroad+R25")),
                meld("7C", "7D", "2C")) is None


def test_R10_no_way_out_gives_a_wild_card_to_a_new_meld_of_sevens() -> None:
    from canasta.outlook.going_out import go_out_plan
    from canasta.outlook.needs import out_canastas

    # Beside the closed canasta of 7s a new meld of them may start (R8), but with no
    # wild card (R10): 7C 7D 2C is refused, so this hand has no way out.
    state = at(["7C", "7D", "2C", "5H", "5H", "5S", "9H"], melds=ALL_KINDS)
    assert rule(state, meld("7C", "7D", "2C", new=True)) == "R10"
    assert go_out_plan(RULES, state.hands[0], state.melds[0], out_canastas(state, 0), 0) is None


def _every_split(rules: C.RuleSet, counts: dict[str, int],
                 melds: tuple[Any, ...]) -> list[dict[str, int]]:
    """The splits of S5 without R8's shortcut: every count from 0 (all onto the canasta)
    and 2 to n for each rank beside a canasta (the reference the shortcut must match)."""
    out: list[dict[str, int]] = [{}]
    for r, n in counts.items():
        held = [m for m in melds if m.rank == r]
        if n < 2 or r == "3" or not held or any(len(m.cards) < rules.canasta_size
                                                for m in held):
            continue
        out = [{**split, r: k} for split in out for k in (0, *range(2, n + 1))]
        out = [{r2: k for r2, k in split.items() if k} for split in out]
    return out


def test_R8_beside_closed_canastas_every_card_of_the_rank_starts_the_new_meld(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from canasta.outlook import way_groups
    from canasta.outlook.going_out import go_out_plan
    from canasta.outlook.needs import out_canastas

    # Nothing more goes onto a closed canasta (R8), so a hand's cards of its rank all start
    # the new meld: one split, not the 8 x 6 x 5 of every count (a 114-card Railroad hand
    # tried millions and took 20 s for one decision of the normal level).
    fives, sixes, eights = ["5C", "5D"] * 4, ["6C", "6D", "6H"] * 2, ["8C"] * 5
    hand = fives + sixes + eights + ["9H", "9H", "9S", "4D"]
    fives7, sixes7, eights7 = ["5H"] * 4 + ["5S"] * 3, ["6S"] * 7, ["8H"] * 7
    state = at(hand, melds=[*ALL_KINDS, fives7, sixes7, eights7])
    counts = {"5": 8, "6": 6, "8": 5, "9": 3}
    assert list(way_groups.new_groups(RULES, counts, state.melds[0])) == [{"5": 8, "6": 6, "8": 5}]
    assert len(_every_split(RULES, counts, state.melds[0])) == 8 * 6 * 5
    # the 8 fives cannot all start one meld (seven at most): no way out, as before
    assert go_out_plan(RULES, state.hands[0], state.melds[0], out_canastas(state, 0), 0) is None
    rng = random.Random(8)
    states = []
    for _ in range(150):
        hand = [r + "CD"[i % 2] for r in "5689K" for i in range(rng.choice((0, 0, 2, 3, 5, 8)))]
        hand += rng.sample(["2C", "2D", "JK", "3S", "4H", "7D"], rng.randrange(0, 3))
        states.append(at(hand, melds=[*ALL_KINDS, fives7, sixes7]))

    def plans() -> list[Any]:
        return [go_out_plan(RULES, s.hands[0], s.melds[0], out_canastas(s, 0), 0)
                for s in states]

    fast = plans()
    monkeypatch.setattr(way_groups, "new_groups", _every_split)
    assert plans() == fast
    assert sum(p is not None for p in fast) >= 40  # (52 of the 150 hands go out)


def test_R11_the_initial_meld_by_the_players_own_score() -> None:
    assert [RULES.minimum_for(s) for s in (-5, 0, 4995, 5000, 10_000, 14_995, 15_000)] == [
        15, 50, 50, 90, 120, 120, 150]
    state = at(["KC", "KD", "KH", "5H", "6H"], scores=[5200, 0, 0, 0])
    assert rule(state, meld("KC", "KD", "KH")) == "R11"


def test_R12_draw_two() -> None:
    assert cards_drawn(RULES, 8) == 2


def test_R13_the_kitty_opens_at_an_unmixed_canasta_and_joins_with_a_discard() -> None:
    hand = ["KC", "KD", "QH", "QS", "2C", "5H", "6H", "8H"]
    state = at(hand, melds=[["KH", "KH", "KS", "KS", "KD"], ["QH", "QS", "QC", "2H", "2S"]],
               packets=KITTIES)
    assert rule(state, with_kitty("5H")) == "R13"  # not open yet
    mixed = C.apply(state, meld("QH", "QS"))  # a mixed canasta: opens nothing
    assert mixed.packets_open == (False,) * 4
    natural = C.apply(state, meld("KC", "KD"))
    assert natural.packets_open == (True, False, False, False)
    view = view_for(natural, 0)
    assert view["packet"] == KITTIES[0] and view_for(natural, 1)["packet"] == []
    assert {"type": "discard", "card": "5H", "reserve": True} in view["legal"]
    taken = C.apply(natural, with_kitty("5H"))
    # 10 of the 11 join the hand; the red 3 goes down, replaced from the stock
    assert len(taken.hands[0]) == len(natural.hands[0]) - 1 + 11
    assert "3H" in taken.red_threes[0] and taken.packets[0] == ()
    assert taken.to_move == 1
    assert taken.log_list()[-1] == {"seat": 0, "event": "red_threes", "cards": ["3H"]}
    assert rule(taken, with_kitty("8C")) is not None
    # not with the discard that goes out
    last = at(["5H"], melds=ALL_KINDS, packets=KITTIES, packets_open=[True] * 4)
    assert rule(last, with_kitty("5H")) == "R13" and rule(last, discard("5H")) is None


def test_R14_a_wild_card_freezes_the_pile_a_black_three_blocks_one_turn() -> None:
    hand = ["9C", "2C", "5H", "6H"]
    frozen = at(hand, melds=[["9D", "9H", "9S"]], pile=["8C", "2D", "9C"], phase="draw")
    assert rule(frozen, take()) == "R15"
    blocked = at(["3C", "3C", "5H"], melds=[["9D", "9H", "9S"]], pile=["8C", "3S"],
                 phase="draw")
    assert rule(blocked, take("3C", "3C")) == "C15"


def test_R15_the_pile_with_a_natural_pair_or_the_top_card_on_a_short_meld() -> None:
    hand = ["9C", "9D", "2C", "5H", "6H"]
    melds = [["KC", "KD", "KH"]]
    state = at(hand, melds=melds, pile=["8C", "2D", "5S", "9S"], phase="draw")
    assert rule(state, take("9C", "9D")) is None  # frozen: the natural pair takes it
    assert rule(state, take("9C", "2C")) == "R15"
    onto = at(hand, melds=[["9H", "9H", "9S"]], pile=["8C", "9S"], phase="draw")
    assert rule(onto, take()) is None
    closed = at(hand, melds=[[*["9H"] * 3, *["9S"] * 4]], pile=["8C", "9S"], phase="draw")
    assert rule(closed, take()) is not None
    taken = C.apply(state, take("9C", "9D"))
    assert len(taken.hands[0]) == 3 + 3  # the whole pile: the rest joins the hand


def test_R16_no_seven_discarded_until_everyone_has_a_canasta_of_sevens() -> None:
    state = at(["7S", "5H", "6H"], melds=[SEVENS])
    assert rule(state, discard("7S")) == "R16"
    everyone = at(["7S", "5H", "6H"], melds=[SEVENS], others=[[SEVENS]] * 3)
    assert rule(everyone, discard("7S")) is None


def test_R17_going_out_needs_every_kind_and_never_on_a_seven() -> None:
    three_kinds = [SEVENS, KINGS, MIXED_QUEENS, ["9D", "9D", "9H"]]
    lacking = at(["9C", "5H"], melds=three_kinds)
    assert rule(lacking, meld("9C")) == "R17"  # it would leave one card: going out
    words = C.check(lacking, meld("9C"))
    assert words is not None and "of wild cards" in words.message
    assert rule(at(["9C", "5H"], melds=[*ALL_KINDS, ["9D", "9D", "9H"]]), meld("9C")) is None
    assert rule(at(["5H"], melds=ALL_KINDS), discard("5H")) is None
    sevens_free = at(["7S"], melds=ALL_KINDS, others=[[SEVENS]] * 3)
    assert rule(sevens_free, discard("7S")) == "R17"


def test_R18_the_empty_stock_and_a_hand_of_sevens_end_the_round() -> None:
    state = at(["KC", "KD", "5H"], melds=[["KS", "KS", "KH"]], pile=["8C", "KH"],
               phase="draw", stock=[])
    legal = [C.action_to_json(a) for a in C.legal_actions(state)]
    assert {"type": "draw"} in legal and any(a["type"] == "take_pile" for a in legal)
    ended = C.apply(state, DRAW)
    assert ended.round_over and ended.went_out is None
    stuck = at(["7C", "7D", "7H"], melds=[["7S", "7S", "7H"]])
    legal = [C.action_to_json(a) for a in C.legal_actions(stuck)]
    assert {"type": "end_round"} in legal and not any(a["type"] == "discard" for a in legal)
    assert C.apply(stuck, C.parse_action({"type": "end_round"})).round_over
    assert rule(at(["7C", "5H", "6H"]), C.parse_action({"type": "end_round"})) == "R18"
    keep = at(["7C", "7D", "KC", "KD", "KH"], melds=[["QC", "QD", "QH"]])
    assert rule(keep, meld("KC", "KD", "KH")) == "R18"  # would leave only 7s


def test_R19_scoring_the_kitty_counts_minus_red_threes_in_it_nothing() -> None:
    state = at(["5H"], melds=ALL_KINDS, packets=KITTIES, packets_open=[True] * 4)
    out = C.apply(state, discard("5H"))
    rows = score_round(out)
    kitty = sum(VALUE[c] for c in KITTIES[0] if c != "3H")  # a red 3 in it: nothing
    assert rows[0]["going_out"] == 100
    assert rows[0]["hand_penalty"] == -kitty
    assert rows[0]["red_threes"] == 0
    # Red 3s count plus even without a meld; no bonus for going out concealed.
    red = at(["5H", "6H"], phase="draw", stock=[], red_threes=[["3D"], [], [], []])
    rows = score_round(C.apply(red, DRAW))
    assert rows[0]["red_threes"] == 100
    assert RULES.concealed_bonus == 0


def test_R20_the_game_is_twenty_thousand_and_ties_play_on() -> None:
    assert RULES.target_score == 20_000
    state = at(["5H"], melds=ALL_KINDS, scores=[19_000, 0, 0, 0])
    assert C.apply(state, discard("5H")).game_over


def test_R21_to_R26_presets_are_offered() -> None:
    from canasta.rules.house_rules import describe

    ids = {d["id"] for d in describe(RULES)}
    assert {"R21", "R22", "R23", "R24", "R25", "R26"} <= ids
    minus = rules_named("railroad+R26")
    assert minus.red_threes_negative_without_meld


def test_a_kitty_is_sampled_unseen_by_the_ai_and_the_ai_takes_its_own() -> None:
    state = at(["KC", "KD", "5H", "6H", "8H"],
               melds=[["KH", "KH", "KS", "KS", "KD"]], packets=KITTIES)
    opened = C.apply(state, meld("KC", "KD"))
    view = view_for(opened, 0)
    world = sample_world(view, random.Random(3))
    assert world.packets[0] == tuple(KITTIES[0])
    assert [len(p) for p in world.packets] == [11] * 4
    assert sorted(world.cards_in_play().elements()) == sorted(opened.cards_in_play().elements())
    chosen = choose_action(view, "normal", 1)
    assert C.action_to_json(chosen).get("reserve") is True


def test_every_level_plays_a_round_and_a_save_reloads_exactly() -> None:
    for level in ("easy", "normal"):
        state = ai_round("railroad", 4, level)
        assert state.round_over
        loaded = C.from_json(json.loads(json.dumps(C.to_json(state))))
        assert loaded == state
