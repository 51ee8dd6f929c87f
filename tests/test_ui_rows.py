"""A table widget repaints only the rows that changed (issue #25: ViewStatic's rows, its
border titles, the key bar's rendered rows kept): what the screen shows after every key is
what a whole repaint of every widget shows, and a row or a title that did not change is
not repainted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers.ui import make_app, step, table, until
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widget import Widget

from bohn_tui.play.session import Session
from bohn_tui.ui.screens.privacy import PrivacyScreen
from bohn_tui.ui.screens.table import TableScreen
from bohn_tui.ui.widgets.base import ViewStatic
from bohn_tui.ui.widgets.key_bar import KeyBar


def _drawn(app: Any) -> list[list[Any]]:
    """The screen's rows as the widgets' line caches make them (what the terminal has)."""
    return [list(strip) for strip in app.screen._compositor.render_strips()]


def _repainted_whole(app: Any) -> list[list[Any]]:
    """The screen's rows with every widget repainted whole."""
    for w in app.screen.walk_children(Widget, with_self=True):
        w.refresh()
    return _drawn(app)


async def test_every_key_draws_what_a_whole_repaint_draws(tmp_path: Path) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem", "Dora", "Emil"], seed=1)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(120, 40)) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        checks: list[int] = []
        bars: set[int] = set()
        for n in range(90):
            await step(pilot, app, checks)
            t = table(app)
            assert await until(pilot, lambda t=t: not t.client.busy)
            drawn = _drawn(app)
            assert drawn == _repainted_whole(app), f"a stale row after key {n}"
            bars.add(len(t.query_one("#keys", KeyBar)._drawn or {}))
        assert len(checks) >= 5  # hand-overs among the keys
        assert max(bars) > 1  # bars' rows kept


@pytest.mark.parametrize(
    ("game", "keys"), [("wuerfelspiel", "12345raxfhp\r"), ("excalibohn", "123ezxnwmst\rp")]
)
async def test_any_key_at_the_other_tables_draws_what_a_whole_repaint_draws(
    tmp_path: Path, game: str, keys: str
) -> None:
    """Random keys (each table's own and the hand-over's) on 3 people's tables."""
    import random

    s = Session.new(game, ["Ana", "Ben", "Cem"], seed=5)
    app = make_app(tmp_path, s)
    rng = random.Random(5)
    async with app.run_test(size=(120, 40)) as pilot:
        assert await until(
            pilot,
            lambda: any(isinstance(t, TableScreen) and not t.building for t in app.screen_stack),
        )
        for n in range(60):
            key = rng.choice(keys)
            await pilot.press("enter" if key == "\r" else key)
            await pilot.pause()
            assert _drawn(app) == _repainted_whole(app), f"a stale row after key {n} ({key!r})"


class _Box(ViewStatic):
    FIXED_HEIGHT = True
    DEFAULT_CSS = "_Box { height: 7; border: round white; }"


class _One(App[None]):
    def compose(self) -> ComposeResult:
        yield _Box(id="v")


def _text(*lines: str) -> Text:
    return Text("\n").join(Text(ln, style="bold" if ln.startswith("#") else "") for ln in lines)


async def test_a_view_static_repaints_only_its_changed_rows_and_titles() -> None:
    app = _One()
    async with app.run_test(size=(40, 10)) as pilot:
        w = app.query_one("#v", ViewStatic)
        w.border_title = "Title"
        w.update(_text("one", "two", "three"))
        assert await until(pilot, lambda: bool(w.region) and not w._repaint_required)
        w.update(_text("one", "two", "three"))  # the same: nothing
        assert not w._repaint_required
        w.update(_text("one", "#two", "three"))  # a style of row 2 (widget row 2)
        assert w._styles_cache._dirty_lines == {2}
        await pilot.pause()
        w.update(_text("one", "#two", "three", "four"))  # a row more, content rows from 1
        assert w._styles_cache._dirty_lines == {4}
        await pilot.pause()
        w.update(_text("one"))  # rows 2-4 now blank
        assert w._styles_cache._dirty_lines == {2, 3, 4}
        await pilot.pause()
        w.border_title = "Title"  # the same title: nothing
        assert not w._repaint_required
        w.border_title = "Other"  # the top border's row only
        assert w._styles_cache._dirty_lines == {0}
        await pilot.pause()
        w.update(_text("x" * 60))  # wider than the widget (wraps): all rows
        assert not w._styles_cache._cache  # every row anew
        await pilot.pause()
        assert "Other" in "".join(s.text for s in app.screen._compositor.render_strips())
