"""`bohn server`: a person long awaited (away ABSENT_SECONDS, or the table's stand-in time if
shorter) is no dead end. In the server's own process, on the clock the test moves: before
the time nobody may decide; then only another person seated at the table may (not someone
outside it, not a new person's unbound key, not the awaited person), from the lobby's
requests, let a bot play the seat (kept across a restart; the person takes it back by coming)
or end the table (abandoned: unrated, kept, listed as such, no longer the creator's); a
seat's raw connection has no message for either. tests/test_server.py's
test_a_person_long_awaited_over_ssh shows both in the lobbies of the real OpenSSH client."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from helpers.server import lobby, raw_command, serving, sit, table_row
from helpers.wait import until_async

from bohn_tui.net import protocol as p
from bohn_tui.net.lobby_session import LobbySession
from bohn_tui.net.server import Login
from bohn_tui.net.tables import Clock, Tables
from bohn_tui.store import Store
from bohn_tui.store import accounts as acc
from bohn_tui.store import tables as st

DAY = 86400.0


def test_a_person_long_awaited_a_bot_plays_then_the_table_is_abandoned(tmp_path: Path) -> None:
    store = Store(tmp_path)
    db = store.db
    ana, ben, eve = (acc.create(db, n, f"k{n}") for n in ("Ana", "Ben", "Eve"))
    clock = Clock()
    seats: list[dict[str, Any]] = [{"account": ana.id}, {"account": ben.id}, {"bot": "standard"}]
    row = st.new_table(db, "bohnanza", ana.id, seats, "correspondence", None, now=clock.now())
    said: list[str] = []

    def lobby(account: int | None, tables: Tables) -> LobbySession:
        door = SimpleNamespace(store=store, tables=tables, say=said.append)
        return LobbySession(SimpleNamespace(door=door, login=Login(account)))

    def kept() -> st.TableRow:
        found = st.get(db, row.id)
        assert found is not None
        return found

    async def ask(who: int | None, tables: Tables, what: str) -> str:
        return str((await lobby(who, tables)._answer({"ask": what, "table": row.id}))["note"])

    async def run() -> None:
        tables = Tables(store, said.append, 0, clock)
        table = await tables.open(row)
        assert table is not None and table.client.waiting_for() == [0]  # Ana's turn
        assert [s.get("name") for s in kept().seats] == [None, None, "Cem"]  # the table's name
        assert st.lobby(db, ben.id, clock.now())["yours"][0].names[2] == "Cem (standard)"
        b_reader, b = await sit(tables, row.id, ben.id)  # Ben is there, Ana away
        await until_async(lambda: table.host.away() == [0])
        tables.tick()
        since = kept().waits[ana.id]
        clock.move(since + 3 * DAY - 60 - clock.now())  # a minute before: nobody decides
        tables.tick()
        assert "decide in 1 min" in await ask(ben.id, tables, "abandon")
        assert "decide in" in await ask(ben.id, tables, "standin")
        assert table.row.long_awaited(clock.now(), ben.id) == []
        clock.move(60)  # three days
        # nobody outside the table, no new person's key, not Ana about herself
        for what in ("abandon", "standin"):
            assert await ask(eve.id, tables, what) == "that table is not running now"
            assert await ask(None, tables, what) == "this account is closed"
            assert (await ask(ana.id, tables, what)).startswith("nobody away is awaited")
        assert kept().state == st.RUNNING and table.client.stand_ins() == []
        # a seat's raw connection has no message that ends the table or takes a seat
        for msg in ({"t": "abandon"}, {"t": "standin", "seat": 0}, {"t": "ask", "ask": "abandon"}):
            b.write(_line(msg))
        await b.drain()
        tables.tick()
        assert kept().state == st.RUNNING and table.client.stand_ins() == []
        assert row.id in tables.running and kept().long_awaited(clock.now(), ben.id) == [ana.id]
        # Ben lets a bot play for Ana: her seat, a bot's moves
        version = table.client.version
        assert "A bot plays for Ana now" in await ask(ben.id, tables, "standin")
        assert table.client.stand_ins() == [0]
        found = kept()
        assert found.standins == [ana.id] and found.note == "Ben chose it"
        await until_async(lambda: table.client.version > version + 2)  # her turn, by the bot
        assert sum("'Ben' lets a bot play for Ana" in line for line in said) == 1
        # the server stops and starts again: the bot goes on playing for her
        tables.close_all()
        b.close()
        tables = Tables(store, said.append, 0, clock)
        await tables.open_all()
        table = tables.running[row.id]
        assert table.client.stand_ins() == [0]
        # Ana comes back: her seat is hers again, the note gone
        a_reader, a = await sit(tables, row.id, ana.id)
        await until_async(lambda: table.client.stand_ins() == [])
        tables.tick()
        assert kept().standins == [] and kept().note == ""
        # she leaves; four days later Ben, in his lobby (away too), ends the table
        a.close()
        await until_async(lambda: 0 in table.host.away())
        await until_async(lambda: ana.id in table.row.awaited or ben.id in table.row.awaited)
        tables.tick()
        late = next(iter(table.row.waits))  # whom the game waits for now, away
        other = ben.id if late == ana.id else ana.id
        clock.move(4 * DAY)
        tables.tick()
        o_reader, o = await sit(tables, row.id, other)  # (at the table in another window too)
        assert "ended: abandoned" in await ask(other, tables, "abandon")
        bye: dict[str, Any] = {}
        while bye.get("t") != "bye":  # whoever was at it is told why it closed
            bye = p.decode(await asyncio.wait_for(o_reader.readline(), 60), 1 << 22)
        assert "ended this table" in bye["reason"] and "abandoned, unrated" in bye["reason"]
        o.close()
        assert row.id not in tables.running
        found = kept()
        assert found.state == st.ABANDONED and found.note.startswith("abandoned by ")
        assert "awaited 4 d" in found.note and found.waits == {} and found.standins == []
        assert sum("abandoned by" in line for line in said) == 1
        # kept in both lobbies, as ended; no longer a table of its creator's; unrated
        for who in (ana.id, ben.id):
            mine = st.lobby(db, who, clock.now())["yours"]
            assert [(i.row.id, i.row.state) for i in mine] == [(row.id, st.ABANDONED)]
        assert st.in_state(db, st.OPEN, st.RUNNING) == []
        assert db.execute("SELECT count(*) FROM ratings").fetchone()[0] == 0
        assert "That table was ended: abandoned by" in lobby(ana.id, tables)._not_running(
            row.id, ana.id
        )
        assert "not running" in await ask(other, tables, "abandon")  # once
        tables.close_all()

    asyncio.run(run())


def _line(msg: dict[str, Any]) -> bytes:
    import json

    return json.dumps(msg).encode() + b"\n"


def test_the_stand_in_time_if_shorter_and_an_old_database(tmp_path: Path) -> None:
    """A table whose creator chose a stand-in time shorter than ABSENT_SECONDS is decided
    on after that time; a database of schema 8 (no `standins`) gets the column, its tables
    none."""
    two: list[dict[str, Any]] = [{"account": 1}, {"account": 2}]
    row = st.TableRow("t", "bohnanza", None, 1, two, "live", st.RUNNING)
    row.awaited, row.waits, row.standin = [1], {1: 0.0}, 3600.0
    assert row.absent_after() == 3600.0
    assert row.long_awaited(3599.0, 2) == [] and row.long_awaited(3600.0, 2) == [1]
    assert row.long_awaited(3600.0, 1) == [] and row.long_awaited(3600.0, 3) == []
    row.standin = None
    assert row.absent_after() == st.ABSENT_SECONDS
    from bohn_tui.store import db as schema

    path = tmp_path / "bohn.sqlite3"
    old = sqlite3.connect(path)
    for script in schema.MIGRATIONS[:8]:
        old.executescript(script)
    old.execute(
        "INSERT INTO server_tables (id, game, creator, seats, mode, state, last_move, created)"
        " VALUES ('t1', 'bohnanza', 1, '[{\"bot\": \"standard\"}]', 'live', 'running', 1, 1)"
    )
    old.execute("PRAGMA user_version = 8")
    old.commit()
    old.close()
    found = st.get(Store(tmp_path).db, "t1")
    assert found is not None and found.standins == [] and found.state == st.RUNNING
    assert st.seat_names(Store(tmp_path).db, found) == ["bot (standard)"]  # (named at start)


def _serving(data: Path, offset: float, port: int = 0) -> Any:
    """`bohn server` on 127.0.0.1 with its clock `offset` seconds ahead (days passed)."""
    return serving(data, port, "--clock-offset", str(offset))


_row = table_row


def _until_row(data: Path, table_id: str, check: Any) -> st.TableRow:
    from helpers.wait import until_sync

    until_sync(lambda: check(_row(data, table_id)))
    return _row(data, table_id)


def test_a_person_long_awaited_over_ssh(tmp_path: Path, terminals: list[Any]) -> None:
    """With the real OpenSSH client: Ben, in his lobby, may not decide about Ana before she
    has been awaited three days (his lobby says the rule, the server when); a raw SSH
    client's command ends nothing, its key bound or not. Four days on (the server restarted
    with its clock ahead) Ben lets a bot play for Ana, and Ana's lobby says so; four more
    days, Ben awaited, Ana ends the table, and Ben's lobby shows it abandoned."""
    import asyncssh
    from helpers.ssh import make_key

    from bohn_tui.net.ssh import key_id

    keys = {n: make_key(tmp_path, n) for n in ("ana", "ben", "eve")}
    data = tmp_path / "d"
    data.mkdir()
    db = Store(data).db

    def key_of(n: str) -> str:
        return key_id(asyncssh.read_public_key(f"{keys[n]}.pub").public_data)

    ana, ben = acc.create(db, "Ana", key_of("ana")), acc.create(db, "Ben", key_of("ben"))
    seats: list[dict[str, Any]] = [{"account": ana.id}, {"account": ben.id}, {"bot": "standard"}]
    row = st.new_table(db, "bohnanza", ana.id, seats, "correspondence")
    row.state = st.RUNNING  # (as when its last seat was taken: the server starts it)
    st.update(db, row)

    def login(info: dict[str, Any], user: str) -> Any:
        return lobby(info, user, keys[user.lower()], terminals)

    async def raw(info: dict[str, Any], user: str) -> str:
        """A command (no lobby) asking for the table's end, as a raw SSH client may."""
        ask = f'{{"ask": "abandon", "table": "{row.id}"}}'
        return await raw_command(info, user, keys[user.lower()], ask)

    logs = []
    with _serving(data, 0) as (proc, info):
        _until_row(data, row.id, lambda r: ana.id in r.waits)  # Ana's turn, she is away
        assert "runs the lobby only" in asyncio.run(raw(info, "Ben"))
        assert "runs the lobby only" in asyncio.run(raw(info, "Eve"))  # (a new key)
        b = login(info, "Ben")
        b.wait_for("Ana's turn")
        assert "away long" not in b.text()
        b.press("e")
        b.wait_for("s or e: a game of yours whose table has awaited a person away 3 days")
        b.press("s")
        b.wait_for("decide in 2 d 23 h")  # (the server's answer: the three days not gone)
        port = info["port"]
        proc.terminate()
        assert proc.wait(30) == 0
        logs.append(proc.stderr.read().decode())  # type: ignore[union-attr]
    assert _row(data, row.id).state == st.RUNNING
    with _serving(data, 4 * DAY, port) as (proc, info):
        b = login(info, "Ben")
        b.wait_for("Ana away long: s lets a bot play, e ends the table")
        b.press("s")
        b.wait_for("A bot plays for Ana now")
        assert _row(data, row.id).standins == [ana.id]
        a = login(info, "Ana")
        a.wait_for("a bot plays for you (Ben chose it): Enter takes your seat back")
        b.wait_for("Cem (standard)")  # the bot as the table names it
        # the bot plays her turn; the game waits for Ben, who is in his lobby
        _until_row(data, row.id, lambda r: ben.id in r.waits)
        proc.terminate()
        assert proc.wait(30) == 0
        logs.append(proc.stderr.read().decode())  # type: ignore[union-attr]
    with _serving(data, 8 * DAY, port) as (proc, info):
        a = login(info, "Ana")
        a.wait_for("Ben away long")
        a.press("e")
        a.wait_for("Press e again")
        a.press("e")
        a.wait_for("The table is ended: abandoned, unrated (Ben awaited 4 d")
        b = login(info, "Ben")
        b.wait_for("ended, unrated: abandoned by Ana: Ben awaited 4 d")
        proc.terminate()
        assert proc.wait(30) == 0
        logs.append(proc.stderr.read().decode())  # type: ignore[union-attr]
    found = _row(data, row.id)
    assert found.state == st.ABANDONED and found.standins == [] and found.waits == {}
    assert "abandoned by" not in logs[0] and "lets a bot play" not in logs[0]
    assert logs[1].count("'Ben' lets a bot play for Ana") == 1
    assert logs[2].count("abandoned by 'Ana'") == 1
