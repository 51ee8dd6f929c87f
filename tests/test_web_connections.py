"""The web door holds a bounded number of connections (issue #27: "limits per address,
bounded memory"): aiohttp alone keeps any number of idle TCP connections open, each costing
the door memory and a file descriptor, and the gate counts pages, not connections. A real
door on 127.0.0.1 and raw sockets: one connection past the total is closed at once; one
that says nothing within the first bytes' time is closed; a page still loads after."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bohn_tui.net.web import WebDoor
from bohn_tui.net.web_site import Connections


async def closed(reader: asyncio.StreamReader, within: float = 5.0) -> bool:
    """Whether the door closes this connection within `within` seconds (EOF or reset)."""
    try:
        return await asyncio.wait_for(reader.read(), within) == b""
    except (TimeoutError, ConnectionError):
        return False


async def test_connections_past_the_total_and_silent_ones_are_closed() -> None:
    door = WebDoor("127.0.0.1", 0)
    door.connections = Connections(total=4, per_address=4)
    door.first_bytes = 1.0
    try:
        await door.listen(Path())
        open_ = [await asyncio.open_connection("127.0.0.1", door.port) for _ in range(4)]
        await asyncio.sleep(0.1)
        assert sum(door.connections.open.values()) == 4
        extra_r, _extra_w = await asyncio.open_connection("127.0.0.1", door.port)
        assert await closed(extra_r, 5.0)  # the fifth: closed at once
        assert door.connections.refused == 1
        # the four say nothing: closed after the first bytes' time (1 s here)
        for r, _w in open_:
            assert await closed(r, 10.0)
        await asyncio.sleep(0.1)
        assert not door.connections.open
        r, w = await asyncio.open_connection("127.0.0.1", door.port)
        w.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        await w.drain()
        page = await asyncio.wait_for(r.read(), 15.0)
        assert page.startswith(b"HTTP/1.1 200"), page[:200]
        w.close()
    finally:
        door.close()
        await door.wait_closed()


def test_the_counts_per_address_and_behind_a_proxy() -> None:
    c = Connections(total=5, per_address=2)
    assert c.admit("10.0.0.1") and c.admit("10.0.0.1")
    assert not c.admit("10.0.0.1")  # a third from one address
    assert c.admit("10.0.0.2") and c.admit("10.0.0.3") and c.admit("10.0.0.4")
    assert not c.admit("10.0.0.5")  # past the total
    c.leave("10.0.0.1")
    assert c.admit("10.0.0.1")
    proxy = Connections(total=3, per_address=1, proxied=True)
    assert proxy.admit("127.0.0.1") and proxy.admit("127.0.0.1")  # the proxy: total only
    assert proxy.admit("10.0.0.9") and not proxy.admit("127.0.0.1")  # the total holds
    fresh = Connections(total=9, per_address=1, proxied=True)
    assert fresh.admit("10.0.0.9") and not fresh.admit("10.0.0.9")  # others: per address
