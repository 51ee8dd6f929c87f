"""The table's and the privacy screen's compositor (ui/screens/covered.py) renders no widget
for rows other widgets in front fill, and its frames are Textual's own (issue #25)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from helpers.ui import make_app, step, table, until
from textual._compositor import Compositor
from textual.geometry import Region
from textual.widget import Widget

from bohn_tui.play.session import Session
from bohn_tui.ui.screens.covered import CoveredCompositor
from bohn_tui.ui.screens.privacy import PrivacyScreen
from bohn_tui.ui.screens.table import TableScreen


def _chops(compositor: Any, crop: Region, rows: Any) -> list[dict[int, Any]]:
    return [dict(line) for line in compositor._render_chops(crop, rows)]


def _same_as_textual(app: Any) -> None:
    """The whole screen and two partial updates, as the covered compositor and as Textual's
    own make them from the same line caches."""
    c = app.screen._compositor
    assert isinstance(c, CoveredCompositor)
    whole = c.size.region
    for crop, rows in (
        (whole, lambda y: True),
        (Region(0, 3, 90, 20), lambda y: y % 3 == 0),
        (Region(30, 30, 60, 10), lambda y: y > 32),
    ):
        mine = _chops(c, crop, rows)
        theirs = _chops(super(CoveredCompositor, c), crop, rows)
        assert mine == theirs


async def test_covered_frames_equal_textuals_and_skip_what_is_beneath(tmp_path: Path) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem", "Dora", "Emil"], seed=1)
    app = make_app(tmp_path, s)
    rendered: list[Widget] = []
    async with app.run_test(size=(120, 40)) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        t = table(app)
        assert isinstance(t._compositor, CoveredCompositor)
        checks: list[int] = []
        for n in range(60):
            await step(pilot, app, checks)
            assert await until(pilot, lambda: not table(app).client.busy)
            _same_as_textual(app)
            if isinstance(app.screen, TableScreen):
                c = app.screen._compositor
                for w in c.visible_widgets:  # which widgets a whole frame renders
                    w.refresh()
                original = Widget.render_lines

                def spy(w: Widget, crop: Region, original: Any = original) -> Any:
                    rendered.append(w)
                    return original(w, crop)

                Widget.render_lines = spy  # type: ignore[method-assign]
                try:
                    c._render_chops(c.size.region, lambda y: True)
                finally:
                    Widget.render_lines = original  # type: ignore[method-assign]
                assert app.screen not in rendered, f"the screen's background rendered, key {n}"
        assert len(checks) >= 5  # hand-overs among the keys
        assert rendered and not any(w.id in ("main", "left", "side") for w in rendered)
        # a widget the map does not hold marks it stale; a layout makes it whole again
        c = table(app)._compositor
        c.update_widgets({Widget()})
        assert c._full_map_invalidated
        c.reflow(c.root, c.size)
        arranged: list[int] = []
        original_arrange = Compositor._arrange_root

        def arrange(*args: Any, **kwargs: Any) -> Any:
            arranged.append(1)
            return original_arrange(*args, **kwargs)

        Compositor._arrange_root = arrange  # type: ignore[method-assign]
        try:
            assert c.find_widget(table(app).query_one("#log")).region
        finally:
            Compositor._arrange_root = original_arrange  # type: ignore[method-assign]
        assert not arranged
