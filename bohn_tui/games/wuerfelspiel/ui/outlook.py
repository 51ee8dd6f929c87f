"""The roller's outlook for the table: the exact chance that placing the picked dice (and
playing on well) ends the turn with 0, 1, 2, ... more of their own orders fulfilled. The
one door to the chances module (games/wuerfelspiel/chances.py)."""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from functools import lru_cache
from typing import Any

from bohn_tui.games.wuerfelspiel.dice import first_roll_odds, load

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
    _finish(card, start)
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
_worker: list[threading.Thread] = []  # the one thread that builds them
# the cards whose chances `work` is to work out, (card, covered) (the event loop's only)
_wanted: deque[tuple[int, int]] = deque()
_asked: set[tuple[int, int]] = set()
_doing: list[tuple[tuple[int, int], Generator[None, None, Any]]] = []  # the one under way
STEP = 0.002  # seconds of `work` at a time: a key that comes meanwhile waits at most this


def _odds_parts() -> Iterator[None]:
    """Every card's printed odds (the view's numbers beside its orders, dice.first_roll_odds)
    worked out once, an order a step: the fulfilments over the 252 rolls of five dice that
    they sum are kept (dice._fulfils), so a harvest's new card costs a few ms less (each
    order ~1 ms; issue #25: h was the slowest dice key, 28 ms)."""
    data = load()
    for card in data.cards:
        for order in card.orders:
            first_roll_odds(order, data.dice)
            yield


# the cards' odds still to work out ahead, after every card's chances (prefetch_odds)
_odds_left: list[Iterator[None]] = []
_odds_asked: list[bool] = []  # prefetch_odds asked for them (once a process)


def ready() -> bool:
    """Whether the chances can be shown at once (their tables are built)."""
    return _ready.is_set()


def warm_now() -> None:
    """Build the chances' tables here and now (about a second, once a process)."""
    from bohn_tui.games.wuerfelspiel import chances

    chances.warm(load())
    _ready.set()


def warm(then: Callable[[], None]) -> None:
    """Start the thread that builds the chances' tables and then calls `then` (from its
    thread); until they are built the table says the chances are being worked out."""
    if not _worker:
        _worker.append(threading.Thread(target=_warm, args=(then,), daemon=True, name="dice"))
        _worker[0].start()


def _warm(then: Callable[[], None]) -> None:
    if not _ready.is_set():
        warm_now()
        then()


def prefetch(view: dict[str, Any]) -> None:
    """Ask `work` for the chances of every player's card as it stands (each card and
    covered count once a process: 10-20 ms of CPU each), the roller's first and then in
    the order of play, so that a roller's first key of a turn does not wait for them."""
    players = view["players"]
    n = len(players)
    for seat in range(view["active"], view["active"] + n):
        p = players[seat % n]
        upper = p["upper"]
        key = (upper["number"], p["covered"]) if upper else None
        if key is not None and key[1] < len(upper["orders"]) and key not in _asked:
            _asked.add(key)
            _wanted.append(key)


def prefetch_odds() -> None:
    """Ask `work` for every card's printed odds too, after the chances (once a process):
    where the views are made in this process (a remote seat's come made by the host)."""
    if not _odds_asked:
        _odds_asked.append(True)
        _odds_left.append(_odds_parts())


def pending() -> bool:
    """Whether `work` has something to do (nothing before the tables are built)."""
    return ready() and bool(_wanted or _doing or _odds_left)


def work() -> bool:
    """Work out what `prefetch` asked for STEP seconds at most, in steps of one dice state
    (the table calls it again after a pause: keys come first), then the cards' odds
    (_odds_parts); whether some is left."""
    from bohn_tui.games.wuerfelspiel import chances

    if not ready():
        return False
    data = load()
    end = time.perf_counter() + STEP
    while _wanted or _doing or _odds_left:
        if not (_wanted or _doing):  # every card's chances asked for are known
            if next(_odds_left[0], False) is False:
                _odds_left.clear()
        else:
            if not _doing:
                card, start = key = _wanted.popleft()
                orders = tuple(data.cards[card - 1].orders)
                if chances.outlooks_known(data.dice, orders, start):
                    continue
                _doing.append((key, chances.outlooks_in_parts(data.dice, orders, start)))
            try:
                next(_doing[0][1])
            except StopIteration:
                _doing.clear()
        if time.perf_counter() >= end:
            break
    return bool(_wanted or _doing or _odds_left)


def _finish(card: int, start: int) -> None:
    """The chances of this card about to be shown: the part of them worked out already
    is not done again."""
    if _doing and _doing[0][0] == (card, start):
        for _ in _doing[0][1]:
            pass
        _doing.clear()
