"""The memory of a remote player's process (issue #25): `bohn join` (the process the SSH
front door starts for each session, there with --code-fd) at a table, for several source
trees side by side.

    python benchmarks/join_memory.py --tree before=/work/wt-perf-before --tree after=. [--runs 3]

For each tree and run: `python -m bohn_tui host bohnanza --players Ana,Ben --json
--bot-delay 0 --socket S` (PYTHONPATH and working folder the tree's, this python), then
Ana's `python -m bohn_tui join CODE --socket S` in a 120x40 pty (ui_latency.py's harness)
until the table's key bar ("Leave") is drawn, and 1 s more; then the join process's VmRSS
and Pss (/proc) and the modules it has imported (sys.modules, asked through a signal). The
trees take turns; the figures are the medians. `--modules` prints the modules one tree has
that another has not.

`--ssh`: the process behind the SSH front door instead (issues #25, #26): the host with
`--port 0`, and Ana's seat reached with the real OpenSSH client (`ssh -tt -F /dev/null -i
KEY -p PORT CODE@127.0.0.1`, a throwaway ed25519 key) in the 120x40 pty; the seat process
is the host's child whose terminal is a pty. Also the time from the fork of ssh to the end
of the table's first frame with its key bar, and the process's USS (its private pages,
smaps_rollup). No module list (the process is the door's child).

`--keys N`: Ben is a bot (random, no delay, the game's seed 7), and after the first
frame's figures Ana's seat gets N keys, each read off the key bar the screen shows (pyte):
one of the game's keys there (a planting, a harvest, the end of a phase: the next one
every other key), every 10th key the log (v) and every 20th the help (?), each closed by
the next key (escape), and on a chooser its first numbered choice; then the same figures
again, 1 s after the last key's frame (whether anything grows as the table is used).

Before the runs, each tree's seat runs once unmeasured with PYTHONDONTWRITEBYTECODE unset:
what a seat caches as it imports (Python's .pyc, and bohn_tui/lean.py's lean code beside
it) is written then, as by the first seat after an install."""

from __future__ import annotations

import argparse
import compileall
import json
import os
import re
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from ui_latency import SYNC_END, SYNC_QUERY, SYNC_REPLY, Term, env_for

# the join process under a wrapper: SIGUSR1 writes its sys.modules to BOHN_MODULES
WRAPPED = """
import os, runpy, signal, sys
def dump(*_):
    with open(os.environ["BOHN_MODULES"], "w") as f:
        f.write("\\n".join(sorted(sys.modules)))
signal.signal(signal.SIGUSR1, dump)
sys.argv = ["bohn_tui", *sys.argv[1:]]
runpy.run_module("bohn_tui", run_name="__main__", alter_sys=True)
"""


def kib(pid: int, path: str, key: str) -> int:
    with open(f"/proc/{pid}/{path}") as f:
        for line in f:
            if line.startswith(key):
                return int(line.split()[1])
    return -1


def once(tree: str) -> tuple[float, float, list[str]]:
    with tempfile.TemporaryDirectory(prefix="bohn-jm-") as d:
        env = env_for(d, tree)
        sock = os.path.join(d, "h.sock")
        cmd = [sys.executable, "-m", "bohn_tui", "host", "bohnanza", "--players", "Ana,Ben"]
        cmd += ["--json", "--bot-delay", "0", "--socket", sock]
        host = subprocess.Popen(cmd, stdout=subprocess.PIPE, env=env, cwd=tree)
        try:
            assert host.stdout is not None
            info = json.loads(host.stdout.readline())
            code = info["seats"][0]["code"]
            env["BOHN_MODULES"] = os.path.join(d, "modules")
            argv = [sys.executable, "-c", WRAPPED, "join", code, "--socket", sock]
            term = Term(argv, env, tree)
            try:

                def drawn(b: bytes) -> bool:
                    i = b.find(b"Leave")
                    return i >= 0 and SYNC_END in b[i:]

                term.read_until(drawn, 30)
                term.drain(1.0)
                rss = kib(term.pid, "status", "VmRSS:") / 1024
                pss = kib(term.pid, "smaps_rollup", "Pss:") / 1024
                os.kill(term.pid, signal.SIGUSR1)
                for _ in range(100):
                    term.drain(0.05)
                    if os.path.exists(env["BOHN_MODULES"]):
                        break
                time.sleep(0.1)
                with open(env["BOHN_MODULES"]) as f:
                    modules = f.read().split()
            finally:
                term.close()
        finally:
            host.terminate()
            host.wait(10)
    return rss, pss, modules


