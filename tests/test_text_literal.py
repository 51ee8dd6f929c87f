"""Outside text is text (issue #22, item 12): names that are markup ("[/]", "[b]x",
"[link=x]y"), an emoji code (":smile:"), a right-to-left name and a 40-character CJK name are
shown as they are on every screen: the privacy screen, the table (panels, hand, banner, log),
every game's table at 120x40 and 80x24 (the CJK name cut by cells, with an ellipsis), the
menu's Continue, the saved games, the statistics and the end screen, hot-seat (Textual's
pilot) and remote (a real `bohn host` on 127.0.0.1, the real ssh, a chat line that is
markup too). A crash of the app ends the command with status 1; `bohn resume` of a game of
these names plays and ends with 0."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import typer
from helpers.screen import rows, seen
from helpers.ssh import Terminal, hosting, make_key, ssh_command
from helpers.text import CHAT, CJK, NAMES, SHOWN, missing, saved_games
from helpers.ui import make_app, step, table
from rich.cells import cell_len

from bohn_tui.cli import _run
from bohn_tui.games import GAMES, spec
from bohn_tui.games.common.ui.end import EndScreen
from bohn_tui.play.session import Session
from bohn_tui.store import Store
from bohn_tui.ui.app import BohnApp
from bohn_tui.ui.screens.menu import MenuScreen
from bohn_tui.ui.screens.privacy import PrivacyScreen
from bohn_tui.ui.screens.saves import SavesScreen, save_line
from bohn_tui.ui.text import clip_cells, literal


def test_clip_cells_cuts_by_cells_and_never_halves_a_wide_character() -> None:
    assert clip_cells("Ana", 3) == "Ana" and clip_cells("Anabel", 4) == "Ana…"
    assert clip_cells(CJK, 10) == CJK[:4] + "…"  # 8 cells and the ellipsis
    assert clip_cells(CJK, 9) == CJK[:4] + "…"  # not half of the fifth
    assert clip_cells(CJK, 80) == CJK and clip_cells("x", 0) == ""
    assert literal(":smile: [b]x").plain == ":smile: [b]x"


async def test_hot_seat_privacy_table_banner_and_log_show_each_name(tmp_path: Path) -> None:
    """A 6-person Bohnanza round: each person's privacy screen and table name them as they
    are (and the CJK name, 80 cells, is cut in its panel instead of wrapping it)."""
    s = Session.new("bohnanza", NAMES, seed=1)
    app = make_app(tmp_path, s)
    passed: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(300):
            if isinstance(app.screen, PrivacyScreen) and app.screen.player not in passed:
                who = app.screen.player
                assert f"Pass to {who}" in seen(app) or who == CJK, seen(app)
                passed.append(who)
                if len(passed) == len(NAMES):
                    break
            await step(pilot, app, [])
        assert passed == NAMES
        assert CJK[:20] in seen(app)  # the privacy screen names even the longest whole
        await pilot.press("enter")
        await pilot.pause()
        shown = seen(app)
        assert not missing(shown), missing(shown)
        assert f"{CJK[:4]}" in shown and "…" in shown  # cut, with an ellipsis
        assert "Turn 6 · " in shown and f"— Turn 5: {NAMES[4]} —" in shown, shown  # banner, log
        t = table(app)
        panel = t.query_one("#player-5")
        assert panel.size.height == 4  # three fields and the cards to plant: no row wrapped


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
@pytest.mark.parametrize("game", GAMES)
async def test_every_games_table_shows_the_names_at_both_sizes(
    tmp_path: Path, game: str, size: tuple[int, int]
) -> None:
    n = max(spec(game).player_counts)
    names = (NAMES[: n - 1] + [CJK]) if n < len(NAMES) else NAMES
    s = Session.new(game, names, seed=2)
    app = make_app(tmp_path, s)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if isinstance(app.screen, PrivacyScreen):
            assert f"Pass to {names[s.waiting_for()[0]]}"[:30] in seen(app)
            await pilot.press("enter")
            await pilot.pause()
        assert app.screen is table(app)
        shown = seen(app)
        expect = [SHOWN[NAMES.index(x)] for x in names]
        if size == (80, 24):  # compact rows cut the names to the column
            expect = [clip_cells(x, 6).rstrip("…") for x in expect]
        assert not missing(shown, expect), (missing(shown, expect), shown)
        assert all(cell_len(r) <= size[0] for r in rows(app))


async def test_menu_saves_statistics_and_end_screen_show_the_names(tmp_path: Path) -> None:
    done, going = saved_games(tmp_path)
    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        menu = seen(app)
        assert "Continue: Bohnanza · [/], [b]x, [link=x]y, :smile:" in menu, menu
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        lines = seen(app)
        assert lines.count("Bohnanza · [/], [b]x, [link=x]y, :smile:") == 2, lines
        assert "finished" in lines and "😄" not in lines
        await pilot.press("escape", "t")
        await pilot.pause()
        stats = seen(app)
        assert not missing(stats, SHOWN[:5] + [CJK[:4]]), (missing(stats), stats)
        await pilot.press("escape")
        await pilot.pause()
        assert app.open_save(done)
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        end = seen(app)
        assert not missing(end), (missing(end), end)
        assert "game over" in end and "Final scores" in end


def test_a_save_whose_line_cannot_be_made_is_listed_with_why() -> None:
    class Odd:
        id = "g-123"

        @property
        def label(self) -> str:
            raise ValueError("year 99999 is out of range")

    line = save_line(Odd())
    assert line.plain == "g-123: cannot be shown: year 99999 is out of range"


class _Crashing(BohnApp):
    """The app as the cli runs it (headless here), with an error in a handler."""

    def on_mount(self) -> None:
        raise RuntimeError("a bug in a screen")

    def run(self, **kwargs: object) -> None:  # type: ignore[override]
        super().run(headless=True, **kwargs)  # type: ignore[arg-type]


def test_a_crash_of_the_app_ends_the_command_with_status_1(tmp_path: Path) -> None:
    with pytest.raises(typer.Exit) as ended:
        _run(_Crashing(Store(tmp_path)))
    assert ended.value.exit_code == 1


def test_bohn_resume_of_a_game_of_these_names_plays_and_exits_0(tmp_path: Path) -> None:
    _, going = saved_games(tmp_path)
    env = ["env", f"BOHN_DATA_DIR={tmp_path}", f"XDG_DATA_HOME={tmp_path}", "TERM=xterm-256color"]
    t = Terminal([*env, sys.executable, "-m", "bohn_tui", "resume", going], 120, 40)
    try:
        t.wait_for("Pass to", 20)
        t.press("enter")
        # every name drawn: a loaded machine draws the first frame in pieces
        shown = t.wait_for(lambda x: "hand" in x and not missing(x, SHOWN[:5]))
        assert not missing(shown, SHOWN[:5]), shown
        t.press("q")
        t.wait_for("Continue:")
        t.press("q")
        assert t.exited() == 0
    finally:
        t.close()


def test_remote_table_and_chat_show_the_names_over_ssh(
    tmp_path: Path, terminals: list[Terminal]
) -> None:
    key = make_key(tmp_path, "k")
    with hosting(tmp_path, "bohnanza", "--players", ",".join(NAMES)) as (_, info):
        code = next(x["code"] for x in info["seats"] if x["name"] == "[b]x")
        t = Terminal(ssh_command(info, code, key, "-tt"), 120, 40)
        terminals.append(t)
        # every name drawn (a loaded machine draws the first frame in pieces), or the screen
        # as it stands after the wait, with what it lacks
        shown = t.wait_for(lambda x: not missing(x) and "Chat" in x and "[b]x · you" in x, 60)
        assert "[b]x · you" in shown
        t.press("/")
        t.wait_for("Say to the table")
        t.press(CHAT, "enter")
        shown = t.wait_for(f"[b]x: {CHAT}")
        assert "😄" not in shown
