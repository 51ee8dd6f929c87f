"""Computer players. A bot sees only what its seat may see: `view(state, seat)` (asked for
lazily, through `observe`) and the seat's legal actions; it never gets the state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..rules.actions import Action

Observe = Callable[[], dict[str, Any]]


class Bot(Protocol):
    level: str

    def choose(self, seat: int, observe: Observe, legal: list[Action]) -> Action:
        """Pick one action for `seat`: one of `legal`, or an Offer when the view's
        `can_offer` is true. A bot may set `reason` (a short text for the game log)."""
        ...


# Optional, besides `choose`: `propose(seat, observe) -> Action | None`, an Offer from a
# seat that is not active to the active player. The play loops (simulate.play_game,
# session.Session) call it for each such seat when phase 2 (trade) begins and after each
# completed trade. After each choice a bot may set `reason: str` for the game log: the
# why of the action ("needs the field for Soy"); the log says what was done.


BotFactory = Callable[[int, bool], Bot]
LEVELS: dict[str, BotFactory] = {}


def register(level: str) -> Callable[[BotFactory], BotFactory]:
    """Register a bot level: a factory taking (seed, trade) -> Bot."""

    def deco(factory: BotFactory) -> BotFactory:
        LEVELS[level] = factory
        return factory

    return deco


def make_bot(level: str, seed: int = 0, trade: bool = True) -> Bot:
    """A bot of `level`, with its own seeded randomness; trade=False never offers."""
    from . import expert, random_bot, standard  # noqa: F401  (each module registers its levels)

    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose one of: {', '.join(sorted(LEVELS))}")
    from .rose import rose_or  # standard and expert play Bohnröschen through rose.py

    return rose_or(LEVELS[level](seed, trade))
