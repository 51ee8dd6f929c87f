"""One SSH session of `bohn server` (server.py): the lobby, then a table, then the lobby again,
each its own process in the session's pty (ssh_session.py's, one Textual app per process).

The lobby process (`bohn server lobby`) gets what it shows on an inherited pipe and hands
back the person's choice as one JSON line on another: play at a table, join an open one,
watch one, make a new table, or leave. The choice is only a wish: the account comes from
the connection's login, and whether it may have the seat is decided here (net/tables.py).
A table's seat is then a `bohn join` process whose code comes on a pipe, as at `bohn host`."""

from __future__ import annotations

import contextlib
import json
import os
from typing import Any

from bohn_tui.engine.limits import MAX_PLAYERS, clip
from bohn_tui.net.ssh_session import Session
from bohn_tui.store import accounts as acc
from bohn_tui.store import tables as t

CHOICE_BYTES = 16 * 1024  # what a lobby process may hand back
MAX_ROUNDS = 500  # lobby -> table -> lobby rounds in one connection
MAX_TABLES = 20  # open or running tables one account may have made


class LobbySession(Session):
    """The lobby's session of one connection (its Server: server.LobbyServer)."""

    def __init__(self, server: Any) -> None:
        super().__init__(server)
        self.gone = False

    def connection_lost(self, exc: Exception | None) -> None:
        self.gone = True
        super().connection_lost(exc)

    async def _run(self) -> None:
        server, door = self.server, self.server.door
        if self.command:
            self._refuse(f"this server runs the lobby only, no commands: {door.invite('NAME')}")
            return
        if self.term is None:
            self._refuse(f"the lobby needs a terminal; connect with: {door.invite('NAME', '-t ')}")
            return
        account = server.login.account
        why = door.take(account, server.address)
        if why is not None:
            self._refuse(why)
            return
        try:
            status = await self._rounds()
        finally:
            door.release(server.login.account, server.address)
        with contextlib.suppress(Exception):
            self.chan.exit(status)

    async def _rounds(self) -> int:
        server, door = self.server, self.server.door
        db, note = door.store.db, ""
        for _ in range(MAX_ROUNDS):
            if self.gone:
                return 0
            login = server.login
            if login.account is None:
                status, choice = await self._lobby({"mode": "name", "note": note,
                                                    "hint": server.username})  # fmt: skip
                name = choice.get("name")
                if not isinstance(name, str):
                    return status
                made = door.create_account(name, server.key, server.address)
                if isinstance(made, str):
                    note = made
                    continue
                from bohn_tui.net.server import Login

                server.login, note = Login(made.id), f"Welcome, {made.name}!"
                door.moved(None, made.id)
                continue
            me = acc.by_id(db, login.account)
            if me is None or me.banned:
                self._refuse("this account is closed")
                return 1
            status, choice = await self._lobby(
                {
                    "mode": "lobby",
                    "account": me.id,
                    "note": note,
                    "port": door.port,
                    "address": door.address,
                }  # fmt: skip
            )
            note = ""
            do = choice.get("do")
            table_id = str(choice.get("table", ""))[:40]
            if do == "new":
                made, note = await self._new_table(me, choice)
                if made is None:
                    continue
                table_id, do = made, "play"
            if do == "join":
                row = t.take_open_seat(db, table_id, me.id)
                if row is None:
                    note = "that table has no open seat for you any more"
                    continue
                door.say(f"table {row.id}: {me.name!r} takes an open seat")
                if row.open_seats():
                    note = f"You sit at table {row.id}; it starts when every seat is taken."
                    continue
                if await door.tables.open(row) is None:
                    note = "that table could not start"
                    continue
                do = "play"
            if do in ("play", "watch"):
                where = door.tables.code(table_id, me.id if do == "play" else None)
                if where is None:
                    note = "that table is not running now"
                    continue
                await self._table(*where)
                continue
            return status
        return 0

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
        """Run the lobby process once: its status and the person's choice ({} for none)."""
        assert self.term is not None
        out_r, out_w = os.pipe()
        try:
            line = json.dumps(shown).encode() + b"\n"
            args = ["server", "lobby", "--out-fd", str(out_w), "--in-fd"]
            await self.spawn(args, line, self.term, pass_fds=(out_w,))
        except OSError as e:
            os.close(out_r)
            self._refuse(f"the lobby could not start ({e.strerror or e})")
            return 1, {}
        finally:
            os.close(out_w)
        status = await self.finish()
        data = b""
        try:
            os.set_blocking(out_r, False)
            while len(data) <= CHOICE_BYTES:
                chunk = os.read(out_r, CHOICE_BYTES)
                if not chunk:
                    break
                data += chunk
        except OSError:
            pass
        finally:
            os.close(out_r)
        try:
            choice = json.loads(data.decode()) if data and len(data) <= CHOICE_BYTES else {}
        except ValueError:
            choice = {}
        return status, choice if isinstance(choice, dict) else {}

    async def _new_table(self, me: acc.Account, choice: dict[str, Any]) -> tuple[str | None, str]:
        """Make the table the lobby asked for: its id when it runs now (every seat is
        taken), and a line for the lobby (why it cannot be made, or that it is open)."""
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
        mine = [r for r in t.in_state(db, t.OPEN, t.RUNNING) if r.creator == me.id]
        if len(mine) >= MAX_TABLES:
            return None, f"you have made {MAX_TABLES} tables that are not over; finish some first"
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
        row = t.new_table(db, game, me.id, seats, mode)
        door.say(f"table {row.id} ({game}, {len(seats)} seats, {mode}) made by {me.name!r}")
        if row.open_seats():
            return None, f"Table {row.id} is open; it starts when every seat is taken."
        if await door.tables.open(row) is None:
            return None, "the table could not start"
        return row.id, ""


__all__ = ["LobbySession"]
