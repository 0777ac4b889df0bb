"""The variants: each a named rule set made with `dataclasses.replace(CLASSIC, ...)`, the
registry `VARIANTS` and `get_rules`, which finds one by name. Sources for every number
are in docs/variants.md; the fields are documented in canasta/rules/ruleset.py."""

from __future__ import annotations

from dataclasses import replace

from canasta.game.errors import Text, shown
from canasta.rules.ruleset import CLASSIC, NEG_INF, RuleSet

CLASSIC_2P = replace(
    CLASSIC,
    name="classic-2p",
    title="Classic Canasta for two (15 cards, draw 2, two canastas to go out)",
    players=2,
    teams=2,
    hand_size=15,
    draw_count=2,
    canastas_to_go_out=2,
    ask_permission=False,
    rule_ids=(("C1", "D1"), ("C4", "D2"), ("C7", "D3"), ("C30", "D4"), ("C31", "D4"),
              ("C33", "D5")),
)

CLASSIC_3P = replace(
    CLASSIC,
    name="classic-3p",
    title="Classic Canasta for three (13 cards, each plays alone, two canastas to go out)",
    players=3,
    teams=3,
    hand_size=13,
    canastas_to_go_out=2,
    ask_permission=False,
    rule_ids=(("C1", "T1"), ("C4", "T2"), ("C30", "T4"), ("C31", "T4"), ("C33", "T5")),
)

# Six players (docs/variants.md): seed 003 line 45 — three decks with six jokers, 15
# cards each, two teams of three or three teams of two, every player between two
# opponents (seat i plays for team i % teams); variants-notes §4 for the rest.
_SIX = replace(
    CLASSIC,
    decks=3,
    players=6,
    hand_size=15,
    canastas_to_go_out=2,
    all_red_threes_bonus=1200,
    red_three_totals=((5, 1000),),
    rule_ids=(("C1", "X1"), ("C3", "X2"), ("C4", "X3"), ("C30", "X4"), ("C31", "X4"),
              ("C40", "X5"), ("C25", "X6"), ("C50", "X6")),
)

CLASSIC_6P = replace(
    _SIX,
    name="classic-6p",
    title="Classic Canasta for six (two teams of three, 3 decks, 15 cards, two canastas)",
    teams=2,
    initial_meld=((NEG_INF, 15), (0, 50), (1500, 90), (3000, 120), (7500, 150)),
    target_score=10_000,
)

CLASSIC_6P_3X2 = replace(
    _SIX,
    name="classic-6p-3x2",
    title="Classic Canasta for six (three teams of two, 3 decks, 15 cards, two canastas)",
    teams=3,
    target_score=7500,
)

# Free Canasta (docs/variants/free-canasta.md): seed 003 line 47 — canastas of jokers
# and 2s only (1000), mixed canastas by their wild cards (400 / 300 / 200).
FREE_CANASTA = replace(
    CLASSIC,
    name="free-canasta",
    title="Free Canasta (4 players; canastas of wild cards, mixed canastas by wild cards)",
    wild_meld_min=3,
    wild_canasta_bonus=1000,
    mixed_bonus_by_wilds=((1, 400), (2, 300), (3, 200)),
)

# Five players (docs/variants/classic-5p.md): seed 003 line 43 — three against two,
# four at the table, the third member of the larger team waiting in turn (roster.py).
CLASSIC_5P = replace(
    CLASSIC,
    name="classic-5p",
    title="Classic Canasta for five (three against two; one waits each round)",
    roster=(3, 2),
)

# The wild-canasta game (docs/variants/wild-canasta.md): seed 003 line 67 — melds of
# three to seven cards, 2000 for a canasta of wild cards, the pile always frozen.
WILD_CANASTA = replace(
    CLASSIC,
    name="wild-canasta",
    title="Wild-canasta game (melds of 3 to 7 cards, 2000 for a canasta of wild cards, "
          "the pile always frozen)",
    meld_max=7,
    wild_meld_min=3,
    wild_canasta_bonus=2000,
    pile_always_frozen=True,
    rule_ids=(("C14", "W4"), ("F1", "W3")),
)

