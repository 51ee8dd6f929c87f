"""Attacks on the SSH front door (issue #22), each against a real `bohn host --port` on
127.0.0.1: the real OpenSSH client where a person's client matters, asyncssh or raw sockets
where an attacker's does. Attackers come from other loopback addresses (127.0.0.2 and up),
so that the limits per address they hit are theirs and not the person's."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import time
from pathlib import Path
from typing import Any

import asyncssh
import pyte
import pytest
from asyncssh.auth import MSG_USERAUTH_PK_OK, _ClientPublicKeyAuth
from asyncssh.packet import Boolean, String
from helpers.ssh import Terminal, hosting, make_key, ssh_command, wait_for

from bohn_tui.net.spares import KEEP
from bohn_tui.net.ssh_session import MAX_COLS, MAX_ROWS

NAMES = ["Ana", "Ben", "Eve", "Spy"]


@pytest.fixture
def keys(tmp_path: Path) -> dict[str, Path]:
    return {n: make_key(tmp_path, n.lower()) for n in NAMES}


def _game(tmp_path: Path, **limits: float) -> Any:
    """The host of the attacks; `limits`: its door's, other than the defaults (for speed)."""
    return hosting(tmp_path, "bohnanza", "--players", "Ana,Ben,bot:random", limits=limits)


def _code(info: dict[str, Any], name: str) -> str:
    return next(s["code"] for s in info["seats"] if s["name"] == name)


def _open(terminals: list[Terminal], info: dict[str, Any], code: str, *keys: Path,
          cols: int = 120, rows: int = 40, extra: tuple[str, ...] = ()) -> Terminal:  # fmt: skip
    cmd = ssh_command(info, code, keys[0], "-tt", *extra)
    for k in keys[1:]:  # more keys, offered after the first
        cmd[cmd.index("-i") + 2 : cmd.index("-i") + 2] = ["-i", str(k)]
    t = Terminal(cmd, cols, rows)
    terminals.append(t)
    return t


def _options(info: dict[str, Any], key: Path, source: str = "127.0.0.2") -> dict[str, Any]:
    return dict(
        known_hosts=None,
        client_keys=[str(key)],
        agent_path=None,
        port=info["port"],
        local_addr=(source, 0),
    )


def _host_log(host: Any) -> str:
    """What the host printed on its standard error so far (it is not closed); every call
    gives all of it (what an earlier call read is kept on `host`)."""
    os.set_blocking(host.stderr.fileno(), False)
    data = host.stderr.read() or b""
    host.said = getattr(host, "said", "") + data.decode(errors="replace")
    return str(host.said)


def _host_says(host: Any, line: str, timeout: float = 60.0) -> str:
    """The host's standard error once it holds `line` (the host writes it in its own time),
    or as it is at the deadline."""
    end = time.monotonic() + timeout
    while line not in (log := _host_log(host)) and time.monotonic() < end:
        time.sleep(0.05)
    return log


# -- 1. a bound seat cannot be had with its owner's public key alone -------------------------


async def _race(info: dict[str, Any], code: str, own: Path, victim: Path, query_first: bool) -> str:
    """Log in as `code` with the key `own`, sending in one go a public-key query with the
    victim's public key and a signed request with our own: what the attempt reached."""
    victim_key = asyncssh.read_public_key(str(victim) + ".pub")
    original = _ClientPublicKeyAuth._start

    async def racing(self: Any) -> None:
        self._keypair = await self._conn.public_key_auth_requested()
        if self._keypair is None:
            self._conn.try_next_auth(next_method=True)
            return
        query = (Boolean(False), String(victim_key.algorithm), String(victim_key.public_data))
        signed = (Boolean(True), String(self._keypair.algorithm), String(self._keypair.public_data))
        first, second = (query, signed) if query_first else (signed, query)
        for args in (first, second):
            key = self._keypair if args is signed else None
            await self._conn.send_userauth_request(b"publickey", *args, key=key, trivial=False)

    handlers = _ClientPublicKeyAuth._packet_handlers
    pk_ok = handlers[MSG_USERAUTH_PK_OK]
    handlers[MSG_USERAUTH_PK_OK] = lambda *args: None  # the query's answer: no matter
    _ClientPublicKeyAuth._start = racing  # type: ignore[method-assign]
    try:
        async with asyncssh.connect("127.0.0.1", username=code, **_options(info, own)) as conn:
            proc = await conn.create_process(term_type="xterm", term_size=(120, 40))
            seen = ""
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(8):
                    while "Ana · you" not in seen:
                        chunk = await proc.stdout.read(65536)
                        if not chunk:
                            break
                        seen += chunk
            proc.close()
            return "reached the seat" if "Ana · you" in seen else f"logged in: {seen[-200:]!r}"
    except (asyncssh.Error, OSError):  # denied, or cut at the end of the login time
        return "refused"
    finally:
        _ClientPublicKeyAuth._start = original  # type: ignore[method-assign]
        handlers[MSG_USERAUTH_PK_OK] = pk_ok


