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
  app calls it between keys (ui/idle_gc.py), and the next frame fills them again.
- A strip divided at its own length (the compositor divides every line it draws) or cropped
  and extended to itself (Textual's logs) keeps itself in its own cache: a cycle, which only
  the collector frees, with the strips of every crop, style and filter it cached, and never
  once frozen (ui/app.py freezes the first frame's objects). `acyclic_strips`: the same
  strips are given back, not cached (no cycle: a strip no one draws is freed at once).
- Every line a widget draws goes through the app's line filters (`ANSIToTruecolor`: a
  colour of the terminal's 16 made the theme's), and each strip kept its filtered copy, a
  new strip of new segments, in its own cache, though a table's lines have no such colours
  (their styles come back the same): every line on the screen was kept twice.
  `unfiltered_strips`: a filter that changes nothing gives the strip itself back (and
  remembers that, not the strip)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any

from rich import cells
from rich.style import Style as RichStyle
from textual import _styles_cache
from textual.color import Color
from textual.filter import ANSIToTruecolor, LineFilter
from textual.strip import Strip
from textual.style import Style

INNER_OUTER = 1024  # pairs of colours kept (Textual's size)


@lru_cache(INNER_OUTER)
def inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    """The inner and outer background styles of a widget's lines (Textual's own code)."""
    return Style(background=base_background + background), Style(background=base_background)


def bound_caches() -> None:
    """Textual's StylesCache takes its two styles from `inner_outer` (called as a method),
    and no strip keeps itself (`acyclic_strips`)."""
    _styles_cache.StylesCache.get_inner_outer = staticmethod(inner_outer)  # type: ignore[method-assign,assignment]
    acyclic_strips()
    unfiltered_strips()


# what a strip's filter cache holds for a filter that gives its segments back unchanged
SAME = Strip([], 0)


def unfiltered_strips() -> None:
    """`Strip.apply_filter` gives the strip itself where the filter changes no segment's
    text, style or control (as Textual's crops and divisions that change nothing); else
    Textual's filtered strip, cached as by Textual. Done once."""
    if getattr(Strip.apply_filter, "lean", False):
        return

    def apply_filter(self: Strip, filter: LineFilter, background: Color) -> Strip:
        key = (filter, background)
        cached: Strip | None = self._filter_cache.get(key)
        if cached is not None:
            return self if cached is SAME else cached
        old = self._segments
        new = filter.apply(old, background)
        if all(
            a.text is b.text and a.style is b.style and a.control == b.control
            for a, b in zip(new, old, strict=True)
        ):
            self._filter_cache[key] = SAME
            return self
        strip = Strip(new, self._cell_length)
        self._filter_cache[key] = strip
        return strip

    apply_filter.lean = True  # type: ignore[attr-defined]
    Strip.apply_filter = apply_filter  # type: ignore[method-assign]


def acyclic_strips() -> None:
    """`Strip.divide` and `Strip.crop_extend` give back the strip itself where Textual's
    would (a division at its own length, a crop of all of it) without caching it there;
    anything else is Textual's (and cached by it). Done once."""
    divide, crop_extend = Strip.divide, Strip.crop_extend
    if getattr(divide, "acyclic", False):
        return

    def divide_acyclic(self: Strip, cuts: Iterable[int]) -> Sequence[Strip]:
        length = self.cell_length
        kept = [cut for cut in cuts if cut <= length]
        return [self] if kept == [length] else divide(self, kept)

    def crop_extend_acyclic(self: Strip, start: int, end: int, style: RichStyle | None) -> Strip:
        # extend_cell_length(end) is the strip itself when end is at most its length, and
        # crop(start, end) then when start <= 0 and end is its length
        if start <= 0 and end == self.cell_length:
            return self
        return crop_extend(self, start, end, style)

    divide_acyclic.acyclic = True  # type: ignore[attr-defined]
    Strip.divide = divide_acyclic  # type: ignore[method-assign]
    Strip.crop_extend = crop_extend_acyclic  # type: ignore[method-assign]


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
