"""What the player sees: the rendered rows of the screen on top, as text and as styled
cells (for the small-screen, theme and toast tests)."""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from textual.strip import Strip


def strips(app: Any) -> list[Strip]:
    """The screen's rows as drawn (every layer: toasts too)."""
    return list(app.screen._compositor.render_strips())


def rows(app: Any) -> list[str]:
    """The screen's rows as plain text."""
    return [s.text for s in strips(app)]


def seen(app: Any) -> str:
    """The whole screen as one text (rows joined by newlines)."""
    return "\n".join(rows(app))


def segments(app: Any) -> list[tuple[int, Segment]]:
    """Every drawn segment with text in it, with its row."""
    return [(y, seg) for y, s in enumerate(strips(app)) for seg in s if seg.text.strip()]