def test_a_query_with_the_owners_public_key_does_not_open_the_seat(
    tmp_path: Path, keys: dict[str, Path], terminals: list[Terminal]
) -> None:
    # a raced login may be refused only when its login time ends: 6 s (the default 20 s)
    with _game(tmp_path, grace=6.0) as (host, info):
        ana = _open(terminals, info, _code(info, "Ana"), keys["Ana"])
        ana.wait_for("Ana · you")  # the seat is bound to Ana's key now
        for query_first in (True, False):
            got = asyncio.run(
                _race(info, _code(info, "Ana"), keys["Eve"], keys["Ana"], query_first)
            )
            assert got == "refused", (query_first, got)
        # Ana plays on (her screen waited for, not read once in the middle of a frame)
        assert "Ana · you" in ana.wait_for("Ana · you") and ana.proc.poll() is None
        assert host.poll() is None


# -- 2. several keys: the one the seat is bound to gets in ---------------------------------


def test_a_client_with_several_keys_gets_in_with_the_bound_one(
    tmp_path: Path, keys: dict[str, Path], terminals: list[Terminal]
) -> None:
    with _game(tmp_path) as (host, info):
        first = _open(terminals, info, _code(info, "Ana"), keys["Ana"])
        first.wait_for("Ana · you")
        first.press("q")
        assert first.exited() == 0
        # ssh-agent users offer several keys: another one first, then the bound one
        both = _open(terminals, info, _code(info, "Ana"), keys["Eve"], keys["Ana"])
        both.wait_for("Ana · you")
        both.press("q")
        assert both.exited() == 0
        # and a key that may not have the seat alone is refused before any login
        eve = _open(terminals, info, _code(info, "Ana"), keys["Eve"])
        assert eve.exited() == 255
        denied = "Permission denied (publickey)"
        assert denied in eve.wait_for(denied)


def test_a_connection_the_seat_left_for_another_ends_and_frees_its_place(
    tmp_path: Path, keys: dict[str, Path], terminals: list[Terminal]
) -> None:
    """A seat's person who connects again (a new laptop, a dropped Wi-Fi) takes the seat
    over; the old connection's table ends with one line and exit 0 instead of holding one
    of the seat's 2 places at the door, so connecting a third and fourth time still works."""
    with _game(tmp_path) as (host, info):
        older = _open(terminals, info, _code(info, "Ana"), keys["Ana"])
        older.wait_for("Ana · you")
        for _ in range(3):
            newer = _open(terminals, info, _code(info, "Ana"), keys["Ana"])
            newer.wait_for("Ana · you")
            assert older.exited() == 0
            ended = "this seat connected from elsewhere"
            assert ended in older.wait_for(ended)
            older = newer
        older.press("q")
        assert older.exited() == 0


# -- 4. no secret on any command line ------------------------------------------------------


def _cmdlines_below(pid: int) -> list[str]:
    """The command lines of `pid`'s descendants (what any local user can read with ps)."""
    lines, todo = [], [pid]
    for _ in range(1000):
        if not todo:
            break
        parent = todo.pop()
        with contextlib.suppress(OSError):
            for child in Path(f"/proc/{parent}/task/{parent}/children").read_text().split():
                todo.append(int(child))
                with contextlib.suppress(OSError):
                    raw = Path(f"/proc/{child}/cmdline").read_bytes()
                    lines.append(raw.replace(b"\0", b" ").decode(errors="replace"))
    return lines


def test_no_invite_code_is_on_any_command_line(
    tmp_path: Path, keys: dict[str, Path], terminals: list[Terminal]
) -> None:
    with _game(tmp_path) as (host, info):
        ana = _open(terminals, info, _code(info, "Ana"), keys["Ana"])
        watch = _open(terminals, info, info["spectator"], keys["Eve"])
        ana.wait_for("Ana · you")
        watch.wait_for("Waiting for")
        # the two sessions' processes, and the one the door starts for the next (spares.py)
        listed = wait_for(
            lambda: "\n".join(_cmdlines_below(host.pid)),
            lambda text: text.count(" join ") == 2 + KEEP,
        )
        lines = listed.splitlines()
        secrets = [s["code"] for s in info["seats"]] + [info["spectator"]]
        for code in secrets:
            assert all(code not in ln and code.split("-")[1] not in ln for ln in lines), code


