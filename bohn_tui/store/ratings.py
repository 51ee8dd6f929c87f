"""Ratings per account and game (issue #26, `bohn server`): openskill's Plackett-Luce model,
one rating (mu, sigma) per account name and game id, updated when a rated game ends; the
leaderboard orders by openskill's conservative `ordinal()` (mu - 3 sigma), stored beside the
rating so that reading a board needs no openskill (it is imported only by `update_ratings`).

An account is its name compared regardless of case (`str.casefold`): "Ana" and "ANA" are one
rating, shown as last written. Local (hot-seat) games have no accounts and are never rated
(docs/formats.md, "Ratings"). A row that fails RATING_CHECKS (a mu that is text such as
'NaN', a blob, or infinite; a NaN itself cannot be written: SQLite stores it as NULL, which
the schema refuses) is left out of every read and named by the statistics' skipped lines;
an update that would build on one refuses in one line and changes nothing."""

from __future__ import annotations

import json
import math
import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from bohn_tui.engine.limits import MAX_PLAYERS, MAX_STRING, InputError, check_name, show
from bohn_tui.store.db import StoreError, why
from bohn_tui.store.results import GOOD_SEATS, Checks

BOARD = 20  # rows of a leaderboard by default
MAX_BOARD = 1000  # rows of a leaderboard at most
BIG = 1e9  # mu, sigma and the ordinal lie within it


def _text(column: str) -> str:
    return f"typeof({column}) = 'text' AND length({column}) BETWEEN 1 AND {MAX_STRING}"


def _number(column: str, low: str) -> str:
    return f"typeof({column}) IN ('integer', 'real') AND {column} {low} AND {column} <= {BIG}"


RATING_CHECKS = Checks(
    (
        (_text("account"), "its account is not text"),
        (_text("game"), "its game is not a game id"),
        (_text("name"), "its name is not text"),
        (_number("mu", f">= {-BIG}"), "its mu is not a number"),
        (_number("sigma", "> 0"), "its sigma is not a positive number"),
        (_number("ordinal", f">= {-BIG}"), "its ordinal is not a number"),
        (
            "typeof(games) = 'integer' AND games BETWEEN 1 AND 1000000000",
            "its games are not a count",
        ),
    )
)
_GOOD = RATING_CHECKS.good
_ROW = "name, game, mu, sigma, ordinal, games"


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One account's rating in one game: `ordinal` is openskill's conservative estimate
    (mu - 3 sigma), the figure of the leaderboard; `games` the rated games it rests on."""

    name: str
    game_id: str  # the registry's game id
    mu: float
    sigma: float
    ordinal: float
    games: int


def account(name: str) -> str:
    """The key of an account's name: names differing only in case are one account."""
    return name.casefold()


def update_ratings(
    conn: sqlite3.Connection,
    game_id: str,
    places: Sequence[tuple[str, int]],
    *,
    game: str | None = None,
) -> None:
    """Rate the finished game `game_id` (the store's id of the game played, as in `games`
    and `results`): `places` is each account's (name, place), 1 the first, equal places a
    tie (as engine.ranking.places gives them). The registry game whose ratings change is
    `game`, or by default the one the database records for `game_id`.

    One transaction (inside the caller's, as a savepoint, when one is open): every rating
    or none. Idempotent: the game id is recorded, and a game already rated changes nothing.
    Fewer than two accounts rate nothing. StoreError (one line) for places that are not
    names and places, a name given twice (regardless of case), an unknown game, a damaged
    rating of one of these accounts, or a database that cannot be written; nothing changes."""
    entries = _entries(places)
    if len(entries) < 2:
        return
    with _writing(conn, f"the ratings of game {show(game_id)} cannot be saved"):
        if conn.execute("SELECT 1 FROM rated_games WHERE game_id = ?", (game_id,)).fetchone():
            return  # rated already
        kind = game if game is not None else _game_of(conn, game_id)
        olds = [_stored(conn, key, kind) for key, _, _ in entries]
        news = _rate(olds, [place for _, _, place in entries])
        now = time.time()
        for (key, name, _), old, (mu, sigma, ordinal) in zip(entries, olds, news, strict=True):
            conn.execute(
                "INSERT INTO ratings (account, game, name, mu, sigma, ordinal, games, updated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (account, game) DO UPDATE SET "
                "name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, "
                "ordinal = excluded.ordinal, games = excluded.games, updated = excluded.updated",
                (key, kind, name, mu, sigma, ordinal, (old[2] if old else 0) + 1, now),
            )
        conn.execute(
            "INSERT INTO rated_games (game_id, game, places, rated) VALUES (?, ?, ?, ?)",
            (game_id, kind, json.dumps([[n, p] for _, n, p in entries]), now),
        )


