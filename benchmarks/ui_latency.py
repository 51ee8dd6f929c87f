"""UI speed in a real pseudo-terminal (not Pilot): process start to first frame of
`bohn play` against an empty Textual app, keypress to updated frame at three tables (a
5-player Bohnanza, 3 people at the dice game, 4 at Excalibohn), and the memory of the
bohn process.

    python benchmarks/ui_latency.py [--runs 5] [--keys 150] [--help-keys 20]
        [--games bohnanza,dice,excalibohn] [--key-runs 1]
        [--tree before=/work/wt-perf-before --tree after=.] [--profile DIR] [--json]

With `--tree NAME=PATH` (repeatable) each figure is measured for every tree side by side,
the trees taking turns (the bohn process runs with PYTHONPATH and its working folder the
tree's, the same python); without, the installed bohn_tui. `--help-keys N`: `?` opens the
help on the table and `?` closes it, N times each (the first opening apart: it makes the
help screen). `--pass-keys N`: then N times p (the out-of-turn chooser), 1 (its first
seat: the privacy screen), Enter, p (the visit ends: the privacy screen), Enter. For every
key: the time to the end of the first frame, and how many frames
(ESC[?2026l) and bytes its burst draws until `--quiet` seconds (0.15) without output, and
the process's CPU time (all its threads, /proc/PID/task/*/schedstat) to that first frame
(read when the harness has seen it: an upper bound) and over the whole burst: the counts
and the CPU move far less with the machine's load than the times. The baseline (one Static
updated per key) is measured the same way. `--profile DIR`: the bohn process of each key
run under cProfile from its first frame on (DIR/TREE-GAME.prof, dumped at its end), for
`python -m pstats`. `--key-runs N`: N key runs per game and tree, the trees taking turns.

The harness answers Textual's synchronized-output query, so every frame arrives between
ESC[?2026h and ESC[?2026l; a key's latency is the time from writing it to the end of the
first frame after it. Keys follow a mirror Session of the same seeded game, so every key
is one the table accepts (Bohnanza: confirm a hand-over, plant, end a phase, harvest; the
dice game's and Excalibohn's: ui_latency_games.py)."""

from __future__ import annotations

import argparse
import compileall
import fcntl
import json
import os
import pty
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from dataclasses import dataclass

import bohn_tui
from bohn_tui.games.common.actions import EndPlanting, EndTrading, Harvest, PlantArea, PlantHand
from bohn_tui.play.session import Session

SYNC_END = b"\x1b[?2026l"
SYNC_QUERY = b"\x1b[?2026$p"
SYNC_REPLY = b"\x1b[?2026;2$y"
COLS, ROWS = 120, 40
NAMES = "Ana,Ben,Cem,Dora,Emil"
SEED = 1


QUIET = 0.15  # seconds of no output that end a key's burst
# cProfile in the bohn process: SIGUSR1 starts it, SIGTERM dumps it and ends the process
PROFILED = """
import cProfile, os, runpy, signal, sys
prof = cProfile.Profile()
def dump(*_):
    prof.disable(); prof.dump_stats(os.environ["BOHN_PROFILE"]); os._exit(0)
signal.signal(signal.SIGUSR1, lambda *_: prof.enable())
signal.signal(signal.SIGTERM, dump)
sys.argv = ["bohn_tui", *sys.argv[1:]]
runpy.run_module("bohn_tui", run_name="__main__", alter_sys=True)
"""


@dataclass(frozen=True)
class Burst:
    """One key: seconds to its first frame, frames and bytes until quiet, CPU seconds of
    the process to that frame and over the burst."""

    t: float
    frames: int
    size: int
    cpu_frame: float
    cpu: float


