"""Bohnröschen at the table: the words the table screen needs for the vine row's game (the
banner hint, the task under the viewer's figure, help lines, log lines for its events) and
the day of a daily run. Pure functions of views and events, for Bohnröschen's table parts
(parts.py)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from bohn_tui.games.bohnroschen.rules import violet_after
from bohn_tui.games.common.data import load

CASTLE = "♛"  # as the vine row draws it


def task_line(view: dict[str, Any], seat: int, width: int = 0) -> str:
    """The task under `seat`'s figure, in one line; where that is wider than `width`
    columns (0: any), with a shorter label if that makes it fit (the card's number is on
    the vine row's line of the figure too)."""
    p = view["players"][seat]
    vine = view["vine"]
    if p["in_castle"]:
        return f"{p['name']} is in the castle."
    task = p["task"]
    if task is None:
        need = vine["castle_coins"]
        return f"Past the last vine card: {need} coins take you into the castle (harvest for them)."
    text, card = task["text"], p["figure"] + 1
    forms = [f"Task (card {card}): {text}", f"Task {card}: {text}", f"Task: {text}"]
    return next((f for f in forms if not width or cell_len(f) <= width), forms[0])


def race_line(view: dict[str, Any]) -> str:
    """Solo: where the violet and red figures stand, where violet goes before the next turn,
    and what the player must pass this turn so that red does not move (bohnroschen.txt: "It
    is moved forward one card if, after the violet figure has been moved, the violet figure
    is ahead of the player's figure")."""
    vine = view["vine"]
    solo, castle = vine["solo"], vine["castle"]
    violet, red, stand = solo["violet"], solo["red"], solo["player_standing"]
    if violet >= castle or red >= castle or view["players"][0]["in_castle"]:
        return ""
    nxt = violet_after(load("bohnroschen").extra["solo"], castle, violet)
    need = nxt - stand
    red_at = "the castle" if red + 1 >= castle else f"card {red + 2}"
    if nxt >= castle:
        return "Violet reaches the castle next turn: get in now or the run is lost."
    if need <= 0:
        return f"Violet goes to card {nxt + 1} next; you are on {stand + 1}: red stays put."
    cards = "card" if need == 1 else "cards"
    return f"Violet goes to card {nxt + 1} next: pass {need} {cards} now or red moves to {red_at}."


def goal_line(view: dict[str, Any]) -> str:
    """Solo: how the run is won, in one line (bohnroschen.txt: "The solo player's aim is to
    reach the castle, passing all the cards in front of the violet and the red figure, with
    the minimum of five gold coins")."""
    coins = view["vine"]["castle_coins"]
    return f"Win: reach the castle {CASTLE} with {coins} coins before violet or red gets there."


def banner_hint(view: dict[str, Any], seat: int, you: str) -> str | None:
    """The banner's second line for the Bohnröschen phases (None: the table's own hint)."""
    p = view["players"][seat]
    pay = " t pays tribute (a coin: your figure moves on)," if p.get("can_pay_tribute") else ""
    phase = view["phase"]
    if phase == "draw" and view["active"] == seat:
        return f"{you}:{pay} e draws."
    if phase == "intermediate":
        done = view["tribute_done"] or []
        if seat < len(done) and not done[seat]:
            pay = pay or " you cannot pay tribute now (t says why);"  # still asked: say so
            return f"{you}: intermediate phase:{pay} e is done."
    return None


def task_hint(view: dict[str, Any], seat: int) -> str:
    """The task and how the engine checks it, for the help screen."""
    p = view["players"][seat]
    if p["task"] is None:
        return task_line(view, seat)
    return f"{task_line(view, seat)} {p['task']['how']}"


def banner(
    head_hint: tuple[str, str], view: dict[str, Any], seat: int | None, width: int = 0
) -> tuple[str, str]:
    """The table's banner for Bohnröschen: under the hint (what to press), the task under
    the viewer's figure on a line of its own, whole (the banner grows to hold it: parts.py;
    in one row of `width` columns where a shorter label makes it fit), and in solo the race
    against the violet and red figures (in the first turn, how the run is won above the
    task)."""
    head, hint = head_hint
    if seat is None or view["over"]:
        return head, hint
    solo = "solo" in view["vine"]
    lines = [hint]
    if solo and view["turn"] == 1:  # the first screen says how to win (later: `?` does)
        lines.append(goal_line(view))
    lines.append(task_line(view, seat, width))
    if solo:
        lines.append(race_line(view))
    return head, "\n".join(line for line in lines if line)


def banner_rows(head: str, hint: str, width: int) -> int:
    """The banner's height for `head` and `hint` at `width` columns: the headline and every
    line of the hint, wrapped (at most seven rows)."""
    import textwrap

    lines = [head, *hint.split("\n")]
    return min(7, sum(len(textwrap.wrap(line, max(20, width))) or 1 for line in lines))


def rules_text(summary: list[str]) -> Text:
    """The rules in a few lines (summary.py's): the first line as the title, then bullets."""
    out = Text()
    if summary:
        out.append(f"{summary[0]}\n", style="bold underline")
    for line in summary[1:]:
        out.append(f"• {line}\n")
    return out


def help_text(view: dict[str, Any], seat: int | None, summary: list[str]) -> Text:
    """Bohnröschen's part of `?`: the viewer's task, then the rules in a few lines."""
    out = Text()
    if seat is not None:
        out.append("Your figure: ", style="bold")
        out.append(task_hint(view, seat) + "\n\n")
    out.append_text(rules_text(summary))
    return out


def daily_of(view_or_options: dict[str, Any]) -> dt.date | None:
    """The day of a daily solo run, from its record's options (None: not a daily run)."""
    day = view_or_options.get("daily")
    try:
        return dt.date.fromisoformat(day) if isinstance(day, str) else None
    except ValueError:
        return None
