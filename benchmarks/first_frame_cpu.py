"""The CPU seconds (time.process_time) and the modules imported by each process at its
first frame: the empty Textual app against `bohn play` of each tree, taking turns. CPU
time, unlike the wall time of ui_latency.py's first frame, hardly moves with the load of
a shared machine; the wall time (the fork of the pty to the process's end, right after the
frame) is printed beside it. Each tree's bytecode is compiled first, as ui_latency.py does
(with PYTHONDONTWRITEBYTECODE every start would compile bohn_tui again).

`--instructions`: instead, each process once under valgrind's callgrind (its `Ir`, the
instructions run to the first frame, with PYTHONHASHSEED=0): the same count to 0.05% however
loaded the machine is (~20-60 s a process).

    python benchmarks/first_frame_cpu.py [--runs 5] --tree before=PATH --tree after=.
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import statistics
import sys
import tempfile
import time

from ui_latency import NAMES, SEED, Term, env_for

# run in the measured process: at its first frame, write CPU seconds and modules, and end.
# App._display is wrapped as textual.app is imported (a finder ahead of the others), so
# that the measured program imports Textual itself, as it does when started alone
PROBE = """
import os, sys, time
from importlib.machinery import PathFinder

def probe(ta):
    shown = ta.App._display
    def display(self, screen, renderable):
        shown(self, screen, renderable)
        if renderable is not None:
            with open(os.environ["BOHN_PROBE"], "w") as f:
                f.write(f"{time.process_time()} {len(sys.modules)}")
            os._exit(0)
    ta.App._display = display

class Hook:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name != "textual.app":
            return None
        sys.meta_path.remove(Hook)
        spec = PathFinder.find_spec(name, path)
        run = spec.loader.exec_module
        def exec_module(module):
            run(module)
            probe(module)
        spec.loader.exec_module = exec_module
        return spec

sys.meta_path.insert(0, Hook)
if sys.argv[1:] == ["empty"]:
    import textual.app as ta
    ta.App().run()
else:
    sys.argv = ["bohn", *sys.argv[1:]]
    from bohn_tui.cli import main
    main()
"""
PLAY = ["play", "bohnanza", "--players", NAMES, "--seed", str(SEED), "--bot-delay", "0"]


def one(argv: list[str], tree: str | None) -> tuple[float, int, float]:
    """(CPU seconds, modules, wall seconds) at the first frame of one process."""
    with tempfile.TemporaryDirectory() as d:
        env = env_for(d, tree)
        env["BOHN_PROBE"] = out = f"{d}/probe"
        term = Term([sys.executable, "-c", PROBE, *argv], env, tree)
        os.waitpid(term.pid, 0)
        wall = time.perf_counter() - term.t0
        os.close(term.fd)
        cpu, mods = open(out).read().split()
        return float(cpu), int(mods), wall


def instructions(argv: list[str], tree: str | None) -> int:
    """The instructions (callgrind's Ir) one process runs to its first frame."""
    with tempfile.TemporaryDirectory() as d:
        env = env_for(d, tree) | {"BOHN_PROBE": f"{d}/probe", "PYTHONHASHSEED": "0"}
        grind = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={d}/cg",
            "--log-file=/dev/null",
        ]
        term = Term([*grind, sys.executable, "-c", PROBE, *argv], env, tree)
        while not os.waitpid(term.pid, os.WNOHANG)[0]:  # answering its terminal's queries
            try:
                term.read_until(lambda b: False, 1.0)
            except (TimeoutError, OSError):
                pass
        os.close(term.fd)
        with open(f"{d}/cg") as f:
            found = re.search(r"^(?:summary|totals):\s*(\d+)", f.read(), re.M)
        assert found is not None, "no callgrind summary"
        return int(found.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--instructions", action="store_true", help="count them under callgrind")
    ap.add_argument("--tree", action="append", metavar="NAME=PATH", default=[])
    args = ap.parse_args()
    trees: dict[str, str | None] = {"empty app": None}
    for t in args.tree:
        name, _, path = t.partition("=")
        trees[name] = os.path.abspath(path)
    if len(trees) == 1:
        trees["installed"] = None
    for path in trees.values():
        if path is not None:
            compileall.compile_dir(f"{path}/bohn_tui", quiet=1)
    if args.instructions:
        counts = {
            n: instructions(["empty"] if n == "empty app" else PLAY, p) for n, p in trees.items()
        }
        for name, n in counts.items():
            print(f"{name}: {n:,} instructions to the first frame "
                  f"({n / counts['empty app']:.3f}x the empty app)")  # fmt: skip
        return
    got: dict[str, list[tuple[float, int, float]]] = {name: [] for name in trees}
    for _ in range(args.runs):
        for name, path in trees.items():
            got[name].append(one(["empty"] if name == "empty app" else PLAY, path))
    empty = statistics.median(c for c, _, _ in got["empty app"])
    empty_wall = statistics.median(w for _, _, w in got["empty app"])
    empty_low = min(c for c, _, _ in got["empty app"])
    for name, xs in got.items():
        cpu = statistics.median(c for c, _, _ in xs)
        wall = statistics.median(w for _, _, w in xs)
        low = min(c for c, _, _ in xs)
        print(f"{name}: CPU {cpu:.3f} s at the first frame ({cpu / empty:.2f}x the empty app; "
              f"min {low:.3f} s, {low / empty_low:.2f}x), wall {wall:.3f} s "
              f"({wall / empty_wall:.2f}x), {xs[0][1]} modules")  # fmt: skip


if __name__ == "__main__":
    main()
