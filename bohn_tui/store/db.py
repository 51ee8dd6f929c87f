"""The one database of everything the program keeps (docs/formats.md, "The database").

One SQLite file, `bohn.sqlite3` in the user data folder (BOHN_DATA_DIR overrides it), in WAL
mode. A game's identity is its key (`games.id`), never a value inside its content. A game is
its header (the record without its actions, plus who is a bot) and one row per action; each
move is one short transaction that appends a row and updates the game's summary, so that a
killed process loses at most the move in flight and the cost of a move does not grow with
the game. Finished games leave a result (kept when the save is deleted) for the statistics.

The schema is versioned with `PRAGMA user_version`; `MIGRATIONS[n]` takes a database from
version n to n + 1, and `connect` runs the ones a file still needs."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from stat import S_ISREG

from bohn_tui.engine.limits import clip

DB_NAME = "bohn.sqlite3"


def data_dir() -> Path:
    """The user data folder (BOHN_DATA_DIR overrides it)."""
    env = os.environ.get("BOHN_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("bohn-tui", appauthor=False))


MIGRATIONS: list[str] = [
    # 0 -> 1
    """
    CREATE TABLE games (
        id TEXT PRIMARY KEY,            -- the game's identity
        game TEXT NOT NULL,             -- the game id of the registry
        header TEXT NOT NULL,           -- JSON: {"game","players","seed","options","deck"?,"bots"}
        title TEXT NOT NULL DEFAULT '',
        players TEXT NOT NULL DEFAULT '[]',   -- JSON list of names, for the list
        turn INTEGER NOT NULL DEFAULT 0,
        active TEXT NOT NULL DEFAULT '',
        over INTEGER NOT NULL DEFAULT 0,
        moves INTEGER NOT NULL DEFAULT 0,     -- how many action rows it has
        created REAL NOT NULL,
        updated REAL NOT NULL,
        source TEXT,                    -- for an imported game: where it came from
        error TEXT                      -- set when the game cannot be replayed
    );
    CREATE INDEX games_updated ON games (updated DESC);
    CREATE TABLE actions (
        game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        n INTEGER NOT NULL,             -- 0 is the first action
        action TEXT NOT NULL,           -- JSON of the action (docs/formats.md)
        PRIMARY KEY (game_id, n)
    ) WITHOUT ROWID;
    CREATE TABLE results (
        game_id TEXT PRIMARY KEY,       -- the game it came from (the save may be deleted)
        game TEXT NOT NULL,
        title TEXT NOT NULL,
        players INTEGER NOT NULL,       -- the player count
        finished REAL NOT NULL,
        reason TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX results_finished ON results (finished);
    CREATE TABLE result_seats (
        game_id TEXT NOT NULL REFERENCES results (game_id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        bot TEXT,                       -- the bot level; NULL for a person
        score INTEGER NOT NULL,
        rank INTEGER NOT NULL,          -- 1 for the winners, then by the game's ranking
        won INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX result_seats_name ON result_seats (name);
    CREATE TABLE solo_runs (
        id INTEGER PRIMARY KEY,
        run_id TEXT UNIQUE,             -- the game it came from: a run counts once
        game TEXT NOT NULL,
        seed INTEGER NOT NULL,
        daily TEXT,                     -- the day (ISO) of a daily run
        won INTEGER NOT NULL,
        turns INTEGER NOT NULL,
        coins INTEGER NOT NULL,
        name TEXT NOT NULL DEFAULT '',
        played_at REAL NOT NULL
    );
    CREATE TABLE imported (
        source TEXT PRIMARY KEY,        -- a file of an older version that was read in
        at REAL NOT NULL,
        outcome TEXT NOT NULL           -- 'game <id>', 'runs <n>' or why it was not read
    );
    """,
    # 1 -> 2
    """
    CREATE TABLE settings (
        key TEXT PRIMARY KEY,           -- e.g. 'bot_pace' (store/settings.py)
        value TEXT NOT NULL
    ) WITHOUT ROWID;
    """,
    # 2 -> 3: how far a solo run got (0 for runs recorded before)
    """
    ALTER TABLE solo_runs ADD COLUMN passed INTEGER NOT NULL DEFAULT 0;  -- cards passed
    ALTER TABLE solo_runs ADD COLUMN cards INTEGER NOT NULL DEFAULT 0;   -- cards in the row
    """,
    # 3 -> 4: how far a solo run got, in the game's own steps (Bohnröschen's: the vine cards
    # its figure passed, of the row's), under names that are no game's; the rows keep theirs
    """
    ALTER TABLE solo_runs RENAME COLUMN passed TO reached;  -- how far the run got
    ALTER TABLE solo_runs RENAME COLUMN cards TO goal;      -- of how far it could (0: unknown)
    """,
    # 4 -> 5: ratings per account and game (store/ratings.py; `bohn server`'s rated games)
    """
    CREATE TABLE ratings (
        account TEXT NOT NULL,          -- the account's name regardless of case (casefold)
        game TEXT NOT NULL,             -- the game id of the registry
        name TEXT NOT NULL,             -- the name as last written
        mu REAL NOT NULL,               -- openskill's Plackett-Luce rating
        sigma REAL NOT NULL,
        ordinal REAL NOT NULL,          -- openskill's ordinal(): mu - 3 sigma, the board's order
        games INTEGER NOT NULL,         -- the rated games it rests on
        updated REAL NOT NULL,
        PRIMARY KEY (account, game)
    );
    CREATE INDEX ratings_board ON ratings (game, ordinal DESC);
    CREATE TABLE rated_games (
        game_id TEXT PRIMARY KEY,       -- a finished game rated once: a second update is none
        game TEXT NOT NULL,
        places TEXT NOT NULL,           -- JSON: [[name, place], ...] as rated
        rated REAL NOT NULL
    );
    """,
    # 5 -> 6: `bohn server` (issue #26): accounts bound to SSH keys, one-time link codes,
    # banned keys, and the server's tables (store/accounts.py, store/tables.py)
    """
    CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        folded TEXT NOT NULL UNIQUE,    -- the name casefolded: unique regardless of case
        created REAL NOT NULL,
        banned INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE account_keys (
        key_id TEXT PRIMARY KEY,        -- SHA-256 (hex) of the key's public data
        account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        added REAL NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE banned_keys (
        key_id TEXT PRIMARY KEY,
        at REAL NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE link_codes (
        hash TEXT PRIMARY KEY,          -- SHA-256 of the code: the code itself is not kept
        account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        expires REAL NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE server_tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,             -- the registry's game id
        save_id TEXT,                   -- its saved game once it started (games.id)
        creator INTEGER NOT NULL,       -- accounts.id
        seats TEXT NOT NULL,            -- JSON: [{"account": id} | {"bot": level} | {}]
        mode TEXT NOT NULL,             -- 'live' or 'correspondence'
        standin REAL,                   -- seconds away before a bot plays a seat (NULL: never)
        state TEXT NOT NULL,            -- 'open', 'running', 'over', 'failed'
        awaited TEXT NOT NULL DEFAULT '[]',  -- JSON: the accounts the game waits for
        last_move REAL NOT NULL,
        created REAL NOT NULL,
        note TEXT NOT NULL DEFAULT ''   -- why it failed
    ) WITHOUT ROWID;
    CREATE INDEX server_tables_state ON server_tables (state);
    """,
    # 6 -> 7: `bohn server`'s private tables, and when each person's wait began (a restart
    # goes on with it: the stand-in comes after the creator's time, not after a new one)
    """
    ALTER TABLE server_tables ADD COLUMN private INTEGER NOT NULL DEFAULT 0;  -- 1: players only
    ALTER TABLE server_tables ADD COLUMN waits TEXT NOT NULL DEFAULT '{}';  -- {account: since}
    -- (and a table's note is its result once it is over, as well as why it failed)
    """,
    # 7 -> 8: a `bohn server` table with bots rated when its creator chose so (the people's
    # places among themselves; by default a table with bots is unrated)
    """
    ALTER TABLE server_tables ADD COLUMN rate_bots INTEGER NOT NULL DEFAULT 0;
    """,
    # 8 -> 9: the accounts of a `bohn server` table a bot plays for now (its creator's time
    # passed, or the others chose it for a person long awaited), kept so that a restarted
    # server goes on with them; a table the others ended is 'abandoned' (a state, no column)
    """
    ALTER TABLE server_tables ADD COLUMN standins TEXT NOT NULL DEFAULT '[]';
    """,
    # 9 -> 10: the accounts that resigned at a `bohn server` table, in the order they did
    # (a bot plays each one's seat to the end, for good; they rank last among the people)
    """
    ALTER TABLE server_tables ADD COLUMN resigned TEXT NOT NULL DEFAULT '[]';
    """,
    # 10 -> 11: a result's seat whose person resigned (a bot played it to the end): ranked
    # last, never won, its score not the person's (the statistics leave it out)
    """
    ALTER TABLE result_seats ADD COLUMN resigned INTEGER NOT NULL DEFAULT 0;
    """,
]
VERSION = len(MIGRATIONS)
LATEST = 1e11  # seconds since the epoch: a time after it (the year 5138) is not one


class DatabaseError(Exception):
    """The database cannot be opened or used; the message says which file and why."""


class StoreError(ValueError):
    """A game that cannot be saved, read or found; the message (one line) says why. (Here,
    beside the schema, so that a screen may catch it without importing the store, which
    replays games through the session.)"""

    def __init__(self, message: str) -> None:
        super().__init__(clip(" ".join(message.split())))


class BadText(str):
    """Text of the database that is not valid UTF-8, read with replacement characters (the
    connection's text_factory): it never stops a read, and a check that cares refuses it."""


def read_text(raw: bytes) -> str:
    """The connection's text_factory: a TEXT value as str, never an exception."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return BadText(raw.decode("utf-8", "replace"))


PRIVATE_DIR = 0o700  # the data folder and every folder the store makes
PRIVATE_FILE = 0o600  # the database, its -wal and -shm, exports


def private_dir(folder: Path) -> None:
    """Make `folder` and its missing parents, each for its owner only (an existing folder
    is left as it is: it may be one the user chose)."""
    missing = []
    for p in (folder, *folder.parents):
        if p.is_dir():
            break
        missing.append(p)
    for p in reversed(missing):
        try:
            p.mkdir(mode=PRIVATE_DIR)
        except FileExistsError:
            pass


def private_file(path: Path) -> None:
    """Create `path` empty for its owner only, or make an existing one of ours that others
    may read so (SQLite gives the -wal and -shm files the database's mode)."""
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, PRIVATE_FILE)
    except FileExistsError:
        for p in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            try:
                st = p.lstat()  # a link, a folder or another's file is left alone
                if S_ISREG(st.st_mode) and st.st_uid == os.getuid() and st.st_mode & 0o077:
                    p.chmod(PRIVATE_FILE)
            except OSError:
                pass  # not there, or not ours to change
    else:
        os.close(fd)


def why(e: Exception) -> str:
    """SQLite's reason, also when it names bytes that are not UTF-8 (the message of a damaged
    schema quotes them, and Python then cannot decode the message itself)."""
    if isinstance(e, UnicodeDecodeError):
        raw = e.object if isinstance(e.object, bytes) else bytes(e.object)
        return clip(raw.decode("utf-8", "replace"), 200)
    return str(e)


_TABLES: dict[str, set[str]] = {}


def tables() -> dict[str, set[str]]:
    """The tables of the schema and their columns (read once from a database in memory)."""
    if not _TABLES:
        mem = sqlite3.connect(":memory:")
        for script in MIGRATIONS:
            mem.executescript(script)
        for (name,) in mem.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
            _TABLES[name] = {row[1] for row in mem.execute(f"PRAGMA table_info({name})")}
        mem.close()
    return _TABLES


def _check_schema(db: sqlite3.Connection, path: Path) -> None:
    """DatabaseError unless every table of the schema is there with its columns."""
    for name, columns in tables().items():
        have = {row[1] for row in db.execute(f"PRAGMA table_info({name})")}
        if not columns <= have:
            what = f"lacks the table {name}" if not have else f"has a table {name} of another form"
            raise DatabaseError(f"{path} is not a bohn database: it {what}")


def connect(path: Path) -> sqlite3.Connection:
    """Open (and create or migrate) the database at `path`: WAL, foreign keys on,
    synchronous=NORMAL (a killed process loses nothing committed; only a power cut may
    lose the last moves). The folders it makes are its owner's only, and so is the file.
    DatabaseError (one line naming the file) if it is not a database of this program or is
    damaged. Text that is not UTF-8 is read as BadText, never an exception."""
    try:
        private_dir(path.parent)
        private_file(path)
        db = sqlite3.connect(path, timeout=5.0, isolation_level=None, check_same_thread=False)
    except (OSError, sqlite3.Error) as e:
        raise DatabaseError(f"{path} cannot be opened: {why(e)}") from None
    db.text_factory = read_text
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA foreign_keys=ON")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:
            raise DatabaseError(
                f"{path} was written by a newer version of bohn (schema {version}; "
                f"this one reads up to {VERSION})"
            )
        for n in range(version, VERSION):
            script = MIGRATIONS[n] + f"\nPRAGMA user_version={n + 1};\nCOMMIT;"
            try:
                db.executescript("BEGIN IMMEDIATE;" + script)  # one migration, all or nothing
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
        _check_schema(db, path)
    except (sqlite3.Error, UnicodeDecodeError) as e:
        db.close()
        raise DatabaseError(
            clip(f"{path} is not a bohn database or is damaged: {why(e)}")
        ) from None
    except DatabaseError:
        db.close()
        raise
    return db
