"""The menu's Rules of one game: its rules at one of its player counts, and a line of the
counts to switch between (a digit or the arrows), since the rules differ by count (the
beans removed, the fields, the duel for two...)."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from bohn_tui.games import spec
from bohn_tui.ui.parts import load_parts
from bohn_tui.ui.screens.help import HelpScreen


def counts_line(counts: tuple[int, ...], now: int) -> Text:
    """`Players:  2 [3] 4  5   ←/→ or a number: ...`: the count shown, and the others."""
    line = Text.assemble(("Players: ", "bold"))
    for n in counts:
        line.append(f"[{n}]" if n == now else f" {n} ", style="reverse bold" if n == now else "")
    if len(counts) > 1:
        line.append("   ←/→ or a number: the rules for that many", style="dim")
    return line


class RulesScreen(HelpScreen):
    """The rules of `game`, for one of its counts at a time (the first to begin with)."""

    CLOSE = "Esc closes the rules · ↑↓ PgUp PgDn scroll"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "close", "Close"),
        Binding("left", "step(-1)", "Fewer players", show=False),
        Binding("right", "step(1)", "More players", show=False),
        *(Binding(str(n), f"count({n})", show=False) for n in range(1, 10)),
    ]

    def __init__(self, game: str) -> None:
        super().__init__([])
        self.game = game
        self.counts = spec(game).player_counts
        self.players = self.counts[0]
        self._parts()

    def _parts(self) -> None:
        before, after = load_parts(spec(self.game).table).rules_help(self.game, self.players)
        line: list[Any] = [counts_line(self.counts, self.players)]
        self.before, self.after = line + list(before), list(after)

    async def action_count(self, n: int) -> None:
        if n in self.counts and n != self.players:
            self.players = n
            self._parts()
            await self.recompose()

    async def action_step(self, by: int) -> None:
        i = self.counts.index(self.players) + by
        if 0 <= i < len(self.counts):
            await self.action_count(self.counts[i])
