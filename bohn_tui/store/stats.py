"""Statistics over the database (store/db.py has the tables): for each person's name the
games, wins and win rate by game and player count, best and mean score, recent results;
the solo runs (wins, the best run, streaks, the daily runs); each bot level's record in the
games that people played against it; the ratings (a player's, or each game's leaderboard);
and the series the Statistics screen plots (wins over time, the spread of scores).

Pure functions over a connection from `db.connect`, each returning frozen dataclasses (plain
values only, so `dataclasses.asdict` gives their JSON form); `player` and `game` filter
every one of them. Player tables count the people's seats only: a bot's seat counts in its
level's record. `load(path, ...)` reads everything at once and never creates a database."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bohn_tui.engine.limits import show
from bohn_tui.store.db import DatabaseError, StoreError, connect, why
from bohn_tui.store.ratings import RatingRow, boards, skipped_lines
from bohn_tui.store.results import (
    GOOD_SEATS,
    GOOD_SOLO,
    RESULT_CHECKS,
    SEAT_CHECKS,
    SOLO_BEST_ORDER,
    SOLO_CHECKS,
)

RECENT = 10  # recent results kept per player
SKIPPED = 5  # bad rows named, at most


def rate(wins: int, games: int) -> float:
    return wins / games if games else 0.0


@dataclass(frozen=True, slots=True)
class GameLine:
    """One player's record in one game at one player count."""

    game: str
    title: str
    players: int
    games: int
    wins: int
    win_rate: float
    best: int
    mean: float


@dataclass(frozen=True, slots=True)
class Recent:
    game_id: str
    game: str
    title: str
    players: int
    finished: float  # seconds since the epoch
    score: int
    rank: int
    won: bool
    resigned: bool  # the person resigned: a bot played the seat to the end (ranked last)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    name: str
    games: int
    wins: int
    win_rate: float
    best: int
    mean: float
    lines: tuple[GameLine, ...]  # by game, then player count
    recent: tuple[Recent, ...]  # newest first


@dataclass(frozen=True, slots=True)
class BestRun:
    game: str
    seed: int
    daily: str | None  # the ISO day of a daily run
    won: bool
    turns: int
    coins: int
    name: str
    played_at: float


@dataclass(frozen=True, slots=True)
class DailyRun:
    day: str  # ISO date
    runs: int
    won: bool  # whether a run of that day was won


@dataclass(frozen=True, slots=True)
class SoloStats:
    runs: int
    wins: int
    win_rate: float
    best: BestRun | None
    current_streak: int  # wins in a row up to the last run
    longest_streak: int
    days: tuple[DailyRun, ...]  # newest first


@dataclass(frozen=True, slots=True)
class BotRecord:
    """A bot level in the games where at least one seat was a person (the named one, when
    filtered by player): `bot_wins` counts the games a bot of this level won (once a game,
    however many of its seats played), `people_wins` those a person won (a tie counts for
    both)."""

    level: str
    games: int
    bot_wins: int
    bot_win_rate: float
    people_wins: int
    people_win_rate: float


@dataclass(frozen=True, slots=True)
class WinSeries:
    """Cumulative wins of one player: (game number, wins so far) after each of their games,
    the games numbered 1, 2, ... in the order they finished (of all the games filtered)."""

    name: str
    points: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class ScoreSpread:
    game: str
    title: str
    scores: tuple[int, ...]  # the people's final scores, lowest first


@dataclass(frozen=True, slots=True)
class Stats:
    player: str | None  # the filters
    game: str | None
    games: int  # finished games with at least one person that the filters match
    players: tuple[PlayerStats, ...]  # most games first
    solo: SoloStats
    bots: tuple[BotRecord, ...]
    wins_over_time: tuple[WinSeries, ...]
    spread: tuple[ScoreSpread, ...]
    skipped: tuple[str, ...] = ()  # one line per bad row left out (`skipped`), unfiltered
    # `player`'s ratings, or each rated game's leaderboard (store/ratings.py `boards`)
    ratings: tuple[RatingRow, ...] = ()

    @property
    def empty(self) -> bool:
        return not self.games and not self.solo.runs and not self.ratings


# -- the queries ------------------------------------------------------------------------------


def _where(player: str | None, game: str | None, seat: str = "s") -> tuple[str, list[Any]]:
    """Person seats (of `player`) in results (of `game`): `r` is results, `seat` result_seats."""
    sql = f"{seat}.bot IS NULL"
    args: list[Any] = []
    if player is not None:
        sql += f" AND {seat}.name = ?"
        args.append(player)
    if game is not None:
        sql += " AND r.game = ?"
        args.append(game)
    return sql, args


_SEATS = f"{GOOD_SEATS} s JOIN results r ON r.game_id = s.game_id"
# a seat's score as the person's: none where they resigned (a bot played it to the end)
_OWN = "CASE WHEN s.resigned THEN NULL ELSE s.score END"


