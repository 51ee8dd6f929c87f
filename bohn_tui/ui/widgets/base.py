"""A Static that repaints only when what it shows has changed: the table updates every
widget after each action, and an unchanged widget must cost nothing (no repaint)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import Static


class ViewStatic(Static):
    _key: Any = None

    def changed(self, key: Any) -> bool:
        """True (and remembers `key`) when `key` differs from the last one shown."""
        if key == self._key:
            return False
        self._key = key
        return True

    def show_if_changed(self, key: Any, build: Callable[[], Any]) -> None:
        if self.changed(key):
            self.update(build())
