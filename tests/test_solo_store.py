"""Solo runs: the daily seed and the results in the one database (best runs, damaged files,
the solo.sqlite3 of earlier versions read in)."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path

import pytest

from bohn_tui.games import spec
from bohn_tui.games.bohnroschen.bots import BohnroschenBot
from bohn_tui.play.simulate import play_game
from bohn_tui.store.db import DB_NAME
from bohn_tui.store.solo import SoloRun, SoloStore, daily_seed, today

DAY = dt.date(2026, 11, 29)


def run(won: bool, turns: int, coins: int, seed: int = 1, daily: dt.date | None = None) -> SoloRun:
    return SoloRun(seed, daily, won, turns, coins, "Ana", played_at=float(turns))


def test_daily_seed_is_a_pure_function_of_the_day() -> None:
    assert daily_seed(DAY) == daily_seed(dt.date(2026, 11, 29))
    seeds = {daily_seed(DAY + dt.timedelta(days=k)) for k in range(365)}
    assert len(seeds) == 365  # every day of a year its own run
    assert all(0 <= s < 2**31 for s in seeds)
    assert isinstance(today(), dt.date)


def test_best_runs_won_first_fewest_turns_then_longest_losses(tmp_path: Path) -> None:
    store = SoloStore(tmp_path)
    for r in (
        run(False, 9, 3),
        run(True, 14, 5),
        run(False, 12, 1),
        run(True, 12, 6),
        run(True, 12, 8),
        run(False, 12, 4),
    ):
        store.record(r)
    best = store.best(limit=10)
    assert [(b.won, b.turns, b.coins) for b in best] == [
        (True, 12, 8),
        (True, 12, 6),
        (True, 14, 5),
        (False, 12, 4),
        (False, 12, 1),
        (False, 9, 3),
    ]
    assert [b.turns for b in store.best(limit=2)] == [12, 12]
    assert store.count() == (6, 3)
    assert "won in 12 turns with 8 coins · seed 1" == best[0].label
    store.close()
    again = SoloStore(tmp_path)  # kept on disk
    assert again.count() == (6, 3) and again.notice is None


def test_daily_runs_are_listed_by_day(tmp_path: Path) -> None:
    store = SoloStore(tmp_path)
    store.record(run(True, 15, 5, seed=daily_seed(DAY), daily=DAY))
    store.record(run(True, 13, 5, seed=7))
    other = DAY - dt.timedelta(days=1)
    store.record(run(True, 11, 5, seed=daily_seed(other), daily=other))
    best = store.best(daily=DAY)
    assert [(b.turns, b.daily) for b in best] == [(15, DAY)]
    assert best[0].label.endswith("daily 2026-11-29")


def test_a_damaged_database_keeps_runs_in_memory_and_the_file_untouched(tmp_path: Path) -> None:
    garbage = b"this is not a database at all" * 100
    (tmp_path / DB_NAME).write_bytes(garbage)
    store = SoloStore(tmp_path)
    assert store.best() == []
    assert store.notice is not None and "until you quit" in store.notice
    store.record(run(True, 10, 5))
    assert store.count() == (1, 1)
    assert (tmp_path / DB_NAME).read_bytes() == garbage  # it may hold games: never moved


def old_solo_file(path: Path, rows: list[tuple[object, ...]]) -> None:
    """A solo.sqlite3 as earlier versions wrote it."""
    db = sqlite3.connect(path)
    db.execute(
        "CREATE TABLE runs (id INTEGER PRIMARY KEY, seed INTEGER NOT NULL, daily TEXT, "
        "won INTEGER NOT NULL, turns INTEGER NOT NULL, coins INTEGER NOT NULL, "
        "name TEXT NOT NULL DEFAULT '', played_at REAL NOT NULL, run_id TEXT UNIQUE)"
    )
    db.executemany(
        "INSERT INTO runs (seed, daily, won, turns, coins, name, played_at, run_id) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )
    db.commit()
    db.close()


def test_the_old_solo_file_is_read_in_once_and_kept(tmp_path: Path) -> None:
    old = tmp_path / "solo.sqlite3"
    old_solo_file(
        old,
        [
            (4, None, 1, 12, 6, "Ana", 1.0, "save-1"),
            (daily_seed(DAY), DAY.isoformat(), 0, 9, 2, "Ben", 2.0, None),
        ],
    )
    store = SoloStore(tmp_path)
    assert store.count() == (2, 1)
    assert [(r.turns, r.daily) for r in store.best(daily=DAY)] == [(9, DAY)]
    assert store.best()[0].game == "bohnroschen" and store.best()[0].run_id == "save-1"
    assert not old.exists() and (tmp_path / "solo.sqlite3.imported").is_file()
    store.record(SoloRun(4, None, True, 12, 6, "Ana", 3.0, run_id="save-1"))  # counted once
    store.close()
    assert SoloStore(tmp_path).count() == (2, 1)  # not read in twice


def test_a_damaged_old_solo_file_is_noted_and_kept(tmp_path: Path) -> None:
    (tmp_path / "solo.sqlite3").write_bytes(b"not sqlite" * 50)
    store = SoloStore(tmp_path)
    store.record(run(False, 8, 0))
    assert store.count() == (1, 0) and store.notice is None
    assert (tmp_path / "solo.sqlite3.damaged").read_bytes() == b"not sqlite" * 50
    outcome = store.store.db.execute("SELECT outcome FROM imported").fetchone()[0]
    assert outcome.startswith("damaged:")


def test_a_database_of_another_shape_keeps_runs_in_memory(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute("CREATE TABLE games (x TEXT)")
    db.commit()
    db.close()
    store = SoloStore(tmp_path)
    store.record(run(False, 8, 0))
    assert store.count() == (1, 0) and "cannot be kept" in (store.notice or "")


def test_an_unwritable_place_keeps_runs_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = SoloStore(blocker)  # the data dir is a file: nothing can be created in it
    store.record(run(True, 10, 5))
    assert store.count() == (1, 1)
    assert store.notice is not None and "until you quit" in store.notice


def test_data_dir_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    SoloStore().record(run(True, 10, 5))
    assert (tmp_path / DB_NAME).is_file()


def test_a_run_from_a_finished_solo_game(tmp_path: Path) -> None:
    res = play_game("bohnroschen", ["Ana"], 5, [BohnroschenBot(5)])
    view = res.state.rules.view(res.state, 0)
    r = SoloRun.of(spec("bohnroschen").solo_result(view), "Ana", 5)
    assert (r.won, r.turns, r.coins) == (
        view["solo"]["won"],
        res.state.turn,
        len(res.state.players[0].coins),
    )
    assert r.won != view["solo"]["lost"] and r.name == "Ana"


def test_a_run_is_recorded_once_under_its_id(tmp_path: Path) -> None:
    store = SoloStore(tmp_path)
    r = SoloRun(4, None, True, 12, 6, "Ana", 1.0, run_id="save-1")
    store.record(r)
    store.record(r)  # the end screen shown again (a resumed finished save)
    store.record(SoloRun(4, None, False, 9, 2, "Ana", 2.0, run_id="save-2"))
    assert store.count() == (2, 1)


def test_a_lost_run_shows_how_far_it_got(tmp_path: Path) -> None:
    """The best-runs list shows progress, not only won or lost: the vine cards the figure
    passed, of the row's; lost runs that got further rank higher, then the longer ones."""
    res = play_game("bohnroschen", ["Ana"], 5, [BohnroschenBot(5)])
    st = res.state
    r = SoloRun.of(spec("bohnroschen").solo_result(st.rules.view(st, 0)), "Ana", 5)
    assert r.goal == len(st.vine) - 1 == 28 and 0 <= r.reached <= r.goal  # castle not counted
    assert r.reached == (28 if r.won else st.pos[0])
    store = SoloStore(tmp_path)
    for passed, turns in ((5, 14), (9, 8), (9, 11)):
        store.record(SoloRun(1, None, False, turns, 0, "Ana", float(turns), None, "", passed, 28))
    best = store.best()
    assert [(b.reached, b.turns) for b in best] == [(9, 11), (9, 8), (5, 14)]
    assert best[0].progress == "9 of 28" and "9 of 28" in best[0].label


