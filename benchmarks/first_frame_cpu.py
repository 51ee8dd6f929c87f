"""The CPU seconds (time.process_time) and the modules imported by each process at its
first frame: the empty Textual app against `bohn play` of each tree, taking turns. CPU
time, unlike the wall time of ui_latency.py's first frame, hardly moves with the load of
a shared machine.

    python benchmarks/first_frame_cpu.py [--runs 5] --tree before=PATH --tree after=.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile

from ui_latency import NAMES, SEED, Term, env_for

# run in the measured process: at its first frame, write CPU seconds and modules, and end
PROBE = """
import os, sys, time
import textual.app as ta
shown = ta.App._display
def display(self, screen, renderable):
    shown(self, screen, renderable)
    if renderable is not None:
        with open(os.environ["BOHN_PROBE"], "w") as f:
            f.write(f"{time.process_time()} {len(sys.modules)}")
        os._exit(0)
ta.App._display = display
if sys.argv[1:] == ["empty"]:
    ta.App().run()
else:
    sys.argv = ["bohn", *sys.argv[1:]]
    from bohn_tui.cli import main
    main()
"""
PLAY = ["play", "bohnanza", "--players", NAMES, "--seed", str(SEED), "--bot-delay", "0"]


def one(argv: list[str], tree: str | None) -> tuple[float, int]:
    with tempfile.TemporaryDirectory() as d:
        env = env_for(d, tree)
        env["BOHN_PROBE"] = out = f"{d}/probe"
        term = Term([sys.executable, "-c", PROBE, *argv], env, tree)
        os.waitpid(term.pid, 0)
        os.close(term.fd)
        cpu, mods = open(out).read().split()
        return float(cpu), int(mods)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--tree", action="append", metavar="NAME=PATH", default=[])
    args = ap.parse_args()
    trees: dict[str, str | None] = {"empty app": None}
    for t in args.tree:
        name, _, path = t.partition("=")
        trees[name] = os.path.abspath(path)
    if len(trees) == 1:
        trees["installed"] = None
    got: dict[str, list[tuple[float, int]]] = {name: [] for name in trees}
    for _ in range(args.runs):
        for name, path in trees.items():
            got[name].append(one(["empty"] if name == "empty app" else PLAY, path))
    empty = statistics.median(c for c, _ in got["empty app"])
    for name, xs in got.items():
        cpu = statistics.median(c for c, _ in xs)
        print(f"{name}: CPU {cpu:.3f} s at the first frame ({cpu / empty:.2f}x the empty app), "
              f"{xs[0][1]} modules")  # fmt: skip


if __name__ == "__main__":
    main()
