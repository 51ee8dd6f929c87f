"""How a card looks: its variety's colour and, always, its short label (never colour alone)."""

from __future__ import annotations

from functools import cache

from rich.text import Text

from bohn_tui.games.common.data import Variety, load


def luminance(colour: str) -> float:
    """The relative luminance of `colour` (#rrggbb), as WCAG 2 defines it."""

    def channel(c: int) -> float:
        x = c / 255
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(colour[i : i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _ink(colour: str) -> str:
    """Black or white text, whichever contrasts more with `colour` (#rrggbb) by WCAG 2: one
    of them always reaches 4.5:1 or better."""
    lum = luminance(colour)
    return "#000000" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "#ffffff"


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
