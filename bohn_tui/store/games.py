"""Saved games in the one database (store/db.py, docs/formats.md "The database").

A game is a row of `games` (its header: the record without its actions, plus who is a bot)
and one row of `actions` per move. `Store.begin` writes a new game, `append` adds the move
just made and `pop` takes the last one back, each in one short transaction that also keeps
the game's summary for the list (and, for the move that ends the game, its result), so a
move costs the same at move 10 and at move 1,500 and a killed process loses at most the move
in flight. A game's identity is its key; nothing inside its content names it.

The store takes a game as a `SavedGame`: its record, its bots, its progress and its result
(a running session, or a game read in from a file and replayed without one: engine/portable.py's
`Replayed`, made by store/migrate.py's `replayed`); `begin` of a game already over (an import)
keeps its result at once. It imports nothing of play/ (an import-linter contract). Every failure
is a `StoreError` with a one-line message; `list` never raises."""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from bohn_tui.engine.actions import to_json
from bohn_tui.engine.contract import SoloResult
from bohn_tui.engine.limits import MAX_NAME, MAX_PLAYERS, InputError, clip, load_json, show
from bohn_tui.engine.portable import FORMAT, FORMAT_VERSION
from bohn_tui.engine.record import Record
from bohn_tui.store.db import (
    DB_NAME,
    LATEST,
    PRIVATE_FILE,
    BadText,
    DatabaseError,
    StoreError,
    connect,
    data_dir,
    private_dir,
)
from bohn_tui.store.results import SOLO_INSERT, GameResult, record_result, solo_row


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """One saved game as the list shows it."""

    id: str
    updated: float
    title: str = ""
    players: tuple[str, ...] = ()
    turn: int = 0
    active: str = ""
    over: bool = False
    moves: int = 0
    error: str | None = None  # set when the game is damaged (cannot be replayed)
    source: str | None = None  # where an imported game came from

    @property
    def name(self) -> str:
        """What a damaged game is known by: the file it came from, else its id."""
        return Path(self.source).name if self.source else self.id

    @property
    def label(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.updated))
        if self.error:
            return clip(f"{self.name}: damaged, {damage_reason(self.error, self.name)}", 200)
        state = "finished" if self.over else f"turn {self.turn}, {self.active} to play"
        return f"{self.title} · {', '.join(self.players)} · {state} · {when}"


def damage_reason(error: str, name: str) -> str:
    """What is wrong, once: `error` without the file or game name it starts with and
    without an inner "is damaged (...)" ("x.json is not valid JSON: ..." -> "not valid
    JSON: ...")."""
    reason = error.removeprefix(f"{name} ").removeprefix("is ")
    if reason.startswith("damaged (") and reason.endswith(")"):
        reason = reason[len("damaged (") : -1]
    return reason or error


_COLUMNS = "id, title, players, turn, active, over, moves, updated, error, source"
_ORDER = "ORDER BY updated DESC, rowid DESC"


