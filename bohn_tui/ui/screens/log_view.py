"""The whole game log, scrollable (the table shows only its newest lines)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from bohn_tui.ui.widgets.game_log import log_text


class LogScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,v", "close", "Close the log")]

    def __init__(self, lines: list[Any]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="log-box", classes="dialog"):
            yield Label("Game log (Esc closes)", classes="dialog-title")
            yield Static(log_text(self.lines))

    def on_mount(self) -> None:
        self.query_one("#log-box", VerticalScroll).scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
