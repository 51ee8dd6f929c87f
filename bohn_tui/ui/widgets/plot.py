"""Charts drawn by plotext (through textual-plotext): lines with integer axes and box plots.

This module imports plotext: only a screen that shows a chart imports it, when it opens
(the end of a game, the Statistics screen), never the start of `bohn`. Each chart draws
itself anew at its size on every render, with ticks at whole numbers that fit it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from rich.text import Text
from textual_plotext import PlotextPlot

# every line has its own mark as well as its colour (never colour alone)
MARKS = "●■▲◆★✚✖"
# red, green, yellow, blue, magenta, cyan, grey as RGB: plotext's colour names go through the
# terminal's palette, where two of them may look alike
COLOURS = (
    (235, 87, 87),
    (94, 201, 98),
    (242, 201, 76),
    (86, 156, 244),
    (209, 110, 220),
    (78, 205, 214),
    (200, 200, 200),
)
STEPS = (1, 2, 5)


def int_ticks(lo: int, hi: int, most: int) -> list[int]:
    """Whole-number ticks from `lo` to `hi` (multiples of 1, 2, 5, 10, 20, 50, ...), at most
    `most` of them (at least two: `lo` and something above it, even when hi == lo)."""
    hi = max(hi, lo + 1)
    most = max(2, most)
    scale = 1
    while True:
        for s in STEPS:
            step = s * scale
            first = -(-lo // step) * step
            ticks = list(range(first, hi + 1, step))
            if len(ticks) <= most:
                return ticks if len(ticks) >= 2 else [lo, hi]
        scale *= 10


def step_points(pts: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The corners of a step line through `pts`: (x1, y0) between (x0, y0) and (x1, y1)."""
    out: list[tuple[int, int]] = []
    for x, y in pts:
        if out and out[-1][1] != y:
            out.append((x, out[-1][1]))
        out.append((x, y))
    return out


class Chart(PlotextPlot):
    """A plotext chart drawn anew at each render by `draw`; too small a space, or a failure
    inside plotext, shows a line instead (a chart never takes the screen down)."""

    def draw(self) -> None:
        raise NotImplementedError

    def render(self) -> Any:
        if self.size.width < 12 or self.size.height < 5:
            return Text("(too small for the chart)", style="dim")
        self.plt.clf()
        try:
            self.draw()
            return super().render()
        except Exception as e:  # a bug of plotext's must not end the game
            return Text(f"(the chart cannot be drawn: {type(e).__name__})", style="dim")


class LinePlot(Chart):
    """One line per series, (x, y) points of whole numbers, each with its mark and colour
    and a legend of labels."""

    def __init__(
        self,
        series: Sequence[tuple[str, Sequence[tuple[int, int]]]] = (),
        xlabel: str = "",
        ylabel: str = "",
        steps: bool = False,
        **kwargs: Any,
    ) -> None:
        """`steps`: a count that changes at its points (wins so far): flat from one point
        to the next, then straight up or down there, never a slope between them."""
        super().__init__(**kwargs)
        self.series = [(label, list(pts)) for label, pts in series if pts]
        self.xlabel = xlabel
        self.ylabel = ylabel
        self.steps = steps

    def draw(self) -> None:
        plt = self.plt
        xs = [x for _, pts in self.series for x, _ in pts] or [0]
        ys = [y for _, pts in self.series for _, y in pts] or [0]
        x0, x1, y0, y1 = min(xs), max(xs), min(0, min(ys)), max(ys)
        for i, (label, pts) in enumerate(self.series):
            if self.steps:
                pts = step_points(pts)
            plt.plot(
                [x for x, _ in pts],
                [y for _, y in pts],
                label=label,
                marker=MARKS[i % len(MARKS)],
                color=COLOURS[i % len(COLOURS)],
            )
        width, height = self.size.width, self.size.height
        xt = int_ticks(x0, x1, max(2, (width - 8) // 8))
        yt = int_ticks(y0, y1, max(2, (height - 4) // 2))
        plt.xticks(cast(list[float], xt))  # (whole numbers: plotext takes any number)
        plt.yticks(cast(list[float], yt))
        plt.xlim(min(x0, xt[0]), max(x1, xt[-1]))
        plt.ylim(yt[0], max(y1, yt[-1]))
        plt.xlabel(self.xlabel)
        plt.ylabel(self.ylabel)


class BoxPlot(Chart):
    """One box per group (lowest, quartiles, median, highest) on an axis of whole numbers."""

    def __init__(self, groups: Sequence[tuple[str, Sequence[int]]] = (), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.groups = [(label, list(v)) for label, v in groups if v]

    def draw(self) -> None:
        plt = self.plt
        if self.groups:
            n = len(self.groups)
            cast(Any, plt).box(  # (plotext's box, which the figure's types do not name)
                [label for label, _ in self.groups],
                [v for _, v in self.groups],
                width=0.3,
                colors=[COLOURS[5], COLOURS[2]],  # the box and its median
            )
            plt.xlim(0.4, n + 0.6)
            lo = min(min(v) for _, v in self.groups)
            hi = max(max(v) for _, v in self.groups)
            yt = int_ticks(min(0, lo), hi, max(2, (self.size.height - 4) // 2))
            plt.yticks(cast(list[float], yt))
            plt.ylim(yt[0], max(hi, yt[-1]))
