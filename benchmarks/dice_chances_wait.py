"""How long a table key's own work takes while the dice table works out every player's
chances ahead (issue #25): the dice table for three people (Pilot, headless) with the
chances' tables built; every chance forgotten, the table shown again (its prefetch asks
for the three cards), then, until every card is known, stand-ins for a key one after the
other (each due 2 ms after the last): a fixed piece of Python work on the event loop
(about 10 ms of CPU), each timed wall-clock from when it was due; the same stand-ins for
0.3 s with nothing in the background. Run with PYTHONPATH set to the tree to measure:

    PYTHONPATH=TREE python benchmarks/dice_chances_wait.py [--runs 20]

It prints one JSON line: the stand-ins' median, 90th percentile and max wall ms, alone and
beside the chances' work, and how long the work took until every card was known."""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path


async def stand_in() -> float:
    """A key that comes 2 ms from now and its own work (pure Python, ~10 ms of CPU on a
    quiet core): wall seconds from its coming to the end of its work (what it waited for
    included: a step of the chances' work under way, or the GIL that a thread holds)."""
    due = time.perf_counter() + 0.002
    await asyncio.sleep(0.002)
    x = 0
    for i in range(100_000):
        x += i % 7
    return time.perf_counter() - due


def forget() -> None:
    """Every chance forgotten (either tree's caches), so that all three cards are worked
    out again."""
    from bohn_tui.games.wuerfelspiel import chances
    from bohn_tui.games.wuerfelspiel.ui import outlook

    outlook._outlook.cache_clear()
    outlook._asked.clear()
    if hasattr(chances, "_OUTLOOKS"):
        chances._OUTLOOKS.clear()
    else:
        chances._outlooks.cache_clear()


def known(s: object) -> bool:
    from bohn_tui.games.wuerfelspiel import chances
    from bohn_tui.games.wuerfelspiel.dice import load

    data = load()
    for p in s.view(None)["players"]:  # type: ignore[attr-defined]
        key = (data.dice, tuple(data.cards[p["upper"]["number"] - 1].orders), p["covered"])
        if hasattr(chances, "_OUTLOOKS"):
            if key not in chances._OUTLOOKS:
                return False
        elif chances._outlooks.cache_info().currsize < 3:
            return False
    return True


async def main(runs: int) -> dict[str, object]:
    from bohn_tui.games.wuerfelspiel.ui import outlook
    from bohn_tui.play.session import Session
    from bohn_tui.store import Store
    from bohn_tui.ui.app import BohnApp

    outlook.warm_now()
    alone: list[float] = []
    beside: list[float] = []
    done: list[float] = []
    with tempfile.TemporaryDirectory() as d:
        s = Session.new("wuerfelspiel", ["Ana", "Ben", "Cem"], {}, seed=3)
        app = BohnApp(Store(Path(d)), s, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.5)
            t = next(x for x in app.screen_stack if x.__class__.__name__ == "TableScreen")
            for _ in range(runs):
                await asyncio.sleep(0.2)
                t0 = time.perf_counter()
                while time.perf_counter() - t0 < 0.3:
                    alone.append(await stand_in())
                forget()
                t0 = time.perf_counter()
                t.refresh_table()  # shows the table: its prefetch asks for three cards
                while not known(s):
                    beside.append(await stand_in())
                done.append(time.perf_counter() - t0)

    def ms(xs: list[float]) -> list[float]:
        q = statistics.quantiles(xs, n=10)[-1]
        return [round(x * 1000, 1) for x in (statistics.median(xs), q, max(xs))]

    return {
        "alone_ms": ms(alone),
        "beside_ms": ms(beside),
        "beside_n": len(beside),
        "work_ms": ms(done),
    }


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=20)
    print(json.dumps(asyncio.run(main(ap.parse_args().runs))))
