"""Outside text on the screen: shown as it is, on every screen.

A name, a chat line, a save's title, a record's field or anything a host sent is text, never
markup: Textual reads a plain `str` given to a border title, a Static, a Label, an option
of an OptionList or a toast as content markup ("Ben[/]" is a MarkupError, "[bold red]Cem"
turns red), and Rich reads a `str` cell of a Table as markup with emoji codes (":smile:").
A Rich `Text` is shown as it is everywhere: `literal` makes one, and a screen that styles
part of a line around a name builds it with `Text.assemble` instead of markup. The app's
toasts are literal too (`BohnApp.notify`).

Names are held to 40 characters (engine/limits.py), but a character may take two cells (CJK)
or none (a right-to-left mark): where room is short, `clip_cells` cuts by cells, with an
ellipsis, so that a long name never wraps a panel or pushes a column off the screen."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

ELLIPSIS = "…"
# the cells a name takes where it shares a line with other words (the banner's headline, a
# box's title): a 40-character CJK name takes 80
NAME_CELLS = 20


def literal(text: object, style: str = "") -> Text:
    """`text` (any value: its str) as it is, in `style`: no markup, no emoji codes."""
    return Text(str(text), style=style)


def clip_cells(text: str, width: int) -> str:
    """`text` cut to at most `width` terminal cells, an ellipsis marking the cut (a wide
    character is never cut in half: the cut then leaves a cell less)."""
    if cell_len(text) <= width:
        return text
    if width <= 0:
        return ""
    kept, used = [], 0
    for ch in text:
        used += cell_len(ch)
        if used > width - 1:
            break
        kept.append(ch)
    return "".join(kept) + ELLIPSIS


LEVEL_SHORT = {"random": "rnd", "standard": "std", "expert": "exp"}  # a bot's level, short


def name_forms(title: str) -> tuple[str, ...]:
    """A seat's title as the table names it ("Cem (standard)", a bot with its level), then
    shorter where room is short: the level abbreviated ("Cem (std)"), then without it
    ("Cem"); one form for a title without a level."""
    plain, _, level = title.partition(" (")
    level = level.removesuffix(")")
    if not level:
        return (title,)
    return tuple(dict.fromkeys((title, f"{plain} ({LEVEL_SHORT.get(level, level[:3])})", plain)))
