"""`bohn server`: a person resigns a running table of theirs (from the lobby's request; the
server decides who from the login). A bot plays their seat to the end, for good (its code
gone: they may watch only), one line in the table's log and one in the server's; kept across
a restart; they rank last among the people when it is rated. Nobody left to play against (a
table of two people, of one and bots): the game ends then. Nobody else resigns their seat:
not another person, not someone outside the table, not a new person's key, not a seat's raw
socket. test_resign_over_ssh does it in the real OpenSSH client."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from helpers.server import World, bye, lobby, raw_command, serving, sit, table_row, with_keys
from helpers.wait import until_async

from bohn_tui.net import protocol as p
from bohn_tui.net.tables import Tables
from bohn_tui.store import Store, ratings
from bohn_tui.store import accounts as acc
from bohn_tui.store import tables as st


class _World(World):
    async def ask(
        self, who: int | None, tables: Tables, table_id: str, what: str = "resign"
    ) -> str:
        msg = {"ask": what, "table": table_id}
        return str((await self.lobby(who, tables)._answer(msg))["note"])


def test_resign_a_bot_plays_on_then_the_last_person_left_wins(tmp_path: Path) -> None:
    w = _World(tmp_path)
    ana, ben, cem, eve = (acc.create(w.db, n, f"k{n}") for n in ("Ana", "Ben", "Cem", "Eve"))
    seats: list[dict[str, Any]] = [{"account": a.id} for a in (ana, ben, cem)]
    row = st.new_table(w.db, "bohnanza", ana.id, seats, "correspondence", now=w.clock.now())

    async def run() -> None:
        tables = Tables(w.store, w.said.append, 0, w.clock)
        table = await tables.open(row)
        assert table is not None and table.client.waiting_for() == [0]  # Ana's turn
        assert w.kept(row.id).counts_for(ana.id)
        a_reader, a = await sit(tables, row.id, ana.id)  # at the table in another window
        where = tables.code(row.id, ana.id)
        assert where is not None
        old_code = where[1]
        b_reader, b = await sit(tables, row.id, ben.id)
        # nobody resigns Ana's seat but Ana: not outside the table, not a new key, not a seat
        assert await w.ask(eve.id, tables, row.id) == "that table is not running now"
        assert await w.ask(None, tables, row.id) == "this account is closed"
        for msg in ({"t": "resign"}, {"t": "resign", "seat": 0}, {"t": "ask", "ask": "resign"}):
            b.write(p.encode(msg))
        await b.drain()
        assert w.kept(row.id).resigned == [] and table.client.stand_ins() == []
        # Ana resigns: her window at the table is told, a bot plays her seat (her turn now)
        version = table.client.version
        assert "a bot plays your seat to the end" in await w.ask(ana.id, tables, row.id)
        assert "resigned" in await bye(a_reader)
        a.close()
        again_r, again = await asyncio.open_unix_connection(str(where[0]), limit=1 << 22)
        again.write(p.encode(p.hello(old_code)))  # her seat's old code: not this game's now
        assert "not one of this game's" in await bye(again_r)
        again.close()
        found = w.kept(row.id)
        assert found.resigned == [ana.id] and found.state == st.RUNNING
        assert found.standins == []  # (for now, coming back: none; hers is for good)
        assert table.client.stand_ins() == [0] and 0 in table.host.away()
        await until_async(lambda: table.client.version > version)  # her turn, by the bot
        assert sum(ln.text.startswith("Ana resigned") for ln in table.client.log) == 1
        assert sum("'Ana' resigned" in line for line in w.said) == 1
        # her seat is no more hers: no code (the lobby's Enter watches), no second resign,
        # no say about the others' waits; not one of her 20 tables any more
        assert tables.code(row.id, ana.id) is None
        assert tables.code(row.id, ana.id, watch=True) is not None
        assert "resigned" in w.lobby(ana.id, tables)._not_running(row.id, ana.id)
        assert "already" in await w.ask(ana.id, tables, row.id)
        assert "you resigned" in await w.ask(ana.id, tables, row.id, "abandon")
        assert not w.kept(row.id).counts_for(ana.id)
        assert st.seat_names(w.db, w.kept(row.id))[0] == "Ana (resigned)"
        assert ana.id not in table.row.awaited
        # the server stops and starts again: still resigned, the bot plays on
        tables.close_all()
        b.close()
        tables = Tables(w.store, w.said.append, 0, w.clock)
        await tables.open_all()
        table = tables.running[row.id]
        assert table.client.stand_ins() == [0] and tables.code(row.id, ana.id) is None
        assert table.row.resigned == [ana.id]
        # Ben resigns: Cem is left alone with the bots of those who resigned: the game ends
        c_reader, c = await sit(tables, row.id, cem.id)
        assert "the game is over" in await w.ask(ben.id, tables, row.id)
        assert "Ben resigned: the game is over" in await bye(c_reader)
        c.close()
        found = w.kept(row.id)
        assert found.state == st.OVER and found.resigned == [ana.id, ben.id]
        assert found.note == "Ana and Ben resigned · Cem won" and row.id not in tables.running
        assert "not running" in await w.ask(cem.id, tables, row.id)  # (over: once)
        assert sum(line.endswith(f"table {row.id} is over") for line in w.said) == 1
        tables.close_all()

    asyncio.run(run())
    # rated: Cem first, then Ben, then Ana (who resigned first), openskill's own numbers
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    teams = [[model.rating(name=n)] for n in ("Cem", "Ben", "Ana")]
    want = {t[0].name: t[0] for t in model.rate(teams, ranks=[1, 2, 3])}
    for name in ("Ana", "Ben", "Cem"):
        (got,) = ratings.ratings_for(w.db, name)
        assert abs(got.mu - want[name].mu) < 1e-9 and abs(got.sigma - want[name].sigma) < 1e-9


def test_a_table_of_one_person_and_bots_ends_when_they_resign(tmp_path: Path) -> None:
    """Nobody else waits at it: the person resigns it (unrated: one account), and it is no
    longer one of their 20 tables (a 21st refused before, made after); resigning twice, or
    after the end, changes nothing."""
    w = _World(tmp_path)
    ana = acc.create(w.db, "Ana", "kAna")
    seats: list[dict[str, Any]] = [{"account": ana.id}, {"bot": "standard"}, {"bot": "expert"}]
    row = st.new_table(w.db, "bohnanza", ana.id, seats, "correspondence", now=w.clock.now())

    for _ in range(st.MAX_TABLES - 1):  # (her other tables: rows only, as the limit reads)
        other = st.new_table(w.db, "bohnanza", ana.id, seats, "live", now=w.clock.now())
        other.state = st.RUNNING
        st.update(w.db, other)
    new = {"ask": "new", "game": "bohnanza", "seats": ["bot"], "mode": "live"}

    async def run() -> None:
        tables = Tables(w.store, w.said.append, 0, w.clock)
        assert await tables.open(row) is not None
        assert w.kept(row.id).ends_if_resigned(ana.id)
        refused = await w.lobby(ana.id, tables)._answer(new)  # her 20: no 21st
        assert refused == {"note": "you made 20 tables that are not over; finish or resign one"}
        both = await asyncio.gather(
            w.ask(ana.id, tables, row.id), w.ask(ana.id, tables, row.id)
        )  # (two lobbies of hers at once: one resigns, the other finds it over)
        assert sorted(both)[0].startswith("You resigned: the game is over (Ana resigned)")
        assert sorted(both)[1] == "that table is not running now"
        found = w.kept(row.id)
        assert (
            found.state == st.OVER and found.note == "Ana resigned" and not found.counts_for(ana.id)
        )
        assert [i.row.state for i in st.lobby(w.db, ana.id, w.clock.now())["yours"]].count(
            st.OVER
        ) == 1
        assert "play" in await w.lobby(ana.id, tables)._answer(new)  # one of 20 again
        assert "That game is over: Ana resigned" in w.lobby(ana.id, tables)._not_running(
            row.id, ana.id
        )
        tables.close_all()

    asyncio.run(run())
    assert w.db.execute("SELECT count(*) FROM ratings").fetchone()[0] == 0
    assert sum("'Ana' resigned" in line for line in w.said) == 1


def test_resigned_ranks_last_at_the_end_of_the_game(tmp_path: Path) -> None:
    """A table rated with bots: Ana resigns, Ben stays; the bots play the game to its end
    (Ben away: his stand-in's time); whatever her seat's bot scored, Ana ranks below Ben."""
    w = _World(tmp_path)
    ana, ben = acc.create(w.db, "Ana", "kAna"), acc.create(w.db, "Ben", "kBen")
    seats: list[dict[str, Any]] = [{"account": ana.id}, {"account": ben.id}, {"bot": "random"}]
    row = st.new_table(
        w.db, "bohnanza", ana.id, seats, "live", 3600.0, now=w.clock.now(), rate_bots=True
    )

    async def run() -> None:
        tables = Tables(w.store, w.said.append, 0, w.clock)
        table = await tables.open(row)
        assert table is not None and not row.ends_if_resigned(ana.id)
        assert "a bot plays your seat" in await w.ask(ana.id, tables, row.id)
        table.host.take_over(1)  # (Ben away: a bot for him too, for now)
        await until_async(lambda: table.client.over, 120)
        await until_async(lambda: w.kept(row.id).state == st.OVER)
        assert w.kept(row.id).note.endswith(" · Ana resigned")
        assert row.id in tables.running  # (its end still shown): nobody resigns it now
        assert await w.ask(ben.id, tables, row.id) == "that table is not running now"
        assert w.kept(row.id).resigned == [ana.id]
        tables.close_all()

    asyncio.run(run())
    (a,), (b,) = ratings.ratings_for(w.db, "Ana"), ratings.ratings_for(w.db, "Ben")
    assert b.mu > a.mu and a.games == b.games == 1
    # the statistics agree: her seat is last, lost, flagged; the bot's score is not hers
    from bohn_tui.store import stats

    found = w.db.execute(
        "SELECT seat, rank, won, resigned FROM result_seats ORDER BY seat"
    ).fetchall()
    assert found[0] == (0, 3, 0, 1) and [r[3] for r in found] == [1, 0, 0]
    assert sorted(r[1] for r in found[1:]) == [1, 2]
    (mine,) = stats.player_stats(w.db, "Ana")
    assert (mine.games, mine.wins, mine.best, mine.mean) == (1, 0, 0, 0.0)
    (last,) = mine.recent
    assert last.resigned and last.rank == 3 and not last.won
    assert stats.score_spread(w.db, "Ana") == ()
    (his,) = stats.player_stats(w.db, "Ben")
    assert his.games == 1 and not his.recent[0].resigned
    assert [s.game for s in stats.score_spread(w.db, "Ben")] == ["bohnanza"]


def test_rated_places_and_an_old_database(tmp_path: Path) -> None:
    """The places given to the ratings: those who did not resign by the game's, then the
    resigners, the last to resign first; a database of schema 9 gets `resigned`, empty."""
    seats: list[dict[str, Any]] = [{"account": 1}, {"bot": "standard"}, {"account": 2}]
    seats += [{"account": 3}]
    row = st.TableRow("t", "bohnanza", None, 1, seats, "live", st.RUNNING)
    assert st.rated_places(row, {0: 3, 1: 1, 2: 2, 3: 4}) == [(1, 3), (2, 2), (3, 4)]
    row.resigned = [3, 1]
    assert st.rated_places(row, {0: 3, 1: 1, 2: 2, 3: 4}) == [(2, 2), (1, 3), (3, 4)]
    assert st.rated_places(row, None) == [(2, 1), (1, 2), (3, 3)]
    assert row.playing() == [2] and not row.ends_if_resigned(3)  # (a bot of its own: on)
    row.seats[1] = {"account": 4}
    assert row.ends_if_resigned(2) and row.ends_if_resigned(4)  # (one left, no bot of its own)
    from bohn_tui.store import db as schema

    path = tmp_path / "bohn.sqlite3"
    old = sqlite3.connect(path)
    for script in schema.MIGRATIONS[:9]:
        old.executescript(script)
    old.execute(
        "INSERT INTO server_tables (id, game, creator, seats, mode, state, last_move, created)"
        " VALUES ('t1', 'bohnanza', 1, '[{\"account\": 1}]', 'live', 'running', 1, 1)"
    )
    old.execute("PRAGMA user_version = 9")
    old.commit()
    old.close()
    found = st.get(Store(tmp_path).db, "t1")
    assert found is not None and found.resigned == [] and found.counts_for(1)
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == schema.VERSION


def test_resign_over_ssh(tmp_path: Path, terminals: list[Any]) -> None:
    """With the real OpenSSH client: a raw SSH command resigns nothing; Ben resigns from his
    lobby (x, asked once, x): Ana's lobby names him resigned, his says so and Enter watches
    the table; kept across a restart. Cem, alone with bots, resigns his table: it is over."""
    data, db, keys, (ana, ben, cem) = with_keys(tmp_path, "ana", "ben", "cem")
    seats: list[dict[str, Any]] = [{"account": ana.id}, {"account": ben.id}, {"bot": "standard"}]
    row = st.new_table(db, "bohnanza", ana.id, seats, "correspondence")
    solo: list[dict[str, Any]] = [{"account": cem.id}, {"bot": "standard"}]
    alone = st.new_table(db, "bohnanza", cem.id, solo, "correspondence")
    for r in (row, alone):
        r.state = st.RUNNING  # (as when its last seat was taken: the server starts it)
        st.update(db, r)

    def login(info: dict[str, Any], user: str) -> Any:
        return lobby(info, user, keys[user.lower()], terminals)

    async def raw(info: dict[str, Any], user: str) -> str:
        ask = f'{{"ask": "resign", "table": "{row.id}"}}'
        return await raw_command(info, user, keys[user.lower()], ask)

    logs = []
    with serving(data) as (proc, info):
        assert "runs the lobby only" in asyncio.run(raw(info, "Ben"))
        b = login(info, "Ben")
        b.wait_for("Ana's turn")
        b.press("x")
        b.wait_for("Press x again to resign this game: a bot plays your seat to the end")
        assert table_row(data, row.id).resigned == []
        b.press("x")
        b.wait_for("You resigned: a bot plays your seat to the end")
        b.wait_for("you resigned: a bot plays your seat")
        assert table_row(data, row.id).resigned == [ben.id]
        a = login(info, "Ana")
        a.wait_for("Ben (resigned)")
        b.press("enter")  # (watches: his seat is the bot's)
        b.wait_for("Ben resigned: a computer player plays for Ben to the end")
        c = login(info, "Cem")
        c.wait_for("your turn")
        c.press("?")  # the lobby's help says what resigning does
        c.wait_for("If the game is rated, you rank last among its")
        c.press("escape")
        c.wait_for(lambda screen: "Help · the lobby" not in screen)
        c.press("x")
        c.wait_for("Press x again to resign this game: the game ends now")
        c.press("x")
        c.wait_for("You resigned: the game is over (Cem resigned)")
        c.wait_for("over: Cem resigned")
        port = info["port"]
        proc.terminate()
        assert proc.wait(30) == 0
        logs.append(proc.stderr.read().decode())  # type: ignore[union-attr]
    with serving(data, port) as (proc, info):
        b = login(info, "Ben")
        b.wait_for("you resigned: a bot plays your seat")
        b.press("x")
        b.wait_for("You resigned this game: Enter watches it")
        proc.terminate()
        assert proc.wait(30) == 0
        logs.append(proc.stderr.read().decode())  # type: ignore[union-attr]
    kept, ended = table_row(data, row.id), table_row(data, alone.id)
    assert kept.resigned == [ben.id] and kept.state == st.RUNNING
    assert ended.state == st.OVER and ended.note == "Cem resigned"
    assert logs[0].count("'Ben' resigned") == 1 and logs[0].count("'Cem' resigned") == 1
    assert "resigned" not in logs[1]


def test_the_resign_question_shows_a_name_as_text_never_markup(tmp_path: Path) -> None:
    """x once on a running game of two people: the lobby says what resigning does, naming
    the other person as their name is, markup ("[b]x") and all."""
    from textual.widgets import Label, OptionList

    from bohn_tui.ui.lobby import LobbyApp

    store = Store(tmp_path)
    db = store.db
    ana, other = acc.create(db, "Ana", "ka"), acc.create(db, "[b]x", "kb")
    seats: list[dict[str, Any]] = [{"account": ana.id}, {"account": other.id}]
    row = st.new_table(db, "bohnanza", ana.id, seats, "correspondence")
    row.state = st.RUNNING
    st.update(db, row)

    async def run() -> None:
        app = LobbyApp(store, {"mode": "lobby", "account": ana.id}, lambda m: {})
        async with app.run_test(size=(100, 30)) as pilot:

            def listed() -> bool:  # the game's line is there and highlighted
                found = app.screen.query("#tables")
                rows = found.first(OptionList) if found else None
                if rows is None or rows.highlighted is None:
                    return False
                return f"play:{row.id}" == str(rows.get_option_at_index(rows.highlighted).id)

            await until_async(listed)
            await pilot.press("x")

            def note() -> str:
                return str(app.screen.query_one("#note", Label).render())

            await until_async(lambda: "Press x again" in note())
            assert "the game ends now and [b]x wins" in note()

    asyncio.run(run())


def test_the_others_tables_say_who_resigned_never_away(tmp_path: Path) -> None:
    """Ana resigns a table of three people: Ben's table (a remote seat at the server's own
    table host) is told by the host that she resigned, and its banner says so, not that a
    computer player plays for her while she is away; a spectator's too. Cem, away, stays
    away; a person the game waits for with a stand-in is still "(away)"."""
    from bohn_tui.net.client import RemoteClient
    from bohn_tui.ui.screens.table import TableScreen

    w = _World(tmp_path)
    ana, ben, cem = (acc.create(w.db, n, f"k{n}") for n in ("Ana", "Ben", "Cem"))
    seats: list[dict[str, Any]] = [{"account": a.id} for a in (ana, ben, cem)]
    row = st.new_table(w.db, "bohnanza", ana.id, seats, "correspondence", now=w.clock.now())

    def note(client: RemoteClient) -> str | None:
        shown = SimpleNamespace(client=client, seat=client.seat)
        return TableScreen.remote_note(shown)  # type: ignore[arg-type]

    async def run() -> None:
        tables = Tables(w.store, w.said.append, 0, w.clock)
        table = await tables.open(row)
        assert table is not None
        clients = []
        for account, watch in ((ben.id, False), (ben.id, True)):
            where = tables.code(row.id, account, watch=watch)
            assert where is not None
            clients.append(RemoteClient(where[1], where[0]))
            await clients[-1].connect()
        b, watching = clients
        assert b.resigned() == [] and note(b) == "waiting for Ana (disconnected); Cem is away"
        assert "resigned" not in str(note(watching))
        assert "a bot plays your seat" in await w.ask(ana.id, tables, row.id)
        for c in (b, watching):
            await until_async(lambda c=c: c.resigned() == [0])  # type: ignore[misc]
            assert c.stand_ins() == [0] and 0 in c.away()
        for c in (b, watching):  # (Cem: away, or awaited, as the bots have played)
            first, _, rest = str(note(c)).partition("; ")
            assert first == "Ana resigned: a computer player plays the seat"
            assert rest in ("Cem is away", "waiting for Cem (disconnected)")
        table.host.take_over(2)  # (Cem away: a bot for him, for now)
        await until_async(lambda: b.stand_ins() == [0, 2])
        assert note(b) == (
            "Ana resigned: a computer player plays the seat; a computer player plays for Cem (away)"
        )
        assert "(away)" not in str(note(b)).split(";")[0]
        # a new connection is welcomed with it too (a restart: the same)
        tables.close_all()
        for c in clients:
            c.stop()
        tables = Tables(w.store, w.said.append, 0, w.clock)
        await tables.open_all()
        where = tables.code(row.id, cem.id)
        assert where is not None
        c = RemoteClient(where[1], where[0])
        await c.connect()
        assert c.resigned() == [0]
        said = str(note(c))  # (Ben: away, or awaited, as the bots have played meanwhile)
        assert said.startswith("Ana resigned: a computer player plays the seat; ")
        assert "Ana" not in said.partition(";")[2] and "(away)" not in said
        c.stop()
        tables.close_all()

    asyncio.run(run())
