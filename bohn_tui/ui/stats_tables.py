"""The statistics (store/stats.py) as Rich tables: printed by `bohn stats`, shown by the
Statistics screen. Rich only (no Textual), so that the command stays quick."""

from __future__ import annotations

import datetime as dt
from itertools import groupby

from rich import box
from rich.table import Table
from rich.text import Text

from bohn_tui.store.ratings import RatingRow
from bohn_tui.store.stats import BotRecord, PlayerStats, SoloStats

EMPTY = "No finished games yet: play one (bohn play, or New game in the menu) and come back."


def percent(x: float) -> str:
    return f"{x:.0%}"


def day(t: float) -> str:
    return dt.datetime.fromtimestamp(t).strftime("%Y-%m-%d")


def plain(text: str) -> Text:
    """Outside text (a name, a title, a level) as it is: never read as Rich markup."""
    return Text(text)


def _table(title: str | Text, *cols: str, left: int = 1) -> Table:
    """A table whose first `left` columns are text, the others figures."""
    t = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, expand=False)
    for i, c in enumerate(cols):
        t.add_column(c, justify="left" if i < left else "right")
    return t


def players_table(players: tuple[PlayerStats, ...]) -> Table:
    t = _table("Players", "player", "games", "wins", "win rate", "best", "mean")
    for p in players:
        t.add_row(
            plain(p.name),
            str(p.games),
            str(p.wins),
            percent(p.win_rate),
            str(p.best),
            f"{p.mean:.1f}",
        )
    return t


def by_game_table(players: tuple[PlayerStats, ...]) -> Table:
    t = _table(
        "By game and player count",
        "player",
        "game",
        "players",
        "games",
        "wins",
        "win rate",
        "best",
        "mean",
        left=2,
    )
    for p in players:
        for i, g in enumerate(p.lines):
            t.add_row(
                plain(p.name if i == 0 else ""),
                plain(g.title),
                str(g.players),
                str(g.games),
                str(g.wins),
                percent(g.win_rate),
                str(g.best),
                f"{g.mean:.1f}",
                end_section=i == len(p.lines) - 1,
            )
    return t


def recent_table(players: tuple[PlayerStats, ...]) -> Table:
    t = _table("Recent results", "player", "day", "game", "players", "score", "place", left=3)
    for p in players:
        for i, r in enumerate(p.recent):
            t.add_row(
                plain(p.name if i == 0 else ""),
                day(r.finished),
                plain(r.title),
                str(r.players),
                "–" if r.resigned else str(r.score),  # (a bot's, to the end)
                "★ won" if r.won else f"{r.rank}. resigned" if r.resigned else f"{r.rank}.",
                end_section=i == len(p.recent) - 1,
            )
    return t


def solo_tables(solo: SoloStats) -> list[Table]:
    t = _table("Solo runs", "runs", "wins", "win rate", "streak now", "longest streak", left=0)
    t.add_row(
        str(solo.runs),
        str(solo.wins),
        percent(solo.win_rate),
        str(solo.current_streak),
        str(solo.longest_streak),
    )
    out = [t]
    b = solo.best
    if b is not None:
        best = _table("Best run", "result", "run", "player", "day", "turns", "coins", left=4)
        run = f"daily {b.daily}" if b.daily else f"seed {b.seed}"
        best.add_row(
            "won" if b.won else "lost",
            plain(run),
            plain(b.name),
            day(b.played_at),
            str(b.turns),
            str(b.coins),
        )
        out.append(best)
    if solo.days:
        days = _table("Daily runs", "day", "runs", "won")
        for d in solo.days:
            days.add_row(plain(d.day), str(d.runs), "★ won" if d.won else "not won")
        out.append(days)
    return out


def bots_table(bots: tuple[BotRecord, ...]) -> Table:
    t = _table(
        "Bots against people (games with at least one person)",
        "bot level",
        "games",
        "bot wins",
        "bot %",
        "people's wins",
        "people %",
    )
    for b in bots:
        t.add_row(
            plain(b.level),
            str(b.games),
            str(b.bot_wins),
            percent(b.bot_win_rate),
            str(b.people_wins),
            percent(b.people_win_rate),
        )
    return t


def game_title(game: str) -> str:
    """The registry's title of `game` (its id for a game not installed or broken)."""
    from bohn_tui.games import REGISTRY

    try:
        return REGISTRY.spec(game).title
    except (LookupError, ValueError, ImportError):
        return game


def rating(r: RatingRow) -> tuple[str, str, str]:
    """A rating's figures: the ordinal rounded (the rating), mu ± sigma, games."""
    return f"{r.ordinal:.0f}", f"{r.mu:.1f} ± {r.sigma:.1f}", str(r.games)


def ratings_tables(rows: tuple[RatingRow, ...], player: str | None) -> list[Table]:
    """`player`'s ratings as one table (a row per game), or one leaderboard per game (the
    rows of each game together, best first, as store.ratings.boards gives them)."""
    if player is not None:
        if not rows:
            return []
        t = _table(plain(f"Ratings of {player}"), "game", "rating", "mu ± sigma", "games")
        for r in rows:
            t.add_row(plain(game_title(r.game_id)), *rating(r))
        return [t]
    out = []
    for game, board in groupby(rows, key=lambda r: r.game_id):
        title = plain(f"Leaderboard: {game_title(game)}")
        t = _table(title, "place", "player", "rating", "mu ± sigma", "games", left=2)
        for i, r in enumerate(board, 1):
            t.add_row(f"{i}.", plain(r.name), *rating(r))
        out.append(t)
    return out
