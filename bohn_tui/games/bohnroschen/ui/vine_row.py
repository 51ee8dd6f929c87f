"""Bohnröschen's vine row, drawn from the view's `vine` (docs/formats.md): the face-up cards
with their task text, the face-down cards, the pile, the castle, the cards that have left
the game, and every figure as its player's initial or name on the figure's colour (the
letter carries the identity, the colour only helps). Solo: the layout's four rows of
seven, the castle eighth in row 4, with the violet (V) and red (R) neutral figures.

Built to read at 120x40 and to fit 80 columns: every line is cut with an ellipsis rather
than wrapped, and the number of lines is fixed for a given player count."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from bohn_tui.games.common.ui.cards import _ink
from bohn_tui.ui.widgets.base import ViewStatic

# the figures' colours (bohnroschen.toml figure_colours, plus the solo game's neutrals)
FIGURE_HEX = {
    "yellow": "#f2d024",
    "green": "#3fa34d",
    "blue": "#3b6fd8",
    "orange": "#f08a24",
    "white": "#f4f4f4",
    "black": "#202020",
    "violet": "#8e44ad",
    "red": "#d43c3c",
}
GLYPH = {"gone": "·", "face_up": "▯", "face_down": "▒", "pile": "░"}
CASTLE = "♛"
DETAIL_LINES = 6  # multi-player: card lines under the strip, at most
COMPACT_LINES = 3  # the same on a short screen (`compact`), without the summary line
TINY_LINES = 1  # the same on a very short one (`tiny`, 80x24): the viewer's card, no summary
CELL = 8  # solo: width of one layout card
NARROW_CELL = 5  # the same on a narrow screen (`narrow`): the castle card in 3, no row label


def figure_style(colour: str) -> str:
    bg = FIGURE_HEX.get(colour, "#888888")
    return f"bold {_ink(bg)} on {bg}"


def badge(label: str, colour: str) -> Text:
    """A figure: its label (a letter or a name) on the figure's colour."""
    return Text(label, style=figure_style(colour))


def _line(*parts: Text | str) -> Text:
    out = Text(no_wrap=True, overflow="ellipsis")
    for p in parts:
        out.append_text(p if isinstance(p, Text) else Text(p))
    return out


