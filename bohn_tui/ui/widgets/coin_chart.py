"""A line chart of each player's coins over the game, drawn by plotext (widgets/plot.py):
imported by the end screen only, when it opens."""

from __future__ import annotations

from typing import Any

from bohn_tui.ui.widgets.plot import LinePlot


def series(history: list[list[int]], names: list[str]) -> list[tuple[str, list[tuple[int, int]]]]:
    """("name: final coins", [(turns played, coins), ...]) per seat; the last point is the
    final count (so that a line hidden under another still shows in the legend)."""
    last = history[-1] if history else [0] * len(names)
    return [
        (f"{n}: {last[seat]}", [(t, row[seat]) for t, row in enumerate(history)])
        for seat, n in enumerate(names)
    ]


class CoinChart(LinePlot):
    """Coins (whole numbers, from 0) against turns played, a line and a mark per player."""

    def __init__(self, history: list[list[int]], names: list[str], **kwargs: Any) -> None:
        super().__init__(series(history, names), xlabel="turns", **kwargs)