# Cuban Canasta (docs/variants/cuban.md): seed 003 line 63 — 15 cards, the pile always
# frozen, canastas of seven at most, red 3s by the card, black 3s held the first time
# round and set aside when taken, canastas of wild cards 4000 / 3000 / 2000.
CUBAN = replace(
    CLASSIC,
    name="cuban",
    title="Cuban Canasta (15 cards, the pile always frozen, canastas of seven at most, "
          "wild canastas 2000\u20134000)",
    hand_size=15,
    pile_always_frozen=True,
    meld_max=7,
    wild_meld_min=3,
    wild_canasta_bonus=2000,
    wild_canasta_by_jokers=((0, 4000), (4, 3000)),
    red_three_totals=((1, 100), (2, 600), (3, 1500)),
    all_red_threes_bonus=4000,
    red_threes_need_canasta=True,
    black_threes_held_first_round=True,
    black_threes_set_aside=True,
    all_black_threes_bonus=100,
    initial_meld=((NEG_INF, 15), (0, 50), (1500, 90), (3000, 120), (5000, 150)),
    target_score=7500,
    rule_ids=(("C4", "K2"), ("C14", "K3"), ("W4", "K3"), ("W2", "K5"), ("C25", "K7"),
              ("C50", "K7"), ("F1", "K11")),
)

# Mexicana (docs/variants/mexicana.md): seed 003 line 65 — three decks with six jokers,
# 15 cards, 13 stock cards to the player who makes the side's initial meld, a canasta of
# 7s 1000, the pile taken only from seven cards, two canastas and two red 3s to go out.
MEXICANA = replace(
    CLASSIC,
    name="mexicana",
    title="Mexicana (3 decks, 15 cards, 13 more on the initial meld, sevens 1000)",
    decks=3,
    hand_size=15,
    reserve_size=13,
    sevens_canasta_bonus=1000,
    pile_min_size=7,
    canastas_to_go_out=2,
    red_threes_to_go_out=2,
    all_red_threes_bonus=1200,
    red_three_totals=((5, 1000),),
    rule_ids=(("C3", "M1"), ("C4", "M2"), ("C30", "M8"), ("C31", "M8"), ("C40", "M9")),
)

# Modern American Canasta (docs/variants/american.md): not in the seeds; variants-notes
# §8 (pagat, the Canasta League of America's laws, playonlinecanasta.com). 13 cards, no
# upcard, every 3 laid down, bonus cards on a side's first meld, melds of three to seven
# with two wild cards at most, 7s and aces kept natural, two canastas and a discard to
# go out, penalties for what is left unfinished.
AMERICAN = replace(
    CLASSIC,
    name="american",
    title="Modern American Canasta (13 cards, bonus cards, 7s and aces natural, two "
          "canastas and a discard to go out)",
    hand_size=13,
    upcard=False,
    black_threes_laid=True,
    reserve_size=4,
    reserve_later=3,
    reserve_stock_above=8,
    max_wilds=2,
    wilds_strictly_fewer=False,
    meld_max=7,
    wild_meld_min=3,
    pure_ranks="7A",
    pure_open_mixed="A",
    pile_always_frozen=True,
    wild_discard_last_only=True,
    empty_pile_bars=True,
    minimum_from_hand=True,
    initial_meld=((NEG_INF, 125), (3000, 155), (5000, 180)),
    canastas_to_go_out=2,
    final_discard="required",
    concealed_bonus=0,
    pure_canasta_bonus=2500,
    wild_canasta_bonus=2000,
    wild_canasta_by_jokers=((0, 3000), (4, 2500)),
    red_three_totals=((1, 100), (2, 300), (3, 500)),
    all_red_threes_bonus=1000,
    threes_plus_from=2,
    unfinished_pure_penalty=2500,
    unfinished_wild_penalty=2000,
    held_pure_count=3,
    held_pure_penalty=1500,
    melds_minus_without_canasta=True,
    target_score=8500,
    rule_ids=(("C4", "U2"), ("C5", "U5"), ("C20", "U5"), ("C17", "U7"), ("C19", "U7"),
              ("F1", "U9"), ("W2", "U10"), ("C12", "U11"), ("C25", "U11"), ("C26", "U11"),
              ("C14", "U12"), ("W4", "U12"), ("C30", "U15"), ("C31", "U15"),
              ("C40", "U14"), ("C42", "U16"), ("C50", "U19")),
)

