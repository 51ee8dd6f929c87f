"""The remote seat client: one seat of a game that a host (`bohn host`) runs, over a Unix
socket (protocol version 1, newline-delimited JSON). `RemoteClient` implements
play.client.SeatClient: a reader task keeps the host's last `state` (the seat's view, its
legal actions, what each seat is asked, the log) and tells the subscribers after each one;
`submit` and `undo` send a request and wait for its `result`. A dropped connection is
retried with the same code (the seat stays ours); a `bye` or anything unreadable from the
host ends it with one line in `connection`."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bohn_tui.engine.actions import Action, IllegalAction, action_from_json, to_json
from bohn_tui.engine.contract import Ask
from bohn_tui.engine.limits import clip, show
from bohn_tui.net import protocol as p
from bohn_tui.play.client import Watched

HELLO_TIMEOUT = p.HELLO_SECONDS
RETRY_EVERY = 1.0  # seconds between two tries to reconnect


class RemoteError(Exception):
    """The host cannot be reached or refused us: one short sentence."""


@dataclass(frozen=True)
class Line:
    text: str
    turn: int
    seat: int | None


def socket_for(code: str) -> Path:
    """The socket of the host an invite code names (RemoteError if it is not a code)."""
    try:
        return p.socket_path(p.code_host(code))
    except p.ProtocolError as e:
        raise RemoteError(str(e)) from None


class RemoteClient(Watched):
    """One seat (or a spectator) at a game a host runs. `connect()` first (RemoteError says
    why it cannot); then the reader task runs until `stop()` or the host's bye."""

    def __init__(self, code: str, socket_path: Path | None = None) -> None:
        self.code = code.strip()
        self.path = socket_path if socket_path is not None else socket_for(self.code)
        self.seat: int | None = None
        self.game_id = ""
        self.title = ""
        self.table = ""
        self.names: list[str] = []
        self.humans: list[int] = []
        self.options: dict[str, Any] = {}
        self.seed: int | None = None  # the host never says it: it tells every hidden card
        self.save_id = ""
        self._bots: dict[int, str] = {}
        self._help: list[str] = []
        self._resigned: list[int] = []  # the people's seats whose person resigned
        self._state: dict[str, Any] = {}
        self._legal: list[Action] = []
        self._asks: dict[int, Ask] = {}
        self._log: list[Line] = []
        self._log_from = 0  # the host's number of the first line in _log
        self._notice: str | None = None  # the host's last notice, until take_error
        self._watchers: list[Callable[[], None]] = []
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[str | None]] = {}
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task[None] | None = None
        self._stopped = False
        self.connection: str | None = None  # None: connected; else what is wrong, one line
        self.ended = False  # the host said bye (or spoke nonsense): no reconnecting
        self.host_closed = False  # that bye: the hosting ended (the game is saved there)
        self.taken_over = False  # that bye: this seat connected from elsewhere

    # -- the connection -------------------------------------------------------------------------

    async def connect(self) -> None:
        """Say hello and read the welcome and the first state; then read on in a task."""
        reader = await self._open()
        self._task = asyncio.get_running_loop().create_task(self._run(reader))

    async def _open(self) -> asyncio.StreamReader:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_unix_connection(str(self.path), limit=p.HOST_LINE + 1), HELLO_TIMEOUT
            )
        except (OSError, TimeoutError) as e:
            why = e.strerror if isinstance(e, OSError) and e.strerror else "no answer"
            where = show(str(self.path), 80)
            raise RemoteError(f"cannot reach the host at {where}: {why}") from None
        try:
            writer.write(p.encode(p.hello(self.code)))
            welcome = await asyncio.wait_for(_read(reader), HELLO_TIMEOUT)
            if welcome.get("t") == "bye":
                raise RemoteError(f"the host refused: {_reason(welcome)}")
            if welcome.get("t") != "welcome":
                raise RemoteError("the host did not welcome us")
            self._welcome(welcome)
            state = await asyncio.wait_for(_read(reader), HELLO_TIMEOUT)
            if state.get("t") != "state":
                raise RemoteError("the host sent no state after its welcome")
            self._take_state(state)
        except (OSError, TimeoutError, ValueError, KeyError, TypeError, IllegalAction) as e:
            writer.close()
            why = "it said nothing" if isinstance(e, TimeoutError) else "it sent nonsense"
            raise RemoteError(f"the host did not answer properly: {why}") from None
        except RemoteError:
            writer.close()
            raise
        self._writer = writer
        self.connection = None
        return reader

    async def _run(self, reader: asyncio.StreamReader) -> None:
        while not self._stopped:
            why = await self._read_on(reader)
            self._drop(why)
            if self.ended or self._stopped:
                return
            while not self._stopped:  # the seat stays ours: come back with the same code
                await asyncio.sleep(RETRY_EVERY)
                try:
                    reader = await self._open()
                except RemoteError as e:
                    if "refused" in str(e):
                        self.ended = True
                        self._drop(str(e))
                        return
                    continue
                self._changed()
                break

    async def _read_on(self, reader: asyncio.StreamReader) -> str:
        """Read messages until the connection ends; what ended it, one line."""
        while True:
            try:
                msg = await _read(reader)
            except EOFError:
                return "the connection to the host was lost; reconnecting…"
            except OSError:
                return "the connection to the host was lost; reconnecting…"
            except (ValueError, TypeError):
                self.ended = True
                return "the host sent something unreadable; the connection is closed"
            kind = msg.get("t")
            try:
                if kind == "state":
                    self._take_state(msg)
                    self._changed()
                elif kind == "result":
                    future = self._waiting.pop(int(msg["id"]), None)
                    error = msg.get("error")
                    if future is not None and not future.done():
                        future.set_result(None if error is None else clip(str(error), 200))
                elif kind == "notice":
                    self._notice = clip(str(msg["text"]), p.NOTICE)
                    self._changed()
                elif kind == "bye":
                    self.ended = True
                    self.host_closed = msg.get("reason") == p.GAME_CLOSED
                    self.taken_over = msg.get("reason") == p.TAKEN_OVER
                    return f"the host closed the connection: {_reason(msg)}"
                elif kind != "pong":
                    raise ValueError(kind)
            except (ValueError, TypeError, KeyError, IllegalAction):
                self.ended = True
                return "the host sent something unreadable; the connection is closed"

    def _drop(self, why: str) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        for future in self._waiting.values():
            if not future.done():
                future.set_result("not connected to the host")
        self._waiting.clear()
        self.connection = why
        self._changed()

    def stop(self) -> None:
        """Leave: close the connection and the reader (the seat stays at the host)."""
        self._stopped = True
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()

    def _send(self, msg: dict[str, Any]) -> bool:
        if self._writer is None or self._writer.is_closing():
            return False
        self._writer.write(p.encode(msg))
        return True

    # -- messages -----------------------------------------------------------------------------

    def _welcome(self, msg: dict[str, Any]) -> None:
        from bohn_tui.games import UnknownGame, spec

        seat = msg["seat"]
        self.seat = None if seat is None else int(seat)
        self.game_id = str(msg["game"])
        try:
            spec(self.game_id).actions()  # the game's action types, for the codec
        except UnknownGame:
            unknown = show(self.game_id)
            raise RemoteError(f"the host plays a game this bohn does not know: {unknown}") from None
        self.title = str(msg["title"])
        self.table = str(msg["table"])
        self.names = [str(n) for n in msg["names"]]
        self.humans = [int(h) for h in msg["humans"]]
        self._bots = {int(k): str(v) for k, v in dict(msg["bots"]).items()}
        self.options = dict(msg.get("options") or {})
        self.save_id = str(msg.get("save_id") or "")
        self._help = [str(h) for h in msg.get("help") or []]
        self._resigned = self._people(msg.get("resigned"), "resigned")

    def _take_state(self, msg: dict[str, Any]) -> None:
        if not isinstance(msg.get("view"), dict) or not isinstance(msg.get("public"), dict):
            raise ValueError("a state without views")
        legal = [action_from_json(a) for a in msg["legal"]]
        asks = {
            int(q["seat"]): Ask(
                str(q["kind"]),
                str(q["text"]),
                bool(q.get("private", True)),
                bool(q.get("volunteer", False)),
                q.get("about"),
            )
            for q in msg["prompts"]
        }
        lines = [
            Line(str(ln["text"]), int(ln.get("turn") or 0), ln.get("seat")) for ln in msg["log"]
        ]
        start = int(msg["log_from"])
        resigned = self._people(msg.get("resigned"), "resigned")
        if not set(resigned) <= set(self._people(msg.get("standin"), "standin")):
            raise ValueError("a resigned seat no computer player plays")
        self._state, self._legal, self._asks = msg, legal, asks
        self._resigned = resigned
        at = start - self._log_from
        if 0 <= at <= len(self._log):
            self._log[at:] = lines
        else:  # from before the lines kept, or past them (the host skipped old lines)
            self._log, self._log_from = lines, start
        extra = len(self._log) - p.LOG_LINES
        if extra > 0:  # the oldest lines go
            del self._log[:extra]
            self._log_from += extra

    def _people(self, seats: Any, what: str) -> list[int]:
        """The seats of a field that names people's seats ("standin", "resigned": none
        when it is absent); ValueError unless each is one of the welcome's "humans", once."""
        found = [int(s) for s in seats or []]
        if len(set(found)) != len(found) or not set(found) <= set(self.humans):
            raise ValueError(f"{what}: seats that are not people's")
        return found

    # -- reading (SeatClient) -----------------------------------------------------------------

    def is_bot(self, seat: int) -> bool:
        return seat in self._bots

    def bot_level(self, seat: int) -> str | None:
        return self._bots.get(seat)

    def who(self, seat: int | None) -> str:
        if seat is None:
            return "everybody"
        name = self.names[seat]
        return f"Bot {name}" if self.is_bot(seat) else name

    def view(self, seat: int | None) -> dict[str, Any]:
        key = "view" if seat is not None and seat == self.seat else "public"
        return self._state[key]  # type: ignore[no-any-return]

    def legal(self, seat: int) -> list[Action]:
        return list(self._legal) if seat == self.seat else []

    def waiting_for(self) -> list[int]:
        return [int(s) for s in self._state.get("waiting_for") or []]

    def decider(self) -> int | None:
        return self._state.get("decider")

    def next_human(self) -> int | None:
        return self._state.get("next_human")

    def asks(self) -> Mapping[int, Ask]:
        return dict(self._asks)

    @property
    def over(self) -> bool:
        return bool(self._state.get("over"))

    @property
    def log(self) -> Sequence[Line]:
        return self._log

    @property
    def version(self) -> int:
        return int(self._state.get("version") or 0)

    def summary(self) -> dict[str, Any]:
        return dict(self._state.get("summary") or {})

    def help_lines(self) -> list[str]:
        return list(self._help)

    def can_undo(self, seat: int) -> bool:
        return seat == self.seat and bool(self._state.get("can_undo"))

    def away(self) -> list[int]:
        """The seats whose person is not connected."""
        return [int(s) for s in self._state.get("away") or []]

    @property
    def busy(self) -> bool:
        return bool(self._state.get("busy"))

    def settle(self) -> bool:
        """The host runs the bots: True while it says they are at work."""
        return self.busy and not self.over

    def take_error(self) -> str | None:
        """The host's last notice (a bot's move it could not save), once."""
        notice, self._notice = self._notice, None
        return notice

    def stand_ins(self) -> list[int]:
        """The people's seats a computer player plays for now (an older host: none)."""
        return [int(s) for s in self._state.get("standin") or []]

    def resigned(self) -> list[int]:
        """The people's seats whose person resigned: a computer player plays them to the
        end (an older host: none)."""
        return list(self._resigned)

    # -- acting -------------------------------------------------------------------------------

    async def _request(self, msg: dict[str, Any]) -> str | None:
        if self.seat is None:
            return "a spectator cannot act"
        request = next(self._ids)
        future: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()
        if not self._send({**msg, "id": request}):
            return "not connected to the host"
        self._waiting[request] = future
        return await future

    async def submit(self, action: Action) -> str | None:
        return await self._request({"t": "act", "action": to_json(action)})

    async def undo(self) -> str | None:
        return await self._request({"t": "undo"})

    def chat(self, text: str) -> str | None:
        """Say `text` to the table (None: sent; else why not)."""
        try:
            text = p.chat_text(" ".join(text.split())[: p.MAX_CHAT])
        except p.ProtocolError:
            return "nothing to say"
        if not self._send(p.chat(text)):
            return "not connected to the host"
        return None


