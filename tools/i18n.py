"""The messages the game says, for its catalogues (issue 18).

    python tools/i18n.py keys            # every key, one JSON list
    python tools/i18n.py missing de      # the keys static/i18n/de.json lacks, as JSON
    python tools/i18n.py stale de        # the keys it holds that nothing says any more

A key is an English template (canasta/game/messages.py): the first argument of each `tr(...)`,
`Text(...)` and `N_(...)` call in the table's code and worker (static/*.py) and the
engine (canasta/), the `data-i18n`, `data-i18n-title` and `data-i18n-label` attributes of
index.html, the names that fill placeholders (`rank:K`, `ranks:K`, `card:JK`, `word:…`), and
the titles of the games, options and house rules the engine offers (`game_titles`).
tests/test_i18n.py holds every catalogue to this list."""

from __future__ import annotations

import ast
import html
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = ROOT / "static" / "i18n"
RANKS = "A23456789TJQK*"
# Words a parameter names (`{p:word}`): what a rule set calls its second packet.
WORDS = ("kitty", "packet", "foot")
NAME_KEYS = (*(f"rank:{r}" for r in RANKS), *(f"ranks:{r}" for r in RANKS), "card:JK",
             *(f"card:{r}" for r in "JQKA"),  # the letters on the faces of court cards, aces
             *(f"word:{w}" for w in WORDS))
# The calls whose first argument is a key: the table's tr(), the engine's Text(), and
# N_(), which names a key where the language is not known yet.
MARKERS = ("tr", "Text", "N_")
_ATTRIBUTE = re.compile(r'data-i18n(?:-title|-label)?="([^"]*)"')


def _called(path: Path, name: str, place: int = 0) -> list[str]:
    """The argument at `place` of each call of `name` in a Python file, where it is a
    string."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == name and len(node.args) > place
                and isinstance(node.args[place], ast.Constant)
                and isinstance(node.args[place].value, str)):
            found.append(node.args[place].value)
    return found


def keys() -> list[str]:
    """Every key the game says, sorted."""
    found: set[str] = set(NAME_KEYS)
    for path in [*sorted((ROOT / "static").rglob("*.py")),
                 *sorted((ROOT / "canasta").rglob("*.py"))]:
        for marker in MARKERS:
            found.update(_called(path, marker))
        # A refusal written as a plain sentence is its own key (errors.message_json).
        found.update(_called(path, "Rejection", 1))
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    found.update(html.unescape(k) for k in _ATTRIBUTE.findall(page))
    found.update(game_titles())
    return sorted(found)


def game_titles() -> set[str]:
    """The titles the set-up dialog shows from the engine's data: each game's, and each
    option's and house rule's offered with it (worker.variants, worker.house_rules)."""
    sys.path.insert(0, str(ROOT))
    from canasta import VARIANTS
    from canasta.rules.house_rules import describe

    titles = set()
    for rules in VARIANTS.values():
        titles.add(rules.title)
        titles.update(d["title"] for d in describe(rules))
    return titles


def catalogue(code: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((CATALOGUES / f"{code}.json").read_text(encoding="utf-8"))
    return data


def main(argv: list[str]) -> int:
    if argv[:1] == ["keys"]:
        print(json.dumps(keys(), ensure_ascii=False, indent=1))
        return 0
    if len(argv) == 2 and argv[0] in ("missing", "stale"):
        have = catalogue(argv[1]) if (CATALOGUES / f"{argv[1]}.json").exists() else {}
        wanted = keys()
        out = ([k for k in wanted if k not in have] if argv[0] == "missing"
               else sorted(set(have) - set(wanted)))
        print(json.dumps(out, ensure_ascii=False, indent=1))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