# Samba (docs/variants/samba.md): seed 003 line 71 — three decks with six jokers, 15
# cards, draw two, the pile never bought with a wild card, at most two wild cards a meld,
# sequences of one suit that make a samba (1500) at seven, two canastas to go out;
# variants-notes §5 (Bicycle, howstuffworks, pagat) for the initial-meld table.
SAMBA = replace(
    CLASSIC,
    name="samba",
    title="Samba (3 decks, 15 cards, draw 2, sequences of one suit, samba 1500)",
    decks=3,
    hand_size=15,
    draw_count=2,
    max_wilds=2,
    groups_per_rank=2,
    pile_wild_buy=False,
    sequence_min=3,
    sequence_max=7,
    sequence_canasta_bonus=1500,
    sequence_canasta_name="samba",
    canastas_to_go_out=2,
    going_out_bonus=200,
    concealed_bonus=0,
    red_three_totals=((5, 1000),),
    all_red_threes_bonus=1000,
    red_threes_plus_from=2,
    initial_meld=((NEG_INF, 15), (0, 50), (1500, 90), (3000, 120), (7000, 160)),
    target_score=10_000,
    rule_ids=(("C3", "S1"), ("C4", "S1"), ("C7", "S2"), ("C11", "S3"), ("C17", "S4"),
              ("C19", "S4"), ("C25", "S10"), ("C30", "S8"), ("C31", "S8"), ("C40", "S9"),
              ("C42", "S9"), ("C50", "S11")),
)

# Bolivia (docs/variants/bolivia.md): seed 003 line 77 — melds of three or more wild
# cards, seven of them a bolivia (2500), game 15,000, black 3s left in hand -100; built
# on Samba as the public sources describe it (variants-notes §6): escaleras (sequences
# of seven, 1500), two canastas to go out, one an escalera.
BOLIVIA = replace(
    SAMBA,
    name="bolivia",
    title="Bolivia (Samba with bolivias of wild cards 2500 and escaleras 1500; one "
          "escalera to go out)",
    wild_meld_min=3,
    wild_meld_max=7,
    wild_canasta_bonus=2500,
    wild_canasta_name="bolivia",
    sequence_canasta_name="escalera",
    sequence_canastas_to_go_out=1,
    black_three_in_hand=100,
    red_three_totals=(),
    initial_meld=((NEG_INF, 15), (0, 50), (1500, 90), (3000, 120), (7000, 150)),
    target_score=15_000,
    # Samba's own rules keep their ids (S1-S7: the page says so); Bolivia's changes
    rule_ids=(("C3", "S1"), ("C4", "S1"), ("C7", "S2"), ("C11", "S3"), ("C17", "S4"),
              ("C19", "S4"), ("F1", "B2"), ("S7", "B3"), ("C25", "B7"), ("C30", "B4"),
              ("C31", "B4"), ("C40", "B6"), ("C42", "B6"), ("C50", "B8")),
)

# Brazilian Canasta (docs/variants/brazilian.md): seed 003 line 79 — Bolivia with its
# own initial meld and scoring: game 10,000, the pile never taken for the initial meld,
# wild canastas 2000, sequences of five or more 1000 at the round's end, escaleras grown
# in going out, red 3s 100 each up to four, 1000 for five, 1200 for six, plus with a
# canasta; the partner always asked. The initial meld from 7000 holds a canasta, and
# from 9000 a natural one or better (bicyclecards.ca, rummy-games.com: the seed has no
# table); any two canastas go out (the sources; the seed is silent).
BRAZILIAN = replace(
    BOLIVIA,
    name="brazilian",
    title="Brazilian Canasta (Bolivia with canastas to open from 7000, sequences of five "
          "1000, the partner always asked)",
    wild_canasta_bonus=2000,
    sequence_canastas_to_go_out=0,
    sequence_grows_out=True,
    pile_opens=False,
    initial_meld=((NEG_INF, 15), (0, 50), (1500, 90), (3000, 120), (7000, 0), (8000, 200),
                  (9000, 0)),
    canasta_to_open_from=7000,
    natural_to_open_from=9000,
    sequence_scores=((5, 1000),),
    red_three_totals=((5, 1000),),
    all_red_threes_bonus=1200,
    red_threes_plus_from=1,
    must_ask=True,
    target_score=10_000,
    rule_ids=(("C3", "S1"), ("C4", "S1"), ("C7", "S2"), ("C11", "S3"), ("C17", "S4"),
              ("C19", "S4"), ("F1", "B2"), ("S7", "B3"), ("C25", "BR2"), ("C26", "BR2"),
              ("C30", "BR9"), ("C31", "BR9"), ("C33", "BR8"), ("C40", "BR7"),
              ("C42", "BR7"), ("C50", "BR10")),
)

