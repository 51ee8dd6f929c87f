"""pytest's configuration for the suite. Shared helpers live in tests/helpers/ (the test
modules import them from there, never from each other).

The dice game's tests build positions from particular harvest cards (card 37's "Garden" at
the bottom, ...), so the suite plays with a fixed deck of its own, tests/fixtures/dice-data.toml
(the game's first designed deck), whatever the game's data.toml holds; tests/test_dice_odds.py
checks the shipped deck itself, and tests/test_dice_shipped.py plays it."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.ssh import Terminal

from bohn_tui.games.wuerfelspiel import dice

_DECK = Path(__file__).parent / "fixtures" / "dice-data.toml"
dice.SOURCE = lambda: _DECK.read_text("utf-8")


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    """The ssh terminals a test opens (append each), closed at its end."""
    made: list[Terminal] = []
    yield made
    for t in made:
        t.close()
