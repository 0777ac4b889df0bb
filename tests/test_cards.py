"""The court cards' and the joker's pictures (issue 15's real card faces): tools/cards.py
cuts them from the npm package svg-cards; table.css draws each by the card's data-card."""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import cards  # noqa: E402

COURT = {rank + suit for rank in "KQJ" for suit in "SHDC"} | {"JK"}
LINK = re.compile(r'(?:xlink:)?href="([^"]*)"')


def test_every_court_card_and_the_joker_has_a_picture() -> None:
    assert set(cards.pictures()) == COURT
    assert len({group for group, _ in cards.pictures().values()}) == len(COURT)


def test_each_picture_stands_alone(tmp_path: Path) -> None:
    """Each file is an SVG whose every link points inside itself (an SVG drawn as a CSS
    background loads nothing else), holding no script, no handler and no blank card."""
    written = cards.build(target=tmp_path)
    assert {path.stem for path in written} == COURT
    for path in written:
        text = path.read_text()
        root = ET.fromstring(text)
        assert root.tag == f"{{{cards.SVG}}}svg" and root.get("viewBox"), path.name
        ids = {node.get("id") for node in root.iter() if node.get("id")}
        links = LINK.findall(text)
        assert links, path.name
        assert all(link.startswith("#") and link[1:] in ids for link in links), path.name
        assert all(node.get(f"{{{cards.XLINK}}}href") != "#" + cards.BLANK
                   for node in root.iter()), path.name
        assert cards.BLANK not in ids
        assert not [node for node in root.iter()
                    if node.tag.endswith("script") or any(a.startswith("on") for a in node.attrib)]
        assert 20_000 < len(text) < 120_000, (path.name, len(text))
    # the licence of the package travels with its pictures
    assert "LESSER GENERAL PUBLIC LICENSE" in (tmp_path / "LICENSE-svg-cards.txt").read_text()
    assert "svg-cards" in (tmp_path / "README.txt").read_text()


def test_a_missing_group_is_reported() -> None:
    root = ET.fromstring(f'<svg xmlns="{cards.SVG}"><defs><g id="a"/></defs></svg>')
    try:
        cards.picture(cards.Source(root), "b", cards.PORTRAIT)
    except SystemExit as err:
        assert "no group 'b'" in str(err)
    else:
        raise AssertionError("a missing group went unnoticed")


def test_the_table_draws_each_picture_by_its_card() -> None:
    css = (ROOT / "static" / "table.css").read_text()
    drawn = dict(re.findall(r'\.card\[data-card="(\w+)"\] \{ background-image: '
                            r'url\("cards/(\w+)\.svg"\); \}', css))
    assert drawn == {card: card for card in COURT}


def test_path_points_are_read_as_a_renderer_reads_them() -> None:
    assert cards.absolute_points("m10,10 5,0 h-2v3zM1 1c1,1 2,2 3,3 l-1-1") == [
        (10, 10), (15, 10), (13, 10), (13, 13), (1, 1), (2, 2), (3, 3), (4, 4), (3, 3)]
    assert cards.absolute_points("M0 0A1 1 0 0 1 2 2") is None


def test_rounded_paths_stay_where_they_were() -> None:
    """Every path of the package, cut to a tenth of a unit, keeps every point within
    half a tenth of where it was: relative steps carry no error forward."""
    text = (cards.PACKAGE / "svg-cards.svg").read_text()
    paths = re.findall(r' d="([^"]*)"', text)
    assert len(paths) > 200
    worst = 0.0
    for data in paths:
        before = cards.absolute_points(data)
        after = cards.absolute_points(cards.rounded_path(data))
        if before is None:
            assert cards.rounded_path(data) == data
            continue
        assert after is not None and len(after) == len(before), data[:60]
        worst = max([worst, *(max(abs(a[0] - b[0]), abs(a[1] - b[1]))
                              for a, b in zip(after, before, strict=True))])
    assert worst <= 0.05 + 1e-6, worst
    assert len("".join(cards.rounded_path(d) for d in paths)) < 0.8 * len("".join(paths))
