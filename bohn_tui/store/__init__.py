"""Save files (one JSON file per game, in the user's data directory)."""

from bohn_tui.store.saves import (
    BackgroundSaver,
    SaveInfo,
    Store,
    StoreError,
    autosaver,
    data_dir,
)

__all__ = [
    "BackgroundSaver",
    "SaveInfo",
    "Store",
    "StoreError",
    "autosaver",
    "data_dir",
]
