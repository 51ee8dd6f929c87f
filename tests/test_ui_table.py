"""Pilot tests: whole hot-seat turns through the keyboard, with the privacy checks after
every hand-over."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from helpers.ui import (
    B3_DECK,
    SIZE,
    make_app,
    play_until,
    secret_counts,
    step,
    summaries,
    table,
    until,
)

from bohn_tui.play.session import Session
from bohn_tui.store import Store
from bohn_tui.ui.app import BohnApp


async def test_three_player_turns_pass_the_screen_and_hide_hands(tmp_path: Path) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=1, deck=B3_DECK)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        checks = await play_until(pilot, app, lambda s: s.state.turn >= 4)
        # a hand-over to each player in turn, each checked
        assert checks[:3] == [0, 1, 2]
        assert secret_counts and secret_counts[0] == 3  # Garden, Gdn and Red were checked
        # back to Ana: her privacy screen sums up Ben's and Cem's turns, and nothing before
        await step(pilot, app, checks)
        assert checks[-1] == 0
        back = summaries[-1]
        assert "— Turn 2: Ben —" in back and "— Turn 3: Cem —" in back
        assert "— Turn 1: Ana —" not in back  # only what happened since she last looked
        assert s.state.active == 0
        assert Store(tmp_path).list()[0].turn == 4  # every move saved before it shows


async def test_five_player_turns_by_keyboard(tmp_path: Path) -> None:
    names = ["Ana", "Ben", "Cem", "Dora", "Emil"]
    s = Session.new("bohnanza", names, seed=5)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        checks = await play_until(pilot, app, lambda s: s.state.turn >= 6)
        assert set(checks) == set(range(5))


async def test_dahlias_turns_with_a_bot(tmp_path: Path) -> None:
    s = Session.new("dahlias", ["Ana", "Ben", "Cem"], {2: "random"}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        checks = await play_until(pilot, app, lambda s: s.state.turn >= 5)
        assert 2 not in checks  # the bot never gets the screen
        assert any(ln.text.startswith("Bot Cem") for ln in s.log)


async def test_two_player_duel_turns(tmp_path: Path) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben"], seed=2)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        checks = await play_until(pilot, app, lambda s: s.state.turn >= 4)
        assert checks[:2] == [0, 1]
        assert s.rules.duel


async def test_a_thinking_bot_holds_no_frame_and_each_move_shows(tmp_path: Path) -> None:
    """With a bot delay the table shows each bot move; a slow bot decides in a thread, so
    the table answers keys meanwhile (here: the log opens while the bot thinks)."""
    import threading
    import time

    from bohn_tui.ui.screens.log_view import LogScreen

    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], {1: "random", 2: "random"}, seed=2)
    slept: set[int] = set()
    released = threading.Event()
    cem_seen = threading.Event()  # Cem thinks until the banner has said so (not 0.5 s,
    # which a loaded machine may spend between two looks at the banner)

    def slow_first(seat: int) -> None:
        bot = s.bots[seat]
        choose = bot.choose

        def thinking(*args: Any, **kw: Any) -> Any:
            if seat not in slept:  # its first decision takes a while (the banner shows it)
                slept.add(seat)
                if seat == 1:  # Ben thinks until the test has pressed its keys
                    released.wait(60)
                else:
                    cem_seen.wait(60)
            return choose(*args, **kw)

        bot.choose = thinking  # type: ignore[method-assign]

    slow_first(1)
    slow_first(2)
    app = BohnApp(Store(tmp_path), s, bot_delay=0.05)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        t = table(app)
        assert t.viewer == 0  # the only person: no privacy screen
        while s.state.active == 0:  # Ana's turn by keys, to Ben's
            await step(pilot, app, [])
        assert t.client.busy and s.state.active == 1
        await pilot.press("v")  # while Ben thinks
        assert isinstance(app.screen, LogScreen) and t.client.busy
        await pilot.press("escape")
        banner = lambda: str(t.query_one("#banner").content)  # noqa: E731
        banners: set[str] = set()
        # Ben's thinking shown (waited for before he is let go: his later moves are quick)
        await until(pilot, lambda: "Ben (random) is thinking…" in banner())
        banners.add(banner())
        released.set()
        end = time.monotonic() + 60  # a deadline, not a count: a loaded machine is slower
        while time.monotonic() < end:
            await pilot.pause(0.02)
            shown = banner()
            banners.add(shown)
            if "Cem (random) is thinking…" in shown:
                cem_seen.set()
            if s.state.active == 0 and not t.client.busy:
                break
            if not t.client.busy and app.screen is t:  # Ana answers an offer to her
                for _ in range(len(t.view["offers"])):
                    if t.check_action("decline", ()):
                        break
                    await pilot.press("j")  # the next offer
                await step(pilot, app, [])
        assert s.state.active == 0 and t.viewer == 0
        assert any("Ben (random) is thinking…" in b for b in banners)
        assert any("Cem (random) is thinking…" in b for b in banners)


async def test_the_table_names_each_bots_level(tmp_path: Path) -> None:
    """A bot's panel names its level ("Cem (expert)"); people's panels stay plain."""
    from helpers.screen import seen

    from bohn_tui.games.common.ui.player_panel import PlayerPanel

    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], {2: "expert"}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        titles = [str(p.border_title) for p in table(app).query(PlayerPanel)]
        assert titles[1:] == ["Ben", "Cem (expert)"], titles
        assert titles[0].endswith("Ana · you") and "(" not in titles[0]
        assert "Cem (expert)" in seen(app) and "(bot)" not in seen(app)
