"""pytest's configuration for the suite. Shared helpers live in tests/helpers/ (the test
modules import them from there, never from each other).

The dice game's tests build positions from particular harvest cards (card 37's "Garden" at
the bottom, ...), so the suite plays with a fixed deck of its own, tests/fixtures/dice-data.toml
(the game's first designed deck), whatever the game's data.toml holds; tests/test_dice_odds.py
checks the shipped deck itself, and tests/test_dice_shipped.py plays it.

The game plug-in of the tests, tests/plugin_game (a distribution of its own, the game
`testgame`), is installed for the whole suite: its folder goes on sys.path and PYTHONPATH
before bohn_tui's registry is asked for a game, so that the registry, and every command a
test runs, finds it through its entry point (tests/test_plugin_game.py)."""

import os
import sys
from collections.abc import Iterator
from pathlib import Path

PLUGIN_GAME = Path(__file__).parent / "plugin_game"
sys.path.insert(0, str(PLUGIN_GAME))
os.environ["PYTHONPATH"] = os.pathsep.join(
    [str(PLUGIN_GAME), *filter(None, [os.environ.get("PYTHONPATH")])]
)

import pytest  # noqa: E402
from helpers.ssh import Terminal  # noqa: E402

from bohn_tui.games.wuerfelspiel import dice  # noqa: E402

_DECK = Path(__file__).parent / "fixtures" / "dice-data.toml"
dice.SOURCE = lambda: _DECK.read_text("utf-8")


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    """The ssh terminals a test opens (append each), closed at its end."""
    made: list[Terminal] = []
    yield made
    for t in made:
        t.close()
