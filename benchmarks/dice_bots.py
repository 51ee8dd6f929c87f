"""The dice game's computer players (games/wuerfelspiel/bots.py): the expert against three
standard bots, the standard bot against three random ones, and the decision times per level.

    python benchmarks/dice_bots.py [--games 1000] [--players 4] [--seed 0] [--only standard]

Game g is played with seed `seed + g`; the tested bot's seat rotates (seat g mod players) so
that the start player's advantage is shared out; bot seeds are game * 7919 + seat, as in
`bohn simulate`. Wins are shared on a tie (a fraction each). Decision times: every call of
`choose` and `propose`, measured around the call, the first ones (cold caches) included.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from bohn_tui.games.wuerfelspiel.bots import make
from bohn_tui.play.simulate import play_game

GAME = "wuerfelspiel"


class Timed:
    """A bot whose every decision is timed into `times`: "answer" (the roller's answer to an
    open roll: which dice to place, the figure), "first roll" (the turn's first roll: one
    choice, or a harvest), "propose" (a harvest or not, asked of every seat that may
    harvest after every action)."""

    def __init__(self, bot: Any, times: dict[str, list[float]]) -> None:
        self.bot = bot
        self.level = bot.level
        self.times = times

    @property
    def reason(self) -> str:
        return self.bot.reason

    def choose(self, seat: int, observe: Any, legal: list[Any]) -> Any:
        what = "answer" if any(getattr(a, "place", ()) for a in legal) else "first roll"
        t = time.perf_counter()
        try:
            return self.bot.choose(seat, observe, legal)
        finally:
            self.times[what].append(time.perf_counter() - t)

    def propose(self, seat: int, observe: Any) -> Any:
        t = time.perf_counter()
        try:
            return self.bot.propose(seat, observe)
        finally:
            self.times["propose"].append(time.perf_counter() - t)


Times = dict[str, dict[str, list[float]]]


def _new() -> dict[str, list[float]]:
    return {"answer": [], "first roll": [], "propose": []}


def match(hero: str, rest: str, games: int, players: int, seed: int, times: Times) -> float:
    """The hero's share of the wins over `games` games against players - 1 bots of `rest`."""
    won = 0.0
    violations = 0
    for g in range(games):
        seat = g % players
        levels = [hero if s == seat else rest for s in range(players)]
        bots = [
            Timed(make(lv, (seed + g) * 7919 + s), times.setdefault(lv, _new()))
            for s, lv in enumerate(levels)
        ]
        names = [f"{lv}-{s + 1}" for s, lv in enumerate(levels)]
        res = play_game(GAME, names, seed + g, bots)
        violations += len(res.violations)
        winners = res.state.rules.view(res.state, None)["winners"]
        if seat in winners:
            won += 1 / len(winners)
    print(
        f"{hero} against {players - 1} {rest}, {games} {players}-player games "
        f"(seeds {seed}-{seed + games - 1}): {hero} wins {won / games:.1%} "
        f"(a fair share {1 / players:.0%}), violations {violations}"
    )
    return won / games


def ms(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return 1000 * xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--only",
        choices=("expert", "standard"),
        help="only the match of this level (expert: against standard; standard: against random)",
    )
    args = ap.parse_args()
    times: Times = {}
    start = time.perf_counter()
    if args.only != "standard":
        made = time.perf_counter()
        make("expert")  # builds the dice-state graph and every order's fulfilment on it, once
        print(
            f"the first expert made in {1000 * (time.perf_counter() - made):.0f} ms (chances.warm)"
        )
        match("expert", "standard", args.games, args.players, args.seed, times)
    if args.only != "expert":
        match("standard", "random", args.games, args.players, args.seed, times)
    print(f"({time.perf_counter() - start:.0f} s)")
    for level in ("random", "standard", "expert"):
        for what, xs in times.get(level, {}).items():
            if xs:
                print(
                    f"{level} {what}: {len(xs)} calls, p50 {ms(xs, 0.5):.2f} ms, "
                    f"p99 {ms(xs, 0.99):.2f} ms, max {max(xs) * 1000:.1f} ms, "
                    f"mean {statistics.mean(xs) * 1000:.2f} ms"
                )


if __name__ == "__main__":
    main()
