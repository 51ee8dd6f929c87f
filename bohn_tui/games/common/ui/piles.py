"""Draw pile (with how often it ran out) and discard pile."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from bohn_tui.games.common.ui.cards import card
from bohn_tui.ui.widgets.base import ViewStatic


class Piles(ViewStatic):
    FIXED_HEIGHT = True

    def show(self, view: dict[str, Any]) -> None:
        keys = ("deck_size", "runouts", "end_runout", "ending", "discard_top", "discard_size")
        if not self.changed(tuple(view[k] for k in keys)):
            return
        t = Text.assemble(("Draw ", "bold"))
        t.append(f"{view['deck_size']}")
        t.append("  ")
        limit = f"/{view['end_runout']}" if view["end_runout"] else ""  # 0: no limit
        t.append(f"ran out {view['runouts']}{limit}", style="dim")
        if view["ending"]:
            t.append(" · last pass!", style="bold red")
        t.append("\nDiscard ", style="bold")
        t.append_text(card(view["game"], view["discard_top"]))
        t.append(f" {view['discard_size']}")
        self.update(t)
