"""Snapshots of every game's table at 80x24 (issue #24, item 7), beside the 120x40 ones of
tests/test_snapshots.py (Dahlias' and the test plug-in's at 120x40 are here): the smallest
terminal we support must show each table whole (the hand, the fields, the prompt and the key
bar), so that a layout change that breaks it shows in review. Accept an intended change as
test_snapshots.py says, with this file's name."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_snapshots import SIZE, UPDATE, Compare, settle

from bohn_tui.play.players import NewGame
from bohn_tui.store import Store
from bohn_tui.ui.app import BohnApp

SMALL = (80, 24)
NAMES = ["Ana", "Ben", "Cem", "Dora"]
BOTS = {1: "standard", 2: "standard", 3: "standard"}

# game -> (players, seed, keys): one person and bots (no privacy screen), a first move made
TABLES = {
    "bohnanza": (NAMES, 11, ["1"]),
    "dahlias": (NAMES, 11, ["1"]),
    "bohnroschen": (NAMES, 6, ["1"]),
    "wuerfelspiel": (NAMES[:3], 3, ["r"]),
    "excalibohn": (NAMES, 58, ["1"]),
    "testgame": (NAMES[:2], 5, []),  # the test plug-in (tests/plugin_game), by its entry point
}
# the tables tests/test_snapshots.py does not show at 120x40 (it has the other three games)
LARGE_TOO = ("dahlias", "testgame")


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    return Store(tmp_path)


@pytest.mark.parametrize("game", list(TABLES))
def test_every_table_at_80x24(snap_compare: Compare, store: Store, game: str) -> None:
    table(snap_compare, store, game, SMALL)


@pytest.mark.parametrize("game", LARGE_TOO)
def test_the_other_tables_at_120x40(snap_compare: Compare, store: Store, game: str) -> None:
    table(snap_compare, store, game, SIZE)


def table(snap_compare: Compare, store: Store, game: str, size: tuple[int, int]) -> None:
    names, seed, keys = TABLES[game]
    bots = {k: v for k, v in BOTS.items() if k < len(names)}
    if game == "wuerfelspiel":
        from bohn_tui.games.wuerfelspiel.ui.outlook import warm_now

        warm_now()  # the chances' tables (else a thread builds them while the keys are pressed)
    app = BohnApp(store, NewGame(game, names, bots, seed=seed), bot_delay=0)
    assert snap_compare(app, press=keys, terminal_size=size, run_before=settle), UPDATE
