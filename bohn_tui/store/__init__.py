"""Everything the program keeps, in one SQLite database in the user's data folder
(store/db.py): saved games, results, solo runs."""

from bohn_tui.store.db import DB_NAME, StoreError, data_dir
from bohn_tui.store.games import SaveInfo, Store

__all__ = ["DB_NAME", "SaveInfo", "Store", "StoreError", "data_dir"]