def leaderboard(conn: sqlite3.Connection, game_id: str, limit: int = BOARD) -> list[RatingRow]:
    """The best `limit` ratings of the registry game `game_id`: the highest ordinal first
    (then more games, then the name). Damaged rows are left out."""
    limit = max(0, min(int(limit), MAX_BOARD))
    return _read(
        conn,
        f"SELECT {_ROW} FROM ratings WHERE game = ? AND {_GOOD} "
        "ORDER BY ordinal DESC, games DESC, account LIMIT ?",
        (game_id, limit),
    )


def ratings_for(conn: sqlite3.Connection, name: str) -> list[RatingRow]:
    """Every rating of the account `name` (regardless of case), by game id."""
    return _read(
        conn,
        f"SELECT {_ROW} FROM ratings WHERE account = ? AND {_GOOD} ORDER BY game",
        (account(name),),
    )


def rated_games(conn: sqlite3.Connection) -> list[str]:
    """The registry games that have at least one (good) rating, by id."""
    try:
        return [str(g) for (g,) in conn.execute(f"SELECT DISTINCT game FROM ratings WHERE {_GOOD}")]
    except sqlite3.Error as e:
        raise StoreError(f"the ratings cannot be read: {why(e)}") from None


def boards(
    conn: sqlite3.Connection, player: str | None = None, game: str | None = None
) -> tuple[RatingRow, ...]:
    """For the statistics: `player`'s ratings (of `game`), or else the leaderboard of each
    rated game (or of `game`), one after another by game id."""
    if player is not None:
        return tuple(r for r in ratings_for(conn, player) if game is None or r.game_id == game)
    games = sorted(rated_games(conn)) if game is None else [game]
    return tuple(row for g in games for row in leaderboard(conn, g))


def rename_account(conn: sqlite3.Connection, old: str, new: str) -> int:
    """Move the ratings of the account `old` to the name `new` (`bohn server accounts
    rename`); how many moved. StoreError (one line, nothing changed) when `new` is not a
    name or another account already has a rating in one of the same games."""
    try:
        check_name(new, "the new name")
    except InputError as e:
        raise StoreError(str(e)) from None
    with _writing(conn, f"the ratings of {show(old)} cannot be renamed"):
        try:
            cur = conn.execute(
                "UPDATE ratings SET account = ?, name = ? WHERE account = ?",
                (account(new), new, account(old)),
            )
        except sqlite3.IntegrityError:
            raise StoreError(
                f"{show(new)} already has a rating in a game of {show(old)}: nothing renamed"
            ) from None
        return cur.rowcount


def result_places(
    conn: sqlite3.Connection, game_id: str, with_bots: bool = False
) -> list[tuple[str, int]] | None:
    """The people's (name, place) of the finished game `game_id` as its result records them
    (result_seats.rank: engine.ranking's places, the end screen's order and ties), for
    `update_ratings`; None when there is no result, or a seat was a bot and `with_bots` is
    not set (a game with bots is unrated unless its creator chose otherwise: then the bots'
    seats are left out and the people keep their order)."""
    try:
        seats = conn.execute(
            f"SELECT s.name, s.rank, s.bot FROM {GOOD_SEATS} s WHERE s.game_id = ? ORDER BY s.seat",
            (game_id,),
        ).fetchall()
    except sqlite3.Error as e:
        raise StoreError(f"the result of game {show(game_id)} cannot be read: {why(e)}") from None
    if not seats or (not with_bots and any(bot is not None for _, _, bot in seats)):
        return None
    return [(str(name), int(rank)) for name, rank, bot in seats if bot is None]


def skipped_lines(conn: sqlite3.Connection, shown: int) -> tuple[list[str], int]:
    """The first `shown` damaged rating rows, one line each (which and why), and how many
    there are."""
    bad = f"FROM ratings WHERE NOT ({_GOOD})"
    lines = [
        f"Skipped the rating of {show(name)} in {show(game)}: {reason}."
        for name, game, reason in conn.execute(
            f"SELECT name, game, {RATING_CHECKS.why} {bad} ORDER BY game, account LIMIT ?", (shown,)
        )
    ]
    return lines, int(conn.execute(f"SELECT COUNT(*) {bad}").fetchone()[0])


# -- inside -----------------------------------------------------------------------------------


