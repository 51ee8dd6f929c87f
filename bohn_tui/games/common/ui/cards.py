"""How a card looks: its variety's colour and, always, its short label (never colour alone)."""

from __future__ import annotations

from functools import cache

from rich.text import Text

from bohn_tui.games.common.data import Variety, load


def _ink(colour: str) -> str:
    """Black or white text, whichever reads better on `colour` (#rrggbb)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


@cache
def variety(game: str, vid: str) -> Variety | None:
    return load(game).varieties.get(vid)


def card(game: str, vid: str | None, selected: bool = False, width: int = 3) -> Text:
    """One card as ' Chi ' on its colour; selected cards are underlined and framed."""
    v = variety(game, vid) if vid else None
    if v is None:
        return Text(" ··· ", style="dim")
    label = v.short[:width].center(width)
    style = f"bold {_ink(v.colour)} on {v.colour}"
    if selected:
        return Text.assemble(
            ("▸", "bold reverse"), (label, style + " underline"), ("◂", "bold reverse")
        )
    return Text(f" {label} ", style=style)


def cards(game: str, vids: list[str], selected: int | None = None) -> Text:
    out = Text()
    for i, vid in enumerate(vids):
        if i:
            out.append(" ")
        out.append_text(card(game, vid, selected == i))
    return out


def name(game: str, vid: str | None) -> str:
    v = variety(game, vid) if vid else None
    return v.name if v else str(vid)


def named_card(game: str, vid: str) -> Text:
    """A card followed by its full name: ' Chi ' Chili."""
    return Text.assemble(card(game, vid), " ", name(game, vid))
