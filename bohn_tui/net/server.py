"""`bohn server` (issue #26): one SSH address for a group's many tables, accounts bound to
keys, a lobby. The door is ssh.py's (the gate's limits before any SSH work, no shell, no
forwarding); what differs is who may log in and what a session runs.

Who a login is, is decided for each key on its own, from the database, when the key is
offered and again when its signature has been checked (`proven`): the connection plays
with the account of the key asyncssh has just verified, nothing remembered in between.

- A key bound to an account logs in as that account, under its name in any case (or any
  name that is no account's: `ssh host` with the local user's name); under another
  account's name it is refused at the public-key stage (the client offers its next key).
- `link-CODE` with a good one-time link code (made in the lobby's profile): the key is
  bound to the code's account at its signature, and the code is used up. A key bound
  already is refused under `link-CODE` (the client offers its next key, the new one; the
  code stays good), never let in as its own account as if the code had been used.
- An unknown key under a name that is no account's: a new person, asked for a name.
- A banned key, or a key of a banned account: refused with one line.

Refusals and bad link codes count as failed logins for the address (gate.py: answered
slowly, then refused for a while). At most NEW_PER_ADDRESS accounts are made from one
address in NEW_WINDOW seconds; at most NEW_AT_ONCE new people from one address choose a
name at once, each within NAME_SECONDS; at most PER_ACCOUNT connections of one account,
PER_ADDRESS from one address and SESSIONS in all are in the lobby at once. One line in the
server's log per login, refusal and table."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import asyncssh
from asyncssh.public_key import KeyImportError, decode_ssh_public_key

from bohn_tui.engine.limits import clip
from bohn_tui.net.gate import Limits, _down, source
from bohn_tui.net.login import Login
from bohn_tui.net.ssh import MAX_NAMES, Door, Server, key_id
from bohn_tui.net.tables import Clock, Tables
from bohn_tui.store import accounts as acc
from bohn_tui.store import tables as t

LINK_PREFIX = "link-"
MAX_LOGIN_NAME = 64  # characters of a login name that is looked at
NEW_PER_ADDRESS = 5  # accounts made from one address within NEW_WINDOW
NEW_WINDOW = 3600.0
NEW_AT_ONCE = 2  # new people (not named yet) from one address at once
PER_ACCOUNT = 3  # connections of one account at once
PER_ADDRESS = 6  # logged-in connections from one address
SESSIONS = 64  # logged-in connections in all
CHECK_SECONDS = 5.0  # how often the connections' keys are checked again (bans, removals)
STOPPING = "the server is stopping; your games are kept: log in again once it is back"


def decide(db: Any, username: str, key: str) -> Login | str:
    """Who `key` (its key_id) logs in as under `username`, or why it may not (one line)."""
    name = username.strip()[:MAX_LOGIN_NAME]
    if acc.key_banned(db, key):
        return "this key is banned from this server"
    mine = acc.by_key(db, key)
    named = acc.by_name(db, name) if name else None
    if mine is not None:
        if mine.banned:
            return "this key is banned from this server"
        if name.lower().startswith(LINK_PREFIX):  # (said, not ignored; the code stays good)
            return f"this key is {mine.name}'s already: a link code adds a key that is new here"
        if named is not None and named.id != mine.id:
            return f"this key is not one of {named.name}'s (it is another account's)"
        return Login(mine.id)
    if name.lower().startswith(LINK_PREFIX):
        code = name[len(LINK_PREFIX) :]
        linked = acc.link_account(db, code)
        if linked is None or linked.banned:
            return "that link code is not good (a code is good once, for 15 minutes)"
        return Login(linked.id, code)
    if named is not None:
        return (
            f"this key is not one of {named.name}'s: add it with a link code from the "
            "profile in that account's lobby"
        )
    return Login(None)


def put_out(conn: Any, reason: str, session: Any = None, seconds: float = 2.0) -> None:
    """End `conn` with `reason` as its disconnect's text, which the person's ssh prints: once
    what is queued for it has gone out (asyncssh's disconnect aborts the transport, which
    drops what is still queued, the disconnect itself among it, and the person saw no line),
    or after `seconds` at the latest."""
    import asyncio
    import contextlib

    transport = getattr(conn, "_transport", None)  # asyncssh (pinned): the socket's transport
    if session is not None:  # its screen stops here (no frame after the line), and the line
        with contextlib.suppress(Exception):  # goes on its channel, in order after them
            session.stop_screen()
            session.chan.write(f"{reason}\r\n".encode())

    async def when_sent() -> None:
        end = asyncio.get_running_loop().time() + seconds
        while transport is not None and (transport.get_write_buffer_size() > 0 or _queued(session)):
            if asyncio.get_running_loop().time() > end:
                break
            await asyncio.sleep(0.01)
        conn.disconnect(asyncssh.DISC_BY_APPLICATION, reason)  # in the tick it found none

    task = asyncio.get_running_loop().create_task(when_sent())
    _PUTTING_OUT.add(task)  # (a task only the loop holds may be collected before it runs)
    task.add_done_callback(_PUTTING_OUT.discard)


_PUTTING_OUT: set[Any] = set()


def _queued(session: Any) -> bool:
    """Whether the session's channel still holds data for the person (asyncssh, pinned)."""
    chan = getattr(session, "chan", None)
    return bool(chan is not None and chan.get_write_buffer_size())


