"""The tables `bohn server` runs (issue #26): each is today's game host (host.py: one
Session, its bots, a writer per connection) on a Unix socket of its own in the private
sockets dir, all in the server's one event loop.

A table that cannot be opened or fails is marked so in the database with one line, and
never stops the server or another table. The session saves every action before it is
acknowledged, so a server killed at any moment opens every running table again where it
was (`open_all`). A seat's code is made fresh by each start and handed to a seat process on
a pipe only; which seat an account may have is decided here, from the table's row.

A table waits for a person as long as it takes (correspondence: days); a bot stands in for
a person the game has waited for, while they were away, for the creator's time (`tick`).
When each such wait began is kept in the table's row, so a restart goes on with it, and so
are the seats a bot plays for (`standins`). The time is the server's `Clock` (wall time that
never goes back; a test moves it, and `bohn server --clock-offset` for a test's server).

A person long awaited (store/tables.py `long_awaited`: away ABSENT_SECONDS, or the table's
stand-in time if shorter) is no dead end: each other person at the table may, from the lobby,
let a bot play that seat (`stand_in_for`; the seat stays the person's) or end the table
(`abandon`: unrated, kept as abandoned). Only this decides it, on its own rows and clock;
one log line per decision.

A person at a running table may resign it from the lobby (`resign`): a bot plays their seat to
the end, for good (its code is gone: they may watch), one line in the table's log and one in
the server's; they rank last among the people if it is rated. With nobody left to play
against (store/tables.py `ends_if_resigned`: a table of two people, or of one and bots) the
table ends then, over, rated so.

Speed (benchmarks/server_tables.py): the bots of a table think on the server's loop while
their thinking is quick (`ServerClient`: a thread per think cost more than the think, and
its Python held the GIL the loop waited for at every send and SQLite call); the tables' rows
changed within FLUSH_SECONDS are written in one transaction (`flush`; a game's end at once).
A row's running part is what the server derives from the game (whom it waits for, since
when), made again when a table opens, so a kill loses none of it that matters; the game's
moves are saved by the session, each before it is acknowledged."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bohn_tui.engine.driver import BotDriver, Move, Question
from bohn_tui.engine.limits import clip
from bohn_tui.net import protocol as p
from bohn_tui.net.host import Host, pick_socket
from bohn_tui.play.client import LocalClient
from bohn_tui.store import accounts as acc
from bohn_tui.store import tables as t
from bohn_tui.store.accounts import by_id


class Clock:
    """The server's time: seconds since the epoch, never less than it read before (a clock
    set back does not make a wait longer); `move` puts it forward (tests: days pass)."""

    def __init__(self) -> None:
        self.offset = 0.0
        self.last = 0.0

    def now(self) -> float:
        self.last = max(self.last, time.time() + self.offset)
        return self.last

    def move(self, seconds: float) -> None:
        self.offset += seconds


# CPU seconds: a bot's think that took longer sends the table's next ones to a thread. A
# `standard` Bohnanza bot thinks 0.2 ms (median) to 8 ms (its longest, at 100 tables); an
# `expert` searches 120 ms. At 4 ms, one `standard` think in 500 sent its table's next 50 to
# threads (a tenth of all), and each thread's Python kept the loop waiting for the GIL at
# every send and SQLite call (benchmarks/README.md, tables26)
QUICK = 0.02
FLUSH_SECONDS = 0.25  # the rows changed within this long are written in one transaction
SLOW_FOR = 50  # thinks of a table's bots in a thread after a slow one, then on the loop again


class ServerClient(LocalClient):
    """The server's LocalClient: a bot's think runs on the event loop while the table's
    bots think quickly (a `standard` Bohnanza bot: under a millisecond, CPU), since a
    thread's hand-over costs as much and its Python holds the GIL the loop waits for; a
    think that took more than QUICK seconds of CPU (an `expert`'s search) sends the table's
    next SLOW_FOR thinks to a thread, as LocalClient does them all."""

    def __init__(self, session: Any, bot_delay: float) -> None:
        super().__init__(session, bot_delay)
        self.threaded = 0  # thinks to go in a thread

    async def _think(self, driver: BotDriver, ask: Question) -> Move | None:
        if self.threaded:
            self.threaded -= 1
            return await super()._think(driver, ask)
        began = time.thread_time()
        move = driver.think(ask)
        if time.thread_time() - began > QUICK:
            self.threaded = SLOW_FOR
        await asyncio.sleep(0)  # the other tables' turn, as a thread's think gives them
        return move


@dataclass(eq=False)
class Table:
    row: t.TableRow
    host: Host
    client: LocalClient
    path: Path
    listener: asyncio.Server
    seen: int = -1  # the game's version at the last change
    unsaved: bool = False  # its row could not be written at the last tick: again at the next


def _names(db: Any, row: t.TableRow) -> tuple[list[str], dict[int, str]]:
    """The session's names and bots for a full table: the accounts' names, bots named from
    play/players.BOT_NAMES (none an account's of this table)."""
    from bohn_tui.play.players import BOT_NAMES

    people = {}
    for seat, s in enumerate(row.seats):
        if "account" in s:
            a = by_id(db, int(s["account"]))
            people[seat] = a.name if a else f"Player {seat + 1}"
    taken = {n.casefold() for n in people.values()}
    spare = [n for n in BOT_NAMES if n.casefold() not in taken]
    names, bots = [], {}
    for seat, s in enumerate(row.seats):
        if seat in people:
            names.append(people[seat])
        else:
            bots[seat] = str(s.get("bot", "standard"))
            names.append(spare.pop(0) if spare else f"Bot {seat + 1}")
    return names, bots


class Tables:
    """Every table of the server that is running now."""

    def __init__(
        self,
        store: Any,
        say: Callable[[str], None],
        bot_delay: float = 0.4,
        clock: Clock | None = None,
    ) -> None:
        self.store = store
        self.say = say
        self.bot_delay = bot_delay
        self.clock = clock or Clock()
        self.running: dict[str, Table] = {}
        self._dirty: dict[Table, None] = {}  # rows to write after this turn of the loop
        self._flushing: asyncio.Handle | None = None
        self._banned: set[int] = set()  # the banned accounts whose tables ended for them

    @property
    def db(self) -> Any:
        return self.store.db

    async def open_all(self, rows: list[t.TableRow] | None = None) -> None:
        """Every table the database says is running (a restart continues them all), or
        those `rows` of it read just before."""
        for row in t.in_state(self.db, t.RUNNING) if rows is None else rows:
            await self.open(row)

    async def open(self, row: t.TableRow) -> Table | None:
        """Host the table `row` (a full one: its game is started, or resumed from its save);
        None, with the table marked failed and one line said, if it cannot be."""
        if row.id in self.running:
            return self.running[row.id]
        from bohn_tui.play.players import NewGame, secure_seed
        from bohn_tui.play.session import Session

        try:
            if row.save_id is None:
                names, bots = _names(self.db, row)
                new = NewGame(row.game, names, bots, secure_seed(), {})
                session = Session.start(new, store=self.store)
                row.save_id, row.state = session.save_id, t.RUNNING
                _name_bots(row, names)
                t.update(self.db, row)
            else:
                session = Session.load(self.store, row.save_id)
                if _name_bots(row, list(session.names)):  # (a table started before names)
                    t.update(self.db, row)
            host_id, path = pick_socket(None)
            client = ServerClient(session, self.bot_delay)
            say = self._sayer(row.id)
            host = Host(client, host_id, say)  # (its stand-ins: `tick`, on the clock)
            listener = await asyncio.start_unix_server(host.handle, path, limit=p.CLIENT_LINE + 1)
        except Exception as e:  # noqa: BLE001 - one table's trouble never stops the server
            self._failed(row, str(e) or type(e).__name__)
            return None
        path.chmod(0o600)
        table = Table(row, host, client, path, listener, client.version)
        self.running[row.id] = table
        for a in row.standins:  # a bot played for them when the server stopped: it goes on
            seat = self.seat_of(row.id, a)
            if seat is not None:
                client.stand_in(seat)
        for a in row.resigned:  # and for good for those who resigned
            self._bot_for_good(table, a)
        client.subscribe(lambda: self._changed(table))
        self._changed(table)
        client.settle()
        self.say(f"table {row.id} ({row.game}, {len(row.seats)} seats) runs")
        return table

    def _sayer(self, table_id: str) -> Callable[[str], None]:
        return lambda text: self.say(f"table {table_id}: {text}")

    def _failed(self, row: t.TableRow, why: str) -> None:
        row.state, row.note = t.FAILED, clip(why, 200)
        with contextlib.suppress(Exception):
            t.update(self.db, row)
        self.say(f"table {row.id} failed: {row.note}")
        table = self.running.pop(row.id, None)
        if table is not None:
            self._close(table)

    def _changed(self, table: Table) -> None:
        """After every change of a table's game: whom it waits for and when, in its row; at
        its end, the ratings."""
        try:
            row, client = table.row, table.client
            awaited = [
                int(row.seats[s]["account"])
                for s in client.waiting_for()
                if s < len(row.seats) and "account" in row.seats[s]
            ]
            awaited = [a for a in awaited if a not in row.resigned]
            moved = client.version
            if awaited != row.awaited or moved != table.seen:
                row.awaited = awaited
                row.last_move = self.clock.now()
                table.seen = moved
            self._waits(table)
            if client.over and row.state != t.OVER:
                row.state, row.awaited, row.waits = t.OVER, [], {}
                row.note = _result(client.names, client.summary(), self._resigned(row))
                self.say(f"table {row.id} is over")
                try:
                    self._rate(table)
                except Exception as e:  # noqa: BLE001 - the game stays over, saved
                    self.say(f"table {row.id}: its ratings could not be updated ({e})")
                self._dirty.pop(table, None)
                t.update(self.db, row)  # its end at once
                return
            self._dirty[table] = None
            if self._flushing is None:
                loop = asyncio.get_running_loop()
                self._flushing = loop.call_later(FLUSH_SECONDS, self.flush)
        except Exception as e:  # noqa: BLE001
            self._failed(table.row, f"its state could not be kept ({e})")

    def flush(self) -> None:
        """The rows changed since the last flush, in one transaction; if that fails, each
        on its own (a row that cannot be written fails its table only)."""
        self._flushing = None
        dirty = [table for table in self._dirty if table.row.id in self.running]
        self._dirty.clear()
        if not dirty:
            return
        try:
            with self.store.transaction("the tables' rows cannot be kept") as db:
                for table in dirty:
                    t.update_running(db, table.row)
            return
        except Exception:  # noqa: BLE001, S110 - each on its own below
            pass
        for table in dirty:
            try:
                t.update_running(self.db, table.row)
            except Exception as e:  # noqa: BLE001
                self._failed(table.row, f"its state could not be kept ({e})")

    def _waits(self, table: Table) -> bool:
        """Each person the game waits for while they are away: since when (kept from
        before, else now); whether that changed."""
        row, client, host = table.row, table.client, table.host
        away = set(host.away()) - set(client.stand_ins())
        account = {i: int(s["account"]) for i, s in enumerate(row.seats) if "account" in s}
        waiting = {account[s] for s in client.waiting_for() if s in away and s in account}
        now = self.clock.now()
        waits = {} if client.over else {a: row.waits.get(a, now) for a in waiting}
        played = [account[s] for s in client.stand_ins() if s in account]
        standins = [a for a in played if a not in row.resigned]  # (for now: they come back)
        note = row.note if standins or row.state != t.RUNNING else ""  # (a stand-in's note)
        changed = waits != row.waits or standins != row.standins or note != row.note
        row.waits, row.standins, row.note = waits, standins, note
        return changed

    def tick(self) -> None:
        """Every running table: its waits brought up to date, and a bot stands in for each
        person the table has waited for for longer than its creator chose (the rows changed
        since the last flush written first)."""
        self._flush_now()
        now = self.clock.now()
        for table in list(self.running.values()):
            row = table.row
            try:
                changed = self._waits(table)
                for a, since in list(row.waits.items()):
                    if row.standin is not None and now - since >= row.standin:
                        seat = next(i for i, s in enumerate(row.seats) if s.get("account") == a)
                        table.host.take_over(seat)
                        changed = True
                if changed or table.unsaved:
                    self._waits(table)
                    table.unsaved = True
                    t.update(self.db, row)
                    table.unsaved = False
            except Exception as e:  # noqa: BLE001 - kept at the next tick (a busy database)
                self.say(f"table {row.id}: its waits could not be kept now ({clip(str(e), 120)})")

    # -- a person long awaited: the others decide (from the lobby) --------------------------

    def _long_awaited(self, table_id: str, by: int) -> tuple[Table, list[int]] | str:
        """The running table and whom it has long awaited, if `by` may decide about them
        now; else why not (one line, the same for a table that is none of theirs)."""
        table = self.running.get(table_id)
        if table is None or by not in table.row.accounts():
            return "that table is not running now"
        if by in table.row.resigned:
            return "you resigned at that table: the others decide there"
        self._waits(table)  # (as the game is now: whoever came back is awaited no more)
        row, now = table.row, self.clock.now()
        late = row.long_awaited(now, by)
        if late:
            return table, late
        limit = _span(row.absent_after())
        waiting = [a for a in row.waits if a != by and a in row.awaited]
        if not waiting:
            return f"nobody away is awaited there: the others decide after {limit} away"
        since = min(row.waits[a] for a in waiting)
        left = _span(since + row.absent_after() - now)
        return f"{self._name(waiting[0])} is awaited since {_span(now - since)}: decide in {left}"

    def stand_in_for(self, table_id: str, by: int) -> str:
        """`by` lets a bot play each seat the table has long awaited (their seat still: they
        take it back by coming to the table); a line for `by`."""
        found = self._long_awaited(table_id, by)
        if isinstance(found, str):
            return found
        table, late = found
        names = ", ".join(self._name(a) for a in late)
        for a in late:
            seat = self.seat_of(table_id, a)
            if seat is not None:
                table.host.take_over(seat)
        self._waits(table)
        table.row.note = clip(f"{self._name(by)} chose it", 200)  # (the lobby: a bot plays)
        t.update(self.db, table.row)
        self.say(f"table {table_id}: {self._name(by)!r} lets a bot play for {names}")
        return f"A bot plays for {names} now; the seat stays theirs when they come back."

    def abandon(self, table_id: str, by: int) -> str:
        """`by` ends the table, a person long awaited: abandoned (unrated, kept, no longer
        its creator's); a line for `by`. Whoever is at it is told so as it closes."""
        found = self._long_awaited(table_id, by)
        if isinstance(found, str):
            return found
        table, late = found
        row, names, who = table.row, ", ".join(self._name(a) for a in late), self._name(by)
        days = _span(self.clock.now() - min(row.waits[a] for a in late))
        note = clip(f"abandoned by {who}: {names} awaited {days}", 200)
        row.state, row.note = t.ABANDONED, note
        self._end(table, f"{who} ended this table ({names} awaited {days}): abandoned, unrated")
        self.say(f"table {table_id}: abandoned by {who!r} ({names} awaited {days})")
        return f"The table is ended: abandoned, unrated ({names} awaited {days})."

    def _end(self, table: Table, reason: str) -> None:
        """The table ends now in the state and note its row has: kept, closed; whoever is
        at it is put back in the lobby with `reason`."""
        row = table.row
        row.last_move, row.awaited, row.waits, row.standins = self.clock.now(), [], {}, []
        self._dirty.pop(table, None)
        t.update(self.db, row)
        self.running.pop(row.id, None)
        with contextlib.suppress(Exception):
            table.host.stop(reason)
        self._close(table)

    # -- a person resigns (from the lobby) ------------------------------------------------

    def resign(self, table_id: str, by: int, closed: bool = False) -> str:
        """`by` resigns their seat at the running table: a bot plays it to the end, for good
        (its code gone; their seat's connection, if any, told so), or, nobody left to play
        against, the table ends (over; rated with `by` last among the people); a line for
        `by`. Only the server's login decides who `by` is (`closed`: the server, as `by`'s
        account was banned: `close_banned`)."""
        table = self.running.get(table_id)
        if table is None or by not in table.row.accounts() or table.row.state != t.RUNNING:
            return "that table is not running now"  # (or over, its end screen still hosted)
        row, who = table.row, self._name(by)
        if by in row.resigned:
            return "you resigned at that table already: w watches it"
        ends = row.ends_if_resigned(by)
        row.resigned.append(by)
        try:
            t.update(self.db, row)  # (kept first: a restart goes on with it)
        except Exception as e:  # noqa: BLE001 - nothing changed: they may try again
            row.resigned.remove(by)
            return f"that could not be kept now; try again ({clip(str(e), 80)})"
        why = f"{who}'s account was closed" if closed else f"{who} resigned"
        self.say(f"table {table_id}: {who!r} resigned" + (" (account closed)" if closed else ""))
        if ends:
            left = row.playing()
            won = f" · {self._name(left[0])} won" if left else ""
            row.state, row.note = t.OVER, clip(f"{self._resigned(row)}{won}", 200)
            self._end(table, f"{why}: the game is over ({row.note})")
            self.say(f"table {row.id} is over")
            try:
                self._rate(table, ended=True)
            except Exception as e:  # noqa: BLE001 - the game stays over, kept
                self.say(f"table {row.id}: its ratings could not be updated ({e})")
            return f"You resigned: the game is over ({row.note})."
        line = f"{why}: a computer player plays for {who} to the end." if closed else ""
        self._bot_for_good(table, by, f"{why}: a bot plays this seat to the end", line)
        self._waits(table)
        self._changed(table)
        return "You resigned: a bot plays your seat to the end; w watches the table."

    def _bot_for_good(self, table: Table, account: int, reason: str = "", line: str = "") -> None:
        """A bot plays `account`'s seat from now on, for good (standins.py's `resign`)."""
        seat = self.seat_of(table.row.id, account)
        if seat is not None:
            table.host.resign(seat, reason, line)

    # -- a banned account (`bohn server accounts ban`, another process) -------------------

    def close_banned(self) -> None:
        """The tables of each account banned since the last look end for it: at a running
        one it resigns (`resign`: a bot plays its seat to the end, or the table ends with
        nobody left to play against, a table of it and bots among them); an open table it
        made is cancelled, at one it joined its seat is open again. Once per ban (a restart
        looks once more: what was done is kept in the rows)."""
        try:
            new = sorted(acc.banned_ids(self.db) - self._banned)
            waiting = t.in_state(self.db, t.OPEN) if new else []  # (read once for them all)
        except Exception as e:  # noqa: BLE001 - looked at again at the next check
            self.say(f"the bans could not be read now ({clip(str(e), 120)})")
            return
        for a in new:
            try:
                for table in self._at(a):
                    self.resign(table.row.id, a, closed=True)
                for row in waiting:
                    if row.creator == a and t.cancel(self.db, row.id, a, t.CLOSED):
                        self.say(f"table {row.id} cancelled: its creator's account was closed")
                    elif a in row.accounts() and row.creator != a:  # (if open still)
                        name = self._name(a)
                        if t.leave(self.db, row.id, a, clip(f"{name} left (account closed)", 200)):
                            self.say(f"table {row.id}: {name!r} left (account closed)")
            except Exception as e:  # noqa: BLE001 - again at the next check
                self.say(f"a banned account's tables could not be ended now ({clip(str(e), 120)})")
                continue
            if not self._at(a):
                self._banned.add(a)  # (a resign that could not be kept: again next time)

    def _at(self, account: int) -> list[Table]:
        """The running tables (not over) `account` plays at and has not resigned."""
        return [
            x
            for x in self.running.values()
            if x.row.state == t.RUNNING and account in x.row.playing()
        ]

    def _resigned(self, row: t.TableRow) -> str:
        """Who resigned at the table, in one phrase ("" for nobody)."""
        names = [self._name(a) for a in row.resigned]
        return f"{' and '.join(names)} resigned" if names else ""

    def _name(self, account: int) -> str:
        found = by_id(self.db, account)
        return found.name if found else "?"

    def _rate(self, table: Table, ended: bool = False) -> None:
        """A rated table that ended (`ended`: by a resign, the game unfinished): its ratings
        (store/ratings.py). A table of people only is rated; one with bots only if its
        creator chose so (`rate_bots`: the people's places among themselves, the bots'
        seats left out); those who resigned rank last (`rated_places`)."""
        row = table.row
        if not row.rated() or row.save_id is None:
            return
        from bohn_tui.engine.ranking import places
        from bohn_tui.store import ratings

        where = None if ended else dict(enumerate(places(table.client.summary())))
        seated = enumerate(row.seats)
        names = {int(s["account"]): table.client.names[i] for i, s in seated if "account" in s}
        # the one call site of the ratings: the saved game's id, each account's name and
        # place, the registry's game
        rated = [(names[a], place) for a, place in t.rated_places(row, where)]
        ratings.update_ratings(self.db, row.save_id, rated, game=row.game)
        self.say(f"table {row.id}: rated")

    def seat_of(self, table_id: str, account: int) -> int | None:
        table = self.running.get(table_id)
        if table is None or account not in table.row.accounts():
            return None
        return next(i for i, s in enumerate(table.row.seats) if s.get("account") == account)

    def code(self, table_id: str, account: int, watch: bool = False) -> tuple[Path, str] | None:
        """The socket and code a process of `account` uses at the table: its seat's, or
        with `watch` a spectator's (a private table's only for its players); None if it is
        not running or the account may not have that there."""
        table = self.running.get(table_id)
        if table is None:
            return None
        if watch:
            return (table.path, table.host.spectator_code) if table.row.visible(account) else None
        seat = self.seat_of(table_id, account)
        code = None if seat is None else table.host.codes.get(seat)  # (none: they resigned)
        return None if code is None else (table.path, code)

    def _close(self, table: Table) -> None:
        with contextlib.suppress(Exception):
            table.client.stop()
            table.host.stop_timers()
            table.host.stop()
            table.listener.close()
            table.path.unlink()

    def _flush_now(self) -> None:
        if self._flushing is not None:
            self._flushing.cancel()
        self.flush()

    def close_all(self) -> None:
        self._flush_now()
        for table in list(self.running.values()):
            self._close(table)
        self.running.clear()


def _name_bots(row: t.TableRow, names: list[str]) -> bool:
    """Each bot seat of `row` gets the table's name for it (the lobby shows the same);
    whether one had none."""
    changed = False
    for seat, s in enumerate(row.seats):
        if "bot" in s and "name" not in s and seat < len(names):
            s["name"], changed = names[seat], True
    return changed


def _span(seconds: float) -> str:
    """A time span in words: "3 d 2 h", "5 h", "12 min" (a minute at least)."""
    gone = max(60, int(seconds))
    days, hours, mins = gone // 86400, gone % 86400 // 3600, gone % 3600 // 60
    if days:
        return f"{days} d {hours} h" if hours else f"{days} d"
    return f"{hours} h" if hours else f"{mins} min"


def _result(names: list[str], summary: dict[str, Any], resigned: str = "") -> str:
    """A game's end in one line: who won, then each seat's score in place order (and who
    resigned, if someone did: a bot played their seat to the end)."""
    from bohn_tui.engine.ranking import places

    where = places(summary)
    scores = summary.get("scores") or []
    won = [names[s] for s in range(len(names)) if where[s] == 1]
    order = sorted(range(len(names)), key=lambda s: where[s])
    each = ", ".join(f"{names[s]} {scores[s]}" for s in order if s < len(scores))
    tail = f" · {resigned}" if resigned else ""
    return clip(f"{' and '.join(won)} won · {each}{tail}", 200)


__all__ = ["Clock", "Table", "Tables"]
