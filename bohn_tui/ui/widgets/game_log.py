"""The game log: one readable line per event, newest at the bottom. The table shows the
newest lines that fit (a fixed-size widget, so a new line costs no layout pass); `v`
opens the whole log in a scrollable view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from bohn_tui.ui.widgets.base import ViewStatic


def line_text(ln: Any) -> Text:
    return Text(ln.text, style="bold" if ln.text.startswith("—") else "")


def log_text(lines: list[Any]) -> Text:
    return Text("\n").join(line_text(ln) for ln in lines)


WRAPPED = 200  # lines kept wrapped (more than the log shows)


class GameLog(ViewStatic):
    FIXED_HEIGHT = True

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._wrapped: dict[tuple[str, int], list[Text]] = {}  # a line's rows, by its text

    def _wrap(self, ln: Any, width: int) -> list[Text]:
        """A line's rows at `width`, wrapped once (a new line shows every line again)."""
        key = (ln.text, width)
        rows = self._wrapped.get(key)
        if rows is None:
            if len(self._wrapped) >= WRAPPED:
                self._wrapped.clear()
            rows = self._wrapped[key] = list(line_text(ln).wrap(self.app.console, width))
        return rows

    def show(self, lines: Sequence[Any]) -> None:
        width = max(10, self.content_size.width)
        height = max(1, self.content_size.height)
        if not self.changed((len(lines), lines[-1].text if lines else "", width, height)):
            return
        shown: list[Text] = []
        rows = 0
        for ln in reversed(lines):  # the newest lines that fit, wrapped to the width as
            # the screen wraps them (at words; cells: a CJK name is wider)
            wrapped = self._wrap(ln, width)
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
