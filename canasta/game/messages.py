"""Messages in the player's language (issue 18): English templates as keys, the names of
cards and ranks, each language's plural rule, and the one function that fills a
template in.

A message is an English template whose placeholders name its parameters. The English
text is the key: a catalogue (static/i18n/<lang>.json) maps it to the same template in
another language. The engine fills templates in English (`canasta.game.errors.Text`); the
table fills the key a refusal, a log line or a hint carries in the chosen language. This
module is that one filler for both: the build compiles it for the table's MicroPython
too, so it keeps to what both run (no imports, no f-strings with nested quotes).

Placeholders (a subset of ICU MessageFormat):
- `{n}`: the parameter as it is (a number or a text);
- `{c:card}`, `{cs:cards}`: a card or a list of cards by their short names ("K♥");
- `{r:rank}`, `{r:ranks}`: a rank ("K", "7"; "*" for wild cards) named in the singular
  or the plural ("king", "kings"); `{r:Rank}`, `{r:Ranks}` the same with a capital
  letter, to begin a sentence ("Kings never take wild cards.");
- `{p:word}`: a word the game names by a rule set's data (its packet: "kitty", "foot");
- `{n, plural, one {# card} other {# cards}}`: a branch by the language's plural
  category of n (`=0 {…}` chooses an exact number first), `#` standing for n.
A catalogue names cards and ranks under `rank:K`, `ranks:K`, `card:K` (the rank's
letter on a card face) and `card:JK`, and words under `word:kitty`; where it does not,
the English names stand."""

try:  # noqa: SIM105 (annotations are strings: MicroPython has no typing module)
    from typing import Any
except ImportError:
    pass

# The languages the table speaks (their catalogues: static/i18n/<code>.json), in the
# order the picker lists them, each with its own name.
LANGUAGES = (
    ("en", "English"),
    ("is", "Íslenska"),
    ("tl", "Tagalog"),
    ("cy", "Cymraeg"),
    ("de", "Deutsch"),
    ("bg", "Български"),
)

RANK_NAMES = {
    "A": "Ace", "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six",
    "7": "Seven", "8": "Eight", "9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen",
    "K": "King",
}
RANK_PLURALS = {
    "A": "aces", "2": "2s", "3": "3s", "4": "4s", "5": "5s", "6": "6s", "7": "7s",
    "8": "8s", "9": "9s", "T": "10s", "J": "jacks", "Q": "queens", "K": "kings",
    "*": "wild cards",
}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def plural_category(lang: str, n: int) -> str:
    """The CLDR plural category of a whole number n in the language: 'zero', 'one',
    'two', 'few', 'many' or 'other'."""
    n = abs(int(n))
    if lang == "cy":  # Welsh: 0 zero, 1 one, 2 two, 3 few, 6 many
        return {0: "zero", 1: "one", 2: "two", 3: "few", 6: "many"}.get(n, "other")
    if lang == "is":  # Icelandic: ends in 1 but not in 11
        return "one" if n % 10 == 1 and n % 100 != 11 else "other"
    if lang == "tl":  # Tagalog (CLDR "fil"): all but those ending in 4, 6 or 9
        return "other" if n % 10 in (4, 6, 9) else "one"
    return "one" if n == 1 else "other"  # English, German, Bulgarian


def rank_name(rank: str, catalogue: "dict[str, str] | None" = None,
              plural: bool = False) -> str:
    """A rank named for a sentence: 'king' / 'kings', '7' / '7s', 'wild card(s)'."""
    key = ("ranks:" if plural else "rank:") + rank
    if catalogue is not None and key in catalogue:
        return catalogue[key]
    if plural:
        return RANK_PLURALS.get(rank, rank)
    if rank == "*":
        return "wild card"
    if rank in "23456789T":
        return "10" if rank == "T" else rank
    return RANK_NAMES.get(rank, rank).lower()


def card_short(card: str, catalogue: "dict[str, str] | None" = None) -> str:
    """A card's short name: 'K♥', '10♣', 'Joker' (a catalogue may letter the ranks)."""
    if card == "JK":
        return catalogue.get("card:JK", "Joker") if catalogue is not None else "Joker"
    letter = "10" if card[0] == "T" else card[0]
    if catalogue is not None:
        letter = catalogue.get("card:" + card[0], letter)
    return letter + SUIT_SYMBOLS.get(card[1:], "")


def render(template: str, params: "dict[str, Any] | None" = None,
           catalogue: "dict[str, str] | None" = None, lang: str = "en") -> str:
    """The message of `template` (an English template, the key) with its parameters, in
    the language of `catalogue` (None: English). A key the catalogue lacks is shown in
    English rather than not at all."""
    text = template if catalogue is None else catalogue.get(template, template)
    return _fill(_parsed(text, False), params or {}, catalogue, lang, None)


# Templates once parsed (the engine fills thousands of sentences a second while it
# lists legal actions): literal text, "#", (name, kind) and (name, branches) parts.
_PARSED: "dict[tuple[str, bool], list[Any]]" = {}


def _parsed(text: str, in_plural: bool) -> "list[Any]":
    key = (text, in_plural)
    parts = _PARSED.get(key)
    if parts is None:
        parts = _parse(text, in_plural)
        _PARSED[key] = parts
    return parts


