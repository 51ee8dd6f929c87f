"""Snapshots of every game's table at 80x24 (issue #24, item 7), beside the 120x40 ones of
tests/test_snapshots.py: the smallest terminal we support must show each table whole (the
hand, the fields, the prompt and the key bar), so that a layout change that breaks it shows
in review. Accept an intended change as test_snapshots.py says, with this file's name."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_snapshots import UPDATE, Compare, settle

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
}


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    return Store(tmp_path)


@pytest.mark.parametrize("game", list(TABLES))
def test_every_table_at_80x24(snap_compare: Compare, store: Store, game: str) -> None:
    names, seed, keys = TABLES[game]
    bots = {k: v for k, v in BOTS.items() if k < len(names)}
    if game == "wuerfelspiel":
        from bohn_tui.games.wuerfelspiel.ui.outlook import warm_now

        warm_now()  # the chances' tables (else a thread builds them while the keys are pressed)
    app = BohnApp(store, NewGame(game, names, bots, seed=seed), bot_delay=0)
    assert snap_compare(app, press=keys, terminal_size=SMALL, run_before=settle), UPDATE
