"""A small static server for the game: gzip like a static host, and
Cache-Control: no-cache so a reload always sees the current files.

    python tools/serve.py [--port 8000] [--root .] [--open]
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import http.server
import io
import os
import socketserver
import webbrowser
from pathlib import Path
from typing import ClassVar

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
        super().end_headers()

    def send_head(self):  # type: ignore[no-untyped-def]
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
