"""The SSH front door of `bohn host --port` (issue #14): asyncssh, not a protocol of our own.

The login name is the invite code. An SSH key is the only way in: the first public key that
opens a seat's code binds the seat to it (trust on first use) and a later connection with
another key is refused with one line; a spectator code takes any key. A code that is not one
of this game's fails the login (with a banner saying so). Each connection gets its own
`bohn join` process (one Textual app per process) in a real pseudo-terminal: TERM from the
client's pty request, window changes forwarded, bytes passed through as they are (no line
editor). There is no shell, no command, no subsystem and no forwarding of any kind; a client
without a pty, or one that sends a command, gets one line saying why and is closed.

The host key is made on the first start and kept in the data folder. Bindings live as long
as the host (a new host prints new codes)."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import hmac
import os
import signal
import socket
import struct
import sys
import termios
from pathlib import Path
from typing import Any

import asyncssh

HOST_KEY = "ssh_host_ed25519_key"
MAX_SSH = 64  # connections at once, logins in progress included
LOGIN_SECONDS = 30.0
INPUT_BUFFER = 64 * 1024  # keys waiting for the game to read them; more is dropped
KILL_SECONDS = 2.0  # after the connection ends, the join process has this long to leave


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The host's key, made (readable by its owner only) on the first start; OSError with
    the reason when it cannot be made or read."""
    path = folder / HOST_KEY
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
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


class Door:
    """serve()'s front door (`listen`, then `attach` the host; `close`, `wait_closed`), and
    what the connections share: the host, its socket, the seats' keys."""

    def __init__(self, bind: str, port: int, folder: Path) -> None:
        self.bind, self.port, self.folder = bind, port, folder
        everywhere = bind in ("", "0.0.0.0", "::")
        self.address = socket.gethostname() if everywhere else bind  # for the invites
        self.host: Any = None  # until attached, every login fails
        self.socket_path = Path()
        self.fingerprint = ""
        self.keys: dict[int, str] = {}  # seat -> the fingerprint of the key bound to it
        self.servers: set[Server] = set()  # the connections now
        self.acceptor: Any = None

    async def listen(self, socket_path: Path) -> None:
        """Read (or make) the host key and listen: before the game is opened, so that a
        door that cannot open saves no game. OSError with the reason."""
        key = host_key(self.folder)
        self.socket_path, self.fingerprint = socket_path, key.get_fingerprint()
        try:
            self.acceptor = await asyncssh.listen(
                self.bind or None,
                self.port,
                server_factory=lambda: Server(self),
                server_host_keys=[key],
                encoding=None,
                line_editor=False,
                allow_pty=True,
                x11_forwarding=False,
                agent_forwarding=False,
                allow_scp=False,
                login_timeout=LOGIN_SECONDS,
                keepalive_interval=30,
                reuse_address=True,
            )
        except OSError as e:
            reason = os.strerror(e.errno) if e.errno else str(e)
            why = f"SSH cannot listen on {self.bind}:{self.port}: {reason.lower()}"
            raise OSError(e.errno, why) from None
        self.port = self.acceptor.get_port()

    def attach(self, host: Any) -> None:
        """The host whose codes let people in."""
        self.host = host

    def close(self) -> None:
        """No new connections (serve()'s end)."""
        if self.acceptor is not None:
            self.acceptor.close()

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

    def invite(self, code: str, flags: str = "") -> str:
        """The command that joins with `code` (`flags`: more of ssh's, such as "-t ")."""
        return f"ssh {flags}-p {self.port} {code}@{self.address}"


class Server(asyncssh.SSHServer):
    """One SSH connection: its login and its one session."""

    def __init__(self, door: Door) -> None:
        self.door = door
        self.conn: asyncssh.SSHServerConnection | None = None
        self.code = ""
        self.key = ""  # the fingerprint of the key the login used
        self.session: Session | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.door.servers.add(self)
        if len(self.door.servers) > MAX_SSH:
            conn.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.door.servers.discard(self)  # its session hangs up by itself

    def begin_auth(self, username: str) -> bool:
        self.code = username.strip().lower()
        if self.door.seat_of(username) is False and self.conn is not None:
            self.conn.send_auth_banner(
                "bohn: that invite code is not one of this game's (the login name is the "
                "code the host printed)\r\n"
            )
        return True  # a key is always needed

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.door.seat_of(username) is False:
            return False
        self.key = key.get_fingerprint()
        return True

    def session_requested(self) -> Session | bool:
        if self.session is not None:
            return False  # one game per connection
        self.session = Session(self)
        return self.session


