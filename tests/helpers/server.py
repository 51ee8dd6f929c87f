"""A real `bohn server` for a test (tests/test_server_absent.py, test_server_resign.py): the
server on 127.0.0.1, its table rows read from outside it, a person's lobby in the real
OpenSSH client, a raw SSH command, and a seat's connection at a table of the server's own
`Tables` (as `bohn join` makes it)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

from bohn_tui.net import protocol as p
from bohn_tui.store import Store
from bohn_tui.store import tables as st
from helpers.ssh import Terminal, bohn_json, ssh_command


def serving(data: Path, port: int = 0, *extra: str) -> Any:
    """`bohn server` on 127.0.0.1 with its data in `data`, no bot delay, its checks (and
    ticks) every 0.2 s; `extra` its other words (`--clock-offset S`)."""
    args = ("--port", str(port), "--json", "--data", str(data), "--bot-delay", "0")
    return bohn_json(data, "server", *args, "--check-seconds", "0.2", *extra)


def table_row(data: Path, table_id: str) -> st.TableRow:
    """The table's row as the server's database has it now."""
    db = sqlite3.connect(data / "bohn.sqlite3", timeout=5)
    try:
        found = st.get(db, table_id)
    finally:
        db.close()
    assert found is not None
    return found


def lobby(info: dict[str, Any], user: str, key: Path, terminals: list[Any]) -> Terminal:
    """`user`'s lobby in the real OpenSSH client (200x30), once it shows."""
    t = Terminal(ssh_command(info, user, key, "-tt"), 200, 30)
    terminals.append(t)
    t.wait_for(f"bohn server · {user}")
    return t


async def raw_command(info: dict[str, Any], user: str, key: Path, command: str) -> str:
    """A command (no lobby) as a raw SSH client may send it: what came back."""
    import asyncssh

    private = asyncssh.read_private_key(str(key))
    opts = dict(known_hosts=None, agent_path=None, port=info["port"])
    async with asyncssh.connect("127.0.0.1", username=user, client_keys=[private], **opts) as c:
        done = await c.run(command, check=False)
        return str(done.stderr) + str(done.stdout)


async def sit(tables: Any, table_id: str, account: int) -> Any:
    """The account's seat process at the table, as `bohn join` is: a hello with its code."""
    where = tables.code(table_id, account)
    assert where is not None
    reader, writer = await asyncio.open_unix_connection(str(where[0]), limit=1 << 22)
    writer.write(p.encode(p.hello(where[1])))
    assert p.decode(await reader.readline(), 1 << 22)["t"] == "welcome"
    return reader, writer


async def bye(reader: Any) -> str:
    """The reason of the bye a table sends a connection (its states read past)."""
    msg: dict[str, Any] = {}
    while msg.get("t") != "bye":
        msg = p.decode(await asyncio.wait_for(reader.readline(), 60), 1 << 22)
    return str(msg["reason"])


class World:
    """A server's store, clock and log lines in the test's own process: a lobby's requests
    answered as the server's LobbySession answers them, for a login's account."""

    def __init__(self, tmp_path: Path) -> None:
        from bohn_tui.net.tables import Clock

        self.store = Store(tmp_path)
        self.db = self.store.db
        self.clock = Clock()
        self.said: list[str] = []

    def lobby(self, account: int | None, tables: Any) -> Any:
        from types import SimpleNamespace

        from bohn_tui.net.lobby_session import LobbySession
        from bohn_tui.net.server import Login

        door = SimpleNamespace(store=self.store, tables=tables, say=self.said.append)
        return LobbySession(SimpleNamespace(door=door, login=Login(account)))

    def kept(self, table_id: str) -> st.TableRow:
        found = st.get(self.db, table_id)
        assert found is not None
        return found


def with_keys(tmp_path: Path, *names: str) -> tuple[Path, Any, dict[str, Path], list[Any]]:
    """A server's data folder `tmp_path/d` with an account per lowercase name (named
    capitalized), each bound to a new SSH key of its own: (data, its db, keys, accounts)."""
    import asyncssh

    from bohn_tui.net.ssh import key_id
    from bohn_tui.store import accounts as acc
    from helpers.ssh import make_key

    keys = {n: make_key(tmp_path, n) for n in names}
    data = tmp_path / "d"
    data.mkdir()
    db = Store(data).db
    made = []
    for n in names:
        key = key_id(asyncssh.read_public_key(f"{keys[n]}.pub").public_data)
        made.append(acc.create(db, n.capitalize(), key))
    return data, db, keys, made
