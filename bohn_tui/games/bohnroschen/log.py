"""Log lines for Bohnröschen's own events (docs/formats.md), for the session's game log.
Pure: no UI, no files."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bohn_tui.games.common.data import load


def solo_castle() -> int:
    """Solo: the neutral figures' castle position, after the layout's rows (data.toml)."""
    lay = load("bohnroschen").extra["solo"]
    return int(lay["rows"] * lay["row_length"])


def _row_length() -> int:
    return int(load("bohnroschen").extra["solo"]["row_length"])


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def describe(
    e: Any,
    who: Callable[[int], str],
    vname: Callable[[str], str] = str,
    castle: int | None = None,
) -> str:
    """A log line for one of Bohnröschen's events ('' for events not worth a line, such as
    a seat's "no more tribute" in every intermediate phase).
    `who(seat)` names a seat, `vname(variety)` a bean; `castle` is the solo layout's castle
    position (BohnroschenRules.castle_index; by default read from the data)."""
    t = e.type
    if t == "planted" and e.source == "offer":  # phase 0: beans left by the other of two
        by = who(1 - e.seat)
        return f"{who(e.seat)} plants {vname(e.variety)} left by {by} on field {e.field + 1}"
    if t == "figure_moved":
        if e.how == "task":
            return f"{who(e.seat)} fulfils “{e.text}” (next task: card {e.to + 1})"
        return f"{who(e.seat)} pays tribute for “{e.text}” (next task: card {e.to + 1})"
    if t == "tribute_paid":  # a coin out of the game is never turned over: no kind named
        if e.removed:
            return f"{who(e.seat)} pays a coin out of the game"
        return f"{who(e.seat)} pays a coin ({vname(e.variety)}) to the discard pile"
    if t == "castle_entered":
        return f"{who(e.seat)} enters the castle with {e.coins} coins"
    if t == "vine_removed":
        return f"Vine card {e.index + 1} is passed by every figure and leaves the game"
    if t == "neutral_moved":
        if castle is None:
            castle = solo_castle()
        end = "the castle" if e.end >= castle else f"card {e.end + 1}"
        if e.figure == "red":
            why = "the violet figure is ahead of yours"
        else:
            steps = e.end - e.start
            row = e.start // _row_length() + 1
            why = f"{_cards(steps)} a turn in row {row}"
        return f"The {e.figure} figure moves to {end} ({why})"
    if t == "deck_reshuffled":
        return f"The discard pile is shuffled into a new draw pile ({_cards(e.size)})"
    if t == "deck_ran_out" and not e.reshuffled:  # never the last time: the game goes on
        return (
            f"The draw pile ran out ({e.time}): the discard pile is empty, so a new draw pile "
            "is shuffled when it holds cards again"
        )
    return ""
