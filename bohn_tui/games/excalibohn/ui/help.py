"""Excalibohn's help (`?` at the table, the menu's Rules): the rules in a few lines (the
game's help), then the bean abilities and the eleven spell cards in the rulebook's words
(cards.py: data.toml), then the Bohnometer; and the spell texts on demand (`r`)."""

from __future__ import annotations

from functools import cache
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.binding import Binding

from bohn_tui.games.common.ui.cards import card
from bohn_tui.games.common.ui.help import bean_help, lines_text
from bohn_tui.games.excalibohn.cards import TIMING_TEXT, cards
from bohn_tui.games.excalibohn.ui.render import ABILITY_KEYS, GAME, spell_texts
from bohn_tui.ui.screens.help import HelpScreen


@cache  # made once: a kept help compares its parts by identity (ui/screens/help.py)
def abilities_table() -> Table:
    """The five abilities (phase 1b): the bean, its key at the table and the rulebook's text."""
    t = Table(title="The bean abilities (phase 1b)", box=None, padding=(0, 1), expand=True)
    t.add_column("bean", no_wrap=True)
    t.add_column("key", no_wrap=True, style="bold yellow")
    t.add_column("what it does", ratio=1)
    for vid, a in cards().abilities.items():
        t.add_row(card(GAME, vid), ABILITY_KEYS.get(a.id, ""), a.text)
    return t


@cache  # made once: a kept help compares its parts by identity (ui/screens/help.py)
def spells_table() -> Table:
    """The eleven spell cards in Groschen order: name (and the German), when, the text."""
    t = Table(
        title="The spell cards: each cast once while face up, by the active player"
        " (z casts, r reads yours)",
        box=None,
        padding=(0, 1),
    )
    t.add_column("spell", no_wrap=False, ratio=1)
    t.add_column("G", justify="right")
    t.add_column("when", ratio=1)
    t.add_column("what it does", ratio=3)
    for s in cards().spells.values():
        t.add_row(Text(s.name, style="bold"), str(s.groschen), TIMING_TEXT[s.timing], s.text)
    return t


def excali_help(players: int, lines: list[str]) -> tuple[list[Any], list[Any]]:
    """Before the keys: the rules' lines (their lists of abilities and spells, indented
    under a heading, give way to the tables); after them: abilities, spells with the
    rulebook's whole texts, the Bohnometer."""
    rules = [ln for ln in lines if not ln.startswith("  ") and not ln.endswith(":")]
    _, meter = bean_help(GAME, players, extra=Text())
    return [lines_text(rules)], [abilities_table(), Text(), spells_table(), Text(), *meter]


def rules_help(game: str, players: int) -> tuple[list[Any], list[Any]]:
    """The menu's Rules for one player count."""
    from bohn_tui.games import rules_for, spec

    return excali_help(players, spec(game).help(rules_for(game, players)))


class SpellTextScreen(HelpScreen):
    """`r`: the texts of the viewer's spell cards and of every face-up one (public)."""

    BINDINGS = [Binding("escape,q,r,question_mark", "close", "Close")]

    def __init__(
        self, view: dict[str, Any], seat: int | None, names: list[str], castable: set[int]
    ) -> None:
        super().__init__([], [spell_texts(view, seat, names, castable)])
