"""One JSON save file per game in the user's data directory (BOHN_DATA_DIR overrides it).

Writes are atomic (a temporary file, then os.replace), so a killed process leaves either
the old save or the new one. A damaged file is listed with a readable message and never
stops the other saves from listing or loading."""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SAVES = "saves"
_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class StoreError(ValueError):
    """A save that cannot be read; the message says which file and why."""


def data_dir() -> Path:
    env = os.environ.get("BOHN_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("bohn-tui", appauthor=False))


@dataclass(frozen=True, slots=True)
class SaveInfo:
    id: str
    path: Path
    updated: float
    title: str = ""
    players: tuple[str, ...] = ()
    turn: int = 0
    active: str = ""
    over: bool = False
    error: str | None = None  # set when the file is damaged

    @property
    def label(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.updated))
        if self.error:
            return f"{self.path.name}: damaged ({self.error})"
        state = "finished" if self.over else f"turn {self.turn}, {self.active} to play"
        return f"{self.title} · {', '.join(self.players)} · {state} · {when}"


class Store:
    def __init__(self, root: Path | None = None) -> None:
        self.root = (root or data_dir()) / SAVES

    def path(self, save_id: str) -> Path:
        if not _ID.match(save_id):
            raise StoreError(f"{save_id!r} is not a save name")
        return self.root / f"{save_id}.json"

    def write(self, save_id: str, payload: dict[str, Any]) -> Path:
        """Write a save atomically: a temp file in the same directory, then os.replace."""
        target = self.path(save_id)
        self.root.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{save_id}.", suffix=".tmp", dir=self.root)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(payload, f, separators=(",", ":"))
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return target

    def read(self, save_id: str) -> dict[str, Any]:
        path = self.path(save_id)
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise StoreError(f"there is no saved game {save_id!r}") from None
        except OSError as e:
            raise StoreError(f"{path} cannot be read: {e.strerror or e}") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise StoreError(f"{path.name} is damaged (not valid JSON: {e})") from None
        if not isinstance(raw, dict) or not isinstance(raw.get("record"), dict):
            raise StoreError(f"{path.name} is damaged (no game record in it)")
        return raw

    def delete(self, save_id: str) -> None:
        self.path(save_id).unlink(missing_ok=True)

    def list(self) -> list[SaveInfo]:
        """Every save, newest first; damaged ones carry an error message."""
        if not self.root.is_dir():
            return []
        out = []
        for path in self.root.glob("*.json"):
            try:
                updated = path.stat().st_mtime
            except OSError:
                continue
            try:
                raw = self.read(path.stem)
                summary = raw.get("summary") or {}
                rec = raw["record"]
                out.append(
                    SaveInfo(
                        id=path.stem,
                        path=path,
                        updated=updated,
                        title=str(summary.get("title") or rec.get("game", "?")),
                        players=tuple(str(p) for p in rec.get("players", [])),
                        turn=int(summary.get("turn", 0)),
                        active=str(summary.get("active", "")),
                        over=bool(summary.get("over", False)),
                    )
                )
            except (StoreError, TypeError, ValueError, AttributeError) as e:
                out.append(SaveInfo(id=path.stem, path=path, updated=updated, error=str(e)))
        out.sort(key=lambda s: s.updated, reverse=True)
        return out

    def latest(self, unfinished: bool = True) -> SaveInfo | None:
        for s in self.list():
            if s.error is None and not (unfinished and s.over):
                return s
        return None


def autosaver(store: Store) -> Any:
    """An autosave hook for a Session: writes its save file after every action."""

    def save(session: Any) -> None:
        store.write(session.save_id, session.to_json())

    return save


class BackgroundSaver:
    """An autosave hook that writes in one worker thread, in order, so that the disk
    write stays off the UI's path. The save's content is taken at once (a snapshot);
    `flush()` waits for every write, `close()` also ends the thread."""

    def __init__(self, store: Store) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self.store = store
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bohn-save")
        self._last: Any = None
        self.error: str | None = None  # the last failed write, for the UI to show

    def __call__(self, session: Any) -> None:
        self._last = self._pool.submit(self.store.write, session.save_id, session.to_json())
        self._last.add_done_callback(self._check)

    def _check(self, future: Any) -> None:
        e = future.exception()
        if e is not None:
            self.error = f"the game cannot be saved in {self.store.root}: {e}"

    def flush(self) -> None:
        """Wait until every save so far is on disk."""
        if self._last is not None:
            from concurrent.futures import wait

            wait([self._last])  # a failure is kept in self.error, not raised here

    def close(self) -> None:
        self.flush()
        self._pool.shutdown(wait=True)
