"""Results of finished games, for the statistics: one row per game and one per seat
(store/db.py has the tables). A result is written in the same transaction as the action that
ended the game, and stays when the save is deleted."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bohn_tui.engine.contract import SoloResult
from bohn_tui.engine.limits import MAX_INT, MAX_PLAYERS, MAX_STRING
from bohn_tui.engine.ranking import places
from bohn_tui.store.db import LATEST


@dataclass(frozen=True, slots=True)
class Checks:
    """What a row of a table must hold to be read: (SQL condition, why a row that fails it
    is skipped) pairs, each condition true or false (never NULL) for any value: its type
    first, then its range. `good` is the SQL of a good row, `why` the first reason a bad
    one fails."""

    pairs: tuple[tuple[str, str], ...]

    @property
    def good(self) -> str:
        return " AND ".join(f"({c})" for c, _ in self.pairs)

    @property
    def why(self) -> str:
        whens = " ".join(f"WHEN NOT ({c}) THEN '{why}'" for c, why in self.pairs)
        return f"CASE {whens} END"


def _whole(column: str, low: int, high: int) -> str:
    return f"typeof({column}) = 'integer' AND {column} BETWEEN {low} AND {high}"


def _text(column: str, empty: bool = True) -> str:
    least = 0 if empty else 1
    return f"typeof({column}) = 'text' AND length({column}) BETWEEN {least} AND {MAX_STRING}"


def _time(column: str) -> str:
    return f"typeof({column}) IN ('integer', 'real') AND {column} BETWEEN 0 AND {LATEST}"


FLAG = "typeof({0}) = 'integer' AND {0} IN (0, 1)"
BIG = 10**9  # scores, turns and coins lie within it

# a result (`r`, results) and its seats (`s`, result_seats)
RESULT_CHECKS = Checks(
    (
        (_text("r.game_id", False), "its game id is not text"),
        (_text("r.game", False), "its game is not a game id"),
        (_text("r.title"), "its title is not text"),
        (_whole("r.players", 1, MAX_PLAYERS), "its player count is not a count of players"),
        (_time("r.finished"), "its date is not a time"),
    )
)
SEAT_CHECKS = Checks(
    (
        *RESULT_CHECKS.pairs,
        (_whole("s.seat", 0, MAX_PLAYERS - 1), "its seat is not a seat"),
        (_text("s.name", False), "its name is not text"),
        ("s.bot IS NULL OR " + _text("s.bot", False), "its bot level is not text"),
        (_whole("s.score", -BIG, BIG), "its score is not a whole number"),
        (_whole("s.rank", 1, MAX_PLAYERS), "its rank is not a place"),
        (FLAG.format("s.won"), "its won is not 0 or 1"),
        (FLAG.format("s.resigned"), "its resigned is not 0 or 1"),
    )
)
SOLO_CHECKS = Checks(
    (
        (_text("game"), "its game is not a game id"),
        (_whole("seed", 0, MAX_INT), "its seed is not a whole number from 0"),
        (
            "daily IS NULL OR (typeof(daily) = 'text' AND date(daily) IS daily)",
            "its day is not a date",
        ),
        (FLAG.format("won"), "its won is not 0 or 1"),
        (_whole("turns", 0, BIG), "its turns are not a count"),
        (_whole("coins", 0, BIG), "its coins are not a count"),
        (_whole("reached", 0, BIG), "how far it got is not a count"),
        (_whole("goal", 0, BIG), "how far it could get is not a count"),
        (_text("name"), "its name is not text"),
        (_time("played_at"), "its date is not a time"),
        ("run_id IS NULL OR " + _text("run_id"), "its run id is not text"),
    )
)
# the seats and the solo runs that are read (the others are skipped, and named by the stats)
GOOD_SEATS = (
    "(SELECT s.* FROM result_seats s JOIN results r ON r.game_id = s.game_id "
    f"WHERE {SEAT_CHECKS.good})"
)
GOOD_SOLO = f"(SELECT * FROM solo_runs WHERE {SOLO_CHECKS.good})"

# The order of solo runs, best first: won runs, the fewest turns first; then lost runs, the
# longest first; more coins, then the earlier run, break ties (SoloStore.best, the statistics)
SOLO_BEST_ORDER = (
    "won DESC, CASE WHEN won THEN turns ELSE -reached END ASC, "
    "CASE WHEN won THEN 0 ELSE -turns END ASC, coins DESC, played_at ASC"
)


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    name: str
    bot: str | None  # the bot level; None for a person
    score: int
    rank: int  # 1 for the winners
    won: bool
    resigned: bool = False  # the person resigned: a bot played the seat to the end


@dataclass(frozen=True, slots=True)
class GameResult:
    game_id: str
    game: str
    title: str
    finished: float
    reason: str
    seats: tuple[SeatResult, ...]

    @property
    def players(self) -> int:
        return len(self.seats)

    @classmethod
    def from_summary(
        cls,
        game_id: str,
        game: str,
        title: str,
        names: Sequence[str],
        bots: Mapping[int, str],
        summary: Mapping[str, Any],
        finished: float,
    ) -> GameResult:
        """The result of a game from its rules' `summary`: "scores" (one per seat) and
        "winners" (seats); each seat's rank is its place on the end screen
        (engine.ranking.places: a game's own "ranking", else the scores). A seat whose
        person resigned ("resigned": seats in the order they did; a bot played it to the
        end) ranks last, the last to resign first, and never won; the others keep their
        order, each ranked after the seats that stayed and did better."""
        scores = [int(s) for s in summary["scores"]]
        winners = {int(w) for w in summary.get("winners", [])}
        placed = places(summary)
        gone = _resigned(summary.get("resigned"), len(names))
        stay = [s for s in range(len(names)) if s not in gone]
        rank = list(placed)
        if gone:  # (none: the end screen's places as they are)
            for s in stay:
                rank[s] = 1 + sum(placed[o] < placed[s] for o in stay)
            for n, s in enumerate(reversed(gone)):
                rank[s] = len(stay) + 1 + n
        seats = tuple(
            SeatResult(
                s,
                names[s],
                bots.get(s),
                scores[s],
                rank[s],
                s in winners and s not in gone,
                s in gone,
            )
            for s in range(len(names))
        )
        return cls(game_id, game, title, finished, str(summary.get("reason", "")), seats)


def _resigned(raw: Any, players: int) -> list[int]:
    """The seats of a summary's "resigned" (in order; none twice, none out of range)."""
    out: list[int] = []
    for s in raw if isinstance(raw, list) else []:
        if isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players and s not in out:
            out.append(s)
    return out


SOLO_COLUMNS = "seed, daily, won, turns, coins, name, played_at, reached, goal, run_id, game"
SOLO_INSERT = f"INSERT OR IGNORE INTO solo_runs ({SOLO_COLUMNS}) VALUES ({', '.join('?' * 11)})"


def solo_row(
    result: SoloResult,
    seed: int,
    day: str | None,
    name: str,
    at: float,
    run_id: str | None,
    game: str,
) -> tuple[Any, ...]:
    """A finished solo run as a row of solo_runs (SOLO_COLUMNS' order)."""
    return (
        seed,
        day,
        int(result.won),
        result.turns,
        result.coins,
        name,
        at,
        result.reached,
        result.goal,
        run_id,
        game,
    )


def record_result(db: sqlite3.Connection, result: GameResult) -> None:
    """Write `result` (replacing an earlier result of the same game). Runs inside the
    caller's transaction: it neither begins nor commits one."""
    db.execute("DELETE FROM results WHERE game_id = ?", (result.game_id,))
    db.execute(
        "INSERT INTO results (game_id, game, title, players, finished, reason) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (
            result.game_id,
            result.game,
            result.title,
            result.players,
            result.finished,
            result.reason,
        ),
    )
    db.executemany(
        "INSERT INTO result_seats (game_id, seat, name, bot, score, rank, won, resigned) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (result.game_id, r.seat, r.name, r.bot, r.score, r.rank, int(r.won), int(r.resigned))
            for r in result.seats
        ],
    )
