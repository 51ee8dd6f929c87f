"""A hand-over is drawn in one frame (issue #25): the table keeps its hand widget mounted,
hidden and empty while nobody's hand shows, and fills and shows it as the privacy screen
leaves, so that neither a mount nor a first size change draws frames of their own. Frames
are counted where Textual hands one to the terminal (`App._display`), no timing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from helpers.ui import make_app, shows_a_hand, table

from bohn_tui.games.common.ui.hand import HandView
from bohn_tui.play.session import Session
from bohn_tui.ui.screens.privacy import PrivacyScreen


def count_frames(app: Any) -> list[str]:
    """The screens of the frames drawn from now on (a list that grows)."""
    frames: list[str] = []
    display = app._display

    def counted(screen: Any, renderable: Any) -> None:
        if renderable is not None and not app._batch_count:
            frames.append(type(screen).__name__)
        display(screen, renderable)

    app._display = counted
    return frames


async def settle(pilot: Any) -> None:
    for _ in range(6):
        await pilot.pause(0.02)


async def test_a_hand_over_and_the_privacy_screen_draw_one_frame_each(tmp_path: Path) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben"], seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        t = table(app)
        assert isinstance(app.screen, PrivacyScreen)
        await pilot.press("enter")  # Ana: the hand widget shows for the first time
        await settle(pilot)
        hand = t.query_one(HandView)
        frames = count_frames(app)
        for who in ("Ben", "Ana", "Ben"):  # out of turn and back, each behind the privacy screen
            frames.clear()
            await pilot.press("p")  # out of turn: whom to? Back: the privacy screen at once
            await settle(pilot)
            if not isinstance(app.screen, PrivacyScreen):
                frames.clear()
                await pilot.press("1")  # Ben
                await settle(pilot)
            assert isinstance(app.screen, PrivacyScreen) and app.screen.player == who
            if who == "Ana":  # from the table itself (from the chooser: see the README)
                assert frames == ["PrivacyScreen"], frames  # the table beneath draws nothing
            assert not shows_a_hand(hand), "the hand widget holds a hand behind the cover"
            frames.clear()
            await pilot.press("enter")
            await settle(pilot)
            assert app.screen is t and t.client.names[t.viewer or 0] == who
            assert frames == ["TableScreen"], frames
            assert t.query_one(HandView) is hand and f"{who}'s hand" in str(hand.border_title)
