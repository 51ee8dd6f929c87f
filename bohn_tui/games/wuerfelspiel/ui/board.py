"""The dice game's board widgets: every player's card (PlayersBoard), the five dice and the
bean figure (DiceBox, a click on a die picks it), and what the last roll did with the
roller's chances and everybody's thalers (RollInfo). They show what render.py builds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual import events

from bohn_tui.games.wuerfelspiel.ui import render
from bohn_tui.ui.parts import BoardClick
from bohn_tui.ui.text import NAME_CELLS, clip_cells, literal
from bohn_tui.ui.widgets.base import ViewStatic

DICE_SEAT = -1  # BoardClick.seat of a click on the dice (index: the die)


class PlayersBoard(ViewStatic):
    DEFAULT_CSS = """
    PlayersBoard { height: auto; padding: 0 1; }
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.room = (46, 13)  # the width and rows the cards may take (controls.layout)

    def show(self, view: dict[str, Any], names: Sequence[str]) -> None:
        width, height = self.room
        f = render.fit(view, width - 2, height)
        self.show_if_changed(
            (
                repr(view["players"]),
                view["active"],
                view["over"],
                repr(view["fulfilled"]),
                f,
                height,
            ),
            lambda: render.board_text(view, names, f, height),
        )


class DiceBox(ViewStatic):
    DEFAULT_CSS = """
    DiceBox {
        height: 8;
        border: round $accent;
        border-title-style: bold;
        border-title-color: $foreground;
        padding: 0 1;
    }
    """
    FIXED_HEIGHT = True
    names: Sequence[str] = ()
    _title = ""  # the border title shown

    def show(self, view: dict[str, Any], picked: set[int]) -> None:
        roll = view.get("last_roll") or {}
        if view["first_roll"] and roll:  # the last roller's field lies there until a roll
            title = f"Dice · {clip_cells(self.names[roll['roller']], NAME_CELLS)}'s field"
        elif view["first_roll"]:
            title = "Dice · not rolled yet"
        else:
            figure = " (bean figure)" if roll.get("figure") else ""
            title = f"Dice · roll {view['rolls']}{figure}"
        if title != self._title or self.border_title is None:  # (a set: a parse, a compare)
            self._title = title
            self.border_title = literal(title)  # a name: text, never markup
        width = max(10, self.content_size.width or 30)
        self.show_if_changed(
            (repr(view["dice"]), view["figure_used"], view["can_reroll"], tuple(picked), width),
            lambda: render.dice_text(view, picked, width),
        )

    def on_click(self, event: events.Click) -> None:
        row = event.y - 1  # the border's row
        if 0 <= row < 5:
            self.post_message(BoardClick(DICE_SEAT, row))


class RollInfo(ViewStatic):
    DEFAULT_CSS = """
    RollInfo {
        height: 1fr;
        border: round $panel-lighten-2;
        border-title-color: $foreground;
        padding: 0 1;
    }
    """
    FIXED_HEIGHT = True
    WRAPS = True  # its lines shown wrapped into rows (wrapped_rows)

    def show(self, lines: list[Text], more: list[Text]) -> None:
        """`lines`, then as many of `more` as fit the box whole (none is cut). Each line is
        shown wrapped into its rows here, one row a line, so that a key repaints only the
        rows that changed (a line Textual wraps itself repaints the whole box: issue #25)."""
        if self.border_title is None:
            self.border_title = "The roll"
        width, height = self.content_size.width or 30, self.content_size.height or 10
        rows: list[Text] = []
        keys = []
        for i, ln in enumerate([*lines, *more]):
            key = (ln.plain, str(ln.style), tuple(ln.spans))
            wrapped = self.wrapped_rows(key, ln, width)
            if i >= len(lines) and len(rows) + len(wrapped) > height:
                break
            rows += wrapped
            keys.append(key)
        self.show_if_changed((tuple(keys), width, height), lambda: Text("\n").join(rows))

    def on_resize(self) -> None:
        self._key = None  # a new size: what fits is counted again at the next show
