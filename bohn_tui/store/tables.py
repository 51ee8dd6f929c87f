"""The tables of `bohn server` (issue #26): who sits where, whether they are open, running or
over, whom they wait for and when the last move was. A running table's game is an ordinary
saved game (`save_id`); this row is what the lobby lists and what a restarted server opens
again. A seat is {"account": id}, {"bot": level} or {} (open: the first to join takes it).

A public table is listed to everyone (its open seats to take, watched once it runs); a
private one only to its players (its creator among them): only they see it, and only they
may watch it (`visible`). A private table has no open seats: its people are named.

A person the game has waited for while they were away for ABSENT_SECONDS (3 days), or the
table's stand-in time if that is shorter, is *long awaited* (`long_awaited`): each other
person seated at the table may then, from the lobby, let a bot play that seat (it stays the
person's: they take it back by coming to the table) or end the table (ABANDONED: unrated,
kept in the lobbies for a week as abandoned, no longer one of its creator's MAX_TABLES).
The server decides it (net/tables.py), from its own rows and clock.

A person seated at a running table may resign it (`resigned`, in the order they did): a bot
plays their seat to the end, for good (the seat's code is no more: they may watch it only),
and they rank last among the people when it is rated (`rated_places`). A table with nobody
left to play against (no person who has not resigned, or one and no bot of its own but the
resigners' stand-ins: `ends_if_resigned`) ends then: over, rated so. A table one has
resigned is no longer one of their MAX_TABLES.

A person seated at an open table (one who joined it, or was named by its creator) may leave
it before it starts (`leave`): the seat is open again and the note names who left, until the
seat is taken. Its creator leaves it by cancelling it (`cancel`): over, for everyone at it."""

from __future__ import annotations

import json
import secrets
import sqlite3
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bohn_tui.store.accounts import names_of

MODES = ("live", "correspondence")
STANDIN_HOURS = (1, 24, 72)  # the choices of hours a person may be away before a bot plays
OPEN, RUNNING, OVER, FAILED = "open", "running", "over", "failed"
ABANDONED = "abandoned"  # ended by the others at it, a person long awaited (never rated)
ENDED = (OVER, FAILED, ABANDONED)  # the states of a table that runs no more
MAX_TABLES = 20  # open or running tables one account may have made (and not resigned)
ABSENT_SECONDS = 3 * 86400.0  # how long a person away is awaited before the others decide


@dataclass
class TableRow:
    id: str
    game: str
    save_id: str | None
    creator: int
    seats: list[dict[str, Any]]
    mode: str
    state: str
    awaited: list[int] = field(default_factory=list)
    last_move: float = 0.0
    created: float = 0.0
    note: str = ""
    standin: float | None = None  # seconds a person may be away before a bot plays for them
    private: bool = False  # seen and watched by its players only
    waits: dict[int, float] = field(default_factory=dict)  # account -> since when it waits
    rate_bots: bool = False  # rated at its end although bots sit there (the creator's choice)
    standins: list[int] = field(default_factory=list)  # accounts a bot plays for now
    resigned: list[int] = field(default_factory=list)  # accounts that resigned, in order

    def accounts(self) -> list[int]:
        return [int(s["account"]) for s in self.seats if "account" in s]

    def playing(self) -> list[int]:
        """The accounts seated here that have not resigned."""
        return [a for a in self.accounts() if a not in self.resigned]

    def ends_if_resigned(self, account: int) -> bool:
        """Whether the game ends when `account` resigns: nobody would be left to play
        (no other person who has not resigned, or one and no bot seat of the table's
        own: only the resigners' stand-ins to play against)."""
        left = [a for a in self.playing() if a != account]
        return not left or (len(left) == 1 and not self.bots())

    def rated(self) -> bool:
        """Whether the table is rated at its end: two people at least, and no bots or its
        creator chose it rated with bots (`rate_bots`)."""
        return (not self.bots() or self.rate_bots) and len(self.accounts()) >= 2

    def counts_for(self, account: int) -> bool:
        """Whether this is one of the tables `account` made that count against its
        MAX_TABLES: open or running, and not resigned by it."""
        live = self.state in (OPEN, RUNNING)
        return live and self.creator == account and account not in self.resigned

    def open_seats(self) -> int:
        return sum(1 for s in self.seats if not s)

    def bots(self) -> int:
        return sum(1 for s in self.seats if "bot" in s)

    def visible(self, account: int) -> bool:
        """Whether the account may see the table (and watch it): a public one, or a private
        one it sits at or made."""
        return not self.private or account == self.creator or account in self.accounts()

    def absent_after(self) -> float:
        """Seconds a person away is awaited before the others may decide (`long_awaited`):
        ABSENT_SECONDS, or the table's stand-in time if that is shorter."""
        return ABSENT_SECONDS if self.standin is None else min(ABSENT_SECONDS, self.standin)

    def long_awaited(self, now: float, by: int | None = None) -> list[int]:
        """The accounts this running table has awaited, away, for `absent_after` or longer;
        with `by`, only if `by` sits at it, and never `by` itself (about whom the others,
        not they, decide)."""
        if self.state != RUNNING or (by is not None and by not in self.playing()):
            return []
        limit = self.absent_after()
        return [
            a
            for a, since in self.waits.items()
            if a != by and a in self.awaited and now - since >= limit
        ]


