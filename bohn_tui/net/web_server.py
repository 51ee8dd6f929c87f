"""The web door of `bohn server --web PORT` (issue #27): the lobby in a browser.

The page and its websocket are web.py's (textual-serve subclassed: its page without the
third party's font, no download route, no folder index, other sites' pages refused, every
message bounded, a Gate of its own counting logins in progress and failed codes per address).
What differs from `bohn host --web`:

- The page asks for a one-time link code, the one a lobby's profile shows (`l`; made by
  store/accounts.new_link_code, kept hashed, good once for 15 minutes). It is typed in the
  page (never in a URL), checked and used up here (accounts.use_link), so it is in no URL,
  no log line and no argv; the account comes from that proven code only. A wrong code gets
  one line and a delay (longer after several; the address is refused for a while after
  many), as the host's web door does. The code is used up only once the server's limits
  (below) have counted the session, in one step with no wait between: a session those
  refuse leaves its code good for a try once they allow, and of two pages typing one code
  at once only one has the lobby (the other is told the code is not good).
- The browser session is then what an SSH session of that account is: lobby_session.py's
  LobbySession, unchanged, runs the same `bohn server lobby` process, then the tables'
  `bohn join` processes, each in a pty of its own; the server's limits per account, per
  address and in all (server.ServerDoor.take) count it beside the SSH sessions (counted
  here, before the code is used up, and released here: LobbySession's `counted`). The pty's
  bytes go to the page's terminal as they are; what waits to be sent is bounded (the pty is
  not read while more than HIGH bytes wait).
- Nothing stays bound to the browser (no cookie): each page takes a new link code. Every
  `check_seconds` each browser session's account is read again: one removed or banned since
  ends at once, with one line.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from dataclasses import dataclass
from typing import Any

from aiohttp import WSMsgType, web

from bohn_tui.net.gate import source
from bohn_tui.net.lobby_session import LobbySession
from bohn_tui.net.server import Login
from bohn_tui.net.ssh_session import DEFAULT_TERM
from bohn_tui.net.web import Visit, WebDoor, _envelope, _size
from bohn_tui.store import accounts as acc

HIGH = 256 * 1024  # bytes waiting for the page beyond which the pty is not read
LOW = 64 * 1024  # ... and below which it is read again
CHUNK = 64 * 1024  # bytes in one websocket message to the page
_CODE = re.compile(r"[a-z0-9]{1,64}")


class ServerWebDoor(WebDoor):
    """The web door of `bohn server`: `listen(Path())`, then `attach(server_door)` (its
    ServerDoor, server.py: its store, tables, limits and log); `close`, `wait_closed`."""

    def __init__(self, bind: str, port: int, wrong_delay: float, check_seconds: float) -> None:
        super().__init__(bind, port, None, wrong_delay)
        self.check_seconds = check_seconds
        self.lobbies: set[WebLobby] = set()
        self.checker: asyncio.Task[None] | None = None

    def title(self) -> str:
        return "bohn server"

    def attach(self, host: Any) -> None:
        super().attach(host)
        host.web_url = self.url()  # for the profile's link code (ui/lobby.py)
        self.checker = asyncio.get_running_loop().create_task(self._check())

    async def visit(self, ws: web.WebSocketResponse, address: str) -> None:
        await LinkVisit(self, ws, address).run()

    async def _check(self) -> None:
        while True:
            await asyncio.sleep(self.check_seconds)
            with contextlib.suppress(Exception):  # a check that fails waits for the next
                for lobby in list(self.lobbies):
                    lobby.check()

    async def wait_closed(self) -> None:
        if self.checker is not None:
            self.checker.cancel()
        for lobby in list(self.lobbies):
            lobby.leave()
        await super().wait_closed()


@dataclass(frozen=True)
class Link:
    """A good link code typed at the prompt, not used up yet, and the account it is for."""

    code: str
    account: acc.Account


class LinkVisit(Visit):
    """One page: the link code asked in its terminal, then the account's lobby."""

    PROMPT = "Link code (from your lobby's profile): "
    WRONG = "That link code is not good (a code is good once, for 15 minutes)."

    def accept(self, typed: str) -> Link | None:
        """The good link code typed and its account, the code not used up yet (None: not
        good, or its account is banned)."""
        code = typed.removeprefix("link-")
        if not _CODE.fullmatch(code):
            return None
        account = acc.link_account(self.door.host.store.db, code)
        return Link(code, account) if account is not None and not account.banned else None

    async def run(self) -> None:
        link = await self.login()
        if not isinstance(link, Link):
            return
        server, where = self.door.host, source(self.address)
        # counted, then the code used up, with no wait between (no other page's turn)
        why = server.take(link.account.id, self.address)
        if why is not None:  # the code is not used up: good again once the limit allows
            self.door.say(f"refused: a web session from {where}: {why}")
            await self.say(f"bohn: {why}")
            return
        try:
            account = acc.use_link(server.store.db, link.code)
            if account is None:  # used up (or the account banned) since it was typed
                await self.say(self.WRONG)
                return
            self.door.say(f"login: {account.name!r} from {where} (web, by a link code)")
            await self._lobby(account)
        finally:
            server.release(link.account.id, self.address)

    async def _lobby(self, account: acc.Account) -> None:
        lobby = WebLobby(self, account)
        door = self.door
        assert isinstance(door, ServerWebDoor)
        door.lobbies.add(lobby)
        try:
            await lobby.run()
        finally:
            door.lobbies.discard(lobby)


