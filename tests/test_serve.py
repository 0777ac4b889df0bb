"""Issue 16: tools/serve.py serves the app's files only (never .git/, tests/, .venv,
the sources or a directory listing) and sends the page's Content-Security-Policy and
X-Content-Type-Options: nosniff with every response."""

from __future__ import annotations

import gzip
import http.client
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.build import SITE_FILES
from tools.serve import CSP, make_server, served_path

FILES = {
    "index.html": "<!doctype html><title>Canasta</title>",
    "rules.html": "<!doctype html><title>Rules</title>",
    "sw.js": "self.addEventListener('fetch', () => {});",
    "manifest.webmanifest": "{}",
    "pyscript.toml": "x = 1",
    "static/table.css": "body { color: red }",
    "static/worker.py": "print('worker')",
    "static/pyodide/pyodide.mjs": "export {};",
    "static/rules/classic.html": "<p>C14</p>",
    "static/pyodide/.vendored": "",
    "static/.secret": "no",
    ".git/HEAD": "ref: refs/heads/main",
    ".git/config": "[core]",
    ".venv/bin/python": "#!",
    "tests/test_x.py": "assert True",
    "canasta/rules/ruleset.py": "NEVER = 1",
    "tools/serve.py": "print()",
    "docs/ENGINE.md": "# Engine",
    "README.md": "# Canasta",
    "Makefile": "all:",
    "node_modules/x.js": "",
    ".env": "SECRET=1",
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    root = tmp_path_factory.mktemp("site")
    for name, text in FILES.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (root / "static" / "link-out").symlink_to(Path("/etc"))  # only files are served
    server = make_server(str(root), 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "127.0.0.1", server.server_address[1]
    server.shutdown()
    server.server_close()


def _get(server: tuple[str, int], path: str, gzipped: bool = False,
         method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection(*server, timeout=10)
    conn.putrequest(method, path, skip_accept_encoding=True)
    if gzipped:
        conn.putheader("Accept-Encoding", "gzip")
    conn.endheaders()
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


@pytest.mark.parametrize("path", [
    "/.git/HEAD", "/.git/config", "/.git/", "/.git", "/.venv/bin/python", "/tests/test_x.py",
    "/canasta/rules.py", "/tools/serve.py", "/docs/ENGINE.md", "/README.md", "/Makefile",
    "/node_modules/x.js", "/.env", "/static/", "/static/pyodide/", "/static/.secret",
    "/static/pyodide/.vendored", "/static/../.git/HEAD", "/static/%2e%2e/.git/HEAD",
    "/%2e%2e/%2e%2e/etc/passwd", "//etc/passwd", "/static/link-out",
    "/static/link-out/passwd", "/static\\..\\.git\\HEAD", "/static/table.css%00.html",
    "/nothing.html", "/bench/other.json", "/bench/",
])
def test_only_the_apps_files_are_served(server: tuple[str, int], path: str) -> None:
    status, headers, body = _get(server, path)
    assert status == 404, (path, body[:100])
    assert headers["content-security-policy"] == CSP
    assert headers["x-content-type-options"] == "nosniff"
    assert b"refs/heads" not in body and b"SECRET" not in body


@pytest.mark.parametrize(("path", "text", "kind"), [
    ("/", "<title>Canasta</title>", "text/html"),
    ("/?seed=42&level=normal", "<title>Canasta</title>", "text/html"),
    ("/index.html", "<title>Canasta</title>", "text/html"),
    ("/rules.html", "<title>Rules</title>", "text/html"),
    ("/sw.js", "addEventListener", "text/javascript"),
    ("/manifest.webmanifest", "{}", "application/manifest+json"),
    ("/static/table.css", "color: red", "text/css"),
    ("/static/worker.py", "print", "text/plain"),
    ("/static/pyodide/pyodide.mjs", "export", "text/javascript"),
    ("/static/rules/classic.html", "C14", "text/html"),
])
@pytest.mark.parametrize("gzipped", [False, True])
def test_an_apps_file_is_served_with_the_policy_and_nosniff(
        server: tuple[str, int], path: str, text: str, kind: str, gzipped: bool) -> None:
    status, headers, body = _get(server, path, gzipped)
    assert status == 200
    if gzipped:
        assert headers["content-encoding"] == "gzip"
        body = gzip.decompress(body)
    assert text in body.decode()
    assert headers["content-type"].startswith(kind)
    assert headers["content-security-policy"] == CSP
    assert headers["x-content-type-options"] == "nosniff"


def test_head_requests_get_the_headers_too(server: tuple[str, int]) -> None:
    status, headers, _ = _get(server, "/index.html", method="HEAD")
    assert status == 200 and headers["content-security-policy"] == CSP
    status, headers, _ = _get(server, "/.git/HEAD", method="HEAD")
    assert status == 404 and headers["x-content-type-options"] == "nosniff"


def test_every_site_file_the_build_ships_is_allowed() -> None:
    for name in SITE_FILES:
        assert served_path("/" + name) == name
    assert served_path("/static/pyscript/core.js") == "static/pyscript/core.js"
    assert served_path("/") == "index.html"


def test_the_policy_allows_own_origin_and_webassembly_and_no_inline_script() -> None:
    directives = dict(d.strip().split(" ", 1) for d in CSP.split(";"))
    assert directives["default-src"] == "'self'"
    script = directives["script-src"].split()
    assert "'self'" in script and "'wasm-unsafe-eval'" in script
    assert "'unsafe-inline'" not in script and not any(s.startswith("http") for s in script)
    assert directives["object-src"] == "'none'"
    assert directives["connect-src"] == "'self'"
