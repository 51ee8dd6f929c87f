"""The command palette (Ctrl+P) lists our commands in words, with the key that does the same
on the table, and none of Textual's generic keys panel or system commands."""

from __future__ import annotations

from pathlib import Path

from helpers.screen import seen
from helpers.ui import B3_DECK, make_app
from textual.command import CommandList, CommandPalette

from bohn_tui.play.session import Session

GENERIC = ("Keys", "Screenshot", "Maximize", "Scroll Up", "Page Left", "Copy selected text")


def listed(app: object) -> list[str]:
    """The palette's rows as the player reads them (title and help)."""
    palette = app.screen  # type: ignore[attr-defined]
    assert isinstance(palette, CommandPalette)
    rows = palette.query_one(CommandList)
    return [str(rows.get_option_at_index(i).prompt) for i in range(rows.option_count)]


async def test_the_palette_lists_the_table_commands_in_words(tmp_path: Path) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=1, deck=B3_DECK)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause(0.5)
        rows = listed(app)
        text = "\n".join(rows)
        titles = [r.split("\n")[0].strip() for r in rows]
        for word in ("Plant on 1", "Log", "Help", "Menu", "Theme", "Quit"):
            assert word in titles, (word, titles)
        assert "on the table: ?" in text and "question_mark" not in text
        assert "key " not in text
        for generic in GENERIC:
            assert generic not in titles, (generic, titles)
            assert generic not in seen(app)
        await pilot.press(*"help", "enter")  # typed in words, it runs
        await pilot.pause(0.3)
        from bohn_tui.ui.screens.help import HelpScreen

        assert isinstance(app.screen, HelpScreen)


async def test_the_menu_palette_offers_only_theme_and_quit(tmp_path: Path) -> None:
    from bohn_tui.store import Store
    from bohn_tui.ui.app import BohnApp

    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause(0.5)
        titles = [r.split("\n")[0].strip() for r in listed(app)]
        assert sorted(titles) == ["Quit", "Theme"], titles
