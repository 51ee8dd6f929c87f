"""pytest's configuration for the suite. Shared helpers live in tests/helpers/ (the test
modules import them from there, never from each other).

The dice game's tests build positions from particular harvest cards (card 37's "Garden" at
the bottom, ...), so the suite plays with a fixed deck of its own, tests/fixtures/dice-data.toml
(the game's first designed deck), whatever the game's data.toml holds; tests/test_dice_odds.py
checks the shipped deck itself, and tests/test_dice_shipped.py plays it."""

from pathlib import Path

from bohn_tui.games.wuerfelspiel import dice

_DECK = Path(__file__).parent / "fixtures" / "dice-data.toml"
dice.SOURCE = lambda: _DECK.read_text("utf-8")
