"""Releases are atomic (issue 16): the service worker serves a page load the files of
one release, from the network or from one complete copy, never a mix.

Release A is this build. Release B is the same with a marker in the page, in the table's
main.py and in the engine worker (worker.py), and its own precache.json. Each test has a
server of its own (`ReleaseServer`): the server itself serves release B, or fails
requests, when a test says so, so the service worker's requests meet release B on the
network whatever the browser's request interception does (Playwright's routing of a
service worker's requests is not what these tests are about)."""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.conftest import ROOT, guard_requests, my_turn
from tests.e2e.test_round import first_visit
from tools.serve import Handler, Server

WORKER_EXTRA = ('\n\ndef test_release():\n    return "B"\n\n\n'
                '__export__ = [*__export__, "test_release"]\n')
MAIN_EXTRA = ('from pyscript import document as _release\n'
              '_release.body.setAttribute("data-main-release", "B")\n')


def release_b() -> dict[str, bytes]:
    """Release B's changed files, by path, and its list of files."""
    html = (ROOT / "index.html").read_text().replace(
        "<head>", '<head>\n<meta name="canasta-test-release" content="B">', 1)
    files = {
        "/": html.encode(),
        "/index.html": html.encode(),
        "/static/ui/main.py": (MAIN_EXTRA + (ROOT / "static/ui/main.py").read_text()).encode(),
        "/static/worker.py": ((ROOT / "static/worker.py").read_text() + WORKER_EXTRA).encode(),
    }
    manifest = json.loads((ROOT / "static/precache.json").read_text())
    for path, body in files.items():
        manifest["files"]["." + path] = hashlib.sha256(body).hexdigest()
    # Never A's id: A's is a hex hash, which may itself start with "b" (then the service
    # worker took B for A's complete copy: the CI failure of 2026-11-27).
    manifest["release"] = "B-" + manifest["release"]
    files["/static/precache.json"] = json.dumps(manifest).encode()
    return files


TYPES = {".json": "application/json", ".py": "text/plain", "/": "text/html",
         ".html": "text/html"}


class ReleaseServer:
    """The site (release A) on a server of its own, which serves release B's files
    (`serve`) and fails requests (`failing`) when a test says so: a failed request
    gets no answer at all (the connection closes), as when the network drops."""

    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}
        self.failing: Callable[[str], bool] | None = None
        self.failed: list[str] = []
        self.a_request_failed = threading.Event()
        owner = self

        class Releases(Handler):
            def __init__(self, *a: Any, **k: Any) -> None:
                super().__init__(*a, directory=str(ROOT), **k)

            def do_GET(self) -> None:
                path = urlsplit(self.path).path
                if owner.failing is not None and owner.failing(path):
                    owner.failed.append(path)
                    owner.a_request_failed.set()
                    self.close_connection = True  # no answer: the request fails
                    return
                body = owner.files.get(path)
                if body is None:
                    super().do_GET()
                    return
                kind = next(v for k, v in TYPES.items() if path.endswith(k))
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = Server(("127.0.0.1", 0), Releases)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def serve(self, *, failing: Callable[[str], bool] | None = None,
              only: tuple[str, ...] | None = None) -> list[str]:
        """Put release B on the server (only some of its files if `only`); requests for
        which `failing(path)` is true fail from now on. Returns the paths that failed."""
        files = release_b()
        self.files = {p: b for p, b in files.items() if only is None or p in only}
        self.failing = failing
        return self.failed


@pytest.fixture
def release(browser: Browser, site: Any,
            browser_context_args: dict[str, Any]) -> Iterator[tuple[BrowserContext,
                                                                     ReleaseServer,
                                                                     list[str]]]:
    """A context with the service worker allowed, on a server of its own, under the
    usual request guard: (context, its server, the requests that left this machine)."""
    server = ReleaseServer()
    context = browser.new_context(**{**browser_context_args, "service_workers": "allow",
                                     "base_url": server.url})
    outside = guard_requests(context)
    try:
        yield context, server, outside
    finally:
        context.close()
        server.server.shutdown()
        server.server.server_close()


Release = tuple[BrowserContext, ReleaseServer, list[str]]


