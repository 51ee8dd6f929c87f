"""The dice game's table parts (spec.table points here): its keys, its controls
(controls.py) and the rules for the menu."""

from __future__ import annotations

from textual.binding import Binding

from bohn_tui.games.wuerfelspiel.ui.controls import DiceControls
from bohn_tui.games.wuerfelspiel.ui.help import rules_help
from bohn_tui.ui.parts import TableParts

DICE_KEYS = [
    *[Binding(str(i + 1), f"pick({i})", f"Pick {i + 1}") for i in range(5)],
    Binding("a", "fit", "Place what fits"),
    Binding("r", "roll", "Roll"),
    Binding("f", "figure", "Bean figure"),
    Binding("h", "harvest", "Harvest"),
]

# nothing is private (no screen to pass) and every roll shows new dice (nothing to undo but
# a turn's last placement, which the next roll follows at once)
PARTS = TableParts(DICE_KEYS, DiceControls, rules_help)
