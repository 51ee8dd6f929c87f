"""SSH login to the lobby's first frame, and a full lobby (issue #26's "Measured", second
part).

    python benchmarks/server_lobby.py [--logins 8] [--finished 1000] [--running 100] [--burst N]
        [--bursts K] [--burst-pause S] [--burst-to empty|full]
        [--accounts 50] [--reads 20] [--profile] [--json]

Two temporary databases, filled through the store's own functions (store/accounts.py,
store/tables.py): **empty** holds only Ana's account (bound to a throwaway ed25519 key);
**full** holds `--accounts` accounts (Ana the first), `--finished` tables over (their last
moves spread evenly over the last 30 days; each a saved game's id that is not in the games
table: the lobby reads the tables' rows only) and `--running` running tables (their games
started by the server when it opens them), three seats each: two accounts and a `standard`
bot; Ana sits at every tenth.

- **Login to the first frame**: `bohn server --port 0 --json --data DIR` on 127.0.0.1 (the
  real server: at start it opens every running table), and the real OpenSSH client
  (`ssh -tt -F /dev/null -i KEY ... -p PORT Ana@127.0.0.1`) in a 120x40 pty of this process
  (ui_latency.py's Term, which answers Textual's synchronized-output query, so a frame ends
  with ESC[?2026l). From the fork of `ssh` until "Your games" (the lobby's list, filled in
  the screen's mount) has arrived and a frame's end follows it. The logins alternate empty
  and full, a new connection each; each ends with q (the lobby's Leave).
- **The SSH part alone**: `ssh -T` (no terminal) to the empty server, timed to its end:
  the key exchange, the login and the server's one-line refusal (the lobby needs a
  terminal), no lobby process.
- **Reading the lobby** in this process, on the full database: store/tables.py's `lobby`
  for Ana and the names of the accounts awaited, as the lobby screen's refresh reads them (`--reads`
  times; the SQL statements of one read counted with sqlite3's trace callback; `--profile`
  prints cProfile's top functions of one read).
- **The lobby app alone** (`--apps` times on each database, in this process: no SSH, no
  process start): ui/lobby.py's LobbyApp for Ana under Textual's `run_test` at 120x40, from
  the app's start to its list filled and the screen refreshed after it (the first frame),
  then one refresh of the lobby screen (`action_refresh`, every REFRESH seconds) timed on
  its own, nothing new in the database.

- **A burst** (`--burst N`, `--bursts K` of them, each `--burst-pause` seconds after the
  last): N logins of Ana at once to the empty server (`--burst-to full`: the full one, which
  started with running tables), each to its first frame; and the
  server's idle session processes (net/spares.py) before the first burst and after the last,
  by kind, with the RSS and PSS of each (/proc/PID/smaps_rollup).

The machine's load average is printed before and after."""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from server_tables import load
from ui_latency import SYNC_END, Term, env_for, pct

MARKER = b"Your games"
SSH_OPTIONS = [
    "-F", "/dev/null", "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
    "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
    "-o", "LogLevel=ERROR",
]  # fmt: skip


def make_key(folder: Path) -> tuple[Path, str]:
    """A new ed25519 key (its path) and its id as the server names it (net/ssh.key_id)."""
    import asyncssh

    from bohn_tui.net.ssh import key_id

    path = folder / "ana"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)
    return path, key_id(asyncssh.read_public_key(f"{path}.pub").public_data)


def fill(data: Path, key: str, accounts: int, finished: int, running: int) -> None:
    from bohn_tui.store import Store
    from bohn_tui.store import accounts as acc
    from bohn_tui.store import tables as t

    store = Store(data)
    store.open()
    db = store.db
    ids = [acc.create(db, "Ana", key).id]
    ids += [acc.create(db, f"P{i:03d}", f"{i:064x}").id for i in range(1, accounts)]
    now = time.time()
    for i in range(finished + running):
        a = ids[0] if i % 10 == 0 else ids[1 + i % (len(ids) - 1)]
        b = ids[1 + (i + 7) % (len(ids) - 1)]
        seats: list[dict[str, Any]] = [{"account": a}, {"account": b}, {"bot": "standard"}]
        row = t.new_table(db, "bohnanza", a, seats, "live")
        if i < finished:
            row.state, row.save_id = t.OVER, f"finished-{i}"
            row.last_move = now - 30 * 86400 * i / finished
        else:
            row.state = t.RUNNING
        t.update(db, row)


