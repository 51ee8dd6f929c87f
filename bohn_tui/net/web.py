"""The web door of `bohn host --web PORT` (issue #27): the game in a browser, by textual-serve.

textual-serve (pinned) gives the page, its terminal (xterm.js) and the protocol between the
page's websocket and a Textual app's web driver. It is not used as it is, because as it is
it would let too much in: its `Server` runs its command through a shell for every websocket
that opens, before anything is asked, with no limit per address; it serves a download route
and a folder index; it keeps everything a child writes to stderr in memory and prints it to
the host's output; its page loads a font from a third party; and it never kills a child
that does not quit. So this module subclasses it (`Pages`: its static files and page, our
routes and websocket handler; `SeatProcess`: its app service, our process) and:

- asks for the invite code itself, in the page's terminal, before any process starts: the
  code is typed in the page (never in a URL), read by this process from the websocket, and
  handed to the seat process on an inherited pipe (`bohn join --code-fd N`), as the SSH door
  does (ssh_session.py), so that it is in no URL, no log line and no argv;
- counts with the SSH door's gate (gate.py, a Gate of its own): logins in progress per
  address and in all, failed codes per address (each wrong code is one line and a delay,
  `wrong_delay`, longer after several; the address is refused for a while after many), and
  the connections per seat and spectators once in;
- runs the seat process an SSH connection runs (`python -m bohn_tui join --socket S
  --code-fd N`, exec'd, no shell) with Textual's web driver on its pipes; its stderr goes
  nowhere; it is hung up (SIGHUP, then SIGKILL) when the browser leaves;
- refuses a websocket from a page of another origin (a site the player visits cannot drive
  their table), bounds every message, and sends a page that loads nothing from elsewhere;
- answers only requests for its own host names (`serves`: an address, `localhost`, or a
  name given by `--web-host`), with 421 for any other Host: a site whose name is made to
  point at this machine (DNS rebinding) is a page of its own origin to the browser, so the
  Origin check alone would let it type codes at the prompt.

A seat whose person joined by SSH is bound to their key (ssh.py): a browser cannot take it
with the code alone. Otherwise a browser on a seat's code takes the seat, as a reconnect
does (the older connection's table closes)."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import os
import re
import signal
import sys
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager
from textual_serve.server import Server

from bohn_tui.net.gate import Gate, Limits
from bohn_tui.net.ssh_session import KILL_SECONDS, MAX_COLS, MAX_ROWS
from bohn_tui.net.web_site import FIRST_BYTES, CappedSite, Connections, _loopback

CODE_CHARS = 64  # a code typed longer than this is none of ours
MAX_TRIES = 6  # wrong codes in one page before it is closed
MESSAGE = 64 * 1024  # the largest websocket message a page may send
PACKET = 16 * 1024 * 1024  # the largest packet the seat process may send (a whole frame)
PRELUDE_LINES = 10  # lines the seat process may write before its web driver starts
_HOST = re.compile(r"[A-Za-z0-9.\-]+(:\d{1,5})?|\[[0-9A-Fa-f:.]+\](:\d{1,5})?")
_LABEL = r"[a-z0-9]([a-z0-9\-]{0,61}[a-z0-9])?"  # one label of a host name
_NAME = re.compile(rf"(?=.{{1,253}}$){_LABEL}(\.{_LABEL})*")
_FONTS = re.compile(r"<link[^>]*fonts\.googleapis\.com[^>]*>\s*")
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' "
        "'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class WebDoor:
    """The web door, for serve() (net/host.py) as a front door: `listen`, `attach`, `close`,
    `wait_closed`. `bound(seat)`: is the seat bound to an SSH key (then a code alone cannot
    have it)? `wrong_delay`: seconds a wrong code waits at least (tests set it small)."""

    def __init__(
        self,
        bind: str,
        port: int,
        limits: Limits | None = None,
        wrong_delay: float = 1.0,
        bound: Callable[[int], bool] | None = None,
    ) -> None:
        self.bind, self.port, self.wrong_delay = bind, port, wrong_delay
        self.bound = bound or (lambda seat: False)
        self.command = [sys.executable, "-m", "bohn_tui", "join"]  # the SSH door's too
        self.host: Any = None
        self.socket_path = Path()
        self.gate = Gate(limits, self.say, door="Web")
        self.pages = Pages(self)
        self.runner: web.AppRunner | None = None
        self.sessions: set[SeatProcess] = set()
        self.sockets: set[web.WebSocketResponse] = set()
        self.connections: Connections | None = None  # (tests may set smaller counts)
        self.first_bytes = FIRST_BYTES  # seconds a new connection has to say something
        self.hosts: tuple[str, ...] = ()  # names it serves besides addresses (--web-host)

    def say(self, text: str) -> None:
        if self.host is not None:
            self.host.say(text)

    async def listen(self, socket_path: Path) -> None:
        """Listen (before the game opens, so that a door that cannot open saves no game).
        OSError with the reason."""
        self.socket_path = socket_path
        quiet()
        self.runner = web.AppRunner(
            await self.pages.make_app(),
            access_log=None,
            handle_signals=False,
            shutdown_timeout=KILL_SECONDS,  # (the games have ended by then)
        )
        await self.runner.setup()
        # the connections counted and an idle one closed (aiohttp alone holds any number)
        self.connections = self.connections or Connections(proxied=_loopback(self.bind))
        site = CappedSite(
            self.runner, self.bind or None, self.port, self.connections, self.first_bytes
        )
        try:
            await site.start()
        except OSError as e:
            await self.runner.cleanup()
            reason = os.strerror(e.errno) if e.errno else str(e)
            why = f"the web door cannot listen on {self.bind}:{self.port}: {reason.lower()}"
            raise OSError(e.errno, why) from None
        self.port = self.runner.addresses[0][1]  # the port the system chose, for --web 0

    def attach(self, host: Any) -> None:
        self.host = host

    def title(self) -> str:
        """The page's title."""
        return str(self.host.client.title) if self.host is not None else "bohn"

    async def visit(self, ws: web.WebSocketResponse, address: str) -> None:
        """One page's websocket, once open, until it is to close."""
        await Visit(self, ws, address).run()

    def address(self, request: web.Request) -> str:
        """Whose page this is, for the gate's counts: the peer's address; but for a door on
        a loopback address reached from one (a reverse proxy on this machine, README), the
        last address of X-Forwarded-For, which the proxy set: otherwise every person behind
        the proxy would share one address's limits, and one of them could lock out all."""
        peer = request.remote or "local"
        forwarded = request.headers.get("X-Forwarded-For", "").rsplit(",", 1)[-1].strip()
        if forwarded and _loopback(self.bind) and _loopback(peer):
            return forwarded[:64]
        return peer

    def serves(self, host: str) -> bool:
        """Whether a request's Host (`name[:port]`) is for this door: an IP address (no name
        that DNS rebinding could point here), `localhost`, or one of `hosts`."""
        name = host.rpartition("]")[0][1:] if host.startswith("[") else host.partition(":")[0]
        name = name.lower().removesuffix(".")
        if name == "localhost" or name in self.hosts:
            return True
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return True

    def url(self) -> str:
        """The page's address (no code in it: the page asks)."""
        where = self.bind if self.bind not in ("", "0.0.0.0", "::") else "localhost"
        where = f"[{where}]" if ":" in where else where
        return f"http://{where}:{self.port}/"

    def close(self) -> None:
        """No new pages; the open ones close."""
        for ws in list(self.sockets):
            asyncio.get_running_loop().create_task(ws.close())

    async def wait_closed(self) -> None:
        tasks = [s.stop() for s in list(self.sessions)]
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
        if self.runner is not None:
            await self.runner.cleanup()