class ServerDoor(Door):
    """The server's SSH door: ssh.py's Door with accounts for codes and a lobby for a game."""

    SPARE_KINDS = ("server", "join")  # a lobby and a seat process ready (net/spares.py)

    def __init__(
        self,
        bind: str,
        port: int,
        folder: Path,
        store: Any,
        tables: Tables,
        log: Callable[[str], None],
        limits: Limits | None = None,
    ) -> None:
        super().__init__(bind, port, folder, limits)
        self.store, self.tables, self.log = store, tables, log
        self.made: dict[str, deque[float]] = {}  # address -> when accounts were made
        self.sessions: dict[int | None, int] = {}  # account -> lobby connections now
        self.from_address: dict[str, int] = {}
        self.unnamed: dict[str, int] = {}  # address -> new people's connections now
        self.stopping = False  # the server is ending: no lobby starts again

    def say(self, text: str) -> None:
        self.log(text)

    def new_server(self) -> Server:
        return LobbyServer(self)

    def invite(self, code: str, flags: str = "") -> str:
        return f"ssh {flags}-p {self.port} {code}@{self.address}"

    # -- limits ---------------------------------------------------------------------------

    def take(self, account: int | None, address: str) -> str | None:
        """Why a logged-in connection may not have a lobby now, or None (counted until
        `release`)."""
        where = source(address)
        if sum(self.sessions.values()) >= SESSIONS:
            return "the server is full; try again later"
        if self.from_address.get(where, 0) >= PER_ADDRESS:
            return f"at most {PER_ADDRESS} connections from one address"
        if account is not None and self.sessions.get(account, 0) >= PER_ACCOUNT:
            return f"this account has {PER_ACCOUNT} connections already; close one first"
        if account is None and self.unnamed.get(where, 0) >= NEW_AT_ONCE:
            return "too many new logins from this address at once; choose a name in one first"
        if account is None:
            self.unnamed[where] = self.unnamed.get(where, 0) + 1
        self.sessions[account] = self.sessions.get(account, 0) + 1
        self.from_address[where] = self.from_address.get(where, 0) + 1
        return None

    def release(self, account: int | None, address: str) -> None:
        if account is None:
            _down(self.unnamed, source(address))
        _down(self.sessions, account)
        _down(self.from_address, source(address))

    def moved(self, address: str, new: int) -> None:
        """A connection counted as a new person's is `new`'s account now."""
        _down(self.unnamed, source(address))
        _down(self.sessions, None)
        self.sessions[new] = self.sessions.get(new, 0) + 1

    def check_logins(self) -> None:
        """Every connection whose key was removed or banned since it logged in (by `bohn
        server accounts`, another process) ends now, with one line."""
        db = self.store.db
        for sv in list(self.servers):
            if not isinstance(sv, LobbyServer) or sv.login is None or sv.conn is None:
                continue
            found = decide(db, "", sv.key)
            if isinstance(found, str) or found.account != sv.login.account:
                if sv.login.account is None and isinstance(found, Login):
                    continue  # a new person who has just chosen a name
                why = found if isinstance(found, str) else "this key was removed from its account"
                self.say(f"closed: a connection from {source(sv.address)}: {why}")
                put_out(sv.conn, f"bohn: {why}", sv.session)

    def farewell(self) -> None:
        """The server stops: every person's connection ends with one line, not a bare
        disconnect (their tables are kept and open again when it starts)."""
        for sv in list(self.servers):
            if isinstance(sv, LobbyServer) and sv.conn is not None and sv.session is not None:
                put_out(sv.conn, f"bohn: {STOPPING}", sv.session)

    def may_make(self, address: str) -> bool:
        now, made = time.time(), self.made.setdefault(source(address), deque())
        while made and now - made[0] > NEW_WINDOW:
            made.popleft()
        return len(made) < NEW_PER_ADDRESS

    def create_account(self, name: str, key: str, address: str) -> acc.Account | str:
        """A new account for a new person's key, or why not (one line for them)."""
        if not self.may_make(address):
            self.say(f"refused: a new account from {source(address)} (too many made from there)")
            return "too many accounts were made from this address lately; try again later"
        try:
            made = acc.create(self.store.db, name, key)
        except acc.AccountError as e:
            return str(e)
        self.made.setdefault(source(address), deque()).append(time.time())
        self.say(f"account {made.name!r} made from {source(address)} (key {key[:12]})")
        return made


