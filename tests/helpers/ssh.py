"""Helpers for the SSH tests (tests/test_ssh.py): a `bohn host --port 0` process on
127.0.0.1, throwaway SSH keys, and a Terminal: the real OpenSSH client in a pseudo-terminal
of its own whose output a terminal emulator (pyte) turns into the screen a person sees."""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pyte
from wcwidth import wcwidth

SSH = shutil.which("ssh") or "ssh"
SSH_OPTIONS = [
    "-F", "/dev/null",  # no user or system config
    "-o", "IdentitiesOnly=yes",
    "-o", "BatchMode=yes",  # no password prompts: a key or nothing
    "-o", "StrictHostKeyChecking=no",
    "-o", "UserKnownHostsFile=/dev/null",
    "-o", "LogLevel=ERROR",
]  # fmt: skip


def make_key(folder: Path, name: str) -> Path:
    """A new ed25519 key without a passphrase (the private key's path)."""
    path = folder / name
    if not (shutil.which("ssh") and shutil.which("ssh-keygen")):
        raise AssertionError("the SSH tests need the OpenSSH client: apt install openssh-client")
    subprocess.run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", str(path)], check=True
    )
    return path


# `python -m bohn_tui ARGS`, its SSH door's limits (bohn_tui/net/gate.py's Limits) with other
# defaults, given as JSON first: the tests of the login time and of the slowed failures set
# them small (a real host keeps Limits' own defaults: tests/test_gate.py)
LIMITED = """
import dataclasses, json, sys
from bohn_tui.net import gate
over = json.loads(sys.argv[1])
fields = [(k, type(v), v) for k, v in over.items()]
gate.Limits = dataclasses.make_dataclass("Limits", fields, bases=(gate.Limits,), frozen=True)
from bohn_tui.cli import main
sys.argv = ["bohn", *sys.argv[2:]]
main()
"""


@contextmanager
def hosting(
    data: Path, *args: str, limits: dict[str, float] | None = None
) -> Iterator[tuple[subprocess.Popen[bytes], dict[str, Any]]]:
    """`bohn host ARGS --json --port 0 --bind 127.0.0.1` with its data in `data` (its socket
    in a short folder there), its door's `limits` other than the defaults; killed at the end."""
    sock = data / "h.sock"
    args = ("host", *args, "--json", "--socket", str(sock), "--port", "0", "--bind", "127.0.0.1")
    with bohn_json(data, *args, "--bot-delay", "0", limits=limits) as running:
        yield running


@contextmanager
def bohn_json(
    data: Path, *args: str, limits: dict[str, float] | None = None
) -> Iterator[tuple[subprocess.Popen[bytes], dict[str, Any]]]:
    """`bohn ARGS` (a command that prints one JSON line once it is ready: `host --json`,
    `server --json`) with its data in `data`, its SSH door's `limits` other than the
    defaults; stopped at the end (SIGTERM, then SIGKILL)."""
    env = dict(os.environ, BOHN_DATA_DIR=str(data), XDG_DATA_HOME=str(data))
    bohn = ["-c", LIMITED, json.dumps(limits)] if limits else ["-m", "bohn_tui"]
    cmd = [sys.executable, *bohn, *args]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if not line:
            raise AssertionError(f"bohn {args[0]} did not start: {proc.stderr.read().decode()}")  # type: ignore[union-attr]
        yield proc, json.loads(line)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def ssh_command(
    info: dict[str, Any], code: str, key: Path, *extra: str, command: tuple[str, ...] = ()
) -> list[str]:
    options = SSH_OPTIONS if not any("LogLevel" in e for e in extra) else SSH_OPTIONS[:-2]
    where = [SSH, *options, "-i", str(key), "-p", str(info["port"]), *extra]
    return [*where, f"{code}@127.0.0.1", *command]


