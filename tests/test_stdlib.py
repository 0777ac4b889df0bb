"""The trimmed standard library of the engine worker (issue 17: tools/stdlib.py,
tools/minify_stdlib.mjs, tools/trace_stdlib.mjs)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import stdlib  # noqa: E402

FULL = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
SHIPPED = ROOT / "static" / "pyodide" / "python_stdlib.zip"

SOURCE = '''\
"""A module."""
import os, sys as system
from collections import abc, Counter
from . import sibling
from ..up import thing
try:
    import _fast
except ImportError:
    from _slow import thing
class Holder:
    import inside_class

def helper():
    import lazy
    from later import x
if __name__ == "__main__":
    import doctest
'''


def test_imports_reads_every_import_form_and_resolves_relative_ones() -> None:
    every = stdlib.imports(SOURCE, "pkg.sub", module_level=False)
    assert {"os", "sys", "collections", "collections.abc", "collections.Counter",
            "pkg.sub", "pkg.sub.sibling", "pkg.up", "pkg.up.thing", "_fast", "_slow",
            "inside_class", "lazy", "later", "doctest"} <= every


def test_module_level_imports_leave_out_functions_and_the_script_part() -> None:
    top = stdlib.imports(SOURCE, "pkg.sub", module_level=True)
    assert {"os", "sys", "_fast", "_slow", "inside_class", "pkg.up"} <= top
    assert not {"lazy", "later", "doctest"} & top


def test_our_imports_follow_the_worker_not_the_cli() -> None:
    ours = stdlib.ours()
    assert {"json", "random", "dataclasses", "itertools"} <= ours
    # The CLI, the arena and the fuzzer are not reached from static/worker.py.
    assert not {"argparse", "statistics", "concurrent.futures"} & ours


@pytest.mark.skipif(not FULL.exists(), reason="node_modules is not installed")
def test_the_trimmed_archive_keeps_what_the_worker_needs_and_little_else() -> None:
    with zipfile.ZipFile(FULL) as archive:
        kept = stdlib.needed(archive)
        names = set(archive.namelist())
    for module in stdlib.recorded() | {"json", "random", "asyncio", "traceback"}:
        path = module.replace(".", "/")
        if path + ".py" in names or path + "/__init__.py" in names:
            assert path + ".py" in kept or path + "/__init__.py" in kept, module
    for dropped in ("unittest/__init__.py", "email/__init__.py", "xml/__init__.py", "pdb.py",
                    "doctest.py", "argparse.py", "multiprocessing/__init__.py"):
        assert dropped not in kept
    assert len(kept) < len(names) / 2


@pytest.mark.skipif(not SHIPPED.exists() or shutil.which("node") is None,
                    reason="the runtime is not vendored")
def test_the_worker_runs_on_the_shipped_archive_and_the_recorded_list_is_current() -> None:
    """The worker's functions over every level and several games (a whole round each,
    the strong AI's search, hints, refusals, bad saves, the AI bench) in Node with the
    pinned Pyodide and the shipped standard library: nothing is missing, and the modules
    they load are the recorded ones (re-record with tools/trace_stdlib.mjs if not)."""
    with zipfile.ZipFile(SHIPPED) as archive:
        assert "unittest/__init__.py" not in archive.namelist()  # the trimmed one
        sample = archive.read("random.py").decode()
    assert '"""' not in sample.split("\n", 1)[0]  # docstrings gone (minified)
    run = subprocess.run(["node", str(ROOT / "tools" / "trace_stdlib.mjs"), "--stdlib",
                          str(SHIPPED)], capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-2000:]
    seen = {line for line in run.stdout.splitlines() if line and not line.startswith("#")}
    assert seen == stdlib.recorded()
