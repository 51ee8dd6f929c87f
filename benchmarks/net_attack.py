"""Attacks on remote play (issue #22): the same attacks on several source trees, side by side.

    python benchmarks/net_attack.py --tree before=/work/wt-before --tree after=. \\
        [--flood-seconds 20] [--idle 500] [--sessions 4] [--only flood,idle,sessions] [--json]

(--json: the JSON on standard output, the table on standard error; each part's JSON goes to
standard error as it is done.)

Each tree's host is `python -m bohn_tui host bohnanza --players ... --json --bot-delay 0`
run as a subprocess with this python, PYTHONPATH and the working folder the tree's (its own
data folder and socket), the trees one after the other. The hello speaks each tree's
protocol version (read from the tree). Memory is VmRSS (and Pss) summed over the host and
every process under it (/proc), so the SSH door's `bohn join` processes count.

1. flood: "Ana,Ben,Cem,Dora,bot:random", nobody plays (the table waits). `--connections`
   (60) raw clients on the Unix socket (Ben's, Cem's and Dora's codes, the rest the
   spectators' code), each again and again: hello, 10 chat lines of 290 four-byte characters,
   read for up to a second, close, connect anew (a limit per connection starts again), for
   `--flood-seconds`. The host's memory every `--sample` seconds; a tree whose host passes
   `--rss-cap` MiB is stopped there. Then, the flood over, a new client says hello on Ana's
   code: the size of its first state, and whether it can join (a state within 120 s and at
   most the client's line limit, 16 MiB).
2. idle: `--idle` (500) TCP connections to the SSH port (`--port 0 --bind 127.0.0.1`) that
   never send a byte, each opened again 0.5 s after the host closes it; from 127.0.0.1 (the
   ssh client's own address), spread over 127.0.0.2-6 (a few other addresses) and over
   127.0.1.1-125 (4 from each of 125 addresses); a fresh host each, and one with none held.
   While they are held: a real OpenSSH login, `ssh -tt` in a 120x40 pty with a throwaway
   key on Ana's code (unbound: the first login binds it), timed to the table's first frame;
   or its failure (exit status, last line). And the host's memory with them held, before
   the login's game process starts. ("Open then" counts our side: connections the host
   accepts only to close them at once are among them for a moment.)
3. sessions: "Ana,Ben,Cem,Dora" with the SSH door; the memory before and after `--sessions`
   (4) `ssh -tt` sessions, one a seat, have their tables drawn (and 3 s more): per session.
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import json
import os
import shutil
import sys
import tempfile
import time
from typing import Any

from net_attack_parts import (
    Flood,
    Holders,
    Host,
    Memory,
    Tree,
    close_term,
    drain_term,
    first_state,
    flooder,
    holder,
    login,
    make_key,
    mib,
    ssh_argv,
)

from bohn_tui.net import protocol as p

FLOOD_NAMES = "Ana,Ben,Cem,Dora,bot:random"
SSH_NAMES = "Ana,Ben,Cem,Dora"
SPREAD = [f"127.0.0.{i}" for i in range(2, 7)]
MANY = [f"127.0.1.{i}" for i in range(1, 126)]  # 125 addresses: 4 each is 500
WHERE = {"none": [], "127.0.0.1": ["127.0.0.1"], "127.0.0.2-6": SPREAD, "127.0.1.1-125": MANY}


async def flood(tree: Tree, args: argparse.Namespace) -> dict[str, Any]:
    host = Host(tree, FLOOD_NAMES)
    try:
        await asyncio.sleep(1.0)
        start = Memory.of(host.pid)
        codes = [host.code(n) for n in ("Ben", "Cem", "Dora")]
        codes += [host.info["spectator"]] * (args.connections - len(codes))
        stop, did = asyncio.Event(), Flood()
        tasks = [
            asyncio.create_task(flooder(i, host.socket, c, tree.version, stop, did))
            for i, c in enumerate(codes)
        ]
        samples: list[tuple[float, int]] = [(0.0, start.rss_kib)]
        capped = None
        t0 = time.perf_counter()
        while (elapsed := time.perf_counter() - t0) < args.flood_seconds:
            await asyncio.sleep(min(args.sample, args.flood_seconds - elapsed))
            if host.proc.poll() is not None:
                capped = f"the host ended (status {host.proc.returncode})"
                break
            rss = Memory.of(host.pid).rss_kib
            samples.append((round(time.perf_counter() - t0, 1), rss))
            if rss > args.rss_cap * 1024:
                capped = f"stopped at {samples[-1][0]:.0f} s: RSS over {args.rss_cap} MiB"
                break
        stop.set()
        await asyncio.gather(*tasks)
        flood_s = time.perf_counter() - t0
        await asyncio.sleep(2.0)
        end = Memory.of(host.pid)
        newcomer = await first_state(host.socket, host.code("Ana"), tree.version, 120.0)
        joins = newcomer["state_bytes"] is not None and newcomer["state_bytes"] <= p.HOST_LINE
        return {
            "seconds": round(flood_s, 1),
            "stopped": capped,
            "connections": did.connections,
            "refused": did.refused,
            "dropped_by_host": did.dropped,
            "lines_sent": did.lines,
            "rss_mib": {
                "start": mib(start.rss_kib),
                "peak": mib(max(end.rss_kib, *(r for _, r in samples))),
                "end": mib(end.rss_kib),
            },
            "samples": [(t, mib(r)) for t, r in samples],
            "newcomer": newcomer,
            "joins": joins,
            "host_said": host.log().strip().splitlines()[-3:],
        }
    finally:
        host.close()


async def idle(tree: Tree, args: argparse.Namespace, key: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for where, sources in WHERE.items():
        host = Host(tree, SSH_NAMES, ssh=True)
        try:
            await asyncio.sleep(1.0)
            before = Memory.of(host.pid)
            stop, held = asyncio.Event(), Holders()
            n = args.idle if sources else 0
            tasks = [
                asyncio.create_task(
                    holder(sources[i % len(sources)], host.info["port"], stop, held)
                )
                for i in range(n)
            ]
            await asyncio.sleep(args.settle if n else 0.0)
            held_at_login = held.open
            mem = Memory.of(host.pid)  # before the login's own game process
            argv = ssh_argv(host.info["port"], host.code("Ana"), key)
            result, term = await asyncio.to_thread(login, argv, host.env)
            held_after = held.open
            close_term(term)
            stop.set()
            await asyncio.gather(*tasks)
            out[where] = {
                "idle": n,
                "held_at_login": held_at_login,
                "held_after_login": held_after,
                "opened": held.opened,
                "closed_by_host": held.closed_by_host,
                "failed": held.failed,
                "login": result,
                "rss_mib_before": mib(before.rss_kib),
                "rss_mib_held": mib(mem.rss_kib),
                "processes": mem.processes,
                "host_said": [s for s in host.log().splitlines() if "SSH" in s][-3:],
            }
        finally:
            host.close()
    return out


async def sessions(tree: Tree, args: argparse.Namespace, key: str) -> dict[str, Any]:
    host = Host(tree, SSH_NAMES, ssh=True)
    terms = []
    try:
        await asyncio.sleep(1.5)
        before = Memory.of(host.pid)
        logins = []
        for name in SSH_NAMES.split(",")[: args.sessions]:
            argv = ssh_argv(host.info["port"], host.code(name), key)
            result, term = await asyncio.to_thread(login, argv, host.env)
            terms.append(term)
            logins.append(result)
        await asyncio.to_thread(lambda: [drain_term(t, 3.0 / len(terms)) for t in terms])
        after = Memory.of(host.pid)
        n = sum(r["ok"] for r in logins)
        return {
            "sessions": n,
            "logins": logins,
            "before": {"rss_mib": mib(before.rss_kib), "pss_mib": mib(before.pss_kib)},
            "after": {"rss_mib": mib(after.rss_kib), "pss_mib": mib(after.pss_kib)},
            "processes": after.processes,
            "each_rss_mib": [mib(r) for r in after.each_rss_kib],
            "rss_mib_per_session": mib((after.rss_kib - before.rss_kib) / max(n, 1)),
            "pss_mib_per_session": mib((after.pss_kib - before.pss_kib) / max(n, 1)),
        }
    finally:
        for t in terms:
            close_term(t)
        host.close()


async def run_tree(tree: Tree, args: argparse.Namespace, key: str) -> dict[str, Any]:
    out: dict[str, Any] = {"path": tree.path, "protocol": tree.version}
    parts = {"flood": flood(tree, args), "idle": idle(tree, args, key)}
    parts["sessions"] = sessions(tree, args, key)
    for name, part in parts.items():
        if name not in args.only:
            part.close()
            continue
        try:
            out[name] = await part
        except Exception as e:  # noqa: BLE001 - said in the table, the other parts go on
            out[name] = {"error": f"{type(e).__name__}: {e}"}
        print(json.dumps({tree.name: {name: out[name]}}), file=sys.stderr, flush=True)
    return out


def _login(r: dict[str, Any]) -> str:
    if r["ok"]:
        return f"{r['seconds']:.2f} s"
    return f"failed after {r['seconds']:.1f} s (exit {r['exit']}: {r['line'] or '-'})"


def _flood_rows(f: dict[str, Any]) -> list[str]:
    new = f["newcomer"]
    first = (
        f"{new['state_bytes']:,} B ({new['log_lines']} log lines)"
        if new["state_bytes"] is not None
        else new.get("error", "-")
    )
    return [
        f"{f['seconds']:.0f} ({f['connections']:,}; {f['lines_sent']:,})"
        + (f", {f['stopped']}" if f["stopped"] else ""),
        "{start} / {peak} / {end} MiB".format(**f["rss_mib"]),
        first,
        "yes" if f["joins"] else "no",
    ]


FLOOD_ROWS = [
    "flood: seconds (connections made; chat lines sent)",
    "flood: host RSS start / peak / end",
    "after it: a new client's first state",
    "after it: a new client can join",
]


def _idle_rows(i: dict[str, Any]) -> list[str]:
    out = []
    for w, r in i.items():
        out.append(_login(r["login"]))
        if w != "none":
            out.append(f"{r['held_at_login']} of {r['idle']} ({r['closed_by_host']:,} closed)")
        out.append(f"{r['rss_mib_before']} -> {r['rss_mib_held']} MiB")
    return out


IDLE_ROWS = [
    row
    for w in WHERE
    for row in (
        [
            f"ssh login, idle from {w}: to the table",
            "  idle ones open then (times the host closed one)",
        ]
        if w != "none"
        else ["ssh login, no idle connections: to the table"]
    )
    + ["  host RSS: before -> with them held"]
]


def _session_rows(s: dict[str, Any]) -> list[str]:
    return [
        f"{s['before']['rss_mib']} / {s['after']['rss_mib']} MiB ({s['sessions']})",
        f"{s['rss_mib_per_session']} / {s['pss_mib_per_session']} MiB",
    ]


SESSION_ROWS = ["SSH sessions: host and children RSS before / after", "  per session: RSS / Pss"]
PARTS = {"flood": (FLOOD_ROWS, _flood_rows), "idle": (IDLE_ROWS, _idle_rows),
         "sessions": (SESSION_ROWS, _session_rows)}  # fmt: skip


def table(results: dict[str, dict[str, Any]]) -> list[str]:
    names = list(results)
    lines = ["| Figure | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for part, (labels, cells) in PARTS.items():
        if all(part in results[n] for n in names):
            columns = [
                cells(r) if "error" not in r else [r["error"]] * len(labels)
                for r in (results[n][part] for n in names)
            ]
            for k, label in enumerate(labels):
                lines.append(f"| {label} | " + " | ".join(c[k] for c in columns) + " |")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--tree", action="append", metavar="NAME=PATH", required=True)
    ap.add_argument("--only", default="flood,idle,sessions")
    ap.add_argument("--flood-seconds", type=float, default=20.0)
    ap.add_argument("--connections", type=int, default=60)
    ap.add_argument("--sample", type=float, default=3.0, help="seconds between RSS samples")
    ap.add_argument("--rss-cap", type=int, default=3072, help="MiB: stop a tree's flood there")
    ap.add_argument("--idle", type=int, default=500)
    ap.add_argument("--settle", type=float, default=5.0, help="seconds to open the idle ones")
    ap.add_argument("--sessions", type=int, default=4)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    args.only = set(args.only.split(","))
    trees = []
    for t in args.tree:
        name, _, path = t.partition("=")
        trees.append(Tree(name, os.path.abspath(path)))
    work = tempfile.mkdtemp(prefix="bench-att-keys-")
    try:
        key = make_key(work)
        results = {}
        for tree in trees:
            tree.read_version()
            compileall.compile_dir(os.path.join(tree.path, "bohn_tui"), quiet=1)
            results[tree.name] = asyncio.run(run_tree(tree, args, key))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.json:  # the JSON on standard output, the table on standard error
        print(json.dumps(results))
        print("\n".join(table(results)), file=sys.stderr)
    else:
        print("\n".join(table(results)))


if __name__ == "__main__":
    main()
