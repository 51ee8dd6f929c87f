"""A joined table's speed over SSH against the same table locally (issue #14's figures).

    python benchmarks/net_latency.py [--starts 10] [--keys 120] [--rounds 2] [--key ?] [--json]

One `bohn host bohnanza --players "Ana,Ben,Cem,Dora,Emil" --seed 1 --bot-delay 0 --port 0
--bind 127.0.0.1` (five people, nobody else joins: the table waits on Ana's first turn), and
Ana's seat opened in a 120x40 pty of ours (ui_latency.py's harness: it answers Textual's
synchronized-output query, so each frame ends with ESC[?2026l) in two ways:

- local: `python -m bohn_tui join CODE` (the Unix socket);
- ssh: `ssh -tt -i KEY -o IdentitiesOnly=yes -o StrictHostKeyChecking=no -o
  UserKnownHostsFile=/dev/null -p PORT CODE@127.0.0.1` with a throwaway ed25519 key (the host
  runs its own `bohn join` in a pty for it and passes the bytes).

Start to first frame: from the spawn (the fork) until the end of the first frame that holds
the table's key bar text "Help" after "Leave" ... precisely: until MARKER has arrived and a
frame end follows it. Runs alternate local and ssh, each a fresh process and connection.

Key to frame: `?` opens the help screen and `?` closes it again (the help binds it too), so
every key changes the screen and the table comes back (`--key v`: the log view, which v
closes too). For each key: the time from writing
it to the first byte of output, to the end of the first frame (ESC[?2026l) after it, and to
the last byte of its burst (the output then stays quiet for QUIET seconds). Rounds alternate
local and ssh, `--keys` keys each."""

from __future__ import annotations

import argparse
import compileall
import json
import os
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from ui_latency import COLS, ROWS, SYNC_END, SYNC_QUERY, SYNC_REPLY, Term, env_for, pct

import bohn_tui

NAMES = "Ana,Ben,Cem,Dora,Emil"
MARKER = b"Leave"  # the joined table's key bar ("q Leave"), drawn with the table
QUIET = 0.15  # seconds of no output that end a key's burst


class Host:
    """`bohn host` with the SSH front door on 127.0.0.1, a free port."""

    def __init__(self, data: str) -> None:
        cmd = [sys.executable, "-m", "bohn_tui", "host", "bohnanza", "--players", NAMES]
        cmd += ["--seed", "1", "--bot-delay", "0", "--json", "--port", "0"]
        cmd += ["--bind", "127.0.0.1"]
        self.env = env_for(data)
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, env=self.env)
        assert self.proc.stdout is not None
        self.info = json.loads(self.proc.stdout.readline())
        self.code = self.info["seats"][0]["code"]
        self.port = self.info["port"]

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


def argv_for(how: str, host: Host, key: str) -> list[str]:
    if how == "local":
        return [sys.executable, "-m", "bohn_tui", "join", host.code]
    return [
        "ssh", "-tt", "-i", key, "-o", "IdentitiesOnly=yes", "-o", "StrictHostKeyChecking=no",
        "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-p", str(host.port),
        f"{host.code}@127.0.0.1",
    ]  # fmt: skip


def table_drawn(buf: bytes) -> bool:
    i = buf.find(MARKER)
    return i >= 0 and SYNC_END in buf[i:]


def start_to_frame(argv: list[str], env: dict[str, str]) -> float:
    term = Term(argv, env)
    try:
        return term.read_until(table_drawn, 20) - term.t0
    finally:
        term.close()


def read_chunk(term: Term, timeout: float) -> float | None:
    """Read what there is within `timeout`: the time it arrived (None: nothing came)."""
    r, _, _ = select.select([term.fd], [], [], timeout)
    if not r:
        return None
    try:
        chunk = os.read(term.fd, 65536)
    except OSError:
        raise RuntimeError("the terminal closed") from None
    t = time.perf_counter()
    if SYNC_QUERY in term.buf[-16:] + chunk:
        os.write(term.fd, SYNC_REPLY)
    term.buf += chunk
    return t


def key_times(term: Term, key: bytes) -> tuple[float, float, float, int]:
    """(first byte, end of the first frame, last byte of the burst) in seconds, and bytes."""
    term.buf = b""
    t0 = time.perf_counter()
    os.write(term.fd, key)
    first = frame = None
    last = t0
    while frame is None:
        t = read_chunk(term, 5.0)
        if t is None:
            raise TimeoutError(f"no frame after {key!r}: {term.buf[-200:]!r}")
        first = first or t
        last = t
        if SYNC_END in term.buf:
            frame = t
    while (t := read_chunk(term, QUIET)) is not None:
        last = t
    assert first is not None
    return first - t0, frame - t0, last - t0, len(term.buf)


