"""The table's compositor (one_frame.py's RowsCompositor): its
frames are Textual's own, and a layout's map is not arranged again (issue #25)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from helpers.ui import make_app, step, table, until
from textual._compositor import Compositor
from textual.geometry import Region
from textual.widget import Widget

from bohn_tui.play.session import Session
from bohn_tui.ui.screens.one_frame import RowsCompositor
from bohn_tui.ui.screens.privacy import PrivacyScreen


def _filled(line: Any) -> dict[int, Any]:
    """A row's chops: each cut's strip, of the cuts that have one."""
    return {cut: strip for cut, strip in line.items() if strip is not None}


def _same_as_textual(app: Any) -> None:
    """The whole screen and two partial crops, as the screen's compositor and as Textual's
    own make them from the same line caches (chops: the strip of each cut of each row)."""
    c = app.screen._compositor
    assert isinstance(c, RowsCompositor)
    for crop, rows in (
        (c.size.region, lambda y: True),
        (Region(0, 3, 90, 20), lambda y: 3 <= y < 23 and y % 3 == 0),  # (rows in the crop,
        (Region(30, 30, 60, 10), lambda y: 32 < y < 40),  # as a partial update's)
    ):
        mine = [_filled(line) for line in c._render_chops(crop, rows)]
        theirs = [_filled(line) for line in Compositor._render_chops(c, crop, rows)]
        assert mine == theirs


async def test_frames_equal_textuals_and_a_layouts_map_is_kept(tmp_path: Path) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem", "Dora", "Emil"], seed=1)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(120, 40)) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        checks: list[int] = []
        for _ in range(60):
            await step(pilot, app, checks)
            assert await until(pilot, lambda: not table(app).client.busy)
            _same_as_textual(app)
        assert len(checks) >= 5  # hand-overs among the keys
        # a widget the map does not hold marks it stale; a layout makes it whole again
        c = table(app)._compositor
        c.update_widgets({Widget()})
        assert c._full_map_invalidated
        c.reflow(c.root, c.size)
        arranged: list[int] = []
        original = Compositor._arrange_root

        def arrange(*args: Any, **kwargs: Any) -> Any:
            arranged.append(1)
            return original(*args, **kwargs)

        Compositor._arrange_root = arrange  # type: ignore[method-assign]
        try:
            assert c.find_widget(table(app).query_one("#log")).region
        finally:
            Compositor._arrange_root = original  # type: ignore[method-assign]
        assert not arranged