def player_stats(
    db: sqlite3.Connection,
    player: str | None = None,
    game: str | None = None,
    recent: int = RECENT,
) -> tuple[PlayerStats, ...]:
    where, args = _where(player, game)
    lines: dict[str, list[GameLine]] = {}
    for name, g, title, n, games, wins, best, mean in db.execute(
        f"SELECT s.name, r.game, MAX(r.title), r.players, COUNT(*), SUM(s.won), "
        f"COALESCE(MAX({_OWN}), 0), COALESCE(AVG({_OWN}), 0) FROM {_SEATS} WHERE {where} "
        "GROUP BY s.name, r.game, r.players ORDER BY s.name, r.game, r.players",
        args,
    ):
        line = GameLine(g, title, n, games, wins, rate(wins, games), best, mean)
        lines.setdefault(name, []).append(line)
    out = []
    for name, games, wins, best, mean in db.execute(
        f"SELECT s.name, COUNT(*), SUM(s.won), COALESCE(MAX({_OWN}), 0), "
        f"COALESCE(AVG({_OWN}), 0) FROM {_SEATS} "
        f"WHERE {where} GROUP BY s.name ORDER BY COUNT(*) DESC, s.name",
        args,
    ):
        rows = db.execute(
            "SELECT r.game_id, r.game, r.title, r.players, r.finished, s.score, s.rank, s.won, "
            "s.resigned "
            f"FROM {_SEATS} WHERE {where} AND s.name = ? "
            "ORDER BY r.finished DESC, r.game_id LIMIT ?",
            [*args, name, recent],
        )
        last = tuple(
            Recent(g, k, t, n, f, sc, rk, bool(w), bool(q)) for g, k, t, n, f, sc, rk, w, q in rows
        )
        out.append(
            PlayerStats(name, games, wins, rate(wins, games), best, mean, tuple(lines[name]), last)
        )
    return tuple(out)


def solo_stats(
    db: sqlite3.Connection, player: str | None = None, game: str | None = None
) -> SoloStats:
    conds, args = [], []
    if player is not None:
        conds.append("name = ?")
        args.append(player)
    if game is not None:
        conds.append("game = ?")
        args.append(game)
    where = f"WHERE {' AND '.join(conds)}" if conds else ""
    order = f"SELECT won FROM {GOOD_SOLO} {where} ORDER BY played_at, id"
    won = [bool(w) for (w,) in db.execute(order, args)]
    longest = streak = 0
    for w in won:
        streak = streak + 1 if w else 0
        longest = max(longest, streak)
    row = db.execute(
        f"SELECT game, seed, daily, won, turns, coins, name, played_at FROM {GOOD_SOLO} "
        f"{where} ORDER BY {SOLO_BEST_ORDER}, id LIMIT 1",
        args,
    ).fetchone()
    best = None
    if row:
        kind, seed, daily, won_it, turns, coins, name, at = row
        best = BestRun(kind, seed, daily, bool(won_it), turns, coins, name, at)
    days = tuple(
        DailyRun(day, runs, bool(w))
        for day, runs, w in db.execute(
            f"SELECT daily, COUNT(*), MAX(won) FROM {GOOD_SOLO} "
            f"{where + ' AND' if where else 'WHERE'} daily IS NOT NULL "
            "GROUP BY daily ORDER BY daily DESC",
            args,
        )
    )
    wins = sum(won)
    return SoloStats(len(won), wins, rate(wins, len(won)), best, streak, longest, days)


def bot_records(
    db: sqlite3.Connection, player: str | None = None, game: str | None = None
) -> tuple[BotRecord, ...]:
    where, args = _where(player, game, "p")
    out = []
    for level, games, bot_wins, people_wins in db.execute(
        "SELECT b.level, COUNT(*), SUM(b.won), SUM(p.won) FROM "
        f"(SELECT game_id, bot AS level, MAX(won) AS won FROM {GOOD_SEATS} "
        " WHERE bot IS NOT NULL GROUP BY game_id, bot) b "
        f"JOIN (SELECT p.game_id, MAX(p.won) AS won FROM {GOOD_SEATS} p "
        f"      JOIN results r ON r.game_id = p.game_id WHERE {where} GROUP BY p.game_id) p "
        "  ON p.game_id = b.game_id "
        "GROUP BY b.level ORDER BY b.level",
        args,
    ):
        out.append(
            BotRecord(
                level,
                games,
                bot_wins,
                rate(bot_wins, games),
                people_wins,
                rate(people_wins, games),
            )
        )
    return tuple(out)


def wins_over_time(
    db: sqlite3.Connection, player: str | None = None, game: str | None = None
) -> tuple[WinSeries, ...]:
    """One series per person (of `player`), in the order of `player_stats`."""
    where, args = _where(player, game)
    number: dict[str, int] = {}
    points: dict[str, list[tuple[int, int]]] = {}
    for game_id, name, won in db.execute(
        f"SELECT r.game_id, s.name, s.won FROM {_SEATS} WHERE {where} "
        "ORDER BY r.finished, r.game_id, s.seat",
        args,
    ):
        n = number.setdefault(game_id, len(number) + 1)
        mine = points.setdefault(name, [])
        if mine and mine[-1][0] == n:  # the same name twice at one table counts once
            continue
        mine.append((n, (mine[-1][1] if mine else 0) + int(won)))
    order = sorted(points, key=lambda name: (-len(points[name]), name))
    return tuple(WinSeries(name, tuple(points[name])) for name in order)