class Term:
    def __init__(self, argv: list[str], env: dict[str, str], cwd: str | None = None) -> None:
        self.t0 = time.perf_counter()
        self._tasks: dict[str, int] = {}  # each thread's CPU when last read (cpu)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            if cwd is not None:
                os.chdir(cwd)
            os.execvpe(argv[0], argv, env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        self.buf = b""

    def read_until(self, pred, timeout: float = 10.0) -> float:  # noqa: ANN001
        """Read until pred(buffer) is true; returns the time it became true."""
        end = time.perf_counter() + timeout
        while True:
            if pred(self.buf):
                return time.perf_counter()
            left = end - time.perf_counter()
            if left <= 0:
                raise TimeoutError(self.buf[-400:])
            r, _, _ = select.select([self.fd], [], [], left)
            if r:
                chunk = os.read(self.fd, 65536)
                if SYNC_QUERY in chunk or SYNC_QUERY in self.buf[-16:] + chunk:
                    os.write(self.fd, SYNC_REPLY)
                self.buf += chunk

    def frame_after(self, key: bytes, timeout: float = 5.0) -> float:
        """Write a key and wait for the end of the next frame: seconds."""
        self.drain()
        self.buf = b""
        t = time.perf_counter()
        os.write(self.fd, key)
        return self.read_until(lambda b: SYNC_END in b, timeout) - t

    def burst(self, key: bytes) -> Burst:
        """Write a key: seconds to the end of the first frame after it, then the frames and
        bytes of its whole burst (until QUIET seconds without output), and the process's
        CPU seconds to the end of that first frame and over the whole burst."""
        self.drain()
        c0 = self.cpu()
        t = self.frame_after(key)
        c1 = self.cpu()
        while select.select([self.fd], [], [], QUIET)[0]:
            chunk = os.read(self.fd, 65536)
            if SYNC_QUERY in self.buf[-16:] + chunk:
                os.write(self.fd, SYNC_REPLY)
            self.buf += chunk
        return Burst(t, self.buf.count(SYNC_END), len(self.buf), c1 - c0, self.cpu() - c0)

    def drain(self, quiet: float = 0.05) -> None:
        while select.select([self.fd], [], [], quiet)[0]:
            chunk = os.read(self.fd, 65536)
            if SYNC_QUERY in chunk:
                os.write(self.fd, SYNC_REPLY)

    def cpu(self) -> float:
        """Seconds on a CPU of the bohn process so far, all its threads (schedstat: ns); a
        thread that has ended counts with what it had when last read (summing the living
        ones alone, a key's CPU read negative when a thread ended within it)."""
        seen = self._tasks
        try:
            for task in os.listdir(f"/proc/{self.pid}/task"):
                try:
                    with open(f"/proc/{self.pid}/task/{task}/schedstat") as f:
                        seen[task] = int(f.read().split()[0])
                except (FileNotFoundError, ProcessLookupError):
                    pass  # (it ended meanwhile: its last reading stays)
        except (FileNotFoundError, ProcessLookupError):
            pass
        return sum(seen.values()) / 1e9

    def rss_mib(self) -> float:
        with open(f"/proc/{self.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return float("nan")

    def close(self) -> None:
        try:
            os.kill(self.pid, signal.SIGTERM)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(self.fd)


def env_for(data_dir: str, tree: str | None = None) -> dict[str, str]:
    env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor", BOHN_DATA_DIR=data_dir)
    if tree is not None:
        env["PYTHONPATH"] = tree
    return env


EMPTY_APP = "from textual.app import App\nApp().run()\n"
# the baseline for key latency: one Static whose text changes on every key
COUNTER_APP = """
from textual.app import App
from textual.widgets import Static
class Counter(App):
    n = 0
    def compose(self):
        yield Static("ready 0", id="s")
    def on_key(self, event):
        self.n += 1
        self.query_one("#s", Static).update(f"ready {self.n}")
Counter().run()
"""


def baseline_keys(path: str, keys: int) -> list[Burst]:
    with tempfile.TemporaryDirectory() as d:
        term = Term([sys.executable, path], env_for(d))
        try:
            term.read_until(lambda b: b"ready" in b and SYNC_END in b.split(b"ready")[-1])
            term.drain(0.3)
            return [term.burst(b"x") for _ in range(keys)]
        finally:
            term.close()


def first_frame(argv: list[str], marker: bytes | None, tree: str | None = None) -> float:
    with tempfile.TemporaryDirectory() as d:
        term = Term(argv, env_for(d, tree), tree)
        try:

            def seen(b: bytes) -> bool:
                if marker is None:
                    return SYNC_END in b
                i = b.find(marker)
                return i >= 0 and SYNC_END in b[i:]

            return term.read_until(seen, 20) - term.t0
        finally:
            term.close()


def bohn_argv(
    bot_delay: str = "0", profiled: bool = False, policy: type[Policy] | None = None
) -> list[str]:
    start = ["-c", PROFILED] if profiled else ["-m", "bohn_tui"]
    game, names, seed = (
        ("bohnanza", NAMES, SEED) if policy is None else (policy.game, policy.names, policy.seed)
    )
    return [
        sys.executable, *start, "play", game, "--players", names,
        "--seed", str(seed), "--bot-delay", bot_delay,
    ]  # fmt: skip


def key_for(s: Session, viewer: int | None) -> tuple[bytes, int | None, list[bytes]]:
    """The next key(s) and the viewer after them, applying the action to the mirror."""
    d = s.decider()
    assert d is not None
    if d != viewer:
        return b"\r", d, []
    legal = s.legal(d)
    phase = s.state.phase
    if phase == "plant":
        plants = [a for a in legal if isinstance(a, PlantHand)]
        if plants and s.state.planted == 0:
            s.apply(plants[0])
            return str(plants[0].field + 1).encode(), d, []
        ends = [a for a in legal if isinstance(a, EndPlanting)]
        if ends:
            s.apply(ends[0])
            return b"e", d, []
    if phase == "trade":
        s.apply(next(a for a in legal if isinstance(a, EndTrading)))
        return b"e", d, [b"e"]  # with nothing traded the first e only asks; a second ends it
    if phase == "plant_trades":
        area = s.state.players[d].area
        plants = [a for a in legal if isinstance(a, PlantArea) and a.variety == area[0]]
        if plants:
            s.apply(plants[0])
            return str(plants[0].field + 1).encode(), d, []
    harvest = next(a for a in legal if isinstance(a, Harvest))
    s.apply(harvest)
    # f asks which field (unless the table asks already), the field's key picks it
    return str(harvest.field + 1).encode(), d, [b"f"]


def forced(s: Session, seat: int) -> bool:
    """Whether the table asks for a harvest by itself for `seat` now."""
    legal = s.legal(seat)
    if s.state.phase == "plant" and s.state.planted == 0:
        return not any(isinstance(a, PlantHand) for a in legal)
    if s.state.phase == "plant_trades" and s.state.players[seat].area:
        return not any(isinstance(a, PlantArea) for a in legal)
    return False


def kind_of(key: bytes, before: list[bytes], s: Session, viewer: int | None) -> str:
    """What the key does to the screen (the mirror has applied it already)."""
    if key == b"\r":
        return "hand-over (privacy screen to table)"
    if before == [b"e"]:
        return "table key, same screen (plant, end a phase)"
    if before:
        return "harvest choice (f, then the field's key)"
    d = s.decider()
    if s.over or d != viewer:
        return "table key that opens a screen (privacy, end)"
    if d is not None and forced(s, d):
        return "table key after which the table asks a harvest (same screen)"
    return "table key, same screen (plant, end a phase)"


class Policy:
    """The keys of one game's table (ui_latency_games.py has the dice game's and
    Excalibohn's): `next()` gives the next key, what it does to the screen and the keys to
    write before it (None: the game is over); `covered()`: the privacy screen is up."""

    game = "bohnanza"
    names = NAMES
    seed = SEED
    ready = b"Pass to"  # in the table's first frame

    def __init__(self) -> None:
        self.s = Session.new(self.game, self.names.split(","), seed=self.seed)
        self.viewer: int | None = None

    def next(self) -> tuple[bytes, str, list[bytes]] | None:
        if self.s.over:
            return None
        key, self.viewer, before = key_for(self.s, self.viewer)
        return key, kind_of(key, before, self.s, self.viewer), before

    def covered(self) -> bool:
        return self.s.decider() != self.viewer


def policies() -> dict[str, type[Policy]]:
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from ui_latency_games import DicePolicy, ExcaliPolicy

    return {"bohnanza": Policy, "dice": DicePolicy, "excalibohn": ExcaliPolicy}  # type: ignore[dict-item]


Kinds = list[tuple[str, Burst]]
PASSING = [  # --pass-keys: to another person out of turn and back (the first seat listed)
    (b"p", "p: the chooser opens (pass the screen to whom)"),
    (b"1", "1 in the chooser: the privacy screen"),
    (b"\r", "hand-over after it"),
    (b"p", "p: the visit ends, the privacy screen"),
    (b"\r", "hand-over after it"),
]


def key_latency(
    keys: int,
    tree: str | None = None,
    profile: str | None = None,
    help_keys: int = 0,
    policy: type[Policy] = Policy,
    pass_keys: int = 0,
) -> tuple[Kinds, float, Kinds]:
    """The keys of `policy`'s game (at most `keys`), the RSS after them, then the help's
    keys: each with what it does (its kind) and its burst."""
    with tempfile.TemporaryDirectory() as d:
        env = env_for(d, tree)
        if profile is not None:
            env["BOHN_PROFILE"] = profile
        term = Term(bohn_argv(profiled=profile is not None, policy=policy), env, tree)
        ready = policy.ready
        try:
            term.read_until(lambda b: ready in b and SYNC_END in b.split(ready)[-1], 30)
            term.drain(0.5)  # the dice game's chances warm in a thread at first
            if profile is not None:
                os.kill(term.pid, signal.SIGUSR1)
            mirror = policy()
            bursts: Kinds = []
            while len(bursts) < keys:
                step = mirror.next()
                if step is None:
                    break
                key, kind, before = step
                for k in before:
                    os.write(term.fd, k)
                    term.drain()
                bursts.append((kind, term.burst(key)))
            term.drain(0.3)
            rss = term.rss_mib()
            helps: Kinds = []
            if (help_keys or pass_keys) and mirror.covered():
                term.frame_after(b"\r")  # a table to open the help on
            for i in range(help_keys):
                term.drain(0.3)
                helps.append(
                    ("open help (?)" + (", the first" if i == 0 else ""), term.burst(b"?"))
                )
                term.drain(0.3)
                helps.append(("close help (?)", term.burst(b"?")))
            for _ in range(pass_keys):  # the out-of-turn chooser, the privacy screen
                for key, kind in PASSING:
                    term.drain(0.3)
                    helps.append((kind, term.burst(key)))
            return bursts, rss, helps
        finally:
            if profile is not None:
                os.kill(term.pid, signal.SIGTERM)
                os.waitpid(term.pid, 0)
                os.close(term.fd)
            else:
                term.close()


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def summary(bs: list[Burst]) -> dict[str, float]:
    ms = [b.t * 1000 for b in bs]
    return {
        "keys": len(ms),
        "median_ms": statistics.median(ms),
        "p95_ms": pct(ms, 95),
        "max_ms": max(ms),
        "frames_median": statistics.median(b.frames for b in bs),
        "frames_max": max(b.frames for b in bs),
        "bytes_median": statistics.median(b.size for b in bs),
        "cpu_to_frame_ms": statistics.mean(b.cpu_frame for b in bs) * 1000,
        "cpu_per_key_ms": statistics.mean(b.cpu for b in bs) * 1000,
    }


def tree_figures(bursts: Kinds, rss: float, helps: Kinds) -> dict[str, object]:
    kinds: dict[str, list[Burst]] = {}
    for kind, b in bursts + helps:
        kinds.setdefault(kind, []).append(b)
    return {"all keys": summary([b for _, b in bursts]), "rss_mib": rss} | {
        "by_kind": {k: summary(v) for k, v in kinds.items()}
    }


def line(name: str, v: dict[str, float]) -> str:
    return (
        f"  {name}: {v['keys']:.0f} keys, median {v['median_ms']:.1f} ms, p95 "
        f"{v['p95_ms']:.1f} ms, max {v['max_ms']:.1f} ms; frames {v['frames_median']} (max "
        f"{v['frames_max']}), bytes {v['bytes_median']:.0f}; CPU to the frame "
        f"{v['cpu_to_frame_ms']:.1f} ms, per key {v['cpu_per_key_ms']:.1f} ms"
    )


def main() -> None:
    global QUIET
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--keys", type=int, default=150)
    ap.add_argument("--help-keys", type=int, default=0)
    ap.add_argument("--pass-keys", type=int, default=0, help="p, a seat, Enter, p, Enter")
    ap.add_argument("--games", default="bohnanza,dice,excalibohn")
    ap.add_argument("--key-runs", type=int, default=1, help="key runs per game and tree")
    ap.add_argument("--tree", action="append", metavar="NAME=PATH", default=[])
    ap.add_argument("--profile", metavar="DIR")
    ap.add_argument("--quiet", type=float, default=QUIET, help="seconds that end a burst")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    QUIET = args.quiet
    games = {g: policies()[g] for g in args.games.split(",")}
    trees: dict[str, str | None] = {}
    for t in args.tree:
        name, _, path = t.partition("=")
        trees[name] = os.path.abspath(path)
    if not trees:
        trees["installed"] = None
    # `pip install` compiles the package's bytecode; an editable checkout run with
    # PYTHONDONTWRITEBYTECODE would compile every module at every start instead
    for path in trees.values():
        pkg = os.path.dirname(bohn_tui.__file__) if path is None else f"{path}/bohn_tui"
        compileall.compile_dir(pkg, quiet=1)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(EMPTY_APP)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as g:
        g.write(COUNTER_APP)
    empty: list[float] = []
    bohn: dict[str, list[float]] = {name: [] for name in trees}
    for _ in range(args.runs):  # interleaved, so that a busy moment hits all alike
        empty.append(first_frame([sys.executable, f.name], None))
        for name, path in trees.items():
            bohn[name].append(first_frame(bohn_argv(), b"Pass to", path))
    base = baseline_keys(g.name, args.keys)
    os.unlink(f.name)
    os.unlink(g.name)
    out: dict[str, object] = {
        "load": os.getloadavg(),
        "empty_app_first_frame_s": statistics.median(empty),
        "baseline": summary(base),
    }
    figs: dict[str, dict[str, object]] = {name: {} for name in trees}
    for game, policy in games.items():  # the trees take turns, game by game
        for run in range(args.key_runs):
            for name, path in trees.items():
                prof = None
                if args.profile is not None:
                    prof = os.path.abspath(f"{args.profile}/{name}-{game}.prof")
                first = game == "bohnanza" and run == 0
                helps, passes = (args.help_keys, args.pass_keys) if first else (0, 0)
                got = key_latency(args.keys, path, prof, helps, policy, passes)
                figs[name].setdefault(game, []).append(got)  # type: ignore[attr-defined]
    for name in trees:
        first = statistics.median(bohn[name])
        o: dict[str, object] = {
            "bohn_first_frame_s": first,
            "ratio": first / statistics.median(empty),
        }
        for game, runs in figs[name].items():
            bursts = [b for r in runs for b in r[0]]  # type: ignore[attr-defined]
            helps = [b for r in runs for b in r[2]]  # type: ignore[attr-defined]
            o[game] = tree_figures(bursts, runs[-1][1], helps)  # type: ignore[index]
        out[name] = o
    out["load_after"] = os.getloadavg()
    if args.json:
        print(json.dumps(out))
        return
    print(f"load {out['load']} -> {out['load_after']}")
    print(f"first frame: empty Textual app {statistics.median(empty) * 1000:.0f} ms")
    print(line("baseline (one Static updated per key)", out["baseline"]))  # type: ignore[arg-type]
    for name in trees:
        o = out[name]  # type: ignore[assignment]
        assert isinstance(o, dict)
        print(f"[{name}] bohn play (5 players) {o['bohn_first_frame_s'] * 1000:.0f} ms: "
              f"{o['ratio']:.2f}x the empty app")  # fmt: skip
        for game in games:
            fig = o[game]
            print(f" {game}:")
            print(line("all keys", fig["all keys"]))
            for kind, v in fig["by_kind"].items():
                print(line(kind, v))
            print(f"  memory (RSS) after the keys: {fig['rss_mib']:.1f} MiB")


if __name__ == "__main__":
    main()
