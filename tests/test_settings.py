"""The computer players' pace: chosen on the new-game screen, kept in the database's settings
table (a migration of its own), shown again the next time the screen opens, in this run of the
app or the next, and used as the app's bot delay."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bohn_tui.store import Store, settings
from bohn_tui.store.db import DB_NAME, MIGRATIONS, VERSION, connect
from bohn_tui.ui.app import BohnApp
from bohn_tui.ui.screens.new_game import NewGameScreen

SIZE = (80, 24)


def test_a_setting_outlives_the_connection(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert settings.bot_pace(store) == settings.DEFAULT_PACE  # nothing stored yet
    settings.put(store, settings.BOT_PACE, "slow")
    settings.put(store, settings.BOT_PACE, "fast")  # the last choice wins
    store.close()
    again = Store(tmp_path)
    assert settings.bot_pace(again) == "fast" and settings.bot_delay(again) == 0.2
    settings.put(again, settings.BOT_PACE, "no such pace")  # e.g. written by a newer version
    assert settings.bot_pace(again) == settings.DEFAULT_PACE
    again.close()


def test_an_older_database_gains_the_settings_table(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    old = sqlite3.connect(path, isolation_level=None)
    old.executescript(MIGRATIONS[0] + "\nPRAGMA user_version=1;")
    old.execute(
        "INSERT INTO games (id, game, header, created, updated) VALUES ('g1', 'x', '{}', 0, 0)"
    )
    old.close()
    db = connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION >= 2
    assert db.execute("SELECT id FROM games").fetchall() == [("g1",)]  # kept
    assert db.execute("SELECT count(*) FROM settings").fetchone()[0] == 0
    db.close()


async def _new_game_screen(app: BohnApp, pilot) -> NewGameScreen:  # type: ignore[no-untyped-def]
    await pilot.pause()
    await pilot.press("n")
    await pilot.pause()
    assert isinstance(app.screen, NewGameScreen)
    return app.screen


async def test_the_pace_is_chosen_remembered_and_used(tmp_path: Path) -> None:
    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _new_game_screen(app, pilot)
        pace = screen.query_one("#pace")
        assert pace.value == "normal"  # type: ignore[attr-defined]
        pace.value = "instant"  # type: ignore[attr-defined]
        screen.query_one("#seed").value = "42"  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.client is not None and app.client.bot_delay == 0.0 == app.bot_delay
        assert settings.bot_pace(Store(tmp_path)) == "instant"
        await pilot.press("q")  # the menu; a new game again shows the last choice
        await pilot.pause()
    # the next run of the app, on the same database file
    app2 = BohnApp(Store(tmp_path), bot_delay=0.4)
    async with app2.run_test(size=SIZE) as pilot:
        screen = await _new_game_screen(app2, pilot)
        assert screen.query_one("#pace").value == "instant"  # type: ignore[attr-defined]
        screen.query_one("#pace").scroll_visible(animate=False)
        await pilot.pause()
        assert "instant (0 s a move)" in app2.export_screenshot().replace("&#160;", " ")
        screen.query_one("#pace").value = "slow"  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app2.client is not None and app2.client.bot_delay == 1.0
