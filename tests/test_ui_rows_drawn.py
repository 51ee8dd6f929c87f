"""A table drawn key by key shows what it would show drawn from scratch (issue #25): a
ViewStatic makes only a changed line into its strip (render_line) and draws a row that
shows a line drawn before as that strip again (render_lines, a log that scrolls); after
every few keys of a game, the screen as the table drew it equals the screen drawn anew
with both off (each widget's whole text made again, every row drawn again)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers.ui import make_app, step, table, until

from bohn_tui.play.session import Session
from bohn_tui.ui.widgets.base import ViewStatic


def _cells(strips: list[Any]) -> list[list[tuple[str, str]]]:
    """Each row's cells: the character and its style (without the offsets kept for clicks)."""
    return [[(ch, str(seg.style)) for seg in strip for ch in seg.text] for strip in strips]


def _from_scratch(app: Any) -> list[list[tuple[str, str]]]:
    """The screen drawn anew: every ViewStatic without what it kept of its rows, every
    widget's rows made again."""
    widgets = list(app.screen.walk_children())
    kept = {}
    for w in widgets:
        if isinstance(w, ViewStatic):
            kept[w] = w._painted
            w._painted = None
    for w in widgets:
        w.refresh()
    try:
        return _cells(app.screen._compositor.render_strips())
    finally:
        for w, painted in kept.items():
            w._painted = painted


@pytest.mark.parametrize(
    ("game", "size"),
    [("bohnanza", (120, 40)), ("bohnanza", (80, 24)), ("excalibohn", (120, 40))],
)
async def test_a_table_drawn_key_by_key_equals_it_drawn_anew(
    tmp_path: Path, game: str, size: tuple[int, int]
) -> None:
    s = Session.new(game, ["Ana", "Ben", "Cem", "Dora"], seed=3)
    app = make_app(tmp_path, s)
    checks: list[int] = []
    compared = 0
    async with app.run_test(size=size) as pilot:
        t = table(app)
        assert await until(pilot, lambda: not t.building)
        for i in range(60):
            screen = app.screen
            if screen is t and t.check_action("end_magic", ()):  # Excalibohn's phase 1b
                await pilot.press("e")
            else:
                await step(pilot, app, checks)
            if i % 4 or app.screen is not t:
                continue
            await until(pilot, lambda: not t._repaint_required and not t._layout_required)
            await pilot.pause()
            drawn = _cells(app.screen._compositor.render_strips())
            assert drawn == _from_scratch(app), f"after {i + 1} keys"
            compared += 1
        # the rows were kept: some widget drew a row from what it kept
        assert any(w._drawn for w in t.walk_children() if isinstance(w, ViewStatic))
    assert compared >= 8
