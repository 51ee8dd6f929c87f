"""`bohn join` and the remote seat client (issue #14): against a real host process (a Pilot
test of one seat's table; a second seat as a plain asyncio client sees its move), and
against a fake host that says hostile things (a bye, garbage, a dropped line): one line, no
traceback, never a crash."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest
from helpers.wait import until_async

import bohn_tui.net.client as net_client
from bohn_tui.net import protocol as p
from bohn_tui.net.client import RemoteClient, RemoteError

CODE = "abcd-efghjkmn"
WELCOME = {
    "t": "welcome",
    "v": 2,
    "seat": 0,
    "game": "bohnanza",
    "title": "Bohnanza",
    "table": "x:y",
    "names": ["Ana", "Ben"],
    "humans": [0, 1],
    "bots": {},
    "options": {},
    "save_id": "s1",
    "help": [],
}
STATE = {
    "t": "state",
    "version": 0,
    "view": {"mine": True},
    "public": {"mine": False},
    "legal": [],
    "waiting_for": [1],
    "decider": 1,
    "next_human": 1,
    "prompts": [],
    "over": False,
    "summary": None,
    "can_undo": False,
    "busy": False,
    "away": [1],
    "log_from": 0,
    "log": [{"text": "Ana: hello", "turn": 0, "seat": 0}],
}

# -- a fake host ----------------------------------------------------------------------------

Script = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Any]


class FakeHost:
    """A Unix socket server in a thread of its own, each connection served by `script`."""

    def __init__(self, path: Path, script: Script) -> None:
        self.path, self.script = path, script
        self.loop = asyncio.new_event_loop()
        self.connections = 0
        ready = threading.Event()

        async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            self.connections += 1
            try:
                await self.script(reader, writer)
            finally:
                writer.close()

        async def start() -> None:
            self.server = await asyncio.start_unix_server(serve, str(path))
            ready.set()

        self.thread = threading.Thread(
            target=lambda: (self.loop.run_until_complete(start()), self.loop.run_forever()),
            daemon=True,
        )
        self.thread.start()
        ready.wait(5)

    def close(self) -> None:
        async def stop() -> None:
            self.server.close()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(net_client, "RETRY_EVERY", 0.05)


@pytest.fixture
def fake(tmp_path: Path) -> Iterator[Callable[[Script], FakeHost]]:
    hosts: list[FakeHost] = []

    def make(script: Script) -> FakeHost:
        hosts.append(FakeHost(tmp_path / "h.sock", script))
        return hosts[-1]

    yield make
    for h in hosts:
        h.close()


def say(*lines: bytes | dict[str, Any], then_wait: bool = True) -> Script:
    async def script(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readline()  # the hello
        for line in lines:
            writer.write(line if isinstance(line, bytes) else p.encode(line))
        await writer.drain()
        if then_wait:
            await reader.read()  # until the client leaves

    return script


async def connected(path: Path) -> tuple[RemoteClient, list[int]]:
    return await connected_as(CODE, path)


async def connected_as(code: str, path: Path) -> tuple[RemoteClient, list[int]]:
    client = RemoteClient(code, path)
    await client.connect()
    seen: list[int] = []
    client.subscribe(lambda: seen.append(1))
    return client, seen


async def test_the_state_is_kept_and_views_are_the_seats(fake: Any, tmp_path: Path) -> None:
    fake(say(WELCOME, STATE))
    client, _ = await connected(tmp_path / "h.sock")
    assert client.seat == 0 and client.names == ["Ana", "Ben"]
    assert client.view(0) == {"mine": True}
    assert client.view(1) == client.view(None) == {"mine": False}
    assert client.legal(1) == [] and client.away() == [1]
    assert [ln.text for ln in client.log] == ["Ana: hello"]
    assert client.resigned() == [] and client.stand_ins() == []  # (an older host: none)
    client.stop()


async def test_who_resigned_is_read_from_the_state(fake: Any, tmp_path: Path) -> None:
    fake(say(WELCOME, {**STATE, "standin": [1], "resigned": [1]}))
    client, _ = await connected(tmp_path / "h.sock")
    assert client.resigned() == [1] and client.stand_ins() == [1]
    client.stop()


@pytest.mark.parametrize(
    ("lines", "words"),
    [
        ([{"t": "bye", "reason": "no such seat"}], "the host refused: no such seat"),
        ([b"\x00\xffnot json\n"], "the host did not answer properly"),
        ([{"t": "state"}], "the host did not answer properly"),
        ([WELCOME, {"t": "pong"}], "no state after its welcome"),
        ([{**WELCOME, "game": "chess"}], "a game this bohn does not know: 'chess'"),
        ([{**WELCOME, "resigned": [7]}, STATE], "the host did not answer properly"),
        ([{**WELCOME, "resigned": {"0": 1}}, STATE], "the host did not answer properly"),
    ],
)
async def test_a_refusing_or_garbled_host_is_one_line(
    fake: Any, tmp_path: Path, lines: list[Any], words: str
) -> None:
    fake(say(*lines, then_wait=False))
    with pytest.raises(RemoteError) as e:
        await RemoteClient(CODE, tmp_path / "h.sock").connect()
    assert words in str(e.value) and "\n" not in str(e.value)


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ({"t": "bye", "reason": "the host closed the game"}, "closed the connection: the host"),
        (b"{{{garbage\n", "sent something unreadable"),
        (b'{"t": "state", "version": "x"}\n', "sent something unreadable"),
        ({"t": "launch"}, "sent something unreadable"),
        ({**STATE, "legal": [{"type": "no-such-action", "seat": 0}]}, "unreadable"),
        # who resigned: people's seats (of "humans"), once each, each played by a bot
        ({**STATE, "resigned": "1", "standin": [1]}, "unreadable"),
        ({**STATE, "resigned": [True], "standin": [1]}, "unreadable"),
        ({**STATE, "resigned": [5], "standin": [1]}, "unreadable"),
        ({**STATE, "resigned": [-1], "standin": [1]}, "unreadable"),
        ({**STATE, "resigned": [1, 1], "standin": [1]}, "unreadable"),
        ({**STATE, "resigned": [1]}, "unreadable"),
        ({**STATE, "resigned": [1], "standin": [1, 1]}, "unreadable"),
    ],
)
async def test_a_hostile_line_later_ends_the_connection_with_one_line(
    fake: Any, tmp_path: Path, line: Any, words: str
) -> None:
    async def script(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readline()
        writer.write(p.encode(WELCOME) + p.encode(STATE))
        await reader.readline()  # a ping: then the hostile line
        writer.write(line if isinstance(line, bytes) else p.encode(line))
        await reader.read()

    host = fake(script)
    client, seen = await connected(tmp_path / "h.sock")
    client._send(p.ping())
    await until_async(lambda: client.connection is not None)
    assert words in client.connection and client.ended and seen
    assert client.view(0) == {"mine": True}  # the last good state stays on the table
    assert await client.undo() == "not connected to the host"
    await asyncio.sleep(0.3)  # six retry periods
    assert host.connections == 1  # no reconnecting after a bye or nonsense
    client.stop()


async def test_a_dropped_connection_reconnects_with_the_same_code(
    fake: Any, tmp_path: Path
) -> None:
    hellos: list[str] = []

    async def script(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        hellos.append(json.loads(await reader.readline())["code"])
        writer.write(p.encode(WELCOME) + p.encode({**STATE, "version": len(hellos)}))
        if len(hellos) > 1:
            await reader.read()  # the second connection stays

    fake(script)
    client, _ = await connected(tmp_path / "h.sock")
    await until_async(lambda: client.connection is not None)
    assert "lost; reconnecting" in client.connection
    await until_async(lambda: client.connection is None)
    assert hellos == [CODE, CODE] and client.version == 2
    client.stop()


async def test_a_result_answers_its_request(fake: Any, tmp_path: Path) -> None:
    async def script(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readline()
        writer.write(p.encode(WELCOME) + p.encode(STATE))
        undo = json.loads(await reader.readline())
        writer.write(p.encode(p.result(undo["id"], "nothing to undo")))
        chat = json.loads(await reader.readline())
        writer.write(
            p.encode(
                {
                    **STATE,
                    "log_from": 1,
                    "log": [{"text": f"Ana: {chat['text']}", "turn": 0, "seat": 0}],
                }
            )
        )
        await reader.read()

    fake(script)
    client, _ = await connected(tmp_path / "h.sock")
    assert await client.undo() == "nothing to undo"
    assert client.chat("  hi\tall ") is None
    await until_async(lambda: len(client.log) == 2)
    assert client.log[1].text == "Ana: hi all"
    client.stop()


def test_join_prints_one_line_for_a_refusing_host(fake: Any, tmp_path: Path) -> None:
    fake(say({"t": "bye", "reason": "that code names no seat"}, then_wait=False))
    env = {**os.environ, "BOHN_DATA_DIR": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, "-m", "bohn_tui", "join", CODE, "--socket", str(tmp_path / "h.sock")],
        capture_output=True,
        text=True,
        timeout=20,
        env=env,
    )
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.strip() == "the host refused: that code names no seat"


# -- against a real host --------------------------------------------------------------------


@pytest.fixture
def host(tmp_path: Path) -> Iterator[dict[str, Any]]:
    """`bohn host bohnanza` for Ana and Ben (no bots) on a socket in tmp_path; its --json
    line. Killed at the end."""
    env = {**os.environ, "BOHN_DATA_DIR": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    sock = tmp_path / "h.sock"
    cmd = [sys.executable, "-m", "bohn_tui", "host", "bohnanza", "--players", "Ana,Ben"]
    proc = subprocess.Popen(
        [*cmd, "--seed", "3", "--socket", str(sock), "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        info = json.loads(proc.stdout.readline())
        yield info
    finally:
        proc.kill()
        proc.wait(5)


def _code(info: dict[str, Any], name: str) -> str:
    return next(s["code"] for s in info["seats"] if s["name"] == name)


def _fields(view: dict[str, Any], seat: int) -> list[Any]:
    return view["players"][seat]["fields"]  # type: ignore[no-any-return]


async def test_a_joined_table_shows_one_seat_and_its_moves_reach_the_others(
    host: dict[str, Any], tmp_path: Path
) -> None:
    from bohn_tui.store import Store
    from bohn_tui.ui.app import BohnApp
    from bohn_tui.ui.screens.privacy import PrivacyScreen
    from bohn_tui.ui.screens.table import TableScreen
    from bohn_tui.ui.widgets.phase_banner import PhaseBanner

    sock = Path(host["socket"])
    ana = RemoteClient(_code(host, "Ana"), sock)
    await ana.connect()
    ben, ben_saw = await connected_as(_code(host, "Ben"), sock)
    assert ana.seat == 0 and ben.seat == 1
    assert ana.view(0)["players"][0]["hand"] and ana.view(0)["players"][1]["hand"] is None
    before = _fields(ben.view(1), 0)
    app = BohnApp(Store(tmp_path / "ui"), remote=ana, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:

        def opened() -> bool:  # her table, her hand in it
            s = app.screen
            return isinstance(s, TableScreen) and s.viewer == 0 and s._hand is not None

        await until_async(opened)
        table = app.screen
        assert isinstance(table, TableScreen) and table.viewer == 0
        assert table._hand is not None  # Ana's hand shows
        await pilot.press("p")  # no pass-screen key at a remote seat
        await pilot.press("1")  # plant the front card on field 1
        await until_async(lambda: _fields(ben.view(1), 0) != before)
        assert ben_saw and not any(isinstance(s, PrivacyScreen) for s in app.screen_stack)
        assert ben.view(1)["players"][0]["hand"] is None  # Ben never sees Ana's hand
        await pilot.press("slash", *"hi Ben", "enter")
        await until_async(lambda: any(ln.text == "Ana: hi Ben" for ln in ben.log))
        while ana.decider() == 0:  # Ana ends her turn (through her client)
            move = next(a for a in ana.legal(0) if type(a).__name__ in PASSING)
            assert await ana.submit(move) is None
            await pilot.pause()
        ben.stop()  # Ben leaves: Ana's table says whom it waits for
        await until_async(lambda: 1 in ana.away())
        banner = table.query_one("#banner", PhaseBanner)
        said = lambda: banner.render().plain  # type: ignore[union-attr]  # noqa: E731
        # (the table follows the client's notice in its own time: not after one pause())
        await until_async(lambda: "waiting for Ben (disconnected)" in said())
        assert "waiting for Ben (disconnected)" in said()
        await pilot.press("q")  # leaves the app; the game goes on at the host
    ana.stop()


PASSING = ("PlantHand", "EndPlanting", "EndTurn")  # the moves that end a first turn


async def test_a_second_join_takes_the_seat_over_and_a_spectator_only_watches(
    host: dict[str, Any],
) -> None:
    sock = Path(host["socket"])
    first, _ = await connected_as(_code(host, "Ana"), sock)
    second, _ = await connected_as(_code(host, "Ana"), sock)
    await until_async(lambda: first.connection is not None)
    assert first.connection == f"the host closed the connection: {p.TAKEN_OVER}"
    watcher, _ = await connected_as(host["spectator"], sock)
    assert watcher.seat is None and watcher.legal(0) == [] and watcher.view(None)
    assert await watcher.undo() == "a spectator cannot act"
    await asyncio.sleep(0.3)  # six retry periods: the first does not take it back
    assert first.connection is not None and second.connection is None
    for c in (first, second, watcher):
        c.stop()


async def test_a_table_the_host_garbled_is_one_line_not_a_crash(fake: Any, tmp_path: Path) -> None:
    from bohn_tui.store import Store
    from bohn_tui.ui.app import BohnApp

    async def script(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readline()
        writer.write(p.encode({**WELCOME, "table": "bohn_tui.games.common.ui.parts:PARTS"}))
        writer.write(p.encode({**STATE, "view": {"players": 3}, "public": {"active": []}}))
        await reader.read()

    fake(script)
    client, _ = await connected(tmp_path / "h.sock")
    app = BohnApp(Store(tmp_path / "ui"), remote=client, seat=0)
    async with app.run_test(size=(80, 24)):
        await until_async(lambda: app.return_code is not None)
    assert app.return_code == 1
    assert app.start_error == ("the host sent a table this bohn cannot show; the table is closed")


# -- the code off the command line, and the end of a hosting (issue #22) --------------------


def _join_in_a_pty(host: dict[str, Any], *args: str, pass_fds: tuple[int, ...] = ()) -> Any:
    from helpers.ssh import Terminal

    data = Path(host["socket"]).parent / "join"
    cmd = ["env", f"BOHN_DATA_DIR={data}", f"XDG_DATA_HOME={data}", sys.executable, "-m"]
    cmd += ["bohn_tui", "join", "--socket", host["socket"], *args]
    return Terminal(cmd, 100, 30, pass_fds=pass_fds)


def _ends_cleanly(term: Any, host: dict[str, Any]) -> None:
    """SIGINT the host: the join's table leaves by itself, the terminal restored (the
    alternate screen left, the mouse off, the cursor shown), then one line, exit 0."""
    from bohn_tui.cli_join import HOST_ENDED

    term.wait_for(lambda s: "Ana" in s and "Ben" in s)
    os.kill(host["pid"], signal.SIGINT)
    assert term.exited(15) == 0
    term.reader.join(5)
    raw = bytes(term.raw)
    entered = raw.rindex(b"\x1b[?1049h")
    for sequence in (b"\x1b[?1049l", b"\x1b[?1000l", b"\x1b[?25h"):
        assert raw.rfind(sequence) > entered, sequence
    assert raw.rstrip().endswith(HOST_ENDED.encode())
    assert raw.rindex(HOST_ENDED.encode()) > raw.rindex(b"\x1b[?1049l")
    term.close()


def test_join_reads_the_code_from_a_descriptor_and_ends_with_the_hosting(
    host: dict[str, Any],
) -> None:
    """`bohn join --socket PATH --code-fd N` (as the SSH door starts it): the code comes on
    the inherited pipe and is on no command line (/proc/PID/cmdline, what `ps` shows)."""
    code = _code(host, "Ana")
    r, w = os.pipe()
    os.write(w, code.encode() + b"\n")
    os.close(w)
    try:
        term = _join_in_a_pty(host, "--code-fd", str(r), pass_fds=(r,))
    finally:
        os.close(r)
    term.wait_for(lambda s: "Ana" in s and "Ben" in s)
    cmdline = Path(f"/proc/{term.proc.pid}/cmdline").read_bytes()
    assert b"--code-fd" in cmdline and code.encode() not in cmdline
    # a seat's process (one per SSH session) loads no OpenSSL and no SQLite (issue #25:
    # ~6 MB of its memory); asyncio's library is loaded (where these are shared libraries)
    loaded = Path(f"/proc/{term.proc.pid}/maps").read_text()
    names = ("_asyncio", "_ssl", "_hashlib", "_sqlite3")
    libs = {m: getattr(find_spec(m), "origin", None) for m in names}
    shared = {m: o for m, o in libs.items() if o and o.endswith(".so")}
    if "_asyncio" in shared:
        assert shared.pop("_asyncio") in loaded
    for lib in shared.values():
        assert lib not in loaded, lib
    _ends_cleanly(term, host)


def test_join_asks_for_the_code_and_ends_with_the_hosting(host: dict[str, Any]) -> None:
    """Plain `bohn join`: the code is typed at a prompt on the terminal (not shown)."""
    code = _code(host, "Ben")
    term = _join_in_a_pty(host)
    term.wait_for("Invite code:")
    term.press(code, "enter")
    term.wait_for(lambda s: "Ana" in s and "Ben" in s)
    assert code not in term.text()  # (typed, not echoed)
    _ends_cleanly(term, host)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--code-fd", "1"], "--code-fd must be 3 or more"),
        (["--code-fd", "97"], "--code-fd 97: cannot read the invite code: Bad file descriptor"),
        ([CODE, "--code-fd", "5"], "give the invite code once"),
    ],
)
def test_join_refuses_a_bad_code_descriptor_in_one_line(
    tmp_path: Path, args: list[str], words: str
) -> None:
    env = {**os.environ, "BOHN_DATA_DIR": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    cmd = [sys.executable, "-m", "bohn_tui", "join", "--socket", str(tmp_path / "h.sock")]
    run = subprocess.run([*cmd, *args], capture_output=True, text=True, timeout=20, env=env)
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.startswith(words) and run.stderr.count("\n") == 1


def test_join_without_a_code_on_an_empty_input_is_one_line(tmp_path: Path) -> None:
    env = {**os.environ, "BOHN_DATA_DIR": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    cmd = [sys.executable, "-m", "bohn_tui", "join", "--socket", str(tmp_path / "h.sock")]
    run = subprocess.run(  # no terminal of its own: the prompt reads the empty stdin
        cmd,
        capture_output=True,
        text=True,
        timeout=20,
        env=env,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.strip().endswith("no invite code given")
