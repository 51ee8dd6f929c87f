"""The table parts of Bohnanza and Dahlias (spec.table points here)."""

from __future__ import annotations

from bohn_tui.games.common.ui.controls import BeanControls, bean_bindings
from bohn_tui.games.common.ui.help import bean_help
from bohn_tui.ui.parts import TableParts

PARTS = TableParts(bean_bindings(), BeanControls, bean_help)
