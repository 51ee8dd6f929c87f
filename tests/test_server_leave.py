"""`bohn server`: a person seated at an open table (joined, or named by its creator) leaves
it before it starts (the lobby's l, twice): the seat is open again, the table's other people
see it ("(open)", "Ben left"); its creator's leaving cancels it, as x does. Nobody leaves
for another: not someone outside the table, not a new person's key, not a started table,
not a malformed request; a raw SSH command is refused. test_leave_over_ssh does it in the
real OpenSSH client."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from helpers.server import World, bye, lobby, raw_command, serving, sit, table_row, with_keys

from bohn_tui.net import protocol as p
from bohn_tui.net.tables import Tables
from bohn_tui.store import accounts as acc
from bohn_tui.store import tables as st


class _World(World):
    def __init__(self, tmp_path: Path) -> None:
        super().__init__(tmp_path)
        self.tables = Tables(self.store, self.said.append, 0, self.clock)

    async def ask(self, who: int | None, msg: dict[str, Any]) -> dict[str, Any]:
        return await self.lobby(who, self.tables)._answer(msg)


def test_a_joiner_leaves_an_open_table_and_nobody_leaves_for_another(tmp_path: Path) -> None:
    w = _World(tmp_path)
    ana, ben, cem, eve = (acc.create(w.db, n, f"k{n}") for n in ("Ana", "Ben", "Cem", "Eve"))
    seats: list[dict[str, Any]] = [{"account": ana.id}, {"account": ben.id}, {}, {}]
    row = st.new_table(w.db, "bohnanza", ana.id, seats, "live", now=w.clock.now())

    async def run() -> None:
        assert "You sit there" in (await w.ask(cem.id, {"ask": "join", "table": row.id}))["note"]
        before = w.kept(row.id)
        assert before.accounts() == [ana.id, ben.id, cem.id]
        # nobody leaves for another, nor with a request that is not one
        refused = "you can leave only an open table you sit at (it has not started)"
        for who, msg in (
            (eve.id, {"ask": "leave", "table": row.id}),  # not seated there
            (eve.id, {"ask": "leave", "table": row.id, "account": cem.id}),
            (cem.id, {"ask": "leave"}),
            (cem.id, {"ask": "leave", "table": [row.id]}),
            (cem.id, {"ask": "leave", "table": 7}),
            (cem.id, {"ask": "leave", "table": row.id + "x" * 10_000}),
            (cem.id, {"ask": "leave", "table": f"{row.id}' OR '1'='1"}),
        ):
            assert (await w.ask(who, msg))["note"] == refused
        closed = await w.ask(None, {"ask": "leave", "table": row.id})  # a new person's key
        assert closed == {"note": "this account is closed"}
        assert w.kept(row.id) == before and not any("left" in s for s in w.said)
        # Cem leaves: his seat is open again, the others' lobbies show it
        reply = await w.ask(cem.id, {"ask": "leave", "table": row.id})
        assert reply == {"note": f"You left table {row.id}; your seat there is open again."}
        found = w.kept(row.id)
        assert found.seats == [{"account": ana.id}, {"account": ben.id}, {}, {}]
        assert found.state == st.OPEN and found.note == "Cem left"
        for who in (ana.id, ben.id):
            (mine,) = st.lobby(w.db, who, w.clock.now())["yours"]
            assert mine.names == ["Ana", "Ben", "(open)", "(open)"]
        (listed,) = st.lobby(w.db, cem.id, w.clock.now())["open"]  # his to take again
        assert listed.row.id == row.id and not st.lobby(w.db, cem.id, w.clock.now())["yours"]
        assert sum("'Cem' left" in s for s in w.said) == 1
        assert (await w.ask(cem.id, {"ask": "leave", "table": row.id}))["note"] == refused
        # Ben, named by Ana, leaves too; he may join again (the note of who left goes)
        assert "You left" in (await w.ask(ben.id, {"ask": "leave", "table": row.id}))["note"]
        assert w.kept(row.id).note == "Ben left" and w.kept(row.id).open_seats() == 3
        assert "You sit there" in (await w.ask(ben.id, {"ask": "join", "table": row.id}))["note"]
        assert w.kept(row.id).note == "" and w.kept(row.id).accounts() == [ana.id, ben.id]
        # Ana made it: her leaving cancels it (as x does), for everyone at it
        reply = await w.ask(ana.id, {"ask": "leave", "table": row.id})
        assert reply == {"note": f"Table {row.id} is cancelled."}
        found = w.kept(row.id)
        assert found.state == st.OVER and found.note == st.CANCELLED
        (mine,) = st.lobby(w.db, ben.id, w.clock.now())["yours"]  # Ben sees it
        assert mine.row.state == st.OVER and mine.row.note == st.CANCELLED
        assert (await w.ask(ben.id, {"ask": "leave", "table": row.id}))["note"] == refused

    asyncio.run(run())


def test_a_started_table_is_not_left(tmp_path: Path) -> None:
    """Once every seat is taken the table runs: leaving is refused (x x resigns there), its
    creator's "leave" is no cancel either; nothing changes."""
    w = _World(tmp_path)
    ana, ben = acc.create(w.db, "Ana", "ka"), acc.create(w.db, "Ben", "kb")
    seats: list[dict[str, Any]] = [{"account": ana.id}, {}]
    row = st.new_table(w.db, "bohnanza", ana.id, seats, "live", now=w.clock.now())

    async def run() -> None:
        assert await w.ask(ben.id, {"ask": "join", "table": row.id}) == {"play": row.id}
        before = w.kept(row.id)
        assert before.state == st.RUNNING
        assert (
            "only an open table you sit at"
            in (await w.ask(ben.id, {"ask": "leave", "table": row.id}))["note"]
        )
        assert (
            "only an open table you made"
            in (await w.ask(ana.id, {"ask": "leave", "table": row.id}))["note"]
        )
        assert w.kept(row.id).seats == before.seats and w.kept(row.id).state == st.RUNNING
        # a seat's raw socket: no message leaves, resigns or says who resigned
        table = w.tables.running[row.id]
        for msg in (
            {"t": "leave", "table": row.id},
            {"t": "ask", "ask": "leave", "table": row.id},
            {"t": "resigned", "seat": 0},
            {"t": "state", "resigned": [0], "standin": [0]},
        ):
            reader, writer = await sit(w.tables, row.id, ben.id)
            writer.write(p.encode(msg))
            await writer.drain()
            assert "unknown message type" in await bye(reader)
            writer.close()
        assert table.host.resigned == [] and table.client.stand_ins() == []
        assert w.kept(row.id).seats == before.seats and w.kept(row.id).resigned == []
        table.host.resign(7, "")  # (no such person's seat: nothing)
        assert table.host.resigned == [] and len(table.host.codes) == 2
        w.tables.close_all()

    asyncio.run(run())


