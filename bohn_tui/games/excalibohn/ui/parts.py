"""Excalibohn's table parts: the bean games' parts (games/common/ui) plus the spell cards,
the pass marker, phase 1b's keys, the coins turned up and the Sword duel, the decisions out
of turn on the digit keys, and the help from the rulebook's texts. A decision of another
seat passes the screen to it behind the privacy screen, as every private decision does."""

from __future__ import annotations

from pathlib import Path

from bohn_tui.games.common.ui.controls import bean_bindings
from bohn_tui.games.common.ui.parts import BEAN_CSS
from bohn_tui.games.excalibohn.ui.controls import EXCALI_KEYS, ExcaliControls
from bohn_tui.games.excalibohn.ui.help import rules_help
from bohn_tui.ui.parts import TableParts

CSS = (*BEAN_CSS, Path(__file__).with_name("table.tcss"))  # the spells and the magic phase

PARTS = TableParts(bean_bindings(EXCALI_KEYS), ExcaliControls, rules_help, CSS)