class Store:
    """The saved games of the database in `root` (the user data folder by default). The
    file is opened, created or migrated on first use; the files of earlier versions are
    read in then, once (store/migrate.py)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root or data_dir()
        self.path = self.root / DB_NAME
        self.notice: str | None = None  # for the player: what the start-up import did
        self._db: sqlite3.Connection | None = None

    # -- the connection ------------------------------------------------------------------

    @property
    def db(self) -> sqlite3.Connection:
        """The open database (opened on first use; StoreError if it cannot be)."""
        return self._db if self._db is not None else self.open()

    def open(self) -> sqlite3.Connection:
        """Open the database now, and read in the files of earlier versions."""
        if self._db is None:
            try:
                self._db = connect(self.path)
            except DatabaseError as e:
                raise StoreError(str(e)) from None
            from bohn_tui.store.migrate import import_old_files

            try:
                self.notice = import_old_files(self)
            except (StoreError, sqlite3.Error, OSError) as e:
                self.notice = clip(f"the files of an earlier version were not read in: {e}")
        return self._db

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    @contextmanager
    def transaction(self, what: str) -> Iterator[sqlite3.Connection]:
        """One write transaction (BEGIN IMMEDIATE ... COMMIT); any failure rolls it back
        and is a StoreError that starts with `what`."""
        db = self.db
        try:
            db.execute("BEGIN IMMEDIATE")
            yield db
            db.execute("COMMIT")
        except BaseException as e:
            try:
                if db.in_transaction:
                    db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            if isinstance(e, StoreError):
                raise
            if isinstance(e, sqlite3.Error | OSError):
                raise StoreError(f"{what} in {self.path}: {e}") from None
            raise

    # -- writing a game ------------------------------------------------------------------

    def begin(self, game: SavedGame, source: str | None = None, when: float | None = None) -> str:
        """Write `game` as a new saved game (its header and the actions it has so
        far) and return its id; `when` it was last played (an imported file's time)."""
        with self.transaction("the game cannot be saved") as db:
            return self.insert(db, game, source, when)

    def insert(
        self, db: sqlite3.Connection, game: SavedGame, source: str | None, when: float | None
    ) -> str:
        """`begin` inside the caller's transaction."""
        rec = game.record
        header = {k: v for k, v in rec.to_json().items() if k != "actions"}
        header["bots"] = {str(k): v for k, v in game.bot_levels.items()}
        actions = [_dump(to_json(a)) for a in rec.actions]
        p = game.progress()
        now = time.time() if when is None else when
        columns = {
            "game": rec.game,
            "header": _dump(header),
            "title": p["title"],
            "players": _dump(list(rec.players)),
            "turn": p["turn"],
            "active": p["active"],
            "over": int(p["over"]),
            "created": now,
            "updated": now,
            "source": source,
        }
        game_id = self._insert(db, columns, actions)
        if p["over"]:
            self._result(db, game_id, game, now)
        return game_id

    def append(self, game_id: str, game: SavedGame) -> None:
        """Save the move `game` has just made (its last action): one row and the
        summary, in one transaction; with the result when the move ended the game."""
        n = len(game.record.actions) - 1
        p = game.progress()
        now = time.time()
        with self.transaction("the move cannot be saved") as db:
            self._progress(db, game_id, n, n + 1, p, now)
            db.execute(
                "INSERT INTO actions (game_id, n, action) VALUES (?, ?, ?)",
                (game_id, n, _dump(to_json(game.record.actions[n]))),
            )
            if p["over"]:  # the move that ended the game: its result, and a solo run's row
                self._result(db, game_id, game, now)
                self._solo_run(db, game_id, game, now)

    def pop(self, game_id: str, game: SavedGame, count: int = 1) -> None:
        """Take back the saved game's last `count` moves (`game` has already taken them
        back: an undo takes a move with the declines made for its player after it)."""
        n = len(game.record.actions)
        p = game.progress()
        with self.transaction("the undo cannot be saved") as db:
            db.execute("DELETE FROM actions WHERE game_id = ? AND n >= ?", (game_id, n))
            self._progress(db, game_id, n + count, n, p, time.time())

    def _progress(
        self, db: sqlite3.Connection, game_id: str, was: int, now_moves: int, p: Any, at: float
    ) -> None:
        cur = db.execute(
            "UPDATE games SET turn = ?, active = ?, over = ?, moves = ?, updated = ? "
            "WHERE id = ? AND moves = ?",
            (p["turn"], p["active"], int(p["over"]), now_moves, at, game_id, was),
        )
        if cur.rowcount != 1:  # deleted, or played on by another window meanwhile
            raise StoreError(
                f"the saved game {game_id} was changed or deleted elsewhere; open it again to go on"
            )

    def _result(self, db: sqlite3.Connection, game_id: str, game: SavedGame, at: float) -> None:
        try:
            result = GameResult.from_summary(
                game_id,
                game.record.game,
                game.progress()["title"],
                game.record.players,
                game.bot_levels,
                game.result_summary(),
                at,
            )
        except (KeyError, TypeError, ValueError, IndexError):
            return  # a summary without scores: the game is saved, without a result
        record_result(db, result)

    @staticmethod
    def _solo_run(db: sqlite3.Connection, game_id: str, game: SavedGame, at: float) -> None:
        """A finished solo run into solo_runs, once (its save's id is the run's)."""
        outcome = game.solo_outcome()
        if outcome is None:
            return
        result, day = outcome
        rec = game.record
        row = solo_row(result, rec.seed, day, rec.players[0], at, game_id, rec.game)
        db.execute(SOLO_INSERT, row)

    @staticmethod
    def _insert(db: sqlite3.Connection, columns: dict[str, Any], actions: list[str]) -> str:
        """A new games row (`columns`, a new id, `moves`) and its action rows; the id."""
        while True:
            game_id = secrets.token_hex(4)
            if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                break
        row = {"id": game_id, **columns, "moves": len(actions)}
        db.execute(
            f"INSERT INTO games ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
            tuple(row.values()),
        )
        db.executemany(
            "INSERT INTO actions (game_id, n, action) VALUES (?, ?, ?)",
            [(game_id, n, a) for n, a in enumerate(actions)],
        )
        return game_id

    def mark(self, game_id: str, error: str | None) -> str | None:
        """Note that the game cannot be replayed (and why), or, with None, that it can. A
        game already listed as damaged keeps its first reason (a file that was not JSON
        stays "not valid JSON", not what replaying the nothing read from it says).

        With None (the game's rows were read, in order from the first, and replayed) a move
        count that disagrees with the rows is mended to them, so that its moves are not
        refused as played elsewhere; the return is then one line for the player saying so."""
        try:
            with self.transaction("the note cannot be saved") as db:
                db.execute(
                    "UPDATE games SET error = ? WHERE id = ? AND error IS NOT ?"
                    " AND (error IS NULL OR ? IS NULL)",
                    (error, game_id, error, error),
                )
                if error is not None:
                    return None
                row = db.execute(
                    "SELECT moves, (SELECT COUNT(*) FROM actions WHERE game_id = ?) "
                    "FROM games WHERE id = ?",
                    (game_id, game_id),
                ).fetchone()
                if row is None or (isinstance(row[0], int) and row[0] == row[1]):
                    return None
                db.execute("UPDATE games SET moves = ? WHERE id = ?", (row[1], game_id))
        except StoreError:
            return None  # the list only loses the reason; the load already said it
        counted = show(row[0]) if not isinstance(row[0], int) else f"{row[0]:,}"
        return (
            f"The save {show(game_id)} counted {counted} moves but holds {row[1]:,}: mended, "
            f"it goes on after move {row[1]:,}."
        )

    def insert_damaged(self, db: sqlite3.Connection, source: str, error: str, raw: Any) -> str:
        """A game of an older version that cannot be read, listed with `error`; its header
        is what could be read of it (`raw`), so that it can still be exported. Inside the
        caller's transaction."""
        record = raw.get("record") if isinstance(raw, dict) else None
        header = (
            {k: v for k, v in record.items() if k != "actions"} if isinstance(record, dict) else {}
        )
        if isinstance(raw, dict) and "bots" in raw:
            header["bots"] = raw["bots"]
        actions = record.get("actions") if isinstance(record, dict) else None
        rows = actions if isinstance(actions, list) else []
        now = time.time()
        columns = {
            "game": str(header.get("game", "")),
            "header": _dump(header),
            "title": Path(source).name,
            "created": now,
            "updated": now,
            "source": source,
            "error": clip(error),
        }
        return self._insert(db, columns, [_dump(a) for a in rows])

    def delete(self, game_id: str) -> None:
        """Delete a saved game (its result, if it finished, stays for the statistics)."""
        with self.transaction("the game cannot be deleted") as db:
            if db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount != 1:
                raise StoreError(f"there is no saved game {show(game_id)}")

    # -- reading -------------------------------------------------------------------------

    def list(self) -> list[SaveInfo]:
        """Every saved game, newest first; damaged ones carry their reason. Never raises:
        a database that cannot be read gives an empty list and a `notice`."""
        return list(self._infos(""))

    def latest(self, unfinished: bool = True) -> SaveInfo | None:
        """The newest game that is not damaged (and not finished, by default); it reads
        only as many rows as it needs (the menu asks it before its first frame)."""
        where = "WHERE error IS NULL" + (" AND over = 0" if unfinished else "")
        for s in self._infos(where):
            if s.error is None and not (unfinished and s.over):
                return s
        return None

    def _infos(self, where: str) -> Iterator[SaveInfo]:
        """The list's entries, newest first, read one by one; a database that cannot be read
        ends them early and sets `notice`."""
        try:
            for row in self.db.execute(f"SELECT {_COLUMNS} FROM games {where} {_ORDER}"):
                yield _info(row)
        except (StoreError, sqlite3.Error) as e:
            self.notice = clip(f"the saved games cannot be listed: {e}")

    def find(self, name: str) -> str:
        """The id of the game called `name`: its id, or a unique start of it."""
        if not isinstance(name, str) or not name or len(name) > 64:
            raise StoreError(f"{show(name)} is not a save name")
        try:
            rows = self.db.execute(
                "SELECT id FROM games WHERE substr(id, 1, ?) = ?", (len(name), name)
            ).fetchall()
        except sqlite3.Error as e:
            raise StoreError(f"the saved games cannot be read in {self.path}: {e}") from None
        ids = [str(r[0]) for r in rows]
        if name in ids:
            return name
        if len(ids) == 1:
            return ids[0]
        if not ids:
            raise StoreError(
                f"there is no saved game {show(name)} (the menu's Saved games lists them)"
            )
        raise StoreError(f"{show(name)} names {len(ids)} saved games; give more of its id")

    def export(self, game_id: str) -> dict[str, Any]:
        """The game in its portable form: {"format", "version", "bots", "record"}."""
        what = f"the saved game {game_id}"
        try:
            row = self.db.execute("SELECT header FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise StoreError(f"there is no saved game {show(game_id)}")
            texts = self.db.execute(
                "SELECT n, action FROM actions WHERE game_id = ? ORDER BY n", (game_id,)
            ).fetchall()
        except sqlite3.Error as e:
            raise StoreError(f"{what} cannot be read in {self.path}: {e}") from None
        try:
            header = load_json(_text(row[0]), f"the header of {what}")
            if not isinstance(header, dict):
                raise StoreError(f"{what} is damaged (its header is not an object)")
            actions = []
            for i, (n, text) in enumerate(texts):
                if n != i:
                    raise StoreError(f"{what} is damaged (action {i + 1} is missing)")
                actions.append(load_json(_text(text), f"action {i + 1} of {what}"))
        except InputError as e:
            raise StoreError(str(e)) from None
        bots = header.pop("bots", {})
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "bots": bots,
            "record": {**header, "actions": actions},
        }

    def export_text(self, game_id: str) -> str:
        """The export as JSON text (`bohn export`): UTF-8 as it is, or all escaped when a
        string holds what UTF-8 cannot (a lone surrogate, written "\\udcff" in the JSON read)."""
        raw = self.export(game_id)
        text = json.dumps(raw, indent=1, ensure_ascii=False) + "\n"
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return json.dumps(raw, indent=1) + "\n"
        return text

    def write_export(self, game_id: str, path: Path) -> None:
        """Write the export to `path`, whole or not at all (a temporary file, then a rename)."""
        data = self.export_text(game_id).encode("utf-8")
        tmp = path.with_name(f".{path.name}.{secrets.token_hex(3)}.tmp")
        try:
            private_dir(path.parent)
            fd = os.open(tmp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, PRIVATE_FILE)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            tmp.replace(path)
        except OSError as e:
            tmp.unlink(missing_ok=True)
            raise StoreError(f"cannot write {path}: {e.strerror or e}") from None

    def import_raw(self, raw: Any, source: str | None = None) -> str:
        """Import a game (an export, a save file of version 1, or a bare record) as a new
        saved game with its own id; StoreError, changing nothing, if it cannot be replayed."""
        from bohn_tui.store.migrate import replayed

        return self.begin(replayed(raw), source)

    def import_file(self, path: Path) -> str:
        """`bohn import FILE`: the game in `path` as a new saved game."""
        from bohn_tui.store.migrate import read_json_file

        return self.import_raw(read_json_file(path), str(path))


class SavedGame(Protocol):
    """What the store reads of a game: a running session, or a game read in (migrate.replayed)."""

    @property
    def record(self) -> Record: ...

    @property
    def bot_levels(self) -> dict[int, str]: ...

    def progress(self) -> dict[str, Any]: ...

    def result_summary(self) -> dict[str, Any]: ...

    def solo_outcome(self) -> tuple[SoloResult, str | None] | None: ...


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _text(value: Any) -> str:
    """A JSON column's text: InputError for anything else (a number, a blob that is not
    UTF-8, text that is not UTF-8)."""
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError("bytes that are not UTF-8 where JSON text was expected") from None
    if isinstance(value, BadText):
        raise InputError(f"text that is not UTF-8 ({show(value)}) where JSON was expected")
    if not isinstance(value, str):
        raise InputError(f"{show(value)} where JSON text was expected")
    return value


def _info(row: tuple[Any, ...]) -> SaveInfo:
    """A row of the list; whatever is wrong with it makes it a damaged entry."""
    game_id = str(row[0])
    try:
        updated = float(row[7])
    except (TypeError, ValueError):
        updated = 0.0
    if not 0.0 <= updated <= LATEST:  # NaN too: a time no clock shows is "long ago"
        updated = 0.0
    source = clip(row[9], 1000) if isinstance(row[9], str) else None
    try:
        players = load_json(_text(row[2]), "the players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise InputError("the list of players is not a list of names")
        if len(players) > MAX_PLAYERS:
            raise InputError(f"the list of players holds {len(players):,} names")
        for value in (row[3], row[5], row[6]):
            if not isinstance(value, int):
                raise InputError(f"the game's summary holds {show(value)} for a number")
        return SaveInfo(
            id=game_id,
            updated=updated,
            title=clip(str(row[1]), 100),
            players=tuple(clip(p, MAX_NAME) for p in players),
            turn=row[3],
            active=clip(str(row[4]), MAX_NAME),
            over=bool(row[5]),
            moves=row[6],
            error=clip(str(row[8])) if row[8] is not None else None,
            source=source,
        )
    except (InputError, TypeError, ValueError) as e:
        return SaveInfo(game_id, updated, error=clip(str(e)), source=source)
