"""The SSH front door of `bohn host --port` (issues #14, #22): asyncssh, not a protocol of ours.

The login name is the invite code. An SSH key is the only way in, and each key is decided on
its own when it is offered: a seat's code takes any key while the seat is unbound, and only
the key bound to it afterwards (the first key whose signature was checked and that started
the seat's game binds it: trust on first use). A key that may not have the seat is refused at
the public-key stage, so a client goes on to its next key. Nothing is remembered from one
auth request to the next: the key and code a connection plays with are the ones whose
signature asyncssh has just verified (`_Conn.validate_public_key`). A spectator code takes
any key. A code that is not one of this game's fails the login (with a banner saying so,
answered slowly after repeated failures: gate.py).

The door accepts TCP connections itself (`_Keeper`), so that gate.py's limits apply before
any SSH work is done. Each logged-in connection gets its own `bohn join` process in a real
pseudo-terminal (ssh_session.py). There is no shell, no command, no subsystem and no
forwarding of any kind; the banner names no library or version.

The host key is made on the first start and kept in the data folder. Bindings live as long
as the host (a new host prints new codes)."""

from __future__ import annotations

import asyncio
import hashlib
import os
import socket
import time
from collections.abc import Awaitable
from pathlib import Path
from typing import Any, cast

import asyncssh
from asyncssh.public_key import KeyImportError, decode_ssh_public_key

from bohn_tui.net.gate import Gate, Limits
from bohn_tui.net.spares import Spares
from bohn_tui.net.ssh_session import KILL_SECONDS, Session

HOST_KEY = "ssh_host_ed25519_key"
MAX_NAMES = 6  # login names that are none of the codes, in one connection
REFUSALS_SAID = 10.0  # seconds between two lines about refused connections


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The host's key, made (readable by its owner only) on the first start; OSError with
    the reason when it cannot be made or read."""
    path = folder / HOST_KEY
    if not path.exists():
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        key = asyncssh.generate_private_key("ssh-ed25519", comment="bohn host")
        data = key.export_private_key()
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        return key
    try:
        return asyncssh.read_private_key(path)
    except (asyncssh.KeyImportError, ValueError) as e:
        why = f"the host key {path} cannot be read ({e}); remove it to make a new one"
        raise OSError(why) from None


def key_id(public_data: bytes) -> str:
    """What a seat is bound to: the SHA-256 of the key's public data (None if unreadable)."""
    return hashlib.sha256(public_data).hexdigest()


