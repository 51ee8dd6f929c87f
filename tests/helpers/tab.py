"""A browser's page without a browser, for the web doors' tests (tests/test_web.py,
tests/test_web_server.py): aiohttp's websocket client on a door's /ws, speaking the page's
protocol (textual-serve's JSON envelopes), its screen drawn by pyte at 100 x 30."""

from __future__ import annotations

import json
import time
from typing import Any

import aiohttp
import pyte

from helpers.ssh import Screen


class Tab:
    """One page of the door at `url` (its http:// address); `query` is added to /ws."""

    def __init__(self, http: aiohttp.ClientSession, url: str, query: str = "") -> None:
        self.http, self.url = http, url.replace("http://", "ws://") + "ws" + query
        self.screen = Screen(100, 30)
        self.stream = pyte.ByteStream(self.screen)
        self.ws: Any = None

    async def open(self, typed: str) -> Tab:
        """Opened, at 100 x 30, with `typed` typed at its prompt."""
        self.ws = await self.http.ws_connect(self.url)
        await self.ws.send_str(json.dumps(["resize", {"width": 100, "height": 30}]))
        await self.ws.send_str(json.dumps(["stdin", typed]))
        return self

    async def wait_for(self, *texts: str, seconds: float = 60.0) -> str:
        """The screen once it shows one of `texts`, or once the door has closed the page,
        or at the deadline."""
        end = time.monotonic() + seconds
        shown = "\n".join(self.screen.display)
        while not any(t in shown for t in texts) and time.monotonic() < end:
            try:
                msg = await self.ws.receive(end - time.monotonic())
            except TimeoutError:
                break
            if msg.type != aiohttp.WSMsgType.BINARY:
                break
            self.stream.feed(msg.data)
            shown = "\n".join(self.screen.display)
        return shown

    async def close(self) -> None:
        await self.ws.close()
