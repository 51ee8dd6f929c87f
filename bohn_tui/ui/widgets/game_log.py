"""The game log: one readable line per event, newest at the bottom. The table shows the
newest lines that fit (a fixed-size widget, so a new line costs no layout pass); `v`
opens the whole log in a scrollable view."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from rich.text import Text

from bohn_tui.ui.widgets.base import ViewStatic


def line_text(ln: Any) -> Text:
    return Text(ln.text, style="bold" if ln.text.startswith("—") else "")


def log_text(lines: list[Any]) -> Text:
    return Text("\n").join(line_text(ln) for ln in lines)


class GameLog(ViewStatic):
    FIXED_HEIGHT = True
    WRAPS = True  # its lines shown wrapped into rows (a new line shows every line again)

    def show(self, lines: Sequence[Any]) -> None:
        width = max(10, self.content_size.width)
        height = max(1, self.content_size.height)
        if not self.changed((len(lines), lines[-1].text if lines else "", width, height)):
            return
        shown: list[Text] = []
        rows = 0
        for ln in reversed(lines):  # the newest lines that fit, wrapped to the width as
            # the screen wraps them (at words; cells: a CJK name is wider)
            wrapped = self.wrapped_rows(ln.text, partial(line_text, ln), width)
            rows += len(wrapped)
            if rows > height and shown:
                break
            shown.extend(reversed(wrapped))
        # (a newest line taller than the log alone shows from its start)
        self.update(Text("\n").join(shown[::-1][:height]))

    def on_resize(self) -> None:
        client = getattr(self.screen, "client", None)
        if client is not None:
            self.show(client.log)
