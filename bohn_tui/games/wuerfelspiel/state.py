"""The dice game's state: the harvest pile, each player's two cards and thalers, the five dice
and where they lie, the bean figure, and how the game ends (rules.py applies the actions).

Dice lie in one of three places: "hand" (before the game's first roll), "rolled" (the roll
just made: the roller places from it), "field" (the bean field; a die there is not rolled
again this turn). Between turns the dice stay on the field as the last roller left them: that
roller may still check against them after a harvest, until the next roller rolls."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bohn_tui.games.wuerfelspiel.dice import HARVEST

HAND, ROLLED, FIELD = "hand", "rolled", "field"


@dataclass(slots=True)
class Player:
    name: str
    upper: int | None  # the active harvest card (its number), None if none is left
    lower: int | None  # the card that covers the upper one's fulfilled orders
    covered: int = 0  # fulfilled (covered) orders of the upper card, from the bottom
    singles: list[int] = field(default_factory=list)  # harvest cards turned to thalers
    overview: int = 0  # overview cards taken in exchange (worth 5 thalers each)

    @property
    def ripe(self) -> bool:
        """Whether the upper card may be harvested (HARVEST or more covered orders)."""
        return self.upper is not None and self.covered >= HARVEST

    @property
    def thalers(self) -> int:
        return len(self.singles) + 5 * self.overview

    def copy(self) -> Player:
        return Player(
            self.name, self.upper, self.lower, self.covered, list(self.singles), self.overview
        )


@dataclass(slots=True)
class DiceState:
    rules: Any  # the DiceRules that made it (stateless, shared)
    rng: random.Random
    players: list[Player]
    pile: list[int]  # the harvest pile, its top card last
    overview_left: int = 5
    turn: int = 1  # the turn under way (the first is 1, as in the bean games)
    roller: int = 0  # who holds the bean figure
    faces: list[str | None] = field(default_factory=lambda: [None] * 5)
    where: list[str] = field(default_factory=lambda: [HAND] * 5)
    first_roll: bool = True  # the roller has not rolled yet this turn
    rolls: int = 0  # rolls made this turn (the figure's re-roll included)
    figure_used: bool = False
    # the last roll: who made it, which dice, whether with the figure; open while the roller
    # has not placed from it nor rolled again
    last_roller: int | None = None
    last_dice: tuple[int, ...] = ()
    last_figure: bool = False
    open: bool = False
    field_seat: int | None = None  # whose complete bean field the dice are (until a roll)
    fulfilled: list[tuple[int, tuple[int, ...], str]] = field(default_factory=list)
    ending: tuple[int, int] | None = None  # (seat, thalers) of the harvest that ends it
    over: bool = False
    winners: tuple[int, ...] = ()
    moves: int = 0  # actions applied (the proposal round's key)
    options: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> DiceState:
        """An independent copy (the generator too) sharing the rules: for bot rollouts."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return DiceState(
            self.rules,
            rng,
            [p.copy() for p in self.players],
            list(self.pile),
            self.overview_left,
            self.turn,
            self.roller,
            list(self.faces),
            list(self.where),
            self.first_roll,
            self.rolls,
            self.figure_used,
            self.last_roller,
            self.last_dice,
            self.last_figure,
            self.open,
            self.field_seat,
            list(self.fulfilled),
            self.ending,
            self.over,
            self.winners,
            self.moves,
            dict(self.options),
        )

    def rolled_dice(self) -> tuple[int, ...]:
        return tuple(i for i, w in enumerate(self.where) if w == ROLLED)

    def field_faces(self) -> list[str]:
        return [f for f, w in zip(self.faces, self.where, strict=True) if w == FIELD and f]

    def roll_faces(self) -> list[str]:
        return [self.faces[i] or "" for i in self.last_dice]
