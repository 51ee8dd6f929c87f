"""Solo Bohnröschen: each bot level's win rate over the seeded runs of `bohn simulate`, its
speed, and where the runs fall short (benchmarks/README.md, "Solo").

    python benchmarks/solo_runs.py [--runs 1000] [--levels random,standard,expert]

Run g is seed g with the bot seeded g * 7919, as in
`bohn simulate bohnroschen --players 1 --bots LEVEL --games RUNS` (the win rates are the
same). A run is won by passing all 28 vine cards and holding five coins at the castle
before the violet figure gets there (about 15 turns) and before the red figure has moved
eight times; every card is passed by fulfilling its task or paying a coin, so a run needs
tasks + coins earned >= 28 + 5 (+ 3 for a third field). The "budget" columns show how far
each level gets: tasks fulfilled, coins earned, and that sum against the 33 needed.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from bohn_tui.games import spec
from bohn_tui.play.simulate import play_game

GAME = "bohnroschen"
NEEDED = 28 + 5  # vine cards to pass + the castle's coins


def run(level: str, runs: int, start: int = 0) -> dict[str, object]:
    make = spec(GAME).bots
    won = 0
    how: Counter[str] = Counter()
    tasks: list[int] = []
    earned: list[int] = []
    budget: list[int] = []
    t0, c0 = time.perf_counter(), time.process_time()
    for g in range(start, start + runs):
        st = play_game(GAME, [f"{level}-1"], g, [make(level, g * 7919, True)]).state
        p = st.players[0]
        bought = 3 if p.bought_field else 0
        paid = len(st.removed) - bought
        done = st.pos[0] - paid
        won += bool(st.winners)
        reason = st.end_reason
        end = "red" if "red" in reason else "violet" if "violet" in reason else "other"
        how["won" if st.winners else end] += 1
        tasks.append(done)
        earned.append(len(p.coins) + len(st.removed))
        budget.append(done + len(p.coins) + len(st.removed) - bought)
    secs = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return {
        "level": level,
        "runs": runs,
        "win_rate": won / runs,
        "runs_per_second": runs / secs,
        "seconds": secs,
        "cpu_seconds_per_run": cpu / runs,  # the machine is shared: process time is steadier
        "wins": won,
        "ends": dict(how),
        "tasks": statistics.mean(tasks),
        "coins_earned": statistics.mean(earned),
        "budget": statistics.mean(budget),
        "budget_33_or_more": sum(b >= NEEDED for b in budget) / runs,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--levels", default="random,standard,expert")
    args = ap.parse_args()
    print("level     runs  win rate  runs/s  cpu s/run  tasks  coins  budget  >=33  ends")
    for level in args.levels.split(","):
        r = run(level, args.runs, args.start)
        print(
            f"{level:<9} {r['runs']:>4}  {r['win_rate']:>7.1%}  {r['runs_per_second']:>6.1f}"
            f"  {r['cpu_seconds_per_run']:>9.3f}"
            f"  {r['tasks']:>6.2f} {r['coins_earned']:>6.2f}  {r['budget']:>6.2f}"
            f"  {r['budget_33_or_more']:>4.0%}  {r['ends']}",
            flush=True,
        )


if __name__ == "__main__":
    main()