def test_runs_of_an_older_database_keep_their_place_with_progress_unknown(tmp_path: Path) -> None:
    """A database from before the passed column (schema 2) gains it; its runs read as 0 of an
    unknown row and the list says so ("?"), not a made-up figure."""
    from bohn_tui.store.db import MIGRATIONS, connect

    path = tmp_path / DB_NAME
    db = sqlite3.connect(path)
    for n, script in enumerate(MIGRATIONS[:2]):
        db.executescript(f"BEGIN;{script}\nPRAGMA user_version={n + 1};\nCOMMIT;")
    db.execute(
        "INSERT INTO solo_runs (game, seed, won, turns, coins, name, played_at) "
        "VALUES ('bohnroschen', 3, 0, 7, 2, 'Ana', 1.0)"
    )
    db.commit()
    db.close()
    connect(path).close()
    (old,) = SoloStore(tmp_path).best()
    assert (old.turns, old.reached, old.goal, old.progress) == (7, 0, 0, "")


def test_runs_of_a_schema_3_database_keep_how_far_they_got(tmp_path: Path) -> None:
    """Schema 4 names how far a run got in no game's words (reached, goal: Bohnröschen's
    vine cards passed, of the row's); a database of schema 3 keeps its rows and their
    figures, and the best runs' order."""
    from bohn_tui.store.db import MIGRATIONS, VERSION, connect

    path = tmp_path / DB_NAME
    db = sqlite3.connect(path)
    for n, script in enumerate(MIGRATIONS[:3]):
        db.executescript(f"BEGIN;{script}\nPRAGMA user_version={n + 1};\nCOMMIT;")
    db.executemany(
        "INSERT INTO solo_runs (game, seed, won, turns, coins, name, played_at, passed, cards) "
        "VALUES ('bohnroschen', ?, 0, ?, 2, 'Ana', ?, ?, 28)",
        [(1, 12, 1.0, 9), (2, 14, 2.0, 5), (3, 8, 3.0, 9)],
    )
    db.commit()
    db.close()
    connect(path).close()
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == VERSION >= 4
    best = SoloStore(tmp_path).best()
    assert [(b.seed, b.reached, b.goal) for b in best] == [(1, 9, 28), (3, 9, 28), (2, 5, 28)]
    assert best[0].progress == "9 of 28"


