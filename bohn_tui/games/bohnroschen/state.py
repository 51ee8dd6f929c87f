"""Bohnröschen's state: a Bohnanza state plus the vine row, the figures and the task
bookkeeping."""

from __future__ import annotations

from dataclasses import dataclass, field

from bohn_tui.games.bohnroschen.tasks import Fact
from bohn_tui.games.common.rules import GameState


@dataclass(slots=True)
class BohnroschenState(GameState):
    """A Bohnanza state plus the vine row, the figures and the task bookkeeping."""

    vine: list[str] = field(default_factory=list)  # the row in order, the castle last
    vine_out: list[str] = field(default_factory=list)  # removed at setup (shorter game)
    revealed: int = 0  # cards [0, revealed) have been turned face up
    gone: int = 0  # cards [0, gone) have been passed by every figure and left the game
    pos: list[int] = field(default_factory=list)  # the card each figure stands on (its task)
    entered: list[bool] = field(default_factory=list)  # figure placed on the castle
    violet: int = 0  # solo: the layout card the violet figure stands on (castle_index: 28)
    red: int = 0  # solo: the red figure (set from data.toml's red_start at setup)
    since: list[list[Fact]] = field(default_factory=list)  # event-task facts since arriving
    phase_key: tuple[int, int] = (0, -1)  # (turn, phase number) of phase_facts
    phase_facts: list[Fact] = field(default_factory=list)
    fresh: set[tuple[int, int]] = field(default_factory=set)  # fields started this phase
    discarded: bool = False  # two players: a hand card was discarded this turn
    done: list[bool] = field(default_factory=list)  # intermediate phase: said "done"
    ender: int | None = None  # the seat that entered the castle first
