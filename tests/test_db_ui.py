"""The saves screen over the database: a damaged game is listed with its reason beside the
good ones, says what is wrong when chosen, and can be exported or deleted from there; a
move that cannot be saved is refused on the table with one line."""

from __future__ import annotations

import json
from pathlib import Path

from bohn_tui.play.session import Session
from bohn_tui.store import Store
from bohn_tui.ui.app import BohnApp
from bohn_tui.ui.screens.saves import SavesScreen
from bohn_tui.ui.screens.table import TableScreen

SIZE = (120, 40)
BAD = {"game": "bohnanza", "players": ["Ana", "Ben"], "seed": 1, "options": {}, "bots": {"7": "x"}}


async def test_a_damaged_game_on_the_saves_screen(tmp_path: Path) -> None:
    store = Store(tmp_path)
    good = Session.new("dahlias", ["Ana", "Ben", "Cem"], seed=1, store=store)
    bad_id = store.import_raw({"record": {**BAD, "bots": {}}})  # a good game, made bad below
    store.db.execute("UPDATE games SET header = ? WHERE id = ?", (json.dumps(BAD), bad_id))
    app = BohnApp(store, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        await pilot.press("enter")  # the newest: the bad one; it cannot be opened
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        shot = app.export_screenshot().replace("&#160;", " ")
        assert f"{bad_id}: damaged" in shot and "Dahlias · Ana, Ben, Cem" in shot
        await pilot.press("e")
        await pilot.pause()
        exported = json.loads((tmp_path / "exports" / f"{bad_id}.json").read_text())
        assert exported["bots"] == {"7": "x"} and exported["record"]["players"] == ["Ana", "Ben"]
        await pilot.press("delete")
        await pilot.pause()
        assert [i.id for i in store.list()] == [good.save_id]
        await pilot.press("enter")  # the good one opens
        await pilot.pause()
        assert any(isinstance(s, TableScreen) for s in app.screen_stack), (
            app.screen_stack,
            app.export_screenshot().replace("&#160;", " ")[-3000:],
        )
    assert [i.id for i in Store(tmp_path).list()] == [good.save_id]


async def test_a_damaged_file_is_named_once_with_one_reason(tmp_path: Path) -> None:
    """An old save file that is not JSON is listed, and refused when chosen, in one line that
    names the file once and says what is wrong once (not "damaged (x.json is damaged (...))")."""
    from helpers.screen import seen

    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "2df61719.json").write_text('{"record": ')
    app = BohnApp(Store(tmp_path), bot_delay=0)
    line = "2df61719.json: damaged, not valid JSON: Expecting value at line 1 column 12"
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        assert line in seen(app)
        await pilot.press("enter")  # it cannot be opened: the toast says the same line
        await pilot.pause(0.3)
        assert isinstance(app.screen, SavesScreen)
        toast = list(app._notifications)[-1]
        assert (toast.title, toast.message) == ("This save cannot be opened", line)
        shown = " ".join(seen(app).split())  # the toast wraps its line
        assert "This save cannot be opened" in shown
        assert shown.count("damaged, not valid JSON") == 2, shown  # the list and the toast
        assert "damaged (" not in shown and "names no game" not in shown
        assert line in seen(app)  # the list keeps the first reason


async def test_the_saves_key_line_offers_export_and_delete_only_for_a_save(tmp_path: Path) -> None:
    """With nothing saved, or once the last save is deleted, the key line has no Export or
    Delete (they would do nothing); with a save listed it has both."""
    from helpers.screen import seen
    from helpers.wait import until_async

    def keys(app: BohnApp) -> str:
        return seen(app).splitlines()[-1]

    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await until_async(lambda: isinstance(app.screen, SavesScreen) and "Back" in keys(app))
        assert "Export" not in keys(app) and "Delete" not in keys(app), keys(app)
    store = Store(tmp_path / "one")
    Session.new("dahlias", ["Ana", "Ben", "Cem"], seed=1, store=store)
    app = BohnApp(store, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await until_async(lambda: isinstance(app.screen, SavesScreen) and "Delete" in keys(app))
        assert "Export" in keys(app), keys(app)
        await pilot.press("delete")
        await until_async(lambda: store.list() == [] and "Delete" not in keys(app))
        assert "Export" not in keys(app) and "Back" in keys(app), keys(app)
