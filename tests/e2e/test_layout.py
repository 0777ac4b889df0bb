"""The layout budget (issue 15): at six screen sizes, on the named positions of
tests/fixtures/layout/, the banner, the pile, every hand card and the action buttons are
on the screen without scrolling, and every hand card's corner index (rank and suit) is
visible — not covered by another card — and large enough to read: 14 CSS px on a phone,
16 px on a desktop. `make shots` writes the screenshots of every case for review."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from tests.e2e.conftest import open_game

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "layout"
SIZES = [(1280, 720), (1366, 768), (1920, 1080), (390, 844), (360, 740), (740, 360)]
NAMES = sorted(p.stem for p in FIXTURES.glob("*.json"))
SHOTS = os.environ.get("CANASTA_SHOTS")  # a folder: `make shots` sets it
# `make docs-shots` asks for small JPEG files (docs/screenshots/, kept in the repository).
SHOT_TYPE = "jpeg" if os.environ.get("CANASTA_SHOTS_JPEG") else "png"
# The fixtures whose screenshots docs/screenshots/ keeps, at every size.
DOC_FIXTURES = ("deal", "ten-melds", "mexicana-hand", "pennies-six")
DOCS_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

# Each box must lie inside the viewport; each hand card's corner index is hit-tested at
# its centre (the topmost element there must be the index itself or inside its card).
MEASURE = """() => {
    const inside = (r) => r.width > 0 && r.height > 0 && r.left >= -0.5 && r.top >= -0.5
        && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
    const box = (e) => { const r = e.getBoundingClientRect();
        return {ok: inside(r), r: [Math.round(r.left), Math.round(r.top),
                                   Math.round(r.right), Math.round(r.bottom)]}; };
    const out = {scroll: [scrollX, scrollY], problems: [], cards: 0};
    const need = (what, sel, all) => {
        const found = [...document.querySelectorAll(sel)];
        if (!found.length) out.problems.push(what + ': missing');
        for (const e of (all ? found : found.slice(0, 1))) {
            const b = box(e);
            if (!b.ok) out.problems.push(what + ' outside the screen at ' + b.r);
        }
    };
    need('banner', '[data-testid=banner]');
    need('pile', '[data-testid=pile]');
    need('button', '#controls button', true);
    for (const card of document.querySelectorAll('[data-testid=hand-card]')) {
        out.cards += 1;
        const name = card.dataset.card + ' #' + card.dataset.i;
        const b = box(card);
        if (!b.ok) { out.problems.push('hand card ' + name + ' outside the screen at ' + b.r);
                     continue; }
        for (const sel of card.dataset.card === 'JK' ? ['.cr'] : ['.cr', '.ci']) {
            const index = card.querySelector(sel);
            if (!index) { out.problems.push(name + ': no ' + sel); continue; }
            const r = index.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            if (!hit || !card.contains(hit))
                out.problems.push(name + ' ' + sel + ' covered by '
                                  + (hit ? hit.className : 'nothing'));
        }
        out.size = Math.min(out.size || 99,
                            parseFloat(getComputedStyle(card.querySelector('.cr')).fontSize));
    }
    out.overflow = document.documentElement.scrollWidth > innerWidth + 0.5;
    return out;
}"""


def fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text())
    return data


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("name", NAMES)
def test_the_table_fits_the_screen(page: Page, name: str, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, "fast=1&level=easy&position=" + quote(json.dumps(fixture(name))))
    page.wait_for_selector("[data-testid=hand-card]")
    page.wait_for_selector("#controls button")
    found = page.evaluate(MEASURE)
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        if SHOT_TYPE == "png":
            page.screenshot(path=f"{SHOTS}/{name}-{width}x{height}.png")
        else:
            page.screenshot(path=f"{SHOTS}/{name}-{width}x{height}.jpg", type="jpeg",
                            quality=70)
    assert found["cards"] == len(fixture(name)["hands"][0])
    assert found["scroll"] == [0, 0]
    assert not found["overflow"], "the page is wider than the screen"
    assert found["problems"] == [], "\n".join(found["problems"][:12])
    least = 14 if width <= 760 else 16
    assert found["size"] >= least, f"hand card indexes of {found['size']} px"


def test_the_documents_show_the_table_at_every_size() -> None:
    """docs/screenshots/ holds the table at each size of the layout budget (issue 15);
    `make docs-shots` writes them."""
    missing = [f"{name}-{w}x{h}.jpg" for name in DOC_FIXTURES for w, h in SIZES
               if not (DOCS_SHOTS / f"{name}-{w}x{h}.jpg").is_file()]
    assert missing == [], missing
    page = (DOCS_SHOTS.parent / "SCREENSHOTS.md").read_text()
    assert all(f"{name}-{w}x{h}.jpg" in page for name in DOC_FIXTURES for w, h in SIZES)


@pytest.mark.parametrize(("width", "height"), SIZES[:3], ids=[f"{w}x{h}" for w, h in SIZES[:3]])
def test_melds_compress_before_they_leave_the_screen(page: Page, width: int,
                                                     height: int) -> None:
    """Ten melds a side on a desktop: every meld of each side is inside its area, none
    cut off (the areas draw their cards closer and shorter rather than scroll)."""
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, "fast=1&level=easy&position=" + quote(json.dumps(fixture("ten-melds"))))
    page.wait_for_selector("[data-testid=hand-card]")
    cut = page.evaluate("""() => {
        const out = [];
        for (const area of document.querySelectorAll('.melds-us, .melds-them')) {
            const a = area.getBoundingClientRect();
            for (const m of area.querySelectorAll('.meld')) {
                const r = m.getBoundingClientRect();
                if (r.top < a.top - 0.5 || r.bottom > a.bottom + 0.5)
                    out.push((m.dataset.testid || m.className) + ' at ' + Math.round(r.top)
                             + '-' + Math.round(r.bottom) + ' in ' + Math.round(a.top)
                             + '-' + Math.round(a.bottom));
            }
        }
        return out;
    }""")
    assert cut == []
