"""A ViewStatic makes Textual's Content of its text only when asked (issue #25: not at every
update), and draws, key by key (its changed rows made and framed by itself), what Textual's
own Static draws in the same box (border, padding)."""

from __future__ import annotations

import random

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.content import Content
from textual.widgets import Static

from bohn_tui.ui.widgets.base import ViewStatic

BOX = "height: 8; width: 30; border: round white; padding: 0 1;"


class _Lazy(ViewStatic):
    FIXED_HEIGHT = True
    DEFAULT_CSS = f"_Lazy {{ {BOX} }}"


class _Plain(Static):
    DEFAULT_CSS = f"_Plain {{ {BOX} }}"


class _Two(App[None]):
    def compose(self) -> ComposeResult:
        yield _Lazy(id="lazy")
        yield _Plain(id="plain")


WORDS = ["Ana", "rolled", " ▶ place", "豆の畑", "", "   ", "x" * 30]
STYLES = ["", "bold", "dim reverse", "bold #000000 on #a0522d"]


def _text(rng: random.Random) -> Text:
    rows = []
    for _ in range(rng.randint(1, 6)):
        row = Text()
        for _ in range(rng.randint(0, 3)):
            style: str | Style = rng.choice(STYLES)
            if rng.random() < 0.2:
                style = Style(bold=True, meta={"@click": "app.bell()"})
            row.append(rng.choice(WORDS), style)
        rows.append(row)
    return Text("\n").join(rows)


def _rows(app: App[None], widget: Static) -> list[list[object]]:
    region = widget.region
    strips = app.screen._compositor.render_strips()[region.y : region.bottom]
    return [[(s.text, s.style) for s in strip.crop(region.x, region.right)] for strip in strips]


async def test_the_content_is_made_only_when_asked_and_draws_the_same() -> None:
    app = _Two()
    rng = random.Random(25)
    async with app.run_test(size=(40, 20)) as pilot:
        lazy, plain = app.query_one(_Lazy), app.query_one(_Plain)
        text = Text.assemble(("one", "bold"), "\ntwo")
        lazy.update(text)
        assert lazy._Static__visual is None  # not made at the update
        assert lazy.visual == Content.from_rich_text(text, app.console)
        assert lazy.content is text
        for _ in range(60):
            text = _text(rng)
            lazy.update(text)
            plain.update(text.copy())
            await pilot.pause()
            got, want = _rows(app, lazy), _rows(app, plain)
            assert [[t for t, _ in r] for r in got] == [[t for t, _ in r] for r in want]
            # the same styles, but for the offsets Textual keeps for clicks (the meta)
            assert [[(s.color, s.bgcolor, s.bold) for _, s in r] for r in got] == [
                [(s.color, s.bgcolor, s.bold) for _, s in r] for r in want
            ]
