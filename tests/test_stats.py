"""The statistics: the queries against figures worked out by hand from tests/helpers/stats.py
(a real database file), `bohn stats` and its errors, the Statistics screen, the end screen's
coins chart, and that plain `bohn` does not import plotext."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers.stats import fill
from typer.testing import CliRunner

from bohn_tui.cli import app as cli
from bohn_tui.store.db import DB_NAME, connect
from bohn_tui.store.stats import (
    BotRecord,
    DailyRun,
    GameLine,
    WinSeries,
    bot_records,
    load,
    player_stats,
    score_spread,
    solo_stats,
    wins_over_time,
)


@pytest.fixture
def db(tmp_path: Path) -> sqlite3.Connection:
    conn = connect(fill(tmp_path / DB_NAME))
    yield conn  # type: ignore[misc]
    conn.close()


# -- the queries ------------------------------------------------------------------------------


def test_players_games_wins_best_and_mean_by_game_and_player_count(
    db: sqlite3.Connection,
) -> None:
    ana, ben, cem = player_stats(db)  # most games first; g5 (bots only) counts for nobody
    assert (ana.name, ana.games, ana.wins, ana.win_rate, ana.best, ana.mean) == (
        "Ana", 4, 2, 0.5, 14, 9.5,
    )  # fmt: skip
    assert ana.lines == (
        GameLine("bohnanza", "Bohnanza", 3, 2, 1, 0.5, 12, 9.5),
        GameLine("bohnanza", "Bohnanza", 4, 1, 1, 1.0, 14, 14.0),
        GameLine("dahlias", "Bohnanza: Dahlias", 3, 1, 0, 0.0, 5, 5.0),
    )
    assert (ben.games, ben.wins, ben.best) == (3, 2, 14)  # the tie of g3 is a win for both
    assert ben.mean == pytest.approx(34 / 3)
    assert (cem.name, cem.games, cem.wins, cem.mean) == ("Cem", 1, 0, 6.0)
    assert [r.game_id for r in ana.recent] == ["g4", "g3", "g2", "g1"]
    g4 = ana.recent[0]
    assert (g4.score, g4.rank, g4.won, g4.players) == (5, 3, False, 3)
    assert [r.game_id for r in player_stats(db, recent=2)[0].recent] == ["g4", "g3"]


def test_filters_by_player_and_game(db: sqlite3.Connection) -> None:
    (ben,) = player_stats(db, player="Ben")
    assert (ben.games, ben.wins) == (3, 2)
    only = player_stats(db, game="dahlias")
    assert [(p.name, p.games, p.wins) for p in only] == [("Ana", 1, 0), ("Cem", 1, 0)]
    assert player_stats(db, player="Ben", game="dahlias") == ()
    assert player_stats(db, player="B1") == ()  # a bot's seat is no person's


def test_solo_runs_best_streaks_and_daily_runs(db: sqlite3.Connection) -> None:
    s = solo_stats(db)  # lost, won, won, won, lost, won
    assert (s.runs, s.wins, s.current_streak, s.longest_streak) == (6, 4, 1, 3)
    assert s.best is not None and (s.best.seed, s.best.turns, s.best.daily) == (3, 15, "2026-11-28")
    assert s.days == (
        DailyRun("2026-12-01", 1, True),
        DailyRun("2026-11-30", 1, False),
        DailyRun("2026-11-28", 2, True),
    )
    ana = solo_stats(db, player="Ana")  # lost, won, won, lost, won
    assert (ana.runs, ana.wins, ana.current_streak, ana.longest_streak) == (5, 3, 1, 2)
    ben = solo_stats(db, player="Ben")
    assert (ben.runs, ben.current_streak, ben.days) == (1, 1, ())
    assert ben.best is not None and ben.best.seed == 4
    none = solo_stats(db, game="bohnanza")
    assert (none.runs, none.best, none.current_streak) == (0, None, 0)


def test_bots_against_people(db: sqlite3.Connection) -> None:
    # standard sat in g1-g4 with people and won g4; random in g3 and lost; expert only in
    # g5, where nobody was a person
    assert bot_records(db) == (
        BotRecord("random", 1, 0, 0.0, 1, 1.0),
        BotRecord("standard", 4, 1, 0.25, 3, 0.75),
    )
    assert bot_records(db, player="Cem") == (BotRecord("standard", 1, 1, 1.0, 0, 0.0),)
    assert bot_records(db, player="Ben", game="bohnanza") == (
        BotRecord("random", 1, 0, 0.0, 1, 1.0),
        BotRecord("standard", 3, 0, 0.0, 2, 2 / 3),
    )


def test_wins_over_time_and_score_spread(db: sqlite3.Connection) -> None:
    assert wins_over_time(db) == (
        WinSeries("Ana", ((1, 1), (2, 1), (3, 2), (4, 2))),
        WinSeries("Ben", ((1, 0), (2, 1), (3, 2))),
        WinSeries("Cem", ((4, 0),)),
    )
    assert wins_over_time(db, game="dahlias") == (
        WinSeries("Ana", ((1, 0),)),
        WinSeries("Cem", ((1, 0),)),
    )
    spread = {s.game: s.scores for s in score_spread(db)}
    assert spread == {"bohnanza": (7, 9, 11, 12, 14, 14), "dahlias": (5, 6)}


def test_load_reads_without_creating_and_names_a_damaged_file(tmp_path: Path) -> None:
    missing = tmp_path / "none" / DB_NAME
    got = load(missing)
    assert not got.found and got.stats.empty and not missing.exists()
    damaged = tmp_path / DB_NAME
    damaged.write_bytes(b"this is not a database at all" * 100)
    from bohn_tui.store.db import DatabaseError

    with pytest.raises(DatabaseError, match="not a bohn database"):
        load(damaged)


# -- bohn stats -------------------------------------------------------------------------------


def run(tmp_path: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["stats", *args], env={"BOHN_DATA_DIR": str(tmp_path)})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_stats_command_prints_tables_and_json(tmp_path: Path) -> None:
    fill(tmp_path / DB_NAME)
    code, out, _ = run(tmp_path)
    assert code == 0
    for title in ("Players", "By game and player count", "Recent results", "Solo runs",
                  "Daily runs", "Bots against people"):  # fmt: skip
        assert title in out
    assert "Bohnanza: Dahlias" in out and "67%" in out  # Ben's 2 of 3
    code, out, _ = run(tmp_path, "--player", "Ana", "--game", "bohnanza", "--json")
    assert code == 0
    got = json.loads(out)
    assert (got["player"], got["game"], got["games"]) == ("Ana", "bohnanza", 3)
    (ana,) = got["players"]
    assert (ana["games"], ana["wins"], ana["best"]) == (3, 2, 14)
    assert got["solo"]["runs"] == 0  # her runs are Bohnröschen's
    assert [b["level"] for b in got["bots"]] == ["random", "standard"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "chess"], "unknown game 'chess'; choose one of: bohnanza"),
        (["--player", "Zed"], "'Zed' has no finished games and no solo runs; players with "
                              "games: Ana, Ben, Cem"),
        (["--player", "Cem", "--game", "bohnanza"], "'Cem' has no finished games of bohnanza"),
    ],
)  # fmt: skip
def test_stats_command_errors(tmp_path: Path, args: list[str], message: str) -> None:
    fill(tmp_path / DB_NAME)
    code, out, err = run(tmp_path, *args)
    assert code == 1 and out == "" and message in err and err.count("\n") == 1


def test_stats_command_missing_empty_damaged_and_newer_database(tmp_path: Path) -> None:
    code, _, err = run(tmp_path)
    assert code == 1 and "no finished games yet (there is no database at" in err
    assert not (tmp_path / DB_NAME).exists()
    connect(tmp_path / DB_NAME).close()
    code, _, err = run(tmp_path)
    assert code == 1 and "no finished games yet in" in err
    (tmp_path / DB_NAME).unlink()
    (tmp_path / DB_NAME).write_bytes(b"\0garbage" * 1000)
    code, _, err = run(tmp_path)
    assert code == 1 and "is not a bohn database or is damaged" in err
    assert err.count("\n") == 1 and len(err) <= 301
    (tmp_path / DB_NAME).unlink()
    newer = sqlite3.connect(tmp_path / DB_NAME)
    newer.execute("PRAGMA user_version=99")
    newer.close()
    code, _, err = run(tmp_path)
    assert code == 1 and "written by a newer version of bohn (schema 99" in err


def test_stats_json_without_games_is_zero_counts_and_exit_0(tmp_path: Path) -> None:
    """A script reads `bohn stats --json`: with no database yet, an empty one, or a player
    with no games, it is valid JSON with zero counts, exit 0 (the reason on stderr); the
    database is not created."""
    code, out, err = run(tmp_path, "--json")
    assert code == 0 and "no finished games yet (there is no database at" in err
    got = json.loads(out)
    assert (got["games"], got["players"], got["bots"]) == (0, [], [])
    assert (got["solo"]["runs"], got["solo"]["wins"]) == (0, 0)
    assert not (tmp_path / DB_NAME).exists()
    connect(tmp_path / DB_NAME).close()
    code, out, _ = run(tmp_path, "--json", "--game", "bohnanza")
    assert code == 0 and json.loads(out)["games"] == 0 and json.loads(out)["game"] == "bohnanza"
    fill(tmp_path / "full" / DB_NAME)
    code, out, err = run(tmp_path / "full", "--json", "--player", "Zed")
    assert code == 0 and json.loads(out)["players"] == [] and "'Zed' has no" in err


def test_stats_command_in_a_process(tmp_path: Path) -> None:
    """The installed command: one line and code 1, never a traceback."""
    (tmp_path / DB_NAME).write_text("not sqlite", encoding="utf-8")
    p = subprocess.run(
        [sys.executable, "-m", "bohn_tui", "stats", "--json"],
        capture_output=True,
        text=True,
        env={"BOHN_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"},
        timeout=60,
    )
    assert p.returncode == 1 and p.stdout == "" and "Traceback" not in p.stderr
    assert p.stderr.count("\n") == 1 and DB_NAME in p.stderr


async def test_names_are_shown_as_they_are_never_as_markup(tmp_path: Path) -> None:
    from helpers.ui import screen_text
    from textual.app import App

    from bohn_tui.store.results import GameResult, record_result
    from bohn_tui.ui.screens.stats import StatsScreen

    name = "[/b]Zed[red"
    path = tmp_path / DB_NAME
    conn = connect(path)
    summary = {"scores": [3, 4], "winners": [1]}
    r = GameResult.from_summary("z", "bohnanza", "[b]B", [name, "Bo"], {1: "[/]"}, summary, 1.0)
    record_result(conn, r)
    conn.close()
    code, out, err = run(tmp_path, "--player", name)
    assert code == 0 and name in out and "[/]" in out, err

    class One(App[None]):
        def on_mount(self) -> None:
            self.push_screen(StatsScreen(path))

    async with One().run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        text = screen_text(pilot.app.screen)
        assert f"Statistics · {name} · all games" in text and "[b]B" in text


def test_stats_ranks_a_seat_where_the_end_screen_does_castle_first(tmp_path: Path) -> None:
    """Bohnröschen: "The player with the most gold coins in the castle wins" and, below the
    castle, the figure that climbed furthest ranks first (its summary's "ranking", the end
    screen's order): the database's rank is the seat's place in that order, not a place
    shared by every seat with no coins in the castle (engine.ranking, one piece of code)."""
    from bohn_tui.engine.ranking import places, ranking
    from bohn_tui.games import make_bot, rules_for
    from bohn_tui.play.simulate import play_game
    from bohn_tui.store.results import GameResult, record_result

    names = ["Ana", "Ben", "Cem", "Dora"]
    # Ben in the castle with 9 coins; Dora climbed furthest, then Ana, then Cem
    summary = {"scores": [0, 9, 0, 0], "winners": [1], "ranking": [1, 3, 0, 2]}
    r = GameResult.from_summary("g", "bohnroschen", "Bohnröschen", names, {}, summary, 1.0)
    assert [seat.rank for seat in r.seats] == [3, 1, 4, 2] == places(summary)
    conn = connect(tmp_path / DB_NAME)
    record_result(conn, r)
    ranks = {p.name: p.recent[0].rank for p in player_stats(conn)}
    conn.close()
    assert ranks == {"Ana": 3, "Ben": 1, "Cem": 4, "Dora": 2}
    # a whole game's summary: nobody in the castle, the places follow the climb
    bots = [make_bot("bohnroschen", "random", s) for s in range(3)]
    st = play_game("bohnroschen", names[:3], 2, bots).state
    end = rules_for("bohnroschen", 3).summary(st)
    assert [places(end)[s] for s in ranking(end)] == [1, 2, 3]
    # without a game's ranking: winners first, equal scores share a place
    plain = {"scores": [5, 7, 5], "winners": [1]}
    assert ranking(plain) == [1, 0, 2] and places(plain) == [2, 1, 2]


def test_a_resigned_seat_ranks_last_lost_and_its_score_is_not_theirs(tmp_path: Path) -> None:
    """A `bohn server` game played out with a bot in the seats of those who resigned (its
    summary's "resigned", in order): they rank last (the last to resign first), never win,
    are flagged; the others keep their order, moved up; the bots' scores in their seats
    count in none of their best, mean and spread. A summary's bad "resigned" is read as far
    as it names seats."""
    from rich.console import Console

    from bohn_tui.store.results import GameResult, record_result
    from bohn_tui.ui.stats_tables import recent_table

    names = ["Ana", "Ben", "Cem", "Dora"]
    summary = {"scores": [12, 5, 7, 9], "winners": [0]}  # Ana's bot won
    plain = GameResult.from_summary("p", "bohnanza", "B", names, {}, summary, 1.0)
    assert [(r.rank, r.won, r.resigned) for r in plain.seats] == [
        (1, True, False),
        (4, False, False),
        (3, False, False),
        (2, False, False),
    ]
    gone = {**summary, "resigned": [0, 2]}  # Ana first, then Cem
    r = GameResult.from_summary("g", "bohnanza", "B", names, {}, gone, 2.0)
    assert [(s.rank, s.won, s.resigned) for s in r.seats] == [
        (4, False, True),
        (2, False, False),
        (3, False, True),
        (1, False, False),  # (Dora first of those who stayed; nobody who stayed won)
    ]
    for bad in ([0, 0, "x", 9, True, -1, None], "0", {"0": 1}):
        odd = GameResult.from_summary(
            "o", "bohnanza", "B", names, {}, {**summary, "resigned": bad}, 3
        )
        assert [s.resigned for s in odd.seats] == [bad == [0, 0, "x", 9, True, -1, None]] + [
            False
        ] * 3
    conn = connect(tmp_path / DB_NAME)
    with conn:
        record_result(conn, r)
    (ana,) = player_stats(conn, "Ana")
    assert (ana.games, ana.wins, ana.best, ana.mean) == (1, 0, 0, 0.0)
    assert ana.recent[0].resigned and ana.recent[0].rank == 4
    (dora,) = player_stats(conn, "Dora")
    assert (dora.best, dora.recent[0].rank, dora.recent[0].resigned) == (9, 1, False)
    assert [s.scores for s in score_spread(conn)] == [(5, 9)]  # Ben's and Dora's only
    console = Console(width=100, record=True)
    console.print(recent_table(player_stats(conn, "Ana")))
    shown = console.export_text()
    assert "4. resigned" in shown and "12" not in shown
    conn.close()


# -- the screens ------------------------------------------------------------------------------


async def test_statistics_screen_opens_switches_tabs_filters_and_goes_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from helpers.ui import screen_text
    from textual.widgets import TabbedContent

    from bohn_tui.store import Store
    from bohn_tui.ui.app import BohnApp
    from bohn_tui.ui.screens.menu import MenuScreen
    from bohn_tui.ui.screens.stats import StatsScreen
    from bohn_tui.ui.widgets.plot import BoxPlot, LinePlot

    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    fill(tmp_path / DB_NAME)
    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        tabs = screen.query_one(TabbedContent)
        assert tabs.active == "players" and "67%" in screen_text(screen)
        await pilot.press("5")
        assert tabs.active == "wins"
        plot = screen.query_one(LinePlot)
        assert [label for label, _ in plot.series] == ["Ana", "Ben", "Cem"]
        await pilot.press("right")
        assert tabs.active == "spread"
        assert [g for g, _ in screen.query_one(BoxPlot).groups] == [
            "Bohnanza",
            "Bohnanza: Dahlias",
        ]
        await pilot.press("p")  # Ana only, the same tab
        await pilot.pause()
        assert screen.player == "Ana" and screen.query_one(TabbedContent).active == "spread"
        assert [label for label, _ in screen.query_one(LinePlot).series] == ["Ana"]
        await pilot.press("g", "g")  # bohnanza, then bohnroschen (solo runs only)
        await pilot.pause()
        assert screen.game == "bohnroschen" and "Ana · Bohnröschen" in screen_text(screen)
        await pilot.press("3")
        text = screen_text(screen)
        assert "Solo runs" in text and "60%" in text and "No finished games with people" in text
        assert screen.query_one(TabbedContent).active == "solo" and not screen.query(LinePlot)
        await pilot.press("g")
        await pilot.pause()
        assert screen.game == "dahlias" and "Ana · Bohnanza: Dahlias" in screen_text(screen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_a_game_played_to_its_end_shows_in_the_statistics(tmp_path: Path) -> None:
    """Through the store's result (written with the move that ends the game): Ana against
    two random bots, by keys, to the end screen, then m (menu) and t (Statistics). The game
    gets to the start of Ana's turn in the last pass through the deck without the screen
    (Ana's moves a random bot's, about 400 actions), then is saved and played by keys; the
    whole game by keys (14 s) with `BOHN_FULL=1`."""
    from functools import partial

    from helpers.ui import make_app, play_until, screen_text, until

    from bohn_tui.games.common.bots import make as make_bot
    from bohn_tui.games.common.ui.end import EndScreen
    from bohn_tui.play.session import Session
    from bohn_tui.ui.screens.stats import StatsScreen

    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], {1: "random", 2: "random"}, seed=1)
    deck = s.state.deck

    def near_the_end() -> bool:
        last_pass = deck.runouts >= deck.end_at - 1 and len(deck.cards) <= 25
        return last_pass and s.state.active == 0 and s.state.phase == "plant"

    ana = make_bot("random", 5, False)
    while not os.environ.get("BOHN_FULL") and not near_the_end():
        s.run_bots()
        if not near_the_end():
            s.apply(ana.choose(0, partial(s.view, 0), s.legal(0)))
    assert not s.over and s.store is None  # the app saves it: the rest is played by keys
    app = make_app(tmp_path, s)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(pilot, app, lambda s: s.over, limit=3000)
        # (the last move may be a bot's, in a thread: the end screen follows in its own time)
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        assert isinstance(app.screen, EndScreen)
        await pilot.press("m", "t")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        assert isinstance(app.screen, StatsScreen)
        (ana,) = app.screen.loaded.stats.players  # type: ignore[union-attr]
        won = s.state.winners == [0] or 0 in s.state.winners
        assert (ana.name, ana.games, ana.wins, ana.best) == ("Ana", 1, int(won), s.state.scores[0])
        assert [b.level for b in app.screen.loaded.stats.bots] == ["random"]  # type: ignore[union-attr]
        assert "Bohnanza" in screen_text(app.screen)


async def test_statistics_screen_without_games(tmp_path: Path) -> None:
    from helpers.ui import screen_text
    from textual.app import App

    from bohn_tui.ui.screens.stats import StatsScreen

    class One(App[None]):
        def on_mount(self) -> None:
            self.push_screen(StatsScreen(tmp_path / DB_NAME))

    async with One().run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "No finished games yet" in screen_text(pilot.app.screen)
        await pilot.press("p", "g", "5")  # nothing to switch to, nothing breaks
    (tmp_path / DB_NAME).write_bytes(b"\0garbage" * 1000)
    async with One().run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # the path's length (pytest-xdist's tmp_path is longer) decides where the line wraps
        shown = " ".join(screen_text(pilot.app.screen).split())
        assert "is not a bohn database or is damaged" in shown


async def test_coins_chart_has_whole_number_ticks_when_nobody_scored() -> None:
    from textual.app import App, ComposeResult

    from bohn_tui.ui.widgets.coin_chart import CoinChart

    class One(App[None]):
        CSS = "CoinChart { height: 14; width: 60; }"

        def compose(self) -> ComposeResult:
            yield CoinChart([[0, 0, 0]] * 12, ["Ana", "Ben", "Cem"])

    async with One().run_test(size=(70, 16)) as pilot:
        await pilot.pause()
        text = str(pilot.app.query_one(CoinChart).render())
    ticks = [ln.split("┤")[0].strip() for ln in text.splitlines() if "┤" in ln]
    assert ticks == ["1", "0"], ticks  # once each, no 1, 1, 0, 0
    rows = text.splitlines()
    bottom = rows[next(i for i, ln in enumerate(rows) if "└" in ln) + 1]
    assert bottom.split() == [str(x) for x in range(0, 12, 2)], bottom  # turns 0-11, whole
    assert "Ana: 0" in text and "Cem: 0" in text


async def test_charts_draw_the_edge_cases() -> None:
    """One point, one score, all scores equal, a huge one: axes every time; no data at all:
    an empty frame; and a line, not a crash, where there is no room."""
    from textual.app import App, ComposeResult
    from textual.widget import Widget

    from bohn_tui.ui.widgets.coin_chart import CoinChart
    from bohn_tui.ui.widgets.plot import BoxPlot, LinePlot

    charts: list[Widget] = [
        LinePlot([("A", [(1, 0)])]),
        LinePlot([("A", []), ("B", [(3, 2), (4, 2)])]),
        BoxPlot([("G", [5])]),
        BoxPlot([("G", [0, 0, 0])]),
        BoxPlot([("G", [3]), ("H", [10**6])]),
        CoinChart([[5, 2]] * 2000, ["Ana", "Ben"]),
    ]

    class One(App[None]):
        CSS = "LinePlot, BoxPlot { height: 10; width: 40; } #small { width: 6; height: 3; }"

        def compose(self) -> ComposeResult:
            yield from charts
            yield LinePlot([], id="empty")
            yield CoinChart([], ["Ana"], id="no-coins")
            yield LinePlot([("A", [(1, 1)])], id="small")

    async with One().run_test(size=(50, 100)) as pilot:
        await pilot.pause()
        for chart in charts:
            text = str(chart.render())
            assert "┤" in text and "┬" in text, (chart, text)
        assert "┌" in str(pilot.app.query_one("#empty").render())
        assert "┌" in str(pilot.app.query_one("#no-coins").render())
        assert "too small" in str(pilot.app.query_one("#small").render())


def test_int_ticks() -> None:
    from bohn_tui.ui.widgets.plot import int_ticks

    assert int_ticks(0, 0, 5) == [0, 1]
    assert int_ticks(0, 4, 9) == [0, 1, 2, 3, 4]
    assert int_ticks(0, 37, 5) == [0, 10, 20, 30]
    assert int_ticks(3, 17, 4) == [5, 10, 15]
    assert int_ticks(0, 1200, 6) == [0, 500, 1000]


def test_plain_bohn_does_not_import_plotext(tmp_path: Path) -> None:
    """The menu's first frames without plotext (its import would slow the start), and the
    Statistics screen with it: in a process of its own, so no other test's imports count."""
    code = textwrap.dedent(
        f"""
        import asyncio, sys
        from pathlib import Path
        from bohn_tui.store import Store
        from bohn_tui.ui.app import BohnApp

        async def main():
            app = BohnApp(Store(Path({str(tmp_path)!r})), bot_delay=0)
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                before = [m for m in ("plotext", "textual_plotext") if m in sys.modules]
                print(type(app.screen).__name__, before)
                await pilot.press("t")
                await pilot.pause()
                after = [m for m in ("plotext", "textual_plotext") if m in sys.modules]
                print(type(app.screen).__name__, after)

        asyncio.run(main())
        """
    )
    p = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={"BOHN_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"},
        timeout=120,
    )
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout.splitlines() == [
        "MenuScreen []",
        "StatsScreen ['plotext', 'textual_plotext']",
    ]


async def test_wins_over_time_draws_a_win_as_a_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Wins so far change only at a game: the line is flat up to the game that was won and
    straight up there, never a slope across the games between (Ben: 0, 1, 2 wins after
    games 1, 2, 3)."""
    from bohn_tui.store import Store
    from bohn_tui.ui.app import BohnApp
    from bohn_tui.ui.widgets.plot import MARKS, LinePlot

    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    fill(tmp_path / DB_NAME)
    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t", "5", "p", "p")  # the wins, of Ben only
        await pilot.pause()
        screen = app.screen
        assert screen.player == "Ben"  # type: ignore[attr-defined]
        plot = screen.query_one(LinePlot)
        assert plot.series[0][1] == [(1, 0), (2, 1), (3, 2)]
        rows = str(plot.render()).splitlines()
    chart = [r for r in rows if "│" in r or "┤" in r]
    tick_rows = [r for r in chart if "┤" in r]
    assert len(tick_rows) == 3, rows  # 0, 1, 2
    mark = MARKS[0]
    flat = 0
    for r in chart:
        inside = r[r.index("┤" if "┤" in r else "│") + 1 :].replace(f"{mark}{mark} Ben", "")
        runs = [len(run) for run in inside.replace("│", " ").split() if mark in run]
        if "┤" in r:
            flat += max(runs, default=0) > 2  # flat at 0 and 1 win (2: game 3 only)
        else:
            assert runs in ([], [1], [1, 1]), "\n".join(rows)  # only the rises, upright
    assert flat == 2, "\n".join(rows)
