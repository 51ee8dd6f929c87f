"""A screen that draws a layout and a whole repaint due at once as one frame.

Textual's screen, shown again (ScreenResume asks for a whole repaint) with a layout due
(a widget shown or hidden as it comes back: the privacy screen's lines, the table's hand
slot), draws two frames in one update: the layout's, of the regions it moved, then the
whole screen. Here the whole screen is marked for the layout's frame instead: one frame,
the same picture (issue #25).

Beneath an opaque screen (the privacy screen over the table) a change of the screen's
widgets draws nothing: Textual would repaint the screen on top over the changed regions,
the same picture again; the whole screen is repainted when it shows again anyway.

A partial frame draws only the rows of what changed (RowsCompositor): Textual's compositor
has every widget within the rectangle around all the changed regions give all its rows
(the screen's 40, each container's, each panel's), for rows it then mostly throws away."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Self, cast

from textual import events
from textual._compositor import ChopsUpdate, Compositor, LayoutUpdate, ReflowResult
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget


class RowsCompositor(Compositor):
    """A compositor that has each widget give only the rows of it that are drawn: in a
    partial frame from its first changed row to its last, none of a widget without one;
    and none of a widget whose drawn rows the widgets in front of it cover (a container
    behind its children, the screen behind them all)."""

    _rows: list[int] | None = None  # the rows a partial frame draws, in order
    # a whole frame composed while the screen was covered (keep_frame)
    _kept: list[Mapping[int, Strip]] | None = None

    def reflow(self, parent: Widget, size: Size) -> ReflowResult:
        """Textual's, but the map it makes is the whole map: a widget to repaint not yet in
        the map (the hand, shown at a hand-over) marked it stale, and the next widget's
        `region` would arrange every widget again, the same map (71 -> 51 arrangements in
        80 keys of a hot-seat game)."""
        self._kept = None
        result = super().reflow(parent, size)
        self._full_map_invalidated = False
        return result

    def reflow_visible(self, parent: Widget, size: Size) -> set[Widget]:
        self._kept = None
        return super().reflow_visible(parent, size)

    def keep_frame(self) -> None:
        """Compose the whole frame now, beneath an opaque screen: the whole frame drawn as
        the screen shows again composes anew only the rows of the widgets repainted since
        (a hand-over: the new viewer's hand, panel, keys and banner), the same picture."""
        if not self.size:
            return
        self._kept = list(self._render_chops(self.size.region, lambda y: True))
        for widget in self.visible_widgets:
            widget._exchange_repaint_regions()  # (drawn as they are now)

    def render_full_update(self, simplify: bool = False) -> LayoutUpdate:
        kept, self._kept = self._kept, None
        if kept is None or simplify or len(kept) != self.size.height:
            return super().render_full_update(simplify)
        screen = self.size.region
        self._dirty_regions.clear()
        # the rows of what was repainted since (a repaint of any kind marks its regions at
        # once, before any message), but the screen's own (its background)
        rows: set[int] = set()
        for widget, (region, clip) in self.visible_widgets.items():
            if widget is not self.root:
                for dirty in widget._exchange_repaint_regions():
                    rows.update(clip.intersection(dirty.translate(region.offset)).line_range)
        if rows:
            self._rows = sorted(rows)
            try:
                chops = self._render_chops(screen, rows.__contains__)
            finally:
                self._rows = None
            for y in rows:
                kept[y] = chops[y]
        return LayoutUpdate([chop.values() for chop in kept], screen)

    def render_partial_update(self) -> ChopsUpdate | None:
        self._kept = None
        self._rows = sorted({y for r in self._dirty_regions for y in r.line_range})
        try:
            return super().render_partial_update()
        finally:
            self._rows = None

    def _render_chops(
        self, crop: Region, is_rendered_line: Callable[[int], bool]
    ) -> Sequence[Mapping[int, Strip]]:
        """Textual's, front to back (the first strip of a cut wins), but each widget asked
        only for its drawn rows, and not at all where every cut of them is filled."""
        cuts = self.cuts
        rows = self._rows
        if rows is None:
            rows = [y for y in crop.line_range if is_rendered_line(y)]
        none: dict[int, Strip | None] = {}  # a row not drawn (nothing is put in it)
        chops: list[dict[int, Strip | None]] = [none] * len(cuts)
        for row in rows:
            chops[row] = dict.fromkeys(cuts[row][:-1])
        for widget, (region, clip) in self.visible_widgets.items():
            x, y, width, height = region.intersection(clip)
            if width <= 0:
                continue
            first = bisect_left(rows, max(y, crop.y))  # its first drawn row, and its last
            last = bisect_left(rows, min(y + height, crop.bottom)) - 1
            if last < first:
                continue
            end = x + width
            mine = rows[first : last + 1]
            if all(chops[r][cut] is not None for r in mine for cut in cuts[r] if x <= cut < end):
                continue  # covered by what is in front of it
            y1, y2 = mine[0], mine[-1] + 1
            strips = widget.render_lines(Region(x - region.x, y1 - region.y, width, y2 - y1))
            for row, strip in zip(range(y1, y2), strips, strict=False):
                if not is_rendered_line(row):
                    continue
                line = chops[row]
                final = [cut for cut in cuts[row] if end >= cut >= x]
                for cut, part in zip(
                    final, strip.divide([cut - x for cut in final[1:]]), strict=False
                ):
                    if line.get(cut) is None:
                        line[cut] = part
        return cast("Sequence[Mapping[int, Strip]]", chops)


class OneFrame:
    """Mixed in before Textual's Screen."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._compositor = RowsCompositor()

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


class KeptLayout:
    """Mixed in before Textual's Screen (after OneFrame): Textual lays the top screen out
    again, and repaints it whole, when a screen is removed (App._prune: a chooser closing
    as the table or the privacy screen shows): nothing of this screen changed (its own
    widgets ask for what they change, a new size lays it out by itself), so nothing is
    drawn again (issue #25). Before its first frame it is laid out as always."""

    _drawn = False  # a frame of it was drawn (its widgets are laid out)
    _compositor: Any
    app: Any
    is_current: bool

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        if layout and not regions and not recompose and self._drawn and self.is_current:
            if self._compositor.size == self.app.size:
                return self
        return super().refresh(  # type: ignore[misc,no-any-return]
            *regions, repaint=repaint, layout=layout, recompose=recompose
        )

    def _compositor_refresh(self) -> None:
        super()._compositor_refresh()  # type: ignore[misc]
        self._drawn = self._drawn or self.is_current


class SameSizeResize:
    """Mixed in before Textual's Screen: a new screen's first Resize, of the size its first
    layout had, lays it (and the screen beneath) out again, a second frame of the same
    picture; a Resize of that size is not Screen's then (issue #25)."""

    _size: Any

    async def _on_resize(self, event: events.Resize) -> None:
        if event.size == self._size:
            event.prevent_default()


def post_refreshes(screen: Any) -> None:
    """Have every widget of `screen` tell it now what it must repaint or lay out, as each
    does at its next idle: the screen then draws them all in its next frame. (A screen
    shown again draws a frame of its own at once: widgets telling it later would draw a
    second, and a third for a layout.)"""
    for w in screen.walk_children(Widget):
        w._check_refresh()
