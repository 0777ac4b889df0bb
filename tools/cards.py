"""The court cards' and the joker's pictures (issue 15's real card faces), taken from the
npm package svg-cards (David Bellot's SVG-cards, French portraits, LGPL-2.1).

    python tools/cards.py        # writes static/cards/<card>.svg, its LICENSE and README

The package is one SVG file of every card as named groups in <defs>. For each court card
and the joker this writes a small SVG of its own holding only the groups that card uses,
cut to its portrait: the package's corner indices are left out because the table draws
its own, larger ones. The table shows each picture as the card's CSS background
(table.css, `.card.pictured`), so the page writes no <img> or <svg> element for it.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "node_modules" / "svg-cards"
TARGET = ROOT / "static" / "cards"

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
HREF = f"{{{XLINK}}}href"

SUITS = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
RANKS = {"K": "king", "Q": "queen", "J": "jack"}
# The part of the package's 169 x 245 card each picture keeps (x, y, width, height):
# a court card's portrait right of its corner index, down to the mirrored index at the
# bottom right; the joker's figure without the word JOKER above it.
PORTRAIT = "38 5 123 234"
JOKER_VIEW = "22 36 132 176"
BLANK = "base"  # the package's blank card: white, black-edged


def pictures() -> dict[str, tuple[str, str]]:
    """Each picture's file stem (the card as the protocol writes it) → (group id in the
    package, view box)."""
    out = {rank + suit: (f"{SUITS[suit]}_{RANKS[rank]}", PORTRAIT)
           for rank in RANKS for suit in SUITS}
    out["JK"] = ("joker_red", JOKER_VIEW)
    return out


# Path data: each command's parameters, and how many numbers one segment takes.
_NUMBER = re.compile(r"[-+]?(?:\d*\.\d+|\d+\.?)(?:[eE][-+]?\d+)?")
_COMMAND = re.compile(r"([MmLlHhVvCcSsQqTtZz])([^MmLlHhVvCcSsQqTtZzAa]*)")
_ARITY = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "z": 0}
DECIMALS = 1  # a tenth of the package's unit: 1/1700 of the card's width


def _short(value: float) -> str:
    text = f"{round(value, DECIMALS):.{DECIMALS}f}".rstrip("0").rstrip(".")
    text = "0" if text in ("-0", "") else text
    return text.replace("0.", ".", 1) if text.startswith(("0.", "-0.")) else text


Point = tuple[float, float]


def _segments(data: str) -> list[tuple[str, list[list[Point]]]] | None:
    """Each command of a path's data with, for each of its parameter groups, the points
    the group names in absolute coordinates, as a renderer reads them; None for data
    this module does not read (arcs)."""
    if re.search(r"[Aa]", data):
        return None
    segments: list[tuple[str, list[list[Point]]]] = []
    x = y = start_x = start_y = 0.0
    for letter, args in _COMMAND.findall(data):
        kind, relative = letter.lower(), letter.islower()
        numbers = [float(n) for n in _NUMBER.findall(args)]
        arity = _ARITY[kind]
        groups: list[list[Point]] = []
        if kind == "z":
            x, y = start_x, start_y
        for at in range(0, len(numbers) if arity else 0, arity or 1):
            group = numbers[at:at + arity]
            base_x, base_y = (x, y) if relative else (0.0, 0.0)
            if kind == "h":
                pairs = [(base_x + group[0], y)]
            elif kind == "v":
                pairs = [(x, base_y + group[0])]
            else:
                pairs = [(base_x + group[i], base_y + group[i + 1])
                         for i in range(0, arity, 2)]
            groups.append(pairs)
            x, y = pairs[-1]
            if kind == "m" and at == 0:
                start_x, start_y = x, y
        segments.append((letter, groups))
    return segments


def absolute_points(data: str) -> list[Point] | None:
    """Every point a path's data names (control points too), in absolute coordinates;
    None for data this module does not read (arcs)."""
    segments = _segments(data)
    if segments is None:
        return None
    return [point for _, groups in segments for group in groups for point in group]


def rounded_path(data: str) -> str:
    """The path's data with its numbers cut to `DECIMALS` places. A relative number is
    taken from the rounded point before it, not the exact one, so errors never add up
    along a path: every point ends within half a unit of the last place of where it was."""
    segments = _segments(data)
    if segments is None:
        return data
    out: list[str] = []
    rx = ry = start_rx = start_ry = 0.0  # the current point as drawn after rounding
    for letter, groups in segments:
        kind, relative = letter.lower(), letter.islower()
        out.append(letter)
        if kind == "z":
            rx, ry = start_rx, start_ry
        for at, exact in enumerate(groups):
            drawn = [(round(px, DECIMALS), round(py, DECIMALS)) for px, py in exact]
            offset_x, offset_y = (rx, ry) if relative else (0.0, 0.0)
            values = ([drawn[0][0] - offset_x] if kind == "h" else
                      [drawn[0][1] - offset_y] if kind == "v" else
                      [v for px, py in drawn for v in (px - offset_x, py - offset_y)])
            for value in values:
                text = _short(value)
                if out[-1][-1:].isalpha() or text.startswith("-"):
                    out.append(text)
                else:
                    out.append(" " + text)
            rx, ry = drawn[-1]
            if kind == "m" and at == 0:
                start_rx, start_ry = rx, ry
    return "".join(out)


def _shorten(svg: ET.Element) -> None:
    """Cut the numbers of paths, polylines and shapes to `DECIMALS` places and drop the
    editor's element ids nothing links to (transforms keep theirs: they scale)."""
    linked = set(_references(svg))
    for node in svg.iter():
        if node.get("d"):
            node.set("d", rounded_path(node.get("d", "")))
        if node.get("points"):
            node.set("points", " ".join(_short(float(n))
                                        for n in _NUMBER.findall(node.get("points", ""))))
        for name in ("x", "y", "width", "height", "cx", "cy", "r", "rx", "ry",
                     "x1", "y1", "x2", "y2"):
            value = node.get(name)
            if value and _NUMBER.fullmatch(value) and node.tag != f"{{{SVG}}}use":
                node.set(name, _short(float(value)))
        if node.get("id") and node.get("id") not in linked:
            del node.attrib["id"]