class Door:
    """serve()'s front door (`listen`, then `attach` the host; `close`, `wait_closed`), and
    what the connections share: the host, its socket, the seats' keys, the gate, the
    session processes started beforehand (spares.py: of each kind in SPARE_KINDS)."""

    SPARE_KINDS: tuple[str, ...] = ("join",)

    def __init__(self, bind: str, port: int, folder: Path, limits: Limits | None = None) -> None:
        self.bind, self.port, self.folder = bind, port, folder
        everywhere = bind in ("", "0.0.0.0", "::")
        self.address = socket.gethostname() if everywhere else bind  # for the invites
        self.host: Any = None  # until attached, every login fails
        self.socket_path = Path()
        self.fingerprint = ""
        self.keys: dict[int, str] = {}  # seat -> key_id of the key bound to it
        self.servers: set[Server] = set()  # the connections now, logged in or not
        self.gate = Gate(limits, self.say)
        self.listener: asyncio.Server | None = None
        self._refused: dict[str, int] = {}  # why -> connections refused since the last line
        self._refused_said = 0.0
        self.spares = Spares()

    def say(self, text: str) -> None:
        """One line in the host's output."""
        if self.host is not None:
            self.host.say(text)

    async def listen(self, socket_path: Path) -> None:
        """Read (or make) the host key and listen: before the game is opened, so that a
        door that cannot open saves no game. OSError with the reason."""
        key = host_key(self.folder)
        self.socket_path, self.fingerprint = socket_path, key.get_fingerprint()
        options = await asyncssh.SSHServerConnectionOptions.construct(
            server_factory=self.new_server,
            server_host_keys=[key],
            server_version="bohn",
            encoding=None,
            line_editor=False,
            allow_pty=True,
            x11_forwarding=False,
            agent_forwarding=False,
            allow_scp=False,
            login_timeout=self.gate.limits.grace,
            keepalive_interval=30,
        )
        where = self.bind or ("0.0.0.0" if self.port == 0 else None)  # one port for all
        try:
            self.listener = await asyncio.get_running_loop().create_server(
                lambda: _Keeper(self, options), where, self.port, reuse_address=True, backlog=256
            )
        except OSError as e:
            reason = os.strerror(e.errno) if e.errno else str(e)
            why = f"SSH cannot listen on {self.bind}:{self.port}: {reason.lower()}"
            raise OSError(e.errno, why) from None
        self.port = self.listener.sockets[0].getsockname()[1]
        self.spares.prepare(*self.SPARE_KINDS)

    def new_server(self) -> Server:
        """The asyncssh server of one connection."""
        return Server(self)

    def attach(self, host: Any) -> None:
        """The host whose codes let people in."""
        self.host = host

    def close(self) -> None:
        """No new connections (serve()'s end)."""
        if self.listener is not None:
            self.listener.close()
        self.spares.close()
        self._say_refused()

    async def wait_closed(self) -> None:
        """The games that are still open end first (each join process leaves when the host
        does), so that every ssh gets its exit status; then the connections close."""
        tasks = [t for sv in self.servers if sv.session and (t := sv.session.task)]
        if tasks:
            await asyncio.wait(tasks, timeout=KILL_SECONDS)
        # the clients close their connections once they have the exit status and the rest
        # of the screen (which may wait for the client's window): give them a second
        end = asyncio.get_running_loop().time() + 1.0
        while self.servers and asyncio.get_running_loop().time() < end:
            await asyncio.sleep(0.02)
        for sv in list(self.servers):
            if sv.conn is not None:
                sv.conn.close()
        await asyncio.sleep(0.05)

    def seat_of(self, code: str) -> int | None | bool:
        """The seat of `code` (None: the spectators'), False when it is none of them (or
        no host is attached yet)."""
        return False if self.host is None else self.host.seat_of(code)

    def may_have(self, code: str, key: str) -> bool:
        """May the key `key` (its key_id) log in with `code`? Decided for this key alone."""
        seat = self.seat_of(code)
        if seat is False:
            return False
        bound = self.keys.get(seat) if isinstance(seat, int) else None
        return bound is None or bound == key

    def invite(self, code: str, flags: str = "") -> str:
        """The command that joins with `code` (`flags`: more of ssh's, such as "-t ")."""
        return f"ssh {flags}-p {self.port} {code}@{self.address}"

    def refused(self, why: str) -> None:
        """A connection refused before its login: said in one line every few seconds (and
        what is left to say when the door closes)."""
        self._refused[why] = self._refused.get(why, 0) + 1
        if time.monotonic() - self._refused_said >= REFUSALS_SAID:
            self._say_refused()

    def _say_refused(self) -> None:
        if self._refused:
            parts = ", ".join(f"{n} ({w})" for w, n in self._refused.items())
            self.say(f"SSH: refused connections: {parts}")
            self._refused.clear()
        self._refused_said = time.monotonic()


