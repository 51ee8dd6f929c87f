"""The table's help is one screen kept while the table lives (issue #25): opened again it
is the same screen, mounted already (no compose, no removal on close), and shows the game's
help parts of now; a part that changed is drawn anew."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers.ui import make_app, screen_text, table, until
from rich.text import Text

from bohn_tui.play.session import Session
from bohn_tui.ui.screens.help import HelpScreen, _kept_name
from bohn_tui.ui.screens.table import TableScreen


async def test_help_opens_again_as_the_same_screen_with_the_parts_of_now(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben"], {1: "random"}, seed=3)
    app = make_app(tmp_path, s)
    said = ["The first words."]

    def parts(self: TableScreen) -> tuple[list[Any], list[Any]]:
        return [Text(said[0])], [Text("The last words.")]

    monkeypatch.setattr(TableScreen, "help_parts", parts)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        under = table(app)
        await pilot.press("question_mark")
        await pilot.pause()
        first: Any = app.screen
        assert isinstance(first, HelpScreen) and "The first words." in screen_text(first)
        statics = list(first.query("Static"))
        await pilot.press("question_mark")
        await pilot.pause()
        shown: Any = app.screen
        assert shown is under and first.is_attached  # closed, not removed
        said[0] = "Other words now."
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen is first and list(first.query("Static")) == statics
        text = screen_text(first)
        assert "Other words now." in text and "The first words." not in text
        assert "The last words." in text and "Keys" in text


async def test_the_help_is_made_and_laid_out_beneath_before_the_first_question_mark(
    tmp_path: Path,
) -> None:
    """Its first opening draws one frame like every later one (issue #25): the table makes
    its help while nobody presses a key, laid out beneath it, never shown until `?`."""
    s = Session.new("bohnanza", ["Ana", "Ben"], {1: "random"}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(120, 40)) as pilot:
        under = table(app)
        name = _kept_name(under)

        def laid_out() -> bool:
            if not app.is_screen_installed(name):
                return False
            made = app.get_screen(name)
            statics = list(made.query("Static")) if made.is_running else []
            return bool(statics) and all(w.region for w in statics)

        assert await until(pilot, laid_out)
        made = app.get_screen(name)
        assert app.screen is not made and made not in app.screen_stack  # never shown
        await pilot.press("question_mark")
        assert await until(pilot, lambda: app.screen is made and "Keys" in screen_text(made))