class Session(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """The one session of a connection: a `bohn join` process in a pty of its own."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.chan: Any = None
        self.term: str | None = None
        self.size = (80, 24)
        self.master: int | None = None
        self.proc: asyncio.subprocess.Process | None = None
        self.pending = bytearray()  # keys not yet written to the pty
        self.reading = False
        self.task: asyncio.Task[None] | None = None
        self.command = False

    # -- what the client asks for ---------------------------------------------------------

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        self.term = term_type or "xterm-256color"
        if term_size and term_size[0] > 0 and term_size[1] > 0:
            self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = True  # refused with a line once the session starts
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def terminal_size_changed(self, width: int, height: int, pw: int, ph: int) -> None:
        if width > 0 and height > 0:
            self.size = (width, height)
            if self.master is not None:
                with contextlib.suppress(OSError):
                    _set_size(self.master, self.size)

    def session_started(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run())

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.master is None:
            return
        room = INPUT_BUFFER - len(self.pending)
        if room > 0:
            self.pending += data[:room]
            self._write_keys()

    def eof_received(self) -> bool:
        return True  # keep the channel open: the game ends the session, or the hang-up

    def pause_writing(self) -> None:
        self._reader(False)

    def resume_writing(self) -> None:
        self._reader(True)

    def connection_lost(self, exc: Exception | None) -> None:
        self.hang_up()

    # -- the game process ---------------------------------------------------------------------

    def _refuse(self, reason: str) -> None:
        end = "\r\n" if self.term else "\n"
        with contextlib.suppress(Exception):
            self.chan.write(f"bohn: {reason}{end}".encode())
            self.chan.exit(1)

    async def _run(self) -> None:
        server, door = self.server, self.server.door
        seat = door.seat_of(server.code)  # a seat or None: the login refused other codes
        if self.command:
            self._refuse(f"this door runs the game only, no commands: {door.invite(server.code)}")
            return
        if self.term is None:
            invite = door.invite(server.code, "-t ")
            self._refuse(f"the game needs a terminal; connect with: {invite}")
            return
        if isinstance(seat, int):
            bound = door.keys.setdefault(seat, server.key)
            if not hmac.compare_digest(bound, server.key):
                name = door.host.client.names[seat]
                self._refuse(
                    f"{name}'s seat is bound to the SSH key that first joined it; "
                    "connect with that key"
                )
                return
        try:
            await self._spawn(server.code, self.term)
        except OSError as e:
            self._refuse(f"the game could not start ({e.strerror or e})")
            return
        assert self.proc is not None
        status = await self.proc.wait()
        await self._drain()
        self._close_master()
        with contextlib.suppress(Exception):
            self.chan.exit(max(0, status))

    async def _spawn(self, code: str, term: str) -> None:
        master, slave = os.openpty()
        try:
            _set_size(master, self.size)
            os.set_blocking(master, False)
            env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
            env["TERM"] = term
            env.setdefault("LANG", "C.UTF-8")
            cmd = [sys.executable, "-m", "bohn_tui", "join", "--socket"]
            cmd += [str(self.server.door.socket_path), code]
            self.proc = await asyncio.create_subprocess_exec(
                *cmd,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=env,
                start_new_session=True,
                preexec_fn=_take_terminal,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self.master = master
        self._reader(True)

    def _reader(self, on: bool) -> None:
        if self.master is None or on == self.reading:
            return
        loop = asyncio.get_running_loop()
        if on:
            loop.add_reader(self.master, self._screen)
        else:
            loop.remove_reader(self.master)
        self.reading = on

    def _screen(self) -> None:
        """The game drew something: pass it on."""
        assert self.master is not None
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the game's side of the pty is closed
            data = b""
        if not data:
            self._reader(False)
            return
        with contextlib.suppress(Exception):
            self.chan.write(data)

    async def _drain(self) -> None:
        """What the game wrote just before it ended."""
        for _ in range(64):
            if self.master is None or not self.reading:
                return
            self._screen()
            await asyncio.sleep(0)

    def _write_keys(self) -> None:
        if self.master is None or not self.pending:
            return
        loop = asyncio.get_running_loop()
        try:
            written = os.write(self.master, self.pending)
            del self.pending[:written]
        except BlockingIOError:
            pass
        except OSError as e:
            if e.errno != errno.EIO:
                raise
            self.pending.clear()
        loop.remove_writer(self.master)
        if self.pending:
            loop.add_writer(self.master, self._write_keys)

    def _close_master(self) -> None:
        if self.master is None:
            return
        self._reader(False)
        with contextlib.suppress(Exception):
            asyncio.get_running_loop().remove_writer(self.master)
        os.close(self.master)
        self.master = None

    def hang_up(self) -> None:
        """The connection is gone: the game process leaves (its seat waits for them)."""
        proc = self.proc
        if proc is not None and proc.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGHUP)
            asyncio.get_running_loop().create_task(_reap(proc))


async def _reap(proc: asyncio.subprocess.Process) -> None:
    try:
        await asyncio.wait_for(proc.wait(), KILL_SECONDS)
    except TimeoutError:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        await proc.wait()


def _take_terminal() -> None:
    """In the join process, before it starts: the pty is its controlling terminal (so that
    a window change reaches it as SIGWINCH)."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _set_size(fd: int, size: tuple[int, int]) -> None:
    cols, rows = size
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


__all__ = ["Door", "Server", "Session", "host_key"]
