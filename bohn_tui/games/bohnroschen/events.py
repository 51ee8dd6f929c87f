"""Bohnröschen's own events (docs/formats.md): tribute, the figures, the vine row, the solo
figures, the end of the tribute round and the reshuffled draw pile."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bohn_tui.games.common.actions import Event


@dataclass(frozen=True, slots=True)
class TributePaid(Event):
    type: ClassVar[str] = "tribute_paid"
    seat: int
    variety: str  # the coin card, now bean side up on the discard pile (or out of the game)
    removed: bool


@dataclass(frozen=True, slots=True)
class FigureMoved(Event):
    """A figure left vine card `card` for position `to`: its task was fulfilled ("task"),
    or tribute was paid for it ("tribute")."""

    type: ClassVar[str] = "figure_moved"
    seat: int
    card: str
    to: int
    how: str
    text: str


@dataclass(frozen=True, slots=True)
class CastleEntered(Event):
    type: ClassVar[str] = "castle_entered"
    seat: int
    coins: int


@dataclass(frozen=True, slots=True)
class VineRevealed(Event):
    type: ClassVar[str] = "vine_revealed"
    index: int
    card: str


@dataclass(frozen=True, slots=True)
class VineRemoved(Event):
    """Every figure has passed this card: it leaves the game."""

    type: ClassVar[str] = "vine_removed"
    index: int
    card: str


@dataclass(frozen=True, slots=True)
class NeutralMoved(Event):
    """Solo: the violet or the red figure moved (positions are layout cards, castle 28)."""

    type: ClassVar[str] = "neutral_moved"
    figure: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class TributeDone(Event):
    type: ClassVar[str] = "tribute_done"
    seat: int


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    """The empty draw pile is refilled from the discard pile (after an earlier run-out)."""

    type: ClassVar[str] = "deck_reshuffled"
    size: int
