"""The table's keys are the screen's: no widget of a table takes the focus, after it is
built, after a hand-over, or after a click on the players' list (a focused scroll
container's arrow keys scroll it where the game's ←→ ↑↓ pick a card and an offer, and
every key passed through it and each container above it on its way to the screen)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.ui import make_app, table, until
from textual.widget import Widget

from bohn_tui.play.session import Session


@pytest.mark.parametrize("game", ["bohnanza", "excalibohn", "wuerfelspiel", "bohnroschen"])
async def test_no_widget_of_the_table_takes_the_focus(tmp_path: Path, game: str) -> None:
    s = Session.new(game, ["Ana", "Ben", "Cem"], seed=5)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(120, 40)) as pilot:
        t = table(app)
        assert await until(pilot, lambda: not t.building)
        if app.screen is not t:  # the privacy screen first
            await pilot.press("enter")
        assert await until(pilot, lambda: app.screen is t and t.viewer is not None)
        focusable = [w for w in t.walk_children(Widget) if w.focusable]
        assert focusable == []
        assert app.focused is None
        # a click anywhere on the table (the players, the log) focuses nothing either
        for w in t.walk_children(Widget):
            if w.id in ("players-scroll", "log") and w.region:
                await pilot.click(offset=(w.region.x + 1, w.region.y + 1))
        await pilot.pause()
        assert app.focused is None
