"""Excalibohn's computer players (games/excalibohn/bots.py): the expert against three standard
bots, the standard bot against three random ones, the decision times per level ("choose",
"propose"), and how often each level used each ability and each spell (how the games are
played and timed: matches.py). Violations: the rules' own invariant checks after each game,
and a bot move the rules refuse.

    python benchmarks/excalibohn_bots.py [--games 400] [--players 4] [--seed 0] [--only standard]
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

from matches import Timed, Times, arguments, match, report

from bohn_tui.games.excalibohn.actions import CastSpell, UseAbility
from bohn_tui.games.excalibohn.bots import make

GAME = "excalibohn"


def counter(used: Counter[str]) -> Any:
    """What a bot's choices count into `used`: each ability by variety, each spell by id."""

    def seen(seat: int, observe: Any, action: Any) -> None:
        if isinstance(action, UseAbility):
            field = observe()["players"][seat]["fields"][action.field]
            used["ability " + field["variety"]] += 1
        elif isinstance(action, CastSpell):
            spell = observe()["players"][seat]["spells"][action.spell]
            used["spell " + str(spell["id"])] += 1

    return seen


def main() -> None:
    args = arguments(games=400)
    times: Times = {}
    used: dict[str, Counter[str]] = {}

    def timed(level: str, seed: int) -> Timed:
        seen = counter(used.setdefault(level, Counter()))
        return Timed(make(level, seed), times.setdefault(level, {}), seen=seen)

    start = time.perf_counter()
    if args.only != "standard":
        match(GAME, "expert", "standard", args.games, args.players, args.seed, timed)
    if args.only != "expert":
        match(GAME, "standard", "random", args.games, args.players, args.seed, timed)
    print(f"({time.perf_counter() - start:.0f} s)")
    report(times)
    for level in ("standard", "expert"):
        if used.get(level):
            row = ", ".join(f"{k} {v}" for k, v in sorted(used[level].items()))
            print(f"{level} used: {row}")


if __name__ == "__main__":
    main()