# Three-deck Canasta with sequences and melds of wild cards (docs/variants/
# three-deck-sequences.md): seed 003 line 69 — three decks and six jokers, sequences or
# melds of wild cards, one card drawn, one canasta to go out; everything else Classic.
THREE_DECK_SEQUENCES = replace(
    CLASSIC,
    name="three-deck-sequences",
    title="Three-deck Canasta with sequences and melds of wild cards (one canasta to go "
          "out)",
    decks=3,
    sequence_min=3,
    sequence_max=7,
    sequence_canasta_bonus=1500,
    wild_meld_min=3,
    wild_meld_max=7,
    wild_canasta_bonus=1000,
    all_red_threes_bonus=1200,
    red_three_totals=((5, 1000),),
    rule_ids=(("C3", "Q1"), ("S6", "Q2"), ("S7", "Q2"), ("F1", "Q3"), ("B2", "Q3"),
              ("C40", "Q5")),
)

# Samba with a counted pile and melds of 2s (docs/variants/samba-twos.md): seed 003 line
# 73 — Samba with red 3s replaced before the upcard, face-down stock cards under it as
# many as it counts, the pile always frozen, melds of 2s (their 2s wild nowhere else until
# they make a canasta, which does not count to go out and scores only for the side going
# out), going out 300, red 3s 100 each to three and 200 each from four, bonuses for five
# and ten canastas, game 12,000.
SAMBA_TWOS = replace(
    SAMBA,
    name="samba-twos",
    title="Samba with a counted pile and melds of 2s (the pile always frozen, game 12,000)",
    red_threes_before_upcard=True,
    counted_pile="under",
    pile_always_frozen=True,
    twos_melds=True,
    wild_meld_min=3,
    wild_meld_max=7,
    wild_canasta_bonus=2000,
    wild_canasta_by_jokers=((0, 3000),),
    wild_canasta_name="canasta of 2s",
    wild_canastas_count_out=False,
    wild_bonus_going_out_only=True,
    going_out_bonus=300,
    red_three_bonus=100,
    red_three_totals=((4, 800), (5, 1000)),
    all_red_threes_bonus=1200,
    canasta_count_bonus=((5, 1000), (10, 2000)),
    natural_count_bonus=((5, 2000),),
    target_score=12_000,
    rule_ids=(("C3", "S1"), ("C4", "Z3"), ("C5", "Z2"), ("C7", "S2"), ("C11", "Z4"),
              ("C14", "Z4"), ("W4", "Z4"), ("C17", "S4"), ("C19", "S4"), ("F1", "Z5"),
              ("B2", "Z5"), ("C25", "S10"), ("C30", "Z7"), ("C31", "Z7"), ("C40", "Z9"),
              ("C42", "Z8"), ("C50", "Z12")),
)

# Samba with three naturals a meld (docs/variants/samba-three-naturals.md): seed 003 line
# 75 — Samba with every meld of at least three naturals, one wild card in a sequence (a
# mixed sequence canasta 1000, a natural one 1500) and no canasta beyond seven cards.
SAMBA_THREE_NATURALS = replace(
    SAMBA,
    name="samba-three-naturals",
    title="Samba with three naturals a meld (one wild card in a sequence, canastas of "
          "seven)",
    wilds_from_naturals=3,
    sequence_wilds=1,
    mixed_sequence_bonus=1000,
    meld_max=7,
    rule_ids=(("C3", "S1"), ("C4", "S1"), ("C7", "S2"), ("C11", "S3"), ("C17", "S4"),
              ("C19", "S4"), ("U7", "N2"), ("W2", "N5"), ("C25", "S10"), ("C30", "S8"),
              ("C31", "S8"), ("C40", "S9"), ("C42", "S9"), ("C50", "S11")),
)

