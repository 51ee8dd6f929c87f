"""A line chart of each player's coins over the game, drawn with text."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

MARKS = "●■▲◆★✚✖"
COLOURS = ("red", "green", "yellow", "blue", "magenta", "cyan", "white")


def chart(history: list[list[int]], names: list[str], width: int = 60, height: int = 10) -> Text:
    if not history:
        return Text("no coins yet", style="dim")
    top = max(1, max(max(row) for row in history))
    cols = width if len(history) > 1 else 1
    grid = [[(" ", "")] * cols for _ in range(height)]
    for c in range(cols):
        row = history[min(len(history) - 1, round(c * (len(history) - 1) / max(1, cols - 1)))]
        for seat, coins in enumerate(row):
            y = height - 1 - round(coins * (height - 1) / top)
            grid[y][c] = (MARKS[seat % len(MARKS)], COLOURS[seat % len(COLOURS)])
    out = Text()
    for y, line in enumerate(grid):
        label = top * (height - 1 - y) / (height - 1)
        out.append(f"{label:>4.0f} │" if y % 3 == 0 or y == height - 1 else "     │", style="dim")
        for ch, style in line:
            out.append(ch, style=style)
        out.append("\n")
    out.append("     └" + "─" * cols + " turns →\n", style="dim")
    # one sparkline per player as well: no line hides another there
    bars = "▁▂▃▄▅▆▇█"
    wide = max(len(n) for n in names)
    for seat, n in enumerate(names):
        colour = COLOURS[seat % len(COLOURS)]
        out.append(f"\n {MARKS[seat % len(MARKS)]} {n:<{wide}} ", style=colour)
        for c in range(cols):
            row = history[min(len(history) - 1, c * len(history) // cols)]
            out.append(bars[round(row[seat] * (len(bars) - 1) / top)], style=colour)
        out.append(f" {history[-1][seat]}", style=f"bold {colour}")
    return out


class CoinChart(Static):
    def show(self, history: list[list[int]], names: list[str], width: int = 60) -> None:
        self.update(chart(history, names, width))
