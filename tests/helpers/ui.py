"""Helpers for the Pilot tests: apps on stacked decks, whole turns by keys with the privacy
checks after every hand-over, and a screen's text."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from rich.console import Console
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


async def until(pilot: Pilot[Any], done: Any, seconds: float = 60.0) -> bool:
    """Let the app run until `done()` holds (bots and workers at their own pace; a deadline,
    not a count of pauses, since a loaded machine is slower); what `done()` says then."""
    import time

    end = time.monotonic() + seconds
    while not done() and time.monotonic() < end:
        await pilot.pause(0.02)
    return bool(done())


def table(app: BohnApp) -> TableScreen:
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


secret_counts: list[int] = []


summaries: list[list[str]] = []  # what each privacy screen told about the time away


def shows_a_hand(hand: HandView) -> bool:
    """Whether the table's hand widget shows or holds anything: kept mounted, it must be
    empty (no text, no title) while nobody's hand shows, and hidden unless the privacy
    screen covers the table (beneath it the empty box keeps its place for the reveal)."""
    covered = isinstance(hand.app.screen, PrivacyScreen)
    return bool((hand.display and not covered) or str(hand.content) or hand.border_title)


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
    assert not any(shows_a_hand(h) for h in t.query(HandView)), (
        "a hand widget holds or shows a hand behind the privacy screen"
    )
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
    if t.client.busy:  # a bot thinks (in its thread, longer on a loaded machine): its move
        await until(pilot, lambda: not t.client.busy)  # comes first, by a deadline
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


def screen_text(screen: object) -> str:
    """Everything the Static widgets of a screen hold, as plain text (Rich tables too)."""
    console = Console(width=120, record=True, file=io.StringIO())
    for w in screen.query("Static"):  # type: ignore[attr-defined]
        console.print(w.content)
    return console.export_text()
