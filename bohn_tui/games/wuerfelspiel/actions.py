"""The dice game's actions and events (docs/formats.md). They live apart from the rules so
that bohn_tui.games can register them for game records at once, cheaply.

Dice are numbered 0-4 (0 and 1 the darker ones, 2-4 the lighter: data.toml); a face is a
kind id ("soy"). Orders on a card are numbered 0-4 from the bottom."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bohn_tui.engine.actions import Action, Event, register_actions


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """The roller: place the dice `place` (of the roll just made) on the bean field, then
    roll the dice not on the field. The first roll of a turn places nothing and rolls all
    five; every later one places at least one die. Placing every die left ends the rolling:
    the roller's own check follows and the bean figure passes on."""

    type: ClassVar[str] = "roll"
    place: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Reroll(Action):
    """The roller, once a turn: lay the bean figure down and roll again all the dice just
    rolled (never only some), after the others have checked."""

    type: ClassVar[str] = "reroll"


@dataclass(frozen=True, slots=True)
class Harvest(Action):
    """Any seat with three or more fulfilled orders, at any time: harvest the upper card."""

    type: ClassVar[str] = "harvest_card"  # "harvest" is the bean games' (a field)


DICE_ACTIONS = (Roll, Reroll, Harvest)
register_actions(*DICE_ACTIONS)


# -- events ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """Setup: `seat`'s two face-up harvest cards (upper, lower: card numbers)."""

    type: ClassVar[str] = "dealt"
    seat: int
    upper: int
    lower: int


@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    """`seat` takes the bean figure and the five dice."""

    type: ClassVar[str] = "turn_began"
    seat: int


@dataclass(frozen=True, slots=True)
class Placed(Event):
    """The roller placed `dice` (showing `faces`) on the bean field."""

    type: ClassVar[str] = "placed"
    seat: int
    dice: tuple[int, ...]
    faces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Rolled(Event):
    """A chance event: `dice` came up `faces`; `figure`: the bean figure's re-roll."""

    type: ClassVar[str] = "rolled"
    seat: int
    dice: tuple[int, ...]
    faces: tuple[str, ...]
    figure: bool = False


@dataclass(frozen=True, slots=True)
class Covered(Event):
    """`seat` fulfilled orders `orders` (numbered from the bottom) of its upper card and
    covered them; `source` says with which dice: "roll" (the roll just made by `roller`),
    "field" (the roller's own check of the bean field)."""

    type: ClassVar[str] = "covered"
    seat: int
    orders: tuple[int, ...]
    source: str
    roller: int


@dataclass(frozen=True, slots=True)
class Harvested(Event):
    """`seat` harvested its upper card `card` with `orders` fulfilled orders for `thalers`
    thalers (now `total`); `upper` is its new upper card, `lower` the new lower card drawn
    (None when none could be drawn)."""

    type: ClassVar[str] = "harvested"
    seat: int
    card: int
    orders: int
    thalers: int
    total: int
    upper: int | None
    lower: int | None


@dataclass(frozen=True, slots=True)
class Exchanged(Event):
    """The harvest pile ran out: `seat` exchanged five single thalers for an overview card
    (worth five); the five cards, shuffled, are the new pile."""

    type: ClassVar[str] = "exchanged"
    seat: int


@dataclass(frozen=True, slots=True)
class EndTriggered(Event):
    """`seat`'s harvest brought it to `total` thalers (10 or more): the game ends."""

    type: ClassVar[str] = "end_triggered"
    seat: int
    total: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over: `winners` share the win with `thalers` each."""

    type: ClassVar[str] = "game_ended"
    winners: tuple[int, ...]
    thalers: int
