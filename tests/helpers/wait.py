"""Waiting by a deadline for what a test then asserts, outside a Textual app (inside one:
helpers.ui.until; for a terminal's screen: helpers.ssh.Terminal.wait_for). A loaded machine
is slower, so the wait is a time limit, never a count of sleeps."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable


async def until_async(check: Callable[[], object], seconds: float = 60.0) -> None:
    """Until `check()` holds (the event loop runs meanwhile); AssertionError past `seconds`."""
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"not within {seconds:g} s")
        await asyncio.sleep(0.02)


def until_sync(check: Callable[[], object], seconds: float = 60.0) -> None:
    """Until `check()` holds or `seconds` pass (the assert after it says what did not)."""
    end = time.monotonic() + seconds
    while not check() and time.monotonic() < end:
        time.sleep(0.05)
