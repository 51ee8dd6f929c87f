"""The game host (issue #14): one Session, its bots driven by play/client.py's LocalClient,
and every seat's person (and any spectators) connected over a Unix socket (protocol.py).

After every change each connection is sent its seat's state. Each connection has its own
writer task and queue: a state is built when its writer gets to it (states waiting in the
queue fold into one), so a slow client never holds up the host or the others. Bad input of
any kind closes only that connection, with a bye that says why; the game is never touched
by anything but a well-formed, legal action of the seat's own person.

Bounds (issue #22): the chat's rate is a seat's (across reconnects) and the log keeps only
the last few hundred table lines; a client that does not read is dropped once MAX_QUEUE
messages wait behind its full socket; spectators and connections yet to say hello have caps
of their own, so that a seat's own person always gets in. No message carries the seed."""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import os
import signal
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bohn_tui.engine.actions import IllegalAction, action_from_json, to_json
from bohn_tui.engine.limits import clip
from bohn_tui.net import protocol as p
from bohn_tui.net.sockets import free_socket, pick_socket
from bohn_tui.net.standins import StandIns
from bohn_tui.play.client import LocalClient

WRITE_SECONDS = 30.0  # a client that takes in nothing for this long is dropped
# at most CHATS chat lines of a seat within CHAT_SECONDS (all spectators share one count),
# across reconnects; more are dropped
CHATS = 10
CHAT_SECONDS = 10.0
# the table's lines (chat, who plays for whom) the log keeps: from CHAT_LINES to
# CHAT_LINES + CHAT_SLACK, the oldest CHAT_SLACK forgotten at once
CHAT_LINES = 300
CHAT_SLACK = 100
MAX_WAITING = 16  # connections that have not said hello (a new one drops the oldest)
MAX_SPECTATORS = 32  # greeted spectators; a seat's own person always gets in
MAX_QUEUE = 64  # messages waiting for a client that does not read: one more drops it
MAX_BUFFER = 4 * 1024 * 1024  # bytes the transport holds for a client: more drops it
LINGER = 1.0  # after a bye: seconds the rest of what a client sends is read and dropped
LINGER_BYTES = 32 * 1024 * 1024  # (at most this much), so that it can read the bye
_STATE = object()  # in a writer's queue: "send the state as it is when you get here"


@dataclass(eq=False)
class Connection:
    """One client: its seat (None: a spectator), its writer queue and what it was sent."""

    writer: asyncio.StreamWriter
    seat: int | None = None
    joined: bool = False  # a good hello was answered
    queue: deque[Any] = field(default_factory=deque)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    finished: asyncio.Event = field(default_factory=asyncio.Event)  # nothing more is read
    closing: bool = False
    log_sent: int = 0  # lines of the log this client has
    log_list: Any = None  # the session's log list those lines came from
    times: deque[float] = field(default_factory=deque)  # of its last messages (flood)

    def send(self, message: dict[str, Any]) -> None:
        if self.closing:
            return
        if len(self.queue) >= MAX_QUEUE and self.writer.transport.get_write_buffer_size():
            self.drop()  # it does not read: its socket is full, and this many wait behind
            return
        self.queue.append(p.encode(message))
        self.wake.set()

    def drop(self, last: bytes = b"") -> None:
        """End the connection at once, nothing more queued (after `last`, if the socket
        takes it now): a client that does not read, or one too many waiting for hello."""
        self.closing = True
        self.queue.clear()
        transport = self.writer.transport
        with contextlib.suppress(Exception):
            if last:
                transport.write(last)
            transport.abort()
        self.wake.set()

    def send_state(self) -> None:
        if not self.closing and _STATE not in self.queue:
            self.queue.append(_STATE)
            self.wake.set()

    def close(self, reason: str) -> None:
        """Send the bye and close once the queue before it is written."""
        if not self.closing:
            self.queue.append(p.encode(p.bye(reason)))
            self.closing = True
            self.wake.set()


