"""The privacy screen: opaque, names the player the screen passes to. The table beneath
holds no private widget while it is up.

One instance serves the whole app (`privacy_screen`): it is installed, so that showing it
again only changes its text, instead of building, styling and laying out a new screen at
every hand-over."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.strip import Strip
from textual.widgets import Static

from bohn_tui.ui.screens.one_frame import KeptLayout, OneFrame
from bohn_tui.ui.text import NAME_CELLS, clip_cells
from bohn_tui.ui.widgets.base import ViewStatic

NAME = "privacy"


class PrivacyScreen(OneFrame, KeptLayout, Screen[bool]):
    BINDINGS = [
        Binding("enter", "confirm", "I am here, show my cards"),
        Binding("q", "leave", "Leave to the menu"),  # nobody there to take it: no dead end
    ]

    def __init__(self) -> None:
        super().__init__()
        self.player = ""
        self.reason = ""
        self.since: list[str] = []  # public log lines since this player last had the screen
        self.reveal: Callable[[], None] | None = None

    def show_for(
        self, name: str, reason: str, since: list[str], reveal: Callable[[], None] | None
    ) -> PrivacyScreen:
        """Set who the screen passes to and why; `reveal` shows their hand beneath, in the
        same frame as this screen leaves (None: Enter does nothing yet, the game is still
        being built)."""
        self.player, self.reason, self.since, self.reveal = name, reason, since, reveal
        if self.is_mounted:
            self._fill()
        return self

    _styled: tuple[Any, ...] | None = None  # what its styles were made from

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        """(Before Screen's.) Textual styles a screen and every widget of it again at each
        resume, for a theme, a stylesheet or the app's look changed while it was not shown
        (~2 ms, issue #25); this screen shows at every hand-over with the styles it had:
        styled again only when one of those changed."""
        app = self.app
        key = (
            app.stylesheet.rules,  # a new list at every parse (a theme, a stylesheet read)
            app._css_update_count,
            app.theme,
            frozenset(app.get_pseudo_classes()),
            frozenset(app.classes),
        )
        was = self._styled
        if was is not None and key[0] is was[0] and key[1:] == was[1:]:
            event.refresh_styles = False
            return
        self._styled = key

    # the screen's own rows (its background around the box) and what they were drawn for
    _kept_rows: tuple[Any, Size, dict[Region, list[Strip]]] | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        """The screen's own rows: the same strips again at every showing while its styles
        and its size are the ones they were drawn with (Textual draws all its rows anew at
        every showing, ~1.5 ms: issue #25); what it shows is its boxes' rows."""
        kept = self._kept_rows
        if kept is None or kept[0] is not self._styled or kept[1] != self.size:
            kept = self._kept_rows = (self._styled, self.size, {})
        strips = kept[2].get(crop)
        if strips is None:
            strips = kept[2][crop] = super().render_lines(crop)
        return strips

    def compose(self) -> ComposeResult:
        # ViewStatic: new text of as many rows, none as wide as the box, lays nothing out
        # (the screen is drawn whole as it shows anyway)
        yield ViewStatic(id="privacy-box")
        yield ViewStatic(id="privacy-since")

    def on_mount(self) -> None:
        self._fill()

    def _fill(self) -> None:
        # a name and a reason that may hold names: text, never markup; the name whole in the
        # first line, cut by cells in the sentences (a 40-character CJK name takes 80)
        who = self.player
        short = clip_cells(who, NAME_CELLS)
        self.query_one("#privacy-box", Static).update(
            Text.assemble(
                (f"Pass to {who}", "bold"),
                f"\n\n{self.reason.replace(who, short)}\n\nPress ",
                (" Enter ", "bold reverse"),
                f" when only {short} can see the screen.",
                ("\n\nq leaves to the menu (the game is saved).", ""),
            )
        )
        since = self.query_one("#privacy-since", Static)
        since.display = bool(self.since)
        if self.since:
            shown = self.since[-8:]
            more = len(self.since) - len(shown)
            head = (
                f"Since your last look ({more} more before):" if more else "Since your last look:"
            )
            since.update(Text("\n").join([Text(head, style="bold"), *[Text(s) for s in shown]]))

    def on_click(self) -> None:
        self.action_confirm()

    def action_confirm(self) -> None:
        reveal, self.reveal = self.reveal, None
        if reveal is None:
            return
        # leave and show the hand in one go: the table lays out and repaints once, not once
        # without the hand and again with it
        self.app.pop_screen()
        reveal()

    def action_leave(self) -> None:
        """Back to the menu without showing anyone's cards: the table beneath leaves as its
        own q does (while the game is still being built, a moment, nothing happens)."""
        if self.reveal is None:
            return
        self.reveal = None
        self.app.pop_screen()
        leave = getattr(self.app.screen, "action_menu", None)
        if callable(leave):
            leave()


def privacy_screen(app: App[Any]) -> PrivacyScreen:
    """The app's one privacy screen, installed on first use."""
    if not app.is_screen_installed(NAME):
        app.install_screen(PrivacyScreen(), NAME)
    screen = app.get_screen(NAME)
    assert isinstance(screen, PrivacyScreen)
    return screen
