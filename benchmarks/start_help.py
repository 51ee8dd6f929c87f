"""Start-up time of `bohn ... --help` (issue #24: finding the games through entry points
must not cost the help): each command run `--runs` times in a fresh interpreter, the
versions at `--tree` paths (PYTHONPATH) interleaved, so that the machine's load falls on
each alike. Prints each tree's median and best per command, in ms.

    python benchmarks/start_help.py --tree /tmp/old --tree . --runs 20
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

COMMANDS = [["--help"], ["play", "--help"], ["simulate", "--help"]]


def once(tree: str, args: list[str]) -> float:
    env = {**os.environ, "PYTHONPATH": tree}
    t = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "bohn_tui", *args], env=env, check=True, capture_output=True
    )
    return (time.perf_counter() - t) * 1000


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--tree", action="append", required=True)
    p.add_argument("--runs", type=int, default=20)
    a = p.parse_args()
    times: dict[tuple[str, str], list[float]] = {}
    for _ in range(a.runs):
        for args in COMMANDS:
            for tree in a.tree:
                times.setdefault((tree, " ".join(args)), []).append(once(tree, args))
    for (tree, cmd), ts in times.items():
        print(f"{tree:30} bohn {cmd:16} median {statistics.median(ts):6.1f}  best {min(ts):6.1f}")


if __name__ == "__main__":
    main()
