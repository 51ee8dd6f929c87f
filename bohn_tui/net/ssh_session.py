"""One SSH session of the front door (ssh.py): a `bohn join` process in a pty of its own
(one the door started beforehand and hands the pty to: spares.py).

TERM comes from the client's pty request (letters, digits and `.+-_` only, at most 64
characters; anything else is xterm-256color), the window size too, clamped to `MAX_COLS` x
`MAX_ROWS` (a larger window is drawn at that size), and every window change. The invite
code reaches the process on an inherited pipe (`bohn join --code-fd N`), never on its
command line. The pty starts with no line editing and no signal keys, so that a key typed
before the game is up (Ctrl+C, Ctrl+Z) is a key, not a signal. Bytes pass as they are. A
task of a session that fails closes that connection with one line in the host's output."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import hmac
import os
import re
import signal
import struct
import termios
from typing import Any

import asyncssh

from bohn_tui.engine.limits import clip

INPUT_BUFFER = 64 * 1024  # keys waiting for the game to read them; more is dropped
# keys passed on to a session's process (a lobby, a seat; both doors): a Textual app
# reads its pty at once and queues every key until handled (~2.5 KB each; a loaded
# machine handles a few thousand a second: 100,000 keys sent at once took the lobby
# 43 -> 285 MB, never given back), so the door passes on at most KEYS_PER_SECOND bytes a
# second after a burst of KEYS_BURST (a person types tens of keys a second, a mouse moved
# about 1 KB), holds at most KEYS_BURST more (a packet whole) and drops the rest
# (100,000 keys at once: 43 -> 61 MB)
KEYS_PER_SECOND = 2048
KEYS_BURST = 4096
KILL_SECONDS = 2.0  # after the connection ends, the join process has this long to leave
MAX_COLS, MAX_ROWS = 500, 200  # a window larger than this is drawn at this size
_TERM = re.compile(r"[A-Za-z0-9][A-Za-z0-9.+_-]{0,63}")
DEFAULT_TERM = "xterm-256color"


def terminal_type(asked: str | None) -> str:
    """The TERM of the game process for what the client asked for."""
    return asked if asked and _TERM.fullmatch(asked) else DEFAULT_TERM


def window(cols: int, rows: int) -> tuple[int, int] | None:
    """The size the game is drawn at for a client's window (None: no size given)."""
    if cols <= 0 or rows <= 0:
        return None
    return min(cols, MAX_COLS), min(rows, MAX_ROWS)