# -- 5. window sizes and terminal types that are no such thing ---------------------------


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def _odd_terminal(info: dict[str, Any], key: Path, term: str, size: tuple[int, int]) -> str:
    async with asyncssh.connect(
        "127.0.0.1", username=info["spectator"], **_options(info, key, "127.0.0.3")
    ) as conn:
        proc = await conn.create_process(term_type=term, term_size=size, encoding=None)
        screen = pyte.Screen(MAX_COLS, MAX_ROWS)  # the game draws at most this size
        stream = pyte.ByteStream(screen)
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(60):  # (a deadline: a loaded machine is slower)
                while not any("Turn 1 · Ana's turn" in row for row in screen.display):
                    chunk = await proc.stdout.read(65536)
                    if not chunk:
                        break
                    stream.feed(chunk)
        proc.change_terminal_size(100_000, 100_000)
        await asyncio.sleep(1.0)
        proc.close()
        return "\n".join(screen.display)


def test_a_huge_window_and_a_strange_terminal_type_are_bounded(
    tmp_path: Path, keys: dict[str, Path]
) -> None:
    with _game(tmp_path) as (host, info):
        for term, size in (("xterm", (60000, 60000)), ("x\0term\x1b[31m", (100_000, 100_000))):
            seen = asyncio.run(_odd_terminal(info, keys["Eve"], term, size))
            assert "Turn 1 · Ana's turn" in seen, (term, seen[-300:])
        biggest = max(_rss_kb(host.pid), 1)
        assert biggest < 400_000  # the host itself stays small
        assert host.poll() is None
        log = _host_log(host)
        assert "Traceback" not in log and "exception" not in log.lower(), log


# -- 7. floods of connections -------------------------------------------------------------


def _idle_connections(port: int, count: int, sources: list[str]) -> list[socket.socket]:
    """`count` TCP connections that never say a word, from `sources` in turn."""
    held = []
    for i in range(count):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.bind((sources[i % len(sources)], 0))
        s.settimeout(2)
        with contextlib.suppress(OSError):
            s.connect(("127.0.0.1", port))
        held.append(s)
    return held


def test_idle_connections_never_keep_a_person_out(
    tmp_path: Path, keys: dict[str, Path], terminals: list[Terminal]
) -> None:
    """360 silent connections from 120 addresses hold the door full (its 128 logins in
    progress: a first one from each, a few second ones); a person from another address still
    gets in, in the place of the oldest of a busiest address (bohn_tui/net/gate.py)."""
    with _game(tmp_path) as (host, info):
        sources = [f"127.0.0.{n}" for n in range(10, 130)]
        held = _idle_connections(info["port"], 360, sources)
        try:
            time.sleep(0.5)
            ana = _open(terminals, info, _code(info, "Ana"), keys["Ana"])
            ana.wait_for("Ana · you", timeout=60)
            assert _rss_kb(host.pid) < 400_000
        finally:
            for s in held:
                s.close()
        said = "SSH: refused connections: "
        assert said in _host_says(host, said)  # said in one line


async def _spectate_held(info: dict[str, Any], key: Path, source: str, hold: float) -> str:
    async with asyncssh.connect(
        "127.0.0.1", username=info["spectator"], **_options(info, key, source)
    ) as conn:
        proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        seen = b""
        end = time.monotonic() + hold

        def told() -> bool:  # its table, or the refusal, has come (a loaded machine is
            # slower than `hold`: held on until then, by a deadline)
            return any(t in seen for t in (b"Waiting for", b"spectators from one address"))

        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(hold + 60):
                while time.monotonic() < end or not told():
                    try:
                        chunk = await asyncio.wait_for(proc.stdout.read(65536), 0.5)
                    except TimeoutError:
                        continue
                    if not chunk:
                        break
                    seen += chunk
        proc.close()
        return seen.decode(errors="replace")


def test_spectators_are_capped_and_a_seat_still_gets_in(
    tmp_path: Path, keys: dict[str, Path], terminals: list[Terminal]
) -> None:
    with _game(tmp_path) as (host, info):

        async def crowd_then_ana() -> list[str]:
            crowd = asyncio.gather(
                *(_spectate_held(info, keys["Spy"], "127.0.0.4", 8) for _ in range(3))
            )
            await asyncio.sleep(4)
            ana = _open(terminals, info, _code(info, "Ana"), keys["Ana"])
            await asyncio.to_thread(ana.wait_for, "Ana · you", 60)
            return list(await crowd)

        got = asyncio.run(crowd_then_ana())
        refused = [g for g in got if "at most 2 spectators from one address" in g]
        watching = [g for g in got if "Waiting for" in g]
        assert len(refused) == 1 and len(watching) == 2, [g[-120:] for g in got]