class LobbyServer(Server):
    """One connection of the server: its login (an account, or a new person)."""

    def __init__(self, door: ServerDoor) -> None:
        super().__init__(door)
        self.sdoor = door
        self.login: Login | None = None
        self.told = False  # a refusal was said to this connection
        self.refusals = 0
        self.username = ""

    def begin_auth(self, username: str) -> bool | Awaitable[bool]:
        return True  # a key is always needed

    def _refuse_key(self, why: str) -> None:
        """A key refused: each refusal is a failed login of the address (gate.py); the first
        is said to the client and logged, and after MAX_NAMES of them the connection ends."""
        self.refusals += 1
        self.sdoor.gate.failed(self.address)
        if self.conn is None:
            return
        if self.refusals > MAX_NAMES:
            self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "bohn: no")
        elif not self.told:
            self.told = True
            self.conn.send_auth_banner(f"bohn: {why}\r\n")
            self.sdoor.say(f"refused: a key from {source(self.address)}: {why}")

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        found = decide(self.sdoor.store.db, username, key_id(key.public_data))
        if isinstance(found, str):
            self._refuse_key(found)
            return False
        return True

    def proven(self, username: str, key_data: bytes) -> bool:
        try:
            key = key_id(decode_ssh_public_key(key_data).public_data)
        except KeyImportError:
            return False
        db = self.sdoor.store.db
        found = decide(db, username, key)
        if isinstance(found, str):
            self._refuse_key(found)
            return False
        if found.link:
            linked = acc.redeem_link(db, found.link, key)
            if linked is None:
                self._refuse_key("that link code is not good any more")
                return False
            self.sdoor.say(f"key {key[:12]} added to {linked.name!r} by a link code")
            found = Login(linked.id)
        self.login, self.key = found, key
        self.username = clip(username.strip(), 40)
        who = "a new person" if found.account is None else repr(_name(db, found.account))
        self.sdoor.say(f"login: {who} from {source(self.address)} (key {key[:12]})")
        return True

    def session_requested(self) -> Any:
        from bohn_tui.net.lobby_session import LobbySession

        if self.session is not None or self.login is None:
            return False
        self.session = LobbySession(self)
        return self.session


async def serve(
    store: Any,
    bind: str,
    port: int,
    ready: Callable[[ServerDoor], None],
    log: Callable[[str], None],
    bot_delay: float = 0.4,
    limits: Limits | None = None,
    check_seconds: float = CHECK_SECONDS,
    web: Any = None,
    clock: Clock | None = None,
) -> None:
    """Run the server until SIGINT or SIGTERM: the door listens first (and the web door
    `web`, web_server.py's, with it), then every table that was running opens again, then
    `ready(door)`; every `check_seconds` the logged-in keys are checked again, a banned
    account's tables end for it, and the tables' waits on `clock` (bots stand in)."""
    import asyncio
    import contextlib
    import signal

    store.open()
    tables = Tables(store, log, bot_delay, clock)
    door = ServerDoor(bind, port, store.root, store, tables, log, limits)
    await door.listen(Path())
    if web is not None:
        await web.listen(Path())
        web.attach(door)
    running = t.in_state(store.db, t.RUNNING)
    if any(row.accounts() for row in running):
        # people to come back (the farewell told them to log in again once it is back): a
        # burst of logins, whose 2nd and 3rd would otherwise start their lobbies cold; the
        # processes start while the tables open, not with the first logins' frames
        door.spares.raise_to_burst("server", start=True)
    await tables.open_all(running)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        ready(door)
        log(f"server listening on {door.bind or '*'}:{door.port}, {len(tables.running)} tables")
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), check_seconds)
            try:
                door.check_logins()
                tables.close_banned()
                tables.tick()
            except Exception as e:  # noqa: BLE001 - a check that fails is a line, no stop
                log(f"the logins or tables could not be checked: {clip(str(e), 120)}")
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        door.stopping = True
        door.close()
        door.farewell()
        if web is not None:
            web.close()
        tables.close_all()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(door.wait_closed(), 4.0)
        if web is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(web.wait_closed(), 4.0)
        log("server stopped")


def _name(db: Any, account: int) -> str:
    found = acc.by_id(db, account)
    return found.name if found else "?"


__all__ = ["Login", "LobbyServer", "ServerDoor", "decide", "serve"]
