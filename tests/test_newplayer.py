"""What a new player meets first, by keys: the menu's Continue line after leaving a game,
and the way out of each help and rules screen named where it opens."""

from __future__ import annotations

from pathlib import Path

from helpers.screen import seen
from helpers.ui import SIZE, until
from textual.pilot import Pilot

from bohn_tui.store import Store
from bohn_tui.ui.app import BohnApp
from bohn_tui.ui.screens.menu import MenuScreen
from bohn_tui.ui.screens.new_game import NewGameScreen
from bohn_tui.ui.screens.privacy import PrivacyScreen
from bohn_tui.ui.screens.table import TableScreen


def words(app: BohnApp) -> str:
    """The screen's words in one line, a toast's rows joined (its left edge left out)."""
    return " ".join(w for w in seen(app).split() if w != "▌")


async def new_game_from_the_menu(pilot: Pilot[None], app: BohnApp) -> None:
    """n, Ctrl+S (Bohnanza: Ana and Ben and a computer player), Enter: at the table."""
    await pilot.press("n")
    await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
    await pilot.press("ctrl+s")
    await until(pilot, lambda: isinstance(app.screen, PrivacyScreen))
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, TableScreen))
    assert isinstance(app.screen, TableScreen)


async def test_the_menu_offers_to_continue_the_game_just_left(tmp_path: Path) -> None:
    """n, start, q: back on the menu, Continue names the game (it said "no unfinished
    game" before it started, and kept saying so) and c opens it."""
    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "no unfinished game" in words(app))
        assert "no unfinished game" in words(app)
        await new_game_from_the_menu(pilot, app)
        await pilot.press("q")
        back = lambda: isinstance(app.screen, MenuScreen) and "Continue: Bohnanza" in words(app)  # noqa: E731
        await until(pilot, back)
        assert back(), words(app)
        assert "no unfinished game" not in words(app)
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        assert isinstance(app.screen, PrivacyScreen)


async def test_ctrl_c_says_how_to_quit_in_words(tmp_path: Path) -> None:
    """Ctrl+C does not quit (Textual's reflex toast): it names Ctrl+Q, with no markup
    shown as text ("Press [b]ctrl+q[/b]" before)."""
    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("ctrl+c")
        said = lambda: "Press Ctrl+Q to quit" in words(app)  # noqa: E731
        await until(pilot, said)
        assert said(), words(app)
        assert "[b]" not in words(app)


async def test_rules_say_how_to_close_them_first_and_a_sentence_keeps_its_line(
    tmp_path: Path,
) -> None:
    """r, 1 (Bohnanza, for 2 first): the first row of the rules says how to leave them
    (it was the last line, below the bean-o-meter, seen only after scrolling), and the
    duel's one sentence is not broken after "plant 1-2"; Esc is back on the menu, where
    ? (which did nothing) asks for a game's rules too."""
    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("r", "1")
        shown = lambda: "Esc closes the rules" in seen(app)  # noqa: E731
        await until(pilot, shown)
        assert shown(), seen(app)
        lines = seen(app).splitlines()
        assert not any(ln.rstrip(" █▆▃").endswith("plant 1-2") for ln in lines), lines
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("question_mark")  # the table's help key: the rules here too
        asked = lambda: "Rules of which game?" in words(app)  # noqa: E731
        await until(pilot, asked)
        assert asked(), words(app)


async def test_the_tables_help_says_how_to_close_it_first(tmp_path: Path) -> None:
    """? on the table: its first row names Esc (a help is longer than the screen)."""
    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await new_game_from_the_menu(pilot, app)
        await pilot.press("question_mark")
        shown = lambda: "Esc closes this help" in seen(app)  # noqa: E731
        await until(pilot, shown)
        assert shown(), seen(app)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert isinstance(app.screen, TableScreen)


async def test_a_seat_row_fits_the_new_game_box_at_80_columns(tmp_path: Path) -> None:
    """At 80x24 each seat's kind list shows whole (its right edge and arrow were under the
    scroll bar)."""
    from textual.containers import VerticalScroll
    from textual.widgets import Select

    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("n")
        box = lambda: app.screen.query_one("#new-box", VerticalScroll)  # noqa: E731
        kind = lambda: app.screen.query_one("#kind-0", Select)  # noqa: E731
        laid = lambda: isinstance(app.screen, NewGameScreen) and kind().region.width > 0  # noqa: E731
        await until(pilot, laid)
        inside = box().scrollable_content_region
        assert kind().region.right <= inside.right, (kind().region, inside)


async def test_new_game_refusals_say_what_to_change(tmp_path: Path) -> None:
    """Dahlias with two seats taken names the seat to add; two seats named Ana name Ana;
    nothing starts."""
    from textual.widgets import Input, Select

    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        screen = app.screen
        screen.query_one("#game", Select).value = "dahlias"
        screen.query_one("#kind-2", Select).value = "off"
        await refused(pilot, app, "not 2: set a seat to a person")
        screen.query_one("#kind-2", Select).value = "standard"
        screen.query_one("#name-1", Input).value = "Ana"
        await refused(pilot, app, "Ana sits twice")
        assert app.screen is screen and Store(tmp_path).list() == []


async def refused(pilot: Pilot[None], app: BohnApp, why: str) -> None:
    """Ctrl+S on the new-game screen: the toast says `why`, and the screen stays."""
    await pilot.press("ctrl+s")
    await until(pilot, lambda: why in words(app))
    assert why in words(app), words(app)
    assert isinstance(app.screen, NewGameScreen)


async def test_the_too_small_screen_names_the_way_out(tmp_path: Path) -> None:
    """At 40x10 (the menu beneath): grow the window, or Ctrl+Q, which quits."""
    from bohn_tui.ui.screens.too_small import TooSmallScreen

    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=(40, 10)) as pilot:
        small = lambda: isinstance(app.screen, TooSmallScreen) and "Ctrl+Q" in words(app)  # noqa: E731
        await until(pilot, small)
        assert small(), words(app)
        await pilot.press("ctrl+q")
        await until(pilot, lambda: not app.is_running)
        assert not app.is_running


async def test_q_on_the_privacy_screen_leaves_to_the_menu_and_shows_no_cards(
    tmp_path: Path,
) -> None:
    """Nobody there to take the screen: q leaves to the menu (it was a dead end: only
    Enter did anything), the game saved; no hand was revealed on the way."""
    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.press("ctrl+s")
        await until(
            pilot,
            lambda: isinstance(app.screen, PrivacyScreen) and app.screen.reveal is not None,
        )
        assert "q leaves to the menu" in words(app)
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert isinstance(app.screen, MenuScreen)
        assert not any(isinstance(s, TableScreen) for s in app.screen_stack)
        await until(pilot, lambda: "Continue" in words(app) and "no unfinished" not in words(app))
        assert "no unfinished" not in words(app)