class _Keeper(asyncio.Protocol):
    """An accepted TCP connection: the gate decides before asyncssh sees a byte; then every
    call passes to the connection's `_Conn`."""

    def __init__(self, door: Door, options: asyncssh.SSHServerConnectionOptions) -> None:
        self.door, self.options = door, options
        self.conn: _Conn | None = None
        self.address = ""
        self.transport: asyncio.Transport | None = None
        self.waiting = False  # counted by the gate as not logged in yet

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "local"
        self.transport = cast(asyncio.Transport, transport)  # (a socket's: it can abort)
        why = self.door.gate.admit(self.address, self)
        if why is not None:
            self.door.refused(why)
            self.transport.abort()
            return
        self.waiting = True
        self.conn = _Conn(self, asyncio.get_running_loop(), self.options)
        self.conn.connection_made(transport)

    def drop(self, why: str) -> None:
        """The gate gave this login's place to a newcomer (gate.Waiting)."""
        self.waiting = False
        self.door.refused(why)
        if self.transport is not None:
            self.transport.abort()

    def logged_in(self) -> None:
        if self.waiting:
            self.waiting = False
            self.door.gate.left(self.address, self)

    def data_received(self, data: bytes) -> None:
        if self.conn is not None:
            self.conn.data_received(data)

    def eof_received(self) -> bool | None:
        if self.conn is not None:
            self.conn.eof_received()  # (it returns nothing: the connection closes)
        return None

    def pause_writing(self) -> None:
        if self.conn is not None:
            self.conn.pause_writing()

    def resume_writing(self) -> None:
        if self.conn is not None:
            self.conn.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.logged_in()  # no longer waiting, in any case
        if self.conn is not None:
            self.conn.connection_lost(exc)


class _Conn(asyncssh.SSHServerConnection):
    """asyncssh's server connection, told which key it has just proven."""

    def __init__(self, keeper: _Keeper, loop: Any, options: Any) -> None:
        super().__init__(loop, options)
        self.keeper = keeper

    async def validate_public_key(
        self, username: str, key_data: bytes, msg: bytes, signature: bytes
    ) -> bool:
        ok = await super().validate_public_key(username, key_data, msg, signature)
        if not (ok and msg):  # a query without a signature proves nothing
            return ok
        owner = self.get_owner()
        return isinstance(owner, Server) and owner.proven(username, key_data)


class Server(asyncssh.SSHServer):
    """One SSH connection: its login and its one session."""

    def __init__(self, door: Door) -> None:
        self.door = door
        self.conn: asyncssh.SSHServerConnection | None = None
        self.keeper: _Keeper | None = None
        self.address = ""
        self.code = ""  # the code and key of the login, set once its signature is checked
        self.key = ""
        self.names = 0  # login names that were none of the codes
        self.told_bound = False  # the banner about a seat's bound key was sent
        self.session: Session | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        if isinstance(conn, _Conn):
            self.keeper, self.address = conn.keeper, conn.keeper.address
        self.door.servers.add(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self.door.servers.discard(self)  # its session hangs up by itself

    def begin_auth(self, username: str) -> bool | Awaitable[bool]:
        if self.door.seat_of(username) is not False:
            return True  # a key is always needed
        return self._wrong_name()

    async def _wrong_name(self) -> bool:
        """A login name that is none of the codes: counted for the address, answered late
        once there were several, and the connection closed after MAX_NAMES of them."""
        self.names += 1
        delay = self.door.gate.failed(self.address)
        if delay:
            await asyncio.sleep(delay)
        if self.conn is not None:
            if self.names > MAX_NAMES:
                self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "bohn: no")
            else:
                self.conn.send_auth_banner(
                    "bohn: that invite code is not one of this game's (the login name is "
                    "the code the host printed)\r\n"
                )
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.door.may_have(username, key_id(key.public_data)):
            return True
        seat = self.door.seat_of(username)
        if isinstance(seat, int) and not self.told_bound and self.conn is not None:
            self.told_bound = True  # once: the client may go on to a key that is bound
            name = self.door.host.client.names[seat]
            self.conn.send_auth_banner(
                f"bohn: {name}'s seat is bound to the SSH key that first joined it; "
                "connect with that key\r\n"
            )
        return False

    def proven(self, username: str, key_data: bytes) -> bool:
        """The key `key_data` has just signed this login as `username`: may it? Then the
        connection plays with this code and this key."""
        try:
            key = key_id(decode_ssh_public_key(key_data).public_data)
        except KeyImportError:
            return False
        if not self.door.may_have(username, key):
            return False
        self.code, self.key = username.strip().lower(), key
        return True

    def auth_completed(self) -> None:
        if self.keeper is not None:
            self.keeper.logged_in()

    def session_requested(self) -> Session | bool:
        if self.session is not None:
            return False  # one game per connection
        self.session = Session(self)
        return self.session


__all__ = ["Door", "Server", "host_key", "key_id"]