SSH_OPTIONS = [
    "-F", "/dev/null", "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
    "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
    "-o", "LogLevel=ERROR",
]  # fmt: skip


def seat_process(host: int) -> int:
    """The host's child whose standard input is a pty (the seat; an idle one has none)."""
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            if ppid == host and os.readlink(f"/proc/{pid}/fd/0").startswith("/dev/pts/"):
                return int(pid)
        except (OSError, ValueError, IndexError):
            continue
    raise LookupError("no seat process")


Figures = tuple[float, float, float]  # RSS, Pss, USS (MiB)


def memory(pid: int) -> Figures:
    rss = kib(pid, "status", "VmRSS:") / 1024
    pss = kib(pid, "smaps_rollup", "Pss:") / 1024
    uss = (kib(pid, "smaps_rollup", "Private_Clean:")
           + kib(pid, "smaps_rollup", "Private_Dirty:")) / 1024  # fmt: skip
    return rss, pss, uss


def read_quiet(term: Term, stream: object, quiet: float = 0.15, limit: float = 5.0) -> None:
    """Feed the seat's output to a pyte stream until it is quiet for `quiet` seconds."""
    end = time.perf_counter() + limit
    while time.perf_counter() < end and select.select([term.fd], [], [], quiet)[0]:
        chunk = os.read(term.fd, 65536)
        if SYNC_QUERY in chunk:
            os.write(term.fd, SYNC_REPLY)
        stream.feed(chunk)  # type: ignore[attr-defined]


NOT_PLAYED = {"/", "v", "?", "q", "u", "^p"}  # chat, log, help, leave, undo, palette
OPENS = (b"?", b"v")  # the help and the log: the next key closes them


def next_key(bar: str, i: int, before: bytes) -> bytes:
    """The i-th key (from 0), after `before`, for the screen whose last line is `bar`."""
    keys = [item.split()[0] for item in re.split(r"\s{2,}", bar.strip()) if item.strip()]
    played = [k for k in keys if k not in NOT_PLAYED and len(k) == 1]
    if before in OPENS or "Leave" not in bar:  # the help, the log, or a chooser
        digits = [k for k in played if k.isdigit()]
        return digits[0].encode() if digits and before not in OPENS else b"\x1b"
    if i % 20 == 19:
        return b"?"
    if i % 10 == 9:
        return b"v"
    return played[(i // 2) % len(played)].encode() if played else b"v"


def screen_of(buf: bytes) -> tuple[object, object]:
    """A 120x40 pyte screen (the dev dependency tests/test_ssh.py reads screens with) and
    its stream, fed `buf`."""
    import pyte

    screen = pyte.Screen(120, 40)
    stream = pyte.ByteStream(screen)
    stream.feed(buf)
    return screen, stream


def play_keys(term: Term, screen: object, stream: object, keys: int) -> int:
    """`keys` keys off the seat's key bar (see --keys): how many were the game's."""
    played, key = 0, b""
    for i in range(keys):
        key = next_key(screen.display[-1], i, key)  # type: ignore[attr-defined]
        played += key not in (b"\x1b", *OPENS)
        os.write(term.fd, key)
        read_quiet(term, stream)
    return played


def once_ssh(tree: str, key: str, keys: int = 0, write: bool = False) -> list[float]:
    """RSS, Pss, USS (MiB) of the seat behind the SSH door at its first frame, and ms from
    ssh to it; with `keys`, RSS, Pss, USS after them and the keys that played."""
    with tempfile.TemporaryDirectory(prefix="bohn-jm-") as d:
        env = env_for(d, tree)
        if write:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
        sock = os.path.join(d, "h.sock")
        players = "Ana,bot:random" if keys else "Ana,Ben"
        cmd = [sys.executable, "-m", "bohn_tui", "host", "bohnanza", "--players", players]
        cmd += ["--json", "--bot-delay", "0", "--socket", sock, "--port", "0"]
        cmd += ["--seed", "7"] if keys else []  # the same game (and bot) in every run
        host = subprocess.Popen(cmd, stdout=subprocess.PIPE, env=env, cwd=tree)
        try:
            assert host.stdout is not None
            info = json.loads(host.stdout.readline())
            code, port = info["seats"][0]["code"], str(info["port"])
            time.sleep(3.0)  # the door's own start (its seat process ready, if it keeps one)
            argv = ["ssh", "-tt", *SSH_OPTIONS, "-i", key, "-p", port, f"{code}@127.0.0.1"]
            term = Term(argv, env, tree)
            try:

                def drawn(b: bytes) -> bool:
                    i = b.find(b"Leave")
                    return i >= 0 and SYNC_END in b[i:]

                took = (term.read_until(drawn, 30) - term.t0) * 1000
                if keys:
                    screen, stream = screen_of(term.buf)
                    read_quiet(term, stream, 1.0, 30.0)
                else:
                    term.drain(1.0)
                pid = seat_process(host.pid)
                out = [*memory(pid), took]
                if keys:
                    played = play_keys(term, screen, stream, keys)
                    read_quiet(term, stream, 1.0, 30.0)
                    out += [*memory(pid), played]
            finally:
                term.close()
        finally:
            host.terminate()
            host.wait(10)
    return out


def main_ssh(trees: dict[str, str], runs: int, as_json: bool, keys: int) -> None:
    figures: dict[str, list[list[float]]] = {n: [] for n in trees}
    with tempfile.TemporaryDirectory(prefix="bohn-jm-key-") as d:
        key = os.path.join(d, "k")
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key], check=True)
        for path in trees.values():  # what the trees' seats cache, written (not measured)
            once_ssh(path, key, write=True)
        for _ in range(runs):
            for name, path in trees.items():
                figures[name].append(once_ssh(path, key, keys))
    names = ["rss_mib", "pss_mib", "uss_mib", "first_frame_ms"]
    names += ["keys_rss_mib", "keys_pss_mib", "keys_uss_mib", "keys_played"] if keys else []
    out: dict[str, dict[str, object]] = {
        n: {k: statistics.median(f[i] for f in fig) for i, k in enumerate(names)} | {"runs": fig}
        for n, fig in figures.items()
    }
    if as_json:
        print(json.dumps(out))
        return
    for n, o in out.items():
        rss = ", ".join(f"{f[0]:.1f}" for f in fig_of(o))
        ms = ", ".join(f"{f[3]:.0f}" for f in fig_of(o))
        print(f"[{n}] the seat behind the SSH door: RSS {o['rss_mib']:.1f} MiB ({rss}), "
              f"Pss {o['pss_mib']:.1f}, USS {o['uss_mib']:.1f} MiB; ssh to its first frame "
              f"{o['first_frame_ms']:.0f} ms ({ms})")  # fmt: skip
        if keys:
            rss = ", ".join(f"{f[4]:.1f}" for f in fig_of(o))
            print(f"[{n}]   after {keys} keys ({o['keys_played']:.0f} the game's): RSS "
                  f"{o['keys_rss_mib']:.1f} MiB ({rss}), Pss {o['keys_pss_mib']:.1f}, "
                  f"USS {o['keys_uss_mib']:.1f} MiB")  # fmt: skip


