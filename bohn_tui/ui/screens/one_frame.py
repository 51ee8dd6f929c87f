"""A screen that draws a layout and a whole repaint due at once as one frame.

Textual's screen, shown again (ScreenResume asks for a whole repaint) with a layout due
(a widget shown or hidden as it comes back: the privacy screen's lines, the table's hand
slot), draws two frames in one update: the layout's, of the regions it moved, then the
whole screen. Here the whole screen is marked for the layout's frame instead: one frame,
the same picture (issue #25).

Beneath an opaque screen (the privacy screen over the table) a change of the screen's
widgets draws nothing: Textual would repaint the screen on top over the changed regions,
the same picture again; the whole screen is repainted when it shows again anyway."""

from __future__ import annotations

from typing import Any

from textual import events


class OneFrame:
    """Mixed in before Textual's Screen."""

    _layout_required: bool
    _repaint_required: bool
    _dirty_widgets: set[Any]
    _compositor: Any
    app: Any

    def _on_timer_update(self) -> None:
        if self._layout_required and self._repaint_required:
            self._repaint_required = False
            self._dirty_widgets.add(self)
        super()._on_timer_update()  # type: ignore[misc]

    def _compositor_refresh(self) -> None:
        top = self.app.screen
        if top is not self and top.styles.background.a == 1:
            self._compositor._dirty_regions.clear()
            self._dirty_widgets.clear()
            return
        super()._compositor_refresh()  # type: ignore[misc]


class SameSizeResize:
    """Mixed in before Textual's Screen: a new screen's first Resize, of the size its first
    layout had, lays it (and the screen beneath) out again, a second frame of the same
    picture; a Resize of that size is not Screen's then (issue #25)."""

    _size: Any

    async def _on_resize(self, event: events.Resize) -> None:
        if event.size == self._size:
            event.prevent_default()
