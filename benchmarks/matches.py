"""What the bot benchmarks of one game share (dice_bots.py, excalibohn_bots.py): a level
against players - 1 bots of another over seeded games, every decision timed, and the
report of the times.

Game g is played with seed `seed + g`; the tested bot's seat rotates (seat g mod players) so
that the start player's advantage is shared out; bot seeds are game * 7919 + seat, as in
`bohn simulate`. Wins are shared on a tie (a fraction each). Decision times: every call of
`choose` and `propose`, measured around the call, the first ones (cold caches) included."""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from bohn_tui.play.simulate import play_game

Times = dict[str, dict[str, list[float]]]  # level -> what -> seconds per call


class Timed:
    """A bot whose every decision is timed into `times`, under the name `what(legal)` gives
    it ("choose" by default), its proposals under "propose"; `seen(seat, observe, action)`
    is told each choice, outside the timing (what a benchmark counts)."""

    def __init__(
        self,
        bot: Any,
        times: dict[str, list[float]],
        what: Callable[[list[Any]], str] = lambda legal: "choose",
        seen: Callable[[int, Any, Any], None] | None = None,
    ) -> None:
        self.bot = bot
        self.level = bot.level
        self.times = times
        self.what = what
        self.seen = seen
        if not hasattr(bot, "propose"):  # a bot that volunteers nothing
            self.propose = None  # type: ignore[assignment]

    @property
    def reason(self) -> str:
        return self.bot.reason

    def choose(self, seat: int, observe: Any, legal: list[Any]) -> Any:
        what = self.what(legal)
        t = time.perf_counter()
        try:
            action = self.bot.choose(seat, observe, legal)
        finally:
            self.times.setdefault(what, []).append(time.perf_counter() - t)
        if self.seen is not None:
            self.seen(seat, observe, action)
        return action

    def propose(self, seat: int, observe: Any) -> Any:
        t = time.perf_counter()
        try:
            return self.bot.propose(seat, observe)
        finally:
            self.times.setdefault("propose", []).append(time.perf_counter() - t)


def match(
    game: str,
    hero: str,
    rest: str,
    games: int,
    players: int,
    seed: int,
    timed: Callable[[str, int], Timed],
) -> float:
    """The hero's share of the wins over `games` games against players - 1 bots of `rest`
    (`timed(level, bot_seed)` makes each seat's bot), printed with the coins (or thalers)
    the hero ends with against the table's mean and the violations."""
    won = 0.0
    violations = 0
    margins: list[float] = []
    start = time.perf_counter()
    for g in range(games):
        seat = g % players
        levels = [hero if s == seat else rest for s in range(players)]
        bots = [timed(lv, (seed + g) * 7919 + s) for s, lv in enumerate(levels)]
        names = [f"{lv}-{s + 1}" for s, lv in enumerate(levels)]
        res = play_game(game, names, seed + g, bots)  # type: ignore[arg-type]
        violations += len(res.violations)
        view = res.state.rules.view(res.state, None)
        winners = view["winners"]
        if seat in winners:
            won += 1 / len(winners)
        summary = res.state.rules.summary(res.state)
        scores = summary["scores"]
        margins.append(scores[seat] - sum(scores) / len(scores))
    print(
        f"{hero} against {players - 1} {rest}, {games} {players}-player games "
        f"(seeds {seed}-{seed + games - 1}): {hero} wins {won / games:.1%} "
        f"(a fair share {1 / players:.0%}), score vs the table's mean "
        f"{statistics.mean(margins):+.2f}, violations {violations} "
        f"({time.perf_counter() - start:.0f} s)"
    )
    return won / games


def ms(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return 1000 * xs[min(len(xs) - 1, int(q * len(xs)))]


def arguments(games: int) -> argparse.Namespace:
    """--games (default `games`), --players, --seed, --only expert|standard."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=games)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--only",
        choices=("expert", "standard"),
        help="only the match of this level (expert: against standard; standard: against random)",
    )
    return ap.parse_args()


def report(times: Times) -> None:
    """Each level's decision times: calls, p50, p99, max, mean."""
    for level in ("random", "standard", "expert"):
        for what, xs in times.get(level, {}).items():
            if xs:
                print(
                    f"{level} {what}: {len(xs)} calls, p50 {ms(xs, 0.5):.2f} ms, "
                    f"p99 {ms(xs, 0.99):.2f} ms, max {max(xs) * 1000:.1f} ms, "
                    f"mean {statistics.mean(xs) * 1000:.2f} ms"
                )
