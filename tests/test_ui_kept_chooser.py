"""The app's kept chooser (choose.py: prepare_chooser): made while nobody presses a key,
then handed back by `ChooseScreen(...)` with new options in the same widgets (issue #25)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from helpers.ui import make_app, until
from test_ui_frames import drawn
from textual.widgets import Label, OptionList

from bohn_tui.play.session import Session
from bohn_tui.ui.screens.choose import KEPT, ChooseScreen
from bohn_tui.ui.screens.privacy import PrivacyScreen


async def kept_chooser(pilot: Any, app: Any) -> Any:
    """The table shown, and the app's kept chooser made beneath and laid out: it."""
    assert await until(pilot, lambda: isinstance(app.screen, PrivacyScreen))
    await pilot.press("enter")
    assert await until(pilot, lambda: app.is_screen_installed(KEPT))
    kept = app.get_screen(KEPT)
    assert await until(pilot, lambda: kept.is_mounted and kept._styled)  # laid out beneath
    return kept


def shown(screen: Any) -> str:
    return "\n".join(strip.text for strip in screen._compositor.render_strips())


async def test_the_kept_chooser_shows_new_options_in_one_frame_each_time(tmp_path: Path) -> None:
    app = make_app(tmp_path, Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=3))
    frames = drawn(app, lambda screen, u: f"{type(screen).__name__} {type(u).__name__}")
    async with app.run_test(size=(120, 40)) as pilot:
        kept = await kept_chooser(pilot, app)
        picked: list[Any] = []

        def chosen(value: Any) -> None:
            picked.append(value)

        for question, choices, key, result in [
            ("Which?", [("one", 1), ("two", 2)], "2", 2),
            ("Whom, then?", [("Ben", "b"), ("Cem", "c"), ("Dan", "d")], "escape", None),
            ("Once more?", [("yes", True)], "1", True),
        ]:
            await pilot.pause()
            frames.clear()
            app.push_screen(ChooseScreen(question, choices), chosen)
            assert app.screen is kept
            assert await until(pilot, lambda: any(f.startswith("ChooseScreen") for f in frames))
            assert await until(pilot, lambda: not (kept._layout_required or kept._repaint_required))
            await pilot.pause()
            assert [f for f in frames if f.startswith("ChooseScreen")] == [
                "ChooseScreen LayoutUpdate"
            ], (question, frames)
            text = shown(kept)
            assert question in text
            for i, (label, _) in enumerate(choices):
                assert f"{i + 1}  {label}" in text
            if question != "Which?":
                assert "1  one" not in text and "Which?" not in text  # the old ones gone
            await pilot.press(key)
            assert await until(pilot, lambda: app.screen is not kept)
            assert await until(pilot, lambda r=result: picked[-1:] == [r])
            assert await until(pilot, lambda: kept._out == 0)  # its suspend handled: free
            # closed, it holds nothing of the question (its options could be a hand's cards)
            assert kept.choices == [] and kept.query_one(OptionList).option_count == 0
            assert question not in str(kept.query_one(Label).content)
        assert picked == [2, None, True]


def look(screen: Any) -> list[list[tuple[str, Any]]]:
    return [[(s.text, s.style) for s in strip] for strip in screen._compositor.render_strips()]


async def test_the_kept_chooser_looks_as_a_new_one(tmp_path: Path) -> None:
    """After a long list scrolled to its end and a short one moved down, the kept chooser
    shows a list as a new chooser does (its first option highlighted, no scroll bar)."""
    app = make_app(tmp_path, Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        kept = await kept_chooser(pilot, app)
        short = [("one", 1), ("two", 2), ("three", 3)]
        long = [(f"choice {i}", i) for i in range(20)]
        looks: dict[str, list[Any]] = {}
        for name, choices, fresh, keys in [
            ("long", long, False, ["end"]),
            ("kept", short, False, ["down", "down"]),
            ("fresh", short, True, []),
            ("kept again", short, False, []),
            ("long again", long, False, []),
            ("long fresh", long, True, []),
        ]:
            kept._out += fresh  # shown or leaving: a new chooser is made
            chooser = ChooseScreen("Which one?", choices)
            assert (chooser is kept) is not fresh
            app.push_screen(chooser)
            assert await until(pilot, lambda c=chooser: c._drawn)
            assert await until(
                pilot, lambda c=chooser: not (c._layout_required or c._repaint_required)
            )
            await pilot.pause()
            looks[name] = look(chooser)
            await pilot.press(*keys, "escape")
            assert await until(pilot, lambda c=chooser: app.screen is not c)
            kept._out -= fresh
            assert await until(pilot, lambda: kept._out == 0)
        assert looks["kept"] == looks["fresh"] == looks["kept again"]
        assert looks["long again"] == looks["long fresh"]


async def test_a_chooser_while_the_kept_one_is_shown_is_made_anew(tmp_path: Path) -> None:
    app = make_app(tmp_path, Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        kept = await kept_chooser(pilot, app)
        app.push_screen(ChooseScreen("First?", [("a", 1)]))
        assert app.screen is kept
        second = ChooseScreen("Second?", [("b", 2)])
        assert second is not kept and kept.title_text == "First?"
        app.push_screen(second)
        assert await until(pilot, lambda: second.is_mounted)
        await pilot.press("escape")
        assert await until(pilot, lambda: app.screen is kept)
        await pilot.press("escape")
        assert await until(pilot, lambda: app.screen is not kept)
