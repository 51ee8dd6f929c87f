"""A door's session processes started before their sessions (net/spares.py, bohn_tui/spare.py;
issues #25, #26): the seat a person gets through the real OpenSSH client is the process the
door had started (by exec) before they connected, the door starts the next one, a bounded
number waits, and each ends with its session, or with its door when the door lets it go."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from helpers.ssh import Terminal, hosting, make_key, ssh_command
from helpers.wait import until_async

from bohn_tui.net.spares import KEEP
from bohn_tui.spare import run, words

ROOT = Path(__file__).resolve().parent.parent


def _until(check: Callable[[], object], timeout: float = 30.0) -> object:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError("not so within the time")


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _spares(host: int) -> dict[int, str]:
    """The host's `bohn_tui.spare` children: pid -> what their standard input is."""
    found = {}
    for task in Path(f"/proc/{host}/task").iterdir():
        with contextlib.suppress(OSError):
            for kid in (task / "children").read_text().split():
                with contextlib.suppress(OSError):
                    if b"bohn_tui.spare" in Path(f"/proc/{kid}/cmdline").read_bytes():
                        found[int(kid)] = os.readlink(f"/proc/{kid}/fd/0")
    return found


def test_a_seat_is_the_process_started_before_the_session(tmp_path: Path) -> None:
    key = make_key(tmp_path, "ana")
    with hosting(tmp_path, "bohnanza", "--players", "Ana,Ben") as (host, info):
        waiting = _until(lambda: _spares(host.pid))  # before anyone connects
        assert isinstance(waiting, dict) and len(waiting) == KEEP
        assert all(fd == "/dev/null" for fd in waiting.values())
        code = next(s["code"] for s in info["seats"] if s["name"] == "Ana")
        ana = Terminal(ssh_command(info, code, key, "-tt"), 120, 40)
        try:
            ana.wait_for("Ana · you")
            # the session runs in the process that waited; the door has started the next
            first = next(iter(waiting))
            _until(lambda: _spares(host.pid).get(first, "").startswith("/dev/pts/"))

            def next_one() -> bool:
                now = _spares(host.pid)
                idle = [p for p, fd in now.items() if fd == "/dev/null"]
                return len(idle) == KEEP and first not in idle

            _until(next_one)
        finally:
            ana.kill()
            ana.close()
        _until(lambda: not _alive(first))  # it ends with its session


def test_a_waiting_process_ends_when_the_door_lets_it_go() -> None:
    mine, theirs = socket.socketpair()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "bohn_tui.spare", "join", str(theirs.fileno())]
    proc = subprocess.Popen(cmd, pass_fds=(theirs.fileno(),), env=env, stdin=subprocess.DEVNULL)
    theirs.close()
    try:
        mine.close()  # the door closes its end: no session will come
        assert proc.wait(60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_the_descriptors_a_door_names_are_the_ones_passed() -> None:
    job = {"args": ["join", "--socket", "/s/h.sock", "--code-fd", "17"], "fds": [17]}
    assert words(job, [5, 8]) == ["join", "--socket", "/s/h.sock", "--code-fd", "8"]
    lobby = {"args": ["server", "lobby", "--sock-fd", "9", "--in-fd", "12"], "fds": [12, 9]}
    assert words(lobby, [3, 4, 6]) == ["server", "lobby", "--sock-fd", "6", "--in-fd", "4"]
    # a descriptor it was not given is none (-1), never one it happens to hold
    assert words({"args": ["join", "--code-fd", "3"], "fds": []}, [5])[-1] == "-1"


def test_only_a_doors_commands_run() -> None:
    assert run(["replay", "x.json"]) == 2
    assert run(["join", "--socket", "/s", "--code-fd", "-1"]) == 1  # no such descriptor
    assert run(["server", "lobby", "--sock-fd", "-1", "--in-fd", "-1"]) == 1


class _Proc:
    """A started process, stood in for: it runs until killed."""

    def __init__(self) -> None:
        self.returncode: int | None = None
        self.killed = False

    def kill(self) -> None:
        self.killed, self.returncode = True, -9


def test_a_burst_of_logins_keeps_more_ready_for_a_while(monkeypatch: Any) -> None:
    """A session that finds no idle process (a burst) raises its kind's number to BURST,
    started at once, so the burst's later logins find them; the last one taken during the
    burst makes it last; once BURST_SECONDS pass without another, the ones over KEEP end.
    (Processes stood in for: spares.start's; the burst's end called, not waited for.)"""
    import asyncio

    from bohn_tui.net import spares as sp

    started: list[_Proc] = []

    async def start(kind: str) -> sp.Spare:
        started.append(_Proc())
        return sp.Spare(started[-1], socket.socketpair()[0])  # type: ignore[arg-type]

    monkeypatch.setattr(sp, "start", start)
    monkeypatch.setattr(sp, "REFILL_SECONDS", 0.0)
    monkeypatch.setattr(sp, "BURST_SECONDS", 3600.0)  # (its end is called below)

    async def run() -> None:
        spares = sp.Spares()
        spares.prepare("server", "join")
        await until_async(lambda: len(spares.idle.get("server", ())) == sp.KEEP)
        taken = [(await spares.take("server")).proc for _ in range(2)]  # the 2nd finds none
        assert taken == started[:1] + started[2:3] and spares.target("server") == sp.BURST
        assert spares.target("join") == sp.KEEP  # its own kind only
        await until_async(lambda: len(spares.idle["server"]) == sp.BURST)
        assert len(started) == 2 + sp.KEEP + sp.BURST  # both kinds' idle, the 2nd's, the burst's
        burst = [(await spares.take("server")).proc for _ in range(sp.BURST)]  # none cold
        assert burst == started[3 : 3 + sp.BURST]
        await until_async(lambda: len(spares.idle["server"]) == sp.BURST)  # refilled
        spares._calm("server")  # a minute since the last: still a burst (the last one taken)
        assert spares.target("server") == sp.BURST and len(spares.idle["server"]) == sp.BURST
        spares.raised["server"] = 0.0  # ... and a minute without one
        spares._calm("server")
        assert spares.target("server") == sp.KEEP and len(spares.idle["server"]) == sp.KEEP
        assert sum(p.killed for p in started) == sp.BURST - sp.KEEP  # those over KEEP ended
        spares.close()

    asyncio.run(run())
