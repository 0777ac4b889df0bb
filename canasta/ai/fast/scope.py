"""What the fast play-out path (`canasta.ai.fast.playout`) models: `unmodelled` says why a rule
set is beyond it (the strong level then searches with play-outs over the public API),
and the exceptions that say a state or a rule set is outside it."""

from __future__ import annotations

from canasta.rules.ruleset import CLASSIC, RuleSet

MAX_DECKS = 8  # the policy's tables are built for up to this many decks


class Unsupported(ValueError):
    """The state is inside a step the fast path does not model (an answer, a pending
    initial meld): finish it with the full engine first."""


class UnsupportedRules(Unsupported):
    """The fast path does not model this rule set at all: search over the public API."""


def unmodelled(rules: RuleSet) -> str | None:
    """Why the fast path cannot play a round under `rules`, or None when it can. It
    models every option of `RuleSet` but these assumptions, which a rule set may
    break: a new option is added here until the fast path learns it."""
    if rules.decks > MAX_DECKS:
        return f"the fast path plays with at most {MAX_DECKS} decks"
    house = [name for name in HOUSE_SCORING if getattr(rules, name) != getattr(CLASSIC, name)]
    if rules.final_discard == "forbidden":
        house.insert(0, "final_discard")  # ("required" it models: U15)
    if rules.reserve_from == "dealt" and rules.reserve_trigger not in PACKET_TRIGGERS:
        house.insert(0, "reserve_trigger")
    house += [name for name in UNMODELLED_OPTIONS if getattr(rules, name)]

    if house:
        return "the fast path does not model the options " + ", ".join(house)
    return None


# The options the fast path does not model: the house rules' scoring (scoring.py; H9's
# black 3s in hand it models), a canasta waiving the initial meld (H6, H7), and a last
# card that may not be discarded (going_out's finish_problem). It models the compulsory
# question (C33 `must_ask`: asked before melding when a way out exists, the partner
# answering as normal would; no going out by taking the pile), Brazilian's initial meld
# (BR2: its canasta of one rank; BR3: never with the pile), sequences' scores and
# escaleras grown going out (BR5, BR6: the solver's ways out), and melds of wild cards
# (wild_melds.py: F1, H12; B2's limit), keyed WILD_KEY; sequences and older melds of a
# rank (S5, S6), keyed `SEQUENCE_PREFIX` + id and rank + `OLDER` + id (the policy lays
# sequences as normal does, `Melder._meld_runs`; older melds grow only in ways out);
# melds with a size limit (W2: `space`); Samba's pile (S3); Bolivia's escalera to go out
# (B4: `goal_of`); Modern American's rules (U3-U18: every 3 laid down, 7s and aces with no
# wild card, discards barred, the minimum from the hand, a required final discard, its scoring).
HOUSE_SCORING = ("double_end_bonus", "red_threes_by_going_out",
                 "concealed_canasta_bonus", "canasta_opens_from")
# It models the packets dealt face down (`reserve_from` "dealt"): Hand and Foot's foot
# joining a used-up hand (HF8), Pennies' packet joining at the player's canasta (PH4) and
# Railroad's kitty opened by a canasta not mixed and taken with a discard (R13); with
# them the pile's top seven (HF7), the minimum by round (HF9), the kinds of canasta to go
# out (R17), 7s held (R16-R18), play on an empty stock (R18) and black 3s going out in
# any number (R7, the solver's ways out).
PACKET_TRIGGERS = ("hand_empty", "own_canasta", "own_unmixed_canasta")
# Modern American's options of special hands (U21, special_hands.py), of the initial
# meld's natural triple (U23, opening.py) and of ranks closed for both sides (U24,
# melds.dead_ranks): not modelled, so the strong level searches over the public API.
UNMODELLED_OPTIONS = ("special_pairs_bonus", "initial_natural_triple", "closed_to_both")
