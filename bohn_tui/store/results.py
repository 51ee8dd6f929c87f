"""Results of finished games, for the statistics: one row per game and one per seat
(store/db.py has the tables). A result is written in the same transaction as the action that
ended the game, and stays when the save is deleted."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

# The order of solo runs, best first: won runs, the fewest turns first; then lost runs, the
# longest first; more coins, then the earlier run, break ties (SoloStore.best, the statistics)
SOLO_BEST_ORDER = (
    "won DESC, CASE WHEN won THEN turns ELSE -passed END ASC, "
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
        "winners" (seats); "ranking" (seats, best first), when a game gives one, orders
        the others, else the scores do (equal scores share a rank)."""
        scores = [int(s) for s in summary["scores"]]
        winners = {int(w) for w in summary.get("winners", [])}
        order = [int(s) for s in summary.get("ranking", [])] or sorted(
            range(len(names)), key=lambda s: (s not in winners, -scores[s])
        )
        rank: dict[int, int] = {}
        for place, s in enumerate(order, start=1):
            prev = order[place - 2] if place > 1 else None
            same = prev is not None and (
                (s in winners and prev in winners)
                or (s not in winners and prev not in winners and scores[s] == scores[prev])
            )
            rank[s] = rank[prev] if same and prev is not None else place
        seats = tuple(
            SeatResult(s, names[s], bots.get(s), scores[s], rank.get(s, len(names)), s in winners)
            for s in range(len(names))
        )
        return cls(game_id, game, title, finished, str(summary.get("reason", "")), seats)


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
        "INSERT INTO result_seats (game_id, seat, name, bot, score, rank, won) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (result.game_id, r.seat, r.name, r.bot, r.score, r.rank, int(r.won))
            for r in result.seats
        ],
    )
