"""`bohn server` with many tables (issue #26's measured targets; the speed itself is
benchmarks/server_tables.py's and server_lobby.py's): a bot that thinks quickly does so on
the server's loop and a slow one in a thread; the tables' rows changed together are written
in one transaction, and a row that cannot be written fails its own table only; a full lobby
lists a few tables of each part, and all of them on `a`."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

from helpers.ui import until

from bohn_tui.net import tables as nt
from bohn_tui.net.tables import ServerClient, Tables
from bohn_tui.play.players import NewGame
from bohn_tui.play.session import Session
from bohn_tui.store import Store
from bohn_tui.store import accounts as acc
from bohn_tui.store import tables as st


class _Driver:
    """A bot driver whose think notes its thread and burns `cpu` seconds of CPU."""

    def __init__(self) -> None:
        self.threads: list[int] = []
        self.cpu = 0.0

    def think(self, ask: Any) -> None:
        self.threads.append(threading.get_ident())
        end = time.thread_time() + self.cpu
        while time.thread_time() < end:
            pass


def test_a_quick_bot_thinks_on_the_loop_and_a_slow_one_in_a_thread() -> None:
    new = NewGame("bohnanza", ["Ana", "Ben", "Cem"], {1: "standard", 2: "standard"}, 1, {})
    client = ServerClient(Session.start(new), 0)
    driver = _Driver()
    loop_thread = threading.get_ident()

    async def run() -> None:
        await client._think(driver, None)  # type: ignore[arg-type]
        driver.cpu = nt.QUICK * 3
        await client._think(driver, None)  # type: ignore[arg-type]  # slow: the next in a thread
        driver.cpu = 0.0
        await client._think(driver, None)  # type: ignore[arg-type]

    asyncio.run(run())
    assert driver.threads[:2] == [loop_thread, loop_thread]
    assert driver.threads[2] != loop_thread
    assert client.threaded == nt.SLOW_FOR - 1


def test_a_standard_bots_longest_think_stays_on_the_loop() -> None:
    """8 ms of CPU, a `standard` Bohnanza bot's longest think at 100 tables: neither it nor
    the next go to a thread (at 4 ms, one in 500 sent its table's next 50 there)."""
    new = NewGame("bohnanza", ["Ana", "Ben", "Cem"], {1: "standard", 2: "standard"}, 1, {})
    client = ServerClient(Session.start(new), 0)
    driver = _Driver()
    loop_thread = threading.get_ident()

    async def run() -> None:
        driver.cpu = 0.008
        await client._think(driver, None)  # type: ignore[arg-type]
        driver.cpu = 0.0
        await client._think(driver, None)  # type: ignore[arg-type]

    asyncio.run(run())
    assert driver.threads == [loop_thread, loop_thread]
    assert client.threaded == 0


def test_rows_are_written_together_and_a_bad_row_fails_its_table_only(
    tmp_path: Path, monkeypatch: Any
) -> None:
    store = Store(tmp_path)
    db = store.db
    ana, ben = acc.create(db, "Ana", "k1"), acc.create(db, "Ben", "k2")
    seats: list[dict[str, Any]] = [{"account": ana.id}, {"account": ben.id}, {"bot": "standard"}]
    good = st.new_table(db, "bohnanza", ana.id, seats, "live")
    bad = st.new_table(db, "bohnanza", ben.id, seats, "live")
    written = st.update_running

    def update_running(db: Any, row: st.TableRow) -> None:
        if row.id == bad.id:
            raise OSError("disk full")
        written(db, row)

    monkeypatch.setattr(st, "update_running", update_running)
    said: list[str] = []

    async def run() -> None:
        tables = Tables(store, said.append, 0)
        for row in (good, bad):
            assert await tables.open(row) is not None
        tables.tick()  # (what changed is written first)
        assert list(tables.running) == [good.id]
        found = st.get(db, good.id)
        assert found is not None and found.state == st.RUNNING
        assert found.awaited == tables.running[good.id].row.awaited == [ana.id]
        tables.close_all()

    asyncio.run(run())
    failed = st.get(db, bad.id)
    assert failed is not None and failed.state == st.FAILED and "disk full" in failed.note
    assert any(f"table {bad.id} failed" in line for line in said)


def test_a_full_lobby_lists_a_few_tables_of_each_part_and_all_on_a(tmp_path: Path) -> None:
    from textual.widgets import OptionList

    from bohn_tui.ui.lobby import SHOWN, LobbyApp, LobbyScreen

    store = Store(tmp_path)
    db = store.db
    ana, ben, cem = (acc.create(db, n, f"k{n}") for n in ("Ana", "Ben", "Cem"))
    many = SHOWN + 7
    for i in range(many):
        seats: list[dict[str, Any]] = [{"account": ben.id}, {"account": cem.id}]
        row = st.new_table(db, "bohnanza", ben.id, seats, "live")
        row.state, row.last_move = st.RUNNING, time.time() - i
        st.update(db, row)
    app = LobbyApp(store, {"mode": "lobby", "account": ana.id}, lambda m: {})

    def lines() -> list[str]:
        ol = app.screen.query_one("#tables", OptionList)
        return [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]

    def watched() -> int:
        return sum("Ben, Cem" in line for line in lines())

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            assert await until(pilot, lambda: "and 7 more: a lists all" in "\n".join(lines()))
            assert watched() == SHOWN
            ol = app.screen.query_one("#tables", OptionList)
            first = ol.get_option_at_index(1)
            screen = app.screen
            assert isinstance(screen, LobbyScreen)
            screen.action_refresh()  # nothing new: the list is not made again
            assert ol.get_option_at_index(1) is first
            await pilot.press("a")
            assert await until(pilot, lambda: watched() == many)
            assert not any("more: a lists all" in line for line in lines())

    asyncio.run(run())


def test_the_lobby_is_the_apps_first_screen(tmp_path: Path) -> None:
    """No empty screen of Textual's is laid out and drawn before the lobby's: the lobby is
    the app's one screen, and so is a new person's name screen (which goes on to it)."""
    from bohn_tui.ui.lobby import LobbyApp, LobbyScreen, NameScreen

    store = Store(tmp_path)
    ana = acc.create(store.db, "Ana", "k1")

    async def run(app: LobbyApp) -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            assert await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert len(app.screen_stack) == 1

    asyncio.run(run(LobbyApp(store, {"mode": "lobby", "account": ana.id}, lambda m: {})))

    def ask(request: dict[str, Any]) -> dict[str, Any]:
        return {"account": acc.create(store.db, str(request["name"]), "k2").id}

    async def named(app: LobbyApp) -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            assert await until(pilot, lambda: isinstance(app.screen, NameScreen))
            assert len(app.screen_stack) == 1  # (no empty screen of Textual's under it)
            await pilot.press("enter")
            assert await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert app.me is not None and app.me.name == "Ben"

    asyncio.run(named(LobbyApp(store, {"mode": "name", "hint": "Ben"}, ask)))


def test_new_table_closes_once_an_open_table_is_made(tmp_path: Path) -> None:
    """New table's form goes back to the lobby with the server's line once the table it
    made is open (a second Enter would make another), and stays with a refusal's line."""
    from textual.widgets import Input, Label

    from bohn_tui.ui.lobby import LobbyApp, LobbyScreen, NewTableScreen

    store = Store(tmp_path)
    ana = acc.create(store.db, "Ana", "k1")
    asked: list[dict[str, Any]] = []

    def ask(request: dict[str, Any]) -> dict[str, Any]:
        asked.append(request)
        if request["seats"] == ["Nobody"]:
            return {"note": "no account is called 'Nobody'"}
        return {"note": "Table t1 is open; it starts when every seat is taken.", "open": "t1"}

    async def run() -> None:
        app = LobbyApp(store, {"mode": "lobby", "account": ana.id}, ask)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("n")
            assert await until(pilot, lambda: isinstance(app.screen, NewTableScreen))
            app.screen.query_one("#seats", Input).value = "Nobody"
            await pilot.press("enter")
            note = lambda: str(app.screen.query_one("#note", Label).render())  # noqa: E731
            assert await until(pilot, lambda: "Nobody" in note())
            assert isinstance(app.screen, NewTableScreen)  # a refusal: the form stays
            app.screen.query_one("#seats", Input).value = "open, bot"
            await pilot.press("enter")
            assert await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert await until(pilot, lambda: "Table t1 is open" in note())
            assert [r["seats"] for r in asked] == [["Nobody"], ["open", "bot"]]
            assert asked[-1]["rate_bots"] is False and asked[-1]["mode"] == "live"

    asyncio.run(run())


def test_the_profile_shows_the_keys_bound_now(tmp_path: Path) -> None:
    """A key linked (from another machine) while the lobby is open: the profile opened
    after it counts it."""
    from textual.widgets import Static

    from bohn_tui.ui.lobby import LobbyApp, ProfileScreen

    store = Store(tmp_path)
    ana = acc.create(store.db, "Ana", "k1")

    async def run() -> None:
        app = LobbyApp(store, {"mode": "lobby", "account": ana.id}, lambda m: {})
        async with app.run_test(size=(100, 30)) as pilot:
            code = acc.new_link_code(store.db, ana.id)
            assert acc.redeem_link(store.db, code, "k2") is not None
            await pilot.press("p")
            assert await until(pilot, lambda: isinstance(app.screen, ProfileScreen))
            shown = " ".join(str(s.render()) for s in app.screen.query(Static))
            assert "SSH keys bound to this account: 2" in shown

    asyncio.run(run())


def test_an_open_table_of_yours_says_how_to_cancel_it_and_x_does(tmp_path: Path) -> None:
    """Enter on an open table of yours says it waits and that x cancels it; x asks the
    server, whose line is shown, and the lobby is read again (the table over)."""
    from textual.widgets import Label

    from bohn_tui.ui.lobby import LobbyApp

    store = Store(tmp_path)
    db = store.db
    ana = acc.create(db, "Ana", "k1")
    row = st.new_table(db, "bohnanza", ana.id, [{"account": ana.id}, {}], "live")
    asked: list[dict[str, Any]] = []

    def ask(request: dict[str, Any]) -> dict[str, Any]:
        asked.append(request)
        assert st.cancel(db, row.id, ana.id)  # (as the server does: lobby_session.py)
        return {"note": f"Table {row.id} is cancelled."}

    async def run() -> None:
        app = LobbyApp(store, {"mode": "lobby", "account": ana.id}, ask)
        async with app.run_test(size=(100, 30)) as pilot:
            note = lambda: str(app.screen.query_one("#note", Label).render())  # noqa: E731
            await pilot.press("enter")  # (the open table is the first line one may choose)
            assert await until(pilot, lambda: "x cancels it" in note())
            await pilot.press("x")
            assert await until(pilot, lambda: "is cancelled" in note())
            assert asked == [{"ask": "cancel", "table": row.id}]
            ol = app.screen.query_one("#tables")
            assert await until(pilot, lambda: st.CANCELLED in str(ol.get_option_at_index(1).prompt))  # type: ignore[attr-defined]

    asyncio.run(run())