class Screen(pyte.Screen):
    """pyte's screen, but a zero-width character that combines with nothing (a right-to-left
    mark) is skipped, as a terminal does; pyte drops the rest of the text after it."""

    def draw(self, data: str) -> None:
        zero = (c for c in set(data) if wcwidth(c) == 0 and not unicodedata.combining(c))
        for c in zero:
            data = data.replace(c, "")
        super().draw(data)


class Terminal:
    """`ssh` in a pty of `cols` x `rows`, and the screen its output draws."""

    def __init__(
        self, cmd: list[str], cols: int = 120, rows: int = 40, pass_fds: tuple[int, ...] = ()
    ) -> None:
        self.screen = Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.lock = threading.Lock()
        self.raw = bytearray()  # everything that came
        self.last = time.monotonic()  # when the last of it came
        self.master, slave = os.openpty()
        _size(slave, cols, rows)
        self.proc = subprocess.Popen(
            cmd,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            start_new_session=True,
            close_fds=True,
            pass_fds=pass_fds,
        )
        os.close(slave)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                data = b""
            if not data:
                return
            with self.lock:
                self.raw += data
                self.stream.feed(data)
                self.last = time.monotonic()

    def text(self) -> str:
        with self.lock:
            return "\n".join(self.screen.display)

    def wait_for(self, check: str | Callable[[str], bool], timeout: float = 60.0) -> str:
        """The screen once `check` (a text on it, or a test of it) holds, looked at only
        between frames (nothing new for SETTLE seconds): a frame comes in pieces, and a
        screen half drawn over the one before is neither (pyte has no synchronized output)."""
        return wait_for(self.settled, check, timeout)

    def settled(self) -> str:
        return settled(self.text, lambda: self.last)

    def quiet(self, seconds: float = 0.15, timeout: float = 10.0) -> str:
        """The screen once nothing has come for `seconds` (a frame is whole)."""
        end = time.monotonic() + timeout
        while time.monotonic() - self.last < seconds and time.monotonic() < end:
            time.sleep(0.02)
        return self.text()

    def press(self, *keys: str) -> None:
        for k in keys:
            os.write(self.master, KEYS.get(k, k).encode())
            time.sleep(0.03)

    def resize(self, cols: int, rows: int) -> None:
        with self.lock:
            self.screen.resize(rows, cols)
        _size(self.master, cols, rows)
        self.proc.send_signal(signal.SIGWINCH)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(5)

    def close(self) -> None:
        self.kill()
        self.reader.join(2)
        os.close(self.master)

    def exited(self, timeout: float = 10.0) -> int:
        return self.proc.wait(timeout)


def wait_for(
    text: Callable[[], str],
    check: str | Callable[[str], bool],
    timeout: float = 60.0,
    pause: Callable[[float], object] = time.sleep,
) -> str:
    """`text()` once `check` (a text in it, or a test of it) holds; `pause(seconds)` between
    two looks (a browser page's lets its events in)."""
    test = check if callable(check) else (lambda s: check in s)
    end = time.monotonic() + timeout
    while True:
        shown = text()
        if test(shown):
            return shown
        if time.monotonic() > end:
            raise AssertionError(f"not on the screen within {timeout:g} s: {check!r}\n{shown}")
        pause(0.02)


SETTLE = 0.05  # seconds with nothing new after which a screen is taken as whole


def settled(
    text: Callable[[], str],
    last: Callable[[], float],
    pause: Callable[[float], object] = time.sleep,
) -> str:
    """`text()` once nothing has come for SETTLE seconds since `last()` (the time the last
    bytes came), waiting a second at most: a screen between two frames."""
    end = time.monotonic() + 1.0
    while time.monotonic() - last() < SETTLE and time.monotonic() < end:
        pause(0.01)
    return text()


KEYS = {"enter": "\r", "escape": "\x1b", "right": "\x1b[C", "left": "\x1b[D", "down": "\x1b[B"}


def _size(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def key_bar(screen: str) -> str:
    """The last two rows (the key bar), spaces between words kept to one."""
    return re.sub(r" {2,}", "  ", " ".join(screen.splitlines()[-2:]))