# -- 8. guessing codes ------------------------------------------------------------------------


async def _guess(info: dict[str, Any], key: Path, n: int, source: str) -> str:
    try:
        async with asyncssh.connect(
            "127.0.0.1", username=f"zzzz-guess{n:03d}", **_options(info, key, source)
        ):
            return "logged in"
    except asyncssh.PermissionDenied:
        return "denied"
    except (OSError, asyncssh.Error) as e:
        return f"cut: {type(e).__name__}"


MAX_DELAY = 0.5


def test_guessing_codes_is_slowed_then_refused_and_logged(
    tmp_path: Path, keys: dict[str, Path], terminals: list[Terminal]
) -> None:
    # failures answered after 0.25 s, doubling, at most MAX_DELAY (the default 4 s: 15 s more)
    with _game(tmp_path, max_delay=MAX_DELAY) as (host, info):

        async def guesses() -> list[str]:
            out: list[str] = []
            for batch in range(6):  # 4 at a time: the most one address may have waiting
                got = await asyncio.gather(
                    *(_guess(info, keys["Spy"], 4 * batch + i, "127.0.0.5") for i in range(4))
                )
                out += got
            return out

        start = time.monotonic()
        got = asyncio.run(guesses())
        took = time.monotonic() - start
        assert "logged in" not in got
        # the later failures were answered slowly: 4 batches (failures 5-20) at MAX_DELAY each
        assert took >= 4 * MAX_DELAY - 0.05, took
        late = asyncio.run(_guess(info, keys["Spy"], 999, "127.0.0.5"))
        assert late.startswith("cut"), late  # refused at once now
        blocked = "failed logins from 127.0.0.5: refused for 10 minutes"
        log = _host_says(host, blocked)
        assert blocked in log, log
        # another address is not affected
        ana = _open(terminals, info, _code(info, "Ana"), keys["Ana"])
        ana.wait_for("Ana · you")


def test_the_banner_names_no_library_or_version(tmp_path: Path) -> None:
    with _game(tmp_path) as (host, info):
        with socket.create_connection(("127.0.0.1", info["port"]), timeout=5) as s:
            banner = s.recv(256).split(b"\r\n")[0]
        assert banner == b"SSH-2.0-bohn", banner


# -- 10. keys before the game is up are keys ------------------------------------------------


def test_ctrl_c_and_ctrl_z_typed_at_once_neither_stop_nor_end_the_game(
    tmp_path: Path, keys: dict[str, Path], terminals: list[Terminal]
) -> None:
    with _game(tmp_path) as (host, info):
        ana = _open(terminals, info, _code(info, "Ana"), keys["Ana"])
        for _ in range(20):  # at once, while the game process is starting
            ana.press("\x1a", "\x03")
            time.sleep(0.02)
        ana.wait_for("Ana · you", timeout=60)
        time.sleep(0.5)
        assert ana.proc.poll() is None
        ana.press("q")
        assert ana.exited() == 0


# -- 9. the host's Ctrl+C leaves every player's terminal clean -------------------------------


def test_ctrl_c_on_the_host_restores_every_ssh_terminal_and_ends_with_one_line(
    tmp_path: Path, keys: dict[str, Path], terminals: list[Terminal]
) -> None:
    with _game(tmp_path) as (host, info):
        ana = _open(terminals, info, _code(info, "Ana"), keys["Ana"])
        ben = _open(terminals, info, _code(info, "Ben"), keys["Ben"])
        ana.wait_for("Ana · you")
        ben.wait_for("Ben · you")
        host.send_signal(signal.SIGINT)
        for t in (ana, ben):
            assert t.exited(15) == 0
            t.reader.join(5)  # (its last bytes read: the exit can come first)
            with t.lock:
                tail = bytes(t.raw[-4000:])
            restored = tail[tail.rfind(b"\x1b[?1049l") :]
            assert b"\x1b[?1049l" in tail, tail[-300:]  # out of the alternate screen
            assert b"\x1b[?25h" in tail  # the cursor shown
            assert b"\x1b[?1000l" in tail  # mouse tracking off
            assert b"the host ended the game; it is saved" in restored, restored[-300:]
        assert host.wait(10) == 0
