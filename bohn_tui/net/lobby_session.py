"""One SSH session of `bohn server` (server.py): the lobby, then a table, then the lobby again,
each its own process in the session's pty (ssh_session.py's, one Textual app per process).

The lobby process (`bohn server lobby`) gets what it shows on an inherited pipe and asks
on an inherited socket (one JSON line each way): a new person's name, a new table, an open
seat; its last word is the person's choice: play at a table, watch one, or leave. Each is
only a wish: the account comes from the connection's login, and whether it may have the
name or the seat is decided here (server.py, net/tables.py), in one line when it may not.
A table's seat is then a `bohn join` process whose code comes on a pipe, as at `bohn host`."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from typing import Any

from bohn_tui.engine.limits import MAX_PLAYERS, clip
from bohn_tui.net.gate import source
from bohn_tui.net.login import NAME_SECONDS, Login
from bohn_tui.net.ssh_session import Session
from bohn_tui.store import accounts as acc
from bohn_tui.store import tables as t

CHOICE_BYTES = 16 * 1024  # a request of a lobby process
MAX_ROUNDS = 500  # lobby -> table -> lobby rounds in one connection
MAX_REQUESTS = 200  # requests of one lobby process
MAX_TABLES = t.MAX_TABLES  # open or running tables one account may have made (not resigned)


class LobbySession(Session):
    """The lobby's session of one connection (its Server: server.LobbyServer). `counted`:
    the connection is counted in the door's limits (`door.take`) by its caller, who
    releases it (the web door, web_server.py: before a link code is used up); otherwise
    here."""

    def __init__(self, server: Any, counted: bool = False) -> None:
        super().__init__(server)
        self.gone = False
        self.counted = counted

    def connection_lost(self, exc: Exception | None) -> None:
        self.gone = True
        super().connection_lost(exc)

    async def spawn(
        self, args: list[str], secret: bytes, term: str, pass_fds: tuple[int, ...] = ()
    ) -> None:
        """ssh_session's, but a connection lost while the process was being started (none
        was idle: a burst) hangs it up at once: it ran for nobody, counted, until it ended."""
        await super().spawn(args, secret, term, pass_fds)
        if self.gone:
            self.hang_up()

    async def _run(self) -> None:
        server, door = self.server, self.server.door
        if self.command:
            self._refuse(f"this server runs the lobby only, no commands: {door.invite('NAME')}")
            return
        if self.term is None:
            self._refuse(f"the lobby needs a terminal; connect with: {door.invite('NAME', '-t ')}")
            return
        account = server.login.account
        why = None if self.counted else door.take(account, server.address)
        if why is not None:
            self._refuse(why)
            return
        loop = asyncio.get_running_loop()
        timer = loop.call_later(NAME_SECONDS, self._unnamed) if account is None else None
        try:
            status = await self._rounds()
        finally:
            if timer is not None:
                timer.cancel()
            if not self.counted:
                door.release(server.login.account, server.address)
        with contextlib.suppress(Exception):
            self.chan.exit(status)

    def _unnamed(self) -> None:
        """A new person who has not chosen a name in time: the connection ends."""
        if self.server.login.account is None:
            self.gone = True
            self.hang_up()

    def _refuse(self, reason: str) -> None:
        self.server.door.say(f"refused: a session from {source(self.server.address)}: {reason}")
        super()._refuse(reason)

    async def _rounds(self) -> int:
        server, door = self.server, self.server.door
        note = ""
        for _ in range(MAX_ROUNDS):
            if self.gone or door.stopping:
                return 0
            account = server.login.account
            me = None if account is None else acc.by_id(door.store.db, account)
            if account is not None and (me is None or me.banned):
                self._refuse("this account is closed")
                return 1
            shown: dict[str, Any] = {"mode": "name" if me is None else "lobby", "note": note}
            shown |= {"hint": server.username, "port": door.port, "address": door.address}
            shown["web"] = getattr(door, "web_url", "")  # (bohn server --web: web_server.py)
            shown["account"] = None if me is None else me.id
            shown["clock"] = door.tables.clock.offset  # (the server's time: a test's moved)
            status, choice = await self._lobby(shown)
            note = ""
            do, table_id = choice.get("do"), str(choice.get("table", ""))[:40]
            account = server.login.account
            if do in ("play", "watch") and account is not None:
                where = door.tables.code(table_id, account, watch=do == "watch")
                if where is None:
                    note = self._not_running(table_id, account)
                    continue
                await self._table(*where)
                continue
            return status
        return 0

    def _not_running(self, table_id: str, account: int) -> str:
        """Why the account cannot go to the table: its result if it is over, else that
        it is not running (or is none of theirs: the same words, nothing about it told)."""
        row = t.get(self.server.door.store.db, table_id)
        if row is not None and row.visible(account) and row.state == t.OVER and row.note:
            return f"That game is over: {row.note}"
        if row is not None and row.visible(account) and row.state == t.ABANDONED:
            return f"That table was ended: {row.note}"
        if row is not None and row.state == t.RUNNING and account in row.resigned:
            return "You resigned at that table: a bot plays your seat; w watches it"
        return "that table is not running now"

    async def _answer(self, msg: dict[str, Any]) -> dict[str, Any]:
        """A request of the lobby process: a new person's name, a new table, an open seat,
        an open table of theirs cancelled, an open table left ("leave": its creator's
        leaving cancels it), a person long awaited at a table of theirs played for by a bot
        ("standin") or the table ended ("abandon"), their own seat at a running table
        resigned ("resign"; net/tables.py decides each).
        {"note": why} when it cannot be; {"play": table} when the table runs now."""
        server, door = self.server, self.server.door
        db, account = door.store.db, server.login.account
        if "name" in msg and account is None:
            made = door.create_account(str(msg["name"])[:200], server.key, server.address)
            if isinstance(made, str):
                return {"note": made}
            server.login = Login(made.id)
            door.moved(server.address, made.id)
            return {"account": made.id, "note": f"Welcome, {made.name}!"}
        me = None if account is None else acc.by_id(db, account)
        if me is None or me.banned:
            return {"note": "this account is closed"}
        if msg.get("ask") == "new":
            made_id, note = await self._new_table(me, msg)
            if made_id is None:
                return {"note": note}
            return {"note": note, "open": made_id} if note else {"play": made_id}
        if msg.get("ask") == "leave":  # (an open table: its creator's leaving cancels it)
            table_id = str(msg.get("table", ""))[:40]
            row = t.get(db, table_id)
            if row is None or row.creator != me.id:
                return self._leave(me, table_id)
            msg = {"ask": "cancel", "table": table_id}
        if msg.get("ask") == "cancel":
            table_id = str(msg.get("table", ""))[:40]
            if not t.cancel(db, table_id, me.id):
                return {"note": "only an open table you made can be cancelled (it has not started)"}
            door.say(f"table {table_id} cancelled by {me.name!r}")
            return {"note": f"Table {table_id} is cancelled."}
        if msg.get("ask") in ("standin", "abandon", "resign"):
            table_id = str(msg.get("table", ""))[:40]
            if msg["ask"] == "standin":
                return {"note": door.tables.stand_in_for(table_id, me.id)}
            if msg["ask"] == "resign":  # (their own seat only: the login's account)
                return {"note": door.tables.resign(table_id, me.id)}
            return {"note": door.tables.abandon(table_id, me.id)}
        if msg.get("ask") == "join":
            row = t.take_open_seat(db, str(msg.get("table", ""))[:40], me.id)
            if row is None:
                return {"note": "that table has no open seat for you any more"}
            door.say(f"table {row.id}: {me.name!r} takes an open seat")
            if row.open_seats():
                return {"note": "You sit there now; it starts when every seat is taken."}
            if await door.tables.open(row) is None:
                return {"note": "that table could not start"}
            return {"play": row.id}
        return {"note": "?"}

    def _leave(self, me: acc.Account, table_id: str) -> dict[str, Any]:
        """`me` leaves an open table they sit at (not theirs: its creator cancels it)."""
        door = self.server.door
        row = t.leave(door.store.db, table_id, me.id, clip(f"{me.name} left", 200))
        if row is None:
            return {"note": "you can leave only an open table you sit at (it has not started)"}
        door.say(f"table {row.id}: {me.name!r} left (the seat is open again)")
        return {"note": f"You left table {row.id}; your seat there is open again."}

    async def _table(self, path: Any, code: str) -> None:
        """A seat (or a spectator's place) at a running table, until the person leaves it."""
        assert self.term is not None
        try:
            await self._spawn(code, self.term, path)
        except OSError as e:
            self._refuse(f"the table could not start ({e.strerror or e})")
            return
        await self.finish()

    async def _lobby(self, shown: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """Run the lobby process once, answering its requests while it runs (one JSON line
        each way on a socket pair): its status and its last word ({"do": ...}, {} for
        none)."""
        assert self.term is not None
        mine, theirs = socket.socketpair()
        try:
            line = json.dumps(shown).encode() + b"\n"
            args = ["server", "lobby", "--sock-fd", str(theirs.fileno()), "--in-fd"]
            await self.spawn(args, line, self.term, pass_fds=(theirs.fileno(),))
        except OSError as e:
            mine.close()
            self._refuse(f"the lobby could not start ({e.strerror or e})")
            return 1, {}
        finally:
            theirs.close()
        last: dict[str, Any] = {}
        reader, writer = await asyncio.open_unix_connection(sock=mine, limit=CHOICE_BYTES)

        async def answer() -> None:
            for _ in range(MAX_REQUESTS):
                raw = await reader.readline()
                msg = json.loads(raw) if raw.endswith(b"\n") else None
                if not isinstance(msg, dict):
                    return
                if "do" in msg:
                    last.update(msg)
                    return
                writer.write(json.dumps(await self._answer(msg)).encode() + b"\n")
                await writer.drain()

        task = asyncio.create_task(answer())
        status = await self.finish()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, 1.0)
        task.cancel()
        writer.close()
        return status, last

    async def _new_table(self, me: acc.Account, choice: dict[str, Any]) -> tuple[str | None, str]:
        """Make the table the lobby asked for: its id (None: not made) and a line for the
        lobby (why it cannot be made, or that it is open; none when it runs now, every seat
        taken)."""
        from bohn_tui.games import GAMES, spec
        from bohn_tui.play.players import SessionError, bot_level, count_error

        door, db = self.server.door, self.server.door.store.db
        game = choice.get("game")
        if game not in GAMES:
            return None, "choose a game of the list"
        others = choice.get("seats")
        mode = choice.get("mode")
        if not isinstance(others, list) or len(others) >= MAX_PLAYERS or mode not in t.MODES:
            return None, f"name at most {MAX_PLAYERS - 1} other seats"
        mine = [r for r in t.in_state(db, t.OPEN, t.RUNNING) if r.counts_for(me.id)]
        if len(mine) >= MAX_TABLES:
            return None, f"you made {MAX_TABLES} tables that are not over; finish or resign one"
        seats: list[dict[str, Any]] = [{"account": me.id}]
        for raw in others:
            word = clip(str(raw), 60).strip()
            low = word.casefold()
            if low in ("open", ""):
                seats.append({})
            elif low == "bot" or low.startswith("bot:"):
                try:
                    level = bot_level(word.partition(":")[2] or "standard", spec(game).bot_levels)
                except SessionError as e:
                    return None, str(e)
                seats.append({"bot": level})
            else:
                other = acc.by_name(db, word)
                if other is None or other.banned:
                    return None, f"no account is called {word!r}"
                if any(s.get("account") == other.id for s in seats):
                    return None, f"{other.name} has a seat already"
                seats.append({"account": other.id})
        why = count_error(game, len(seats))
        if why is not None:
            return None, why
        private = choice.get("private") is True
        if private and any(not s for s in seats):
            return None, "a private table has no open seats: name its people (or bots)"
        standin = msg_standin(choice.get("standin"))
        rate_bots = choice.get("rate_bots") is True and any("bot" in s for s in seats)
        now = door.tables.clock.now()
        row = t.new_table(db, game, me.id, seats, mode, standin, private, now, rate_bots)
        kind = f"{mode}, private" if private else mode
        kind += ", rated with bots" if rate_bots else ""
        door.say(f"table {row.id} ({game}, {len(seats)} seats, {kind}) made by {me.name!r}")
        if row.open_seats():
            return row.id, f"Table {row.id} is open; it starts when every seat is taken."
        if await door.tables.open(row) is None:
            return None, "the table could not start"
        return row.id, ""


def msg_standin(raw: Any) -> float | None:
    """A bot stands in for a person away this many seconds (None: never), from the lobby's
    choice: a number of hours from STANDIN_HOURS."""
    return float(raw) * 3600 if raw in t.STANDIN_HOURS else None


__all__ = ["LobbySession"]
