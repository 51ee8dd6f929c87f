"""The files of earlier versions, read into the database once, on first start.

Earlier versions kept one JSON file per game in `saves/` and the solo runs in `solo.sqlite3`,
both in the data folder. Each such file is read in once: its game (or its runs) goes into the
database and the file is kept, renamed `NAME.imported` (or `NAME.damaged` when it could not be
read), never deleted. A file that cannot be read is listed as a damaged game with its reason
and never stops the start. The `imported` table notes every file read in (and the outcome),
so a file whose rename failed is not read twice."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from bohn_tui.engine.limits import MAX_BYTES, MAX_INT, InputError, clip, load_json, show
from bohn_tui.engine.portable import Replayed, replay_portable
from bohn_tui.engine.record import RecordError
from bohn_tui.store.db import StoreError

SAVES = "saves"  # the folder of the JSON save files of version 1
SOLO = "solo.sqlite3"  # the solo results of earlier versions
IMPORTED, DAMAGED = ".imported", ".damaged"  # what a file read in is renamed to


def import_old_files(store: Any) -> str | None:
    """Read in every file of an earlier version not read in yet; a one-line summary for the
    player (None when there was nothing to read)."""
    saves = sorted((store.root / SAVES).glob("*.json")) if (store.root / SAVES).is_dir() else []
    solo = store.root / SOLO
    todo = [p for p in saves if p.is_file()] + ([solo] if solo.is_file() else [])
    if not todo:
        return None
    done = {str(r[0]) for r in store.db.execute("SELECT source FROM imported").fetchall()}
    read = damaged = 0
    for path in todo:
        source = str(path.relative_to(store.root))
        if source in done:
            continue
        ok = (
            _import_solo(store, path, source) if path == solo else _import_save(store, path, source)
        )
        if ok is None:
            continue  # another process is reading it in
        read += ok
        damaged += not ok
        _rename(path, IMPORTED if ok else DAMAGED)
    if not read and not damaged:
        return None
    parts = [f"{read} read in"] if read else []
    if damaged:
        parts.append(f"{damaged} could not be read (listed as damaged)")
    files = "file" if read + damaged == 1 else "files"
    return f"{read + damaged} {files} of an earlier version: {', '.join(parts)}; kept, renamed."


def _claim(db: sqlite3.Connection, source: str, outcome: str) -> bool:
    """Note `source` as read in, inside the caller's transaction; False if it already was."""
    try:
        db.execute(
            "INSERT INTO imported (source, at, outcome) VALUES (?, ?, ?)",
            (source, time.time(), clip(outcome)),
        )
    except sqlite3.IntegrityError:
        return False
    return True


def _import_save(store: Any, path: Path, source: str) -> bool | None:
    """A JSON save file as a game (True), or as a damaged entry (False); None when another
    process has read it in meanwhile. The game and the note are one transaction."""
    raw: Any = None
    game: Any = None
    when: float | None = None
    error = ""
    try:
        raw = read_json_file(path)
        game = replayed(raw)
        when = path.stat().st_mtime  # the list keeps the order in which they were played
    except StoreError as e:
        error = str(e)
    except OSError:
        pass  # read, but its time is unknown: now
    with store.transaction("the old save cannot be read in") as db:
        if not _claim(db, source, "reading"):
            return None
        if game is not None:
            outcome = f"game {store.insert(db, game, source, when)}"
        else:
            outcome = f"damaged {store.insert_damaged(db, source, error, raw)}: {error}"
        db.execute("UPDATE imported SET outcome = ? WHERE source = ?", (clip(outcome), source))
    return game is not None


_RUNS = "SELECT seed, daily, won, turns, coins, name, played_at, run_id FROM runs"


def _import_solo(store: Any, path: Path, source: str) -> bool | None:
    """The runs of an old solo results file into `solo_runs` (True), or noted as damaged."""
    from bohn_tui.games import GAMES, spec

    game = next((g for g in GAMES if spec(g).solo), "")
    try:
        old = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            rows = old.execute(_RUNS).fetchall()
        finally:
            old.close()
        runs = [_run(r, game) for r in rows]
    except (sqlite3.Error, TypeError, ValueError) as e:
        with store.transaction("the import cannot be noted") as db:
            return False if _claim(db, source, f"damaged: {e}") else None
    with store.transaction("the solo runs cannot be read in") as db:
        if not _claim(db, source, f"runs {len(runs)}"):
            return None
        db.executemany(
            "INSERT OR IGNORE INTO solo_runs (seed, daily, won, turns, coins, name, played_at, "
            "run_id, game) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            runs,
        )
    return True


def _run(r: tuple[Any, ...], game: str) -> tuple[Any, ...]:
    seed, daily, won, turns, coins, name, played_at, run_id = r
    return (
        _whole(seed),
        str(daily) if daily else None,
        int(bool(won)),
        _whole(turns),
        _whole(coins),
        str(name),
        float(played_at),
        str(run_id) if run_id is not None else None,
        game,
    )


def _whole(value: Any) -> int:
    """A whole number SQLite can hold (ValueError for one it cannot: the file is damaged)."""
    n = int(value)
    if abs(n) > MAX_INT:
        raise ValueError(f"{show(n)} where a run's figure was expected")
    return n


def _rename(path: Path, suffix: str) -> None:
    """`x.json` -> `x.json.imported` (or `.damaged`); a name already taken gets a number."""
    target = path.with_name(path.name + suffix)
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}{suffix}.{n}")
    try:
        path.rename(target)
    except OSError:
        pass  # the `imported` table keeps it from being read in twice


def replayed(raw: Any) -> Replayed:
    """The game in `raw` (an export, a save file of version 1 or a bare record) replayed
    without a session, for the store to keep; StoreError in one line if it cannot be."""
    from bohn_tui.games import REGISTRY

    try:
        return replay_portable(REGISTRY, raw)
    except RecordError as e:
        raise StoreError(str(e)) from None


def read_json_file(path: Path) -> Any:
    """The JSON in `path`, read under the limits (StoreError says what is wrong)."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise StoreError(f"{path} is too large (at most {MAX_BYTES:,} bytes)")
        data = path.read_bytes()
    except OSError as e:
        raise StoreError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        return load_json(data, str(path.name))
    except InputError as e:
        raise StoreError(str(e)) from None
