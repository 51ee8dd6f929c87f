"""The table's footer: only the keys that are legal now, each one clickable. A single
Static that is re-rendered only when the set of legal keys changes (Textual's Footer
rebuilds a widget per key on every change, which costs a frame's budget)."""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from textual.binding import Binding
from textual.widgets import Static


class KeyBar(Static):
    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._shown: tuple[tuple[str, str], ...] | None = None

    def show(self, keys: list[tuple[str, str, str]]) -> None:
        """keys: (label, description, action) for each legal, shown binding."""
        sig = tuple((label, desc) for label, desc, _ in keys)
        if sig == self._shown:
            return
        self._shown = sig
        keys = [(lb, d, a if "(" in a else a + "()") for lb, d, a in keys]
        parts = [
            f"[@click=screen.{action}][b $accent]{escape(label)} [/]{escape(desc)}[/]"
            for label, desc, action in keys
        ]
        self.update("  ".join(parts) + "   [dim]^p palette[/]", layout=False)  # one row


def key_label(b: Binding) -> str:
    if b.key_display:
        return b.key_display
    first = b.key.split(",")[0].strip()
    return {"question_mark": "?", "escape": "Esc", "enter": "Enter"}.get(first, first)
