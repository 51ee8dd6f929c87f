"""Textual's and rich's caches that keep what a table no longer shows (issue #25).

- `textual._styles_cache.StylesCache.get_inner_outer` is an lru_cache (1,024 entries) on a
  method: its key holds `self`, the widget's StylesCache, and with it the strips of every
  line that widget last drew. A widget gone (a closed chooser, the help, the log) stays
  alive in that cache until 1,024 others have come after it: a remote seat grew ~1 MiB a
  hundred keys by it (benchmarks/README.md). The two styles it makes depend on the two
  colours only: here they are cached by the colours, the same styles, no widget kept.
- The caches of a style's ANSI codes, its truecolor form and a text's cell width fill as a
  game goes on (each new text and style an entry; 16,384 entries of ANSI codes, 4,096
  widths), though a frame needs few of them (the first frame: 59 styles, 167 texts) and
  the ANSI codes are hardly read twice (38 hits in 1,061 calls over 300 keys: a strip keeps
  its own rendering). `trim` empties each that holds more than its LIMITS entries; the
  app calls it between keys (ui/idle_gc.py), and the next frame fills them again."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from rich import cells
from rich.style import Style as RichStyle
from textual import _styles_cache
from textual.color import Color
from textual.filter import ANSIToTruecolor
from textual.strip import Strip
from textual.style import Style

INNER_OUTER = 1024  # pairs of colours kept (Textual's size)


@lru_cache(INNER_OUTER)
def inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    """The inner and outer background styles of a widget's lines (Textual's own code)."""
    return Style(background=base_background + background), Style(background=base_background)


def bound_caches() -> None:
    """Textual's StylesCache takes its two styles from `inner_outer` (called as a method)."""
    _styles_cache.StylesCache.get_inner_outer = staticmethod(inner_outer)  # type: ignore[method-assign,assignment]


# each cache emptied by `trim` when it holds more entries than this (and what it held after
# 300 keys of a remote seat's game, measured: benchmarks/README.md)
LIMITS: tuple[tuple[Callable[[], Any], int], ...] = (
    (lambda: Strip.render_ansi, 64),  # 1,023 (of 16,384), 38 hits
    (lambda: ANSIToTruecolor.truecolor_style, 256),  # 1,024 (of 1,024)
    (lambda: cells.cached_cell_len, 1024),  # 2,499 (of 4,096)
    (lambda: RichStyle._add, 256),  # 494 (of 1,024)
)


def trim() -> int:
    """Empty each cache of LIMITS that holds more than its limit: how many were emptied."""
    emptied = 0
    for cache_of, limit in LIMITS:
        cache = cache_of()
        if cache.cache_info().currsize > limit:
            cache.cache_clear()
            emptied += 1
    return emptied
