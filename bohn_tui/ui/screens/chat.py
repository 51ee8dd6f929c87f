"""A one-line input for a chat message at a remote table: Enter sends, Esc cancels."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

MAX_CHAT = 300  # characters (the protocol's limit)


class ChatScreen(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="chat-box", classes="dialog"):
            yield Label("Say to the table (Enter sends, Esc cancels)", classes="dialog-title")
            yield Input(max_length=MAX_CHAT, id="chat-input")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