def _entries(places: object) -> list[tuple[str, str, int]]:
    """(account, name, place) of each entry, checked: StoreError in one line."""
    if isinstance(places, str | bytes) or not isinstance(places, Sequence):
        raise StoreError(f"the places must be a list of (name, place), not {show(places)}")
    if len(places) > MAX_PLAYERS:
        raise StoreError(f"{len(places)} places: a game seats at most {MAX_PLAYERS}")
    out: list[tuple[str, str, int]] = []
    seen: set[str] = set()
    for entry in places:
        if not isinstance(entry, tuple | list) or len(entry) != 2:
            raise StoreError(f"a place must be (name, place), not {show(entry)}")
        name, place = entry
        try:
            check_name(name, "an account's name")
        except InputError as e:
            raise StoreError(str(e)) from None
        if isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= MAX_PLAYERS:
            raise StoreError(
                f"the place of {show(name)} must be 1 to {MAX_PLAYERS}, not {show(place)}"
            )
        key = account(name)
        if key in seen:
            raise StoreError(f"{show(name)} is given twice (names are compared regardless of case)")
        seen.add(key)
        out.append((key, name, place))
    return out


@contextmanager
def _writing(conn: sqlite3.Connection, what: str) -> Iterator[None]:
    """One write transaction, or a savepoint inside the caller's; rolled back on any error
    (a sqlite3 error is a StoreError starting with `what`)."""
    inside = conn.in_transaction
    try:
        conn.execute("SAVEPOINT ratings" if inside else "BEGIN IMMEDIATE")
    except sqlite3.Error as e:
        raise StoreError(f"{what}: {why(e)}") from None
    try:
        yield
        conn.execute("RELEASE ratings" if inside else "COMMIT")
    except BaseException as e:
        try:
            if inside:
                conn.execute("ROLLBACK TO ratings")
                conn.execute("RELEASE ratings")
            elif conn.in_transaction:
                conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass
        if isinstance(e, sqlite3.Error):
            raise StoreError(f"{what}: {why(e)}") from None
        raise


def _game_of(conn: sqlite3.Connection, game_id: str) -> str:
    for sql in (
        "SELECT game FROM results WHERE game_id = ?",
        "SELECT game FROM games WHERE id = ?",
    ):
        row = conn.execute(sql, (game_id,)).fetchone()
        if row is not None and isinstance(row[0], str) and row[0]:
            return row[0]
    raise StoreError(
        f"game {show(game_id)} is not in the database: say which game it was (game=...)"
    )


def _stored(conn: sqlite3.Connection, key: str, game: str) -> tuple[float, float, int] | None:
    """(mu, sigma, games) of an account's rating, None for none; StoreError if damaged."""
    row = conn.execute(
        f"SELECT mu, sigma, games, {_GOOD}, {RATING_CHECKS.why}, name FROM ratings "
        "WHERE account = ? AND game = ?",
        (key, game),
    ).fetchone()
    if row is None:
        return None
    mu, sigma, games, good, reason, name = row
    if not good:
        raise StoreError(
            f"the rating of {show(name if isinstance(name, str) else key)} in {show(game)} is "
            f"damaged ({reason}): nothing was rated"
        )
    return float(mu), float(sigma), int(games)


def _rate(
    olds: list[tuple[float, float, int] | None], places: list[int]
) -> list[tuple[float, float, float]]:
    """openskill's new (mu, sigma, ordinal) of each seat, from its rating or the prior."""
    try:
        from openskill.models import PlackettLuce
    except ImportError as e:  # a broken install: say what is missing
        raise StoreError(f"ratings need openskill: {e}") from None
    model = PlackettLuce()
    teams = [[model.rating() if o is None else model.rating(mu=o[0], sigma=o[1])] for o in olds]
    out = []
    for (rating,) in model.rate(teams, ranks=list(places)):
        new = (float(rating.mu), float(rating.sigma), float(rating.ordinal()))
        if not all(math.isfinite(x) and abs(x) <= BIG for x in new):
            raise StoreError(f"openskill gave a rating that is not a number: {show(new)}")
        out.append(new)
    return out


def _read(conn: sqlite3.Connection, sql: str, args: tuple[Any, ...]) -> list[RatingRow]:
    try:
        rows = conn.execute(sql, args).fetchall()
    except sqlite3.Error as e:
        raise StoreError(f"the ratings cannot be read: {why(e)}") from None
    return [
        RatingRow(str(n), str(g), float(m), float(s), float(o), int(k)) for n, g, m, s, o, k in rows
    ]
