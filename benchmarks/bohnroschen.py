"""Bohnröschen: whole games between bots for every player count (games/s), and the solo
win rate over seeded runs, as `bohn simulate bohnroschen --players N` plays them.

    python benchmarks/bohnroschen.py [--games 200] [--solo-runs 1000] [--bots random]

Prints one line per player count and the solo win rate; figures go in benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import statistics

from bohn_tui.play.simulate import simulate

GAME = "bohnroschen"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200, help="games per player count (2-6)")
    ap.add_argument("--solo-runs", type=int, default=1000, help="seeded solo runs (seeds 0..)")
    ap.add_argument("--bots", default="random", help="the bot level of every seat")
    args = ap.parse_args()
    for n in range(2, 7):
        result = simulate(GAME, n, args.games, seed=0, levels=[args.bots] * n)
        assert result["violations"] == 0, result["problems"]
        print(
            f"{n} players, {args.games} games: {result['games_per_second']:.1f} games/s, "
            f"mean score {statistics.mean(result['mean_scores']):.2f}, "
            f"games with a winner {sum(result['wins']) / args.games:.0%}"
        )
    solo = simulate(GAME, 1, args.solo_runs, seed=0, levels=[args.bots])
    assert solo["violations"] == 0, solo["problems"]
    print(
        f"solo, {args.solo_runs} runs (seeds 0-{args.solo_runs - 1}): "
        f"{solo['games_per_second']:.1f} runs/s, win rate {solo['win_rate'][args.bots]:.1%}, "
        f"mean coins {solo['mean_scores'][0]:.2f}"
    )


if __name__ == "__main__":
    main()
