"""The bean games' part of `?`: the rules in a few lines (the game's help, games/common/
help.py) and the game's meter (Bean-o-meter, Market Price: its data's words) of the kinds in
play, which is also the legend of the card codes the table shows, made from the game's data."""

from __future__ import annotations

from functools import cache
from typing import Any

from rich.table import Table
from rich.text import Text

from bohn_tui.games.common.data import load
from bohn_tui.games.common.ui.cards import card


def lines_text(lines: list[str]) -> Text:
    """The rules' lines: the first as the title."""
    out = Text()
    if lines:
        out.append(f"{lines[0]}\n", style="bold underline")
        out.append("\n".join(lines[1:]) + "\n\n")
    return out


@cache  # made once: a kept help compares its parts by identity (ui/screens/help.py)
def meter_table(game: str, players: int) -> Table:
    data = load(game)
    removed = data.for_players(players).removed
    meter = Table(
        title=f"{data.words.meter}: cards needed for 1-4 coins",
        caption=f"card: the {data.words.card}'s code on the table",
        box=None,
        padding=(0, 1),
    )
    for col in ("card", "name", "in deck", "1", "2", "3", "4"):
        meter.add_column(col, justify="right" if col not in ("card", "name") else "left")
    for v in data.varieties.values():
        if v.id in removed:
            continue
        meter.add_row(
            card(game, v.id), v.name, str(v.count), *[str(n) if n else "-" for n in v.meter]
        )
    return meter


def bean_help(
    game: str, players: int, lines: list[str] | None = None, extra: Text | None = None
) -> tuple[list[Any], list[Any]]:
    """What `?` shows before and after the keys: the game's own text (`extra`) first if it
    has one, else the rules' `lines` (by default the bean rules for `players`); the
    bean-o-meter last."""
    meter = meter_table(game, players)
    if extra is not None:
        return [extra], [meter]
    if lines is None:
        from bohn_tui.games import rules_for
        from bohn_tui.games.common.help import rules_lines

        lines = rules_lines(rules_for(game, players))
    return [], [lines_text(lines), meter]
