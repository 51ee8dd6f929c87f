"""Garbage collection between keys, not between a key and its frame (issue #25).

Every frame left cyclic garbage: Textual's strips kept themselves in their own caches (a
division or crop that changes nothing cached the strip itself; no more since
textual_caches.acyclic_strips), so the strips a widget's repaint dropped were freed only by
the collector, some two thousand objects a frame; what else is left in cycles still is.
With the
young generation collected when it is full (app.py's threshold of 50,000), a collection of
4-8 ms, and one of 60-120 ms when it frees a few keys' worth of strips, landed inside
every third or fourth key's time to its frame. Here the young objects are collected once
the app has drawn no frame for QUIET seconds, while it waits for the next key: the
automatic collection stays the fallback of a long burst without a pause."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

from bohn_tui.ui.textual_caches import trim

QUIET = 0.025  # seconds without a frame before the collection
YOUNG = 2_000  # fewer new objects than this since the last collection: nothing to do
# every FULL_EVERY-th collection is a full one (the old generation too: the strips and
# closed screens that outlived two young collections; at 50 a remote seat grew 37.7 MiB
# after 100 keys, 44.4 after 300; at 5 33.8 and 38.2, its keys no slower: benchmarks/README.md)
FULL_EVERY = 5


class IdleCollect:
    """Mixed into the app before Textual's App: collects after the last frame of a burst."""

    _idle_gc: asyncio.TimerHandle | None = None
    _idle_gcs = 0

    def _display(self, screen: Any, renderable: Any) -> None:
        super()._display(screen, renderable)  # type: ignore[misc]
        if self._idle_gc is not None:
            self._idle_gc.cancel()
        try:
            self._idle_gc = asyncio.get_running_loop().call_later(QUIET, self._collect_young)
        except RuntimeError:  # no running loop (a frame drawn while the app closes)
            self._idle_gc = None

    def _collect_young(self) -> None:
        self._idle_gc = None
        if gc.get_count()[0] < YOUNG or not gc.isenabled():
            return
        self._idle_gcs += 1
        full = self._idle_gcs % FULL_EVERY == 0
        if full:
            trim()  # Textual's and rich's caches past their limits emptied (freed now)
        gc.collect(2 if full else 1)
