"""Static.update without Textual's Content made at once (issue #25).

Static.update turns a rich Text into Textual's Content at every update (the text's spans
and styles converted, ~15% of a dice key's `refresh_table`), although a ViewStatic whose
text is one row a line draws its changed rows from the rich Text itself
(ViewStatic.render_line). Mixed in after ViewStatic (before Static in the MRO), the Content
is made only when something asks for it (`Static.visual`: a whole render, a layout that
measures the text, a selection), from the same text: the same picture."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static


class LazyVisual(Static):
    def update(self, content: Any = "", *, layout: bool = True) -> None:
        self._Static__content = content
        self._Static__visual = None  # (Static.visual makes it when asked)
        self.refresh(layout=layout)
