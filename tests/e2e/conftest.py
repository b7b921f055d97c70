"""End-to-end tests of the browser client: the real server, real headless Chromium.

Select them with ``pytest tests/e2e`` (or ``-m e2e``); they are skipped when
/usr/bin/chromium is missing or when the games do not run yet on this branch.
Screenshots are written to ``tests/e2e/artifacts/`` (CIRCOLO_E2E_ARTIFACTS overrides;
CIRCOLO_E2E_SHOTS=0 takes none).
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from circolo.server import frames

CHROMIUM = "/usr/bin/chromium"
LOCALE = "en-US"
ARTIFACTS = Path(os.environ.get("CIRCOLO_E2E_ARTIFACTS", Path(__file__).parent / "artifacts"))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: end-to-end tests in headless Chromium")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


def games_run() -> bool:
    try:
        from circolo.games import make_rules

        make_rules("scopa", {"players": 2}).new_hand(1, 0)
    except Exception:
        return False
    return True


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def running_server(module: str = "circolo.serve_cli", **env: str) -> Iterator[str]:
    """A real server on a free port with its own data folder; yields its base URL."""
    if not Path(CHROMIUM).exists():
        pytest.skip("no /usr/bin/chromium (apt-get install -y chromium)")
    if not games_run():
        pytest.skip("the games do not run on the engine API on this branch yet")
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        full_env = {**os.environ, "CIRCOLO_PLAY_NOW_WAIT": "1", **env}
        proc = subprocess.Popen(
            [sys.executable, "-m", module, "--port", str(port), "--data-dir", data],
            env=full_env,
            cwd=Path(__file__).resolve().parents[2],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60  # a loaded machine starts it slowly, never fails it
        while True:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=1) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                proc.wait()
                pytest.fail("the server did not start")
            time.sleep(0.2)
        try:
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    with running_server() as base:
        yield base


@pytest.fixture
def seeded_server() -> Callable[..., contextlib.AbstractContextManager[str]]:
    """``with seeded_server(6, 7) as base:`` a server whose tables get those hand seeds first.
    Its cut waits a minute unless a test says otherwise: a seeded deal is cut by the test
    (at 20), not by the room's own cut after 5 s on a slow machine."""

    def start(*seeds: int, **env: str) -> contextlib.AbstractContextManager[str]:
        table = json.loads(env.get("CIRCOLO_TABLE", "{}"))
        env["CIRCOLO_TABLE"] = json.dumps({"formality_timer": 60, **table})
        pins = ",".join(str(s) for s in seeds)
        return running_server("tests.e2e.seeded_server", CIRCOLO_E2E_SEEDS=pins, **env)

    return start


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    player = Player(browser, server)
    yield player.lobby()
    player.close()


FRAME_CHECK = "globalThis.__circoloFrameShapes = " + json.dumps(frames.shapes()) + ";"
"""Set before the page's scripts: the client then reports every read of a field that no
frame declares (circolo/web/js/framecheck.js), through ``__circoloUnread``."""

CLIENT_FAULTS = {"bad_json", "bad_frame", "unknown_type", "hello_first", "frame_too_large"}
"""Error codes that only a client which sends what the protocol has not got can earn."""


class Player:
    """One person in their own browser context: the page, its errors and its WebSocket frames."""

    def __init__(
        self, browser: Any, base: str, *, width: int = 1280, height: int = 800, locale: str = LOCALE
    ) -> None:
        viewport = {"width": width, "height": height}
        self.context = browser.new_context(viewport=viewport, locale=locale)
        self.page = self.context.new_page()
        self.base = base
        self.errors: list[str] = []
        self.frames: list[str] = []
        self.undeclared: list[str] = []  # frames, or fields of them, the schema has not got
        self.unread: set[str] = set()  # fields the client read that no frame declares
        self.context.add_init_script(FRAME_CHECK)
        self.context.expose_function("__circoloUnread", lambda path: self.unread.add(path))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", self._watch_console)
        self.page.on("websocket", self._watch_socket)

    def _watch_console(self, message: Any) -> None:
        """A script, style or connection the page's Content-Security-Policy refused is an
        error: the client must work under the policy the server sends."""
        if "Content Security Policy" in message.text:
            self.errors.append(message.text)

    def _watch_socket(self, ws: Any) -> None:
        def received(payload: str | bytes) -> None:
            text = payload if isinstance(payload, str) else payload.decode()
            self.frames.append(text)
            try:
                frames.check(json.loads(text))
            except ValidationError as error:
                self.undeclared.append(f"{error}\n{text[:300]}")

        ws.on("framereceived", received)

    def lobby(self) -> Any:
        self.page.goto(self.base + "/")
        self.page.wait_for_selector("#cf-opt-players")  # the lobby has the games' options
        return self.page

    def close(self) -> None:
        """Fails on a script error, a Content-Security-Policy violation, a frame the
        server had to refuse as malformed, a frame the server sent that its schema
        (circolo/server/frames.py) has not got, or a field the client read that no frame
        has."""
        self.context.close()
        assert not self.errors, self.errors
        assert not self.undeclared, "\n".join(self.undeclared[:3])
        assert not self.unread, f"the client read fields no frame has: {sorted(self.unread)}"
        refused = [f for f in self.frames if '"error"' in f and json.loads(f).get("code") in
                   CLIENT_FAULTS]  # fmt: skip
        assert not refused, f"the client sent frames the protocol has not got: {refused}"


SHOTS = os.environ.get("CIRCOLO_E2E_SHOTS", "1") != "0"
"""Screenshots are for people to look at: a test checks nothing in them, and a long page
takes a third of a second to shoot. ``make test`` runs without them (CIRCOLO_E2E_SHOTS=0);
``make e2e`` writes them."""


def shot(page: Any, name: str, *, full_page: bool = True) -> None:
    """The page (the whole of it, or what the window shows) into the artifacts."""
    if not SHOTS:
        return
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)