def host_names(names: Iterable[str]) -> tuple[str, ...]:
    """`--web-host`'s names (a proxy's public name: bohn.example.org), in lower case;
    ValueError for one that is not a host name."""
    out = tuple(n.strip().lower().removesuffix(".") for n in names)
    for name in out:
        if not _NAME.fullmatch(name):
            raise ValueError(f"--web-host {name[:80]!r} is not a host name")
    return out


def quiet() -> None:
    """aiohttp's and textual-serve's loggers say nothing: what a client sends (a bad
    request's first bytes, with a traceback) never reaches the host's output."""
    for name in ("aiohttp", "textual-serve"):
        logger = logging.getLogger(name)
        logger.propagate = False
        if not logger.handlers:
            logger.addHandler(logging.NullHandler())


class Pages(Server):
    """textual-serve's server with our routes: the page and its static files, and the
    websocket that asks for the code and then runs the seat process."""

    def __init__(self, door: WebDoor) -> None:
        super().__init__("bohn join", host=door.bind or "0.0.0.0", port=door.port, title="bohn")
        self.door = door

    async def make_app(self) -> web.Application:
        # (a page's messages are small; the static files without a folder index)
        door = self.door

        @web.middleware
        async def our_hosts(
            request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
        ) -> web.StreamResponse:
            if not door.serves(request.host):  # (DNS rebinding: see the module)
                raise web.HTTPMisdirectedRequest(text="not a host name of this door")
            return await handler(request)

        app = web.Application(middlewares=[our_hosts])
        aiohttp_jinja2.setup(app, loader=self._loader())
        app.add_routes(
            [
                web.get("/", self.page, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.static("/static", self.statics_path, show_index=False, name="static"),
            ]
        )
        app.on_response_prepare.append(_headers)
        return app

    def _loader(self) -> Any:
        import jinja2

        return jinja2.FileSystemLoader(self.templates_path)

    async def page(self, request: web.Request) -> web.Response:
        """The page: textual-serve's, with its addresses from the request's host (behind a
        TLS proxy that says so, wss://) and without the third party's font."""
        host = request.host
        if not _HOST.fullmatch(host):
            raise web.HTTPBadRequest(text="bad Host header")
        https = request.secure or request.headers.get("X-Forwarded-Proto", "") == "https"
        base = f"{'https' if https else 'http'}://{host}"
        context = {
            "font_size": 16,
            "app_websocket_url": f"{'wss' if https else 'ws'}://{host}/ws",
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": self.door.title()},
        }
        text = aiohttp_jinja2.render_string("app_index.html", request, context)
        return web.Response(text=_FONTS.sub("", text), content_type="text/html")

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One page's game: the code, then the seat process, until either side leaves."""
        origin = request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc != request.host:
            raise web.HTTPForbidden(text="a page of another site")
        ws = web.WebSocketResponse(heartbeat=15, max_msg_size=MESSAGE)
        await ws.prepare(request)
        door = self.door
        door.sockets.add(ws)
        try:
            await door.visit(ws, door.address(request))
        finally:
            door.sockets.discard(ws)
            await ws.close()
        return ws


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    for k, v in HEADERS.items():
        response.headers.setdefault(k, v)


class Visit:
    """One websocket: the invite code asked in its terminal, then its seat's game."""

    PROMPT = "Invite code: "
    WRONG = "That invite code is not one of this game's."

    def __init__(self, door: WebDoor, ws: web.WebSocketResponse, address: str) -> None:
        self.door, self.ws, self.address = door, ws, address
        self.size = (80, 24)
        self.waiting = False  # counted by the gate as a login in progress

    def drop(self, why: str) -> None:
        """The gate gave this login's place to a newcomer."""
        self.waiting = False
        asyncio.get_running_loop().create_task(self.ws.close())

    async def say(self, text: str) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await self.ws.send_bytes(f"\r\n{text}\r\n".encode())

    async def login(self) -> Any:
        """What the page's code opens (`accept`), asked within the gate's limits (a login
        in progress, `grace` seconds): None when it opens nothing (said in a line)."""
        door, gate = self.door, self.door.gate
        why = gate.admit(self.address, self) if door.host is not None else "not open yet"
        if why is not None:
            await self.say(f"bohn: {why}")
            return None
        self.waiting = True
        try:
            return await asyncio.wait_for(self._ask(), gate.limits.grace)
        except TimeoutError:
            await self.say("bohn: no code given in time")
            return None
        finally:
            if self.waiting:
                self.waiting = False
                gate.left(self.address, self)

    async def run(self) -> None:
        door, gate = self.door, self.door.gate
        code = await self.login()
        if code is None:
            return
        seat = door.host.seat_of(code)
        if isinstance(seat, int) and door.bound(seat):
            name = door.host.client.names[seat]
            await self.say(f"bohn: {name}'s seat is bound to the SSH key that first joined it")
            return
        why = gate.take(seat, self.address)
        if why is not None:
            await self.say(f"bohn: {why}")
            return
        try:
            await self._play(code)
        finally:
            gate.release(seat, self.address)

    def accept(self, typed: str) -> Any:
        """What a code typed at the prompt opens (None: nothing): here the code itself."""
        return typed if typed and self.door.host.seat_of(typed) is not False else None

    async def _ask(self) -> Any:
        """What the code typed in the page's terminal opens (`accept`): None when the page
        left, or after MAX_TRIES wrong codes (each a line and a delay)."""
        door = self.door
        title = door.title()
        await self._send(f"\x1b[2J\x1b[H\x1b[1mbohn\x1b[0m · {title}\r\n\r\n{self.PROMPT}")
        typed, tries = "", 0
        async for message in self.ws:
            if message.type != WSMsgType.TEXT:
                continue
            kind, data = _envelope(message.data)
            if kind == "resize" and isinstance(data, dict):
                self.size = _size(data, self.size)
            elif kind == "ping":
                await self.ws.send_json(["pong", data])
            if kind != "stdin" or not isinstance(data, str):
                continue
            for ch in data if not data.startswith("\x1b") else "":
                if ch in "\r\n":
                    opened = self.accept(typed.strip().lower())
                    typed = ""
                    if opened is not None:
                        await self._send("\r\n")
                        return opened
                    tries += 1
                    delay = max(door.wrong_delay, door.gate.failed(self.address))
                    await self._send(f"\r\n{self.WRONG}\r\n")
                    await asyncio.sleep(delay)
                    if tries >= MAX_TRIES:
                        return None
                    await self._send(self.PROMPT)
                    break  # the rest of this message's keys are dropped
                elif ch in "\x7f\b":
                    if typed:
                        typed = typed[:-1]
                        await self._send("\b \b")
                elif ch.isprintable() and len(typed) < CODE_CHARS:
                    typed += ch
                    await self._send("•")
        return None

    async def _send(self, text: str) -> None:
        await self.ws.send_bytes(text.encode())

    async def _play(self, code: str) -> None:
        door, ws = self.door, self.ws
        await self._send("\x1b[2J\x1b[H")
        proc = SeatProcess(door, ws, code)
        door.sessions.add(proc)
        try:
            try:
                await proc.start(*self.size)
            except OSError as e:
                await self.say(f"bohn: the game could not start ({e.strerror or e})")
                return
            await self._messages(proc)
        finally:
            await proc.stop()
            door.sessions.discard(proc)

    async def _messages(self, proc: SeatProcess) -> None:
        """The page's keys and sizes to the game, until the page or the game leaves."""
        reading = asyncio.ensure_future(self._read(proc))
        done = asyncio.ensure_future(proc.ended.wait())
        try:
            await asyncio.wait([reading, done], return_when=asyncio.FIRST_COMPLETED)
        finally:
            for t in (reading, done):
                t.cancel()

    async def _read(self, proc: SeatProcess) -> None:
        async for message in self.ws:
            if message.type != WSMsgType.TEXT:
                continue
            kind, data = _envelope(message.data)
            if kind == "stdin" and isinstance(data, str):
                await proc.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                self.size = _size(data, self.size)
                await proc.set_terminal_size(*self.size)
            elif kind == "ping":
                await self.ws.send_json(["pong", data])
            elif kind == "blur":
                await proc.blur()
            elif kind == "focus":
                await proc.focus()


def _envelope(text: str) -> tuple[str, Any]:
    """A page's message: its kind and its data ('' for one that is not of the protocol)."""
    try:
        envelope = json.loads(text)
    except ValueError:
        return "", None
    if isinstance(envelope, list) and len(envelope) == 2 and isinstance(envelope[0], str):
        return envelope[0], envelope[1]
    return "", None


def _size(data: dict[str, Any], old: tuple[int, int]) -> tuple[int, int]:
    cols, rows = data.get("width"), data.get("height")
    if not (isinstance(cols, int) and isinstance(rows, int) and cols > 0 and rows > 0):
        return old
    return min(cols, MAX_COLS), min(rows, MAX_ROWS)


class SeatProcess(AppService):
    """textual-serve's app service, with the seat process started as the SSH door starts
    it (no shell; the code on a pipe; its own process group; stderr to nowhere), only the
    "exit" of its messages heeded, and a process that does not quit in time killed."""

    def __init__(self, door: WebDoor, ws: web.WebSocketResponse, code: str) -> None:
        super().__init__(
            "bohn join",
            write_bytes=ws.send_bytes,
            write_str=ws.send_str,
            close=self._close,
            download_manager=DownloadManager(),
        )
        self.door, self.code, self.ws = door, code, ws
        self.ended = asyncio.Event()

    async def _close(self) -> None:
        await self.ws.close()

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        env = self._build_environment(width, height)
        code_r, code_w = os.pipe()
        try:
            os.write(code_w, self.code.encode() + b"\n")  # far below a pipe's buffer
            os.close(code_w)
            code_w = -1
            cmd = [*self.door.command, "--socket", str(self.door.socket_path)]
            self._process = await asyncio.create_subprocess_exec(
                *cmd,
                "--code-fd",
                str(code_r),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL,
                env=env,
                start_new_session=True,
                pass_fds=(code_r,),
            )
        finally:
            os.close(code_r)
            if code_w >= 0:
                os.close(code_w)
        assert self._process.stdin is not None
        self._stdin = self._process.stdin
        return self._process

    async def run(self) -> None:
        """The seat process's frames to the page, until it ends."""
        assert self._process is not None and self._process.stdout is not None
        stdout = self._process.stdout
        try:
            for _ in range(PRELUDE_LINES):
                line = await stdout.readline()
                if not line or line == b"__GANGLION__\n":
                    break
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                if size > PACKET:
                    break
                payload = await stdout.readexactly(size)
                if kind == b"D":
                    await self.remote_write_bytes(payload)
                elif kind == b"M":
                    await self.on_meta(payload)
        except (asyncio.IncompleteReadError, ConnectionError, ValueError, RuntimeError):
            pass
        finally:
            self.ended.set()

    async def on_meta(self, data: bytes) -> None:
        with contextlib.suppress(ValueError):
            if json.loads(data).get("type") == "exit":
                await self.remote_close()

    async def stop(self) -> None:
        """Ask the process to quit; hang it up, then kill it, if it does not in time."""
        proc, task = self._process, self._task
        self._task = None
        if proc is None:
            return
        if proc.returncode is None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.send_meta({"type": "quit"}), 0.5)
        for sig in (signal.SIGHUP, signal.SIGKILL):
            try:
                await asyncio.wait_for(proc.wait(), KILL_SECONDS)
                break
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(proc.pid, sig)
        else:
            await proc.wait()
        if task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, 1.0)


class Doors:
    """Two front doors as one (serve() takes one): the SSH door and the web door."""

    def __init__(self, *doors: Any) -> None:
        self.doors = [d for d in doors if d is not None]

    async def listen(self, path: Path) -> None:
        for d in self.doors:
            await d.listen(path)

    def attach(self, host: Any) -> None:
        for d in self.doors:
            d.attach(host)

    def close(self) -> None:
        for d in self.doors:
            d.close()

    async def wait_closed(self) -> None:
        await asyncio.gather(*(d.wait_closed() for d in self.doors), return_exceptions=True)


__all__ = ["Doors", "Pages", "SeatProcess", "WebDoor"]
