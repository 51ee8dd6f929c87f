"""Whose turn it is and what the person at the screen can do now."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class PhaseBanner(Static):
    def show(self, headline: str, hint: str) -> None:
        self.update(Text.assemble((headline, "bold"), "\n", (hint, "italic")))
