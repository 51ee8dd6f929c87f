"""`bohn play`'s start (issue #25): the store is opened by the app after its first frame,
what that opening read in of an earlier version's files is still said (stderr, when the
app ends), and `main` makes the click command of the one command asked for only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers.old_files import old_solo_file
from helpers.ui import until
from typer.testing import CliRunner

from bohn_tui import cli
from bohn_tui.cli_start import asked
from bohn_tui.store import Store
from bohn_tui.ui.app import BohnApp
from bohn_tui.ui.screens.table import TableScreen


def test_play_opens_the_store_after_the_first_frame_and_says_what_it_read_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    old_solo_file(tmp_path)
    frames: list[str] = []  # the screen of each frame drawn
    opened_at: list[int] = []  # how many frames were drawn when the store was opened
    display, store_open, run = BohnApp._display, Store.open, BohnApp.run

    def drawn(self: BohnApp, screen: Any, renderable: Any) -> None:
        if renderable is not None and not self._batch_count:
            frames.append(type(screen).__name__)
        display(self, screen, renderable)

    def opening(self: Store) -> Any:
        opened_at.append(len(frames))
        return store_open(self)

    async def to_the_table(pilot: Any) -> None:
        app = pilot.app

        def built() -> bool:  # the table beneath the hand-over, mounted whole
            return any(isinstance(s, TableScreen) and s.query("#side") for s in app.screen_stack)

        assert await until(pilot, built)
        await pilot.pause()
        pilot.app.exit()

    monkeypatch.setattr(BohnApp, "_display", drawn)
    monkeypatch.setattr(Store, "open", opening)
    monkeypatch.setattr(
        BohnApp,
        "run",
        lambda self: run(self, headless=True, size=(120, 40), auto_pilot=to_the_table),
    )
    out = CliRunner().invoke(cli.app, ["play", "bohnanza", "--players", "Ana,Ben", "--seed", "3"])
    assert out.exit_code == 0, out.output
    # the first frame is the hand-over to Ana, drawn before the store was opened
    assert frames[0] == "PrivacyScreen" and opened_at and opened_at[0] >= 1
    [line] = out.output.splitlines()  # what the opening read in: said once, when it ends
    assert line.startswith("1 file of an earlier version: 1 could not be read"), out.output
    assert (tmp_path / "solo.sqlite3.damaged").is_file()


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--help"],
        ["play"],  # its missing argument
        ["export", "--help"],
        ["replay", "--bad-option", "x.json"],
    ],
)
def test_the_one_command_asked_for_says_what_the_whole_app_says(args: list[str]) -> None:
    one = asked(cli.app, args)
    assert one is not cli.app and len(one.registered_commands) == 1 and not one.registered_groups
    whole = CliRunner().invoke(cli.app, args, terminal_width=100)
    mine = CliRunner().invoke(one, args, terminal_width=100)
    assert (mine.exit_code, mine.output) == (whole.exit_code, whole.output)
    assert whole.output  # the help, or the usage error


@pytest.mark.parametrize("args", [[], ["--help"], ["server", "--help"], ["nosuch"], ["Play"]])
def test_anything_but_one_command_gets_the_whole_app(args: list[str]) -> None:
    assert asked(cli.app, args) is cli.app


def test_the_app_maps_ansi_colours_through_its_own_themes_without_a_second_css_parse() -> None:
    """The ANSI themes are set without their watchers (each would parse the stylesheet once
    more before the first frame): the filter is made with them all the same."""
    from textual.filter import ANSIToTruecolor

    from bohn_tui.ui.app import ANSI_DARK, ANSI_LIGHT

    app = BohnApp()
    assert (app.ansi_theme_dark, app.ansi_theme_light) == (ANSI_DARK, ANSI_LIGHT)
    [ansi] = [f for f in app._filters if isinstance(f, ANSIToTruecolor)]
    assert ansi._terminal_theme is ANSI_DARK
    assert app._css_update_count == 0 and not app._next_callbacks  # no refresh_css queued
