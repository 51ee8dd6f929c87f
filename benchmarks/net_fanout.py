"""One `bohn host` with 7 people and 10 spectators (issue #14's fan-out figures).

    python benchmarks/net_fanout.py [--actions 400] [--games 1] [--json]

A real host process (`python -m bohn_tui host bohnanza --players P1,...,P7 --json
--bot-delay 0`, its socket in a folder of its own) and 17 raw asyncio clients of the
NDJSON protocol (docs/formats.md, "The host protocol") in this process: one for each seat
and 10 spectators. The seats play: one action at a time, the seat the state names as the
decider (else one it waits for) sends a uniformly random action of its legal list (no
offers: those are never listed); the next action is sent once every client has the new
state. For every action, the time from writing the act until each of the OTHER 16 clients
has read the state with the new version (the time is taken when the line is read, before it
is parsed: only the acting seat's state is parsed, outside the timed part).

Also the host process's CPU time (user + system, /proc/PID/stat) over the actions and from
its start, and its memory (VmRSS, /proc/PID/status) with 0, 1 and 17 connections: the
memory per connection is (RSS with 17 - RSS with 1) / 16, the first connection's share
(the first view and legal list built, caches warmed) apart, and (RSS with 17 - RSS with 0)
/ 17. RSS moves in 4 KiB pages: a figure of a few KiB a connection is that coarse.

`--games N` plays N games one after the other (a new host each) until `--actions` actions
were timed in all, or each game to its end with `--actions 0`. `--profile FILE` runs the
host under cProfile (one whole game: the profile is written when the host ends), e.g. to
see where its CPU time goes.
"""

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
from typing import Any

from ui_latency import pct

from bohn_tui.net import protocol as p

PEOPLE = 7
SPECTATORS = 10
WAIT = 10.0  # seconds an action's states may take before the run fails
VERSION = re.compile(rb'^\{"t":"state","version":(\d+)')
FLOOD_SAFE = p.FLOOD_MESSAGES - 10  # the host closes a client that sends more in 5 s


class Peer:
    """One connection; its reader task notes when each state version arrived."""

    def __init__(self, name: str, seat: int | None) -> None:
        self.name, self.seat = name, seat
        self.version = -1
        self.latest = b""  # the last state's line, unparsed
        self.arrived: dict[int, float] = {}  # version -> perf_counter when its line was read
        self.results: dict[int, str | None] = {}
        self.sent: list[float] = []
        self.changed = asyncio.Event()
        self.closed = False

    async def open(self, path: str, code: str) -> None:
        self.reader, self.writer = await asyncio.open_unix_connection(path, limit=p.HOST_LINE + 1)
        self.writer.write(p.encode(p.hello(code)))
        await self.writer.drain()
        self.task = asyncio.create_task(self._read())

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
                self.arrived.setdefault(v, t)
                self.version, self.latest = v, line
            elif line.startswith(b'{"t":"result"'):
                r = json.loads(line)
                self.results[r["id"]] = r["error"]
            elif line.startswith(b'{"t":"bye"'):
                raise SystemExit(f"{self.name} got {line.decode()[:200]}")
            self.changed.set()

    async def until(self, version: int) -> None:
        while self.version < version and not self.closed:
            self.changed.clear()
            await self.changed.wait()

    def state(self) -> dict[str, Any]:
        return json.loads(self.latest)

    async def act(self, rid: int, action: dict[str, Any]) -> float:
        now = time.perf_counter()
        self.sent = [t for t in self.sent if now - t < p.FLOOD_SECONDS + 0.5]
        if len(self.sent) >= FLOOD_SAFE:  # stay under the host's flood limit
            await asyncio.sleep(p.FLOOD_SECONDS + 0.5 - (now - self.sent[0]))
        line = p.encode(p.act(rid, action))
        t = time.perf_counter()
        self.sent.append(t)
        self.writer.write(line)
        return t

    async def close(self) -> None:
        self.writer.close()
        try:
            await self.writer.wait_closed()
        except (ConnectionError, OSError):
            pass
        self.task.cancel()