def fig_of(o: dict[str, object]) -> list[list[float]]:
    return o["runs"]  # type: ignore[return-value]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tree", action="append", metavar="NAME=PATH", required=True)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--modules", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--ssh", action="store_true", help="the seat behind the SSH front door")
    ap.add_argument("--keys", type=int, default=0, help="--ssh: then N keys, and again")
    args = ap.parse_args()
    trees = {}
    for t in args.tree:
        name, _, path = t.partition("=")
        trees[name] = os.path.abspath(path)
        compileall.compile_dir(f"{trees[name]}/bohn_tui", quiet=1)
    if args.ssh:
        main_ssh(trees, args.runs, args.json, args.keys)
        return
    rss: dict[str, list[float]] = {n: [] for n in trees}
    pss: dict[str, list[float]] = {n: [] for n in trees}
    mods: dict[str, set[str]] = {}
    for _ in range(args.runs):
        for name, path in trees.items():
            r, p, m = once(path)
            rss[name].append(r)
            pss[name].append(p)
            mods[name] = set(m)
    out = {
        n: {
            "rss_mib": statistics.median(rss[n]),
            "pss_mib": statistics.median(pss[n]),
            "rss_runs": rss[n],
            "modules": len(mods[n]),
        }
        for n in trees
    }
    if args.json:
        print(json.dumps(out))
        return
    for n, o in out.items():
        runs = ", ".join(f"{r:.1f}" for r in o["rss_runs"])
        print(f"[{n}] bohn join at the table: RSS {o['rss_mib']:.1f} MiB ({runs}), "
              f"Pss {o['pss_mib']:.1f} MiB, {o['modules']} modules")  # fmt: skip
        if args.modules and len(mods) > 1:
            others = set().union(*(m for k, m in mods.items() if k != n))
            print(f"  only here: {' '.join(sorted(mods[n] - others)) or 'none'}")


if __name__ == "__main__":
    main()