async def _read(reader: asyncio.StreamReader) -> dict[str, Any]:
    """The next message from the host, checked (EOFError at the end; ValueError for a line
    that is not one)."""
    try:
        raw = await reader.readuntil(b"\n")
    except asyncio.IncompleteReadError as e:
        if e.partial.strip():
            raise ValueError("a line cut off") from None
        raise EOFError from None
    except asyncio.LimitOverrunError:
        raise ValueError("a line too long") from None
    return p.host_message(p.decode(raw, p.HOST_LINE))


CODE_LINE = 256  # bytes of the line an invite code is read from


def code_from_fd(fd: int) -> str:
    """An invite code: one line from the inherited file descriptor `fd`, which is closed
    then (how `bohn host --port`'s SSH door hands it over: never on a command line, where
    every user's `ps` shows it). RemoteError says what is wrong."""
    if fd < 3:
        raise RemoteError("--code-fd must be 3 or more (0, 1 and 2 are the terminal's)")
    data = b""
    try:
        while b"\n" not in data and len(data) <= CODE_LINE:
            chunk = os.read(fd, CODE_LINE)
            if not chunk:
                break
            data += chunk
    except OSError as e:
        why = e.strerror or type(e).__name__
        raise RemoteError(f"--code-fd {fd}: cannot read the invite code: {why}") from None
    finally:
        with contextlib.suppress(OSError):
            os.close(fd)
    line = data.split(b"\n", 1)[0]
    if len(line) > CODE_LINE:
        raise RemoteError(f"--code-fd {fd}: a line longer than {CODE_LINE} bytes, no code")
    return line.decode("utf-8", "replace").strip()


def ask_code() -> str:
    """An invite code typed at a prompt on the terminal (not shown); "" for none."""
    import getpass  # `bohn join` without a code only: not a door's seat (issue #25)

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # no terminal: read from stdin, without a warning
            return getpass.getpass("Invite code: ").strip()[:CODE_LINE]
    except (EOFError, KeyboardInterrupt):
        return ""


def _reason(msg: dict[str, Any]) -> str:
    return clip(str(msg.get("reason") or "no reason given"), 120)


__all__ = ["Line", "RemoteClient", "RemoteError", "ask_code", "code_from_fd", "socket_for"]
