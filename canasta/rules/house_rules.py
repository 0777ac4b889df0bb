"""Presets of `RuleSet` options a New Game dialog offers: the seeds' Classic house rules
(docs/variants/classic-house-rules.md, H1-H12) and each variant's own named options (its
rules page: six players' 13-card hand, X3), registered per variant in `VARIANT_OPTIONS`.
Any combination whose settings agree may be played. The options themselves are plain
`RuleSet` fields, so a game with presets is saved, loaded and sent to the AI by value
like any other rule set.

A house rule changes Classic's rules, so it is refused on a game that changed the same
options itself (`clash`): six players' own target and opening table (X6) are not
silently replaced by H4's. `describe(base)` lists only the presets that apply to `base`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from canasta.game.errors import RuleSetError, Text, shown
from canasta.rules.options import rule_of
from canasta.rules.ruleset import CLASSIC, NEG_INF, NEVER, RuleSet
from canasta.rules.variants import VARIANTS, get_rules


class Preset(NamedTuple):
    id: str  # the rule id on its rules page
    title: str
    source: str  # the seed and line (`cat -n`), or the public source, it comes from
    changes: dict[str, Any]


HouseRule = Preset  # the name of earlier versions

HOUSE_RULES: dict[str, Preset] = {h.id: h for h in (
    Preset("H1", "Double end: +100 when the partner of the player going out can lay "
           "down the whole hand too", "seed 003 lines 22, 28", {"double_end_bonus": 100}),
    Preset("H2", "Going out in one turn needs the opening minimum only when taking "
           "the pile", "seed 003 lines 23, 29",
           {"concealed_needs_minimum": False, "rule_ids": (("C32", "H2"),)}),
    Preset("H3", "Game to 10,000", "seed 003 line 23",
           {"target_score": 10_000, "rule_ids": (("C50", "H3"),)}),
    Preset("H4", "Game to 7000, opening 50 / 70 / 90 / 120", "seed 003 lines 89, 91",
           {"target_score": 7000,
            "initial_meld": ((NEG_INF, 15), (0, 50), (1500, 70), (3000, 90), (5000, 120)),
            "rule_ids": (("C25", "H4"), ("C50", "H4"))}),
    Preset("H5", "Red 3s count for the side that went out and against the others",
           "seed 003 line 89", {"red_threes_by_going_out": True}),
    Preset("H6", "A canasta in the initial meld opens, whatever its points",
           "seed 003 line 91",
           {"canasta_opens_from": -NEVER, "rule_ids": (("C12", "H6"), ("C26", "H6"))}),
    Preset("H7", "Game to 7500; from 5000 only a canasta opens", "seed 003 line 189",
           {"target_score": 7500, "canasta_opens_from": 5000, "canasta_to_open_from": 5000,
            "initial_meld": ((NEG_INF, 15), (0, 50), (1500, 90), (3000, 120), (5000, 0)),
            "rule_ids": (("C12", "H7"), ("C25", "H7"), ("C26", "H7"), ("C50", "H7"))}),
    Preset("H8", "Two canastas to go out", "seed 003 line 191",
           {"canastas_to_go_out": 2, "rule_ids": (("C30", "H8"), ("C31", "H8"))}),
    Preset("H9", "Each black 3 left in hand costs 100", "seed 003 line 181",
           {"black_three_in_hand": 100}),
    Preset("H10", "A black 3 freezes the pile", "seed 002 line 94",
           {"black_three_freezes": True, "rule_ids": (("C22", "H10"),)}),
    Preset("H11", "+100 for a canasta laid down whole", "seed 001 line 49",
           {"concealed_canasta_bonus": 100}),
    Preset("H12", "A canasta of seven wild cards, laid down whole (+100)",
           "seed 003 line 179", {"wild_meld_min": 7, "wild_canasta_bonus": 100}),
)}

# Each variant's own options, by the variant's name (the options its rules page names,
# with their rule ids there). They change the variant's own rules, so no clash applies.
_THIRTEEN = Preset("X3", "Thirteen cards each instead of fifteen",
                   "variants-notes §4 (rummy-games.com canasta-for-six)", {"hand_size": 13})
VARIANT_OPTIONS: dict[str, tuple[Preset, ...]] = {
    "classic-6p": (_THIRTEEN,),
    "classic-6p-3x2": (_THIRTEEN,),
    "free-canasta": (
        Preset("F6", "The canasta of wild cards is laid down whole: seven at once",
               "seed 003 line 179 (the other reading of line 47's \u201csammeln\u201d)",
               {"wild_meld_min": 7, "rule_ids": (("H12", "F6"),)}),
    ),
    "cuban": (
        Preset("K12", "Thirteen cards each instead of fifteen",
               "variants-notes \u00a77 (rummy-games.com cuban-canasta)", {"hand_size": 13}),
        Preset("K13", "No bonus for going out concealed",
               "variants-notes \u00a77 (rummy-games.com cuban-canasta)", {"concealed_bonus": 0}),
        Preset("K14", "Red 3s score 100 / 300 / 500 / 1000 in all, not for each",
               "variants-notes \u00a77 (rummy-games.com cuban-canasta)",
               {"red_three_totals": ((2, 300), (3, 500)), "all_red_threes_bonus": 1000}),
    ),
    "mexicana": (
        Preset("M10", "Thirteen cards each instead of fifteen",
               "rummy-games.com mexicana", {"hand_size": 13}),
        Preset("M11", "The pile is taken at any size, but never with a 7 on top",
               "rummy-games.com mexicana (the other reading of seed 003 line 65)",
               {"pile_min_size": 0, "pile_barred_rank": "7"}),
        Preset("M12", "A canasta for each red 3 to go out, instead of two red 3s",
               "seed 003 line 65 (the other reading of \u201cebenso viele rote Tripel\u201d)",
               {"red_threes_to_go_out": 0, "canastas_per_red_three": True}),
    ),
    "american": (
        Preset("U20", "The rule of five: wild cards only on a meld of five naturals",
               "variants-notes \u00a78", {"wilds_from_naturals": 5}),
        Preset("U21", "Special hand: seven natural pairs laid down at once go out for 2500",
               "pagat's Modern American Canasta (as copied at euroarab-forum.eu); "
               "honorsbridgeclub.org canastahouserules", {"special_pairs_bonus": 2500}),
        Preset("U22", "An unfinished meld of wild cards with all four jokers costs 2500",
               "variants-notes \u00a78 (pagat: \u22122500 instead of \u22122000)",
               {"unfinished_wild_by_jokers": ((4, 2500),)}),
        Preset("U23", "The initial meld must hold a natural meld of three cards or more",
               "variants-notes \u00a78 (\u201cCLA: must include a natural triple\u201d)",
               {"initial_natural_triple": True}),
        Preset("U24", "A canasta closes its rank for both sides",
               "variants-notes \u00a78 (\u201ca completed rank is closed to both teams\u201d)",
               {"closed_to_both": True}),
    ),
    "samba": (
        Preset("S12", "The initial meld needs 150 from 7000 points, not 160",
               "variants-notes \u00a75 (pagat quoted)",
               {"initial_meld": ((NEG_INF, 15), (0, 50), (1500, 90), (3000, 120),
                                 (7000, 150))}),
        Preset("S13", "The top card alone joins only a meld short of a canasta",
               "variants-notes \u00a75 (bicyclecards.ca samba)", {"take_onto": "open"}),
        Preset("S14", "The top card alone joins only a sequence it continues",
               "variants-notes \u00a75 (pagat quoted)", {"take_onto": "sequence"}),
        Preset("S15", "Five red 3s score 100 each (only all six score 1000)",
               "variants-notes \u00a75 (bicyclecards.ca, howstuffworks)",
               {"red_three_totals": ()}),
    ),
    "samba-twos": (
        Preset("Z13", "The upcard is one of its count (a king: twelve cards under it)",
               "seed 003 line 73 (\u201cdie dem Nennwert der angegebenen Karte "
               "entspricht\u201d, read as the whole pile)", {"counted_pile": "including"}),
        Preset("Z14", "Five natural canastas score both bonuses (3000)",
               "seed 003 line 73 (\u201c2000 Punkte f\u00fcr 5 reine Canas, 1000 Punkte "
               "f\u00fcr 5 Canas\u201d, read as two bonuses)",
               {"natural_count_bonus": ((5, 3000),)}),
    ),
    "hand-and-foot": (
        Preset("HF15", "Two players, each for himself (three decks)",
               "nwpages.net/cards/HF/GameOverView.html", {"players": 2, "decks": 3,
                                                          "ask_permission": False}),
        Preset("HF16", "Three players, each for himself (four decks)",
               "nwpages.net/cards/HF/GameOverView.html", {"players": 3, "teams": 3,
                                                          "decks": 4,
                                                          "ask_permission": False}),
        Preset("HF17", "Six players in two teams of three (seven decks)",
               "rversofidaho.org/gamerules/3", {"players": 6, "decks": 7}),
        Preset("HF18", "Saskatchewan: one clean, one dirty and one wild book to go out",
               "variants-notes \u00a79 (pagat.com)", {"canastas_to_go_out": 3,
                                                      "out_natural": 1, "out_mixed": 1}),
        Preset("HF19", "Simpson: one clean and one dirty book to go out; books 300 and "
               "100; every red 3 \u2212500", "variants-notes \u00a79 (pagat.com)",
               {"canastas_to_go_out": 2, "out_natural": 1, "out_mixed": 1, "out_wild": 0,
                "natural_canasta_bonus": 300, "mixed_canasta_bonus": 100,
                "red_three_bonus": -500, "red_threes_negative_without_meld": False}),
        Preset("HF20", "The whole pile is taken, as in Classic",
               "rversofidaho.org/gamerules/3", {"pile_take_most": 0}),
    ),
    "railroad": (
        Preset("R21", "Two players (four decks, four jokers)", "seed 004 line 8 (“2 или "
               "повече играчи”), line 10", {"players": 2, "teams": 2, "decks": 4}),
        Preset("R22", "Three players (six decks, six jokers)", "seed 004 lines 8, 10",
               {"players": 3, "teams": 3, "decks": 6}),
        Preset("R23", "Five players (ten decks, ten jokers)", "seed 004 lines 8, 10",
               {"players": 5, "teams": 5, "decks": 10}),
        Preset("R24", "Six players (twelve decks, twelve jokers)", "seed 004 lines 8, 10",
               {"players": 6, "teams": 6, "decks": 12}),
        Preset("R25", "7s take wild cards like any rank (a mixed canasta of 7s is black)",
               "seed 004 line 54 (the other reading)", {"pure_ranks": ""}),
        Preset("R26", "Red 3s count minus for a player who melded nothing (C42)",
               "classic.md C42; the seed is silent", {"red_threes_negative_without_meld": True}),
    ),
    "pennies": (
        Preset("PH12", "Three teams of two", "bicyclecards.ca Pennies from Heaven (\u201cthree "
               "partnerships\u201d)", {"teams": 3}),
        Preset("PH13", "The packet is taken with a discard, when the player chooses",
               "seed 003 line 81 (\u201cdie der Spieler \u2026 seiner Hand hinzuf\u00fcgen "
               "kann\u201d, read as a choice)", {"reserve_with_discard": True}),
    ),
    "samba-three-naturals": (
        Preset("N8", "The top card alone joins a meld only to make it a canasta of seven",
               "seed 003 line 75 (“um eine Kombination von mindestens sieben Karten "
               "zu verschieben”, read as “to complete”)",
               {"take_onto": "completes"}),
    ),
    "bolivia": (
        Preset("B9", "The seed's reading: Classic Canasta (two decks, eleven cards, one "
               "canasta to go out, no sequences) with bolivias, game 15,000",
               "seed 003 line 77 (\u201cnach den traditionellen Regeln der Canasta\u201d)",
               {"decks": 2, "hand_size": 11, "draw_count": 1, "max_wilds": 3,
                "groups_per_rank": 1, "pile_wild_buy": True, "sequence_min": 0,
                "sequence_canasta_bonus": 0, "sequence_canasta_name": "",
                "sequence_canastas_to_go_out": 0, "canastas_to_go_out": 1,
                "going_out_bonus": 100, "concealed_bonus": 100,
                "all_red_threes_bonus": 800, "red_threes_plus_from": 0,
                "initial_meld": ((NEG_INF, 15), (0, 50), (1500, 90), (3000, 120)),
                "rule_ids": (("F1", "B2"), ("C50", "B8"))}),
        Preset("B10", "No escalera needed to go out: any two canastas",
               "seed 003 line 77 (silent); variants-notes \u00a76 for the escalera",
               {"sequence_canastas_to_go_out": 0}),
    ),
    "brazilian": (
        Preset("BR11", "A sequence shorter than five cards costs 1000 when the round ends "
               "(no bonus for five or more)",
               "bicyclecards.ca and rummy-games.com brazilian (the seed's line 79 says the "
               "opposite)", {"sequence_scores": ((1, -1000), (5, 0))}),
        Preset("BR12", "Two canastas to go out, one of them an escalera (as Bolivia's B4)",
               "variants-notes \u00a76 (Bolivia's rule; the seed is silent for Brazilian)",
               {"sequence_canastas_to_go_out": 1}),
    ),
    "escalera": (
        Preset("E12", "Four deals: the game is four rounds, the highest total winning",
               "seed 003 line 58 (\u201cvier aufeinander folgende Kapitulationen\u201d)",
               {"deals": 4}),
        Preset("E13", "Sequences start at three cards and grow to an escalera at seven",
               "seed 003 line 71 (Samba's sequences)", {"sequence_min": 3}),
    ),
    "wild-canasta": (
        Preset("W6", "No size limit: melds grow past seven cards",
               "seed 003 line 67 (the other reading of \u201c3 bis 7 Karten\u201d)",
               {"meld_max": 0}),
        Preset("W7", "The canasta of wild cards is laid down whole: seven at once",
               "seed 003 line 179", {"wild_meld_min": 7, "rule_ids": (("H12", "W7"),)}),
    ),
}


def presets_for(base: RuleSet) -> dict[str, Preset]:
    """Every preset that may be named with `base`: its own options, then the house rules
    (whether each applies is `clash`'s and the rule set's to say)."""
    return {**{p.id: p for p in VARIANT_OPTIONS.get(base.name, ())}, **HOUSE_RULES}


# The options a house rule sets, named in a clash's sentence ("already sets the target
# score"): each a phrase of its own, said in the player's language.
_OPTION_WORDS = {
    "black_three_freezes": Text("black three freezes"),
    "black_three_in_hand": Text("black three in hand"),
    "canasta_opens_from": Text("canasta opens from"),
    "canastas_to_go_out": Text("canastas to go out"),
    "concealed_canasta_bonus": Text("concealed canasta bonus"),
    "concealed_needs_minimum": Text("concealed needs minimum"),
    "double_end_bonus": Text("double end bonus"),
    "initial_meld": Text("initial meld"),
    "red_threes_by_going_out": Text("red threes by going out"),
    "target_score": Text("target score"),
    "wild_canasta_bonus": Text("wild canasta bonus"),
    "wild_meld_min": Text("wild meld min"),
}


def _and(items: list[str]) -> str:
    """Phrases as one: "a and b and c" (each pair a nested `Text`)."""
    said = items[0]
    for item in items[1:]:
        said = Text("{first} and {then}", first=said, then=item)
    return said


def _titled(title: str) -> str:
    """A game's or preset's title as a phrase: a `Text` (said in the player's language)
    where it is one the engine offers (tools/i18n.py `game_titles` keys them), else as
    it is (a rule set's own title, loaded by value)."""
    return Text(title) if title in _titles() else title


def _titles() -> set[str]:
    if not _TITLES:
        _TITLES.update(r.title for r in VARIANTS.values())
        _TITLES.update(p.title for p in HOUSE_RULES.values())
        _TITLES.update(p.title for own in VARIANT_OPTIONS.values() for p in own)
    return _TITLES


_TITLES: set[str] = set()


def clash(base: RuleSet, preset: Preset) -> Text | None:
    """Why the house rule `preset` cannot be added to `base` (None: it can), as a
    sentence: it sets an option that `base` itself changed from Classic. A variant's own
    options never clash."""
    if preset.id not in HOUSE_RULES or any(p.id == preset.id
                                           for p in VARIANT_OPTIONS.get(base.name, ())):
        return None
    changed = [name for name in preset.changes if name != "rule_ids"
               and getattr(base, name) != getattr(CLASSIC, name)]
    if not changed:
        return None
    cited = sorted({base.cite(r) for name in changed if (r := rule_of(name)) is not None
                    and (base.cite(r) != r or not r.startswith("C"))})
    what = _and([_OPTION_WORDS.get(name) or name.replace("_", " ") for name in changed])
    title, game = _titled(preset.title), _titled(base.title)
    if len(cited) == 1:
        return Text("House rule {id} ({title}) cannot be added to {game}: that game's own "
                    "rule {rule} already sets the {what}", id=preset.id, title=title,
                    game=game, rule=cited[0], what=what)
    if cited:
        return Text("House rule {id} ({title}) cannot be added to {game}: that game's own "
                    "rules {rules} already set the {what}", id=preset.id, title=title,
                    game=game, rules=", ".join(cited), what=what)
    return Text("House rule {id} ({title}) cannot be added to {game}: that game already "
                "sets the {what}", id=preset.id, title=title, game=game, what=what)


def with_house_rules(base: RuleSet, ids: list[str] | tuple[str, ...]) -> RuleSet:
    """`base` with the presets `ids`: its own options (`VARIANT_OPTIONS`) and house rules
    (a repeated id counts once). Its name lists them, its own options first
    ("classic-6p+X3+H1"). Refused with a RuleSetError (a ValueError): ids that are not a
    list of text, an unknown id, a house rule that sets an option `base` changed itself
    (`clash`), two presets setting one option differently, or a combination the rule
    set itself refuses (H1 where every player plays alone)."""
    known = presets_for(base)
    if not isinstance(ids, (list, tuple)) or not all(isinstance(i, str) for i in ids):
        raise RuleSetError(Text("house rules must be a list of ids ({ids}), not {value}",
                                ids=", ".join(known), value=shown(ids)))
    own = {p.id for p in VARIANT_OPTIONS.get(base.name, ())}
    chosen = sorted(set(ids), key=lambda i: (i not in own, len(i), i))
    unknown = [i[:20] for i in chosen if i not in known]
    if unknown:
        offered = ", ".join(d["id"] for d in describe(base))
        raise RuleSetError(Text("unknown house rule {ids}; {game} may have: {offered}",
                                ids=", ".join(unknown[:4]), game=base.name, offered=offered))
    changes: dict[str, Any] = {}
    setter: dict[str, str] = {}
    cited = dict(base.rule_ids)
    cited_by: dict[str, str] = {}
    for i in chosen:
        problem = clash(base, known[i])
        if problem is not None:
            raise RuleSetError(problem)
        for name, value in known[i].changes.items():
            if name == "rule_ids":
                for rule, own_id in value:
                    if rule in cited_by and cited[rule] != own_id:
                        raise RuleSetError(Text(
                            "house rules {a} and {b} contradict each other: both change rule "
                            "{rule}", a=cited_by[rule], b=i, rule=rule))
                    cited[rule], cited_by[rule] = own_id, i
                continue
            if name in changes and changes[name] != value:
                raise RuleSetError(Text("house rules {a} and {b} contradict each other: both "
                                        "set {option}, to different values", a=setter[name],
                                        b=i, option=name))
            changes[name], setter[name] = value, i
    if not chosen:
        return base
    name = "+".join((base.name, *chosen))
    parts = [", ".join(i for i in chosen if i in own),
             ", ".join(i for i in chosen if i not in own)]
    if parts[1]:
        parts[1] = "house rules " + parts[1]
    title = base.title + " with " + " and ".join(p for p in parts if p)
    return replace(base, name=name[:60], title=title[:200], rule_ids=tuple(cited.items()),
                   **changes)


def rules_named(name: str) -> RuleSet:
    """The rule set a name of `with_house_rules` stands for ("classic+H1+H5",
    "classic-6p+X3"): a registered variant and presets. KeyError for an unknown
    variant, ValueError for presets refused with it."""
    base, *ids = name.split("+")
    return with_house_rules(get_rules(base), ids)


def _json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    return value


def describe(base: RuleSet = CLASSIC) -> list[dict[str, Any]]:
    """The presets a New Game dialog offers with `base`: its own options ("kind":
    "option") and the house rules that apply to it ("kind": "house"), each with id,
    title, source and the options it sets. A house rule that clashes with `base`'s own
    rules, or that `base` cannot have (H1 without partners), is left out."""
    own = {p.id for p in VARIANT_OPTIONS.get(base.name, ())}
    out: list[dict[str, Any]] = []
    for p in presets_for(base).values():
        try:
            with_house_rules(base, [p.id])
        except ValueError:
            continue
        out.append({"id": p.id, "title": p.title, "source": p.source,
                    "kind": "option" if p.id in own else "house",
                    "changes": {k: _json(v) for k, v in p.changes.items()}})
    return out

