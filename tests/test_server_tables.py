"""`bohn server`'s tables in the server's own process, where an SSH round trip would add
nothing (tests/test_server.py drives the real OpenSSH client): a correspondence table waits
days for a person on a clock the test moves, a restart goes on with each wait, a bot stands
in after the creator's time and the person comes back; private tables are seen, joined and
watched by their players only; an ended table keeps its result."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from helpers.ui import until
from helpers.wait import until_async

from bohn_tui.net import protocol as p
from bohn_tui.net.lobby_session import LobbySession
from bohn_tui.net.server import Login
from bohn_tui.net.tables import Clock, Tables, _result
from bohn_tui.store import Store
from bohn_tui.store import accounts as acc
from bohn_tui.store import tables as st

DAY = 86400.0


async def _sit(tables: Tables, table_id: str, account: int) -> asyncio.StreamWriter:
    """The account's seat process at the table, as `bohn join` is: a hello with its code."""
    where = tables.code(table_id, account)
    assert where is not None
    reader, writer = await asyncio.open_unix_connection(str(where[0]), limit=1 << 22)
    writer.write(p.encode(p.hello(where[1])))
    assert p.decode(await reader.readline(), 1 << 22)["t"] == "welcome"
    return writer


def test_a_correspondence_table_waits_days_and_a_bot_stands_in(tmp_path: Path) -> None:
    store = Store(tmp_path)
    db = store.db
    ana, ben = acc.create(db, "Ana", "k1"), acc.create(db, "Ben", "k2")
    clock = Clock()
    seats: list[dict[str, Any]] = [{"account": ana.id}, {"account": ben.id}, {"bot": "standard"}]
    row = st.new_table(db, "bohnanza", ana.id, seats, "correspondence", 3 * DAY, now=clock.now())
    said: list[str] = []

    def waits() -> dict[int, float]:
        found = st.get(db, row.id)
        assert found is not None and found.state == st.RUNNING
        return found.waits

    async def run() -> None:
        tables = Tables(store, said.append, 0, clock)
        table = await tables.open(row)
        assert table is not None and table.client.waiting_for() == [0]  # Ana's turn
        a = await _sit(tables, row.id, ana.id)
        b = await _sit(tables, row.id, ben.id)
        await until_async(lambda: not table.host.away())
        tables.tick()
        assert waits() == {}  # both are there
        a.close()  # Ana leaves: the table waits for her
        await until_async(lambda: table.host.away() == [0])
        tables.tick()
        since = waits()[ana.id]
        assert list(waits()) == [ana.id] and clock.now() - since < 5
        clock.move(2 * DAY)
        tables.tick()
        assert waits() == {ana.id: since} and table.client.stand_ins() == []
        mine = st.lobby(db, ana.id, clock.now())["yours"]
        assert [(i.row.id, i.your_turn) for i in mine] == [(row.id, True)]
        assert not st.lobby(db, ben.id, clock.now())["yours"][0].your_turn
        # the server stops and starts again: Ana's wait goes on from when it began
        tables.close_all()
        b.close()
        clock.move(DAY / 2)
        tables = Tables(store, said.append, 0, clock)
        await tables.open_all()
        table = tables.running[row.id]
        tables.tick()
        assert waits()[ana.id] == since and table.client.stand_ins() == []
        clock.move(DAY / 2)  # three days since Ana's wait began: a bot plays for her
        version = table.client.version
        tables.tick()
        assert table.client.stand_ins() == [0]
        await until_async(lambda: table.client.version > version + 2)  # her turn, by the bot
        assert any("a computer player plays for Ana" in line for line in said)
        # Ana comes back days later and plays again herself
        clock.move(4 * DAY)
        a = await _sit(tables, row.id, ana.id)
        await until_async(lambda: table.client.stand_ins() == [])
        tables.tick()
        assert ana.id not in waits()
        tables.close_all()
        a.close()

    asyncio.run(run())


