"""Screens that draw nothing again when nothing of them changed (issue #25): the privacy
screen, when Textual lays the top screen out again as a screen beneath it is removed (the
out-of-turn chooser closing as the privacy screen shows)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from helpers.ui import make_app, until

from bohn_tui.play.session import Session
from bohn_tui.ui.screens.privacy import PrivacyScreen


def drawn(app: Any, name: Callable[[Any, Any], str]) -> list[str]:
    """What each frame drawn from now on was, by `name(screen, update)` (a list that
    grows): counted where Textual hands a frame to the terminal (`App._display`)."""
    frames: list[str] = []
    display = app._display

    def counted(screen: Any, renderable: Any) -> None:
        if renderable is not None:
            frames.append(name(screen, renderable))
        display(screen, renderable)

    app._display = counted
    return frames


async def test_the_privacy_screen_is_not_laid_out_again_for_a_screen_removed_beneath(
    tmp_path: Path,
) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(120, 40)) as pilot:
        assert await until(
            pilot, lambda: isinstance(app.screen, PrivacyScreen) and app.screen._drawn
        )
        cover = app.screen
        assert await until(pilot, lambda: not (cover._layout_required or cover._repaint_required))
        app.refresh(layout=True)  # what App._prune asks as a removed screen goes
        assert not cover._layout_required and not cover._repaint_required
        await pilot.resize_terminal(100, 30)  # a new size still lays it out
        assert await until(pilot, lambda: cover._compositor.size == (100, 30))
        assert await until(
            pilot, lambda: "Pass to Ana" in str(cover.query_one("#privacy-box").render())
        )


async def test_a_view_static_taking_a_new_size_asks_no_second_layout() -> None:
    """Textual lays the screen out again when a laid-out widget's virtual size changed (a
    second frame after a panel grew); a ViewStatic never scrolls: no layout for it."""
    from textual.app import App, ComposeResult
    from textual.geometry import Size

    from bohn_tui.ui.widgets.base import ViewStatic

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield ViewStatic("one\ntwo", id="v")

    app = One()
    async with app.run_test(size=(40, 10)) as pilot:
        w = app.query_one("#v", ViewStatic)
        assert await until(pilot, lambda: bool(w.region) and not w._layout_required)
        assert w._size_updated(Size(40, 3), Size(40, 3), Size(40, 10))  # a new size
        assert w.virtual_size == Size(40, 3)
        assert not w._layout_required


async def test_a_new_chooser_draws_one_frame(tmp_path: Path) -> None:
    """Shown, a chooser is laid out by its resume and again for its widgets' first sizes:
    drawn at the second only, one frame (issue #25)."""
    from bohn_tui.ui.screens.choose import ChooseScreen

    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=3)
    app = make_app(tmp_path, s)
    frames = drawn(app, lambda screen, _: type(screen).__name__)
    async with app.run_test(size=(120, 40)) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        frames.clear()
        app.push_screen(ChooseScreen("Which?", [("one", 1), ("two", 2)]))
        assert await until(pilot, lambda: "ChooseScreen" in frames)
        chooser = app.screen
        assert await until(
            pilot, lambda: not (chooser._layout_required or chooser._repaint_required)
        )
        await pilot.pause()
        assert frames.count("ChooseScreen") == 1
        assert "two" in "".join(s.text for s in chooser._compositor.render_strips())
        await pilot.press("2")
        assert await until(pilot, lambda: app.screen is not chooser)


async def test_a_chooser_closed_with_an_action_draws_one_frame(tmp_path: Path) -> None:
    """A pick closes the chooser (the table resumed), the chooser is removed (Textual lays
    the top screen out again) and the action changes the table: one whole frame, which
    shows the action done (issue #25: two whole frames on main). (The focus going back
    to the table may restyle a scrollbar a moment later: a frame of a few cells.)"""
    from helpers.ui import table

    from bohn_tui.ui.screens.choose import ChooseScreen

    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=3)
    app = make_app(tmp_path, s)
    frames = drawn(app, lambda screen, update: f"{type(screen).__name__} {type(update).__name__}")
    async with app.run_test(size=(120, 40)) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        await pilot.press("enter")
        t = table(app)
        assert await until(pilot, lambda: app.screen is t and t.viewer == 0 and bool(t.legal))
        action = next(a for a in t.legal if type(a).__name__ == "PlantHand")
        done: list[bool] = []

        async def chosen(picked: Any) -> None:
            if picked is not None:
                done.append(await t.do(picked))

        app.push_screen(ChooseScreen("Which?", [("plant", action)]), chosen)
        chooser = app.screen
        assert await until(pilot, lambda: any(f.startswith("ChooseScreen") for f in frames))
        assert await until(
            pilot, lambda: not (chooser._layout_required or chooser._repaint_required)
        )
        await pilot.pause()
        frames.clear()
        await pilot.press("1")
        assert await until(pilot, lambda: done == [True] and app.screen is t)
        assert await until(pilot, lambda: not (t._layout_required or t._repaint_required))
        assert await until(pilot, lambda: not t._dirty_widgets)
        await pilot.pause()
        await pilot.pause()
        whole = [f for f in frames if f.endswith("LayoutUpdate")]  # the whole screen drawn
        assert whole == ["TableScreen LayoutUpdate"], frames
        shot = "\n".join(strip.text for strip in t._compositor.render_strips())
        left = len(s.state.players[0].hand)
        assert "Which?" not in shot and f"Ana's hand · {left} card" in shot  # the planted card
