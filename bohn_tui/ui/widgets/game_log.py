"""The game log: one readable line per event, newest at the bottom."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import RichLog


class GameLog(RichLog):
    def __init__(self, **kw: Any) -> None:
        super().__init__(wrap=True, markup=False, max_lines=400, min_width=20, **kw)
        self.shown = 0

    def show(self, lines: list[Any]) -> None:
        if len(lines) < self.shown:  # an undo shortened the log: start over
            self.clear()
            self.shown = 0
        for ln in lines[self.shown :]:
            style = "bold" if ln.text.startswith("—") else ""
            self.write(Text(ln.text, style=style))
        self.shown = len(lines)