def test_private_tables_are_their_players_only(tmp_path: Path) -> None:
    store = Store(tmp_path)
    db = store.db
    ana, ben, cem = (acc.create(db, n, f"k{n}") for n in ("Ana", "Ben", "Cem"))
    people: list[dict[str, Any]] = [{"account": ana.id}, {"account": ben.id}, {"bot": "standard"}]
    hidden = st.new_table(db, "bohnanza", ana.id, people, "live", private=True)
    shown = st.new_table(db, "bohnanza", ana.id, people, "live")
    both_open: list[dict[str, Any]] = [{"account": ana.id}, {}, {"bot": "standard"}]
    waiting = st.new_table(db, "bohnanza", ana.id, both_open, "live", private=True)

    def listed(account: int) -> dict[str, list[str]]:
        return {k: [i.row.id for i in v] for k, v in st.lobby(db, account).items()}

    assert st.take_open_seat(db, waiting.id, cem.id) is None  # not named there: not his
    assert listed(cem.id) == {"yours": [], "open": [], "watch": []}

    async def run() -> None:
        tables = Tables(store, lambda text: None, 0)
        for row in (hidden, shown):
            assert await tables.open(row) is not None
        assert set(listed(cem.id)["watch"]) == {shown.id}  # the public one only
        assert set(listed(ben.id)["yours"]) == {hidden.id, shown.id}
        assert tables.code(hidden.id, cem.id, watch=True) is None
        assert tables.code(hidden.id, cem.id) is None  # no seat of his
        assert tables.code(shown.id, cem.id, watch=True) is not None
        assert tables.code(hidden.id, ben.id, watch=True) is not None  # a player may watch
        seat = tables.code(hidden.id, ben.id)
        assert seat is not None and seat[1] == tables.running[hidden.id].host.codes[1]
        # the lobby process's requests, each decided for the connection's own account
        said: list[str] = []
        door = SimpleNamespace(store=store, tables=tables, say=said.append)

        def session(account: int) -> LobbySession:
            return LobbySession(SimpleNamespace(door=door, login=Login(account)))

        wish = {"ask": "new", "game": "bohnanza", "mode": "live", "private": True}
        made = await session(ana.id)._answer(wish | {"seats": ["Ben", "open"]})
        assert made == {"note": "a private table has no open seats: name its people (or bots)"}
        opened = await session(ana.id)._answer(wish | {"seats": ["open"], "private": False})
        assert opened == {"open": opened["open"], "note": opened["note"]}  # (the form closes)
        assert opened["note"].startswith(f"Table {opened['open']} is open")
        cancel = {"ask": "cancel", "table": opened["open"]}
        refused = await session(cem.id)._answer(cancel)  # not his: nothing changes
        assert refused["note"].startswith("only an open table you made can be cancelled")
        assert (await session(ana.id)._answer(cancel))["note"].endswith("is cancelled.")
        gone = st.get(db, opened["open"])
        assert gone is not None and (gone.state, gone.note) == (st.OVER, st.CANCELLED)
        assert (await session(ana.id)._answer(cancel))["note"].startswith("only an open")
        assert f"table {opened['open']} cancelled by 'Ana'" in said
        assert (await session(ana.id)._answer({"ask": "cancel", "table": shown.id}))[
            "note"
        ].startswith("only an open")  # a running table is not cancelled
        made = await session(ana.id)._answer(wish | {"seats": ["Ben", "bot"]})
        new = st.get(db, str(made["play"]))
        assert new is not None and new.private and new.state == st.RUNNING
        refused = await session(cem.id)._answer({"ask": "join", "table": waiting.id})
        assert refused == {"note": "that table has no open seat for you any more"}
        over = st.get(db, hidden.id)
        assert over is not None
        over.state, over.note = st.OVER, "Ana won · Ana 9, Ben 5, Cem 2"
        st.update(db, over)
        tables.close_all()
        assert session(cem.id)._not_running(hidden.id, cem.id) == "that table is not running now"
        assert session(ben.id)._not_running(hidden.id, ben.id).endswith(over.note)

    asyncio.run(run())


def test_an_ended_table_keeps_its_result(tmp_path: Path) -> None:
    summary = {"scores": [5, 9, 9], "winners": [1, 2]}
    assert (
        _result(["Ana", "[b]Ben", "Cem"], summary) == "[b]Ben and Cem won · [b]Ben 9, Cem 9, Ana 5"
    )


