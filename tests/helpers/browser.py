"""Helpers for the web door's tests (tests/test_web.py) and benchmark: Debian's chromium,
headless, driven by playwright's Python API (never a browser of playwright's own: nothing is
downloaded), and a Page: one browser tab on the door's page whose terminal is read from the
bytes its websocket received, drawn by the terminal emulator pyte at the size the page told
the door (the page itself draws them on a canvas, which holds no text to read)."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pyte

from helpers.ssh import settled, wait_for

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


def missing() -> str | None:
    """Why no browser test can run here (None: it can)."""
    if not os.path.exists(CHROMIUM):
        return f"no {CHROMIUM}: apt-get install chromium (.ci/run does)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[test]')"
    return None


@contextmanager
def browser() -> Iterator[Any]:
    """A new chromium with a fresh profile: `context.new_page()` gives tabs."""
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix="bohn-chromium-")
    try:
        with sync_playwright() as p:
            context = p.chromium.launch_persistent_context(
                profile,
                executable_path=CHROMIUM,
                headless=True,
                args=ARGS,
                viewport={"width": 1200, "height": 820},
                bypass_csp=True,  # (playwright's own probes are scripts the page forbids)
            )
            try:
                yield context
            finally:
                context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


class Page:
    """A tab on `url`: its terminal's screen (`text`), `type` keys into it."""

    def __init__(self, context: Any, url: str) -> None:
        self.lock = threading.Lock()
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.frames = 0  # screen updates received
        self.last = time.monotonic()
        self.closed = False
        self.page = context.new_page()
        self.page.on("websocket", self._socket)
        self.opened = time.monotonic()
        self.page.goto(url)

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", self._received)
        ws.on("framesent", self._sent)
        ws.on("close", lambda _: setattr(self, "closed", True))

    def _received(self, payload: Any) -> None:
        if isinstance(payload, str):
            return  # the protocol's own messages (pong)
        with self.lock:
            self.stream.feed(payload)
            self.frames += 1
            self.last = time.monotonic()

    def _sent(self, payload: Any) -> None:
        if isinstance(payload, str) and payload.startswith('["resize"'):
            size = json.loads(payload)[1]
            with self.lock:
                self.screen.resize(size["height"], size["width"])

    def text(self) -> str:
        with self.lock:
            return "\n".join(self.screen.display)

    def wait_for(self, check: str | Callable[[str], bool], timeout: float = 60.0) -> str:
        """The screen once `check` holds (playwright's events come in while it waits)."""
        pause = lambda s: self.page.wait_for_timeout(s * 1000)  # noqa: E731
        # between frames only (see helpers.ssh.Terminal.wait_for)
        return wait_for(lambda: settled(self.text, lambda: self.last, pause), check, timeout, pause)

    def type(self, text: str) -> None:
        self.page.locator(".xterm-helper-textarea").focus()
        self.page.keyboard.type(text)

    def press(self, key: str) -> None:
        self.page.locator(".xterm-helper-textarea").focus()
        self.page.keyboard.press(key)

    def wait_closed(self, timeout: float = 10.0) -> None:
        end = time.monotonic() + timeout
        while not self.closed:
            assert time.monotonic() < end, "the page's websocket stayed open"
            self.page.wait_for_timeout(20)
