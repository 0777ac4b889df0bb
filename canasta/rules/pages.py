"""Where each rule is written for players: the page of every variant and of every
rule-id prefix (docs/variants/<page>.md, built into static/rules/<page>.html by
tools/pages.py; Classic's C1-C50 are in rules.html). Addresses are relative to the
app's page, so a refusal can link its rule id and the table its variant's rules."""

from __future__ import annotations

import re

CLASSIC_PAGE = "rules.html"

# The rules page of each variant (by the rule set's name) ...
VARIANT_PAGES: dict[str, str] = {
    "classic": CLASSIC_PAGE,
    "classic-2p": "classic-2p",
    "classic-3p": "classic-3p",
    "classic-5p": "classic-5p",
    "classic-6p": "classic-6p",
    "classic-6p-3x2": "classic-6p",
    "free-canasta": "free-canasta",
    "wild-canasta": "wild-canasta",
    "cuban": "cuban",
    "mexicana": "mexicana",
    "american": "american",
    "samba": "samba",
    "samba-three-naturals": "samba-three-naturals",
    "samba-twos": "samba-twos",
    "bolivia": "bolivia",
    "brazilian": "brazilian",
    "escalera": "escalera",
    "three-deck-sequences": "three-deck-sequences",
    "railroad": "railroad",
    "pennies": "pennies",
    "hand-and-foot": "hand-and-foot",
}

# ... and the page that holds each prefix of rule ids.
PREFIX_PAGES: dict[str, str] = {
    "C": CLASSIC_PAGE,
    "H": "classic-house-rules",
    "D": "classic-2p",
    "T": "classic-3p",
    "P": "classic-5p",
    "X": "classic-6p",
    "F": "free-canasta",
    "W": "wild-canasta",
    "K": "cuban",
    "M": "mexicana",
    "U": "american",
    "S": "samba",
    "N": "samba-three-naturals",
    "Z": "samba-twos",
    "B": "bolivia",
    "BR": "brazilian",
    "E": "escalera",
    "Q": "three-deck-sequences",
    "R": "railroad",
    "PH": "pennies",
    "HF": "hand-and-foot",
}

_RULE = re.compile(r"^([A-Z]{1,2})\d{1,3}$")


def _address(page: str) -> str:
    return "./" + page if page == CLASSIC_PAGE else f"./static/rules/{page}.html"


def variant_href(name: str) -> str:
    """The rules page of the variant `name`. A game with house rules ("classic+H1",
    house_rules.py) gets the house rules' page, which links Classic's; a rule set of
    one's own the page of the variant its name starts with, else Classic's."""
    base, _, house = name.partition("+")
    if house.startswith("H"):
        return _address(PREFIX_PAGES["H"])
    return _address(VARIANT_PAGES.get(base, CLASSIC_PAGE))


def rule_href(rule: str) -> str | None:
    """The address of rule id `rule` (its page and anchor); None for an id that is not
    a rule (the engine's "format" or "setup" refusals)."""
    found = _RULE.match(rule)
    if found is None or found.group(1) not in PREFIX_PAGES:
        return None
    return _address(PREFIX_PAGES[found.group(1)]) + "#" + rule
