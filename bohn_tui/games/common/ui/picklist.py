"""Lists of cards for the trade dialogs: each bean has one letter (shown in its row) that jumps
to it, and a picked row shows a tick where an unpicked one shows an empty box."""

from __future__ import annotations

from functools import cache
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from bohn_tui.games.common.data import load
from bohn_tui.games.common.ui.cards import card, name

PICKED = ("[✔] ", "bold green")
UNPICKED = ("[ ] ", "dim")


@cache
def bean_letters(game: str) -> dict[str, str]:
    """One letter a-z per variety of `game`, the same on every screen: the first letter of its
    name not taken by an earlier variety, else the first free letter."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for vid, v in load(game).varieties.items():
        letters = [c for c in v.name.lower() if "a" <= c <= "z"]
        spare = [c for c in "abcdefghijklmnopqrstuvwxyz" if c not in taken]
        choice = next((c for c in letters if c not in taken), spare[0] if spare else "")
        out[vid] = choice
        taken.add(choice)
    return out


def bean_label(game: str, vid: str, tag: str = "") -> Text:
    """A row: its letter, an optional tag (where the card lies), the card and its name."""
    key = bean_letters(game).get(vid, " ")
    return Text.assemble((f"{key} ", "bold"), tag, card(game, vid), " ", name(game, vid))


class BeanList(OptionList):
    """A list of beans; typing a bean's letter jumps to the next row of that bean and acts on
    it (`on_letter`)."""

    def __init__(self, game: str, rows: list[str], **kw: Any) -> None:
        self.game = game
        self.rows = rows  # the variety of each row
        super().__init__(*[Option(self.label(i)) for i in range(len(rows))], **kw)

    def label(self, i: int) -> Text:
        return bean_label(self.game, self.rows[i])

    def redraw(self, i: int) -> None:
        self.replace_option_prompt_at_index(i, self.label(i))

    def rows_of(self, letter: str) -> list[int]:
        keys = bean_letters(self.game)
        return [i for i, vid in enumerate(self.rows) if keys.get(vid) == letter]

    def on_key(self, event: events.Key) -> None:
        ch = event.character or ""
        if len(ch) == 1 and "a" <= ch <= "z" and self.rows_of(ch):
            event.stop()
            event.prevent_default()
            self.on_letter(self.rows_of(ch))

    def on_letter(self, rows: list[int]) -> None:
        """Go to the first of `rows` after the highlighted one (wrapping)."""
        now = -1 if self.highlighted is None else self.highlighted
        self.highlighted = next((i for i in rows if i > now), rows[0])

    class Changed(Message):
        def __init__(self, sender: BeanList) -> None:
            super().__init__()
            self.sender = sender


class PickList(BeanList):
    """Cards to pick (Space toggles; a letter picks the next unpicked card of that bean).
    `limits` (variety -> count) caps how many of a kind may be picked: picking one more
    unpicks the earliest picked other card of that kind instead of refusing."""

    BINDINGS = [Binding("space,enter", "toggle_pick", "Pick or unpick", show=False)]

    def __init__(
        self,
        game: str,
        rows: list[str],
        tags: list[str],
        picked: set[int] | None = None,
        limits: dict[str, int] | None = None,
        **kw: Any,
    ) -> None:
        self.tags = tags
        self.order: list[int] = sorted(picked or ())  # picked rows, oldest first
        self.limits = limits
        super().__init__(game, rows, **kw)

    def label(self, i: int) -> Text:
        mark = PICKED if i in self.order else UNPICKED
        return Text.assemble(mark, bean_label(self.game, self.rows[i], self.tags[i]))

    @property
    def picked(self) -> list[int]:
        return sorted(self.order)

    def toggle(self, i: int) -> None:
        if i in self.order:
            self.order.remove(i)
        else:
            kind = self.rows[i]
            if self.limits is not None:
                same = [j for j in self.order if self.rows[j] == kind]
                if len(same) >= self.limits.get(kind, 0):
                    if not same:
                        self.app.bell()
                        return
                    self.order.remove(same[0])
                    self.redraw(same[0])
            self.order.append(i)
        self.redraw(i)
        self.post_message(self.Changed(self))

    def action_toggle_pick(self) -> None:  # (action_toggle is DOMNode's: toggle an attribute)
        if self.highlighted is not None:
            self.toggle(self.highlighted)

    def on_letter(self, rows: list[int]) -> None:
        free = [i for i in rows if i not in self.order]
        if not free:  # all of them picked already: just go there
            super().on_letter(rows)
            return
        self.highlighted = free[0]
        self.toggle(free[0])


class WantList(BeanList):
    """Varieties with a wanted count: a letter, Space or + adds one of that bean, - or
    Backspace takes one away."""

    BINDINGS = [
        Binding("space,plus", "more", "Want one more", show=False),
        Binding("minus,backspace", "less", "Want one less", show=False),
    ]

    def __init__(
        self, game: str, kinds: list[str], wanted: tuple[str, ...] = (), **kw: Any
    ) -> None:
        self.counts = {k: min(4, wanted.count(k)) for k in kinds}
        super().__init__(game, kinds, **kw)

    def label(self, i: int) -> Text:
        k = self.rows[i]
        n = self.counts.get(k, 0)
        mark = (f"{n}× ", "bold yellow") if n else ("   ", "")
        return Text.assemble(mark, bean_label(self.game, k))

    def add(self, k: str, d: int) -> None:
        if k not in self.counts:
            return
        self.counts[k] = max(0, min(4, self.counts[k] + d))
        self.redraw(self.rows.index(k))
        self.post_message(self.Changed(self))

    def action_more(self) -> None:
        if self.highlighted is not None:
            self.add(self.rows[self.highlighted], 1)

    def action_less(self) -> None:
        if self.highlighted is not None:
            self.add(self.rows[self.highlighted], -1)

    def on_letter(self, rows: list[int]) -> None:
        self.highlighted = rows[0]
        self.add(self.rows[rows[0]], 1)

    def wanted(self) -> tuple[str, ...]:
        return tuple(k for k in self.rows for _ in range(self.counts[k]))
