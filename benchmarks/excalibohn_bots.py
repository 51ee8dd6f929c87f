"""Excalibohn's computer players (games/excalibohn/bots.py): the expert against three standard
bots, the standard bot against three random ones, the decision times per level, and how often
each level used each ability and each spell.

    python benchmarks/excalibohn_bots.py [--games 400] [--players 4] [--seed 0] [--only standard]

Game g is played with seed `seed + g`; the tested bot's seat rotates (seat g mod players) so
that the start player's advantage is shared out; bot seeds are game * 7919 + seat, as in
`bohn simulate`. Wins are shared on a tie (a fraction each). Decision times: every call of
`choose` and `propose`, measured around the call, the first ones (cold caches) included.
Violations: the rules' own invariant checks after each game, and a bot move the rules refuse.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from typing import Any

from bohn_tui.games.excalibohn.actions import CastSpell, UseAbility
from bohn_tui.games.excalibohn.bots import make
from bohn_tui.play.simulate import play_game

GAME = "excalibohn"


class Timed:
    """A bot whose every decision is timed into `times` ("choose", "propose") and whose
    abilities and spells are counted into `used` (outside the timing)."""

    def __init__(self, bot: Any, times: dict[str, list[float]], used: Counter[str]) -> None:
        self.bot = bot
        self.level = bot.level
        self.times = times
        self.used = used
        if not hasattr(bot, "propose"):  # the random bot volunteers nothing
            self.propose = None  # type: ignore[assignment]

    @property
    def reason(self) -> str:
        return self.bot.reason

    def choose(self, seat: int, observe: Any, legal: list[Any]) -> Any:
        t = time.perf_counter()
        try:
            action = self.bot.choose(seat, observe, legal)
        finally:
            self.times["choose"].append(time.perf_counter() - t)
        self.count(seat, observe, action)
        return action

    def propose(self, seat: int, observe: Any) -> Any:
        t = time.perf_counter()
        try:
            return self.bot.propose(seat, observe)
        finally:
            self.times["propose"].append(time.perf_counter() - t)

    def count(self, seat: int, observe: Any, action: Any) -> None:
        if isinstance(action, UseAbility):
            view = observe()
            self.used["ability " + view["players"][seat]["fields"][action.field]["variety"]] += 1
        elif isinstance(action, CastSpell):
            view = observe()
            self.used["spell " + str(view["players"][seat]["spells"][action.spell]["id"])] += 1


Times = dict[str, dict[str, list[float]]]


def match(
    hero: str, rest: str, games: int, players: int, seed: int, times: Times, used: dict
) -> float:
    """The hero's share of the wins over `games` games against players - 1 bots of `rest`."""
    won = 0.0
    violations = 0
    coins: list[float] = []
    start = time.perf_counter()
    for g in range(games):
        seat = g % players
        levels = [hero if s == seat else rest for s in range(players)]
        bots = [
            Timed(
                make(lv, (seed + g) * 7919 + s),
                times.setdefault(lv, {"choose": [], "propose": []}),
                used.setdefault(lv, Counter()),
            )
            for s, lv in enumerate(levels)
        ]
        names = [f"{lv}-{s + 1}" for s, lv in enumerate(levels)]
        res = play_game(GAME, names, seed + g, bots)  # type: ignore[arg-type]
        violations += len(res.violations)
        view = res.state.rules.view(res.state, None)
        winners = view["winners"]
        if seat in winners:
            won += 1 / len(winners)
        scores = view["scores"]
        coins.append(scores[seat] - sum(scores) / len(scores))
    secs = time.perf_counter() - start
    print(
        f"{hero} against {players - 1} {rest}, {games} {players}-player games "
        f"(seeds {seed}-{seed + games - 1}): {hero} wins {won / games:.1%} "
        f"(a fair share {1 / players:.0%}), coins vs the table's mean "
        f"{statistics.mean(coins):+.2f}, violations {violations} ({secs:.0f} s)"
    )
    return won / games


def ms(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return 1000 * xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--only",
        choices=("expert", "standard"),
        help="only the match of this level (expert: against standard; standard: against random)",
    )
    args = ap.parse_args()
    times: Times = {}
    used: dict[str, Counter[str]] = {}
    start = time.perf_counter()
    if args.only != "standard":
        match("expert", "standard", args.games, args.players, args.seed, times, used)
    if args.only != "expert":
        match("standard", "random", args.games, args.players, args.seed, times, used)
    print(f"({time.perf_counter() - start:.0f} s)")
    for level in ("random", "standard", "expert"):
        for what, xs in times.get(level, {}).items():
            if xs:
                print(
                    f"{level} {what}: {len(xs)} calls, p50 {ms(xs, 0.5):.2f} ms, "
                    f"p99 {ms(xs, 0.99):.2f} ms, max {max(xs) * 1000:.1f} ms, "
                    f"mean {statistics.mean(xs) * 1000:.2f} ms"
                )
    for level in ("standard", "expert"):
        if used.get(level):
            row = ", ".join(f"{k} {v}" for k, v in sorted(used[level].items()))
            print(f"{level} used: {row}")


if __name__ == "__main__":
    main()
