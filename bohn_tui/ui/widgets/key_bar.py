"""The table's footer: only the keys that are legal now, each one clickable. A single
Static that is re-rendered only when the set of legal keys changes (Textual's Footer
rebuilds a widget per key on every change, which costs a frame's budget)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static


class KeyBar(Static):
    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._shown: tuple[tuple[str, str], ...] | None = None

    def show(self, keys: list[tuple[str, str, str]]) -> None:
        """keys: (label, description, action) for each legal, shown binding."""
        sig = tuple((label, desc) for label, desc, _ in keys)
        if sig == self._shown:
            return
        self._shown = sig
        out = Text()
        for label, desc, action in keys:  # Rich Text with click meta: no markup to parse
            call = action if "(" in action else action + "()"
            click = Style.from_meta({"@click": f"screen.{call}"})
            out.append(label + " ", style=Style(bold=True, color="#ffa62b") + click)
            out.append(desc + "  ", style=click)
        out.append(" ^p palette", style="dim")
        self.update(out, layout=False)  # one row, always


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