class WebLogin:
    """What a LobbySession asks of its connection (server.LobbyServer has the same): the
    server's door, the login (the proven account), the address and the name to offer."""

    def __init__(self, door: Any, account: acc.Account, address: str) -> None:
        self.door, self.address = door, address
        self.login = Login(account.id)
        self.key = ""  # (no key: only a new person's key is ever used, and this is none)
        self.username = account.name


class WebLobby:
    """A browser's lobby session: a LobbySession whose channel is the page's websocket."""

    def __init__(self, visit: LinkVisit, account: acc.Account) -> None:
        self.visit, self.ws, self.account = visit, visit.ws, account
        login = WebLogin(visit.door.host, account, visit.address)
        self.session = LobbySession(login, counted=True)  # (LinkVisit.run counts it)
        self.channel = Channel(self.ws, self.session)

    async def run(self) -> None:
        session, visit = self.session, self.visit
        session.connection_made(self.channel)
        cols, rows = visit.size
        session.pty_requested(DEFAULT_TERM, (cols, rows, 0, 0), {})
        await self.ws.send_bytes(b"\x1b[2J\x1b[H")
        session.session_started()
        assert session.task is not None
        reading = asyncio.ensure_future(self._keys())
        try:
            await asyncio.wait([session.task, reading], return_when=asyncio.FIRST_COMPLETED)
        finally:
            self.leave()
            with contextlib.suppress(Exception):
                await session.task  # (the processes hung up: it ends within KILL_SECONDS)
            reading.cancel()
            self.channel.exit(0)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.channel.task, 2.0)

    def leave(self) -> None:
        """The page is gone (or must go): the session's process hangs up."""
        self.session.connection_lost(None)

    def check(self) -> None:
        """The account removed or banned since the login: the session ends with one line."""
        found = acc.by_id(self.visit.door.host.store.db, self.account.id)
        if found is not None and not found.banned:
            return
        why = "this account is closed" if found is None else "this account is banned"
        self.visit.door.say(f"closed: a web session from {source(self.visit.address)}: {why}")
        self.channel.write(f"\r\nbohn: {why}\r\n".encode())
        self.leave()
        self.channel.exit(1)

    async def _keys(self) -> None:
        """The page's keys and sizes to the session, until the page leaves."""
        async for message in self.ws:
            if message.type != WSMsgType.TEXT:
                continue
            kind, data = _envelope(message.data)
            if kind == "stdin" and isinstance(data, str):
                self.session.data_received(data.encode("utf-8", "replace"), None)
            elif kind == "resize" and isinstance(data, dict):
                self.visit.size = _size(data, self.visit.size)
                self.session.terminal_size_changed(*self.visit.size, 0, 0)
            elif kind == "ping":
                await self.ws.send_json(["pong", data])


class Channel:
    """The channel a LobbySession writes to (what it uses of asyncssh's: write, exit,
    close), onto the page's websocket. At most about HIGH bytes wait: beyond that the
    session stops reading its pty (its pause_writing) until they are down to LOW."""

    def __init__(self, ws: web.WebSocketResponse, session: LobbySession) -> None:
        self.ws, self.session = ws, session
        self.buffer = bytearray()
        self.more = asyncio.Event()
        self.ended = False
        self.paused = False
        self.task = asyncio.ensure_future(self._send())

    def write(self, data: bytes) -> None:
        if self.ended:
            return
        self.buffer += data
        self.more.set()
        if len(self.buffer) > HIGH:
            self.paused = True
            self.session.pause_writing()

    def exit(self, status: int) -> None:
        """The session is over: what waits is sent, then the page's websocket closes."""
        self.ended = True
        self.more.set()

    def close(self) -> None:
        self.exit(1)

    async def _send(self) -> None:
        try:
            while True:
                await self.more.wait()
                self.more.clear()
                while self.buffer:
                    chunk = bytes(self.buffer[:CHUNK])
                    del self.buffer[:CHUNK]
                    await self.ws.send_bytes(chunk)
                    if self.paused and len(self.buffer) < LOW:
                        self.paused = False
                        self.session.resume_writing()
                if self.ended:
                    return
        except (ConnectionError, RuntimeError):
            self.ended = True
            self.buffer.clear()
            self.session.connection_lost(None)
        finally:
            with contextlib.suppress(Exception):
                await self.ws.close()


__all__ = ["LinkVisit", "ServerWebDoor"]
