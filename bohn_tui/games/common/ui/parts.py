"""The table parts of Bohnanza and Dahlias (spec.table points here)."""

from __future__ import annotations

from pathlib import Path

from bohn_tui.games.common.ui.controls import BeanControls, bean_bindings
from bohn_tui.games.common.ui.help import bean_help
from bohn_tui.ui.parts import TableParts

# the bean games' styles: the panels, piles, trade area, offer and accept dialogs
BEAN_CSS = (Path(__file__).with_name("table.tcss"),)

PARTS = TableParts(bean_bindings(), BeanControls, bean_help, BEAN_CSS)
