"""Shown (opaque) while the terminal is smaller than 80x24; goes away when it grows."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(Screen[None]):
    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(id="too-small-box")

    def on_mount(self) -> None:
        self.on_resize()

    def on_resize(self, event: object = None) -> None:
        w, h = self.app.size
        boxes = self.query("#too-small-box")
        if not boxes:  # a resize can arrive before the screen is composed
            return
        boxes.first(Static).update(
            f"[b]Terminal too small[/b]\n\n{w}x{h}; bohn needs at least "
            f"{MIN_WIDTH}x{MIN_HEIGHT}.\nMake the window larger to go on.\n"
            "Ctrl+Q quits (a game is saved at every move)."
        )
