"""The viewer's hand in its fixed order: the front card marked, never re-sortable.
Holds private data: it exists only while its owner has the screen."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from bohn_tui.games.common.ui.cards import card, name
from bohn_tui.ui.text import NAME_CELLS, clip_cells, literal
from bohn_tui.ui.widgets.base import ViewStatic


class HandView(ViewStatic):
    FIXED_HEIGHT = True

    def show(self, view: dict[str, Any], selected: int | None = None) -> None:
        me = view["players"][view["seat"]]
        if not self.changed((me["name"], me["hand"], selected)):
            return
        hand = me["hand"] or []
        game = view["game"]
        n = len(hand)
        who = clip_cells(me["name"], NAME_CELLS)
        self.border_title = literal(f"{who}'s hand · {n} card{'s' if n != 1 else ''} · front first")
        if not hand:
            self.update(Text("(no cards in hand)", style="dim"))
            return
        top = Text.assemble((" front ", "bold reverse"))
        top.append(" ")
        for i, vid in enumerate(hand):
            if i:
                top.append(" ")
            top.append_text(card(game, vid, selected == i))
        top.append("  ◀ back", style="dim")
        line2 = Text.assemble((f"front card: {name(game, hand[0])}", "italic"))
        if len(hand) > 1:
            line2.append(f", then {name(game, hand[1])}", style="italic dim")
        self.update(Text("\n").join([top, line2]))
