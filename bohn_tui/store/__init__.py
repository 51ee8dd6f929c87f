"""Save files (one JSON file per game, in the user's data directory)."""

from .saves import SaveInfo, Store, StoreError, autosaver, data_dir, load_session

__all__ = ["SaveInfo", "Store", "StoreError", "autosaver", "data_dir", "load_session"]