def _references(element: ET.Element) -> Iterator[str]:
    for node in element.iter():
        link = node.get(HREF) or node.get("href")
        if link and link.startswith("#"):
            yield link[1:]
        for value in node.attrib.values():
            yield from re.findall(r"url\(#([^)]+)\)", value)


class Source:
    """The package's file, indexed once for all the pictures: each element by its id,
    and each element's parent."""

    def __init__(self, root: ET.Element) -> None:
        self.by_id = {node.get("id"): node for node in root.iter() if node.get("id")}
        self.parent = {child: node for node in root.iter() for child in node}


def picture(source: Source, group: str, view: str) -> str:
    """A standalone SVG drawing `group` of the package's file, with every group it uses
    (followed through its links) copied into its own <defs>."""
    by_id, parent = source.by_id, source.parent
    needed: set[str] = {BLANK}  # never copied: see below
    todo = [group]
    while todo:
        name = todo.pop()
        if name not in needed:
            if name not in by_id:
                raise SystemExit(f"svg-cards has no group {name!r}: is the package changed?")
            needed.add(name)
            todo.extend(_references(by_id[name]))

    def inside_another(node: ET.Element) -> bool:
        up = parent.get(node)
        while up is not None:
            if up.get("id") in needed:
                return True
            up = parent.get(up)
        return False

    svg = ET.Element(f"{{{SVG}}}svg", {"viewBox": view, "preserveAspectRatio": "xMidYMid meet"})
    defs = ET.SubElement(svg, f"{{{SVG}}}defs")
    for name in sorted(needed - {BLANK}):
        if not inside_another(by_id[name]):
            defs.append(copy.deepcopy(by_id[name]))
    # The white card under the picture is left out: the table's card is its paper, so a
    # joker shows on a wild card's tint as the other wild cards do.
    for node in list(defs.iter()):
        for child in list(node):
            if child.get(HREF) == "#" + BLANK:
                node.remove(child)
    ET.SubElement(svg, f"{{{SVG}}}use", {HREF: "#" + group})
    _shorten(svg)
    return ET.tostring(svg, encoding="unicode") + "\n"


def build(package: Path = PACKAGE, target: Path = TARGET) -> list[Path]:
    file = package / "svg-cards.svg"
    if not file.is_file():
        raise SystemExit("node_modules/svg-cards is missing: run `npm ci` first (make does this)")
    ET.register_namespace("", SVG)
    ET.register_namespace("xlink", XLINK)
    source = Source(ET.parse(file).getroot())
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for card, (group, view) in pictures().items():
        path = target / f"{card}.svg"
        path.write_text(picture(source, group, view))
        written.append(path)
    # LGPL-2.1: the licence beside the pictures, and where their source is.
    shutil.copy2(package / "LICENSE", target / "LICENSE-svg-cards.txt")
    version = json.loads((package / "package.json").read_text())["version"]
    (target / "README.txt").write_text(
        f"The court cards' and the joker's pictures are parts of SVG-cards {version}\n"
        "(Copyright (C) 2005 David Bellot, (C) 2016, 2017 Huub de Beer), "
        "the npm package svg-cards,\n"
        "under the GNU Lesser General Public License 2.1 (LICENSE-svg-cards.txt). "
        "Its source:\nhttps://www.npmjs.com/package/svg-cards and "
        "https://github.com/htdebeer/SVG-cards .\n"
        "tools/cards.py of this repository cut these files from its svg-cards.svg.\n")
    return written


if __name__ == "__main__":
    for path in build():
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size:,} bytes")
    sys.exit(0)
