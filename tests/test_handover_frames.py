"""A hand-over is drawn in one frame (issue #25): the table keeps its hand widget mounted,
hidden and empty while nobody's hand shows, and fills and shows it as the privacy screen
leaves, so that neither a mount nor a first size change draws frames of their own. Frames
are counted where Textual hands one to the terminal (`App._display`), no timing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers.ui import make_app, shows_a_hand, step, table, until
from textual._compositor import Compositor, LayoutUpdate
from textual.widgets import Static

from bohn_tui.games.common.ui.hand import HandView
from bohn_tui.games.common.ui.player_panel import PlayerPanel
from bohn_tui.play.session import Session
from bohn_tui.ui.screens.choose import ChooseScreen
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


def secrets_beneath(t: Any) -> list[str]:
    """Every text a widget of the table holds that only one person may see: any card of a
    hand, a hand-size of "you", a known coin count (the public table shows "coins ?")."""
    s = t.client.session
    cards = {s.rules.varieties[v].short for p in s.state.players for v in p.hand}
    found = []
    for w in t.query(Static):
        texts = [str(w.content), str(w.border_title or ""), str(w.border_subtitle or "")]
        for text in texts:
            if " · you" in text or any(c in text for c in cards if len(c) > 3):
                found.append(f"{w!r}: {text}")
            if "coins " in text and "coins ?" not in text and "buy for" not in text:
                found.append(f"{w!r}: {text}")
    return found


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_table_beneath_the_privacy_screen_is_ready_for_the_next_viewer(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Beneath the privacy screen the table is made ready with what is public only: the
    next viewer's panel lit (in focus on a small screen), the hand's box in its place and
    empty, nothing of any hand or any person's coins in a widget. The reveal then restyles
    and lays out nothing (main: the lit panel restyled, the hand's box laid out at every
    hand-over), and its one frame shows the new viewer's panel lit, theirs alone."""
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=size) as pilot:
        t = table(app)
        assert await until(pilot, lambda: isinstance(app.screen, PrivacyScreen) and not t.building)
        layouts: list[int] = []
        refresh_layout = t._refresh_layout

        def counted(*args: Any, **kwargs: Any) -> None:
            if app.screen is t:
                layouts.append(1)
            refresh_layout(*args, **kwargs)

        t._refresh_layout = counted
        frames = count_frames(app)
        restyles: list[int] = []
        apply = app.stylesheet.apply

        def restyled(*args: Any, **kwargs: Any) -> Any:
            node = args[0] if args else kwargs.get("node")
            try:
                on_table = node is t or node.screen is t
            except Exception:  # (NoScreen: a screen made while idle, the help)
                on_table = False
            if on_table:  # (the help, made while nobody presses a key, is no restyle of it)
                restyles.append(1)
            return apply(*args, **kwargs)

        # the first hand-over, out of turn to Ben, back to Ana (at once), to Cem, back
        for n, who in enumerate(("Ana", "Ben", "Ana", "Cem", "Ana")):
            seat = t.client.names.index(who)
            if n:
                others = [x for x in t.client.humans if x != t.viewer]
                await pilot.press("p")  # out of turn: whom to? (back: the privacy screen)
                assert await until(
                    pilot, lambda: isinstance(app.screen, (ChooseScreen, PrivacyScreen))
                )
                if isinstance(app.screen, ChooseScreen):
                    await pilot.press(str(1 + others.index(seat)))
            assert await until(
                pilot,
                lambda s=seat: isinstance(app.screen, PrivacyScreen) and t.prepared == s,
            )
            assert app.screen.player == who and t.coming == seat
            panels = {i: t.query_one(f"#player-{i}", PlayerPanel) for i in range(3)}
            assert [i for i, p in panels.items() if p.has_class("mine")] == [seat]
            assert not panels[seat].has_class("compact")
            hand = t.query_one(HandView)
            assert not shows_a_hand(hand) and hand.display  # the empty box in its place
            assert not t.query_one("#no-hand").display
            assert secrets_beneath(t) == []
            app.stylesheet.apply = restyled
            restyles.clear()
            layouts.clear()
            frames.clear()
            await pilot.press("enter")
            assert await until(pilot, lambda: bool(frames))
            del app.stylesheet.apply
            assert t.viewer == seat and app.screen is t
            assert frames == ["TableScreen"], (who, frames)
            assert restyles == [], (who, restyles)
            if n:  # (the game's first, the table built beneath it, is laid out as it shows)
                assert layouts == [], (who, layouts)
            assert [i for i, p in panels.items() if p.has_class("mine")] == [seat]
            assert " · you" in str(panels[seat].border_title)
            assert f"{who}'s hand" in str(hand.border_title)


def _rows_of(update: Any) -> list[list[tuple[str, str]]]:
    """A whole frame's rows: each cell's character and style."""
    return [
        [(ch, str(seg.style)) for strip in row for seg in strip for ch in seg.text]
        for row in update.strips
    ]


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_a_hand_overs_frame_equals_the_frame_composed_anew(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """The table beneath the privacy screen keeps the whole frame it composed there, and as
    it shows composes anew only the rows of the widgets changed since (the new viewer's
    hand, panel, keys, banner; what a bot changed meanwhile): every whole frame the table
    draws equals the one composed anew from all its widgets at that moment, over a game
    of 60 keys with hand-overs, visits and a bot at work."""
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem", "Bot"], bots={3: "standard"}, seed=3)
    app = make_app(tmp_path, s)
    kept_frames: list[int] = []
    wrong: list[int] = []
    async with app.run_test(size=size) as pilot:
        t = table(app)
        assert await until(pilot, lambda: not t.building)
        display = app._display

        def compared(screen: Any, renderable: Any) -> None:
            if screen is t and isinstance(renderable, LayoutUpdate):
                kept_frames.append(1)
                anew = Compositor.render_full_update(t._compositor)
                if _rows_of(renderable) != _rows_of(anew):
                    wrong.append(len(kept_frames))
            display(screen, renderable)

        app._display = compared
        checks: list[int] = []
        for i in range(60):
            if i % 15 == 7 and app.screen is t and t.check_action("pass_screen", ()):
                await pilot.press("p")  # out of turn, to the first other person
                assert await until(
                    pilot, lambda: isinstance(app.screen, (ChooseScreen, PrivacyScreen))
                )
                if isinstance(app.screen, ChooseScreen):
                    await pilot.press("1")
                continue
            if app.screen is t and t.visiting:
                await pilot.press("p")  # back to the person the game waits for
            else:
                await step(pilot, app, checks)
            await pilot.pause()
    assert len(checks) >= 4 and kept_frames, (checks, kept_frames)
    assert wrong == [], wrong
