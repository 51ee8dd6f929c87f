"""Textual's and rich's caches bounded (bohn_tui/ui/textual_caches.py, issue #25)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable

from rich import cells
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual._ansi_theme import DEFAULT_TERMINAL_THEME
from textual._styles_cache import StylesCache
from textual.color import Color
from textual.filter import ANSIToTruecolor
from textual.strip import Strip
from textual.style import Style

import bohn_tui.ui.app  # noqa: F401  (the app's import bounds the caches)
from bohn_tui.ui import textual_caches


def test_a_styles_cache_is_not_kept_by_its_inner_and_outer_styles() -> None:
    # Textual's lru_cache on the method kept every StylesCache (and its strips) it was asked by
    base, background = Color(10, 20, 30), Color(200, 100, 0, 0.5)
    cache = StylesCache()
    kept = weakref.ref(cache)
    inner, outer = cache.get_inner_outer(base, background)
    assert (inner, outer) == (Style(background=base + background), Style(background=base))
    assert StylesCache().get_inner_outer(base, background)[0] is inner  # cached by colours
    del cache
    assert kept() is None


def test_trim_empties_only_the_caches_past_their_limits() -> None:
    limits = {id(cache_of()): limit for cache_of, limit in textual_caches.LIMITS}
    width_limit = limits[id(cells.cached_cell_len)]
    for cache_of, _limit in textual_caches.LIMITS:
        cache_of().cache_clear()
    for n in range(width_limit + 1):
        cells.cached_cell_len(f"x{n}")
    assert textual_caches.trim() == 1
    assert cells.cached_cell_len.cache_info().currsize == 0
    for n in range(width_limit):  # at its limit: kept
        cells.cached_cell_len(f"x{n}")
    assert textual_caches.trim() == 0
    assert cells.cached_cell_len.cache_info().currsize == width_limit


class KeptStrip(Strip):
    """A strip that a weak reference can watch (Textual's has no slot for one)."""

    __slots__ = ("__weakref__",)


def freed_without_the_collector(make: Callable[[], Strip]) -> bool:
    """Whether the strip `make` gives (and used) is freed as soon as no one holds it."""
    gc.disable()
    try:
        kept = weakref.ref(make())
        return kept() is None
    finally:
        gc.enable()


def test_a_strip_divided_or_cropped_whole_keeps_no_cycle() -> None:
    # Textual's divide cached [itself] and crop_extend itself: a strip no one drew any more
    # lived until a collection, and never when frozen
    style = RichStyle(bold=True)

    def used() -> Strip:
        strip = KeptStrip([Segment("abc", style), Segment("de")], 5)
        assert strip.divide([5, 9]) == [strip]
        assert strip.crop_extend(0, 5, None) is strip
        assert strip.crop_extend(-2, 5, style) is strip
        return strip

    assert freed_without_the_collector(used)
    strip = Strip([Segment("abc", style), Segment("de")], 5)  # anything else as Textual's
    assert [s.text for s in strip.divide([1, 5])] == ["a", "bcde"]
    assert strip.divide([1, 5]) is strip.divide([1, 5])  # cached
    extended = strip.crop_extend(1, 8, style)
    assert (extended.text, extended.cell_length) == ("bcde   ", 7)
    assert strip.crop_extend(0, 3, None).text == "abc"


def test_a_filter_that_changes_nothing_gives_the_strip_itself() -> None:
    truecolor = ANSIToTruecolor(DEFAULT_TERMINAL_THEME)
    background = Color(10, 20, 30)
    plain = [Segment("ab", RichStyle.parse("bold #102030 on #405060")), Segment(" ")]

    def used() -> Strip:
        strip = KeptStrip(plain, 3)
        assert strip.apply_filter(truecolor, background) is strip
        assert strip.apply_filter(truecolor, background) is strip  # remembered
        return strip

    assert freed_without_the_collector(used)
    ansi = [Segment("ab", RichStyle.parse("red on blue")), Segment("c", None, [(1,)])]
    strip = Strip(ansi, 3)
    filtered = strip.apply_filter(truecolor, background)
    assert filtered is not strip  # Textual's filtered strip, the same segments as its own
    assert list(filtered) == truecolor.apply(ansi, background)
    assert filtered.cell_length == 3
    assert all(s.style is None or s.style.color.triplet for s in filtered)  # type: ignore[union-attr]
    assert strip.apply_filter(truecolor, background) is filtered  # cached
