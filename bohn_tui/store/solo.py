"""Solo runs of any game with a solo mode: the daily seed and the results, kept in the one
database.

Every finished run (its game, seed, the day for a daily run, won or lost, turns taken, coins,
how far it got in the game's own steps: its spec's `solo_result`) is a row of `solo_runs`
(store/db.py), and `best()` lists the best runs so far: won runs first, the fewest turns
first; then lost runs, the furthest first, then the longest; more coins break ties.

A database that cannot be opened or written never stops a run: the results are then kept in
memory for the session and `notice` says so (the file itself is left as it is: it holds the
saved games too)."""

from __future__ import annotations

import datetime as dt
import hashlib
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bohn_tui.engine.contract import SoloResult
from bohn_tui.store.db import StoreError, data_dir
from bohn_tui.store.games import Store
from bohn_tui.store.results import GOOD_SOLO, SOLO_INSERT, solo_row
from bohn_tui.store.results import SOLO_BEST_ORDER as _ORDER

SEED_SPACE = 2**31  # seeds are non-negative and fit every integer type they meet

# the solo_runs table of store/db.py, for a database kept in memory when the file fails
_SCHEMA = """
CREATE TABLE IF NOT EXISTS solo_runs (
    id INTEGER PRIMARY KEY, run_id TEXT UNIQUE, game TEXT NOT NULL, seed INTEGER NOT NULL,
    daily TEXT, won INTEGER NOT NULL, turns INTEGER NOT NULL, coins INTEGER NOT NULL,
    name TEXT NOT NULL DEFAULT '', played_at REAL NOT NULL,
    reached INTEGER NOT NULL DEFAULT 0, goal INTEGER NOT NULL DEFAULT 0
)
"""
_COLUMNS = "seed, daily, won, turns, coins, name, played_at, reached, goal"


def daily_seed(day: dt.date) -> int:
    """The seed of the daily run on `day`: the same for everyone, every time."""
    digest = hashlib.sha256(f"bohn-solo:{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_SPACE


def today() -> dt.date:
    """The day of the daily run: the UTC date, so that everyone shares it at once."""
    return dt.datetime.now(dt.UTC).date()


@dataclass(frozen=True, slots=True)
class SoloRun:
    seed: int
    daily: dt.date | None
    won: bool
    turns: int
    coins: int
    name: str = ""
    played_at: float = 0.0
    run_id: str | None = None  # the save's id: a run is recorded once, however often it ends
    game: str = ""  # the game id of the registry
    reached: int = 0  # how far the run got, in its game's steps (0 when not known)
    goal: int = 0  # of how far it could get (0: not known: runs of older versions)

    @classmethod
    def of(
        cls,
        result: SoloResult,
        name: str,
        seed: int,
        daily: dt.date | None = None,
        run_id: str | None = None,
        game: str = "",
    ) -> SoloRun:
        """The run of a finished solo game: its result as its game says it (the spec's
        `solo_result` of the player's final view)."""
        return cls(
            seed=seed,
            daily=daily,
            won=result.won,
            turns=result.turns,
            coins=result.coins,
            name=name,
            played_at=time.time(),
            run_id=run_id,
            game=game,
            reached=result.reached,
            goal=result.goal,
        )

    @property
    def progress(self) -> str:
        """How far the run got: "14 of 28" (its game names the steps; "" when not known)."""
        return f"{self.reached} of {self.goal}" if self.goal else ""

    @property
    def label(self) -> str:
        what = "won" if self.won else "lost"
        day = f"daily {self.daily.isoformat()}" if self.daily else f"seed {self.seed}"
        far = f" · {self.progress}" if self.progress and not self.won else ""
        return f"{what} in {self.turns} turns with {self.coins} coins{far} · {day}"


class SoloStore:
    """The solo results. `notice` holds a message for the player when the database could
    not be used (the runs of this session are then kept in memory)."""

    def __init__(self, root: Path | None = None) -> None:
        self.store = Store(root or data_dir())
        self.path = self.store.path
        self.notice: str | None = None
        self._memory: sqlite3.Connection | None = None

    def _conn(self) -> sqlite3.Connection:
        if self._memory is not None:
            return self._memory
        try:
            return self.store.db
        except StoreError as e:
            return self._in_memory(e)

    def _in_memory(self, error: Exception) -> sqlite3.Connection:
        self.notice = (
            f"The solo results cannot be kept in {self.path} ({error}); "
            "this session's runs are kept until you quit."
        )
        self._memory = sqlite3.connect(":memory:")
        self._memory.execute(_SCHEMA)
        return self._memory

    def _run(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """One statement (autocommit); a database that fails here is left alone and the
        statement runs once more in memory."""
        for attempt in (0, 1):
            db = self._conn()
            try:
                return db.execute(sql, args).fetchall()
            except sqlite3.Error as e:
                if attempt or db is self._memory:
                    self.notice = f"The solo results could not be read or written ({e})."
                    return []
                self._in_memory(e)
        return []

    def close(self) -> None:
        self.store.close()
        if self._memory is not None:
            self._memory.close()
            self._memory = None

    # -- results -------------------------------------------------------------------------

    def record(self, run: SoloRun) -> None:
        """Keep `run` (once per run_id). A finished game's run is kept by the store at the
        game's end (store/games.py, `append`); this is for runs read in or made by hand."""
        day = run.daily.isoformat() if run.daily else None
        at = run.played_at or time.time()
        result = SoloResult(run.won, run.turns, run.coins, run.reached, run.goal)
        self._run(SOLO_INSERT, solo_row(result, run.seed, day, run.name, at, run.run_id, run.game))

    def best(self, limit: int = 5, daily: dt.date | None = None) -> list[SoloRun]:
        """The best runs so far (of one day's daily run when `daily` is given); a row that
        is not a run (results.SOLO_CHECKS) is left out, and the statistics name it."""
        where, args = ("WHERE daily = ?", (daily.isoformat(),)) if daily else ("", ())
        rows = self._run(
            f"SELECT {_COLUMNS}, run_id, game FROM {GOOD_SOLO} {where} ORDER BY {_ORDER} LIMIT ?",
            (*args, limit),
        )
        out = []
        for r in rows:
            try:
                out.append(_row(r))
            except (TypeError, ValueError):  # the checks pass nothing that fails here
                continue
        return out

    def count(self) -> tuple[int, int]:
        """(runs played, runs won), of the runs whose rows are good."""
        rows = self._run(f"SELECT COUNT(*), COALESCE(SUM(won), 0) FROM {GOOD_SOLO}")
        return (int(rows[0][0]), int(rows[0][1])) if rows else (0, 0)


def _row(r: tuple[Any, ...]) -> SoloRun:
    seed, daily, won, turns, coins, name, played_at, reached, goal, run_id, game = r
    return SoloRun(
        seed=int(seed),
        daily=dt.date.fromisoformat(daily) if daily else None,
        won=bool(won),
        turns=int(turns),
        coins=int(coins),
        name=str(name),
        played_at=float(played_at),
        run_id=run_id,
        game=str(game),
        reached=int(reached),
        goal=int(goal),
    )
