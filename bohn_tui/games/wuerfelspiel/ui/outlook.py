"""The roller's outlook for the table: the exact chance that placing the picked dice (and
playing on well) ends the turn with 0, 1, 2, ... more of their own orders fulfilled. The
one door to the chances module (games/wuerfelspiel/chances.py)."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from bohn_tui.games.wuerfelspiel.dice import load

Chances = tuple[float, ...]


@lru_cache(maxsize=256)
def _outlook(
    card: int,
    start: int,
    field: tuple[tuple[int, str], ...],
    place: tuple[tuple[int, str], ...],
    figure_left: bool,
) -> Chances:
    from bohn_tui.games.wuerfelspiel.chances import outlook

    data = load()
    orders = data.cards[card - 1].orders
    return tuple(outlook(data, orders, start, dict(field), dict(place), figure_left))


def figure_outlook(view: dict[str, Any]) -> Chances | None:
    """The roller's chances if they use the bean figure now (re-roll every die just
    rolled); None when it may not be used."""
    if view["over"] or not view["can_reroll"]:
        return None
    p = view["players"][view["active"]]
    if p["upper"] is None:
        return None
    field = tuple((d["die"], d["face"]) for d in view["dice"] if d["where"] == "field")
    return _outlook(p["upper"]["number"], p["covered"], field, (), False)


def own_outlook(view: dict[str, Any], picked: Iterable[int]) -> Chances | None:
    """The roller's chances if they now place `picked` (dice of the open roll) and roll the
    rest; before the first roll, of rolling all five. None when there is nothing to say
    (no open roll to place from, nothing picked, no card)."""
    if view["over"]:
        return None
    p = view["players"][view["active"]]
    upper = p["upper"]
    dice = view["dice"]
    chosen = sorted(i for i in picked if dice[i]["where"] == "rolled")
    if upper is None or (not view["first_roll"] and not chosen):
        return None
    if not view["first_roll"] and not (view.get("last_roll") or {}).get("open", False):
        return None
    if view["first_roll"]:  # the last roller's field still lies there: all five are rolled
        return _outlook(upper["number"], p["covered"], (), (), not view["figure_used"])
    field = tuple((d["die"], d["face"]) for d in dice if d["where"] == "field")
    place = tuple((i, dice[i]["face"]) for i in chosen)
    return _outlook(upper["number"], p["covered"], field, place, not view["figure_used"])


_ready = threading.Event()  # the chances' tables are built (once a process)
_wanted: queue.SimpleQueue[tuple[int, int]] = queue.SimpleQueue()  # (card, covered) to do
_asked: set[tuple[int, int]] = set()
_worker: list[threading.Thread] = []  # the one thread that works the chances out


def ready() -> bool:
    """Whether the chances can be shown at once (their tables are built)."""
    return _ready.is_set()


def warm_now() -> None:
    """Build the chances' tables here and now (about a second, once a process)."""
    from bohn_tui.games.wuerfelspiel import chances

    chances.warm(load())
    _ready.set()


def warm(then: Callable[[], None]) -> None:
    """Start the worker: it builds the chances' tables, calls `then` (from its thread) and
    then works out what `prefetch` asks, so that no frame waits for them; until the tables
    are built the table says the chances are being worked out."""
    if not _worker:
        _worker.append(threading.Thread(target=_work, args=(then,), daemon=True, name="dice"))
        _worker[0].start()


def prefetch(view: dict[str, Any]) -> None:
    """Have the worker work out, while people look at the table, the chances of every
    player's card as it stands (each card and covered count once a process: 20-40 ms cold),
    so that the roller's first key of a turn does not wait for them."""
    for p in view["players"]:
        upper = p["upper"]
        key = (upper["number"], p["covered"]) if upper else None
        if key is not None and key[1] < len(upper["orders"]) and key not in _asked:
            _asked.add(key)
            _wanted.put(key)


def _work(then: Callable[[], None]) -> None:
    if not _ready.is_set():
        warm_now()
        then()
    while True:
        card, start = _wanted.get()
        time.sleep(0.05)  # the frame that showed the change first
        _outlook(card, start, (), (), True)
