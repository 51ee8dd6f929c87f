"""Textual's and rich's caches bounded (bohn_tui/ui/textual_caches.py, issue #25)."""

from __future__ import annotations

import weakref

from rich import cells
from textual._styles_cache import StylesCache
from textual.color import Color
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