class Session(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """The one session of a connection (its Server: ssh.py)."""

    def __init__(self, server: Any) -> None:
        self.server = server
        self.chan: Any = None
        self.term: str | None = None
        self.size = (80, 24)
        self.master: int | None = None
        self.proc: asyncio.subprocess.Process | None = None
        self.pending = bytearray()  # keys not yet written to the pty
        self.held = bytearray()  # keys over the pace, passed on later (at most KEYS_BURST)
        self.allowance = float(KEYS_BURST)  # bytes that may be passed on now
        self.paced = 0.0  # (loop time) when the allowance was last worked out
        self.later: asyncio.TimerHandle | None = None
        self.reading = False
        self.task: asyncio.Task[None] | None = None
        self.command = False

    # -- what the client asks for ---------------------------------------------------------

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        self.term = terminal_type(term_type)
        if term_size:
            self.size = window(term_size[0], term_size[1]) or self.size
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = True  # refused with a line once the session starts
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def terminal_size_changed(self, width: int, height: int, pw: int, ph: int) -> None:
        size = window(width, height)
        if size is not None:
            self.size = size
            if self.master is not None:
                with contextlib.suppress(OSError):
                    _set_size(self.master, self.size)

    def session_started(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._guarded())

    def data_received(self, data: bytes, datatype: Any) -> None:
        """Keys, at most KEYS_PER_SECOND bytes a second after a burst (see KEYS_BURST)."""
        if self.master is None:
            return
        if len(self.held) + len(data) <= KEYS_BURST:  # (a packet whole or not at all: no
            self.held += data  # escape sequence, a mouse's or a key's, cut in two)
        self._pass_keys()

    def _pass_keys(self) -> None:
        self.later = None
        loop = asyncio.get_running_loop()
        now = loop.time()
        self.allowance = min(KEYS_BURST, self.allowance + (now - self.paced) * KEYS_PER_SECOND)
        self.paced = now
        n = min(len(self.held), int(self.allowance))
        if n:
            self.allowance -= n
            keys = bytes(self.held[:n])
            del self.held[:n]
            self._to_pty(keys)
        if self.held and self.master is not None:
            wait = (min(len(self.held), 1024) - self.allowance) / KEYS_PER_SECOND
            self.later = loop.call_later(max(0.01, wait), self._pass_keys)

    def _to_pty(self, data: bytes) -> None:
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
        if self.later is not None:
            self.later.cancel()
        self.hang_up()

    # -- the game process ---------------------------------------------------------------------

    def _refuse(self, reason: str) -> None:
        end = "\r\n" if self.term else "\n"
        with contextlib.suppress(Exception):
            self.chan.write(f"bohn: {reason}{end}".encode())
            self.chan.exit(1)

    async def _guarded(self) -> None:
        """The session's run; whatever fails closes this connection only, with one line."""
        try:
            await self._run()
        except Exception as e:  # noqa: BLE001 - one connection's trouble never stops the host
            self.server.door.say(
                f"SSH: a session failed and was closed ({clip(str(e) or type(e).__name__, 80)})"
            )
            self.hang_up()
            self._close_master()
            self._refuse("the game stopped (the host could not run this session)")
            with contextlib.suppress(Exception):
                self.chan.close()

    async def _run(self) -> None:
        server, door = self.server, self.server.door
        seat = door.seat_of(server.code)  # a seat or None: the login refused other codes
        if seat is False:
            self._refuse("that invite code is not one of this game's")
            return
        if self.command:
            self._refuse(f"this door runs the game only, no commands: {door.invite(server.code)}")
            return
        if self.term is None:
            invite = door.invite(server.code, "-t ")
            self._refuse(f"the game needs a terminal; connect with: {invite}")
            return
        why = door.gate.take(seat, server.address)
        if why is not None:
            self._refuse(why)
            return
        try:
            if isinstance(seat, int):
                bound = door.keys.setdefault(seat, server.key)
                if not hmac.compare_digest(bound, server.key):
                    name = door.host.client.names[seat]
                    self._refuse(
                        f"{name}'s seat is bound to the SSH key that first joined it; "
                        "connect with that key"
                    )
                    return
            await self._play(server.code, self.term)
        finally:
            door.gate.release(seat, server.address)

    async def _play(self, code: str, term: str) -> None:
        try:
            await self._spawn(code, term)
        except OSError as e:
            self._refuse(f"the game could not start ({e.strerror or e})")
            return
        status = await self.finish()
        with contextlib.suppress(Exception):
            self.chan.exit(max(0, status))

    async def finish(self) -> int:
        """The process's status once it ended and its last output is passed on."""
        assert self.proc is not None
        status = await self.proc.wait()
        await self._drain()
        self._close_master()
        return status

    async def _spawn(self, code: str, term: str, socket_path: Any = None) -> None:
        path = self.server.door.socket_path if socket_path is None else socket_path
        args = ["join", "--socket", str(path), "--code-fd"]
        await self.spawn(args, code.encode() + b"\n", term)

    async def spawn(
        self, args: list[str], secret: bytes, term: str, pass_fds: tuple[int, ...] = ()
    ) -> None:
        """`bohn ARGS FD` in the session's pty: FD an inherited pipe that holds `secret` (far
        below a pipe's buffer), never the command line; `pass_fds` are inherited too. The
        process is one the door started beforehand (spares.py), or one started now."""
        master, slave = os.openpty()
        code_r, code_w = os.pipe()
        try:
            _set_size(master, self.size)
            _keys_not_signals(slave)
            os.set_blocking(master, False)
            os.write(code_w, secret)
            os.close(code_w)
            code_w = -1
            spares = self.server.door.spares
            for _ in range(2):  # an idle one that ended meanwhile: one started now
                spare = await spares.take(args[0])
                try:
                    spare.hand([*args, str(code_r)], term, [slave, code_r, *pass_fds])
                except OSError:
                    spare.drop()
                    continue
                self.proc = spare.proc
                break
            else:
                raise OSError(errno.ECHILD, "no process took the session")
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
            os.close(code_r)
            if code_w >= 0:
                os.close(code_w)
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

    def stop_screen(self) -> None:
        """Nothing more of the game's screen goes to the person (they are put out): the pty
        closed (the game process sees its terminal hang up) and the process hung up."""
        self._close_master()
        self.hang_up()

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


def _keys_not_signals(fd: int) -> None:
    """The pty passes every key as a byte (no line editing, no echo, no Ctrl+C/Ctrl+Z/Ctrl+\\
    signals, no flow control) until the game sets its own mode; output keeps its newlines."""
    attrs = termios.tcgetattr(fd)
    attrs[0] &= ~(termios.IXON | termios.IXOFF | termios.ICRNL | termios.INLCR)
    attrs[3] &= ~(termios.ISIG | termios.ICANON | termios.ECHO | termios.IEXTEN)
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def _set_size(fd: int, size: tuple[int, int]) -> None:
    cols, rows = size
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


__all__ = ["MAX_COLS", "MAX_ROWS", "Session", "terminal_type", "window"]