def test_a_game_played_out_by_stand_ins_ends_rated_and_kept(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """Three people away from a table whose creator chose no wait at all: bots play the
    game for them to its end; the table keeps its result across a restart, the game is
    rated, and `bohn stats --player` shows the account's game and ratings."""
    from textual.widgets import OptionList, Static
    from typer.testing import CliRunner

    from bohn_tui.cli import app as cli
    from bohn_tui.store import ratings
    from bohn_tui.ui.lobby import LobbyApp

    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    store = Store(tmp_path)
    db = store.db
    people = [acc.create(db, n, f"k{n}") for n in ("Ana", "Ben", "Cem")]
    seats: list[dict[str, Any]] = [{"account": a.id} for a in people]
    row = st.new_table(db, "bohnanza", people[0].id, seats, "live", 0.0)

    async def run() -> None:
        tables = Tables(store, lambda text: None, 0)
        table = await tables.open(row)
        assert table is not None
        tables.tick()
        assert table.client.stand_ins() == [0]  # the one the game waits for
        end = time.monotonic() + 300  # the server's loop: each is stood in for once awaited
        while time.monotonic() < end:  # (a deadline: a loaded machine's bots are slower)
            tables.tick()
            if table.client.over:
                break
            await asyncio.sleep(0.02)
        await until_async(lambda: not table.client.busy)
        tables.close_all()

    asyncio.run(run())
    over = st.get(db, row.id)
    assert over is not None and over.state == st.OVER and " won · " in over.note
    assert [r.games for r in ratings.ratings_for(db, "ana")] == [1]  # people only: rated

    async def restarted() -> None:  # a restart opens no ended table: the lobby has its result
        tables = Tables(store, lambda text: None, 0)
        await tables.open_all()
        assert tables.running == {}
        app = LobbyApp(store, {"mode": "lobby", "account": people[0].id}, lambda m: {})
        async with app.run_test(size=(80, 24)) as pilot:

            def listed() -> str:  # the lobby's table list, once it is filled
                found = app.screen.query("#tables")
                rows = found.first(OptionList) if found else None
                return (
                    str(rows.get_option_at_index(1).prompt)
                    if rows and rows.option_count > 1
                    else ""
                )

            await until(pilot, lambda: f"over: {over.note}" in listed())
            shown = listed()
            assert f"over: {over.note}" in shown
            await pilot.press("p")

            def record() -> str:
                found = app.screen.query("#record")
                return str(found.first(Static).render()) if found else ""

            await until(pilot, lambda: "Bohnanza: 1 played" in record() and "rating " in record())
            assert "Bohnanza: 1 played" in record() and "rating " in record()

    asyncio.run(restarted())
    out = CliRunner().invoke(cli, ["stats", "--player", "Ana"], env={"COLUMNS": "120"})
    assert out.exit_code == 0 and "Bohnanza" in out.stdout and "Ratings of Ana" in out.stdout


def test_a_table_with_bots_is_rated_only_when_its_creator_chose_so(tmp_path: Path) -> None:
    """Two tables of Ana, Ben and a bot made by the lobby's request, one with "rate_bots"
    (the New table form's "rated with bots too"), played out by stand-ins: only that one is
    rated, the people's places among themselves as openskill's own numbers give them."""
    from openskill.models import PlackettLuce

    from bohn_tui.engine.ranking import places
    from bohn_tui.store import ratings

    store = Store(tmp_path)
    db = store.db
    ana, ben = (acc.create(db, n, f"k{n}") for n in ("Ana", "Ben"))

    async def run() -> dict[str, list[int]]:
        tables = Tables(store, lambda text: None, 0)
        said: list[str] = []
        door = SimpleNamespace(store=store, tables=tables, say=said.append)
        lobby = LobbySession(SimpleNamespace(door=door, login=Login(ana.id)))
        wish = {"ask": "new", "game": "bohnanza", "mode": "live", "seats": ["Ben", "bot:random"]}
        made = [await lobby._answer(wish | {"rate_bots": r}) for r in (False, True)]
        rows = [st.get(db, str(m["play"])) for m in made]
        assert [r.rate_bots for r in rows if r is not None] == [False, True]
        assert any("rated with bots" in line for line in said)
        for row in rows:
            assert row is not None
            tables.running[row.id].row.standin = 0.0  # every person away: bots play it out
        end = time.monotonic() + 300  # (a deadline: a loaded machine's bots are slower)
        while time.monotonic() < end and not all(
            tables.running[r.id].client.over for r in rows if r is not None
        ):
            tables.tick()
            await asyncio.sleep(0.02)
        where = {}
        for row in rows:
            assert row is not None
            table = tables.running[row.id]
            await until_async(lambda table=table: not table.client.busy)
            where[row.id] = places(table.client.summary())
        tables.close_all()
        return where

    where = asyncio.run(run())
    kept = [st.get(db, i) for i in where]
    assert [r.state for r in kept if r is not None] == [st.OVER, st.OVER]
    mine = ratings.ratings_for(db, "Ana")
    assert [r.games for r in mine] == [1]  # the table with "rate_bots" only
    rated = kept[1]
    assert rated is not None
    people = where[rated.id][:2]  # Ana's and Ben's seats: the bot's place left out
    model = PlackettLuce()
    a, b = model.rate([[model.rating()], [model.rating()]], ranks=people)
    assert abs(mine[0].mu - a[0].mu) < 1e-9 and abs(mine[0].sigma - a[0].sigma) < 1e-9
    theirs = ratings.ratings_for(db, "Ben")
    assert abs(theirs[0].mu - b[0].mu) < 1e-9
