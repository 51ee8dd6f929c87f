"""The privacy screen, shown again, is styled again only when its styles may have changed
(a theme set while the table was shown), and laid out again only when its text's height
may have changed (issue #25)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from helpers.ui import make_app, step, table, until
from textual._compositor import Compositor
from textual.css.stylesheet import Stylesheet

from bohn_tui.play.session import Session
from bohn_tui.ui.screens.privacy import PrivacyScreen
from bohn_tui.ui.screens.table import TableScreen


async def _to(pilot: Any, app: Any, kind: type) -> None:
    checks: list[int] = []
    for _ in range(40):
        if isinstance(app.screen, kind):
            return
        await step(pilot, app, checks)
        assert await until(pilot, lambda: not table(app).client.busy)
    raise AssertionError(f"no {kind.__name__}")


def _looks(screen: Any) -> list[Any]:
    return [(w.styles.background, w.styles.color) for w in screen.walk_children(with_self=True)]


async def test_the_privacy_screen_is_styled_and_laid_out_again_only_after_a_change(
    tmp_path: Path,
) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=1)
    app = make_app(tmp_path, s)
    styled: list[Any] = []
    original = Stylesheet.apply

    def apply(self: Stylesheet, node: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(node.screen, PrivacyScreen):
            styled.append(node)
        return original(self, node, *args, **kwargs)

    reflows: list[int] = []
    original_reflow = Compositor.reflow

    def reflow(self: Compositor, parent: Any, size: Any) -> Any:
        if reflows and isinstance(parent, PrivacyScreen):
            reflows[-1] += 1
        return original_reflow(self, parent, size)

    Stylesheet.apply = apply  # type: ignore[method-assign]
    Compositor.reflow = reflow  # type: ignore[method-assign]
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            assert await until(pilot, lambda: isinstance(app.screen, PrivacyScreen))
            # (the first time again: the table's stylesheets were read since its first showing)
            for n, theme in enumerate((None, None, "textual-light", None)):
                await _to(pilot, app, TableScreen)
                if theme is not None:
                    app.theme = theme  # while the privacy screen is not shown
                    await pilot.pause()
                styled.clear()
                reflows.append(0)
                await _to(pilot, app, PrivacyScreen)
                await pilot.pause()
                screen = app.screen
                if n:
                    assert bool(styled) == (theme is not None), (n, theme)
                shown = _looks(screen)
                screen.update_node_styles(animate=False)  # styled anew: the same look
                assert _looks(screen) == shown
            # a text of as many rows as before, none as wide as the box: no layout
            assert 0 in reflows, reflows
    finally:
        Stylesheet.apply = original  # type: ignore[method-assign]
        Compositor.reflow = original_reflow  # type: ignore[method-assign]