def key_round(
    argv: list[str], env: dict[str, str], keys: int, key: bytes
) -> list[tuple[str, tuple]]:
    term = Term(argv, env)
    try:
        term.read_until(table_drawn, 20)
        while read_chunk(term, 0.5) is not None:  # the start's last frames
            pass
        out = []
        for i in range(keys):
            kind = ("open", "close")[i % 2] + f" ({key.decode()})"
            out.append((kind, key_times(term, key)))
        return out
    finally:
        term.close()


def summary(samples: list[tuple[str, tuple]]) -> dict[str, Any]:
    def stats(xs: list[float]) -> dict[str, float]:
        ms = [x * 1000 for x in xs]
        return {"p50_ms": statistics.median(ms), "p95_ms": pct(ms, 95), "max_ms": max(ms)}

    out: dict[str, Any] = {"keys": len(samples)}
    for i, name in enumerate(("first_byte", "frame", "burst_end")):
        out[name] = stats([s[i] for _, s in samples])
    out["bytes_p50"] = statistics.median(s[3] for _, s in samples)
    kinds: dict[str, list[tuple]] = {}
    for kind, s in samples:
        kinds.setdefault(kind, []).append(s)
    out["frame_by_kind"] = {k: stats([s[1] for s in v]) for k, v in kinds.items()}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--starts", type=int, default=10, help="first-frame runs of each")
    ap.add_argument("--keys", type=int, default=120, help="keys a round")
    ap.add_argument("--rounds", type=int, default=2, help="rounds of each, alternating")
    ap.add_argument("--key", default="?", help="a key that opens a screen and closes it")
    ap.add_argument("--only", choices=("local", "ssh"), help="one of the two only")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    ways = [args.only] if args.only else ["local", "ssh"]
    # as ui_latency.py: compiled bytecode, as after `pip install` (both sides run bohn join)
    compileall.compile_dir(os.path.dirname(bohn_tui.__file__), quiet=1)
    work = tempfile.mkdtemp(prefix="bench-lat-")
    key = os.path.join(work, "key")
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key], check=True)
    host = Host(os.path.join(work, "data"))
    try:
        starts: dict[str, list[float]] = {w: [] for w in ways}
        for _ in range(args.starts):
            for w in ways:
                starts[w].append(start_to_frame(argv_for(w, host, key), host.env))
                time.sleep(0.3)  # the seat's takeover and the old join leaving
        samples: dict[str, list[tuple[str, tuple]]] = {w: [] for w in ways}
        for _ in range(args.rounds):
            for w in ways:
                samples[w] += key_round(
                    argv_for(w, host, key), host.env, args.keys, args.key.encode()
                )
                time.sleep(0.3)
    finally:
        host.close()
        shutil.rmtree(work, ignore_errors=True)
    out: dict[str, Any] = {"size": f"{COLS}x{ROWS}", "key": args.key}
    for w in ways:
        ms = [s * 1000 for s in starts[w]]
        out[w] = {
            "start_p50_ms": statistics.median(ms),
            "start_min_ms": min(ms),
            "start_max_ms": max(ms),
            "starts_ms": [round(x) for x in ms],
        } | summary(samples[w])
    if len(ways) == 2:
        out["ratio_frame_p50"] = out["ssh"]["frame"]["p50_ms"] / out["local"]["frame"]["p50_ms"]
        out["ratio_frame_p95"] = out["ssh"]["frame"]["p95_ms"] / out["local"]["frame"]["p95_ms"]
    if args.json:
        print(json.dumps(out))
        return
    print("| Figure | " + " | ".join(ways) + " |")
    print("|---|" + "---|" * len(ways))

    def row(name: str, f: Any) -> None:
        print(f"| {name} | " + " | ".join(f(out[w]) for w in ways) + " |")

    row(
        f"start to first frame, median of {args.starts} (min-max)",
        lambda o: f"{o['start_p50_ms']:.0f} ms ({o['start_min_ms']:.0f}-{o['start_max_ms']:.0f})",
    )
    parts = (("first_byte", "first byte"), ("frame", "end of frame"), ("burst_end", "end of burst"))
    for part, name in parts:
        row(
            f"key to {name}: p50 / p95 / max ({out[ways[0]]['keys']} keys)",
            lambda o, part=part: (
                f"{o[part]['p50_ms']:.1f} / {o[part]['p95_ms']:.1f} / {o[part]['max_ms']:.1f} ms"
            ),
        )
    for kind in out[ways[0]]["frame_by_kind"]:
        row(
            f"  {kind}: end of frame p50 / p95",
            lambda o, kind=kind: (
                f"{o['frame_by_kind'][kind]['p50_ms']:.1f} / "
                f"{o['frame_by_kind'][kind]['p95_ms']:.1f} ms"
            ),
        )
    row("bytes a key (median)", lambda o: f"{o['bytes_p50']:,.0f}")
    if len(ways) == 2:
        print(
            f"ssh / local, key to end of frame: p50 {out['ratio_frame_p50']:.2f}x, "
            f"p95 {out['ratio_frame_p95']:.2f}x"
        )


if __name__ == "__main__":
    main()