_COLUMNS = (
    "id, game, save_id, creator, seats, mode, state, awaited, last_move, created, note, standin,"
    " private, waits, rate_bots, standins, resigned"
)


def _row(r: tuple[Any, ...]) -> TableRow:
    return TableRow(
        str(r[0]),
        str(r[1]),
        None if r[2] is None else str(r[2]),
        int(r[3]),
        list(json.loads(r[4])),
        str(r[5]),
        str(r[6]),
        [int(a) for a in json.loads(r[7])],
        float(r[8]),
        float(r[9]),
        str(r[10]),
        None if r[11] is None else float(r[11]),
        bool(r[12]),
        {int(a): float(since) for a, since in json.loads(r[13]).items()},
        bool(r[14]),
        [int(a) for a in json.loads(r[15])],
        [int(a) for a in json.loads(r[16])],
    )


def new_table(
    db: sqlite3.Connection,
    game: str,
    creator: int,
    seats: list[dict[str, Any]],
    mode: str,
    standin: float | None = None,
    private: bool = False,
    now: float | None = None,
    rate_bots: bool = False,
) -> TableRow:
    now = time.time() if now is None else now
    row = TableRow(secrets.token_hex(6), game, None, creator, seats, mode, OPEN, [], now, now)
    row.standin, row.private, row.rate_bots = standin, private, rate_bots
    marks = ", ".join("?" * 17)
    db.execute(
        f"INSERT INTO server_tables ({_COLUMNS}) VALUES ({marks})",
        (row.id, game, None, creator, json.dumps(seats), mode, OPEN, "[]", now, now, "", standin)
        + (int(private), "{}", int(rate_bots), "[]", "[]"),
    )
    return row


def get(db: sqlite3.Connection, table_id: str) -> TableRow | None:
    r = db.execute(f"SELECT {_COLUMNS} FROM server_tables WHERE id = ?", (table_id,)).fetchone()
    return None if r is None else _row(r)


def in_state(db: sqlite3.Connection, *states: str) -> list[TableRow]:
    marks = ", ".join("?" for _ in states)
    rows = db.execute(
        f"SELECT {_COLUMNS} FROM server_tables WHERE state IN ({marks}) ORDER BY last_move DESC",
        states,
    )
    return [_row(r) for r in rows]


def update(db: sqlite3.Connection, row: TableRow) -> None:
    db.execute(
        "UPDATE server_tables SET save_id = ?, seats = ?, state = ?, awaited = ?, last_move = ?,"
        " note = ?, waits = ?, standins = ?, resigned = ? WHERE id = ?",
        (
            row.save_id,
            json.dumps(row.seats),
            row.state,
            json.dumps(row.awaited),
            row.last_move,
            row.note,
            json.dumps({str(a): since for a, since in row.waits.items()}),
            json.dumps(row.standins),
            json.dumps(row.resigned),
            row.id,
        ),
    )


def update_running(db: sqlite3.Connection, row: TableRow) -> None:
    """A running table's whom-it-waits-for and since when, whom a bot plays for and its note
    (what the server derives from its game), written only while the row says it runs (it
    never undoes a table's end)."""
    db.execute(
        "UPDATE server_tables SET awaited = ?, last_move = ?, waits = ?, standins = ?, note = ?"
        " WHERE id = ? AND state = ?",
        (
            json.dumps(row.awaited),
            row.last_move,
            json.dumps({str(a): since for a, since in row.waits.items()}),
            json.dumps(row.standins),
            row.note,
            row.id,
            RUNNING,
        ),
    )


CANCELLED = "cancelled by its creator before it started"


CLOSED = "cancelled: its creator's account was closed"


def cancel(db: sqlite3.Connection, table_id: str, creator: int, note: str = CANCELLED) -> bool:
    """The open table `table_id` of `creator` ends before it started (over, its note says
    so: `note`): whether it did (False: it is none of theirs, or not open any more)."""
    cur = db.execute(
        "UPDATE server_tables SET state = ?, note = ? WHERE id = ? AND state = ? AND creator = ?",
        (OVER, note, table_id, OPEN, creator),
    )
    return cur.rowcount == 1


def leave(db: sqlite3.Connection, table_id: str, account: int, note: str) -> TableRow | None:
    """The account leaves the open table it joined (or was named at) before it started: its
    seat is open again (`{}`), the row's note says who left (`note`); None if it is not
    theirs to leave (not seated there, its creator's: `cancel`, started or over, private)."""

    def change(row: TableRow) -> bool:
        if account not in row.accounts() or account == row.creator or row.private:
            return False
        seat = next(i for i, s in enumerate(row.seats) if s.get("account") == account)
        row.seats[seat], row.note = {}, note
        return True

    return _seat_change(db, table_id, change)