def finished_solo(tmp_path: Path, seed: int, options: dict | None = None):
    """A solo run saved in the database of `tmp_path` and played to its end by a bot, with
    no screen at all; (session, store)."""
    from bohn_tui.play.session import Session
    from bohn_tui.store import Store

    store = Store(tmp_path)
    s = Session.new("bohnroschen", ["Ana"], {0: "random"}, seed, options or {}, store=store)
    s.run_bots()
    assert s.over
    return s, store


def test_a_finished_run_is_recorded_by_the_store_once_without_an_end_screen(
    tmp_path: Path,
) -> None:
    """The run is kept with the move that ended it (no end screen shown): one row of
    solo_runs in the SQLite file, under the save's id, and the game's result once."""
    s, store = finished_solo(tmp_path, 11)
    store.close()
    view = s.view(0)
    db = sqlite3.connect(tmp_path / DB_NAME)
    rows = db.execute(
        "SELECT run_id, game, seed, daily, won, turns, coins, name, reached, goal FROM solo_runs"
    ).fetchall()
    solo = view["solo"]
    assert rows == [
        (
            s.save_id,
            "bohnroschen",
            11,
            None,
            int(solo["won"]),
            solo["turns"],
            solo["coins"],
            "Ana",
            solo["passed"],
            solo["cards"],
        )
    ]
    assert db.execute("SELECT COUNT(*) FROM results").fetchone() == (1,)
    db.close()
    runs = SoloStore(tmp_path)
    assert runs.count() == (1, int(solo["won"]))
    assert [r.run_id for r in runs.best()] == [s.save_id]


async def test_the_end_screen_shows_the_run_and_records_nothing(tmp_path: Path) -> None:
    from textual.app import App

    from bohn_tui.games.bohnroschen.ui.solo_end import SoloEndScreen
    from bohn_tui.play.client import LocalClient

    s, _ = finished_solo(tmp_path, 11)
    runs = SoloStore(tmp_path)

    class EndApp(App[None]):
        def on_mount(self) -> None:
            self.push_screen(SoloEndScreen(LocalClient(s), runs))

    for _ in range(2):  # shown twice: still one run
        async with EndApp().run_test(size=(120, 40)) as pilot:
            await pilot.pause()
    assert runs.count()[0] == 1 and runs.best()[0].run_id == s.save_id


def test_a_daily_run_is_recorded_with_its_day(tmp_path: Path) -> None:
    s, _ = finished_solo(tmp_path, daily_seed(DAY), {"daily": DAY.isoformat()})
    best = SoloStore(tmp_path).best(5, DAY)
    assert [(r.run_id, r.daily, r.seed) for r in best] == [(s.save_id, DAY, daily_seed(DAY))]


def test_a_game_of_several_players_keeps_no_solo_run(tmp_path: Path) -> None:
    from bohn_tui.play.session import Session
    from bohn_tui.store import Store

    store = Store(tmp_path)
    s = Session.new("bohnroschen", ["Ana", "Ben"], {0: "random", 1: "random"}, 5, store=store)
    s.run_bots()
    assert s.over and SoloStore(tmp_path).count() == (0, 0)