# The three-deck escalera game (docs/variants/escalera.md): seed 003 line 49 with its
# bonus list (lines 50-58) — three decks, 15 cards, draw two, no wild-card buys, two wild
# cards a meld, nobody goes out (the round runs to the end of the stock), sets of black
# 3s at any time, escaleras of seven, the first canasta's player takes 11 stock cards,
# canastas of 7s 1000 / 1500, bolivias 2000, 7s left in hand -500, game 10,000.
ESCALERA = replace(
    CLASSIC,
    name="escalera",
    title="Escalera game (3 decks, draw 2, nobody goes out, escaleras, 11 cards for the "
          "first canasta)",
    decks=3,
    hand_size=15,
    draw_count=2,
    max_wilds=2,
    pile_wild_buy=False,
    sequence_min=7,
    sequence_max=7,
    sequence_canasta_bonus=1500,
    sequence_canasta_name="escalera",
    wild_meld_min=3,
    wild_meld_max=7,
    wild_canasta_bonus=2000,
    wild_canasta_name="bolivia",
    going_out=False,
    ask_permission=False,
    going_out_bonus=0,
    concealed_bonus=0,
    black_threes_anytime=True,
    black_three_in_hand=200,
    reserve_size=11,
    reserve_trigger="first_canasta",
    sevens_canasta_bonus=1000,
    natural_sevens_bonus=1500,
    all_red_threes_bonus=2000,
    all_red_threes_special=True,
    seven_in_hand=500,
    target_score=10_000,
    rule_ids=(("C3", "E1"), ("C4", "E1"), ("C7", "E1"), ("S3", "E2"), ("C17", "E2"),
              ("C19", "E2"), ("S6", "E3"), ("S7", "E3"), ("F1", "E3"), ("B2", "E3"),
              ("C30", "E4"), ("C31", "E4"), ("C21", "E5"), ("C40", "E9"), ("C50", "E11")),
)

# Railroad Canasta (docs/variants/railroad.md): seed 004 — each for himself, two decks
# and two jokers a player, 13 cards and an 11-card kitty, four kinds of canasta.
RAILROAD = replace(
    CLASSIC,
    name="railroad",
    title="Railroad Canasta (each for himself; a kitty, four kinds of canasta)",
    players=4,
    teams=4,
    decks=8,
    jokers_per_deck=1,
    hand_size=13,
    draw_count=2,
    max_wilds=3,
    wilds_strictly_fewer=False,
    meld_max=7,
    groups_per_rank=12,
    wild_meld_min=3,
    pure_ranks="7",
    pile_wild_buy=False,
    ask_permission=False,
    black_threes_any_number=True,
    initial_meld=((NEG_INF, 15), (0, 50), (5000, 90), (10_000, 120), (15_000, 150)),
    canastas_to_go_out=4,
    out_natural=1,
    out_mixed=1,
    out_wild=1,
    out_sevens=1,
    final_discard="required",
    last_discard_not_seven=True,
    sevens_held=True,
    stock_out="pile",
    reserve_size=11,
    reserve_from="dealt",
    reserve_trigger="own_unmixed_canasta",
    reserve_with_discard=True,
    packet_name="kitty",
    wild_canasta_bonus=1000,
    natural_sevens_bonus=1500,
    all_red_threes_bonus=0,
    red_threes_negative_without_meld=False,
    concealed_bonus=0,
    target_score=20_000,
    rule_ids=(("C1", "R2"), ("C3", "R1"), ("C4", "R3"), ("C7", "R12"),
              ("C17", "R5"), ("C19", "R5"), ("C21", "R7"), ("C25", "R11"), ("C26", "R11"),
              ("C14", "R15"), ("F1", "R9"),
              ("S3", "R15"), ("S5", "R8"), ("W2", "R8"), ("U8", "R10"), ("C30", "R17"),
              ("C31", "R17"), ("C34", "R18"), ("C40", "R19"), ("C50", "R20")),
)

