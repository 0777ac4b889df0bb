"""The stable hooks docs/TESTING.md promises other people's tests (issue 15): every
`data-testid` name, address parameter and ready signal it lists is still made by the
page's code (index.html, static/*.py, static/*.js). A hook renamed or removed fails here
until the document says so."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "TESTING.md").read_text(encoding="utf-8")
SOURCES = "\n".join(
    p.read_text(encoding="utf-8")
    for p in [ROOT / "index.html", *sorted((ROOT / "static").glob("*.py")),
              *sorted((ROOT / "static" / "ui").glob("*.py")),
              *sorted((ROOT / "static").glob("*.js"))]
)
NAME = re.compile(r"^[a-z][a-z0-9-]*(\{[a-z]+\}[a-z0-9-]*)*$")


def section(title: str) -> str:
    start = DOC.index("## " + title)
    end = DOC.find("\n## ", start + 1)
    return DOC[start:end if end > 0 else None]


def documented_testids() -> list[str]:
    names = re.findall(r"`([^`]+)`", section("`data-testid` names").split("\n", 1)[1])
    return sorted({n for n in names if NAME.match(n) and not n.startswith("data-")})


def documented_params() -> list[str]:
    return re.findall(r"^\| `([a-z]+)=", section("Address parameters"), re.MULTILINE)


def made(name: str) -> bool:
    """Whether the page's code writes the test id `name` (a fixed one, or the fixed
    start of one with a varying part)."""
    prefix = name.split("{", 1)[0]
    if "{" in name:
        return (f'data-testid="{prefix}' in SOURCES
                or f'"data-testid", "{prefix}"' in SOURCES)  # setAttribute(..., prefix + x)
    if name.startswith("btn-") and f'button("{name[4:]}"' in SOURCES:
        return True  # ui_panels.controls_html: data-testid="btn-" + act
    return f'data-testid="{name}"' in SOURCES or f'testid="{name}"' in SOURCES


def test_the_document_lists_the_hooks() -> None:
    assert len(documented_testids()) > 80
    assert set(documented_params()) >= {"seed", "new", "variant", "level", "position",
                                         "fast", "nosw", "store"}


@pytest.mark.parametrize("name", documented_testids())
def test_every_documented_test_id_is_made_by_the_page(name: str) -> None:
    assert made(name), f"docs/TESTING.md lists {name!r}, which the page no longer makes"


@pytest.mark.parametrize("name", documented_params())
def test_every_documented_address_parameter_is_read(name: str) -> None:
    forms = (f'PARAMS.get("{name}"', f'PARAMS["{name}"', f'key == "{name}"', f'has("{name}")')
    assert any(form in SOURCES for form in forms), f"?{name}= is documented but not read"


def test_the_ready_signals_are_set() -> None:
    for attribute in ("data-engine", "data-boot"):
        assert f'setAttribute("{attribute}"' in SOURCES
    assert "dataset.offline" in SOURCES
    assert "body[data-engine=ready]" in DOC and "body[data-offline=ready]" in DOC


def test_a_hook_that_disappears_is_caught() -> None:
    assert not made("no-such-hook") and not made("btn-nothing") and not made("gone-{team}")
