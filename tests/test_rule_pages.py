"""The variants' rules pages (docs/variants/*.md → static/rules/*.html) and the
addresses the table links to (canasta/rules/pages.py): every variant has a page, every
rule id the engine can cite has an anchor on the page its prefix names."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import canasta as C
from canasta.rules.pages import PREFIX_PAGES, VARIANT_PAGES, rule_href, variant_href

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import pages  # noqa: E402


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Every page built afresh into a temporary folder: address -> HTML."""
    out = tmp_path_factory.mktemp("rules")
    written = pages.build(ROOT / "docs" / "variants", out)
    found = {f"./static/rules/{p.name}": p.read_text(encoding="utf-8") for p in written}
    found["./rules.html"] = (ROOT / "rules.html").read_text(encoding="utf-8")
    return found


def _anchors(html: str) -> set[str]:
    return set(re.findall(r'id="([^"]+)"', html))


@pytest.mark.parametrize("name", sorted(C.VARIANTS))
def test_every_variant_has_a_rules_page(name: str, built: dict[str, str]) -> None:
    assert name in VARIANT_PAGES, f"{name} has no rules page in canasta/rules/pages.py"
    assert variant_href(name) in built


def test_a_rule_set_of_ones_own_links_the_page_of_its_base_variant() -> None:
    assert variant_href("classic-2p+mine") == variant_href("classic-2p")
    assert variant_href("my own game") == "./rules.html"


def test_a_game_with_house_rules_links_the_house_rules_page() -> None:
    from canasta.rules.house_rules import with_house_rules

    name = with_house_rules(C.get_rules("classic-2p"), ["H9"]).name
    assert variant_href(name) == "./static/rules/classic-house-rules.html"


def test_every_prefix_page_anchors_rules_of_that_prefix(built: dict[str, str]) -> None:
    for prefix in PREFIX_PAGES:
        href = rule_href(prefix + "1")
        assert href is not None
        page, anchor = href.split("#")
        assert anchor in _anchors(built[page]), f"{href} has no anchor"


def test_every_rule_id_on_a_page_has_its_anchor(built: dict[str, str]) -> None:
    for md in sorted((ROOT / "docs" / "variants").glob("*.md")):
        text = md.read_text(encoding="utf-8")
        ids = set(re.findall(r"^\|\s*\**([A-Z]{1,2}\d{1,3})\**\s*\|", text, re.M))
        ids |= set(re.findall(r"^#+\s+\**([A-Z]{1,2}\d{1,3})\b", text, re.M))
        ids |= set(re.findall(r"^[-*]\s+\**([A-Z]{1,2}\d{1,3})\b", text, re.M))
        assert ids, f"{md.name} names no rule ids"
        html = built[f"./static/rules/{md.stem}.html"]
        assert ids <= _anchors(html), f"{md.name}: {sorted(ids - _anchors(html))} not anchored"


def _literal_ids() -> set[str]:
    """Rule ids written in the engine's refusals (`Rejection("C14", …)`)."""
    cited: set[str] = set()
    for path in (ROOT / "canasta").rglob("*.py"):
        cited |= set(re.findall(r"""Rejection\(\s*["']([A-Z]{1,2}\d{1,3})["']""",
                                path.read_text(encoding="utf-8")))
    return cited


def _rule_sets() -> list[C.RuleSet]:
    """Every registered rule set, and each with every preset it offers, alone."""
    from canasta.rules.house_rules import describe, with_house_rules

    out = []
    for base in C.VARIANTS.values():
        out.append(base)
        out.extend(with_house_rules(base, [d["id"]]) for d in describe(base))
    return out


def _dynamic_ids() -> dict[str, str]:
    """Rule ids the engine and the worker cite that are not written in a Rejection:
    each rule set's own ids for the Classic rules it changed (`RuleSet.rule_ids`, cited
    through `RuleSet.cite`), the rule of a meld of wild cards (`wild_melds.rule_id`),
    the presets' ids (the dialog names them), and the worker's own refusals."""
    from canasta.mechanics.wild_melds import rule_id
    from canasta.rules.house_rules import describe

    found: dict[str, str] = {}
    for rules in _rule_sets():
        for classic, own in rules.rule_ids:
            found[own] = f"{rules.name} cites {own} for {classic}"
        for rule in _literal_ids():
            found.setdefault(rules.cite(rule), f"{rules.name} cites it")
        if rules.wild_meld_min:
            found[rule_id(rules)] = f"{rules.name}'s meld of wild cards"
        for d in describe(rules):
            found.setdefault(d["id"], f"a preset of {rules.name}")
    worker = (ROOT / "static" / "worker.py").read_text(encoding="utf-8")
    for rule in re.findall(r"""(?:["']rule["']\s*:\s*|Rejection\(\s*)["']([A-Z]{1,2}\d{1,3})["']""",
                           worker):
        found[rule] = "static/worker.py"
    return found


def test_every_rule_id_the_engine_cites_links_to_its_anchor(built: dict[str, str]) -> None:
    cited = {rule: "a Rejection in canasta/" for rule in _literal_ids()}
    assert {"C14", "C17", "C31"} <= set(cited)  # the scan finds the refusals
    dynamic = _dynamic_ids()
    # The scan finds the mapped ids, the wild melds' and the worker's.
    assert {"D4", "T4", "X4", "H8", "H10", "F1", "H12", "F6", "X3", "P2"} <= set(dynamic)
    cited.update(dynamic)
    for rule, where in sorted(cited.items()):
        href = rule_href(rule)
        assert href is not None, f"{rule} ({where}): no page holds its prefix"
        page, anchor = href.split("#")
        assert anchor in _anchors(built[page]), f"{rule} ({where}) is cited but {page} lacks it"


def test_a_refusal_cites_the_rule_in_force() -> None:
    """Two canastas to go out: a game for two cites D4, for three T4, for six X4, and
    Classic with house rule H8 cites H8 — never C31, whose page says one canasta."""
    from canasta.rules.house_rules import with_house_rules

    expected = {"classic": "C31", "classic-2p": "D4", "classic-3p": "T4", "classic-6p": "X4",
                "classic-6p-3x2": "X4"}
    for name, rule in expected.items():
        assert C.get_rules(name).cite("C31") == rule
    assert with_house_rules(C.CLASSIC, ["H8"]).cite("C31") == "H8"
    assert with_house_rules(C.CLASSIC, ["H8", "H10"]).cite("C22") == "H10"


def test_words_that_are_not_rule_ids_link_nowhere() -> None:
    assert rule_href("format") is None
    assert rule_href("setup") is None
    assert rule_href("Y7") is None  # no page holds Y


def test_the_converter_keeps_text_safe_and_marks_inline() -> None:
    title, body = pages.to_html("# A <b> & `x*y*`\n\n**H2** is *this* [page](a.html).\n")
    assert title == "A <b> & x*y*"
    assert "<h1>A &lt;b&gt; &amp; <code>x*y*</code></h1>" in body
    assert '<p id="H2"><strong>H2</strong> is <em>this</em> <a href="a.html">page</a>.</p>' in body
