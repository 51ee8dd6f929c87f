"""A layout's map taken for the whole map (issue #25).

A widget the compositor is told to repaint that is not in its map yet (the hand, shown at
a hand-over) marks the map stale; the layout that follows makes the whole map anew, but
Textual's `reflow` leaves it marked so, and the next widget's `region` arranges every
widget once more (~1 ms at a hand-over, the same map). Here the map a reflow made is the
map: 71 -> 51 arrangements in 80 keys of a hot-seat game."""

from __future__ import annotations

from typing import Any

from textual._compositor import ReflowResult
from textual.geometry import Size
from textual.widget import Widget

from bohn_tui.ui.screens.one_frame import RowsCompositor


class KeptMapCompositor(RowsCompositor):
    def reflow(self, parent: Widget, size: Size) -> ReflowResult:
        result = super().reflow(parent, size)
        self._full_map_invalidated = False  # (what full_map would arrange again: the same)
        return result


class KeptMap:
    """Mixed in before OneFrame: the screen's compositor is a KeptMapCompositor."""

    _compositor: Any

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._compositor = KeptMapCompositor()
