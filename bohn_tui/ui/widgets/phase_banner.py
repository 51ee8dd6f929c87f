"""Whose turn it is and what the person at the screen can do now."""

from __future__ import annotations

from rich.text import Text

from bohn_tui.ui.widgets.base import ViewStatic


class PhaseBanner(ViewStatic):
    FIXED_HEIGHT = True

    def show(self, headline: str, hint: str) -> None:
        self.show_if_changed(
            (headline, hint), lambda: Text.assemble((headline, "bold"), "\n", (hint, "italic"))
        )
