"""Screening trials of the dice game's expert (issue #12, helper dexpert): the expert with
the experimental options of `bots.EXPERT` against three standard bots.

    python benchmarks/dice_expert_trials.py '{"gift": 0.15, "danger": 1.0}' 300 [seed]

Game g: seed `seed + g`, the expert in seat g mod 4, bot seeds (seed + g) * 7919 + seat (as
benchmarks/dice_bots.py)."""

from __future__ import annotations

import json
import sys
import time

from bohn_tui.games.wuerfelspiel import bots
from bohn_tui.play.simulate import play_game


def main() -> None:
    opts = json.loads(sys.argv[1])
    games = int(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    won = 0.0
    t = time.time()
    for g in range(games):
        seat = g % 4
        players = [
            bots.ExpertBot((seed + g) * 7919 + s, **opts)
            if s == seat
            else bots.make("standard", (seed + g) * 7919 + s)
            for s in range(4)
        ]
        res = play_game("wuerfelspiel", [f"p{s}" for s in range(4)], seed + g, players)
        winners = res.state.rules.view(res.state, None)["winners"]
        if seat in winners:
            won += 1 / len(winners)
    print(
        f"{json.dumps(opts)} games {games} seeds {seed}-{seed + games - 1}: "
        f"expert {won / games:.1%} ({time.time() - t:.0f}s)"
    )


if __name__ == "__main__":
    main()
