"""The computer players' figures: win rates of the target match-ups, decision times per
level, and seconds per whole 4-player game of `standard` bots.

    python benchmarks/bots.py --games 400 --jobs 1
    python benchmarks/bots.py --games 100 --paired search=1,weight=0.33

Win rates come from bohn_tui.simulate.simulate (seats rotate over the games; a tie shares
the win), the same as `bohn simulate GAME --players 4 --bots LEVELS --games N --json`.
With --jobs the games are split into seed ranges run in parallel processes. Timings run
afterwards in this one process, nothing else of ours running beside them. --paired plays
each deal twice, once with four `standard` bots and once with one seat an `ExpertBot` built
with the given keyword arguments (see `paired`), and prints only that comparison.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bohn_tui.games.common.bots import make as make_bot
from bohn_tui.play.simulate import play_game, simulate

MATCHUPS = [
    ("bohnanza", ["standard", "random", "random", "random"]),
    ("dahlias", ["standard", "random", "random", "random"]),
    ("bohnanza", ["expert", "standard", "standard", "standard"]),
]


def _chunk(args: tuple[str, list[str], int, int]) -> dict[str, Any]:
    game, levels, seed, games = args
    return simulate(game, len(levels), games, seed=seed, levels=levels)


def win_rates(game: str, levels: list[str], games: int, jobs: int, seed: int) -> dict[str, Any]:
    """Play `games` games split over `jobs` processes (chunks of a multiple of the seat
    count, so that every seat order is played equally often)."""
    n = len(levels)
    per = max(n, (games // jobs) // n * n)
    chunks = []
    left, s = games, seed
    while left > 0:
        k = min(per, left)
        chunks.append((game, levels, s, k))
        s += k
        left -= k
    start = time.perf_counter()
    with ProcessPoolExecutor(jobs) as pool:
        results = list(pool.map(_chunk, chunks))
    wins: dict[str, float] = {}
    for r in results:
        for lv, rate in r["win_rate"].items():
            wins[lv] = wins.get(lv, 0.0) + rate * r["games"]
    return {
        "game": game,
        "levels": ",".join(levels),
        "games": games,
        "win_rate": {lv: w / games for lv, w in wins.items()},
        "violations": sum(r["violations"] for r in results),
        "seconds": time.perf_counter() - start,
    }


class Timed:
    """Wraps a bot and records how long each of its decisions takes."""

    def __init__(self, bot: Any, times: list[float]) -> None:
        self.bot, self.times, self.level = bot, times, bot.level
        if hasattr(bot, "propose"):
            self.propose = self._propose

    def choose(self, seat: int, observe: Any, legal: list[Any]) -> Any:
        t = time.perf_counter()
        a = self.bot.choose(seat, observe, legal)
        self.times.append(time.perf_counter() - t)
        return a

    def _propose(self, seat: int, observe: Any) -> Any:
        t = time.perf_counter()
        a = self.bot.propose(seat, observe)
        self.times.append(time.perf_counter() - t)
        return a


def decision_times(level: str, games: int, seed: int) -> dict[str, Any]:
    """Decision times of one `level` seat in 4-player Bohnanza against `standard` seats."""
    times: list[float] = []
    for g in range(games):
        seat = g % 4
        bots = [
            Timed(make_bot(level, seed + g * 10 + s), times)
            if s == seat
            else make_bot("standard", seed + g * 10 + s)
            for s in range(4)
        ]
        res = play_game("bohnanza", ["A", "B", "C", "D"], seed + g, bots)
        assert not res.violations, res.violations
    times.sort()
    q = statistics.quantiles(times, n=100)
    return {
        "level": level,
        "decisions": len(times),
        "p50_ms": q[49] * 1e3,
        "p99_ms": q[98] * 1e3,
        "max_ms": times[-1] * 1e3,
    }


def game_seconds(games: int, seed: int) -> dict[str, Any]:
    """Seconds per whole 4-player Bohnanza game of four `standard` bots."""
    secs = []
    for g in range(games):
        bots = [make_bot("standard", seed + g * 10 + s) for s in range(4)]
        t = time.perf_counter()
        play_game("bohnanza", ["A", "B", "C", "D"], seed + g, bots)
        secs.append(time.perf_counter() - t)
    secs.sort()
    return {"games": games, "mean_s": statistics.mean(secs), "max_s": secs[-1]}


def paired(games: int, seed: int, kwargs: dict[str, Any]) -> dict[str, Any]:
    """Paired games: each deal is played twice, once by four `standard` bots and once with
    one seat (rotating) an `expert`; the other seats' bots are the same in both. Returns
    the expert's win rate, the same seat's win rate as `standard`, and the mean change of
    that seat's coins with its standard error."""
    from bohn_tui.games.common.bots.expert import ExpertBot

    diffs: list[float] = []
    wins = [0.0, 0.0]  # as standard, as expert
    start = time.perf_counter()
    for g in range(games):
        game_seed = seed + g
        seat = g % 4
        score = []
        for k, expert in enumerate((False, True)):
            bots: list[Any] = [make_bot("standard", game_seed * 7919 + s) for s in range(4)]
            if expert:
                bots[seat] = ExpertBot(game_seed * 7919 + seat, **kwargs)
            st = play_game("bohnanza", ["A", "B", "C", "D"], game_seed, bots).state
            if seat in st.winners:
                wins[k] += 1 / len(st.winners)
            score.append(st.scores[seat])
        diffs.append(score[1] - score[0])
    sd = statistics.stdev(diffs) if len(diffs) > 1 else 0.0
    return {
        "games": games,
        "expert_win_rate": wins[1] / games,
        "standard_win_rate": wins[0] / games,
        "coin_diff": statistics.mean(diffs),
        "coin_diff_se": sd / len(diffs) ** 0.5,
        "seconds": time.perf_counter() - start,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400, help="games per match-up")
    ap.add_argument("--jobs", type=int, default=2, help="processes for the win-rate runs")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timing-games", type=int, default=20)
    ap.add_argument("--skip-wins", action="store_true", help="only the timings")
    ap.add_argument("--skip-timing", action="store_true", help="only the win rates")
    ap.add_argument(
        "--paired",
        metavar="K=V,...",
        help="only paired games of expert (ExpertBot keyword arguments) against standard",
    )
    args = ap.parse_args()
    if args.paired is not None:
        kw = dict(kv.split("=") for kv in args.paired.split(",") if kv)
        kwargs: dict[str, Any] = {
            k: float(v) if k in ("budget", "weight") else v if k == "answers" else v == "1"
            for k, v in kw.items()
        }
        r = paired(args.games, args.seed, kwargs)
        print(
            f"paired {args.paired or 'expert'}: expert {r['expert_win_rate']:.1%}, standard "
            f"{r['standard_win_rate']:.1%}, coins {r['coin_diff']:+.2f} "
            f"+- {r['coin_diff_se']:.2f} ({r['games']} games, {r['seconds']:.0f} s)"
        )
        return
    out: dict[str, Any] = {"matchups": [], "decisions": []}
    if not args.skip_wins:
        for game, levels in MATCHUPS:
            r = win_rates(game, levels, args.games, args.jobs, args.seed)
            out["matchups"].append(r)
            rates = ", ".join(f"{lv} {x:.1%}" for lv, x in r["win_rate"].items())
            print(
                f"{game} {r['levels']}: {rates} ({r['games']} games, {r['seconds']:.0f} s, "
                f"{r['violations']} violations)",
                flush=True,
            )
    if args.skip_timing:
        print(json.dumps(out))
        return
    for level, games in (
        ("random", args.timing_games),
        ("standard", args.timing_games),
        ("expert", max(4, args.timing_games // 4)),
    ):
        d = decision_times(level, games, args.seed + 10_000)
        out["decisions"].append(d)
        print(
            f"{level}: {d['decisions']} decisions, p50 {d['p50_ms']:.2f} ms, "
            f"p99 {d['p99_ms']:.2f} ms, max {d['max_ms']:.1f} ms",
            flush=True,
        )
    out["game"] = game_seconds(args.timing_games, args.seed + 20_000)
    print(
        f"4-player standard game: {out['game']['mean_s']:.3f} s mean, "
        f"{out['game']['max_s']:.3f} s max ({out['game']['games']} games)"
    )
    print(json.dumps(out))


if __name__ == "__main__":
    main()
