"""Pilot tests: whole hot-seat turns through the keyboard, with the privacy checks after
every hand-over."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from bohn_tui.games.common.ui.end import EndScreen
from bohn_tui.games.common.ui.hand import HandView
from bohn_tui.play.session import Session
from bohn_tui.store import Store
from bohn_tui.ui.app import BohnApp
from bohn_tui.ui.screens.choose import ChooseScreen
from bohn_tui.ui.screens.privacy import PrivacyScreen
from bohn_tui.ui.screens.table import TableScreen

SIZE = (120, 40)


def stacked(game: str, hands: list[list[str]], rest: list[str]) -> list[str]:
    """A deck (top first) that deals `hands` and then holds `rest`."""
    return [c for h in hands for c in h] + rest


def make_app(tmp: Path, session: Session) -> BohnApp:
    secret_counts.clear()
    summaries.clear()
    return BohnApp(Store(tmp), session, bot_delay=0)


def table(app: BohnApp) -> TableScreen:
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


secret_counts: list[int] = []
summaries: list[list[str]] = []  # what each privacy screen told about the time away


def secret_cards(s: Session, seat: int) -> set[str]:
    """Labels of cards in other hands that nothing public shows (so the screen must not)."""
    view = s.view(None)
    del view["varieties"]  # the list of every kind in the game
    public = json.dumps(view) + " ".join(ln.text for ln in s.log)
    public += json.dumps(s.view(seat)["players"][seat]["hand"])  # the viewer's own cards
    out: set[str] = set()
    for other, p in enumerate(s.state.players):
        if other == seat:
            continue
        for vid in p.hand:
            v = s.rules.varieties[vid]
            if vid not in public and v.name not in public:
                out |= {v.name, v.short}
    return out


async def confirm_hand_over(pilot: Pilot[None], app: BohnApp, checks: list[int]) -> None:
    """On the privacy screen: nothing private exists; confirm; then the new viewer's
    screen shows nothing of any other hand."""
    assert isinstance(app.screen, PrivacyScreen)
    summaries.append(list(app.screen.since))
    t = table(app)
    assert t.viewer is None
    await pilot.pause()
    assert not t.query(HandView), "a hand widget exists behind the privacy screen"
    shot = app.export_screenshot()
    for p in t.client.session.state.players:
        assert not any(v in shot for v in p.hand if len(v) > 3), (
            "a hand shows on the privacy screen"
        )
    await pilot.press("enter")
    await pilot.pause()
    seat = t.viewer
    assert seat is not None
    shot = app.export_screenshot()
    secrets = secret_cards(t.client.session, seat)
    for label in secrets:
        assert label not in shot, (
            f"{label} of another hand is on {t.client.session.names[seat]}'s screen"
        )
    own = t.client.session.state.players[seat].hand
    if own and app.screen is t:  # the positive control: the own front card is on screen
        assert t.client.session.rules.varieties[own[0]].short in shot
    checks.append(seat)
    secret_counts.append(len(secrets))


async def step(pilot: Pilot[None], app: BohnApp, checks: list[int]) -> None:
    """One sensible key for whoever has the screen: plant, end, decline, harvest."""
    screen = app.screen
    if isinstance(screen, PrivacyScreen):
        await confirm_hand_over(pilot, app, checks)
        return
    if isinstance(screen, ChooseScreen):
        await pilot.press("1")
        return
    if isinstance(screen, EndScreen):
        return
    t = table(app)
    for key, action in (
        ("1", "plant(0)"),
        ("2", "plant(1)"),
        ("3", "plant(2)"),
        ("x", "decline"),
        ("e", "end_planting"),
        ("e", "end_trading"),
        ("e", "end_turn"),
        ("f", "harvest"),
    ):
        name, _, arg = action.partition("(")
        params = (int(arg[:-1]),) if arg else ()
        if t.check_action(name, params):
            if name == "end_planting" and t._view["planted"] < 2 and t.check_action("plant", (0,)):
                continue
            await pilot.press(key)
            await pilot.pause()
            return
    raise AssertionError(f"stuck: {t.controls.banner()} legal={t._legal}")


async def play_until(pilot: Pilot[None], app: BohnApp, done: Any, limit: int = 400) -> list[int]:
    checks: list[int] = []
    for _ in range(limit):
        if done(table(app).client.session):
            return checks
        await step(pilot, app, checks)
    raise AssertionError("the game did not get there")


B3_DECK = stacked(
    "bohnanza",
    [["coffee"] * 3 + ["wax"] * 2, ["garden"] * 5, ["red"] * 5],
    ["coffee", "wax"] * 30 + ["blue", "chili", "stink", "green", "soy"] * 10,
)


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
        app.saver.flush()
        assert Store(tmp_path).list()[0].turn == 4  # autosaved


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
    import time

    from bohn_tui.ui.screens.log_view import LogScreen

    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], {1: "random", 2: "random"}, seed=2)
    slept: set[int] = set()

    def slow_first(seat: int) -> None:
        bot = s.bots[seat]
        choose = bot.choose

        def thinking(*args: Any, **kw: Any) -> Any:
            if seat not in slept:  # its first decision takes a while (the banner shows it)
                slept.add(seat)
                time.sleep(0.5)
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
        banners: set[str] = set()
        for _ in range(400):
            await pilot.pause(0.02)
            banners.add(str(t.query_one("#banner").content))
            if s.state.active == 0 and not t.client.busy:
                break
            if not t.client.busy and app.screen is t:  # Ana answers an offer to her
                for _ in range(len(t.view["offers"])):
                    if t.check_action("decline", ()):
                        break
                    await pilot.press("j")  # the next offer
                await step(pilot, app, [])
        assert s.state.active == 0 and t.viewer == 0
        assert any("Bot Ben is thinking…" in b for b in banners)
        assert any("Bot Cem is thinking…" in b for b in banners)
