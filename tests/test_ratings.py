"""Ratings per account and game (store/ratings.py, issue #26): openskill's own Plackett-Luce
numbers for a result with a tie, from the stored priors; one update per finished game; names
differing in case one account; the leaderboard's order; damaged rows; the migration of a
database of the previous schema; `bohn stats --player` as a real process."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.stats import fill
from openskill.models import PlackettLuce

from bohn_tui.store.db import DB_NAME, MIGRATIONS, VERSION, StoreError, connect
from bohn_tui.store.ratings import (
    RatingRow,
    leaderboard,
    ratings_for,
    rename_account,
    result_places,
    update_ratings,
)
from bohn_tui.store.results import GameResult, record_result
from bohn_tui.store.stats import load


@pytest.fixture
def db(tmp_path: Path) -> sqlite3.Connection:
    conn = connect(fill(tmp_path / DB_NAME))  # results g1-g5 (tests/helpers/stats.py)
    yield conn  # type: ignore[misc]
    conn.close()


def row(db: sqlite3.Connection, name: str, game: str = "bohnanza") -> RatingRow:
    (found,) = [r for r in ratings_for(db, name) if r.game_id == game]
    return found


def test_a_tie_of_three_gives_openskills_own_numbers_from_the_stored_priors(
    db: sqlite3.Connection,
) -> None:
    update_ratings(db, "g1", [("Ana", 1), ("Ben", 2), ("Cem", 3)])  # the priors of g2
    update_ratings(db, "g2", [("Ben", 1), ("Cem", 1), ("Ana", 3)])  # Ben and Cem tie
    model = PlackettLuce()
    first = model.rate([[model.rating()] for _ in range(3)], ranks=[1, 2, 3])
    ana, ben, cem = (team[0] for team in first)
    expected = model.rate([[ben], [cem], [ana]], ranks=[1, 1, 3])
    for name, (want,) in zip(("Ben", "Cem", "Ana"), expected, strict=True):
        got = row(db, name)
        assert (got.mu, got.sigma, got.ordinal) == (want.mu, want.sigma, want.ordinal())
        assert got.games == 2 and got.game_id == "bohnanza"  # the game g1 and g2 were
    assert row(db, "Ben").mu != row(db, "Cem").mu  # a tie from different priors


def test_the_places_of_a_result_are_the_games_ranking_ties_included(
    db: sqlite3.Connection,
) -> None:
    """Equal scores below the winner share a place (engine.ranking.places): the result's
    ranks, rated as openskill rates that tie."""
    summary = {"scores": [5, 7, 5], "winners": [1]}
    names = ["Ana", "Ben", "Cem"]
    record_result(db, GameResult.from_summary("t1", "dahlias", "D", names, {}, summary, 9.0))
    assert result_places(db, "t1") == [("Ana", 2), ("Ben", 1), ("Cem", 2)]
    update_ratings(db, "t1", result_places(db, "t1") or [])
    model = PlackettLuce()
    want = model.rate([[model.rating()] for _ in range(3)], ranks=[2, 1, 2])
    got = [row(db, name, "dahlias") for name in names]
    assert [(r.mu, r.sigma) for r in got] == [(w.mu, w.sigma) for (w,) in want]
    assert got[0].mu == got[2].mu < got[1].mu
    # g3 had bots: unrated unless chosen, then the bots' seats are left out
    assert result_places(db, "g3") is None and result_places(db, "nonesuch") is None
    assert result_places(db, "g3", with_bots=True) == [("Ana", 1), ("Ben", 1)]


def test_the_same_game_twice_changes_nothing(db: sqlite3.Connection) -> None:
    update_ratings(db, "g1", [("Ana", 1), ("Ben", 2)])
    before = ratings_for(db, "Ana") + ratings_for(db, "Ben")
    update_ratings(db, "g1", [("Ana", 1), ("Ben", 2)])
    update_ratings(db, "g1", [("Ana", 2), ("Ben", 1)])  # another result: the game is rated
    assert ratings_for(db, "Ana") + ratings_for(db, "Ben") == before
    assert db.execute("SELECT COUNT(*) FROM rated_games").fetchone()[0] == 1


def test_names_differing_in_case_are_one_account(db: sqlite3.Connection) -> None:
    update_ratings(db, "g1", [("Ana", 1), ("Ben", 2)])
    update_ratings(db, "g2", [("ANA", 1), ("ben", 2)])
    assert ratings_for(db, "aNa") == ratings_for(db, "Ana")
    (ana,) = ratings_for(db, "ana")
    assert (ana.name, ana.games) == ("ANA", 2)  # shown as last written
    with pytest.raises(StoreError, match="given twice"):
        update_ratings(db, "g3", [("Ana", 1), ("ANA", 2)])
    assert ratings_for(db, "Ana") == [ana]  # refused: nothing changed, g3 not recorded
    assert db.execute("SELECT COUNT(*) FROM rated_games").fetchone()[0] == 2


def test_an_account_renamed_keeps_its_ratings(db: sqlite3.Connection) -> None:
    update_ratings(db, "g1", [("Ana", 1), ("Ben", 2)])
    update_ratings(db, "g4", [("Ben", 1), ("Cem", 2)])
    ben = ratings_for(db, "Ben")
    assert rename_account(db, "ben", "Bea") == 2 and ratings_for(db, "Ben") == []
    assert [(r.name, r.mu) for r in ratings_for(db, "bea")] == [("Bea", r.mu) for r in ben]
    with pytest.raises(StoreError, match="'Ana' already has a rating"):
        rename_account(db, "Bea", "Ana")  # both rated in bohnanza: refused, nothing moved
    assert len(ratings_for(db, "Bea")) == 2 and not db.in_transaction
    assert rename_account(db, "bea", "BEA") == 2  # the same account, spelled anew
    assert {r.name for r in ratings_for(db, "Bea")} == {"BEA"}


def test_the_leaderboard_orders_by_ordinal(db: sqlite3.Connection) -> None:
    update_ratings(db, "g1", [("Ana", 1), ("Ben", 2), ("Cem", 3)])
    update_ratings(db, "g2", [("Ana", 1), ("Ben", 3), ("Cem", 2)])
    update_ratings(db, "g4", [("Cem", 1), ("Ana", 2)])  # g4 is of another game
    board = leaderboard(db, "bohnanza")
    assert [r.name for r in board] == ["Ana", "Cem", "Ben"]
    ords = [r.ordinal for r in board]
    assert ords == sorted(ords, reverse=True)
    assert [r.ordinal for r in board] == [r.mu - 3 * r.sigma for r in board]
    assert [r.name for r in leaderboard(db, "bohnanza", limit=1)] == ["Ana"]
    assert [r.name for r in leaderboard(db, "dahlias")] == ["Cem", "Ana"]
    assert leaderboard(db, "nonesuch") == []


def test_bad_places_and_an_unknown_game_are_one_line_and_change_nothing(
    db: sqlite3.Connection,
) -> None:
    for places, says in [
        ([("Ana", 0), ("Ben", 1)], "must be 1 to"),
        ([("Ana", True), ("Ben", 1)], "must be 1 to"),
        ([("", 1), ("Ben", 1)], "empty"),
        ([("A\nna", 1), ("Ben", 1)], "line break"),
        ("Ana", "list of"),
    ]:
        with pytest.raises(StoreError, match=says):
            update_ratings(db, "g1", places)  # type: ignore[arg-type]
    with pytest.raises(StoreError, match="not in the database"):
        update_ratings(db, "zz", [("Ana", 1), ("Ben", 2)])
    update_ratings(db, "zz", [("Ana", 1), ("Ben", 2)], game="dahlias")  # said which game
    assert [r.game_id for r in ratings_for(db, "Ana")] == ["dahlias"]
    update_ratings(db, "g2", [("Ana", 1)])  # one account: nothing to rate, nothing recorded
    assert db.execute("SELECT game_id FROM rated_games").fetchall() == [("zz",)]


@pytest.mark.parametrize("bad", ["'many'", "'NaN'", "9e999", "X'00'"])  # NaN: NOT NULL keeps it out
def test_a_damaged_rating_is_skipped_named_and_refuses_an_update(
    db: sqlite3.Connection, tmp_path: Path, bad: str
) -> None:
    update_ratings(db, "g1", [("Ana", 1), ("Ben", 2)])
    db.execute(f"UPDATE ratings SET mu = {bad} WHERE account = 'ben'")
    assert [r.name for r in leaderboard(db, "bohnanza")] == ["Ana"]
    assert ratings_for(db, "Ben") == []
    got = load(tmp_path / DB_NAME, "Ana")
    assert got.stats.skipped == (
        "Skipped the rating of 'Ben' in 'bohnanza': its mu is not a number.",
    )
    ana = ratings_for(db, "Ana")
    with pytest.raises(StoreError, match=r"rating of 'Ben' in 'bohnanza' is damaged \(its mu"):
        update_ratings(db, "g2", [("Ana", 1), ("Ben", 2)])
    assert ratings_for(db, "Ana") == ana and not db.in_transaction


def test_an_update_inside_the_callers_transaction_is_rolled_back_with_it(
    db: sqlite3.Connection,
) -> None:
    db.execute("BEGIN IMMEDIATE")
    update_ratings(db, "g1", [("Ana", 1), ("Ben", 2)])
    assert db.in_transaction and len(leaderboard(db, "bohnanza")) == 2
    db.execute("ROLLBACK")
    assert leaderboard(db, "bohnanza") == []
    assert db.execute("SELECT COUNT(*) FROM rated_games").fetchone()[0] == 0


def test_a_database_of_the_previous_version_migrates(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    old = sqlite3.connect(path)
    for n, script in enumerate(MIGRATIONS[: VERSION - 1]):
        old.executescript(f"BEGIN;{script}\nPRAGMA user_version={n + 1};\nCOMMIT;")
    old.execute("INSERT INTO settings (key, value) VALUES ('bot_pace', 'slow')")
    old.commit()
    old.close()
    db = connect(path)
    try:
        assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION
        assert db.execute("SELECT value FROM settings").fetchall() == [("slow",)]  # kept
        update_ratings(db, "m1", [("Ana", 1), ("Ben", 2)], game="bohnanza")
        assert [r.name for r in leaderboard(db, "bohnanza")] == ["Ana", "Ben"]
    finally:
        db.close()


def stats_command(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bohn_tui", "stats", *args],
        capture_output=True,
        text=True,
        env={"BOHN_DATA_DIR": str(data), "PATH": "/usr/bin:/bin", "COLUMNS": "120"},
        timeout=60,
    )


def test_bohn_stats_shows_a_players_ratings_and_the_leaderboards(tmp_path: Path) -> None:
    db = connect(fill(tmp_path / DB_NAME))
    update_ratings(db, "g1", [("Ana", 1), ("Ben", 2), ("[b]Cem", 3)])
    update_ratings(db, "g4", [("Ana", 2), ("[b]Cem", 1)])
    (ana,) = [r for r in ratings_for(db, "Ana") if r.game_id == "bohnanza"]
    db.close()
    p = stats_command(tmp_path, "--player", "Ana")
    assert p.returncode == 0, p.stderr
    assert "Recent results" in p.stdout  # beside the tables of today
    ratings = p.stdout[p.stdout.index("Ratings of Ana") :]
    assert "Bohnanza: Dahlias" in ratings
    line = next(x for x in ratings.splitlines() if x.strip().startswith("Bohnanza "))
    assert line.split() == ["Bohnanza", f"{ana.ordinal:.0f}", f"{ana.mu:.1f}", "±",
                            f"{ana.sigma:.1f}", "1"]  # fmt: skip
    p = stats_command(tmp_path)
    assert p.returncode == 0 and "Leaderboard: Bohnanza" in p.stdout and "[b]Cem" in p.stdout
    board = [x.split()[:2] for x in p.stdout.splitlines() if x.strip()[:2] in ("1.", "2.", "3.")]
    assert board == [
        ["1.", "Ana"],
        ["2.", "Ben"],
        ["3.", "[b]Cem"],
        ["1.", "[b]Cem"],
        ["2.", "Ana"],
    ]
    p = stats_command(tmp_path, "--json", "--player", "aNA")  # an account regardless of case
    (bohnanza,) = [r for r in json.loads(p.stdout)["ratings"] if r["game_id"] == "bohnanza"]
    assert bohnanza == {"name": "Ana", "game_id": "bohnanza", "mu": ana.mu, "sigma": ana.sigma,
                        "ordinal": ana.ordinal, "games": 1}  # fmt: skip


async def test_the_statistics_screen_shows_a_leaderboard_per_game(tmp_path: Path) -> None:
    from helpers.ui import screen_text
    from textual.app import App
    from textual.widgets import TabbedContent

    from bohn_tui.ui.screens.stats import StatsScreen

    path = fill(tmp_path / DB_NAME)

    class One(App[None]):
        def on_mount(self) -> None:
            self.push_screen(StatsScreen(path))

    db = connect(path)
    update_ratings(db, "g1", [("Ana", 1), ("[b]Ben", 2)])
    update_ratings(db, "g4", [("Cem", 1), ("Ana", 2)])
    db.close()
    async with One().run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("7")
        await pilot.pause()
        screen = pilot.app.screen
        assert screen.query_one(TabbedContent).active == "ratings"
        text = screen_text(screen)
        assert "Leaderboard: Bohnanza" in text and "Leaderboard: Bohnanza: Dahlias" in text
        assert "1-7 tabs" in text
        assert ["2.", "[b]Ben"] in [x.split()[:2] for x in text.splitlines()]  # never markup
        await pilot.press("p")  # Ana: her ratings, the same tab
        await pilot.pause()
        text = screen_text(screen)
        assert "Ratings of Ana" in text and "Leaderboard" not in text
        await pilot.press("p")  # Ben of the results has no rating: the first tab, none for them
        await pilot.pause()
        assert screen.player == "Ben" and screen.query_one(TabbedContent).active == "players"
        assert not screen.query("TabPane#ratings") and "1-6 tabs" in screen_text(screen)


def test_the_commands_and_the_screens_do_not_import_openskill() -> None:
    """Only an update imports it (its import cost stays out of `bohn`'s start)."""
    code = (
        "import sys, bohn_tui.cli, bohn_tui.ui.app, bohn_tui.ui.screens.stats, "
        "bohn_tui.store.stats, bohn_tui.store.ratings; "
        "print([m for m in sys.modules if m.startswith('openskill')])"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and p.stdout.strip() == "[]", p.stderr