def read_lobby(data: Path, reads: int, profile: bool) -> dict[str, Any]:
    from bohn_tui.store import Store
    from bohn_tui.store import accounts as acc
    from bohn_tui.store import tables as t

    store = Store(data)
    store.open()
    db = store.db
    ana = acc.by_name(db, "Ana")
    assert ana is not None
    statements: list[str] = []

    def once() -> dict[str, list[t.Listed]]:
        listed = t.lobby(db, ana.id)
        acc.names_of(db, (a for part in listed.values() for i in part for a in i.row.awaited))
        return listed

    db.set_trace_callback(statements.append)
    listed = once()
    db.set_trace_callback(None)
    times = []
    for _ in range(reads):
        t0 = time.perf_counter()
        once()
        times.append((time.perf_counter() - t0) * 1000)
    if profile:
        prof = cProfile.Profile()
        prof.runcall(once)
        pstats.Stats(prof).sort_stats("cumulative").print_stats(12)
    return {
        "read_ms_median": statistics.median(times),
        "read_ms_max": max(times),
        "statements": len(statements),
        "listed": {k: len(v) for k, v in listed.items()},
    }


class Server:
    def __init__(self, data: Path) -> None:
        env = dict(os.environ, BOHN_DATA_DIR=str(data), XDG_DATA_HOME=str(data))
        cmd = [sys.executable, "-m", "bohn_tui", "server", "--port", "0", "--json"]
        cmd += ["--data", str(data)]
        t0 = time.perf_counter()
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env
        )
        assert self.proc.stdout is not None
        self.info = json.loads(self.proc.stdout.readline())
        self.start_s = time.perf_counter() - t0
        self.env = env_for(str(data))

    def close(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def open_app(data: Path | None, apps: int, profile: bool = False) -> dict[str, list[float]]:
    """Ms from LobbyApp's start to its list filled and drawn, and of one refresh after it
    (`profile`: cProfile's top functions of the first start printed). With no `data`, a
    bare Textual app of a label, a list of one line and a footer (Textual's own part)."""
    import asyncio

    from textual.app import App, ComposeResult
    from textual.widgets import Footer, Label, OptionList

    from bohn_tui.store import Store
    from bohn_tui.store import accounts as acc
    from bohn_tui.ui.lobby import LobbyApp

    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield Label("bohn server")
            yield OptionList("Your games")
            yield Footer()

    store = Store(data) if data is not None else None
    ana = acc.by_name(store.db, "Ana") if store is not None else None
    out: dict[str, list[float]] = {"first_ms": [], "first_cpu_ms": [], "refresh_ms": []}

    async def once() -> None:
        t0, c0 = time.perf_counter(), time.process_time()
        if store is None or ana is None:
            app: App[Any] = Bare()
        else:
            app = LobbyApp(store, {"mode": "lobby", "account": ana.id}, lambda m: {})
        async with app.run_test(size=(120, 40)) as pilot:
            while (
                not app.screen.query(OptionList)
                or not app.screen.query_one(OptionList).option_count
            ):
                await asyncio.sleep(0.001)
            await pilot.pause()  # (the frame with the list)
            out["first_ms"].append((time.perf_counter() - t0) * 1000)
            out["first_cpu_ms"].append((time.process_time() - c0) * 1000)
            t1 = time.perf_counter()
            if store is not None:
                app.screen.action_refresh()  # type: ignore[attr-defined]
            await pilot.pause()
            out["refresh_ms"].append((time.perf_counter() - t1) * 1000)

    for i in range(apps):
        if profile and i == 0:
            prof = cProfile.Profile()
            prof.runcall(asyncio.run, once())
            pstats.Stats(prof).sort_stats("cumulative").print_stats(30)
        else:
            asyncio.run(once())
    return out


def login(server: Server, key: Path) -> float:
    """Seconds from the fork of ssh to the end of the lobby's first frame with its list."""
    argv = ["ssh", "-tt", *SSH_OPTIONS, "-i", str(key), "-p", str(server.info["port"])]
    term = Term([*argv, "Ana@127.0.0.1"], server.env)
    try:

        def seen(b: bytes) -> bool:
            i = b.find(MARKER)
            return i >= 0 and SYNC_END in b[i:]

        took = term.read_until(seen, 30) - term.t0
        os.write(term.fd, b"q")
        try:
            term.read_until(lambda b: False, 3)
        except (TimeoutError, OSError):
            pass
        return took
    finally:
        term.close()


def handshake(server: Server, key: Path) -> float:
    """Seconds of `ssh -T` (no terminal) to its end: the key exchange and the login, then
    the server's one-line refusal (the lobby needs a terminal): the SSH part alone."""
    argv = ["ssh", "-T", *SSH_OPTIONS, "-i", str(key), "-p", str(server.info["port"])]
    t0 = time.perf_counter()
    subprocess.run([*argv, "Ana@127.0.0.1"], capture_output=True, env=server.env, timeout=30)
    return time.perf_counter() - t0


def idle(server: int) -> dict[str, list[tuple[float, float]]]:
    """The server's idle session processes (net/spares.py) by kind: (RSS, PSS) of each in MiB
    (/proc/PID/smaps_rollup; PSS shares the pages they have in common among them)."""
    import contextlib

    found: dict[str, list[tuple[float, float]]] = {}
    for task in Path(f"/proc/{server}/task").iterdir():
        with contextlib.suppress(OSError):
            for kid in (task / "children").read_text().split():
                with contextlib.suppress(OSError):
                    argv = Path(f"/proc/{kid}/cmdline").read_bytes().split(b"\0")
                    if b"bohn_tui.spare" not in argv:
                        continue
                    kind = argv[argv.index(b"bohn_tui.spare") + 1].decode()
                    sizes = {}
                    for line in Path(f"/proc/{kid}/smaps_rollup").read_text().splitlines():
                        name, _, rest = line.partition(":")
                        if name in ("Rss", "Pss"):
                            sizes[name] = int(rest.split()[0]) / 1024
                    found.setdefault(kind, []).append((sizes["Rss"], sizes["Pss"]))
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--logins", type=int, default=8, help="logins to each database")
    ap.add_argument("--finished", type=int, default=1000)
    ap.add_argument("--running", type=int, default=100)
    ap.add_argument("--accounts", type=int, default=50)
    ap.add_argument("--reads", type=int, default=20)
    ap.add_argument("--apps", type=int, default=5, help="LobbyApp starts on each database")
    ap.add_argument(
        "--burst",
        type=int,
        default=0,
        help="then this many logins at once (3 at most: PER_ACCOUNT)",
    )
    ap.add_argument("--bursts", type=int, default=1, help="bursts, one after another")
    ap.add_argument(
        "--burst-to",
        choices=("empty", "full"),
        default="empty",
        help="the server the bursts go to (full: it started with running tables)",
    )
    ap.add_argument("--burst-pause", type=float, default=5.0, help="seconds before each")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    root = Path(tempfile.mkdtemp(prefix="bench-lobby-"))
    out: dict[str, Any] = {"load_before": load()}
    servers: list[Server] = []
    try:
        key, kid = make_key(root)
        for name in ("empty", "full"):
            (root / name).mkdir()
        fill(root / "empty", kid, 1, 0, 0)
        fill(root / "full", kid, args.accounts, args.finished, args.running)
        out["read"] = read_lobby(root / "full", args.reads, args.profile)
        out["app"] = {}
        open_app(root / "empty", 1)  # (Textual's first app in this process: not timed)
        if args.profile:
            open_app(root / "full", 1, True)
        for _ in range(args.apps):  # interleaved, one start at a time
            for name in ("bare", "empty", "full"):
                got = open_app(None if name == "bare" else root / name, 1)
                for k, v in got.items():
                    out["app"].setdefault(name, {}).setdefault(k, []).extend(v)
        servers = [Server(root / "empty"), Server(root / "full")]
        out["server_start_s"] = {"empty": servers[0].start_s, "full": servers[1].start_s}
        times: dict[str, list[float]] = {"empty": [], "full": []}
        for _ in range(args.logins):
            for name, server in zip(("empty", "full"), servers, strict=True):
                times[name].append(login(server, key) * 1000)
        out["login_ms"] = times
        shakes = [handshake(servers[0], key) * 1000 for _ in range(args.logins)]
        out["ssh_only_ms"] = shakes
        if args.burst:  # several at once, a few seconds after the last (the idle ones back)
            from concurrent.futures import ThreadPoolExecutor

            target = servers[0] if args.burst_to == "empty" else servers[1]
            out["idle_before_burst"] = idle(target.proc.pid)
            out["bursts_ms"] = []
            for _ in range(args.bursts):
                time.sleep(args.burst_pause)
                with ThreadPoolExecutor(args.burst) as pool:
                    one = pool.map(lambda _: login(target, key) * 1000, range(args.burst))
                    out["bursts_ms"].append(sorted(one))
            out["burst_ms"] = out["bursts_ms"][0]
            time.sleep(args.burst_pause)
            out["idle_after_bursts"] = idle(target.proc.pid)
        out["login_median_ms"] = {k: statistics.median(v) for k, v in times.items()}
        out["login_p95_ms"] = {k: pct(v, 95) for k, v in times.items()}
        out["load_after"] = load()
    finally:
        for server in servers:
            server.close()
        shutil.rmtree(root, ignore_errors=True)
    if args.json:
        print(json.dumps(out))
        return
    r = out["read"]
    print(f"load {out['load_before']} -> {out['load_after']}")
    print("| Figure | empty | full |\n|---|---|---|")
    lo = out["login_ms"]
    print(
        f"| ssh to the lobby's first frame: median (min-max) of {args.logins} | "
        + " | ".join(
            f"{statistics.median(lo[k]):.0f} ms ({min(lo[k]):.0f}-{max(lo[k]):.0f})"
            for k in ("empty", "full")
        )
        + " |"
    )
    for i, burst in enumerate(out.get("bursts_ms", [])):
        print(
            f"| burst {i + 1}: {args.burst} logins at once ({args.burst_to}), each to its first"
            " frame | " + ", ".join(f"{ms:.0f}" for ms in burst) + " ms | |"
        )
    for when in ("idle_before_burst", "idle_after_bursts"):
        if when in out:
            kinds = out[when]
            print(
                f"| idle processes {when[5:].replace('_', ' ')}: kind count, RSS / PSS each | "
                + "; ".join(
                    f"{k} {len(v)}, {statistics.median(r for r, _ in v):.1f} / "
                    f"{statistics.median(p for _, p in v):.1f} MiB"
                    for k, v in sorted(kinds.items())
                )
                + " | |"
            )
    sh = out["ssh_only_ms"]
    print(
        f"| ssh -T alone (the login, refused: no terminal): median (min-max) | "
        f"{statistics.median(sh):.0f} ms ({min(sh):.0f}-{max(sh):.0f}) | |"
    )
    s = out["server_start_s"]
    print(f"| server start to ready | {s['empty']:.1f} s | {s['full']:.1f} s |")
    print(
        f"| reading the lobby (full): median / max of {args.reads} | | "
        f"{r['read_ms_median']:.1f} / {r['read_ms_max']:.1f} ms |"
    )
    print(f"| SQL statements of one read | | {r['statements']} |")
    app = out["app"]
    for k in ("first_ms", "first_cpu_ms"):
        b = app["bare"][k]
        print(
            f"| a bare Textual app's first frame (a label, a list, a footer), {k} | "
            f"{statistics.median(b):.0f} ms ({min(b):.0f}-{max(b):.0f}) | |"
        )
    for k, what in (
        ("first_ms", "LobbyApp's first frame"),
        ("first_cpu_ms", "... its CPU"),
        ("refresh_ms", "one refresh"),
    ):
        print(
            f"| {what}, in this process: median (min-max) of {args.apps} | "
            + " | ".join(
                f"{statistics.median(app[n][k]):.0f} ms ({min(app[n][k]):.0f}-{max(app[n][k]):.0f})"
                for n in ("empty", "full")
            )
            + " |"
        )
    print(f"| listed (yours, open, watch) | | {r['listed']} |")


if __name__ == "__main__":
    main()
