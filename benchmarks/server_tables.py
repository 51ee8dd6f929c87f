"""Many tables of one `bohn server` playing at once (issue #26's "Measured", first part).

    python benchmarks/server_tables.py [--tables 100] [--seconds 60] [--think 1.0]
        [--bot-delay 0.4] [--bot standard] [--seed 1] [--profile FILE] [--json]

A temporary database is filled through the store's own functions (store/accounts.py,
store/tables.py): N accounts, N running Bohnanza tables of three seats (one account, two
bots of `--bot`'s level, `standard` by default) whose games have not started yet. The
server is net/server.py's `serve` (what `bohn server` runs: the SSH door listening on
127.0.0.1, the login checks every 5 s, net/tables.py's Tables opening every running table,
each a host on its own Unix socket) in a process of its own (`--serve DIR`, this file);
only its `ready` differs from `bohn server`'s: it prints each table's socket and its
person's seat code (the code the server hands a `bohn join` process on a pipe) instead of
the port alone.

The people are N raw asyncio clients of the host protocol (net/protocol.py: hello with the
code, act, state lines), all in this process, one connection to each table's socket, as
`bohn join` connects. Each person waits for a state in which it has legal actions, thinks
an exponentially distributed time of mean `--think` seconds, and sends a uniformly random
action of its legal list (offers are never listed). Timed: from writing the act to reading
the first state line of a later version on that connection (the act's new state; taken
when the line is read, before it is parsed). An act the host refuses (the game moved on
meanwhile: a bot acted during the think) is counted, not timed. The bots play at the
server's `--bot-delay` (the server's default 0.4 s: each bot move shows that long).

Also: the server process's CPU (user + system, /proc) over the timed window, per table and
as a share of one core; its RSS (VmRSS) with 0 tables (a second server on an empty
database, started first), at `ready` with N tables opened and at the end; this process's
CPU (the clients'), and the machine's load average before and after."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from net_fanout import Peer, proc_cpu, proc_rss_kib
from ui_latency import pct

from bohn_tui.net import protocol as p

VERSION = re.compile(rb'^\{"t":"state","version":(\d+)')
WAIT = 30.0  # seconds an act's new state may take before the run fails


def fill(data: Path, n: int, bot: str = "standard") -> None:
    """N accounts and N running tables (an account, two bots), by the store's functions."""
    from bohn_tui.store import Store
    from bohn_tui.store import accounts as acc
    from bohn_tui.store import tables as t

    store = Store(data)
    store.open()
    db = store.db
    for i in range(n):
        a = acc.create(db, f"P{i + 1:04d}", f"{i:064x}")
        seats: list[dict[str, Any]] = [{"account": a.id}, {"bot": bot}, {"bot": bot}]
        row = t.new_table(db, "bohnanza", a.id, seats, "live")
        row.state = t.RUNNING  # full: `serve` starts its game
        t.update(db, row)


def sched(pid: int) -> tuple[float, float]:
    """Seconds the process's threads ran on a CPU and waited for one (/proc schedstat)."""
    run = wait = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/schedstat") as f:
            a, b, _ = f.read().split()
        run, wait = run + int(a), wait + int(b)
    return run / 1e9, wait / 1e9


def serve_here(data: Path, bot_delay: float, profile: str | None) -> None:
    """The server (net/server.py's serve), printing its tables' sockets and codes."""
    from bohn_tui.net.server import serve
    from bohn_tui.store import Store

    os.environ["BOHN_DATA_DIR"] = str(data)
    store = Store(data)
    said: list[str] = []

    def ready(door: Any) -> None:
        tables = []
        for tid, table in door.tables.running.items():
            account = table.row.accounts()[0]
            path, code = door.tables.code(tid, account)
            tables.append([str(path), code])
        info = {"pid": os.getpid(), "port": door.port, "rss_kib": proc_rss_kib(os.getpid())}
        print(json.dumps(info | {"tables": tables, "lines": len(said)}), flush=True)

    prof = None
    if profile:
        import cProfile

        prof = cProfile.Profile()
        prof.enable()
    asyncio.run(serve(store, "127.0.0.1", 0, ready, said.append, bot_delay))
    if prof is not None:
        prof.disable()
        prof.dump_stats(profile)


