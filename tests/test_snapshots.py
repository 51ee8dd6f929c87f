"""Snapshots of the main screens (pytest-textual-snapshot), so that a layout change shows in
review: the menu, a 4-player table mid-turn, the privacy screen, an offer being built, the
Bohnröschen table with its vine row, a solo run and the dice game's table.

Each starts the app only through its public entry point (BohnApp with a seeded NewGame and
`bot_delay=0`) and key presses, in a temporary BOHN_DATA_DIR (no saves, no dates on screen).
A snapshot that fails on purpose (the look changed) is accepted with

    .venv/bin/python -m pytest tests/test_snapshots.py --snapshot-update

after looking at the report (snapshot_report.html); the SVGs live in tests/__snapshots__/.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from helpers.stats import fill
from textual.pilot import Pilot

from bohn_tui.play.players import NewGame
from bohn_tui.store import Store
from bohn_tui.store.db import DB_NAME
from bohn_tui.ui.app import BohnApp

SIZE = (120, 40)
NAMES = ["Ana", "Ben", "Cem", "Dora"]
UPDATE = (
    "the screen differs from its snapshot (see snapshot_report.html); if the change is meant, "
    "accept it: .venv/bin/python -m pytest tests/test_snapshots.py --snapshot-update"
)

Compare = Callable[..., bool]


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    return Store(tmp_path)


async def settle(pilot: Pilot[None]) -> None:
    """Let the first frame, the game's start and the bots' moves (bot_delay=0) happen: a
    new game's table built (after the first frame) and its bots done (in their threads),
    waited for by a deadline, not a count of pauses; then the frame drawn."""
    from helpers.ui import until

    from bohn_tui.ui.screens.table import TableScreen

    app = pilot.app
    new = isinstance(getattr(app, "first_session", None), NewGame)

    def ready() -> bool:
        t = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
        if t is None:
            return not new or app.return_code is not None
        return not t.building and not t.client.busy

    assert await until(pilot, ready), "the game did not settle"
    for _ in range(5):
        await pilot.pause()


def shot(
    snap_compare: Compare, store: Store, new: NewGame | None, press: Iterable[str] = ()
) -> None:
    app = BohnApp(store, new, bot_delay=0)
    assert snap_compare(app, press=list(press), terminal_size=SIZE, run_before=settle), UPDATE


def test_menu(snap_compare: Compare, store: Store) -> None:
    shot(snap_compare, store, None)


def test_statistics(snap_compare: Compare, store: Store, tmp_path: Path) -> None:
    """The Statistics screen (t in the menu) over the fixed results of tests/helpers/stats.py."""
    fill(tmp_path / DB_NAME)
    shot(snap_compare, store, None, ["t"])


def test_table_mid_turn(snap_compare: Compare, store: Store) -> None:
    """Ana's turn at a 4-player Bohnanza table, her hand shown, one card planted."""
    new = NewGame("bohnanza", NAMES, {1: "standard", 2: "standard", 3: "standard"}, seed=11)
    shot(snap_compare, store, new, ["1"])


def test_privacy_screen(snap_compare: Compare, store: Store) -> None:
    """The hand-over to the first of two people: nothing of anyone's hand on screen."""
    new = NewGame("bohnanza", NAMES, {2: "standard", 3: "standard"}, seed=11)
    shot(snap_compare, store, new)


def test_offer_being_built(snap_compare: Compare, store: Store) -> None:
    """Three people (no bot to make offers meanwhile): past the hand-over, Ana plants,
    turns up two cards, and offers the second of them to everybody for one Coffee."""
    new = NewGame("bohnanza", NAMES[:3], {}, seed=11)
    shot(snap_compare, store, new, ["enter", "1", "e", "o", "down", "space", "tab", "space"])


def test_bohnroschen_table_with_vine_row(snap_compare: Compare, store: Store) -> None:
    new = NewGame("bohnroschen", NAMES, {1: "standard", 2: "standard", 3: "standard"}, seed=6)
    shot(snap_compare, store, new, ["1"])


def test_solo_run(snap_compare: Compare, store: Store) -> None:
    new = NewGame("bohnroschen", ["Ana"], {}, seed=3)
    shot(snap_compare, store, new, ["1"])


def test_dice_game_table(snap_compare: Compare, store: Store) -> None:
    """The dice game for three people: the first roll, a die picked, the second roll (dice
    on the field and just rolled, the odds, who fulfilled what, the roller's chances)."""
    from bohn_tui.games.wuerfelspiel.ui.outlook import warm_now

    warm_now()  # the chances' tables (else a thread builds them while the keys are pressed)
    new = NewGame("wuerfelspiel", NAMES[:3], {}, seed=3)
    shot(snap_compare, store, new, ["r", "4", "r", "1"])


def test_excalibohn_phase_1b(snap_compare: Compare, store: Store) -> None:
    """Excalibohn for four, Ana's phase 1b after planting a Sword and a Magic Bean: her
    spell card, the pass marker, the abilities with their keys, the Magic Beans in hand."""
    new = NewGame("excalibohn", NAMES, {2: "standard", 3: "standard"}, seed=58)
    shot(snap_compare, store, new, ["enter", "1", "2"])