def score_spread(
    db: sqlite3.Connection, player: str | None = None, game: str | None = None
) -> tuple[ScoreSpread, ...]:
    where, args = _where(player, game)
    scores: dict[str, list[int]] = {}
    titles: dict[str, str] = {}
    for g, title, score in db.execute(
        f"SELECT r.game, r.title, s.score FROM {_SEATS} WHERE {where} AND NOT s.resigned "
        "ORDER BY r.game, s.score",
        args,
    ):
        scores.setdefault(g, []).append(score)
        titles.setdefault(g, title)
    return tuple(ScoreSpread(g, titles[g], tuple(v)) for g, v in scores.items())


def finished_games(
    db: sqlite3.Connection, player: str | None = None, game: str | None = None
) -> int:
    where, args = _where(player, game)
    return int(
        db.execute(
            f"SELECT COUNT(DISTINCT r.game_id) FROM {_SEATS} WHERE {where}", args
        ).fetchone()[0]
    )


def people(db: sqlite3.Connection) -> list[str]:
    """Every person's name with a finished game, most games first."""
    return [
        n
        for (n,) in db.execute(
            f"SELECT name FROM {GOOD_SEATS} WHERE bot IS NULL GROUP BY name "
            "ORDER BY COUNT(*) DESC, name"
        )
    ]


def stats(db: sqlite3.Connection, player: str | None = None, game: str | None = None) -> Stats:
    return Stats(
        player,
        game,
        finished_games(db, player, game),
        player_stats(db, player, game),
        solo_stats(db, player, game),
        bot_records(db, player, game),
        wins_over_time(db, player, game),
        score_spread(db, player, game),
        skipped(db),
        boards(db, player, game),
    )


def skipped(db: sqlite3.Connection, shown: int = SKIPPED) -> tuple[str, ...]:
    """One line for each row the statistics leave out, which and why (the first `shown`
    of them, then how many more)."""
    bad_seats = (
        "FROM result_seats s JOIN results r ON r.game_id = s.game_id "
        f"WHERE NOT ({SEAT_CHECKS.good})"
    )
    bad_runs = f"FROM solo_runs WHERE NOT ({SOLO_CHECKS.good})"
    lines = [
        f"Skipped the result of game {show(game_id)}, seat {show(seat)}: {why}."
        for game_id, seat, why in db.execute(
            f"SELECT s.game_id, s.seat, {SEAT_CHECKS.why} {bad_seats} "
            "ORDER BY s.game_id, s.seat LIMIT ?",
            (shown,),
        )
    ]
    lines += [
        f"Skipped solo run {show(run)}: {why}."
        for run, why in db.execute(
            f"SELECT id, {SOLO_CHECKS.why} {bad_runs} ORDER BY id LIMIT ?", (shown,)
        )
    ]
    total = sum(db.execute(f"SELECT COUNT(*) {bad}").fetchone()[0] for bad in (bad_seats, bad_runs))
    rated, bad_ratings = skipped_lines(db, shown)
    lines += rated
    total += bad_ratings
    if total > shown:
        return (*lines[: shown - 1], f"Skipped {total - shown + 1:,} more bad rows.")
    return tuple(lines)


def no_stats(player: str | None = None, game: str | None = None) -> Stats:
    """The statistics of a database that does not exist."""
    return Stats(player, game, 0, (), SoloStats(0, 0, 0.0, None, 0, 0, ()), (), (), ())


def games_played(db: sqlite3.Connection) -> list[tuple[str, str]]:
    """(game, title) of every game with a finished game or a solo run, by game id; a game
    with solo runs only is titled by its id."""
    titles = dict(
        db.execute(
            f"SELECT game, MAX(title) FROM results r WHERE {RESULT_CHECKS.good} GROUP BY game"
        )
    )
    for (g,) in db.execute(f"SELECT DISTINCT game FROM {GOOD_SOLO}"):
        titles.setdefault(g, g)
    return sorted(titles.items())


@dataclass(frozen=True, slots=True)
class Loaded:
    stats: Stats
    people: tuple[str, ...]  # every person with a finished game, unfiltered
    games: tuple[tuple[str, str], ...]  # (game, title) with results or runs, unfiltered
    found: bool  # whether the database file exists


def load(path: Path, player: str | None = None, game: str | None = None) -> Loaded:
    """Everything from the database at `path`, without creating it when it is missing.
    DatabaseError (one line naming the file) when it is damaged or from a newer version."""
    if not path.exists():
        return Loaded(no_stats(player, game), (), (), False)
    db = connect(path)
    try:
        return Loaded(stats(db, player, game), tuple(people(db)), tuple(games_played(db)), True)
    except (sqlite3.Error, UnicodeDecodeError, StoreError) as e:
        raise DatabaseError(f"{path} cannot be read: {why(e)}") from None
    finally:
        db.close()
