"""Releases are atomic (issue 16): the service worker serves a page load the files of
one release, from the network or from one complete copy, never a mix.

Release A is this build. Release B is the same with a marker in the page, in the table's
main.py and in the engine worker (worker.py), and its own precache.json: the tests serve
it from context.route, which the service worker's requests go through as well."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from urllib.parse import urlparse

from playwright.sync_api import BrowserContext, Page, Route, expect

from tests.e2e.conftest import ROOT, my_turn
from tests.e2e.test_round import first_visit, sw_context

__all__ = ["sw_context"]  # the fixture, imported for these tests

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
        "/static/main.py": (MAIN_EXTRA + (ROOT / "static/main.py").read_text()).encode(),
        "/static/worker.py": ((ROOT / "static/worker.py").read_text() + WORKER_EXTRA).encode(),
    }
    manifest = json.loads((ROOT / "static/precache.json").read_text())
    for path, body in files.items():
        manifest["files"]["." + path] = hashlib.sha256(body).hexdigest()
    manifest["release"] = "b" + manifest["release"][1:]
    files["/static/precache.json"] = json.dumps(manifest).encode()
    return files


TYPES = {".json": "application/json", ".py": "text/plain", "/": "text/html",
         ".html": "text/html"}


def serve_release_b(context: BrowserContext, *, failing: Callable[[str], bool] | None = None,
                    only: tuple[str, ...] | None = None) -> list[str]:
    """Put release B on the server (only some of its files if `only`); requests for which
    `failing(path)` is true fail. Returns the paths that failed."""
    files = release_b()
    failed: list[str] = []

    def handler(route: Route) -> None:
        path = urlparse(route.request.url).path
        if failing is not None and failing(path):
            failed.append(path)
            route.abort("connectionreset")
        elif path in files and (only is None or path in only):
            kind = next(v for k, v in TYPES.items() if path.endswith(k))
            route.fulfill(status=200, body=files[path],
                          headers={"Content-Type": kind, "Cache-Control": "no-cache"})
        else:
            route.fallback()

    context.route(lambda url: urlparse(url).hostname == "127.0.0.1", handler)
    return failed


def versions(page: Page) -> dict[str, str]:
    """The release of the page, of its table code and of its engine worker."""
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    return {
        "page": "B" if page.locator("meta[name=canasta-test-release]").count() else "A",
        "main": page.evaluate("document.body.dataset.mainRelease || 'A'"),
        "worker": page.evaluate("""async () => {
            const node = [...document.querySelectorAll('script[type=py][worker]')].at(-1);
            try { return await node.xworker.sync.test_release(); } catch (err) { return 'A'; }
        }"""),
    }


def test_a_file_of_a_new_release_failing_mid_load_never_mixes_releases(
        sw_context: tuple[BrowserContext, list[str]]) -> None:
    """The fault of the issue: B's page came with A's worker after a failed fetch."""
    context, outside = sw_context
    page = first_visit(context, "seed=5&fast=1")
    assert versions(page) == {"page": "A", "main": "A", "worker": "A"}
    failed = serve_release_b(context, failing=lambda path: path == "/static/worker.py")
    page.goto("/?fast=1")
    # B's worker cannot be had, and A's may not stand in for it: the page loads again,
    # whole from A's copy.
    assert versions(page) == {"page": "A", "main": "A", "worker": "A"}
    assert "/static/worker.py" in failed
    my_turn(page)
    assert not outside, f"requests left this machine: {outside}"


def test_a_file_changing_on_the_server_mid_load_is_taken_from_the_pages_release(
        sw_context: tuple[BrowserContext, list[str]]) -> None:
    """A is on the server when the page loads; B's worker.py appears while it loads."""
    context, outside = sw_context
    page = first_visit(context, "seed=5&fast=1")
    serve_release_b(context, only=("/static/worker.py",))
    page.goto("/?fast=1")
    assert versions(page) == {"page": "A", "main": "A", "worker": "A"}
    assert not outside, f"requests left this machine: {outside}"


def test_a_release_copied_in_part_is_never_used(
        sw_context: tuple[BrowserContext, list[str]]) -> None:
    context, outside = sw_context
    page = first_visit(context, "seed=5&fast=1")
    zips: list[str] = []

    def copying_the_zip(path: str) -> bool:
        """The engine's zip once the page has it: the service worker copying it."""
        if path != "/static/canasta.zip":
            return False
        zips.append(path)
        return len(zips) > 1

    failed = serve_release_b(context, failing=copying_the_zip)
    with context.expect_event("requestfailed", timeout=60_000,
                              predicate=lambda r: r.url.endswith("/static/canasta.zip")):
        page.goto("/?fast=1")
        # B from the network, whole; then its copy fails on the engine's zip.
        assert versions(page) == {"page": "B", "main": "B", "worker": "B"}
    assert failed == ["/static/canasta.zip"]
    context.route("**/*", lambda route: route.abort("internetdisconnected"))
    page.goto("/?fast=1")
    # The network is gone: the whole page comes from the one complete copy, A.
    assert versions(page) == {"page": "A", "main": "A", "worker": "A"}
    my_turn(page)
    assert not outside, f"requests left this machine: {outside}"


def test_a_new_release_copied_whole_is_used_whole_offline(
        sw_context: tuple[BrowserContext, list[str]]) -> None:
    context, outside = sw_context
    page = first_visit(context, "seed=5&fast=1")
    serve_release_b(context)
    page.goto("/?fast=1")
    assert versions(page) == {"page": "B", "main": "B", "worker": "B"}
    expect(page.locator("body[data-offline=ready]")).to_have_count(1, timeout=60_000)
    context.set_offline(True)
    page.reload()
    assert versions(page) == {"page": "B", "main": "B", "worker": "B"}
    assert not outside, f"requests left this machine: {outside}"


def test_a_restarted_engine_worker_gets_the_release_of_its_page(
        sw_context: tuple[BrowserContext, list[str]]) -> None:
    """Release B reaches the server while A's page plays; A's engine worker hangs and
    is replaced (static/ui_game.py): the new worker is A's, not B's."""
    context, outside = sw_context
    page = first_visit(context, "seed=5&fast=1")
    page.goto("/?fast=1")  # a load the service worker pins (the first one was before it)
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    my_turn(page)
    serve_release_b(context)
    page.workers[-1].evaluate("setTimeout(() => { for (;;) {} }, 0)")
    page.get_by_test_id("btn-draw").click()
    expect(page.get_by_test_id("warning")).to_contain_text("restarted", timeout=60_000)
    my_turn(page)
    assert versions(page) == {"page": "A", "main": "A", "worker": "A"}
    assert len(page.locator("script[type=py][worker]").all()) == 1  # the old one is gone
    assert not outside, f"requests left this machine: {outside}"