def _parse(text: str, in_plural: bool) -> "list[Any]":
    parts: list[Any] = []
    literal: list[str] = []
    i = 0
    size = len(text)
    while i < size:
        ch = text[i]
        if ch == "#" and in_plural:
            parts.append("".join(literal))
            literal = []
            parts.append(None)  # the number of the plural choice
            i += 1
        elif ch == "{":
            end = _closing(text, i)
            parts.append("".join(literal))
            literal = []
            parts.append(_placeholder(text[i + 1:end]))
            i = end + 1
        else:
            literal.append(ch)
            i += 1
    parts.append("".join(literal))
    return [part for part in parts if part != ""]


def _placeholder(body: str) -> "tuple[str, Any]":
    """(name, kind) of `{name}` / `{name:kind}`, or (name, branches) of a plural choice."""
    brace = body.find("{")
    head = body if brace < 0 else body[:brace]
    if "," in head:
        name, kind, rest = _split_plural(body)
        if kind != "plural":
            raise ValueError("only plural choices are known: " + body[:60])
        branches = {sel: _parsed(branch, True) for sel, branch in _branches(rest).items()}
        if "other" not in branches:
            raise ValueError("a plural choice without 'other'")
        return name, branches
    name, _, spec = body.partition(":")
    spec = spec.strip()
    if spec not in ("", "card", "cards", "rank", "ranks", "Rank", "Ranks", "word"):
        raise ValueError("unknown placeholder kind: " + spec)
    return name.strip(), spec


def _fill(parts: "list[Any]", params: "dict[str, Any]", catalogue: "dict[str, str] | None",
          lang: str, number: "Any") -> str:
    out = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
        elif part is None:
            out.append(str(number))
        else:
            name, kind = part
            value = _param(params, name)
            if isinstance(kind, dict):
                exact = "=" + str(value)
                category = plural_category(lang, value)
                branch = (kind[exact] if exact in kind else
                          kind[category] if category in kind else kind["other"])
                out.append(_fill(branch, params, catalogue, lang, value))
            else:
                out.append(_value(value, kind, catalogue))
    return "".join(out)


def _value(value: "Any", kind: str, catalogue: "dict[str, str] | None") -> str:
    if kind == "card":
        return card_short(value, catalogue)
    if kind == "cards":
        return " ".join(card_short(c, catalogue) for c in value)
    if kind == "rank":
        return rank_name(value, catalogue)
    if kind == "ranks":
        return rank_name(value, catalogue, plural=True)
    if kind in ("Rank", "Ranks"):  # at the start of a sentence
        name = rank_name(value, catalogue, plural=kind == "Ranks")
        return name[:1].upper() + name[1:]
    if kind == "word":
        return str(catalogue.get("word:" + value, value) if catalogue is not None else value)
    return str(value)


def _closing(text: str, start: int) -> int:
    """The index of the brace that closes the one at `start`."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    raise ValueError("unbalanced braces in a message: " + text[:60])


def _param(params: "dict[str, Any]", name: str) -> "Any":
    if name not in params:
        raise KeyError("a message lacks its parameter " + name)
    return params[name]


def _split_plural(body: str) -> tuple[str, str, str]:
    first = body.index(",")
    second = body.index(",", first + 1)
    return body[:first].strip(), body[first + 1:second].strip(), body[second + 1:]


def _branches(choices: str) -> "dict[str, str]":
    """The branches of a plural choice, `one {…} other {…}`, by selector."""
    branches: dict[str, str] = {}
    i = 0
    while True:
        start = choices.find("{", i)
        if start < 0:
            return branches
        end = _closing(choices, start)
        branches[choices[i:start].strip()] = choices[start + 1:end]
        i = end + 1


def _arguments(template: str) -> "list[tuple[str, dict[str, str] | None]]":
    """Each placeholder of a template at its top level: its name, and a plural
    choice's branches by selector (None for a plain placeholder)."""
    found: list[tuple[str, dict[str, str] | None]] = []
    i = 0
    while True:
        start = template.find("{", i)
        if start < 0:
            return found
        end = _closing(template, start)
        body = template[start + 1:end]
        brace = body.find("{")
        head = body if brace < 0 else body[:brace]
        if "," in head:
            name, _, rest = _split_plural(body)
            found.append((name, _branches(rest)))
        else:
            found.append((body.partition(":")[0].strip(), None))
        i = end + 1


def placeholders(template: str) -> "set[str]":
    """The parameter names a template uses (a test checks each translation uses the
    same ones), and for a plural choice the names in its branches."""
    names: set[str] = set()
    for name, branches in _arguments(template):
        names.add(name)
        for branch in (branches or {}).values():
            names |= placeholders(branch)
    return names


def plural_selectors(template: str) -> "list[list[str]]":
    """The selectors of each plural choice in a template (a test checks that every
    translation's choices end in 'other')."""
    found: list[list[str]] = []
    for _, branches in _arguments(template):
        if branches is not None:
            found.append(list(branches))
            for branch in branches.values():
                found.extend(plural_selectors(branch))
    return found