def take_open_seat(db: sqlite3.Connection, table_id: str, account: int) -> TableRow | None:
    """The account takes the table's first open seat (None: none is open, or it sits there
    already)."""

    def change(row: TableRow) -> bool:
        if account in row.accounts() or not row.open_seats() or not row.visible(account):
            return False
        seat = next(i for i, s in enumerate(row.seats) if not s)
        row.seats[seat], row.note = {"account": account}, ""  # (who left: no more)
        return True

    return _seat_change(db, table_id, change)


def _seat_change(
    db: sqlite3.Connection, table_id: str, change: Callable[[TableRow], bool]
) -> TableRow | None:
    """An open table's seats changed by `change` (False: it may not, and nothing is), in
    one transaction with every other change of seats; the row, or None."""
    db.execute("BEGIN IMMEDIATE")
    try:
        row = get(db, table_id)
        if row is None or row.state != OPEN or not change(row):
            db.execute("ROLLBACK")
            return None
        update(db, row)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return row


@dataclass(frozen=True)
class Listed:
    """A table as the lobby lists it for one account."""

    row: TableRow
    names: list[str]  # each seat's: an account's name, "Cem (level)" or "(open)"
    yours: bool  # the account sits at it
    your_turn: bool  # ... and it waits for them


def seat_names(
    db: sqlite3.Connection, row: TableRow, names: Mapping[int, str] | None = None
) -> list[str]:
    """Each seat's name; the accounts' from `names` when given (else read one by one)."""
    if names is None:
        names = names_of(db, row.accounts())
    out = []
    for s in row.seats:
        if "account" in s:
            name = names.get(int(s["account"]), "(gone)")
            out.append(f"{name} (resigned)" if int(s["account"]) in row.resigned else name)
        elif "bot" in s:  # the table's name for it (given when it starts), and its level
            out.append(f"{s.get('name') or 'bot'} ({s['bot']})")
        else:
            out.append("(open)")
    return out


def rated_places(row: TableRow, where: Mapping[int, int] | None) -> list[tuple[int, int]]:
    """Each person's (account, place) for the ratings: those who did not resign by the
    game's places `where` (seat -> place; None: the game ended by a resign, and they are
    first), then the resigners below them all, the last to resign first."""
    out = []
    for seat, s in enumerate(row.seats):
        if "account" in s and int(s["account"]) not in row.resigned:
            out.append((int(s["account"]), 1 if where is None else where[seat]))
    below = max((place for _, place in out), default=0)
    for n, a in enumerate(reversed(row.resigned)):
        out.append((a, below + 1 + n))
    return out


WEEK = 7 * 86400.0  # how long a game over (or failed) stays in its people's lobbies


def lobby(
    db: sqlite3.Connection, account: int, now: float | None = None
) -> dict[str, list[Listed]]:
    """The account's lobby: "yours" (the games it sits at, those that wait for it first,
    then by the last move; those over or failed for a week), "open" (tables with an open
    seat it may take), "watch" (running tables of others); private tables only where it
    sits or that it made. Two statements however many tables there are: the rows that can
    be listed (no game over for longer than WEEK), then the names of their accounts at once."""
    since = (time.time() if now is None else now) - WEEK
    rows = db.execute(
        f"SELECT {_COLUMNS} FROM server_tables WHERE state IN (?, ?)"
        " OR (state IN (?, ?, ?) AND last_move >= ?) ORDER BY last_move DESC",
        (OPEN, RUNNING, *ENDED, since),
    )
    kept: list[tuple[str, TableRow]] = []
    for r in rows:
        row = _row(r)
        if not row.visible(account):
            continue
        mine = account in row.accounts()
        if mine and (row.state in (OPEN, RUNNING) or row.last_move >= since):
            kept.append(("yours", row))
        elif row.state == OPEN and row.open_seats():
            kept.append(("open", row))
        elif row.state == RUNNING:
            kept.append(("watch", row))
    names = names_of(db, (a for _, row in kept for a in row.accounts()))
    out: dict[str, list[Listed]] = {"yours": [], "open": [], "watch": []}
    for part, row in kept:
        mine = part == "yours"
        item = Listed(row, seat_names(db, row, names), mine, mine and account in row.awaited)
        out[part].append(item)
    out["yours"].sort(key=lambda t: (not t.your_turn, t.row.state in ENDED, -t.row.last_move))
    return out


__all__ = [
    "ABANDONED",
    "ABSENT_SECONDS",
    "ENDED",
    "MAX_TABLES",
    "FAILED",
    "MODES",
    "OPEN",
    "OVER",
    "RUNNING",
    "Listed",
    "CANCELLED",
    "CLOSED",
    "TableRow",
    "cancel",
    "get",
    "in_state",
    "leave",
    "lobby",
    "new_table",
    "rated_places",
    "seat_names",
    "take_open_seat",
    "update",
    "update_running",
]
