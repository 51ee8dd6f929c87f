"""A bot thinks off the event loop and outside the table's lock (issue #24, item 5): while a
bot decides, a person's key is applied at once, and the bot's answer, made for a table that
has changed since, is dropped and asked for anew (play/client.py, engine/driver.py's plan and
think)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from helpers.asks import may_volunteer, window

from bohn_tui.engine.actions import Action
from bohn_tui.play.client import LocalClient
from bohn_tui.play.session import Session

WAIT = 10.0  # seconds: a bound on every wait, never reached when the test passes


class SlowProposer:
    """Ben's bot: in the proposal round it thinks until the test lets it go, and makes no
    offer; it notes what it saw each time it was asked."""

    level = "standard"

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.asked = threading.Event()
        self.go = threading.Event()
        self.seen: list[dict[str, Any]] = []

    def choose(self, seat: int, observe: Any, legal: list[Action]) -> Action:
        return self.inner.choose(seat, observe, legal)  # type: ignore[no-any-return]

    def propose(self, seat: int, observe: Any) -> Action | None:
        self.seen.append(observe())
        self.asked.set()
        self.go.wait(WAIT)
        return None


def test_a_persons_key_is_applied_while_a_bot_thinks() -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], {1: "standard", 2: "standard"}, seed=5)
    s.apply(next(a for a in s.legal(0) if a.type == "plant_hand"))
    s.apply(next(a for a in s.legal(0) if a.type == "end_planting"))
    assert window(s.state) is not None and may_volunteer(s.state, 1)
    slow = SlowProposer(s.bots[1])
    s.bots[1] = slow  # type: ignore[assignment]
    harvest = next(a for a in s.legal(0) if a.type == "harvest")

    async def main() -> tuple[str | None, bool, int]:
        client = LocalClient(s, bot_delay=0)
        assert client.settle()  # the bots start: Ben is asked for an offer, and thinks
        assert await asyncio.to_thread(slow.asked.wait, WAIT)
        # Ana harvests while Ben thinks: before, her key waited for his thinking to end
        done = await asyncio.wait_for(client.submit(harvest), WAIT / 2)
        still_thinking = not slow.go.is_set()
        moves = len(s.record.actions)
        slow.go.set()
        for _ in range(int(WAIT * 100)):
            if not client.busy:
                break
            await asyncio.sleep(0.01)
        return done, still_thinking, moves

    done, still_thinking, moves = asyncio.run(main())
    assert done is None and still_thinking
    assert s.record.actions[moves - 1] == harvest
    # Ben's answer was for the table before the harvest: he was asked again, and saw it
    assert len(slow.seen) >= 2
    fields = [f for f in slow.seen[-1]["players"][0]["fields"]]
    assert fields != [f for f in slow.seen[0]["players"][0]["fields"]]