def test_leave_over_ssh(tmp_path: Path, terminals: list[Any]) -> None:
    """With the real OpenSSH client: a raw SSH command leaves nothing; Ben, named at Ana's
    open table, leaves it from his lobby (l, asked once, l): Ana's lobby shows the seat open
    and that Ben left; the key bar and the help (?) name l. Ana leaves hers: cancelled."""
    from helpers.ssh import key_bar

    data, db, keys, (ana, ben) = with_keys(tmp_path, "ana", "ben")
    seats: list[dict[str, Any]] = [{"account": ana.id}, {"account": ben.id}, {}]
    row = st.new_table(db, "bohnanza", ana.id, seats, "correspondence")

    with serving(data) as (proc, info):
        leave = f'{{"ask": "leave", "table": "{row.id}"}}'
        assert "runs the lobby only" in asyncio.run(raw_command(info, "Ben", keys["ben"], leave))
        assert table_row(data, row.id).accounts() == [ana.id, ben.id]
        b = lobby(info, "Ben", keys["ben"], terminals)
        b.wait_for("1 seat(s) open")
        b.wait_for(lambda screen: "Leave table" in key_bar(screen))
        b.press("?")
        b.wait_for("leave an open table you sit at")
        b.press("escape")
        b.wait_for(lambda s: "Help · the lobby" not in s)
        b.press("enter")
        b.wait_for("l leaves it (twice)")
        b.press("x")  # (not his to cancel: x says what l does)
        b.wait_for("l leaves an open table you sit at, before it starts")
        b.press("l")
        b.wait_for("Press l again to leave this table: your seat opens for anyone")
        assert table_row(data, row.id).accounts() == [ana.id, ben.id]
        b.press("l")
        b.wait_for(f"You left table {row.id}; your seat there is open again.")
        assert table_row(data, row.id).accounts() == [ana.id]
        b.wait_for("2 seat(s) open · Ben left")  # (now among the open tables: his to join)
        a = lobby(info, "Ana", keys["ana"], terminals)
        a.wait_for("2 seat(s) open · Ben left")
        a.wait_for("Ana, (open), (open)")
        a.press("l")
        a.wait_for("Press l again to leave this table: you made it, so it is cancelled")
        a.press("l")
        a.wait_for(f"Table {row.id} is cancelled.")
        a.wait_for("over: cancelled by its creator")
        proc.terminate()
        assert proc.wait(30) == 0
        log = proc.stderr.read().decode()  # type: ignore[union-attr]
    assert table_row(data, row.id).state == st.OVER
    assert log.count("'Ben' left") == 1 and log.count(f"table {row.id} cancelled") == 1
