"""Bohnröschen at the table: the words the table screen needs for the vine row's game (the
banner hint, the task under the viewer's figure, help lines, log lines for its events) and
the solo run's result. Pure functions of views and events; the table screen calls them when
the game is Bohnröschen."""

from __future__ import annotations

import datetime as dt
from typing import Any

from rich.text import Text

GAME = "bohnroschen"


def is_rose(view: dict[str, Any]) -> bool:
    return view.get("game") == GAME


def task_line(view: dict[str, Any], seat: int) -> str:
    """The task under `seat`'s figure, in one line."""
    p = view["players"][seat]
    vine = view["vine"]
    if p["in_castle"]:
        return f"{p['name']} is in the castle."
    task = p["task"]
    if task is None:
        need = vine["castle_coins"]
        return f"Past the last vine card: {need} coins take you into the castle (harvest for them)."
    return f"Task (card {p['figure'] + 1}): {task['text']}"


def banner_hint(view: dict[str, Any], seat: int, you: str) -> str | None:
    """The banner's second line for the Bohnröschen phases (None: the table's own hint)."""
    p = view["players"][seat]
    pay = " t pays tribute (a coin: your figure moves on)," if p.get("can_pay_tribute") else ""
    phase = view["phase"]
    if phase == "draw" and view["active"] == seat:
        return f"{you}:{pay} e draws. {task_line(view, seat)}"
    if phase == "intermediate":
        done = view["tribute_done"] or []
        if seat < len(done) and not done[seat]:
            return f"{you}: intermediate phase:{pay} e is done. {task_line(view, seat)}"
    return None


def task_hint(view: dict[str, Any], seat: int) -> str:
    """The task and how the engine checks it, for the help screen."""
    p = view["players"][seat]
    if p["task"] is None:
        return task_line(view, seat)
    return f"{task_line(view, seat)} {p['task']['how']}"


def help_text(view: dict[str, Any], seat: int | None, summary: list[str]) -> Text:
    """Bohnröschen's part of `?`: the rules in a few lines and the viewer's task."""
    out = Text()
    out.append("Bohnröschen\n", style="bold underline")
    for line in summary:
        out.append(f"• {line}\n")
    if seat is not None:
        out.append("\nYour figure: ", style="bold")
        out.append(task_hint(view, seat) + "\n")
    return out


def describe(e: Any, who: Any, vine_text: Any = None) -> str:
    """A log line for one of Bohnröschen's events ('' for events not worth a line).
    `who(seat)` names a seat."""
    t = e.type
    if t == "figure_moved":
        if e.how == "task":
            return f"{who(e.seat)} fulfils “{e.text}” and moves on to card {e.to + 1}"
        return f"{who(e.seat)} pays tribute for “{e.text}” and moves on to card {e.to + 1}"
    if t == "tribute_paid":
        where = "out of the game" if e.removed else "to the discard pile"
        return f"{who(e.seat)} pays a coin ({e.variety}) {where}"
    if t == "castle_entered":
        return f"{who(e.seat)} enters the castle with {e.coins} coins"
    if t == "vine_removed":
        return f"Vine card {e.index + 1} is passed by every figure and leaves the game"
    if t == "neutral_moved":
        end = "the castle" if e.end >= 28 else f"card {e.end + 1}"
        return f"The {e.figure} figure moves to {end}"
    if t == "tribute_done":
        return f"{who(e.seat)} pays no more tribute"
    if t == "deck_reshuffled":
        return f"The discard pile is shuffled into a new draw pile ({e.size} cards)"
    return ""


def daily_of(view_or_options: dict[str, Any]) -> dt.date | None:
    """The day of a daily solo run, from its record's options (None: not a daily run)."""
    day = view_or_options.get("daily")
    try:
        return dt.date.fromisoformat(day) if isinstance(day, str) else None
    except ValueError:
        return None
