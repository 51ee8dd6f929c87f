"""`bohn server` started with running tables (a restart: its people log in again, in a
burst) keeps BURST lobby processes ready from its start (net/spares.py `raise_to_burst`), so
that the 2nd and 3rd logins of that first burst find theirs started; after BURST_SECONDS
without a burst, KEEP again."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from pathlib import Path
from typing import Any

from helpers.wait import until_async, until_sync

from bohn_tui.net import spares as sp
from bohn_tui.store import Store
from bohn_tui.store import accounts as acc
from bohn_tui.store import tables as st


def _lobbies(server: int) -> list[int]:
    """The server's idle lobby processes (`python -m bohn_tui.spare server FD`)."""
    found = []
    for task in Path(f"/proc/{server}/task").iterdir():
        with contextlib.suppress(OSError):
            for kid in (task / "children").read_text().split():
                with contextlib.suppress(OSError):
                    words = Path(f"/proc/{kid}/cmdline").read_bytes().split(b"\0")
                    if (
                        b"bohn_tui.spare" in words
                        and words[words.index(b"bohn_tui.spare") + 1] == b"server"
                    ):
                        found.append(int(kid))
    return found


def test_a_server_started_with_running_tables_keeps_a_bursts_lobbies(tmp_path: Path) -> None:
    from helpers.ssh import bohn_json

    db = Store(tmp_path).db
    ana = acc.create(db, "Ana", "kAna")
    seats: list[dict[str, Any]] = [{"account": ana.id}, {"bot": "standard"}]
    row = st.new_table(db, "bohnanza", ana.id, seats, "correspondence")
    row.state = st.RUNNING
    st.update(db, row)
    args = ("--port", "0", "--json", "--data", str(tmp_path), "--bot-delay", "0")
    with bohn_json(tmp_path, "server", *args) as (proc, info):
        until_sync(lambda: len(_lobbies(proc.pid)) == sp.BURST, 60)
        assert len(_lobbies(proc.pid)) == sp.BURST


class _Proc:
    returncode = None
    killed = False

    def kill(self) -> None:
        self.killed = True


def test_raise_to_burst_starts_them_and_calms_back_to_keep(monkeypatch: Any) -> None:
    started: list[_Proc] = []

    async def start(kind: str) -> sp.Spare:
        started.append(_Proc())
        return sp.Spare(started[-1], socket.socketpair()[0])  # type: ignore[arg-type]

    monkeypatch.setattr(sp, "start", start)
    monkeypatch.setattr(sp, "BURST_SECONDS", 3600.0)  # (its end is called below)

    async def run() -> None:
        spares = sp.Spares()
        spares.prepare("server", "join")
        spares.raise_to_burst("server", start=True)
        await until_async(lambda: len(spares.idle.get("server", ())) == sp.BURST)
        assert len(spares.idle["join"]) == sp.KEEP  # its own kind only
        spares.raised["server"] = 0.0  # a minute without a burst
        spares._calm("server")
        assert len(spares.idle["server"]) == sp.KEEP
        assert sum(p.killed for p in started) == sp.BURST - sp.KEEP
        spares.close()

    asyncio.run(run())
