"""A game host's stand-ins (host.py's Host, a mixin): `bohn host --takeover`'s timers (a bot
plays a person's seat that has been away that long, until they are back) and a resign at a
`bohn server` table (a bot plays the seat for good, its code gone, every client told)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from bohn_tui.play.client import LocalClient


class StandIns:
    """What the host's stand-ins use of the host (host.py sets each)."""

    client: LocalClient
    codes: dict[int, str]
    seated: dict[int, Any]  # seat -> host.Connection
    resigned: list[int]  # seats whose person resigned: a bot's for good
    takeover: float | None  # --takeover: seconds a person's seat may be away
    _timers: dict[int, asyncio.TimerHandle]
    say: Callable[[str], None]

    def away(self) -> list[int]:
        raise NotImplementedError

    def broadcast(self) -> None:
        raise NotImplementedError

    def _keep(self, text: str, seat: int | None = None) -> None:
        raise NotImplementedError

    def start_timers(self) -> None:
        """At the start every person's seat is away: each gets its takeover timer."""
        for seat in self.away():
            self._away_from_now(seat)

    def _away_from_now(self, seat: int) -> None:
        if self.takeover is None or seat in self._timers or self.client.over:
            return
        loop = asyncio.get_running_loop()
        self._timers[seat] = loop.call_later(self.takeover, self.take_over, seat)

    def take_over(self, seat: int) -> None:
        """A bot plays the seat of a person who is away (none if they are back)."""
        self._timers.pop(seat, None)
        if seat in self.seated or self.client.over or not self.client.stand_in(seat):
            return
        name = self.client.names[seat]
        self._keep(f"{name} is away: a computer player plays for {name}.")
        self.say(f"{name} is away: a computer player plays for {name}")
        self.client.settle()  # the bot moves on a decision of the seat's that is due
        self.broadcast()

    def _back(self, seat: int) -> None:
        """The seat's person connected: no timer, and no bot plays for them any more."""
        timer = self._timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        if self.client.release(seat):
            name = self.client.names[seat]
            self._keep(f"{name} is back and plays again.")
            self.say(f"{name} is back")

    def resign(self, seat: int, reason: str, line: str = "") -> None:
        """The seat's person resigned: a bot plays it from now on, for good; its code is
        no more (a connection on it is put out with `reason`), every client is told who
        resigned (the state's "resigned"), one line in the table's log (`line`, else that
        they resigned)."""
        if seat not in self.client.humans or seat in self.resigned:
            return
        self.resigned.append(seat)
        self.client.session.resigned.append(seat)  # (its result ranks the seat last)
        self.codes.pop(seat, None)
        conn = self.seated.pop(seat, None)
        if conn is not None:
            conn.close(reason)
        self.client.stand_in(seat)
        name = self.client.names[seat]
        self._keep(line or f"{name} resigned: a computer player plays for {name} to the end.")
        self.client.settle()
        self.broadcast()

    def stop_timers(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()


__all__ = ["StandIns"]
