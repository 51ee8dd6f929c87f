"""The web door's listening socket, with the limits aiohttp has not: at most `total` open
connections in all and `per_address` from one address, and a connection that sends nothing
within `first_bytes` seconds closed (else idle connections, which cost the door memory and
file descriptors, could be opened without end; the gate counts pages, not connections).

A door on a loopback address reached from a loopback peer is behind a reverse proxy on this
machine (README): every person comes from the proxy's address then, so only the total holds
there, and the proxy limits each address (README's nginx block)."""

from __future__ import annotations

import asyncio
import ipaddress
from collections import Counter
from typing import Any

from aiohttp import web

TOTAL = 512  # open connections of the web door in all
PER_ADDRESS = 16  # from one address (a browser opens a few at once for a page)
FIRST_BYTES = 10.0  # seconds a new connection has to send its first bytes


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address.split("%", 1)[0]).is_loopback
    except ValueError:
        return address == "localhost"


class Connections:
    """The counts: `admit(address)` says whether one more connection from `address` may
    stay (and counts it), `leave(address)` when it ends."""

    def __init__(self, total: int = TOTAL, per_address: int = PER_ADDRESS, proxied: bool = False):
        self.total, self.per_address, self.proxied = total, per_address, proxied
        self.open: Counter[str] = Counter()
        self.refused = 0

    def admit(self, address: str) -> bool:
        busy = sum(self.open.values()) >= self.total
        crowd = not (self.proxied and _loopback(address)) and (
            self.open[address] >= self.per_address
        )
        if busy or crowd:
            self.refused += 1
            return False
        self.open[address] += 1
        return True

    def leave(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


class Capped(asyncio.Protocol):
    """aiohttp's protocol for one connection (its RequestHandler, which has slots: it is
    wrapped, not patched), with the counts and the first bytes' deadline around it."""

    def __init__(self, inner: Any, counts: Connections, first_bytes: float) -> None:
        self.inner, self.counts, self.first_bytes = inner, counts, first_bytes
        self.address: str | None = None
        self.heard = False
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "local"
        self.inner.connection_made(transport)
        assert isinstance(transport, asyncio.Transport)
        if not self.counts.admit(address):
            transport.abort()  # one more than the door holds: closed at once
            return
        self.address = address
        self.timer = asyncio.get_running_loop().call_later(
            self.first_bytes, lambda: None if self.heard else transport.abort()
        )

    def data_received(self, data: bytes) -> None:
        self.heard = True
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return bool(self.inner.eof_received())

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.timer is not None:
            self.timer.cancel()
        if self.address is not None:
            self.counts.leave(self.address)
            self.address = None
        self.inner.connection_lost(exc)


class CappedSite(web.TCPSite):
    """aiohttp's TCPSite (aiohttp is pinned: its start is this one's but for the factory)
    whose connections are each `Capped`."""

    def __init__(
        self,
        runner: web.BaseRunner,
        host: str | None,
        port: int,
        counts: Connections,
        first_bytes: float = FIRST_BYTES,
        backlog: int = 256,
    ) -> None:
        super().__init__(runner, host, port, backlog=backlog)
        self.counts, self.first_bytes = counts, first_bytes

    async def start(self) -> None:
        self._runner._reg_site(self)
        server = self._runner.server
        assert server is not None
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(
            lambda: Capped(server(), self.counts, self.first_bytes),
            self._host,
            self._port,
            backlog=self._backlog,
            reuse_address=self._reuse_address,
            reuse_port=self._reuse_port,
        )
        sockets = self._server.sockets
        self._bound_port = sockets[0].getsockname()[1] if sockets else self._port


__all__ = ["Capped", "CappedSite", "Connections"]
