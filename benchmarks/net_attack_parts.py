"""The parts of benchmarks/net_attack.py: a tree's host process, its memory (the host and
every process under it), the attackers (raw clients of the host protocol, idle TCP
connections to the SSH port) and a real OpenSSH login in a pty of ours."""

from __future__ import annotations

import asyncio
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from net_fanout import proc_rss_kib
from net_latency import table_drawn
from ui_latency import Term, env_for

SSH_OPTIONS = [
    "-F", "/dev/null", "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
    "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
    "-o", "LogLevel=ERROR", "-o", "ConnectTimeout=10",
]  # fmt: skip
# the terminal's escapes (CSI, OSC, charset and keypad modes): dropped from a last line
ANSI = re.compile(rb"\x1b\[[0-9;?$]*[A-Za-z]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[=>()]\w?")
CHAT_FILL = "\U0001f600" * 290  # 4 bytes a character: the most bytes a chat line may carry


# -- a tree's host ------------------------------------------------------------------------


@dataclass
class Tree:
    """A source tree to run: its name, folder and protocol version (read from the tree)."""

    name: str
    path: str
    version: int = 0

    def env(self, data: str) -> dict[str, str]:
        env = env_for(data) | {"PYTHONPATH": self.path, "XDG_DATA_HOME": data}
        env.pop("XDG_RUNTIME_DIR", None)
        return env

    def read_version(self) -> None:
        code = "from bohn_tui.net.protocol import VERSION; print(VERSION)"
        out = subprocess.run(
            [sys.executable, "-c", code], env=self.env(tempfile.gettempdir()), cwd=self.path,
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        self.version = int(out.stdout)


class Host:
    """`python -m bohn_tui host bohnanza --players NAMES --json --bot-delay 0` from a tree
    (PYTHONPATH and the working folder the tree's), its data and socket in a folder of its
    own, its standard error in a file there; with `ssh`, `--port 0 --bind 127.0.0.1`."""

    def __init__(self, tree: Tree, names: str, ssh: bool = False) -> None:
        self.tree = tree
        self.root = tempfile.mkdtemp(prefix="bench-att-")
        self.socket = os.path.join(self.root, "h.sock")
        cmd = [sys.executable, "-m", "bohn_tui", "host", "bohnanza", "--players", names]
        cmd += ["--json", "--bot-delay", "0", "--socket", self.socket]
        if ssh:
            cmd += ["--port", "0", "--bind", "127.0.0.1"]
        self.env = tree.env(os.path.join(self.root, "data"))
        self.err = open(os.path.join(self.root, "stderr"), "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=self.err, env=self.env, cwd=tree.path
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"{tree.name}: the host did not start: {self.log()[-500:]}")
        self.info: dict[str, Any] = json.loads(line)
        self.pid: int = self.info["pid"]

    def code(self, name: str) -> str:
        return next(s["code"] for s in self.info["seats"] if s["name"] == name)

    def log(self) -> str:
        self.err.flush()
        return Path(self.root, "stderr").read_text(errors="replace")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.err.close()
        shutil.rmtree(self.root, ignore_errors=True)


# -- memory -------------------------------------------------------------------------------


def descendants(pid: int) -> list[int]:
    """`pid` and every process under it."""
    parent: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parent[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo += [c for c, pp in parent.items() if pp == p]
    return out


def _pss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            if line.startswith("Pss:"):
                return int(line.split()[1])
    return 0


@dataclass
class Memory:
    """VmRSS and Pss (KiB) summed over a host and the processes under it."""

    rss_kib: int
    pss_kib: int
    processes: int
    each_rss_kib: list[int] = field(default_factory=list)

    @staticmethod
    def of(pid: int) -> Memory:
        rss, pss, each = 0, 0, []
        for p in descendants(pid):
            try:
                r = proc_rss_kib(p)
                pss += _pss_kib(p)
            except (OSError, RuntimeError):
                continue  # ended meanwhile
            rss += r
            each.append(r)
        return Memory(rss, pss, len(each), each)


def mib(kib: float) -> float:
    return round(kib / 1024, 1)


# -- the chat flood -----------------------------------------------------------------------


@dataclass
class Flood:
    """What the flooding clients did."""

    connections: int = 0  # connections opened
    refused: int = 0  # connections that could not be opened
    dropped: int = 0  # ended by the host before we closed them
    lines: int = 0  # chat lines sent


def _line(message: dict[str, Any]) -> bytes:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


async def flooder(
    n: int, path: str, code: str, version: int, stop: asyncio.Event, out: Flood
) -> None:
    """One attacker's connection, again and again: hello, then as many chat lines as the host
    takes from one connection (10; the protocol's own flood limit is 100 in 5 s), read what
    comes for up to a second (the welcome, the first state and the chat's states), close,
    and connect anew: a count per connection starts again."""
    loop = asyncio.get_running_loop()
    hello = _line({"t": "hello", "v": version, "code": code})
    k = 0
    while not stop.is_set():
        begun = loop.time()
        try:
            reader, writer = await asyncio.open_unix_connection(path)
        except OSError:
            out.refused += 1
            await asyncio.sleep(0.2)
            continue
        out.connections += 1
        chats = [_line({"t": "chat", "text": f"{n}.{k + i} {CHAT_FILL}"}) for i in range(10)]
        k += 10
        writer.write(hello + b"".join(chats))
        out.lines += 10
        newlines, end = 0, begun + 1.0
        try:
            while newlines < 3 and (left := end - loop.time()) > 0 and not stop.is_set():
                data = await asyncio.wait_for(reader.read(1 << 20), left)
                if not data:
                    out.dropped += 1
                    break
                newlines += data.count(b"\n")
        except (TimeoutError, ConnectionError, OSError):
            pass
        writer.close()
        try:
            await writer.wait_closed()
        except (ConnectionError, OSError):
            pass
        await asyncio.sleep(max(0.0, begun + 0.05 - loop.time()))  # at most 20 a second


async def first_state(path: str, code: str, version: int, timeout: float) -> dict[str, Any]:
    """A new client's hello and what comes back: the welcome's type, the first state's size
    in bytes and its log lines (counted only when it is at most 64 MiB), and the seconds
    until it was whole."""
    t0 = time.perf_counter()
    out: dict[str, Any] = {"welcome": None, "state_bytes": None, "log_lines": None}
    out["tries"], writer = 0, None
    sizes: list[int] = []  # of the whole lines
    lines = [bytearray(), bytearray()]  # the welcome and the state (their first 64 MiB)
    size = 0
    try:
        async with asyncio.timeout(timeout):
            while writer is None:  # a host busy with a backlog: its socket's queue is full
                out["tries"] += 1
                try:
                    reader, writer = await asyncio.open_unix_connection(path)
                    writer.write(_line({"t": "hello", "v": version, "code": code}))
                    await writer.drain()
                except OSError:
                    writer = None
                    await asyncio.sleep(0.5)
            while len(sizes) < 2 and "error" not in out:
                data = await reader.read(1 << 20)
                if not data:
                    out["error"] = f"closed by the host: {bytes(lines[len(sizes)][:300])!r}"
                pos = 0
                while pos < len(data) and len(sizes) < 2:
                    i = data.find(b"\n", pos)
                    end = len(data) if i < 0 else i + 1
                    if len(lines[len(sizes)]) < 64 << 20:
                        lines[len(sizes)] += data[pos:end]
                    size, pos = size + end - pos, end
                    if i >= 0:
                        sizes.append(size)
                        size = 0
                        if len(sizes) == 1:
                            out["welcome"] = json.loads(lines[0]).get("t")
                            if out["welcome"] != "welcome":
                                out["error"] = lines[0].decode(errors="replace")[:300]
                                break
    except TimeoutError:
        out["error"] = f"no first state within {timeout:g} s ({size:,} bytes of it came)"
    except OSError as e:
        out["error"] = f"the connection failed: {e}"
    if writer is not None:
        writer.close()
    if len(sizes) == 2:
        out["state_bytes"] = sizes[1]
        out["seconds"] = round(time.perf_counter() - t0, 2)
        if len(lines[1]) == sizes[1]:
            out["log_lines"] = len(json.loads(lines[1])["log"])
    return out


# -- idle connections to the SSH port ---------------------------------------------------------


@dataclass
class Holders:
    """Idle TCP connections: how many are open now, and how often the host closed one."""

    open: int = 0
    opened: int = 0
    closed_by_host: int = 0
    failed: int = 0


async def holder(source: str, port: int, stop: asyncio.Event, out: Holders) -> None:
    """One connection from `source` to the SSH port that never sends a byte (it reads and
    drops the server's version line); when the host closes it, another after 0.5 s."""
    while not stop.is_set():
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0)), 10
            )
        except (OSError, TimeoutError):
            out.failed += 1
            await asyncio.sleep(0.5)
            continue
        out.open += 1
        out.opened += 1
        try:
            while not stop.is_set():
                task = asyncio.ensure_future(reader.read(4096))
                done, _ = await asyncio.wait({task, asyncio.ensure_future(stop.wait())},
                                             return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
                if task not in done:
                    task.cancel()
                    break
                if not task.result():
                    out.closed_by_host += 1
                    break
        except (ConnectionError, OSError):
            out.closed_by_host += 1
        finally:
            out.open -= 1
            writer.close()
        if not stop.is_set():
            await asyncio.sleep(0.5)


# -- a real ssh login -----------------------------------------------------------------------


def make_key(folder: str) -> str:
    path = os.path.join(folder, "key")
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", path], check=True)
    return path


def ssh_argv(port: int, code: str, key: str) -> list[str]:
    return ["ssh", "-tt", *SSH_OPTIONS, "-i", key, "-p", str(port), f"{code}@127.0.0.1"]


def last_line(buf: bytes) -> str:
    lines = [s.strip() for s in ANSI.sub(b"", buf).decode(errors="replace").splitlines()]
    return next((s for s in reversed(lines) if s), "")[:200]


def login(argv: list[str], env: dict[str, str], timeout: float = 40.0) -> tuple[dict, Term]:
    """`ssh -tt ...` in a 120x40 pty of ours: the seconds until the table is drawn, or how
    it failed (exit status, its last line). The Term is left open (close it)."""
    term = Term(argv, env)
    try:
        t = term.read_until(table_drawn, timeout)
        return {"ok": True, "seconds": round(t - term.t0, 3)}, term
    except (TimeoutError, OSError) as e:
        status = None
        if isinstance(e, OSError):  # the pty closed: ssh ended
            status = os.waitstatus_to_exitcode(os.waitpid(term.pid, 0)[1])
            term.pid = -1
        elapsed = round(time.perf_counter() - term.t0, 3)
        out = {"ok": False, "seconds": elapsed, "exit": status, "line": last_line(term.buf)}
        return out, term


def close_term(term: Term) -> None:
    if term.pid > 0:
        term.close()
    else:
        os.close(term.fd)


def drain_term(term: Term, seconds: float) -> None:
    """Read (and answer) what the table sends for `seconds`."""
    end = time.perf_counter() + seconds
    while (left := end - time.perf_counter()) > 0:
        if select.select([term.fd], [], [], left)[0]:
            try:
                chunk = os.read(term.fd, 65536)
            except OSError:
                return
            if b"\x1b[?2026$p" in chunk:
                os.write(term.fd, b"\x1b[?2026;2$y")
