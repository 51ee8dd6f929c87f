"""The first frame of plain `bohn` (the menu, until "New game" is drawn) in a real
pseudo-terminal (ui_latency.py's harness): wall time from the process start and the
process's CPU time (user + system) at that frame, which a busy machine moves less.

    python benchmarks/start_frame.py [--runs 15] [PYTHON ...]

Each PYTHON (default: this one) is an interpreter with bohn installed, e.g. the release
venvs of two versions; they take turns, one fresh process a run, so that a busy moment hits
all alike. With `--modules` it prints instead how many modules each has imported once the
menu is up (headless) and which modules one has that another has not."""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

ONE = r"""
import os, sys, tempfile
sys.path.insert(0, {here!r})
import ui_latency as u
with tempfile.TemporaryDirectory() as d:
    term = u.Term([sys.executable, "-m", "bohn_tui"], u.env_for(d))
    try:
        def seen(b):
            i = b.find(b"New game")
            return i >= 0 and u.SYNC_END in b[i:]
        wall = term.read_until(seen, 30) - term.t0
        with open(f"/proc/{{term.pid}}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        print(wall, (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"))
    finally:
        term.close()
"""

MODULES = r"""
import asyncio, sys, tempfile
from pathlib import Path
from bohn_tui.store import Store
from bohn_tui.ui.app import BohnApp
async def main():
    app = BohnApp(Store(Path(tempfile.mkdtemp())), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        print("\n".join(sorted(sys.modules)))
asyncio.run(main())
"""


def run(python: str, code: str) -> str:
    with tempfile.TemporaryDirectory() as d:  # not the checkout: the installed bohn
        env = dict(os.environ, BOHN_DATA_DIR=d)
        out = subprocess.run(
            [python, "-c", code], capture_output=True, text=True, cwd=d, env=env, check=True
        )
    return out.stdout


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--modules", action="store_true")
    ap.add_argument("pythons", nargs="*", default=[sys.executable])
    args = ap.parse_args()
    if args.modules:
        sets = {p: set(run(p, MODULES).split()) for p in args.pythons}
        for p, mods in sets.items():
            others = set().union(*(m for q, m in sets.items() if q != p))
            extra = sorted(mods - others) if len(sets) > 1 else []
            print(f"{p}: {len(mods)} modules; only here: {', '.join(extra) or 'none'}")
        return
    wall: dict[str, list[float]] = {p: [] for p in args.pythons}
    cpu: dict[str, list[float]] = {p: [] for p in args.pythons}
    for _ in range(args.runs):
        for p in args.pythons:
            w, c = map(float, run(p, ONE.format(here=HERE)).split())
            wall[p].append(w * 1000)
            cpu[p].append(c * 1000)
    for p in args.pythons:
        print(
            f"{p}: menu first frame, wall median {statistics.median(wall[p]):.0f} ms "
            f"(min {min(wall[p]):.0f}), CPU median {statistics.median(cpu[p]):.0f} ms "
            f"(min {min(cpu[p]):.0f}) over {args.runs} runs"
        )


if __name__ == "__main__":
    main()
