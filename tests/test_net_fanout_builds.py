"""The host builds each distinct state once a change (issue #25): one public view and one
encoded line for every spectator whose log starts at the same line, however many there are;
a seat's own view and line are its own. A Host in this process on a real socket, real
clients (tests/test_net_host.py's Peer)."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from test_net_host import joined

from bohn_tui.net import host as net_host
from bohn_tui.net import protocol as p

SPECTATORS = 12


def test_one_public_view_and_one_spectator_line_a_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bohn_tui.play.client import LocalClient
    from bohn_tui.play.session import Session

    path = tmp_path / "h.sock"
    encoded: Counter[str] = Counter()  # state lines encoded: a spectator's or a seat's
    plain_encode = p.encode

    def encode(message: dict[str, Any]) -> bytes:
        if message.get("t") == "state":
            # a spectator's view is the public view itself
            encoded["spectator" if message["view"] is message["public"] else "seat"] += 1
        return plain_encode(message)

    monkeypatch.setattr(p, "encode", encode)  # the host encodes through p

    async def main() -> None:
        session = Session.new("bohnanza", ["Ana", "Ben"], seed=3)
        client = LocalClient(session, 0)
        views: Counter[int | None] = Counter()
        plain_view = client.view

        def view(seat: int | None) -> dict[str, Any]:
            views[seat] += 1
            return plain_view(seat)

        client.view = view  # type: ignore[method-assign]
        host = net_host.Host(client, p.new_host_id())
        server = await asyncio.start_unix_server(host.handle, path, limit=p.CLIENT_LINE + 1)
        try:
            ana, _, first = await joined(str(path), host.codes[0])
            ben, _, _ = await joined(str(path), host.codes[1])
            watchers = [
                (await joined(str(path), host.spectator_code))[0] for _ in range(SPECTATORS)
            ]
            for peer in (ana, ben, *watchers):  # every earlier state has arrived
                await peer.send(p.ping())
                await peer.until("pong")
            views.clear()
            encoded.clear()
            builds = host.builds
            assert await ana.act(1, first["legal"][0]) is None
            version = first["version"] + 1
            lines = []
            for peer in (ben, *watchers):
                state = await peer.until("state", lambda m: m["version"] >= version)
                assert state["log"] and state["log_from"] == first["log_from"] + len(first["log"])
                lines.append(peer.raw[-1])
            assert host.builds == builds + 1
            assert views[None] == 1  # the public view, once for all 14 connections
            assert views[0] == views[1] == 1  # each seat's own view, once
            assert encoded == {"spectator": 1, "seat": 2}, encoded  # one for the 12 spectators
            assert len(set(lines[1:])) == 1 and lines[1] != lines[0]
            for peer in (ana, ben, *watchers):
                await peer.close()
        finally:
            host.stop()
            server.close()

    asyncio.run(main())
