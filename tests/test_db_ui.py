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