class Person(Peer):
    """One person's connection to a table (net_fanout's Peer: open, close); its reader
    notes when the latest state arrived."""

    def __init__(self, path: str, code: str, rng: random.Random) -> None:
        super().__init__(path, 0)
        self.path, self.code, self.rng = path, code, rng
        self.parsed: dict[str, Any] | None = None
        self.raw = b""
        self.at = 0.0
        self.lat: list[float] = []  # ms
        self.refused = 0
        self.acts = 0

    async def _read(self) -> None:
        while True:
            line = await self.reader.readline()
            t = time.perf_counter()
            if not line:
                self.closed = True
                self.changed.set()
                return
            m = VERSION.match(line)
            if m:
                v = int(m.group(1))
                if v > self.version:
                    self.version, self.raw, self.at = v, line, t
                    self.parsed = None
            elif line.startswith(b'{"t":"result"'):
                r = json.loads(line)
                self.results[r["id"]] = r["error"]
            elif line.startswith(b'{"t":"bye"'):
                self.closed = True
            self.changed.set()

    def state(self) -> dict[str, Any]:
        if self.parsed is None:
            self.parsed = json.loads(self.raw)
        return self.parsed

    async def wait_change(self, timeout: float | None = None) -> None:
        self.changed.clear()
        await asyncio.wait_for(self.changed.wait(), timeout)

    async def play(self, until: float, think: float, timed: list[float]) -> None:
        rid = 0
        while time.perf_counter() < until and not self.closed:
            if self.version < 0 or not self.state()["legal"] or self.state()["over"]:
                if self.version >= 0 and self.state()["over"]:
                    return
                try:
                    await self.wait_change(max(0.01, until - time.perf_counter()))
                except TimeoutError:
                    return
                continue
            await asyncio.sleep(self.rng.expovariate(1 / think) if think > 0 else 0)
            if self.closed or time.perf_counter() >= until:
                return
            legal = self.state()["legal"]
            if not legal:
                continue
            rid += 1
            before = self.version
            t0 = time.perf_counter()
            self.writer.write(p.encode(p.act(rid, legal[self.rng.randrange(len(legal))])))
            self.acts += 1
            end = t0 + WAIT
            while self.version <= before and rid not in self.results and not self.closed:
                if time.perf_counter() > end:
                    raise SystemExit(f"no state after an act at {self.path}")
                await self.wait_change(WAIT)
            if self.version > before:
                ms = (self.at - t0) * 1000
                self.lat.append(ms)
                timed.append(time.perf_counter())
            else:
                while rid not in self.results and not self.closed:
                    await self.wait_change(WAIT)
                self.refused += 1


def start_server(
    data: Path, bot_delay: float, profile: str | None = None
) -> tuple[subprocess.Popen[bytes], dict[str, Any]]:
    env = dict(os.environ, BOHN_DATA_DIR=str(data), XDG_DATA_HOME=str(data))
    cmd = [sys.executable, __file__, "--serve", str(data), "--bot-delay", str(bot_delay)]
    cmd += ["--profile", profile] if profile else []
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, env=env)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line:
        raise SystemExit("the server did not start")
    return proc, json.loads(line)


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def load() -> str:
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


