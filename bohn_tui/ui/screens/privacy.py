"""The privacy screen: opaque, names the player the screen passes to. The table beneath
holds no private widget while it is up."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static


class PrivacyScreen(Screen[bool]):
    BINDINGS = [Binding("enter", "confirm", "I am here, show my cards")]

    def __init__(
        self,
        name: str,
        reason: str,
        since: list[str] | None = None,
        reveal: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.player = name
        self.reveal = reveal  # shows the hand beneath in the same frame as this screen leaves
        self.reason = reason
        self.since = since or []  # public log lines since this player last had the screen

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                f"[b]Pass to {self.player}[/b]\n\n{self.reason}\n\n"
                f"Press [b reverse] Enter [/] when only {self.player} can see the screen.",
                id="privacy-box",
            )
            if self.since:
                shown = self.since[-8:]
                more = len(self.since) - len(shown)
                head = (
                    f"Since your last look ({more} more before):"
                    if more
                    else "Since your last look:"
                )
                yield Static(
                    Text("\n").join([Text(head, style="bold"), *[Text(s) for s in shown]]),
                    id="privacy-since",
                )

    def on_click(self) -> None:
        self.action_confirm()

    def action_confirm(self) -> None:
        if self.reveal is None:
            self.dismiss(True)
            return
        # leave and show the hand in one go: the table lays out and repaints once, not once
        # without the hand and again with it
        self.app.pop_screen()
        self.reveal()
