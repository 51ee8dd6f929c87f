"""A database of known results and solo runs, for the statistics' tests, snapshot and
screenshots (tests/test_stats.py has the figures worked out by hand)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from bohn_tui.store.db import connect
from bohn_tui.store.results import GameResult, record_result

NOON = dt.datetime(2026, 11, 20, 12, tzinfo=dt.UTC).timestamp()  # the first game's end
DAY = 86400.0

# (game id, game, title, [(name, bot level or None, score)], winners)
GAMES: list[tuple[str, str, str, list[tuple[str, str | None, int]], list[int]]] = [
    ("g1", "bohnanza", "Bohnanza", [("Ana", None, 12), ("Ben", None, 9), ("B1", "standard", 10)],
     [0]),
    ("g2", "bohnanza", "Bohnanza", [("Ana", None, 7), ("Ben", None, 11), ("B1", "standard", 8)],
     [1]),
    ("g3", "bohnanza", "Bohnanza",
     [("Ana", None, 14), ("Ben", None, 14), ("B1", "random", 3), ("B2", "standard", 9)], [0, 1]),
    ("g4", "dahlias", "Bohnanza: Dahlias",
     [("Ana", None, 5), ("Cem", None, 6), ("B1", "standard", 13)], [2]),
    ("g5", "bohnanza", "Bohnanza", [("B1", "expert", 20), ("B2", "standard", 10)], [0]),
]  # fmt: skip

# (run id, game, seed, daily, won, turns, coins, name), played one hour apart in this order
RUNS: list[tuple[str, str, int, str | None, int, int, int, str]] = [
    ("r1", "bohnroschen", 1, None, 0, 20, 2, "Ana"),
    ("r2", "bohnroschen", 2, "2026-11-28", 1, 18, 5, "Ana"),
    ("r3", "bohnroschen", 3, "2026-11-28", 1, 15, 5, "Ana"),
    ("r4", "bohnroschen", 4, None, 1, 17, 5, "Ben"),
    ("r5", "bohnroschen", 5, "2026-11-30", 0, 22, 3, "Ana"),
    ("r6", "bohnroschen", 6, "2026-12-01", 1, 19, 6, "Ana"),
]


def fill(path: Path) -> Path:
    """Write GAMES (one a day from NOON) and RUNS into the database at `path`."""
    db = connect(path)
    try:
        db.execute("BEGIN IMMEDIATE")
        for i, (gid, game, title, seats, winners) in enumerate(GAMES):
            names = [n for n, _, _ in seats]
            bots = {s: b for s, (_, b, _) in enumerate(seats) if b is not None}
            summary = {"scores": [sc for _, _, sc in seats], "winners": winners}
            record_result(
                db, GameResult.from_summary(gid, game, title, names, bots, summary, NOON + i * DAY)
            )
        for i, run in enumerate(RUNS):
            db.execute(
                "INSERT INTO solo_runs (run_id, game, seed, daily, won, turns, coins, name, "
                "played_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (*run, NOON + i * 3600),
            )
        db.execute("COMMIT")
    finally:
        db.close()
    return path
