"""Pilot tests of Bohnröschen at the table: the vine row on screen, tribute on one key, a solo
turn, and the end of a solo run with the best runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.rules import give_coins
from helpers.ui import SIZE, make_app, table, until
from textual.widgets import Static

from bohn_tui.games.bohnroschen.ui.solo_end import SoloEndScreen
from bohn_tui.games.bohnroschen.ui.vine_row import VineRow
from bohn_tui.games.common.actions import EndPlanting, PlantHand
from bohn_tui.play.session import Session
from bohn_tui.ui.screens.help import HelpScreen

METER = "Bean-o-meter: cards needed for 1-4 coins"
GAME = "bohnroschen"


async def test_tribute_is_one_key_and_the_row_shows_it(tmp_path: Path) -> None:
    s = Session.new(GAME, ["Ana", "Ben", "Cem"], {2: "standard"}, seed=4)
    give_coins(s.state, 0, "soy", 2)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # Ana takes the screen
        await pilot.pause()
        t = table(app)
        assert t.viewer == 0 and t.query_one(VineRow)
        keys = str(app.screen.query_one("#keys").content)
        assert "t Pay tribute" in keys
        banner = str(app.screen.query_one("#banner").content)
        assert "Task (card 1)" in banner
        await pilot.press("t")
        await pilot.pause()
        assert s.state.pos[0] == 1 and len(s.state.players[0].coins) == 1
        assert any("pays tribute for" in ln.text for ln in s.log)
        row = t.query_one(VineRow)
        assert "▶  2" in str(row.content)  # Ana's figure on card 2 now


async def test_a_solo_turn_and_the_neutral_figures(tmp_path: Path) -> None:
    s = Session.new(GAME, ["Ana"], {}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        t = table(app)
        assert t.viewer == 0  # one person: no privacy screen
        row = str(t.query_one(VineRow).content)
        assert row.count("Row ") == 4 and "violet" in row
        for _ in range(12):
            if s.state.phase == "draw":
                break
            if t.choice is not None:  # a harvest to make room, asked on the table
                await pilot.press(str(t.choice[1][0].field + 1))
            else:  # plant on field 1 or 2 (a whole kind in phase 3), else stop or end
                fits = [k for k in (1, 2) if t.check_action("plant", (k - 1,))]
                await pilot.press(str(fits[0]) if fits else "e")
            await pilot.pause()
        assert s.state.phase == "draw"
        keys = str(app.screen.query_one("#keys").content)
        assert "e Draw cards" in keys
        await pilot.press("e")
        await pilot.pause()
        assert s.state.turn == 2
        assert any(ln.text.startswith("The violet figure moves to card") for ln in s.log)
        await pilot.press("question_mark")  # the help: the figure's task, the rules, the keys
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        shown = " ".join(str(w.content) for w in app.screen.query(Static))
        assert "Your figure: Task (card" in shown and "Bohnröschen" in shown
        assert any(getattr(w.content, "title", "") == METER for w in app.screen.query(Static))


async def test_the_end_of_a_solo_run_shows_the_best_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    s = Session.new(GAME, ["Ana"], {0: "standard"}, seed=8)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        # the bot plays the run in its threads: its end waited for by a deadline (not 50
        # pause()s)
        await until(pilot, lambda: isinstance(app.screen, SoloEndScreen))
        assert isinstance(app.screen, SoloEndScreen)
        assert app.screen.store.count()[0] == 1
    assert (tmp_path / "bohn.sqlite3").is_file()  # the one database


def test_solo_command_daily_takes_no_seed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from bohn_tui.cli import app

    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    result = CliRunner().invoke(app, ["solo", "--daily", "--seed", "4"])
    assert result.exit_code == 1 and "--daily plays the day's seed" in result.output


def test_solo_command_starts_the_day_s_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`bohn solo --daily` opens the table on a solo session with the day's seed."""
    from typer.testing import CliRunner

    from bohn_tui import cli
    from bohn_tui.store.solo import daily_seed, today
    from bohn_tui.ui import app as ui_app

    started: list[Session] = []
    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(ui_app.BohnApp, "run", lambda self: started.append(self.first_session))
    result = CliRunner().invoke(cli.app, ["solo", "--daily", "--name", "Ana"])
    assert result.exit_code == 0, result.output
    (s,) = started
    assert s.record.game == GAME and s.names == ["Ana"] and not s.bot_levels
    assert s.record.seed == daily_seed(today())
    assert s.record.options["daily"] == today().isoformat()


async def test_two_players_take_the_left_beans_a_whole_kind_by_key(tmp_path: Path) -> None:
    from bohn_tui.games.common.actions import EndTurn

    s = Session.new(GAME, ["Ana", "Ben"], {}, seed=5)
    for _ in range(30):  # Ana plants her front card, turns up, leaves every bean to Ben
        if s.state.phase == "draw":
            break
        legal = s.legal(0)
        pick = [a for a in legal if isinstance(a, EndTurn | EndPlanting)]
        s.apply(pick[0] if pick else next(a for a in legal if isinstance(a, PlantHand)))
    s.apply(next(a for a in s.legal(0) if a.type == "draw_cards"))
    left = list(s.state.duel_offer)
    assert s.state.phase == "take_offer" and s.state.active == 1 and left
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # Ben takes the screen
        await pilot.pause()
        t = table(app)
        assert t.viewer == 1
        kind = left[0]
        fits = [k for k in (0, 1) if t.check_action("plant", (k,))]
        await pilot.press(str(fits[0] + 1))
        await pilot.pause()
        assert kind not in s.state.duel_offer  # the whole kind at once
        assert s.state.players[1].fields[fits[0]].count == left.count(kind)
        if s.state.duel_offer:  # the rest: discarded a whole kind at a time
            await pilot.press("d")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert len(s.state.duel_offer) < len(left) - left.count(kind)


async def test_vine_row_is_compact_on_a_short_screen(tmp_path: Path) -> None:
    s = Session.new(GAME, ["Ana", "Ben", "Cem", "Dora"], {2: "standard", 3: "standard"}, seed=1)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        row = table(app).query_one(VineRow)
        assert row.compact and row.outer_size.height <= 2 + 4  # borders, strip, 3 cards
        assert row.outer_size.width <= 80
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert not row.compact and "cards to the castle" in str(row.content)
