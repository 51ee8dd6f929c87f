"""The first screen of `bohn`: new game, continue, saved games, statistics, rules, quit."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from bohn_tui.ui.screens.saves import save_line
from bohn_tui.ui.widgets.key_bar import KeyBar, shown_keys

LOGO = r"""____        _
| __ )  ___ | |__  _ __
|  _ \ / _ \| '_ \| '_ \
| |_) | (_) | | | | | | |
|____/ \___/|_| |_|_| |_|
"""


class MenuScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new", "New game"),
        Binding("c", "continue_last", "Continue"),
        Binding("s", "saves", "Saved games"),
        Binding("t", "stats", "Statistics"),
        Binding("r", "rules", "Rules"),
        Binding("question_mark", "rules", "Rules", show=False),  # the help key of the table
        Binding("q", "quit_app", "Quit"),
    ]

    _shown_once = False

    def compose(self) -> ComposeResult:
        cont, latest = self._continue_prompt()
        with Vertical(id="menu-box", classes="dialog"):  # centred by the screen's CSS
            yield Static(LOGO, id="logo")
            yield Static(
                "Bohnanza and its family at one table: with friends, alone or against the computer."
            )
            yield OptionList(
                Option("n  New game", id="new"),
                Option(cont, id="continue", disabled=not latest),
                Option("s  Saved games", id="saves"),
                Option("t  Statistics", id="stats"),
                Option("r  Rules", id="rules"),
                Option("q  Quit", id="quit"),
                id="menu",
            )
        yield KeyBar()  # lighter than Textual's Footer: the first frame of `bohn` is this

    def on_mount(self) -> None:
        if getattr(self.app, "remote", None) is not None:  # never at a remote table: the
            self.app.exit()  # host's saved games are not a joined player's
            return
        self.query_one(KeyBar).show(shown_keys(self.BINDINGS))
        store = getattr(self.app, "store", None)
        if store is not None and store.notice:  # the first start's import, or a damaged file
            self.notify(store.notice, timeout=8)
            store.notice = None

    def _continue_prompt(self) -> tuple[Text, bool]:
        """The Continue line (the last unfinished game's, a save's line is text: its names,
        never markup) and whether there is one."""
        store = getattr(self.app, "store", None)
        latest = store.latest() if store else None
        if latest is None:
            return Text("c  Continue (no unfinished game)"), False
        return Text.assemble("c  Continue: ", save_line(latest)), True

    def on_screen_resume(self) -> None:
        """Back from a game (q on the table) or the saved games: the Continue line says the
        game there is now, not the one there was when the menu was first made (its first
        showing is as composed)."""
        if not self._shown_once:
            self._shown_once = True
            return
        cont, latest = self._continue_prompt()
        menu = self.query_one("#menu", OptionList)
        menu.replace_option_prompt("continue", cont)
        if latest:
            menu.enable_option("continue")
        else:
            menu.disable_option("continue")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        actions = {
            "new": self.action_new,
            "continue": self.action_continue_last,
            "saves": self.action_saves,
            "stats": self.action_stats,
            "rules": self.action_rules,
            "quit": self.action_quit_app,
        }
        actions[str(event.option.id)]()

    def action_new(self) -> None:
        from bohn_tui.ui.screens.new_game import NewGameScreen

        self.app.push_screen(NewGameScreen())

    def action_continue_last(self) -> None:
        latest = self.app.store.latest()  # type: ignore[attr-defined]
        if latest is None:
            self.notify("There is no unfinished game to continue.")
            return
        self.app.open_save(latest.id)  # type: ignore[attr-defined]

    def action_saves(self) -> None:
        from bohn_tui.ui.screens.saves import SavesScreen

        self.app.push_screen(SavesScreen())

    def action_stats(self) -> None:
        from bohn_tui.ui.screens.stats import StatsScreen  # and plotext, only now

        self.app.push_screen(StatsScreen())

    def action_rules(self) -> None:
        from bohn_tui.games import GAMES, spec
        from bohn_tui.play.players import count_span
        from bohn_tui.ui.screens.choose import ChooseScreen
        from bohn_tui.ui.screens.rules import RulesScreen

        choices: list[tuple[Any, Any]] = []
        for game in GAMES:  # one a game: its counts are on its rules screen
            span = count_span(spec(game).player_counts)
            choices.append((f"{spec(game).title} ({span} players)", game))

        def show(game: str | None) -> None:
            if game is not None:
                self.app.push_screen(RulesScreen(game))

        self.app.push_screen(ChooseScreen("Rules of which game?", choices), show)

    def action_quit_app(self) -> None:
        self.app.exit()
