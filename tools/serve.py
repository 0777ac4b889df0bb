"""A small static server for the game: gzip like a static host, and
Cache-Control: no-cache so a reload always sees the current files.

It serves the app's files only (an allow-list: the site files tools/build.py ships,
SITE_FILES, and everything under static/ but hidden files, each a file inside the
root once links are followed): never .git/, tests/, .venv, the sources or a
directory listing. Every response carries the page's
Content-Security-Policy (the same policy index.html states in a <meta>) and
X-Content-Type-Options: nosniff.

    python tools/serve.py [--port 8000] [--root .] [--open]
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import http.server
import io
import os
import posixpath
import socketserver
import webbrowser
from pathlib import Path
from typing import ClassVar
from urllib.parse import unquote, urlsplit

try:
    from tools.build import SITE_FILES
except ImportError:  # run as `python tools/serve.py`: tools/ is on the path
    from build import SITE_FILES  # type: ignore[no-redef]

# Own origin only; 'wasm-unsafe-eval' lets Pyodide and MicroPython compile their
# WebAssembly; 'unsafe-eval' because PyScript's core (polyscript) builds functions
# with Function(...) (without it the page falls back to Pyodide from a CDN, which the
# policy blocks, and never starts: checked in Chromium); no inline scripts or
# handlers (an injected onerror= never runs); inline styles are allowed (the table
# sets style attributes); embedding in another page's frame stays allowed (README).
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; "
       "worker-src 'self' blob:; connect-src 'self'; img-src 'self' data:; "
       "style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'self'; "
       "frame-ancestors *")


# Files of this development server only (not of the site): `make perf` times the AI in
# the browser's worker on the committed bench positions (`?bench=ai`, `?bench=three-deck`).
DEV_FILES = ("bench/positions.json", "bench/saves-three-deck.json")


def served_path(url: str) -> str | None:
    """The file (relative to the root) that `url` may fetch, or None: "/" is
    index.html; a site file; a file under static/ none of whose parts is hidden."""
    path = posixpath.normpath(unquote(urlsplit(url).path))
    if path in ("/", "/."):
        return "index.html"
    if not path.startswith("/") or "\\" in path or "\x00" in path:
        return None
    parts = path[1:].split("/")
    if any(not p or p.startswith(".") or p == ".." for p in parts):
        return None
    if "/".join(parts) in DEV_FILES:
        return "/".join(parts)
    if len(parts) == 1:
        return parts[0] if parts[0] in SITE_FILES else None
    return "/".join(parts) if parts[0] == "static" else None


COMPRESSIBLE = (
    ".html",
    ".js",
    ".mjs",
    ".css",
    ".py",
    ".toml",
    ".json",
    ".wasm",
    ".txt",
    ".svg",
    ".webmanifest",
    ".map",
)


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".toml": "text/plain",
        ".py": "text/plain",
        ".webmanifest": "application/manifest+json",
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def send_head(self):  # type: ignore[no-untyped-def]
        allowed = served_path(self.path)
        root = Path(self.directory).resolve()
        real = (root / allowed).resolve() if allowed is not None else root
        if allowed is None or not real.is_file() or not real.is_relative_to(root):
            self.send_error(404, "Not found")  # (a link out of the site serves nothing)
            return None
        self.path = "/" + allowed
        path = Path(self.translate_path(self.path))
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and path.is_file() and path.suffix in COMPRESSIBLE):
            return super().send_head()
        stat = path.stat()
        since = self.headers.get("If-Modified-Since")
        modified = self.date_time_string(int(stat.st_mtime))
        if since == modified:
            self.send_response(304)
            self.end_headers()
            return None
        body = gzip.compress(path.read_bytes(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", modified)
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("CANASTA_SERVER_LOG"):
            super().log_message(format, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(root: str, port: int, host: str = "127.0.0.1") -> Server:
    directory = str(Path(root).resolve())

    class Rooted(Handler):
        def __init__(self, *a, **k):  # type: ignore[no-untyped-def]
            super().__init__(*a, directory=directory, **k)

    return Server((host, port), Rooted)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    parser.add_argument("--open", action="store_true", help="open the game in a browser")
    args = parser.parse_args()
    server = make_server(args.root, args.port)
    url = f"http://127.0.0.1:{args.port}/"
    print(f"Canasta is served at {url}  (Ctrl+C to stop)", flush=True)
    if args.open:
        webbrowser.open(url)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
