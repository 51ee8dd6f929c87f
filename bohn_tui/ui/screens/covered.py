"""A compositor that renders no widget for cells other widgets in front already fill.

Textual's compositor renders every visible widget a frame's region overlaps, front to back,
and keeps of each row the first strip a cell gets: the screen's own background and the
containers (the table's main row, its columns, the players' grid), all wholly beneath the
widgets they hold, are rendered for every row of a whole frame and thrown away. A screen
shown again (the table after the privacy screen: issue #25) has every line cache cleared
at its resume, so its 40 background rows are made anew for nothing. Here a widget is
rendered only for the rows, within its region, where some cell is still unfilled when its
turn comes (the rows between the first and the last such row): the same strips land in
the same cells, so the frame is the same, byte for byte.

And a layout's map is taken for the whole map: Textual arranged every widget once more at
the next widget's `region` after a layout that a widget not yet placed had asked for (the
hand shown at a hand-over: its reflow, then the same arrangement again, ~1 ms)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from textual._compositor import Compositor
from textual.geometry import Region
from textual.strip import Strip


class CoveredCompositor(Compositor):
    def reflow(self, parent: Any, size: Any) -> Any:
        """Textual's; the map it made is the whole map (what `full_map` would arrange
        again at the next widget's `region` when a widget told of before it had marked
        the map stale)."""
        result = super().reflow(parent, size)
        self._full_map_invalidated = False
        return result

    def _render_chops(
        self, crop: Region, is_rendered_line: Callable[[int], bool]
    ) -> Sequence[Mapping[int, Strip]]:
        cuts = self.cuts
        chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
        intersection = Region.intersection
        crop_overlaps = crop.overlaps
        for widget, (region, clip) in self.visible_widgets.items():
            if not crop_overlaps(clip):
                continue
            x, y, width, height = intersection(region, clip)
            if not (width and height):
                continue
            first_cut, last_cut = x, x + width
            # the rows of the widget some cell of which no widget in front filled
            open_rows = [
                row
                for row in range(y, y + height)
                if is_rendered_line(row) and _unfilled(chops[row], cuts[row], first_cut, last_cut)
            ]
            if not open_rows:
                continue
            top, bottom = open_rows[0], open_rows[-1] + 1
            strips = widget.render_lines(Region(x - region.x, top - region.y, width, bottom - top))
            shown = set(open_rows)  # (the rows between them filled already get nothing)
            for row, strip in zip(range(top, bottom), strips, strict=False):
                if row not in shown:
                    continue
                chops_line = chops[row]
                final_cuts = [cut for cut in cuts[row] if last_cut >= cut >= first_cut]
                get = chops_line.get
                pieces = strip.divide([c - x for c in final_cuts[1:]])
                for cut, piece in zip(final_cuts, pieces, strict=False):
                    if get(cut) is None:
                        chops_line[cut] = piece
        return chops  # type: ignore[return-value]


def _unfilled(line: dict[int, Strip | None], cuts: list[int], first: int, last: int) -> bool:
    """A cell between `first` and `last` of this row has no strip yet."""
    for cut in cuts:
        if cut >= last:
            return False
        if cut >= first and line[cut] is None:
            return True
    return False


class CoveredFrames:
    """Mixed in before Textual's Screen: the screen's compositor is a CoveredCompositor."""

    _compositor: Any

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._compositor = CoveredCompositor()
