"""The table's footer: only the keys that are legal now, each one clickable. A single
Static that is re-rendered only when the set of legal keys (or the width) changes
(Textual's Footer rebuilds a widget per key on every change, which costs a frame's budget).

Keys fill the bar's width and go on to the next row (never a key cut in two); where it
saves a row, keys that differ only in their number ("1 Plant on 1", "2 Plant on 2") share
one entry that reads as the keys' own words do, the keys last ("Plant on 1/2/3", each
number its own click). The palette's hint comes last, always shown.

Each key's label carries its click (a style with the action in its meta), which Textual
makes into a new rich style, meta pickled, for every segment at every repaint: 1-2 ms for
one row (issue #25). A table shows a few dozen different bars, again and again: each
label's styles are made once, and a ViewStatic draws a row it drew before (the same keys
at the same width) as the strip it kept."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.binding import Binding

from bohn_tui.ui.widgets.base import ViewStatic

KEY_STYLE = Style(bold=True, color="#ffa62b")
PALETTE = "^p palette"
# one entry of the bar: its labels with their actions, and what it does (a shared entry's
# words end with its labels: "Plant on 1/2", the words first)
Entry = tuple[list[tuple[str, str]], str]


@lru_cache(maxsize=256)
def _click(action: str) -> Style:
    call = action if "(" in action else action + "()"
    return Style.from_meta({"@click": f"screen.{call}"})


@lru_cache(maxsize=256)
def _key_click(action: str) -> Style:
    """A key's label: the key's look and its click."""
    return KEY_STYLE + _click(action)


def _grouped(entries: list[Entry]) -> list[Entry]:
    """Neighbouring keys whose descriptions are one text followed by their own label
    ("Plant on 1", "Plant on 2") as one entry that reads whole ("Plant on 1/2": the text,
    then the labels; shown so by KeyBar.show, as the words its description is)."""
    out: list[tuple[list[tuple[str, str]], str | None, str]] = []  # labels, stem, description
    for labels, desc in entries:
        label = labels[0][0]
        stem = desc[: -len(label) - 1] if desc.endswith(" " + label) else None
        if stem and out and out[-1][1] == stem:
            out[-1][0].extend(labels)
            continue
        out.append((list(labels), stem, desc))
    return [(ls, stem if stem and len(ls) > 1 else desc) for ls, stem, desc in out]


def _width(entry: Entry) -> int:
    labels, desc = entry
    return cell_len("/".join(label for label, _ in labels)) + 1 + cell_len(desc)


def _rows(entries: list[Entry], width: int) -> list[list[Entry]]:
    """The entries filled into rows of `width` cells (two spaces apart; the palette's hint
    needs room at the end of the last row)."""
    rows: list[list[Entry]] = [[]]
    used = 0
    for e in entries:
        w = _width(e)
        if rows[-1] and used + 2 + w > width:
            rows.append([])
            used = 0
        used += (2 if rows[-1] else 0) + w
        rows[-1].append(e)
    if used + 3 + len(PALETTE) > width:
        rows.append([])
    return rows


@lru_cache(maxsize=64)
def _bar(keys: tuple[tuple[str, str, str], ...], width: int) -> tuple[Text, int]:
    """The bar's text for these keys at `width` and its rows (a table shows a few dozen
    bars, again and again: each made once; never changed after)."""
    entries: list[Entry] = [([(label, action)], desc) for label, desc, action in keys]
    rows = _rows(entries, width)
    if len(rows) > 1:  # grouped where that saves a row
        fewer = _rows(_grouped(entries), width)
        rows = fewer if len(fewer) < len(rows) else rows
    out = Text(no_wrap=True, overflow="ellipsis")
    for r, row in enumerate(rows):
        if r:
            out.append("\n")
        last = r == len(rows) - 1
        for i, (labels, desc) in enumerate(row):  # Rich Text with click meta: no markup
            gap = "  " if last or i < len(row) - 1 else ""
            shared = len(labels) > 1  # its words first, then its keys (_grouped)
            if shared:
                out.append(desc + " ", style=_click(labels[0][1]))
            for j, (label, action) in enumerate(labels):
                if j:
                    out.append("/", style=KEY_STYLE)
                end = "" if shared or j < len(labels) - 1 else " "
                out.append(label + end, _key_click(action))
            out.append(gap if shared else desc + gap, style=_click(labels[0][1]))
    out.append(" " + PALETTE if rows[-1] else PALETTE, style="italic")
    return out, len(rows)


class KeyBar(ViewStatic):
    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._shown: tuple[Any, ...] | None = None
        self._keys: list[tuple[str, str, str]] = []

    def on_resize(self) -> None:
        self.show(self._keys)

    def show(self, keys: list[tuple[str, str, str]]) -> None:
        """keys: (label, description, action) for each legal, shown binding."""
        self._keys = keys
        width = max(20, (self.app.size.width if self.is_attached else 80) - 2)  # padding 0 1
        sig = (tuple(keys), width)
        if sig == self._shown:
            return
        self._shown = sig
        out, height = _bar(sig[0], width)
        if self.styles.height is None or self.styles.height.value != height:
            self.styles.height = height
        self.update(out, layout=False)


def key_label(b: Binding) -> str:
    if b.key_display:
        return b.key_display
    first = b.key.split(",")[0].strip()
    return {"question_mark": "?", "escape": "Esc", "enter": "Enter"}.get(first, first)


def shown_keys(
    bindings: Iterable[Any], allowed: Callable[[str], bool] = lambda action: True
) -> list[tuple[str, str, str]]:
    """(label, description, action) of each shown binding whose action is `allowed`, the
    first one per key: what a KeyBar shows."""
    keys: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    for b in bindings:
        assert isinstance(b, Binding)
        if not b.show or b.key in seen or not allowed(b.action):
            continue
        seen.add(b.key)
        keys.append((key_label(b), b.description, b.action))
    return keys
