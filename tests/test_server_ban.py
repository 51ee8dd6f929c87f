"""`bohn server`: banning an account (`bohn server accounts ban`, another process) ends its
tables for it at the server's next check: at each running table it resigns (a bot plays its
seat to the end; a table of it and bots, nobody left to play against, ends: its bots stop),
an open table it made is cancelled, at one it joined its seat is open again. Once per ban,
also across a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from helpers.server import bye, serving, sit, table_row
from helpers.wait import until_async, until_sync
from typer.testing import CliRunner

from bohn_tui.cli import app
from bohn_tui.net.client import RemoteClient
from bohn_tui.net.tables import Clock, Tables
from bohn_tui.store import Store
from bohn_tui.store import accounts as acc
from bohn_tui.store import tables as st


def test_a_ban_ends_the_accounts_tables_for_it(tmp_path: Path) -> None:
    store = Store(tmp_path)
    db, clock, said = store.db, Clock(), []
    ana, ben = acc.create(db, "Ana", "ka"), acc.create(db, "Ben", "kb")

    def table(creator: int, seats: list[dict[str, Any]]) -> st.TableRow:
        return st.new_table(db, "bohnanza", creator, seats, "correspondence", now=clock.now())

    bots = table(ana.id, [{"account": ana.id}, {"bot": "standard"}, {"bot": "random"}])
    shared = table(ana.id, [{"account": ana.id}, {"account": ben.id}, {"bot": "standard"}])
    hers = table(ana.id, [{"account": ana.id}, {"account": ben.id}, {}])  # open
    his = table(ben.id, [{"account": ben.id}, {"account": ana.id}, {}])  # open

    def kept(row: st.TableRow) -> st.TableRow:
        found = st.get(db, row.id)
        assert found is not None
        return found

    async def run() -> None:
        tables = Tables(store, said.append, 0, clock)
        for row in (bots, shared):
            assert await tables.open(row) is not None
        playing = tables.running[bots.id]
        a_reader, a = await sit(tables, shared.id, ana.id)  # Ana at the shared table
        where = tables.code(shared.id, ben.id)
        assert where is not None
        b = RemoteClient(where[1], where[0])
        await b.connect()
        tables.close_banned()  # nobody banned: nothing changes
        assert [kept(r).state for r in (bots, shared, hers, his)] == ["running"] * 2 + ["open"] * 2
        acc.ban(db, "Ana")
        tables.close_banned()
        # the table of Ana and bots ends (nobody left to play against): its bots stop
        assert kept(bots).state == st.OVER and kept(bots).note == "Ana resigned"
        assert bots.id not in tables.running and playing.client._bots is None
        # at the shared one a bot plays her seat to the end; Ben's table is told
        found = kept(shared)
        assert found.state == st.RUNNING and found.resigned == [ana.id]
        assert "Ana's account was closed" in await bye(a_reader)
        a.close()
        await until_async(lambda: b.resigned() == [0])
        line = "Ana's account was closed: a computer player plays for Ana to the end."
        await until_async(lambda: any(ln.text == line for ln in b.log))
        assert tables.code(shared.id, ana.id) is None
        # her open table is cancelled; at Ben's her seat is open again
        assert kept(hers).state == st.OVER and kept(hers).note == st.CLOSED
        assert kept(his).state == st.OPEN and kept(his).seats[1] == {}
        assert kept(his).note == "Ana left (account closed)"
        # once: the next check, and a restart's, change nothing and say nothing more
        before = list(said)
        tables.close_banned()
        assert said == before
        b.stop()
        tables.close_all()
        tables = Tables(store, said.append, 0, clock)
        await tables.open_all()
        before = list(said)
        tables.close_banned()
        assert said == before and kept(shared).resigned == [ana.id]
        assert tables.running[shared.id].host.resigned == [0]
        tables.close_all()

    asyncio.run(run())
    assert sum("'Ana' resigned (account closed)" in s for s in said) == 2
    assert (
        sum(f"table {hers.id} cancelled: its creator's account was closed" in s for s in said) == 1
    )
    assert sum(f"table {his.id}: 'Ana' left (account closed)" in s for s in said) == 1


def test_a_banned_accounts_bots_only_table_ends_on_a_real_server(tmp_path: Path) -> None:
    """`bohn server` on 127.0.0.1, its bots playing Cem's table of bots while he is away;
    `bohn server accounts ban Cem` (another process) ends it at the next check."""
    data = tmp_path / "d"
    data.mkdir()
    db = Store(data).db
    cem = acc.create(db, "Cem", "kc")
    seats: list[dict[str, Any]] = [{"bot": "random"}, {"account": cem.id}, {"bot": "random"}]
    row = st.new_table(db, "bohnanza", cem.id, seats, "correspondence")
    row.state = st.RUNNING  # (as when its last seat was taken: the server starts it)
    st.update(db, row)
    with serving(data) as (proc, info):
        until_sync(lambda: table_row(data, row.id).save_id is not None)
        assert table_row(data, row.id).state == st.RUNNING
        out = CliRunner().invoke(app, ["server", "accounts", "ban", "Cem", "--data", str(data)])
        assert "banned Cem" in out.stdout
        until_sync(lambda: table_row(data, row.id).state == st.OVER)
        found = table_row(data, row.id)
        assert (
            found.state == st.OVER and found.resigned == [cem.id] and found.note == "Cem resigned"
        )
        proc.terminate()
        assert proc.wait(30) == 0
        log = proc.stderr.read().decode()  # type: ignore[union-attr]
    assert log.count("'Cem' resigned (account closed)") == 1
    assert log.count(f"table {row.id} is over") == 1


def test_two_bans_at_once_end_an_open_table_once(tmp_path: Path) -> None:
    """Cem made an open table Dan sits at; both are banned before the next check: the table
    is cancelled (Cem's), and Dan's seat at a table that is over is left as it is."""
    store = Store(tmp_path)
    db, said = store.db, []
    cem, dan = acc.create(db, "Cem", "kc"), acc.create(db, "Dan", "kd")
    seats: list[dict[str, Any]] = [{"account": cem.id}, {"account": dan.id}, {}]
    row = st.new_table(db, "bohnanza", cem.id, seats, "live")
    acc.ban(db, "Cem")
    acc.ban(db, "Dan")
    tables = Tables(store, said.append, 0, Clock())
    tables.close_banned()
    found = st.get(db, row.id)
    assert found is not None and found.state == st.OVER and found.note == st.CLOSED
    assert found.seats == seats and said == [
        f"table {row.id} cancelled: its creator's account was closed"
    ]
    tables.close_banned()
    assert len(said) == 1
