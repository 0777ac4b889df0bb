"""The package's layout holds (docs/ENGINE.md, "Layout"): no import cycle between the
engine's modules — counting every import, also those inside functions and under
`TYPE_CHECKING` — the engine never imports the tooling (canasta_tools/) nor the browser,
and the archive the browser downloads holds the engine without the tooling."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("canasta", "canasta_tools")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """Every module of ours that `name` imports, anywhere in its file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, *([base] if base else [])])
            # `from package import submodule` imports the submodule; `from module import
            # name` the module
            subs = [f"{base}.{alias.name}" for alias in node.names]
            targets = [t for t in subs if t in known] or [base]
        else:
            continue
        # (a package's __init__ that re-exports its modules is not counted as imported by
        # them: `canasta` and `canasta.ai` gather the public API and are checked below)
        found.update(t for t in targets if t in known and t != name)
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(name, path, known) for name, path in known.items()}


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1 on the path, 2 done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(edges):
        if start not in state:
            cycle = visit(start)
            if cycle:
                return cycle
    return None


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_imports_inside_functions_and_type_checking_are_counted(tmp_path: Path) -> None:
    source = tmp_path / "canasta" / "x.py"
    source.parent.mkdir()
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .y import Y\n"
                      "def f():\n    from canasta import z\n")
    known = {"canasta": tmp_path, "canasta.y": tmp_path, "canasta.z": tmp_path}
    assert imports_of("canasta.x", source, known) == {"canasta.y", "canasta.z"}


def test_no_import_cycle() -> None:
    edges = graph()
    # the package's __init__ re-exports the public API (protocol): leave its own edges
    # out, or every module would "cycle" through it; what imports `canasta` is checked below.
    edges["canasta"] = set()
    assert len(edges) > 60
    assert find_cycle(edges) is None, " -> ".join(find_cycle(edges) or [])


def test_the_engine_imports_no_tooling_and_no_browser() -> None:
    for name, path in modules().items():
        if not name.startswith("canasta.") or name == "canasta.__main__":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) \
                    else [node.module or ""]
                for target in names:
                    top = target.split(".")[0]
                    assert top not in ("canasta_tools", "js", "pyodide", "pyscript"), (name, target)
                    # modules inside the engine import their own modules, not the package's
                    # re-exports (which would hide an order-dependent cycle)
                    assert target != "canasta" or node.level, (name, "imports canasta's __init__")


def test_the_shipped_archive_holds_no_tooling() -> None:
    spec = importlib.util.spec_from_file_location("build", ROOT / "tools" / "build.py")
    assert spec and spec.loader
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        build = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(build)
    finally:
        sys.path.remove(str(ROOT / "tools"))
    shipped = {p.relative_to(ROOT).as_posix() for p in build.engine_files()}
    assert "canasta/rules/ruleset.py" in shipped and "canasta/ai/fast/playout.py" in shipped
    assert not any(p.startswith("canasta_tools/") for p in shipped)
    assert "canasta/__main__.py" not in shipped
    every = {p.relative_to(ROOT).as_posix() for p in (ROOT / "canasta").rglob("*.py")}
    assert every - shipped == {"canasta/__main__.py"}