# Pennies from Heaven (docs/variants/pennies.md): seed 003 line 81 with rummy-games.com
# and bicyclecards.ca — six players in two teams of three, four decks and eight jokers,
# 13 cards and a packet of 11 that joins the hand at the player's first canasta.
PENNIES = replace(
    CLASSIC,
    name="pennies",
    title="Pennies from Heaven (6 players in teams; a second packet, four kinds of canasta)",
    players=6,
    teams=2,
    decks=4,
    hand_size=13,
    draw_count=2,
    meld_max=7,
    groups_per_rank=12,
    wild_meld_min=3,
    initial_meld=((NEG_INF, 15), (0, 50), (500, 90), (1000, 120), (1500, 150)),
    canastas_to_go_out=4,
    out_natural=1,
    out_mixed=1,
    out_wild=1,
    out_sevens=1,
    last_discard_not_seven=True,
    sevens_held=True,
    reserve_size=11,
    reserve_from="dealt",
    reserve_trigger="own_canasta",
    packet_name="packet",
    wild_canasta_bonus=1000,
    sevens_canasta_bonus=1500,
    all_red_threes_bonus=1000,
    red_threes_need_sevens=True,
    target_score=20_000,
    rule_ids=(("C1", "PH2"), ("C3", "PH1"), ("C4", "PH3"), ("C7", "PH5"), ("W2", "PH6"),
              ("F1", "PH6"),
              ("S5", "PH6"), ("C25", "PH10"), ("C26", "PH10"), ("C30", "PH9"),
              ("C31", "PH9"), ("R13", "PH4"), ("R16", "PH9"), ("R17", "PH9"),
              ("R18", "PH9"), ("C40", "PH8"), ("C42", "PH7"), ("C50", "PH11")),
)

# Hand and Foot (docs/variants/hand-and-foot.md): variants-notes §9 with pagat and
# rversofidaho.org — an 11-card hand and an 11-card foot, books closed at seven, four
# rounds with rising minimums.
HAND_AND_FOOT = replace(
    CLASSIC,
    name="hand-and-foot",
    title="Hand and Foot (4 players in partnerships; a hand and a foot, four rounds)",
    decks=5,
    hand_size=11,
    draw_count=2,
    meld_max=7,
    groups_per_rank=12,
    wild_meld_min=3,
    pile_always_frozen=True,
    pile_take_most=7,
    initial_meld_by_deal=(50, 90, 120, 150),
    canastas_to_go_out=5,
    out_natural=2,
    out_mixed=2,
    out_wild=1,
    reserve_size=11,
    reserve_from="dealt",
    reserve_trigger="hand_empty",
    packet_name="foot",
    wild_canasta_bonus=1500,
    all_red_threes_bonus=0,
    concealed_bonus=0,
    deals=4,
    target_score=100_000,  # HF14: no target (the highest the options allow)
    rule_ids=(("C1", "HF1"), ("C3", "HF1"), ("C4", "HF2"), ("C7", "HF3"), ("C17", "HF4"),
              ("C19", "HF4"), ("W2", "HF4"), ("S5", "HF4"), ("F1", "HF5"), ("C14", "HF7"),
              ("W4", "HF7"), ("R13", "HF8"), ("C25", "HF9"), ("C26", "HF9"),
              ("C40", "HF10"), ("C30", "HF11"), ("C31", "HF11"), ("R17", "HF11"),
              ("C42", "HF6"), ("R19", "HF13"), ("E12", "HF14"), ("C50", "HF14")),
)

VARIANTS: dict[str, RuleSet] = {
    r.name: r for r in (CLASSIC, CLASSIC_2P, CLASSIC_3P, CLASSIC_5P, CLASSIC_6P, CLASSIC_6P_3X2,
                        FREE_CANASTA, WILD_CANASTA, CUBAN, MEXICANA, AMERICAN, SAMBA,
                        SAMBA_TWOS, SAMBA_THREE_NATURALS, BOLIVIA, BRAZILIAN, THREE_DECK_SEQUENCES,
                        ESCALERA, RAILROAD, PENNIES, HAND_AND_FOOT)
}


def get_rules(name: str) -> RuleSet:
    """The registered rule set of that name; KeyError for anything else (a name not
    registered, or no text at all)."""
    found = VARIANTS.get(name) if isinstance(name, str) else None
    if found is None:
        names = ", ".join(sorted(VARIANTS))
        raise KeyError(Text("unknown variant {name}; known variants: {names}",
                            name=shown(name), names=names))
    return found
