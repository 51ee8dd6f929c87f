"""`bohn server` attacked (issue #26), with a real server process on 127.0.0.1 and asyncssh
clients with fresh keys: a flood of keys does not grow a lobby process's memory without
bound (a Textual app queues every key its pty gives it: the door paces them,
net/ssh_session.py's KEYS_PER_SECOND); a connection lost while its process starts hangs
that process up."""

from __future__ import annotations

import asyncio
import types
from pathlib import Path
from typing import Any

import asyncssh
import pyte
import pytest
from helpers.ssh import make_key
from helpers.wait import until_async
from test_server import _children, serving

FLOOD = 100_000  # keys sent at once (before the pace: the lobby 43 -> 285 MB, kept)
GROWTH_KB = 64 * 1024  # what the lobby may grow by meanwhile (with the pace: ~12 MB)


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _on_a_terminal(pid: int) -> bool:
    """Whether `pid` has a terminal (a session's process: an idle one has none)."""
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(stat[4]) != 0  # tty_nr


class _Screen(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    def __init__(self) -> None:
        self.screen = pyte.Screen(100, 30)
        self.stream = pyte.ByteStream(self.screen)

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(self.screen.display)


def test_a_flood_of_keys_does_not_grow_the_lobby_without_bound(tmp_path: Path) -> None:
    key = make_key(tmp_path, "zed")
    with serving(tmp_path / "d") as (proc, info):

        async def run() -> tuple[int, int]:
            options = dict(known_hosts=None, client_keys=[str(key)], agent_path=None)
            async with asyncssh.connect("127.0.0.1", info["port"], username="Zed", **options) as c:
                chan, seen = await c.create_session(
                    _Screen, term_type="xterm", term_size=(100, 30), encoding=None
                )
                await until_async(lambda: "This SSH key is new here" in seen.text())
                chan.write(b"\r")  # the login name is offered as the account's
                await until_async(lambda: "bohn server · Zed" in seen.text())
                lobby = [p for p in _children(proc.pid) if _on_a_terminal(p)]
                assert len(lobby) == 1
                before = _rss_kb(lobby[0])
                for _ in range(FLOOD // 1000):
                    chan.write(b"z" * 1000)  # a key the lobby has no use for
                    await asyncio.sleep(0)

                def profile() -> bool:  # every z before it has reached the door (in order)
                    if "Profile · Zed" not in seen.text():
                        chan.write(b"p")
                        return False
                    return True

                await until_async(profile, 120)
                return before, _rss_kb(lobby[0])

        before, after = asyncio.run(run())
        assert after - before < GROWTH_KB, (before, after)


def test_a_connection_lost_while_its_process_starts_hangs_it_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A connection that drops while none was idle and its process is being started (a
    burst of logins): the process, once handed the session, is hung up at once, not left
    to run the lobby for nobody, counted in the server's limits, until it ends."""
    from bohn_tui.net import ssh_session
    from bohn_tui.net.lobby_session import LobbySession

    async def run() -> list[str]:
        started = asyncio.Event()
        go_on = asyncio.Event()

        async def spawn(self: Any, *args: Any, **kw: Any) -> None:  # spares.take, slow
            started.set()
            await go_on.wait()
            self.proc = types.SimpleNamespace(pid=-1, returncode=None)

        done: list[str] = []
        monkeypatch.setattr(ssh_session.Session, "spawn", spawn)
        monkeypatch.setattr(LobbySession, "hang_up", lambda self: done.append("hung up"))
        session = LobbySession(types.SimpleNamespace())
        task = asyncio.create_task(session.spawn(["server", "lobby"], b"", "xterm"))
        await started.wait()
        session.connection_lost(None)
        done.clear()  # (the drop's own hang-up: no process yet)
        go_on.set()
        await task
        return done

    assert asyncio.run(run()) == ["hung up"]
