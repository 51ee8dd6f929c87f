"""Files of an earlier version that the store's first opening reads in (store/migrate.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def old_solo_file(folder: Path) -> None:
    """An earlier version's solo.sqlite3 whose one run has a seed too large: it cannot be
    read in, and the opening says so (and keeps the file, renamed)."""
    old = sqlite3.connect(folder / "solo.sqlite3")
    old.execute(
        "CREATE TABLE runs (id INTEGER PRIMARY KEY, seed INTEGER, daily TEXT, won INTEGER, "
        "turns INTEGER, coins INTEGER, name TEXT, played_at REAL, run_id TEXT)"
    )
    old.execute("INSERT INTO runs VALUES (1, 1e20, NULL, 1, 5, 5, 'Ana', 1.0, 'r')")
    old.commit()
    old.close()