class Host(StandIns):
    """Serves `client` (a LocalClient over the session) to the seats' codes."""

    def __init__(
        self,
        client: LocalClient,
        host_id: str,
        say: Callable[[str], None] | None = None,
        takeover: float | None = None,
    ) -> None:
        self.client = client
        self.host_id = host_id
        self.codes: dict[int, str] = {s: p.new_code(host_id) for s in client.humans}
        self.spectator_code = p.new_code(host_id)
        self.seated: dict[int, Connection] = {}
        self.resigned: list[int] = []  # seats whose person resigned: a bot's for good
        self.connections: set[Connection] = set()
        self.waiting: dict[Connection, None] = {}  # no hello yet, the oldest first
        # the seats' last chat lines (None: all the spectators'), kept across reconnects
        self.chats: dict[int | None, deque[float]] = {}
        self.table_lines: deque[Any] = deque()  # the log's table lines, the oldest first
        self.say = say or (lambda text: None)
        self.done = asyncio.Event()
        # --takeover: seconds a person's seat may be away before a bot plays it
        self.takeover = takeover
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._edition = 0  # the parts of a state every connection shares: `_shared`
        self._shared_key: tuple[Any, ...] | None = None
        self._shared_parts: dict[str, Any] | None = None
        self.builds = 0  # how often they were built (tests count them)
        client.subscribe(self._changed)

    # -- the game ------------------------------------------------------------------------------

    def _changed(self) -> None:
        self.broadcast()
        error = self.client.take_error()
        if error:  # a bot's move that could not be saved: the bots wait for a change
            self.say(error)
            for c in list(self.seated.values()):
                c.send(p.notice(error))
        self.client.settle()
        self._check_done()

    def _check_done(self) -> None:
        if self.client.over and not self.connections:
            self.done.set()

    def seat_of(self, code: str) -> int | None | bool:
        """The seat an invite code is for (None: the spectators'); False when it is none of
        this game's. Compared in constant time, in any case."""
        given = code.strip().lower().encode("utf-8", "replace")

        def same(known: str) -> bool:
            return hmac.compare_digest(known.encode(), given)

        if same(self.spectator_code):
            return None
        return next((seat for seat, known in self.codes.items() if same(known)), False)

    def away(self) -> list[int]:
        return [s for s in self.client.humans if s not in self.seated]

    def welcome(self, seat: int | None) -> dict[str, Any]:
        c = self.client
        return {
            "t": "welcome",
            "v": p.VERSION,
            "seat": seat,
            "game": c.game_id,
            "title": c.title,
            "table": c.table,
            "names": list(c.names),
            "humans": list(c.humans),
            "bots": {str(s): c.bot_level(s) or "" for s in range(len(c.names)) if c.is_bot(s)},
            "standin": c.stand_ins(),
            "resigned": list(self.resigned),
            "options": dict(c.options),
            "save_id": c.save_id,
            "help": list(c.help_lines()),
        }

    def state(self, conn: Connection) -> dict[str, Any]:
        """The state for `conn` now; its log from the first line it does not have (all of
        it when the session's log was rebuilt, as an undo does)."""
        return self._state(conn, self._log_start(conn))

    def _state(self, conn: Connection, start: int) -> dict[str, Any]:
        c, seat, shared = self.client, conn.seat, self._shared()
        return {
            "t": "state",
            "version": shared["version"],
            "view": shared["public"] if seat is None else c.view(seat),
            "public": shared["public"],
            "legal": [] if seat is None else [to_json(a) for a in c.legal(seat)],
            **shared["rest"],
            "can_undo": False if seat is None else c.can_undo(seat),
            **shared["after"],
            "log_from": start,
            "log": [{"text": ln.text, "turn": ln.turn, "seat": ln.seat} for ln in c.log[start:]],
        }

    def state_line(self, conn: Connection) -> bytes:
        """`state(conn)` encoded; a spectator's line is encoded once for every spectator
        whose log starts at the same line (they are sent the same)."""
        if conn.seat is not None:
            return p.encode(self.state(conn))
        lines: dict[int, bytes] = self._shared()["lines"]
        start = self._log_start(conn)
        if start not in lines:
            lines[start] = p.encode(self._state(conn, start))
        return lines[start]

    def _log_start(self, conn: Connection) -> int:
        """The first log line `conn` is sent now (the client then has all of them)."""
        log = self.client.log
        if log is not conn.log_list or conn.log_sent > len(log):
            conn.log_list, conn.log_sent = log, 0
        start = max(conn.log_sent, len(log) - p.LOG_LINES)  # at most LOG_LINES lines
        conn.log_sent = len(log)
        return start

    def _shared(self) -> dict[str, Any]:
        """What every connection's state has alike, built once for as long as the table is
        the same (its version, log, bots at work and seats away): the public view, the
        rest of the state past the seat's own parts, and the spectators' encoded lines."""
        c = self.client
        log = c.log
        key = (c.version, id(log), len(log), c.busy, tuple(self.away()), self._edition)
        if self._shared_key == key and self._shared_parts is not None:
            return self._shared_parts
        self.builds += 1
        over = c.over
        self._shared_key = key
        self._shared_parts = {
            "version": c.version,
            "public": c.view(None),
            "rest": {
                "waiting_for": list(c.waiting_for()),
                "decider": c.decider(),
                "next_human": c.next_human(),
                "prompts": [  # the asks (named prompts on the wire since version 1)
                    {
                        "seat": seat,
                        "kind": q.kind,
                        "text": q.sentence,
                        "about": q.about,
                        "private": q.private,
                        "volunteer": q.volunteer,
                    }
                    for seat, q in c.asks().items()
                ],
                "over": over,
                "summary": c.summary() if over else None,
            },
            "after": {
                "busy": c.busy,
                "away": self.away(),
                "standin": c.stand_ins(),
                "resigned": list(self.resigned),
            },
            "lines": {},
        }
        return self._shared_parts

    def broadcast(self) -> None:
        self._edition += 1  # what changed is built anew, once
        for c in list(self.connections):
            if c.joined:
                c.send_state()

    # -- connections ---------------------------------------------------------------------------

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(writer)
        self.connections.add(conn)
        self.waiting[conn] = None
        if len(self.waiting) > MAX_WAITING:  # the oldest of them goes (it said nothing)
            oldest = next(iter(self.waiting))
            del self.waiting[oldest]
            oldest.drop(p.encode(p.bye(p.TOO_MANY_WAITING)))
        out = asyncio.create_task(self._write(conn))
        try:
            await self._read(conn, reader)
        except Exception as e:  # noqa: BLE001 - one connection's trouble never stops the host
            self.say(f"a connection failed: {clip(str(e) or type(e).__name__, 120)}")
            conn.close("the host could not read that connection")
        finally:
            self._leave(conn)
            conn.closing = True
            conn.finished.set()
            conn.wake.set()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(out, WRITE_SECONDS + LINGER)
            out.cancel()
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()
            self._check_done()

    def _leave(self, conn: Connection) -> None:
        self.connections.discard(conn)
        self.waiting.pop(conn, None)
        if conn.seat is not None and self.seated.get(conn.seat) is conn:
            del self.seated[conn.seat]
            self._away_from_now(conn.seat)
            self.broadcast()  # the seat is away now

    async def _line(self, reader: asyncio.StreamReader) -> bytes:
        """One line from the client (b"" at its end); ProtocolError if it is too long."""
        try:
            return await reader.readuntil(b"\n")
        except asyncio.IncompleteReadError as e:
            if e.partial:
                raise p.ProtocolError("the connection ended inside a message") from None
            return b""
        except asyncio.LimitOverrunError:
            raise p.ProtocolError(f"a line of more than {p.CLIENT_LINE:,} bytes") from None

    async def _read(self, conn: Connection, reader: asyncio.StreamReader) -> None:
        try:
            try:
                line = await asyncio.wait_for(self._line(reader), p.HELLO_SECONDS)
            except TimeoutError:
                raise p.ProtocolError(f"no hello within {p.HELLO_SECONDS:g} seconds") from None
            if not line or conn.closing:  # (dropped for a newer one while it waited)
                return
            self.waiting.pop(conn, None)
            self._hello(conn, p.client_message(p.decode(line)))
            while not conn.closing:
                line = await self._line(reader)
                if not line:
                    return
                self._flood(conn)
                await self._message(conn, p.client_message(p.decode(line)))
                await asyncio.sleep(0)  # its writer first: a queue that grows is not read
        except p.ProtocolError as e:
            conn.close(str(e))
            await self._drop_rest(reader)
        except (ConnectionError, OSError):
            pass

    async def _drop_rest(self, reader: asyncio.StreamReader) -> None:
        """Read and drop what the client still sends, for a while: a client that is still
        writing (the rest of a huge line) gets to read its bye instead of a reset."""
        loop = asyncio.get_running_loop()
        end, total = loop.time() + LINGER, 0
        with contextlib.suppress(TimeoutError, ConnectionError, OSError):
            while total < LINGER_BYTES:
                chunk = await asyncio.wait_for(reader.read(65536), max(0.0, end - loop.time()))
                if not chunk:
                    return
                total += len(chunk)

    def _flood(self, conn: Connection) -> None:
        now = time.monotonic()
        conn.times.append(now)
        while conn.times and now - conn.times[0] > p.FLOOD_SECONDS:
            conn.times.popleft()
        if len(conn.times) > p.FLOOD_MESSAGES:
            raise p.ProtocolError(
                f"more than {p.FLOOD_MESSAGES} messages in {p.FLOOD_SECONDS:g} seconds"
            )

    def _hello(self, conn: Connection, msg: p.ClientMessage) -> None:
        if not isinstance(msg, p.Hello):
            raise p.ProtocolError("the first message must be a hello")
        if msg.v != p.VERSION:
            raise p.ProtocolError(
                f"this host speaks version {p.VERSION} of the protocol, not {msg.v}"
            )
        seat = self.seat_of(msg.code)
        if seat is False:
            raise p.ProtocolError("that invite code is not one of this game's")
        if seat is None:
            watching = [c for c in self.connections if c.joined and c.seat is None]
            if sum(not c.closing for c in watching) >= MAX_SPECTATORS:
                raise p.ProtocolError(f"this game has {MAX_SPECTATORS} spectators already")
        else:
            old = self.seated.get(seat)
            if old is not None:
                old.close(p.TAKEN_OVER)
                self.connections.discard(old)
            self.seated[seat] = conn
            self._back(seat)
        conn.seat, conn.joined = seat, True
        conn.send(self.welcome(seat))
        conn.send_state()
        self.broadcast()  # `away` changed for the others

    async def _message(self, conn: Connection, msg: p.ClientMessage) -> None:
        if isinstance(msg, p.Ping):
            conn.send(p.pong())
        elif isinstance(msg, p.Hello):
            raise p.ProtocolError("hello was sent twice")
        elif isinstance(msg, p.Act):
            conn.send(p.result(msg.id, await self._act(conn, msg.action)))
        elif isinstance(msg, p.Undo):
            conn.send(p.result(msg.id, await self._undo(conn)))
        elif isinstance(msg, p.Chat):
            self._chat(conn, msg.text)

    async def _act(self, conn: Connection, raw: dict[str, Any]) -> str | None:
        if conn.seat is None:
            return "spectators cannot act"
        try:
            action = action_from_json(raw)
        except IllegalAction as e:
            return str(e)
        seat = getattr(action, "seat", None)
        if seat != conn.seat:
            return f"that action is for seat {clip(str(seat), 20)}, not yours"
        if self.seated.get(conn.seat) is not conn:
            return "this seat connected from elsewhere"
        try:
            return await self.client.submit(action)
        except Exception as e:  # noqa: BLE001 - a rule's failure refuses the action only
            return clip(f"the host could not apply that action ({type(e).__name__})")

    async def _undo(self, conn: Connection) -> str | None:
        if conn.seat is None:
            return "spectators cannot take back actions"
        if self.client.busy:
            return "the computer players are at work: wait for your turn"
        if not self.client.can_undo(conn.seat):
            return "you cannot take back the last action"
        return await self.client.undo()

    def _chat(self, conn: Connection, text: str) -> None:
        now = time.monotonic()
        said = self.chats.setdefault(conn.seat, deque())
        while said and now - said[0] > CHAT_SECONDS:
            said.popleft()
        if len(said) >= CHATS:
            return  # too talkative: dropped (the log stays readable)
        said.append(now)
        name = "Spectator" if conn.seat is None else self.client.names[conn.seat]
        self._keep(f"{name}: {text}", conn.seat)
        self.broadcast()

    def _keep(self, text: str, seat: int | None = None) -> None:
        """A line of the table for everyone's log, kept across an undo; the oldest are
        forgotten, so that the log (and each client's first state) stays small."""
        session = self.client.session
        self.table_lines.append(session.keep_line(text, seat))
        if len(self.table_lines) > CHAT_LINES + CHAT_SLACK:
            session.forget_kept([self.table_lines.popleft() for _ in range(CHAT_SLACK)])

    async def _write(self, conn: Connection) -> None:
        w = conn.writer
        try:
            while True:
                await conn.wake.wait()
                conn.wake.clear()
                while conn.queue:
                    item = conn.queue.popleft()
                    data = self.state_line(conn) if item is _STATE else item
                    w.write(data)
                    if w.transport.get_write_buffer_size() > MAX_BUFFER:
                        conn.drop()
                        break
                    await asyncio.wait_for(w.drain(), WRITE_SECONDS)
                if conn.closing:
                    break
            if w.can_write_eof():
                w.write_eof()  # the bye was the last: the client reads it, then the end
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(conn.finished.wait(), LINGER)
        except (ConnectionError, OSError, TimeoutError):
            conn.closing = True
        except Exception as e:  # noqa: BLE001 - a state that cannot be built drops the client
            conn.closing = True
            self.say(f"a connection failed: {clip(str(e) or type(e).__name__, 120)}")
        finally:
            w.close()

    # -- the whole run -------------------------------------------------------------------------

    def stop(self, reason: str = p.GAME_CLOSED) -> None:
        for c in list(self.connections):
            c.close(reason)
        self.done.set()


