"""Engine speed: whole 3-player Bohnanza games between random players, no trading, one
process, as `bohn simulate bohnanza --players 3 --no-trade` plays them.

    python benchmarks/engine.py [--games 2000] [--repeats 5] [--game bohnanza] [--players 3]

Prints games/s for each repeat and the median and best; figures go in benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bohn_tui.play.simulate import simulate


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--game", default="bohnanza")
    ap.add_argument("--players", type=int, default=3)
    args = ap.parse_args()
    rates = []
    for r in range(args.repeats):
        start = time.perf_counter()
        result = simulate(args.game, args.players, args.games, seed=r * args.games, trade=False)
        elapsed = time.perf_counter() - start
        assert result["violations"] == 0, result["problems"]
        rates.append(args.games / elapsed)
        print(f"repeat {r + 1}: {rates[-1]:.0f} games/s")
    print(
        f"{args.game}, {args.players} players, random bots, no trading: "
        f"median {statistics.median(rates):.0f} games/s, best {max(rates):.0f} games/s"
    )


if __name__ == "__main__":
    main()
