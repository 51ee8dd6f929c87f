"""Bohnröschen's own actions (docs/formats.md). They live apart from the rules module so that
bohn_tui.games can register them for game records at once, cheaply; the game itself
is imported only when it is played."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bohn_tui.engine.actions import Action, register_actions
from bohn_tui.games.common.actions import on_field


@dataclass(frozen=True, slots=True)
class PayTribute(Action):
    """Pay the top coin of the coin stack and move the figure one vine card on."""

    type: ClassVar[str] = "pay_tribute"


@dataclass(frozen=True, slots=True)
class EndTribute(Action):
    """Intermediate phase: this seat pays no more tribute."""

    type: ClassVar[str] = "end_tribute"


@dataclass(frozen=True, slots=True)
class DrawCards(Action):
    """Phase 4: draw to the back of the hand; this ends the turn."""

    type: ClassVar[str] = "draw_cards"


@dataclass(frozen=True, slots=True)
class PlantKind(Action):
    """Two players, phase 0 or 3: plant all the beans of `variety` on field `field`."""

    type: ClassVar[str] = "plant_kind"
    variety: str
    field: int

    def words(self) -> str:
        return on_field(self, self.field)


@dataclass(frozen=True, slots=True)
class DiscardKind(Action):
    """Two players, phase 0: put all the left beans of `variety` on the discard pile."""

    type: ClassVar[str] = "discard_kind"
    variety: str


BOHNROSCHEN_ACTIONS = (PayTribute, EndTribute, DrawCards, PlantKind, DiscardKind)
register_actions(*BOHNROSCHEN_ACTIONS)
