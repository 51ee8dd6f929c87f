"""Bohnröschen's words at the table (games/bohnroschen/ui), the end of a solo run."""

from __future__ import annotations

from pathlib import Path

from helpers.bohnroschen import QUIET, four, game, to_phase
from helpers.rules import give_coins, play
from helpers.ui import screen_text

from bohn_tui.games.bohnroschen.log import describe
from bohn_tui.games.bohnroschen.rules import DRAW, DrawCards, PayTribute
from bohn_tui.games.bohnroschen.ui.solo_end import SoloEndScreen, outcome
from bohn_tui.games.bohnroschen.ui.table import banner, banner_hint, help_text, task_line
from bohn_tui.games.common.actions import Planted
from bohn_tui.games.common.ui.trade_area import TradeArea
from bohn_tui.play.client import LocalClient
from bohn_tui.play.session import Session
from bohn_tui.store import Store
from bohn_tui.store.solo import SoloStore


def names(seat: int) -> str:
    return ["Ana", "Ben", "Cem", "Dora"][seat]


def test_banner_names_tribute_key_and_the_task_under_the_figure() -> None:
    state = game(4, four([]), ["soy"] * 80, [*QUIET, "v16"])
    rules = state.rules
    to_phase(state, DRAW)
    view = rules.view(state, 0)
    hint = banner_hint(view, 0, "Ana")
    assert hint is not None and "e draws" in hint and "t pays" not in hint  # no coin
    _, shown = banner(("Turn 1", hint), view, 0)  # the task on a line of its own
    assert shown.split("\n") == [hint, "Task (card 1): Buy a 3rd bean field."]  # QUIET's v05
    give_coins(state, 0, "soy", 2)
    give_coins(state, 2, "soy", 1)
    hint = banner_hint(rules.view(state, 0), 0, "Ana")
    assert "t pays tribute" in hint
    play(state, PayTribute(0), DrawCards(0))
    assert state.phase == "intermediate"
    view = rules.view(state, 2)
    hint = banner_hint(view, 2, "Cem")
    assert "intermediate phase" in hint and "t pays tribute" in hint and "e is done" in hint
    ben = banner_hint(rules.view(state, 1), 1, "Ben")  # no coin, asked all the same
    assert ben is not None and "e is done" in ben and "t pays" not in ben
    assert "you cannot pay tribute now (t says why)" in ben  # why he is asked for nothing


def test_help_and_log_lines() -> None:
    state = game(4, four([]), ["soy"] * 80, [*QUIET, "v16"])
    rules = state.rules
    give_coins(state, 0, "soy", 1)
    view = rules.view(state, 0)
    text = help_text(view, 0, rules.rules_summary()).plain
    assert text.startswith("Your figure: Task (card 1): Buy a 3rd bean field.")
    assert "tribute" in text
    assert view["players"][0]["task"]["how"] in text
    events = play(state, PayTribute(0))
    lines = [describe(e, names, str.title) for e in events]
    assert "Ana pays a coin (Soy) to the discard pile" in lines
    assert "Ana pays tribute for “Buy a 3rd bean field.” (next task: card 2)" in lines
    planted = Planted(1, "soy", 0, "offer")  # phase 0 for two: the beans the other left
    assert describe(planted, names, str.title) == "Ben plants Soy left by Ana on field 1"
    view = rules.view(state, 0)
    assert task_line(view, 0).startswith("Task (card 2): ")
    head, hint = banner(("Turn 1 · Ana's turn", "Ana: plant."), view, 0)
    assert head == "Turn 1 · Ana's turn" and hint == "Ana: plant.\n" + task_line(view, 0)
    assert banner(("Turn 1", "Waiting"), view, None) == ("Turn 1", "Waiting")


async def test_solo_end_shows_the_result_and_the_best_runs(tmp_path: Path) -> None:
    from textual.app import App

    s = Session.new("bohnroschen", ["Ana"], {0: "random"}, seed=11, store=Store(tmp_path))
    s.run_bots()  # the store keeps the run with the move that ends it
    assert s.over
    store = SoloStore(tmp_path)

    class EndApp(App[None]):
        def on_mount(self) -> None:
            self.push_screen(SoloEndScreen(LocalClient(s), store))

    async with EndApp().run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen_text(pilot.app.screen)
    view = s.view(0)
    assert outcome(view) in text and ("Lost" in text or "Won" in text)
    assert "Best runs so far" in text and "◀ this run" in text and "seed 11" in text
    solo = view["solo"]
    assert "cards passed" in text and f"{solo['passed']} of {solo['cards']} cards" in text
    SoloEndScreen(LocalClient(s), store)  # shown again: still one run
    assert store.count()[0] == 1


async def test_phase_0s_discard_asks_for_a_kind_and_says_how_many_go(tmp_path: Path) -> None:
    """Phase 0 of the two-player game: "If he decides to plant a kind of bean, he must do so
    with all beans of that kind" (and so a discard): d asks which kind, each choice saying
    how many of the beans left it discards, and the phase's one card to plant is named
    without the ←→ that has nothing to pick among."""
    from helpers.ui import make_app, table, until

    from bohn_tui.ui.screens.choose import ChooseScreen

    s = Session.new("bohnroschen", ["Ana", "Ben"], {1: "standard"}, seed=4)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: table(app).viewer == 0)
        for key in ("1", "e", "1", "right", "2", "e", "e"):  # Ana's turn 1
            n = len(s.record.actions)
            await pilot.press(key)
            if key == "right":  # the next turned-up card picked
                await until(pilot, lambda: table(app).controls.pile_sel == 1)  # type: ignore[attr-defined]
            else:  # each other key makes a move: wait for it
                await until(pilot, lambda: len(s.record.actions) > n)  # noqa: B023
        st = s.state
        await until(pilot, lambda: st.active == 0 and st.phase == "take_offer")
        assert st.active == 0 and st.phase == "take_offer"
        left = list(st.duel_offer)
        # the beans Ben left are no "offer" (Bohnanza's bean duel's word): "which he
        # leaves for his opponent" (bohnroschen.txt, phase 3), to plant or discard
        area = str(table(app).query_one("#trade", TradeArea).content)
        assert "Left for Ana: " in area and "Plant or discard: " in area, area
        assert "offer" not in area.lower(), area
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, ChooseScreen))
        chooser = app.screen
        assert isinstance(chooser, ChooseScreen)
        assert chooser.title_text == "Discard which kind? All its beans left go."
        labels = [str(label) for label, _ in chooser.choices]
        kinds = list(dict.fromkeys(left))
        assert len(labels) == len(kinds)
        for label, kind in zip(labels, kinds, strict=True):
            assert label.startswith(f"{left.count(kind)} left: "), label
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is table(app))


async def test_the_beans_left_name_a_long_name_cut_and_as_text(tmp_path: Path) -> None:
    """The label of the beans left names their player as text (never markup), cut where
    long, so that it stays on its row of the trade area at 80x24."""
    from helpers.ui import make_app, table, until

    name = "[b]Anastasia Maximiliane"
    s = Session.new("bohnroschen", [name, "Ben"], {1: "random"}, seed=4)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: table(app).viewer == 0)
        area = table(app).query_one("#trade", TradeArea)
        lines = str(area.content).split("\n")
        assert lines[1] == "Left for [b]Anastasi…: —", lines
        assert len(lines[1]) <= area.content_region.width
