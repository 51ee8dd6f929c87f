"""The hot-seat app. Board state lives on the table screen and in the session, never here."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from rich.terminal_theme import TerminalTheme
from textual import events
from textual._ansi_theme import ALABASTER, MONOKAI
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.theme import Theme

from bohn_tui.play.players import NewGame, SessionError
from bohn_tui.ui.idle_gc import IdleCollect
from bohn_tui.ui.screens.privacy import privacy_screen
from bohn_tui.ui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from bohn_tui.ui.textual_caches import bound_caches

if TYPE_CHECKING:
    from bohn_tui.play.client import LocalClient, SeatClient
    from bohn_tui.play.session import Session
    from bohn_tui.store import Store


bound_caches()  # no closed screen's widgets kept by Textual's caches

# the themes offered (the palette's Theme): Textual's own whose text reads at WCAG AA
# (contrast 4.5) on every screen (tests/test_themes.py); the others' muted text does not
THEMES = (
    "textual-dark",
    "textual-light",
    "nord",
    "gruvbox",
    "catppuccin-mocha",
    "catppuccin-macchiato",
    "dracula",
    "monokai",
    "flexoki",
    "rose-pine",
    "rose-pine-moon",
)


def _ansi(base: TerminalTheme, yellow: tuple[int, int, int]) -> TerminalTheme:
    """`base` (Textual's ANSI colours for dark or light themes) with a yellow that reads on
    that kind of theme's panels (the widgets' "yellow": keys, "to plant", "← to you")."""
    colours = [(c.red, c.green, c.blue) for c in map(base.ansi_colors.__getitem__, range(16))]
    colours[3] = colours[11] = yellow
    bg, fg = base.background_color, base.foreground_color
    return TerminalTheme(
        (bg.red, bg.green, bg.blue), (fg.red, fg.green, fg.blue), colours[:8], colours[8:]
    )


ANSI_DARK = _ansi(MONOKAI, (0xFF, 0xCC, 0x66))
ANSI_LIGHT = _ansi(ALABASTER, (0x6B, 0x4F, 0x00))


class BohnApp(IdleCollect, App[None]):
    CSS_PATH = "bohn.tcss"
    _theme_kept: tuple[str, Theme] | None = None
    TITLE = "bohn"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False)]

    def __init__(
        self,
        store: Store | None = None,
        session: Session | NewGame | None = None,
        bot_delay: float = 0.4,
        remote: SeatClient | None = None,
        seat: int | None = None,
    ) -> None:
        """`remote`: a client of one seat (`seat`; None: a spectator) at a game played
        elsewhere (`bohn join`): the app shows its table only."""
        super().__init__()
        for theme in list(self.available_themes):
            if theme not in THEMES:
                self.unregister_theme(theme)
        # set without their watchers, which would parse the whole stylesheet a second time
        # before the first frame (~15 ms: issue #25); the ANSI filter is what they update
        self.set_reactive(App.ansi_theme_dark, ANSI_DARK)
        self.set_reactive(App.ansi_theme_light, ANSI_LIGHT)
        self._refresh_truecolor_filter(self.ansi_theme)
        self._store = store  # opened on first use: a joined table (`remote`) never needs it
        self._said_before: Callable[[str], None] | None = None  # REGISTRY.say, once mounted
        self.first_session = session  # a NewGame is made after the first frame
        self.start_error: str | None = None
        self.bot_delay = bot_delay
        self._too_small: TooSmallScreen | None = None
        self.client: LocalClient | None = None  # the open game's
        self.remote = remote
        self.remote_seat = seat

    @property
    def current_theme(self) -> Theme:
        """Textual's, kept while the theme stays (Textual's looks it up in a copy of every
        theme's dict, twice, for each widget drawn: issue #25)."""
        name_ = self.theme
        kept = self._theme_kept
        if kept is None or kept[0] != name_ or self._registered_themes.get(name_) is not kept[1]:
            kept = self._theme_kept = (name_, super().current_theme)
        return kept[1]

    def on_unmount(self) -> None:
        from bohn_tui.games import REGISTRY

        if self._said_before is not None:  # a game plug-in's line: no longer a toast here
            REGISTRY.say = self._said_before
        if self.client is not None:
            self.client.stop()
        if self._store is not None:
            self._store.close()

    def on_mount(self) -> None:
        # collect less often, so that a full collection (30-80 ms) does not land between a
        # key and its frame; what lives as long as the game is frozen (see open_session)
        gc.set_threshold(50_000, 50, 100)
        self.call_after_refresh(self._collect_from_now)
        from bohn_tui.games import REGISTRY  # a game plug-in that cannot be used: a toast

        self._said_before = REGISTRY.say
        REGISTRY.say = lambda line: self.notify(line, title="Not a game", severity="warning")
        self.screen_change_signal.subscribe(self, self._screen_changed)
        first = self.first_session
        if self.remote is not None:
            self.open_remote(self.remote, self.remote_seat)
        elif isinstance(first, NewGame):
            self._new_game_first(first)
        elif first is not None:
            if not self.open_session(first):
                self.exit(return_code=1)
        else:
            from bohn_tui.ui.screens.menu import MenuScreen

            self.push_screen(MenuScreen())
        self._check_size()

    def _collect_from_now(self) -> None:
        """After the first frame: what the start made (Python's, Textual's and the game's
        modules) lives as long as the process, so it is frozen (never scanned again), and
        the collector is on, if the command turned it off for the start (cli.py's main)."""
        gc.freeze()
        gc.enable()

    @property
    def opened_store(self) -> Store | None:
        """The store if this app has one yet (given, or made on first use), else None."""
        return self._store

    @property
    def store(self) -> Store:
        """The saves and settings (the default data folder's unless given)."""
        if self._store is None:
            from bohn_tui.store import Store

            self._store = Store()
        return self._store

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Every toast is literal text (ui/text.py): what it says comes from the rules, the
        store or a host and may hold a name ("Ben[/]"); no toast of bohn is markup, so
        `markup` (which Textual's widgets pass as True) is never read."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def action_help_quit(self) -> None:
        """Ctrl+C, the reflex key: how to quit, in words (Textual's own toast is markup,
        which `notify` shows literally: "Press [b]ctrl+q[/b] to quit the app")."""
        self.notify(
            "Press Ctrl+Q to quit (the game is saved at every move).",
            title="Do you want to quit?",
        )

    def _screen_changed(self, screen: Screen[Any]) -> None:
        """A toast belongs to the screen it was raised on: the next screen starts clean (a
        toast raised with the change itself, like the menu's "The game is saved", arrives
        after this and stays)."""
        if not isinstance(screen, CommandPalette):
            self.clear_notifications()

    # -- games -------------------------------------------------------------------------------

    def _new_game_first(self, new: NewGame) -> None:
        """A new game: the game is built, and when its first step is a hand-over (the rules'
        asks: a person is asked something private, and two or more people play) that
        privacy screen shows at once, and the table is built beneath it."""
        from bohn_tui.play.session import Session

        try:  # saved in the store when its table opens, after the first frame
            s = Session.start(new)
        except SessionError as e:
            self.start_error = str(e)  # for the command that started the app to print
            self.exit(return_code=1)
            return
        d = s.next_human()
        ask = None if d is None or len(s.humans) < 2 else s.asks().get(d)
        if ask is None or not ask.private:  # a bot or the only person moves first, or
            # nothing is private: the table is the first frame
            self._open_new(s)
            return
        name = s.names[d] if d is not None else ""
        self.push_screen(privacy_screen(self).show_for(name, ask.sentence, [], None))
        self.call_after_refresh(self._open_new, s)

    def _open_new(self, s: Session) -> None:
        from bohn_tui.store import StoreError

        try:  # here, after the first frame (`bohn play`: issue #25), if not opened before
            self.store.open()
        except StoreError as e:  # damaged, or of a newer version: the command ends with why
            self.start_error = str(e)
            self.exit(return_code=1)
            return
        with self.batch_update():  # the privacy screen leaves and comes back in one frame
            while len(self.screen_stack) > 1:  # it, and a too-small screen above it
                self.pop_screen()
            self._too_small = None
            if not self.open_session(s):  # it cannot be saved: the command ends with why
                self.exit(return_code=1)
                return
            self._check_size()

    def open_session(self, session: Session) -> bool:
        """Open the table of `session`; a game not saved yet is saved in the store first
        (False, and the error shown or kept for the command, when it cannot be)."""
        from bohn_tui.play.client import LocalClient
        from bohn_tui.ui.screens.table import TableScreen

        if session.store is None:
            try:
                session.save_to(self.store)
            except SessionError as e:
                self.start_error = str(e)
                self.notify(str(e), title="Not saved", severity="error")
                return False
        if self.client is not None:
            self.client.stop()  # the bots of the game left behind
        self.client = LocalClient(session, self.bot_delay)
        self.push_screen(TableScreen(self.client))
        # Textual, the rules, the session and the table live as long as the game: out of
        # the collector's way
        self.call_after_refresh(gc.freeze)
        return True

    def open_remote(self, client: SeatClient, seat: int | None) -> None:
        """Open the table of one seat at a game a host runs (no privacy screen, no menu)."""
        from bohn_tui.ui.screens.table import TableScreen

        self.title = f"bohn: {client.title}"
        self.push_screen(TableScreen(client, remote=True, seat=seat))

    def _handle_exception(self, error: Exception) -> None:
        """A remote table shows what a host sent: whatever it cannot show (a view of another
        version, a hostile host) ends this terminal's table with one line, not a
        traceback; the game goes on at the host, and the same code joins it again."""
        if self.remote is None:
            super()._handle_exception(error)
            return
        self.remote_failed(
            "this table could not show the game and is closed; the game goes on at the "
            "host: join again with the same code"
        )

    def to_menu(self) -> None:
        """From a game's end to the menu; a remote table (bohn join, maybe over SSH) has no
        menu (it would be the host's saved games): it leaves."""
        if self.remote is not None:
            self.exit()
            return
        from bohn_tui.ui.screens.menu import MenuScreen

        self.switch_screen(MenuScreen())

    def remote_failed(
        self, why: str = "the host sent a table this bohn cannot show; the table is closed"
    ) -> None:
        """A remote table the host's state cannot be shown on: one line, and the app ends."""
        self.start_error = why
        if self.remote is not None:
            self.remote.stop()
        self.exit(return_code=1)

    def start_game(self, new: NewGame) -> None:
        """From the new-game screen: an error is shown there and nothing changes."""
        from bohn_tui.play.session import Session

        try:
            s = Session.start(new, self.store)
        except SessionError as e:
            self.notify(str(e), severity="error")
            return
        from bohn_tui.store.settings import bot_delay

        self.bot_delay = bot_delay(self.store)  # the pace the new-game screen stored
        self.pop_screen()  # the new-game screen
        self.open_session(s)

    def open_save(self, save_id: str) -> bool:
        """Open a saved game (False, and why shown, if it cannot be: the list then shows
        it as damaged)."""
        from bohn_tui.play.session import Session
        from bohn_tui.store import StoreError

        try:
            s = Session.load(self.store, save_id)
        except (StoreError, SessionError) as e:
            # the line the list shows for it (its first reason, named once), else the error
            info = next((i for i in self.store.list() if i.id == save_id and i.error), None)
            why = info.label if info is not None else str(e)
            self.notify(why, title="This save cannot be opened", severity="error")
            return False
        from bohn_tui.ui.screens.menu import MenuScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()
        return self.open_session(s)

    def clear_above(self, screen: Screen[Any]) -> None:
        """Pop every screen above `screen` (an offer being built, a choice, the too-small
        screen), then put the too-small screen back if the terminal still needs it."""
        if screen not in self.screen_stack:
            return
        while self.screen is not screen:
            self.pop_screen()
        self._too_small = None
        self._check_size()

    # -- size --------------------------------------------------------------------------------

    async def _on_resize(self, event: events.Resize) -> None:
        # App.on_resize is not called (Textual stops the event), so hook the private handler
        await super()._on_resize(event)
        self._check_size()

    def _check_size(self) -> None:
        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        if small and self._too_small is None:
            self._too_small = TooSmallScreen()
            self.push_screen(self._too_small)
        elif not small and self._too_small is not None:
            if self.screen is self._too_small:
                self.pop_screen()
            self._too_small = None

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """Keep the too-small screen on top of anything pushed while it is up."""
        small = self._too_small
        if small is None or screen is small or self.screen is not small:
            return super().push_screen(screen, *args, **kwargs)
        self.pop_screen()
        result = super().push_screen(screen, *args, **kwargs)
        self._too_small = TooSmallScreen()
        super().push_screen(self._too_small)
        return result

    # -- command palette ---------------------------------------------------------------------

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The screen's commands in words (the table's: the game actions legal now, Log,
        Help, Menu), then the theme and quitting; none of Textual's generic ones (its keys
        panel, screenshot, maximize) a player has no use for."""
        commands = getattr(screen, "palette_commands", None)
        if commands is not None:
            for title, help_, callback in commands():
                yield SystemCommand(title, help_, callback)
        yield SystemCommand("Theme", "Change the colours", self.action_change_theme)
        yield SystemCommand("Quit", "Leave bohn (every game is saved)", self.action_quit)
