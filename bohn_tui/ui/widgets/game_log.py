"""The game log: one readable line per event, newest at the bottom. The table shows the
newest lines that fit (a fixed-size widget, so a new line costs no layout pass); `v`
opens the whole log in a scrollable view."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text

from bohn_tui.ui.widgets.base import ViewStatic


def log_text(lines: list[Any]) -> Text:
    return Text("\n").join(
        Text(ln.text, style="bold" if ln.text.startswith("—") else "") for ln in lines
    )


class GameLog(ViewStatic):
    FIXED_HEIGHT = True

    def show(self, lines: list[Any]) -> None:
        width = max(10, self.content_size.width)
        height = max(1, self.content_size.height)
        if not self.changed((len(lines), lines[-1].text if lines else "", width, height)):
            return
        shown: list[Any] = []
        rows = 0
        for ln in reversed(lines):  # the newest lines that fit, wrapped to the width
            rows += max(1, -(-cell_len(ln.text) // width))  # cells: a CJK name is wider
            if rows > height and shown:
                break
            shown.append(ln)
        self.update(log_text(shown[::-1]))

    def on_resize(self) -> None:
        client = getattr(self.screen, "client", None)
        if client is not None:
            self.show(client.log)