async def run(args: argparse.Namespace) -> dict[str, Any]:
    root = Path(tempfile.mkdtemp(prefix="bench-srv-"))
    out: dict[str, Any] = {"tables": args.tables, "think_s": args.think}
    out |= {"bot_delay_s": args.bot_delay, "bot": args.bot, "load_before": load()}
    try:
        (root / "empty").mkdir()
        fill(root / "empty", 0)
        proc, info = start_server(root / "empty", args.bot_delay)
        await asyncio.sleep(1.0)
        out["rss0_kib"] = proc_rss_kib(info["pid"])
        stop(proc)
        (root / "d").mkdir()
        t0 = time.perf_counter()
        fill(root / "d", args.tables, args.bot)
        out["fill_s"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        proc, info = start_server(root / "d", args.bot_delay, args.profile)
        out["start_s"] = time.perf_counter() - t0
        out["rss_ready_kib"] = info["rss_kib"]
        pid = info["pid"]
        rng = random.Random(args.seed)
        people = [Person(path, code, random.Random(rng.random())) for path, code in info["tables"]]
        for person in people:
            await person.open(person.path, person.code)
        for person in people:
            while person.version < 0:
                await person.wait_change(WAIT)
        await asyncio.sleep(1.0)
        timed: list[float] = []
        cpu0, mine0, w0 = proc_cpu(pid), os.times(), time.perf_counter()
        s0, c0 = sched(pid), sched(os.getpid())
        until = w0 + args.seconds
        await asyncio.gather(*(person.play(until, args.think, timed) for person in people))
        w1 = time.perf_counter()
        cpu1, mine1 = proc_cpu(pid), os.times()
        s1, c1 = sched(pid), sched(os.getpid())
        out["rss_end_kib"] = proc_rss_kib(pid)
        out["load_after"] = load()
        for person in people:
            await person.close()
        stop(proc)
        lat = [x for person in people for x in person.lat]
        wall = w1 - w0
        cpu = cpu1 - cpu0
        out |= {
            "seconds": wall,
            "acts": sum(person.acts for person in people),
            "timed": len(lat),
            "refused": sum(person.refused for person in people),
            "acts_per_s": len(lat) / wall,
            "p50_ms": statistics.median(lat),
            "p95_ms": pct(lat, 95),
            "p99_ms": pct(lat, 99),
            "max_ms": max(lat),
            "server_cpu_s": cpu,
            "server_cores": cpu / wall,
            "server_cpu_ms_per_table_s": cpu / wall / args.tables * 1000,
            "tables_per_core": args.tables / (cpu / wall),
            "server_runqueue_wait_share": (s1[1] - s0[1]) / wall,
            "clients_runqueue_wait_share": (c1[1] - c0[1]) / wall,
            "clients_cores": (mine1.user + mine1.system - mine0.user - mine0.system) / wall,
            "kib_per_table": (out["rss_ready_kib"] - out["rss0_kib"]) / max(1, args.tables),
            "kib_per_table_end": (out["rss_end_kib"] - out["rss0_kib"]) / max(1, args.tables),
        }
        return out
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=60.0, help="the timed window")
    ap.add_argument("--think", type=float, default=1.0, help="a person's mean think time, s")
    ap.add_argument("--bot-delay", type=float, default=0.4)
    ap.add_argument("--bot", default="standard", help="the bots' level")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--profile", metavar="FILE", help="the server under cProfile, to FILE")
    ap.add_argument("--serve", metavar="DIR", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve:
        serve_here(Path(args.serve), args.bot_delay, args.profile)
        return
    o = asyncio.run(run(args))
    if args.json:
        print(json.dumps(o))
        return
    print(f"load {o['load_before']} -> {o['load_after']}")
    rows = [
        ("tables; think (mean); bot delay",
         f"{o['tables']}; {o['think_s']} s; {o['bot_delay_s']} s"),
        ("acts timed (refused) in the window",
         f"{o['timed']} ({o['refused']}) in {o['seconds']:.0f} s"),
        ("act -> the new state: p50 / p95", f"{o['p50_ms']:.1f} / **{o['p95_ms']:.1f} ms**"),
        ("... p99 / max", f"{o['p99_ms']:.1f} / {o['max_ms']:.1f} ms"),
        ("server CPU (share of one core)", f"{o['server_cores']:.2f}"),
        ("server CPU per table", f"{o['server_cpu_ms_per_table_s']:.1f} ms a second"),
        ("tables one core holds at this pace", f"{o['tables_per_core']:.0f}"),
        ("the clients' process (share of one core)", f"{o['clients_cores']:.2f}"),
        ("waiting for a CPU (runqueue), s a second: server; clients",
         f"{o['server_runqueue_wait_share']:.2f}; {o['clients_runqueue_wait_share']:.2f}"),
        ("server RSS: 0 tables / N at ready / N at the end", f"{o['rss0_kib'] / 1024:.1f} / "
         f"{o['rss_ready_kib'] / 1024:.1f} / {o['rss_end_kib'] / 1024:.1f} MiB"),
        ("memory per table (ready; end)",
         f"{o['kib_per_table']:.0f}; {o['kib_per_table_end']:.0f} KiB"),
        ("fill; server start with N tables", f"{o['fill_s']:.1f} s; {o['start_s']:.1f} s"),
    ]  # fmt: skip
    print("| Figure | Measured |\n|---|---|")
    for a, b in rows:
        print(f"| {a} | {b} |")


if __name__ == "__main__":
    main()
