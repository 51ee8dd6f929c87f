"""Help: the real key bindings of the screen below plus what the game tells of itself (its
table parts' help: the rules, the viewer's situation)."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

KEY_NAMES = {"question_mark": "?", "left": "←", "right": "→", "up": "↑", "down": "↓"}


def key_table(bindings: list[BindingType]) -> Table:
    t = Table(box=None, show_header=False, padding=(0, 1))
    t.add_column(style="bold yellow", justify="right")
    t.add_column()
    seen: set[str] = set()
    for b in bindings:
        if not isinstance(b, Binding) or not b.description or b.description in seen:
            continue
        seen.add(b.description)
        keys = " ".join(KEY_NAMES.get(k.strip(), k.strip()) for k in b.key.split(","))
        t.add_row(f" {keys} ", b.description)
    return t


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "close", "Close help")]

    def __init__(
        self,
        bindings: list[BindingType],
        before: list[Any] | None = None,
        after: list[Any] | None = None,
    ) -> None:
        super().__init__()
        self.bindings_list = bindings
        self.before = before or []  # the game's text before the keys, and after them
        self.after = after or []

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box", classes="dialog"):
            for r in self.before:
                yield Static(r)
            if self.bindings_list:
                yield Static("[b]Keys[/b] · the bottom line shows the ones you can use now")
                yield Static(key_table(self.bindings_list))
            for r in self.after:
                yield Static(r)
            yield Static("[dim]Esc closes this help.[/dim]")

    def action_close(self) -> None:
        self.dismiss(None)


def help_for(screen: Any) -> HelpScreen:
    """The help of `screen`: its keys and the app's, and its `help_parts()` (the renderables
    before and after the keys) if it has them."""
    bindings = list(getattr(screen, "bindings_list", getattr(screen, "BINDINGS", [])))
    bindings += list(type(screen.app).BINDINGS)
    parts = getattr(screen, "help_parts", None)
    before, after = parts() if parts is not None else ([], [])
    return HelpScreen(bindings, before, after)
