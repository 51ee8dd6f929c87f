"""A Static that repaints only when what it shows has changed, and asks for a layout pass
only when its height may have changed: the table updates every widget after each action,
and an unchanged widget must cost nothing, a changed one only its own repaint."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.widgets import Static


class ViewStatic(Static):
    FIXED_HEIGHT = False  # True where the stylesheet fixes the height: never a layout pass
    _key: Any = None
    _lines: int = -1
    _wide: bool = True

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        """Its new size, without a layout for its new virtual size: Textual's virtual_size
        reactive lays the screen out again after every layout that changed a widget's
        height (a second frame, the same picture, after a panel grew or shrank: issue
        #25); a ViewStatic never scrolls, so its virtual size moves nothing."""
        return super()._size_updated(size, virtual_size, container_size, layout=False)

    def changed(self, key: Any) -> bool:
        """True (and remembers `key`) when `key` differs from the last one shown."""
        if key == self._key:
            return False
        self._key = key
        return True

    def forget(self) -> None:
        """Hold nothing (no text, no border title) and forget what was shown: the next
        `show` draws anew."""
        self._key = None
        self.border_title = None
        self.update("")

    def show_if_changed(self, key: Any, build: Callable[[], Any]) -> None:
        if self.changed(key):
            self.update(build())

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        """Like Static.update, but without a layout pass when the text keeps its number
        of lines and fits the width (so its height cannot change)."""
        if self.FIXED_HEIGHT:
            layout = False
        elif isinstance(content, Text | str):
            plain = content.plain if isinstance(content, Text) else content
            rows = plain.split("\n")
            wide = max(cell_len(r) for r in rows) >= max(1, self.content_size.width)
            layout = layout and (len(rows) != self._lines or wide or self._wide)
            self._lines, self._wide = len(rows), wide
        super().update(content, layout=layout)
