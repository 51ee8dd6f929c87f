"""Bohnröschen with the computer players: the `standard` bot's solo win rate over seeded
runs, how often 4-player games of standard bots reach the castle, and the Bohnröschen bot
(games/bohnroschen/bots.py) against the plain StandardBot, which knows no tasks or tribute.

    python benchmarks/bohnroschen_bots.py [--solo-runs 1000] [--games 100] [--duel-games 40]

Seeds and bot seeds are those of `bohn simulate` (game g: seed g, seat s: g * 7919 + s), so
the solo line is `bohn simulate bohnroschen --players 1 --bots standard --games 1000 --json`
once `make_bot("standard")` plays Bohnröschen through bohnroschen/bots.py. Figures go in
benchmarks/README.md ("Bohnröschen").
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from bohn_tui.games.bohnroschen.bots import bohnroschen_or
from bohn_tui.games.common.bots import make as make_bot
from bohn_tui.games.common.bots.standard import StandardBot
from bohn_tui.play.simulate import play_game

GAME = "bohnroschen"


def standard(seed: int) -> object:
    """The standard level as it plays Bohnröschen."""
    return bohnroschen_or(make_bot("standard", seed))


def solo(runs: int) -> None:
    won = 0
    turns: list[int] = []
    far: list[int] = []
    how: Counter[str] = Counter()
    start = time.perf_counter()
    for g in range(runs):
        res = play_game(GAME, ["standard-1"], g, [standard(g * 7919)])
        assert res.violations == [], res.violations
        st = res.state
        won += bool(st.winners)
        turns.append(st.turn)
        far.append(st.pos[0])
        how["won" if st.winners else ("violet" if st.violet >= 28 else "red")] += 1
    secs = time.perf_counter() - start
    print(
        f"solo, {runs} runs (seeds 0-{runs - 1}): win rate {won / runs:.1%}, "
        f"{runs / secs:.0f} runs/s, mean turns {statistics.mean(turns):.1f}, "
        f"mean vine cards passed {statistics.mean(far):.1f} of 28; "
        f"lost to violet {how['violet']}, to red {how['red']}"
    )


def four_players(games: int) -> None:
    castle = 0
    turns: list[int] = []
    start = time.perf_counter()
    for g in range(games):
        bots = [standard(g * 7919 + s) for s in range(4)]
        res = play_game(GAME, [f"standard-{s + 1}" for s in range(4)], g, bots)
        assert res.violations == [], res.violations
        castle += res.state.ender is not None
        turns.append(res.state.turn)
    secs = time.perf_counter() - start
    print(
        f"4 players, {games} games of standard bots: someone reached the castle in "
        f"{castle / games:.0%}, {games / secs:.1f} games/s, mean turns {statistics.mean(turns):.1f}"
    )


def duel(games: int) -> None:
    """Two Bohnröschen bots against two plain StandardBots, seats alternating."""
    wins = {"bohnroschen": 0.0, "plain": 0.0}
    for g in range(games):
        kinds = ["bohnroschen" if (s + g) % 2 == 0 else "plain" for s in range(4)]
        bots = [
            bohnroschen_or(StandardBot(g * 7919 + s))
            if k == "bohnroschen"
            else StandardBot(g * 7919 + s)
            for s, k in enumerate(kinds)
        ]
        st = play_game(GAME, [f"{k}-{s + 1}" for s, k in enumerate(kinds)], g, bots).state
        for w in st.winners:
            wins[kinds[w]] += 1 / len(st.winners)
    print(
        f"4 players, {games} games, 2 bohnroschen/bots.py bots against 2 plain StandardBots: "
        f"bohnroschen bots win {wins['bohnroschen'] / games:.0%}, plain {wins['plain'] / games:.0%}"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--solo-runs", type=int, default=1000)
    ap.add_argument("--games", type=int, default=100, help="4-player games of standard bots")
    ap.add_argument("--duel-games", type=int, default=40)
    args = ap.parse_args()
    solo(args.solo_runs)
    four_players(args.games)
    if args.duel_games:
        duel(args.duel_games)


if __name__ == "__main__":
    main()
