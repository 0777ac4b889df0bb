"""The standard library the engine worker ships (issue 17): Pyodide's python_stdlib.zip
trimmed to the modules the worker imports, which makes the first visit lighter.

Kept: every module in tools/stdlib_modules.txt (what the worker was seen to import,
recorded by tools/trace_stdlib.mjs), the modules PyScript's own Python package imports
(PYSCRIPT), a few that error paths may reach (SPARE), every standard-library module that
static/worker.py and the part of canasta/ it reaches import anywhere, and, transitively,
every module any kept module imports at module level (imports inside functions are not
followed: those the worker reaches are in the recorded list). A package keeps its
__init__. Files other than Python sources (metadata, markers) stay with their package,
and so does the empty site-packages folder.

The sources are read as text, not parsed: this runs on the build machine's Python,
which may be older than Pyodide's and unable to parse its standard library.
"""

from __future__ import annotations

import ast
import re
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORDED = ROOT / "tools" / "stdlib_modules.txt"
OUR_CODE = (ROOT / "canasta", ROOT / "static" / "worker.py")  # the package, the worker
# Imported by PyScript's Python package in the worker (pyscript.*), beyond the above.
PYSCRIPT = ("html", "html.entities", "json", "asyncio", "inspect", "base64")
# Reached on error paths: tracebacks, codecs of text that is not UTF-8.
SPARE = ("traceback", "linecache", "tokenize", "encodings.ascii", "encodings.latin_1",
         "encodings.utf_8_sig", "encodings.raw_unicode_escape", "encodings.unicode_escape")

_IMPORT = re.compile(r"^[ \t]*import[ \t]+([\w. \t,]+)")
_FROM = re.compile(r"^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+\(?([\w. \t,]*)")
_BLOCK = re.compile(r"^(async[ \t]+def|def|class|if|elif|else|try|except|finally|with|for|while"
                    r"|match|case)\b.*:[ \t]*(#.*)?$")


def absolute(package: str, level: int, name: str) -> str:
    """The module a `from` import names: `name` itself, or (`level` dots) relative to
    `package`."""
    if not level:
        return name
    parts = package.split(".")[: len(package.split(".")) - level + 1]
    return ".".join(parts + ([name] if name else []))


def imports(source: str, package: str, module_level: bool) -> set[str]:
    """The module names a source imports (with `from m import x`, also m.x, which may be a
    submodule). With module_level, imports inside a function body are left out."""
    found: set[str] = set()
    blocks: list[tuple[int, bool]] = []  # (indent, runs later) of the open blocks
    for line in source.splitlines():
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        while blocks and blocks[-1][0] >= indent:
            blocks.pop()
        in_function = any(later for _, later in blocks)
        if _BLOCK.match(text):
            # A function body, or a script's own part, runs later if ever.
            later = text.startswith(("def", "async")) or "__main__" in text
            blocks.append((indent, later))
        if module_level and in_function:
            continue
        if m := _IMPORT.match(line):
            found |= {part.split()[0] for part in m.group(1).split(",") if part.strip()}
        elif m := _FROM.match(line):
            name = absolute(package, len(m.group(1)), m.group(2))
            if name:
                found.add(name)
                found |= {name + "." + part.split()[0]
                          for part in m.group(3).split(",") if part.strip()}
    return found


def recorded() -> set[str]:
    lines = RECORDED.read_text().splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def ours() -> set[str]:
    """The standard-library modules imported anywhere (functions too) by static/worker.py
    and the modules of our package it reaches: the CLI, the arena and the fuzzer, which
    the worker never imports, are left out."""
    stdlib: set[str] = set()
    seen: set[str] = set()
    todo = [("worker", OUR_CODE[1])]
    while todo:
        module, path = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = absolute(package, node.level, node.module or "")
                names = [base] + [base + "." + alias.name for alias in node.names]
            else:
                continue
            for name in names:
                if name == "canasta" or name.startswith("canasta."):
                    found = _our_module(name)
                    if found is not None:
                        todo.append(found)
                else:
                    stdlib.add(name)
    return stdlib


def _our_module(name: str) -> tuple[str, Path] | None:
    path = ROOT / name.replace(".", "/")
    if (path / "__init__.py").is_file():
        return name, path / "__init__.py"
    if path.with_suffix(".py").is_file():
        return name, path.with_suffix(".py")
    return None


def needed(archive: zipfile.ZipFile) -> set[str]:
    """The archive's files the worker needs (see the module's docstring)."""
    names = set(archive.namelist())

    def source(module: str) -> str | None:
        path = module.replace(".", "/")
        for name in (path + ".py", path + "/__init__.py"):
            if name in names:
                return name
        return None

    kept: set[str] = set()
    todo = sorted(recorded() | ours() | set(PYSCRIPT) | set(SPARE))
    while todo:
        parts = todo.pop().split(".")
        for i in range(1, len(parts) + 1):
            module = ".".join(parts[:i])
            name = source(module)
            if name is None or name in kept:
                continue
            kept.add(name)
            package = module if name.endswith("__init__.py") else module.rpartition(".")[0]
            todo.extend(imports(archive.read(name).decode("utf-8"), package, module_level=True))
    # Files other than sources: the top level's and those of kept packages.
    folders = {n.rpartition("/")[0] + "/" for n in kept if "/" in n} | {"site-packages/"}
    others = {n for n in names if not n.endswith((".py", "/"))
              and ("/" not in n or n.rpartition("/")[0] + "/" in folders)}
    return kept | others | (folders & names)


def trim(source: Path, target: Path) -> None:
    """Write the trimmed archive, uncompressed: tools/minify_stdlib.mjs rewrites it and
    compresses the shipped one."""
    with zipfile.ZipFile(source) as archive:
        keep = needed(archive)
        with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as out:
            for info in archive.infolist():
                if info.filename in keep:
                    out.writestr(info, archive.read(info.filename), zipfile.ZIP_STORED)
