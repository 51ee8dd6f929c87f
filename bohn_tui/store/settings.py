"""The player's choices that outlive a run of the app, in the database's `settings` table (one
text value per key). Today: the pace of the computer players (the new-game screen sets it)."""

from __future__ import annotations

import sqlite3
from contextlib import AbstractContextManager
from typing import Protocol

from bohn_tui.store.db import StoreError


class Store(Protocol):
    """What of store.games.Store this needs (a screen imports this module, not the store,
    which replays games through the session)."""

    @property
    def db(self) -> sqlite3.Connection: ...

    def transaction(self, what: str) -> AbstractContextManager[sqlite3.Connection]: ...


BOT_PACE = "bot_pace"
# the pace names the new-game screen offers, and the seconds each bot move shows
BOT_PACES: dict[str, float] = {"instant": 0.0, "fast": 0.2, "normal": 0.4, "slow": 1.0}
DEFAULT_PACE = "normal"


def get(store: Store, key: str) -> str | None:
    """The stored value of `key` (None: never set, or the database cannot be read)."""
    try:
        row = store.db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
    except (StoreError, sqlite3.Error):
        return None
    return None if row is None else str(row[0])


def put(store: Store, key: str, value: str) -> None:
    """Store `value` under `key` (StoreError if it cannot be written)."""
    with store.transaction(f"the setting {key} cannot be saved") as db:
        db.execute(
            "INSERT INTO settings (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )


def bot_pace(store: Store) -> str:
    """The last pace chosen (a name of BOT_PACES; the default when none or an unknown one)."""
    pace = get(store, BOT_PACE)
    return pace if pace in BOT_PACES else DEFAULT_PACE


def bot_delay(store: Store) -> float:
    """Seconds each bot move shows, by the stored pace."""
    return BOT_PACES[bot_pace(store)]