def proc_cpu(pid: int) -> float:
    """User + system CPU seconds of the process."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def chooser(peers: list[Peer]) -> tuple[Peer, list[dict[str, Any]]] | None:
    """The seat that acts next and its legal actions (None: nobody can act)."""
    states = [(peer, peer.state()) for peer in peers]
    if states[0][1]["over"]:
        return None
    decider = states[0][1]["decider"]
    waiting = states[0][1]["waiting_for"]
    for seat in [decider, *waiting]:
        if seat is not None and states[seat][1]["legal"]:
            return states[seat][0], states[seat][1]["legal"]
    for peer, st in states:
        if st["legal"]:
            return peer, st["legal"]
    return None


async def settle(pid: int, seconds: float = 0.5) -> int:
    await asyncio.sleep(seconds)
    return proc_rss_kib(pid)


async def one_game(
    limit: int, seed: int, rng: random.Random, profile: str | None = None
) -> dict[str, Any]:
    root = tempfile.mkdtemp(prefix="bench-fan-")
    sock = os.path.join(root, "h.sock")
    names = ",".join(f"P{i + 1}" for i in range(PEOPLE))
    prof = ["-m", "cProfile", "-o", profile] if profile else []
    cmd = [sys.executable, *prof, "-m", "bohn_tui", "host", "bohnanza", "--players", names]
    cmd += ["--json", "--bot-delay", "0", "--seed", str(seed), "--socket", sock]
    t_start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE)
    try:
        assert proc.stdout is not None
        info = json.loads(proc.stdout.readline())
        t_ready = time.perf_counter()
        pid = info["pid"]
        rss0 = await settle(pid)
        seats = [Peer(s["name"], s["seat"]) for s in info["seats"]]
        specs = [Peer(f"S{i + 1}", None) for i in range(SPECTATORS)]
        await seats[0].open(info["socket"], info["seats"][0]["code"])
        await seats[0].until(0)
        rss1 = await settle(pid)
        for peer, s in zip(seats[1:], info["seats"][1:], strict=True):
            await peer.open(info["socket"], s["code"])
        for peer in specs:
            await peer.open(info["socket"], info["spectator"])
        everyone = seats + specs
        for peer in everyone:
            await peer.until(0)
        await asyncio.sleep(0.3)  # the `away` broadcasts of the later hellos
        rss17 = await settle(pid)
        cpu0 = proc_cpu(pid)
        lat: list[float] = []  # ms, one a receiving client an action
        worst: list[float] = []  # ms, the last of the 16 an action
        first: list[float] = []  # ms, the first of the 16 an action
        kinds: dict[str, int] = {}
        rid = 0
        t_play = time.perf_counter()
        while limit <= 0 or rid < limit:
            pick = chooser(seats)
            if pick is None:
                break
            actor, legal = pick
            action = legal[rng.randrange(len(legal))]
            kinds[action["type"]] = kinds.get(action["type"], 0) + 1
            target = max(peer.version for peer in everyone) + 1
            rid += 1
            t0 = await actor.act(rid, action)
            try:
                await asyncio.wait_for(
                    asyncio.gather(*(peer.until(target) for peer in everyone)), WAIT
                )
            except TimeoutError:
                raise SystemExit(f"action {rid} {action}: {actor.results.get(rid)!r}") from None
            ts = [(peer.arrived[target] - t0) * 1000 for peer in everyone if peer is not actor]
            lat.extend(ts)
            worst.append(max(ts))
            first.append(min(ts))
        t_end = time.perf_counter()
        cpu1 = proc_cpu(pid)
        rss_end = proc_rss_kib(pid)
        over = seats[0].state()["over"]
        for peer in everyone:
            await peer.close()
        proc.wait(timeout=10) if over else proc.terminate()
        return {
            "seed": seed,
            "actions": rid,
            "over": over,
            "latencies_ms": lat,
            "worst_ms": worst,
            "first_ms": first,
            "host_start_s": t_ready - t_start,
            "play_s": t_end - t_play,
            "cpu_play_s": cpu1 - cpu0,
            "cpu_total_s": cpu1,
            "rss_kib": {"0": rss0, "1": rss1, "17": rss17, "end": rss_end},
            "state_bytes": {"seat": len(seats[0].latest), "spectator": len(specs[0].latest)},
            "kinds": kinds,
        }
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=10)
        shutil.rmtree(root, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument(
        "--actions", type=int, default=400, help="actions to time in all (0: whole games)"
    )
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--profile", metavar="FILE", help="the host under cProfile (one whole game)")
    args = ap.parse_args()
    if args.profile:
        args.actions, args.games = 0, 1
    rng = random.Random(args.seed)
    games = []
    left = args.actions
    for g in range(args.games):
        games.append(asyncio.run(one_game(left, args.seed + g, rng, args.profile)))
        if args.actions > 0:
            left -= games[-1]["actions"]
            if left <= 0:
                break
    lat = [x for g in games for x in g["latencies_ms"]]
    worst = [x for g in games for x in g["worst_ms"]]
    first = [x for g in games for x in g["first_ms"]]
    actions = sum(g["actions"] for g in games)
    cpu_play = sum(g["cpu_play_s"] for g in games)
    play_s = sum(g["play_s"] for g in games)
    per_conn0 = [(g["rss_kib"]["17"] - g["rss_kib"]["0"]) / (PEOPLE + SPECTATORS) for g in games]
    per_conn = [(g["rss_kib"]["17"] - g["rss_kib"]["1"]) / (PEOPLE + SPECTATORS - 1) for g in games]
    out = {
        "games": len(games),
        "over": [g["over"] for g in games],
        "actions": actions,
        "deliveries": len(lat),
        "p50_ms": statistics.median(lat),
        "p95_ms": pct(lat, 95),
        "p99_ms": pct(lat, 99),
        "max_ms": max(lat),
        "last_of_16_p50_ms": statistics.median(worst),
        "last_of_16_p95_ms": pct(worst, 95),
        "first_of_16_p50_ms": statistics.median(first),
        "actions_per_s": actions / play_s,
        "cpu_ms_per_action": cpu_play / actions * 1000,
        "cpu_play_s": cpu_play,
        "cpu_share_of_wall": cpu_play / play_s,
        "cpu_total_s": sum(g["cpu_total_s"] for g in games),
        "host_start_s": [round(g["host_start_s"], 3) for g in games],
        "rss_kib": [g["rss_kib"] for g in games],
        "kib_per_connection": per_conn,
        "kib_per_connection_from_0": per_conn0,
        "first_connection_kib": [g["rss_kib"]["1"] - g["rss_kib"]["0"] for g in games],
        "state_bytes": games[-1]["state_bytes"],
        "kinds": {k: sum(g["kinds"].get(k, 0) for g in games) for k in games[0]["kinds"]},
    }
    if args.json:
        print(json.dumps(out))
        return
    print(f"{out['games']} game(s), over: {out['over']}, {actions} actions, {len(lat)} deliveries")
    print("| Figure | Measured | Target |")
    print("|---|---|---|")
    o = out
    rss = "; ".join(
        f"{r['0'] / 1024:.1f} / {r['1'] / 1024:.1f} / {r['17'] / 1024:.1f}, "
        f"{r['end'] / 1024:.1f} MiB"
        for r in o["rss_kib"]
    )
    sizes = o["state_bytes"]
    rows = [
        ("act -> each other client's new state: p50", f"{o['p50_ms']:.1f} ms", ""),
        ("... p95", f"{o['p95_ms']:.1f} ms", "<= 30 ms"),
        ("... p99 / max", f"{o['p99_ms']:.1f} / {o['max_ms']:.1f} ms", ""),
        (
            "last of the 16 an action: p50 / p95",
            f"{o['last_of_16_p50_ms']:.1f} / {o['last_of_16_p95_ms']:.1f} ms",
            "",
        ),
        ("first of the 16 an action: p50", f"{o['first_of_16_p50_ms']:.1f} ms", ""),
        ("actions per second (one at a time)", f"{o['actions_per_s']:.0f}", ""),
        ("host CPU per action", f"{o['cpu_ms_per_action']:.2f} ms", ""),
        ("host CPU over the actions / in all", f"{cpu_play:.2f} / {o['cpu_total_s']:.2f} s", ""),
        ("host RSS with 0 / 1 / 17 connections, at the end", rss, ""),
        ("memory per connection ((17 - 1) / 16)", ", ".join(f"{k:.0f} KiB" for k in per_conn), ""),
        ("memory per connection ((17 - 0) / 17)", ", ".join(f"{k:.0f} KiB" for k in per_conn0), ""),
        (
            "a state's line (seat / spectator), last",
            f"{sizes['seat']:,} / {sizes['spectator']:,} B",
            "",
        ),
    ]
    for row in rows:
        print(f"| {row[0]} | {row[1]} | {row[2]} |")
    print("actions:", ", ".join(f"{k} {v}" for k, v in sorted(out["kinds"].items())))


if __name__ == "__main__":
    main()