class VineRow(ViewStatic):
    """The vine row of a Bohnröschen view; `show(view)` after every action."""

    DEFAULT_CSS = """
    VineRow {
        height: auto;
        border: round $panel-lighten-2;
        border-title-color: $accent;
        padding: 0 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    compact = False  # a short screen: fewer lines (set by the table before `show`)
    tiny = False  # a very short screen (80x24): fewer still, and no bottom border
    narrow = False  # a narrow screen: solo's rows in narrower cells, so the castle shows

    def show(self, view: dict[str, Any]) -> None:
        vine = view["vine"]
        names = tuple(p["name"] for p in view["players"])
        key = (vine, names, view["seat"], self.compact, self.tiny, self.narrow)
        self.show_if_changed(key, lambda: self.render_view(view))

    # -- building the text -------------------------------------------------------------

    def render_view(self, view: dict[str, Any]) -> Text:
        vine = view["vine"]
        if "solo" in vine:
            self.border_title = "Vine row · solo"
            lines = solo_lines(view, compact=self.compact, narrow=self.narrow, tiny=self.tiny)
        else:
            self.border_title = "Vine row"
            lines = row_lines(view, compact=self.compact, tiny=self.tiny)
        out = Text(no_wrap=True, overflow="ellipsis")
        for i, ln in enumerate(lines):
            if i:
                out.append("\n")
            out.append_text(ln)
        return out


def _names(view: dict[str, Any]) -> dict[int, str]:
    return {p["seat"]: p["name"] for p in view["players"]}


def _summary(vine: dict[str, Any]) -> Text:
    cards = vine["cards"]
    gone = sum(1 for c in cards if c["state"] == "gone")
    down = sum(1 for c in cards if c["state"] == "face_down" and not c["castle"])
    parts = [f"{len(cards) - 1} cards to the castle"]
    if gone:
        parts.append(f"{gone} left the game")
    if down:
        parts.append(f"{down} face down")
    if vine["pile"]:
        parts.append(f"{vine['pile']} in the pile")
    if vine.get("removed_at_setup"):
        parts.append(f"{vine['removed_at_setup']} removed at setup")
    parts.append(f"{CASTLE} castle: {vine['castle_coins']} coins")
    return _line(Text(" · ".join(parts), style="dim"))


def row_lines(view: dict[str, Any], compact: bool = False, tiny: bool = False) -> list[Text]:
    """2-6 players: a summary, a strip of every position, then the cards that matter: each
    card a figure stands on and the face-up cards ahead, with their task texts."""
    vine = view["vine"]
    cards = vine["cards"]
    last = vine["castle"]
    names = _names(view)
    at: dict[int, list[dict[str, Any]]] = {}
    for f in vine["figures"]:
        at.setdefault(last if f["in_castle"] else f["pos"], []).append(f)
    strip = Text(no_wrap=True, overflow="ellipsis")
    for c in cards:
        i = c["index"]
        here = at.get(i, [])
        if here:
            f = here[0]
            strip.append_text(badge(names[f["seat"]][:1].upper(), f["colour"]))
            strip.append("+" if len(here) > 1 else " ", style="bold")
        elif c["castle"]:
            strip.append(CASTLE + " ", style="bold yellow")
        else:
            style = "bold" if c["state"] == "face_up" else "dim"
            strip.append(GLYPH[c["state"]] + " ", style=style)
    legend = Text(
        f"  {GLYPH['face_up']} up {GLYPH['face_down']} down {GLYPH['pile']} pile "
        f"{GLYPH['gone']} gone",
        "dim",
    )
    lines = [_line(strip, legend)] if compact else [_summary(vine), _line(strip, legend)]
    most = TINY_LINES if tiny else COMPACT_LINES if compact else DETAIL_LINES
    me = view.get("seat")
    mine = next((f["pos"] for f in vine["figures"] if f["seat"] == me), None)
    shown = sorted(i for i in at if i != last)
    front = max((f["pos"] for f in vine["figures"]), default=0)
    shown += [c["index"] for c in cards if c["state"] == "face_up" and c["index"] > front]
    shown = sorted(set(shown))
    if len(shown) > most:  # one line says what is left out (`tiny`: only the strip does)
        # the viewer's card first, then the figures from the front, then the cards ahead
        with_figs = sorted((i for i in shown if i in at and i != mine), reverse=True)
        prio = ([mine] if mine in at else []) + with_figs + [i for i in shown if i not in at]
        keep = set(prio[: most if tiny else most - 1])
        left = [i for i in shown if i not in keep]
        shown = sorted(keep)
        t = Text("  …", style="dim")
        for i in left:
            for f in at.get(i, []):
                t.append(" ")
                t.append_text(badge(f" {names[f['seat']][:8]} ", f["colour"]))
                t.append(f" on {i + 1}", style="dim")
        ahead = sum(1 for i in left if i not in at)
        if ahead:
            t.append(f" {ahead} more face-up card{'s' if ahead > 1 else ''} ahead", style="dim")
        if not tiny:
            lines.append(_line(t))
    for i in shown:
        c = cards[i]
        mark = Text("▶ ", style="bold") if i == mine else Text("  ")
        figs = Text()
        for f in at.get(i, []):
            figs.append_text(badge(f" {names[f['seat']][:8]} ", f["colour"]))
            figs.append(" ")
        text = c.get("text", "(face down)")
        lines.append(_line(mark, Text(f"{i + 1:>2} ", style="bold"), figs, text))
    inside = [f for f in vine["figures"] if f["in_castle"]]
    waiting = [f for f in vine["figures"] if f["pos"] == last and not f["in_castle"]]
    if inside or waiting:
        t = Text(f"{CASTLE} ", style="bold yellow")
        for f in inside:
            t.append_text(badge(f" {names[f['seat']][:8]} ", f["colour"]))
            t.append(" in the castle ")
        for f in waiting:
            t.append_text(badge(f" {names[f['seat']][:8]} ", f["colour"]))
            t.append(f" at the gate, needs {vine['castle_coins']} coins ")
        lines.append(_line(t))
    return lines


def solo_lines(
    view: dict[str, Any], compact: bool = False, narrow: bool = False, tiny: bool = False
) -> list[Text]:
    """Solo: the four rows of the layout (the player's figure stands on the last card it
    fulfilled), then the face-up cards ahead with their task texts (`compact`, a short
    screen: no legend and two cards ahead, so that the player's fields stay in view;
    `tiny`, 80x24: only the card after the task, whose text the banner has; `narrow`: no
    row labels and narrower cards, so that a row fits 40 columns, castle included)."""
    vine = view["vine"]
    solo = vine["solo"]
    cards = vine["cards"]
    last = vine["castle"]
    me = vine["figures"][0]
    name = _names(view)[me["seat"]]
    standing = last if me["in_castle"] else solo["player_standing"]
    rows = solo["rows"]
    red_start = vine.get("red_start", 20)  # 20: a view from before the key
    who: dict[int, list[Text]] = {}
    before: dict[int, list[Text]] = {}  # row -> figures in front of it, not on a card yet
    for pos, fig in (
        (standing, badge(name[:1].upper(), me["colour"])),
        (solo["violet"], badge("V", "violet")),
        (solo["red"], badge("R", "red")),
    ):
        if pos == -1:
            before.setdefault(0, []).append(fig)
        elif pos == red_start and fig.plain == "R":
            before.setdefault(len(rows) - 1, []).append(fig)
        else:
            who.setdefault(pos, []).append(fig)
    task = me["pos"] if not me["in_castle"] else None
    lines = [
        _line(
            badge(f" {name[:1].upper()} ", me["colour"]),
            f" {name}  ",
            badge(" V ", "violet"),
            " violet  ",
            badge(" R ", "red"),
            " red  ",
            Text(f"{GLYPH['face_up']} up {GLYPH['face_down']} down ✓ passed", style="dim"),
        )
    ]
    cell = NARROW_CELL if narrow else CELL
    for r, row in enumerate(rows):
        t = Text("" if narrow else f"Row {r + 1} ", style="bold")
        slot = Text()
        for fig in before.get(r, []):
            slot.append_text(fig)
        t.append_text(slot)
        t.append(" " * (2 - slot.cell_len))
        for i in row:
            t.append_text(_cell(cards[i], i, i <= standing, i == task, who.get(i, []), cell))
        if r == len(rows) - 1:
            castle = _cell(cards[last], last, me["in_castle"], False, who.get(last, []), cell)
            t.append_text(castle)
        lines.append(_line(t))
    ahead = [c for c in cards if c["state"] == "face_up" and c["index"] >= (task or 0)]
    if compact:
        lines = lines[1:]
    if tiny:
        ahead = [c for c in ahead if c["index"] != task]
    for c in ahead[: 1 if tiny else 2 if compact else 4]:
        i = c["index"]
        mark = Text("▶ ", style="bold") if i == task else Text("  ")
        lines.append(_line(mark, Text(f"{i + 1:>2} ", style="bold"), c.get("text", "")))
    if task is None:
        lines.append(_line(Text(f"{CASTLE} {name} is in the castle", style="bold yellow")))
    return lines


def _cell(
    c: dict[str, Any], i: int, passed: bool, task: bool, figs: list[Text], width: int = CELL
) -> Text:
    """One layout card, `width` wide: its number, its state, the figures on it (the castle
    in NARROW_CELL: its sign and a figure)."""
    if c["castle"]:
        head = Text(CASTLE if width == NARROW_CELL else f"{CASTLE}  ", style="bold yellow")
    else:
        glyph = "✓" if passed else GLYPH[c["state"]]
        style = "bold reverse" if task else ("bold" if c["state"] == "face_up" else "dim")
        head = Text(f"{i + 1:>2}{glyph}", style=style)
    out = Text(" ")
    out.append_text(head)
    for f in figs:
        out.append_text(f)
    out.append(" " * max(0, width - out.cell_len))
    return out
