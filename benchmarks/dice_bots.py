"""The dice game's computer players (games/wuerfelspiel/bots.py): the expert against three
standard bots, the standard bot against three random ones, and the decision times per level
(how the games are played and timed: matches.py).

    python benchmarks/dice_bots.py [--games 1000] [--players 4] [--seed 0] [--only standard]

Decision times are named: "answer" (the roller's answer to an open roll: which dice to place,
the figure), "first roll" (the turn's first roll: one choice, or a harvest), "propose" (a
harvest or not, asked of every seat that may harvest after every action).
"""

from __future__ import annotations

import time
from typing import Any

from matches import Timed, Times, arguments, match, report

from bohn_tui.games.wuerfelspiel.bots import make

GAME = "wuerfelspiel"


def what(legal: list[Any]) -> str:
    return "answer" if any(getattr(a, "place", ()) for a in legal) else "first roll"


def main() -> None:
    args = arguments(games=1000)
    times: Times = {}

    def timed(level: str, seed: int) -> Timed:
        return Timed(make(level, seed), times.setdefault(level, {}), what)

    start = time.perf_counter()
    if args.only != "standard":
        made = time.perf_counter()
        make("expert")  # builds the dice-state graph and every order's fulfilment on it, once
        print(
            f"the first expert made in {1000 * (time.perf_counter() - made):.0f} ms (chances.warm)"
        )
        match(GAME, "expert", "standard", args.games, args.players, args.seed, timed)
    if args.only != "expert":
        match(GAME, "standard", "random", args.games, args.players, args.seed, timed)
    print(f"({time.perf_counter() - start:.0f} s)")
    report(times)


if __name__ == "__main__":
    main()
