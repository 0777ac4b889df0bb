"""The example test of docs/TESTING.md, run as written against the page: the hooks a
reader copies from the document work."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

DOC = Path(__file__).resolve().parents[2] / "docs" / "TESTING.md"


def test_the_documented_example_runs(page: Page) -> None:
    block = re.search(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert block is not None, "docs/TESTING.md has no example"
    scope: dict[str, Any] = {}
    exec(compile(block.group(1), str(DOC), "exec"), scope)  # our own document
    scope["test_a_turn"](page)
