"""The dice game's help: the rulebook's rules in a few lines (the game's help lines) and the
legend of the dice: each kind's letter and colour, and the faces of the darker and the
lighter dice."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from rich.table import Table
from rich.text import Text

from bohn_tui.games.common.ui.help import lines_text
from bohn_tui.games.wuerfelspiel.ui.render import chip, data


@cache  # made once: a kept help compares its parts by identity (ui/screens/help.py)
def dice_legend() -> Table:
    d = data()
    t = Table(title="The dice: kinds, letters, faces", box=None, padding=(0, 1))
    for col in ("kind", "letter", "name", "on a darker die", "on a lighter die"):
        t.add_column(col)
    dark = Counter(d.dice[d.darker.index(True)])
    light = Counter(d.dice[d.darker.index(False)])
    for k in d.kinds:
        t.add_row(chip(k.id), k.letter, k.name_de, f"{dark[k.id]} of 6", f"{light[k.id]} of 6")
    return t


KEYS_NOTE = Text(
    "On the table: ✓ a covered order, ★ covered by the last roll or check, → the next order "
    "to fulfil; the number beside each order is the chance to fulfil it with a first roll of "
    'all five dice. "may harvest" (H where room is short) beside a name: that player may '
    "harvest; a bot's level may show short (rnd random, std standard, exp expert). Under "
    "the cards, where there is room: what / and | mean in an order, and the kinds' letters.\n"
    "a places every die of the roll that fits your next orders (with any you picked): the "
    "fewest that fulfil the most of your lowest orders, then the most of the next one's "
    'dice; the banner says what they do for each order ("fits order 1, 2 of 3 dice of '
    'order 2": the field then shows 2 of the 3 dice order 2 asks for; "part of 2" where '
    "the row is short). With one die left, r alone places it; with the bean figure used, "
    "the table places by itself the one die a roll must place (not while another person "
    "may still harvest on that roll).\n"
)

CHANCES_HELP = Text(
    "The chances beside the roll (the roller's only): \"More orders this turn +0 3% · +1 11% "
    '· +2 86%" is the exact chance, over every way the dice can still fall, that your turn '
    "ends with 0, 1, 2 … more orders of your upper card covered by your own check of the "
    "bean field, if you now place the dice you picked from this roll (before the first "
    "roll: roll all five) and roll the rest, and from then on play the way that gives the "
    "most orders on average (using the bean figure too while it is still yours this turn). "
    '"With the bean figure now": the same if you re-roll this roll\'s dice instead. They '
    "count your own card only: not what other players' rolls give you, not a new card after "
    "a harvest, not thalers.\n"
)


def dice_help(lines: list[str]) -> tuple[list[Any], list[Any]]:
    """What `?` (and the menu's Rules) shows before and after the keys."""
    return [lines_text(lines), KEYS_NOTE, CHANCES_HELP], [dice_legend()]


def rules_help(game: str, players: int) -> tuple[list[Any], list[Any]]:
    from bohn_tui.games import rules_for, spec

    return dice_help(list(spec(game).help(rules_for(game, players))))