async def serve(
    open_session: Callable[[], Any],
    socket_file: Path | None,
    ready: Callable[[Host, Path], None],
    bot_delay: float = 0.4,
    say: Callable[[str], None] | None = None,
    front_door: Any = None,
    takeover: float | None = None,
) -> None:
    """Host the session `open_session()` makes (once the socket is known to be free and the
    front door listens, so that a host that cannot listen saves no game) until the game is
    over and every client left, or SIGINT/SIGTERM. `ready(host, path)` is called once the
    socket listens. `front_door`: another way in (ssh.py's Door): `await listen(path)`
    first, then `attach(host)`, and at the end `close()` and `await wait_closed()`.
    `takeover`: seconds a person's seat may be away before a bot plays it."""
    host_id, path = pick_socket(socket_file)
    door: Any = None
    if front_door is not None:
        await front_door.listen(path)
        door = front_door
    client = LocalClient(open_session(), bot_delay)
    host = Host(client, host_id, say, takeover)
    old = os.umask(0o177)
    try:
        server = await asyncio.start_unix_server(host.handle, path, limit=p.CLIENT_LINE + 1)
    finally:
        os.umask(old)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, host.stop)
    try:
        if door is not None:
            door.attach(host)
        ready(host, path)
        host.start_timers()
        client.settle()
        host._check_done()
        await host.done.wait()
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        client.stop()
        host.stop_timers()
        host.stop()
        server.close()
        if door is not None:
            door.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(door.wait_closed(), 4.0)
        with contextlib.suppress(OSError):
            path.unlink()
        await asyncio.sleep(0.05)  # let the writers send their byes
        with contextlib.suppress(Exception):
            await asyncio.wait_for(server.wait_closed(), 2.0)


__all__ = ["Connection", "Host", "free_socket", "pick_socket", "serve"]
