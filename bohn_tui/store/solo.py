"""Solo Bohnröschen runs: the daily seed and the results database.

Every finished run (its seed, the day for a daily run, won or lost, turns taken, coins) goes
into a small SQLite database in the data directory (BOHN_DATA_DIR overrides it), and
`best()` lists the best runs so far: won runs first, the fewest turns first; then lost runs,
the longest first; more coins break ties.

A damaged database never stops a run: it is moved aside (the message says where) and a new
one is started; where no file can be written at all, results are kept in memory for the
session and the message says so."""

from __future__ import annotations

import datetime as dt
import hashlib
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bohn_tui.store.saves import data_dir

DB_NAME = "solo.sqlite3"
SEED_SPACE = 2**31  # seeds are non-negative and fit every integer type they meet

_SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    seed INTEGER NOT NULL,
    daily TEXT,
    won INTEGER NOT NULL,
    turns INTEGER NOT NULL,
    coins INTEGER NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    played_at REAL NOT NULL,
    run_id TEXT UNIQUE
)
"""
_COLUMNS = "seed, daily, won, turns, coins, name, played_at"
_ORDER = "won DESC, CASE WHEN won THEN turns ELSE -turns END ASC, coins DESC, played_at ASC"


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

    @classmethod
    def from_view(
        cls,
        view: dict[str, Any],
        seed: int,
        daily: dt.date | None = None,
        run_id: str | None = None,
    ) -> SoloRun:
        """The result of a finished solo run, from its view's `solo` key."""
        solo = view["solo"]
        return cls(
            seed=seed,
            daily=daily,
            won=bool(solo["won"]),
            turns=int(solo["turns"]),
            coins=int(solo["coins"]),
            name=str(view["players"][0]["name"]),
            played_at=time.time(),
            run_id=run_id,
        )

    @property
    def label(self) -> str:
        what = "won" if self.won else "lost"
        day = f"daily {self.daily.isoformat()}" if self.daily else f"seed {self.seed}"
        return f"{what} in {self.turns} turns with {self.coins} coins · {day}"


class SoloStore:
    """The solo results database. `notice` holds a message for the player when the file
    was damaged or could not be opened (the store then started afresh)."""

    def __init__(self, root: Path | None = None) -> None:
        self.path = (root or data_dir()) / DB_NAME
        self.notice: str | None = None
        self._db: sqlite3.Connection | None = None

    # -- the connection ------------------------------------------------------------------

    def _conn(self) -> sqlite3.Connection:
        if self._db is None:
            self._db = self._open()
        return self._db

    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path)
            try:
                db.execute(_SCHEMA)
                db.execute(f"SELECT {_COLUMNS}, run_id FROM runs")
                db.commit()
            except sqlite3.DatabaseError:
                db.close()
                raise
            return db
        except sqlite3.DatabaseError as e:
            if self.path.exists():
                return self._start_afresh(e)
            return self._in_memory(e)
        except OSError as e:
            return self._in_memory(e)

    def _start_afresh(self, error: Exception) -> sqlite3.Connection:
        aside = self.path.with_name(f"{self.path.name}.damaged-{int(time.time())}")
        try:
            self.path.replace(aside)
        except OSError as e:
            return self._in_memory(e)
        self.notice = (
            f"The solo results file {self.path} was damaged ({error}); it was moved to "
            f"{aside.name} and a new one started."
        )
        try:
            db = sqlite3.connect(self.path)
            db.execute(_SCHEMA)
            db.commit()
            return db
        except (sqlite3.DatabaseError, OSError) as e:
            return self._in_memory(e)

    def _in_memory(self, error: Exception) -> sqlite3.Connection:
        self.notice = (
            f"The solo results cannot be kept in {self.path} ({error}); "
            "this session's runs are kept until you quit."
        )
        db = sqlite3.connect(":memory:")
        db.execute(_SCHEMA)
        return db

    def _run(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """One statement; a database damaged while open is set aside and the statement
        is run once more on the new one."""
        for attempt in (0, 1):
            try:
                db = self._conn()
                rows = db.execute(sql, args).fetchall()
                db.commit()
                return rows
            except sqlite3.DatabaseError as e:
                if attempt:
                    self.notice = f"The solo results could not be read or written ({e})."
                    return []
                if self._db is not None:
                    self._db.close()
                self._db = self._start_afresh(e) if self.path.exists() else self._in_memory(e)
        return []

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    # -- results -------------------------------------------------------------------------

    def record(self, run: SoloRun) -> None:
        self._run(
            f"INSERT OR IGNORE INTO runs ({_COLUMNS}, run_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                run.seed,
                run.daily.isoformat() if run.daily else None,
                int(run.won),
                run.turns,
                run.coins,
                run.name,
                run.played_at or time.time(),
                run.run_id,
            ),
        )

    def best(self, limit: int = 5, daily: dt.date | None = None) -> list[SoloRun]:
        """The best runs so far (of one day's daily run when `daily` is given)."""
        where, args = ("WHERE daily = ?", (daily.isoformat(),)) if daily else ("", ())
        rows = self._run(
            f"SELECT {_COLUMNS}, run_id FROM runs {where} ORDER BY {_ORDER} LIMIT ?",
            (*args, limit),
        )
        return [_row(r) for r in rows]

    def count(self) -> tuple[int, int]:
        """(runs played, runs won)."""
        rows = self._run("SELECT COUNT(*), COALESCE(SUM(won), 0) FROM runs")
        return (int(rows[0][0]), int(rows[0][1])) if rows else (0, 0)


def _row(r: tuple[Any, ...]) -> SoloRun:
    seed, daily, won, turns, coins, name, played_at, run_id = r
    return SoloRun(
        seed=int(seed),
        daily=dt.date.fromisoformat(daily) if daily else None,
        won=bool(won),
        turns=int(turns),
        coins=int(coins),
        name=str(name),
        played_at=float(played_at),
        run_id=run_id,
    )