def versions(page: Page) -> dict[str, str]:
    """The release of the page, of its table code and of its engine worker, read from
    one document (a reload under way is waited out, never read half before it)."""
    for _ in range(3):
        page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
        try:
            found: dict[str, str] = page.evaluate("""async () => {
                const node = [...document.querySelectorAll('script[type=py][worker]')].at(-1);
                let worker = 'A';
                try { worker = await node.xworker.sync.test_release(); } catch (err) {}
                return {
                    page: document.querySelector('meta[name=canasta-test-release]') ? 'B' : 'A',
                    main: document.body.dataset.mainRelease || 'A',
                    worker,
                };
            }""")
            return found
        except PlaywrightError as err:
            if "context was destroyed" not in str(err):
                raise
    raise AssertionError("the page kept reloading")


def test_a_file_of_a_new_release_failing_mid_load_never_mixes_releases(
        release: Release) -> None:
    """The fault of the issue: B's page came with A's worker after a failed fetch."""
    context, server, outside = release
    page = first_visit(context, "seed=5&fast=1")
    assert versions(page) == {"page": "A", "main": "A", "worker": "A"}
    failed = server.serve(failing=lambda path: path == "/static/worker.py")
    page.goto("/?fast=1")
    # B's worker cannot be had, and A's may not stand in for it: the page loads again,
    # whole from A's copy.
    assert versions(page) == {"page": "A", "main": "A", "worker": "A"}
    assert "/static/worker.py" in failed
    my_turn(page)
    assert not outside, f"requests left this machine: {outside}"


def test_a_file_changing_on_the_server_mid_load_is_taken_from_the_pages_release(
        release: Release) -> None:
    """A is on the server when the page loads; B's worker.py appears while it loads."""
    context, server, outside = release
    page = first_visit(context, "seed=5&fast=1")
    server.serve(only=("/static/worker.py",))
    page.goto("/?fast=1")
    assert versions(page) == {"page": "A", "main": "A", "worker": "A"}
    assert not outside, f"requests left this machine: {outside}"


def test_a_release_copied_in_part_is_never_used(release: Release) -> None:
    context, server, outside = release
    page = first_visit(context, "seed=5&fast=1")
    # A file only the service worker's copy asks for (the page opens a variant's rules
    # page only on request): failing it leaves B's copy partial whatever the browser's
    # HTTP cache answers for the files the page itself loads (the engine's zip, which
    # this test failed before, may come from that cache and never reach the server).
    copied_only = "/static/rules/american.html"
    failed = server.serve(failing=lambda path: path == copied_only)
    page.goto("/?fast=1")
    # B from the network, whole; then its copy fails partway.
    assert versions(page) == {"page": "B", "main": "B", "worker": "B"}
    # (Playwright's request guard answers on this thread: wait by its clock, not by
    # blocking the thread, or the service worker's requests would wait for us.)
    for _ in range(600):
        if server.a_request_failed.is_set():
            break
        page.wait_for_timeout(100)
    assert server.a_request_failed.is_set(), "the service worker never copied B"
    assert failed == [copied_only]
    server.failing = lambda path: True  # the server is gone
    page.goto("/?fast=1")
    # The network is gone: the whole page comes from the one complete copy, A.
    assert versions(page) == {"page": "A", "main": "A", "worker": "A"}
    my_turn(page)
    assert not outside, f"requests left this machine: {outside}"


def test_a_new_release_copied_whole_is_used_whole_offline(release: Release) -> None:
    context, server, outside = release
    page = first_visit(context, "seed=5&fast=1")
    server.serve()
    page.goto("/?fast=1")
    assert versions(page) == {"page": "B", "main": "B", "worker": "B"}
    expect(page.locator("body[data-offline=ready]")).to_have_count(1, timeout=60_000)
    context.set_offline(True)
    page.reload()
    assert versions(page) == {"page": "B", "main": "B", "worker": "B"}
    assert not outside, f"requests left this machine: {outside}"


def test_a_restarted_engine_worker_gets_the_release_of_its_page(release: Release) -> None:
    """Release B reaches the server while A's page plays; A's engine worker hangs and
    is replaced (static/ui/ui_game.py): the new worker is A's, not B's."""
    context, server, outside = release
    page = first_visit(context, "seed=5&fast=1")
    page.goto("/?fast=1")  # a load the service worker pins (the first one was before it)
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    my_turn(page)
    server.serve()
    page.workers[-1].evaluate("setTimeout(() => { for (;;) {} }, 0)")
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("warning")).to_contain_text("restarted", timeout=60_000)
    my_turn(page)
    assert versions(page) == {"page": "A", "main": "A", "worker": "A"}
    assert len(page.locator("script[type=py][worker]").all()) == 1  # the old one is gone
    assert not outside, f"requests left this machine: {outside}"
