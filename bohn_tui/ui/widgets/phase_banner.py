"""Whose turn it is and what the person at the screen can do now."""

from __future__ import annotations

from rich.text import Text

from bohn_tui.ui.widgets.base import ViewStatic


class PhaseBanner(ViewStatic):
    FIXED_HEIGHT = True
    _rows = 2  # the stylesheet's height

    def show(self, headline: str, hint: str, note: str | None = None) -> None:
        """`note`: a remote table's line about who is connected, a third row under the
        hint (the banner grows by that row while there is one)."""
        if not self.changed((headline, hint, note)):
            return
        rows = 3 if note else 2
        if rows != self._rows:  # (a layout pass only when the banner grows or shrinks)
            self._rows = rows
            self.styles.height = rows
        text = Text.assemble((headline, "bold"), "\n", (hint, "italic"))
        if note:
            text.append("\n" + note)
        self.update(text)
