"""Computer players. A bot sees only what its seat may see: `view(state, seat)` (asked for
lazily, through `observe`) and the seat's legal actions; it never gets the state. Each game's
spec makes its bots by level (`GameSpec.bots`); bohn_tui.play.driver runs them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from bohn_tui.engine.actions import Action

Observe = Callable[[], dict[str, Any]]


class Bot(Protocol):
    level: str

    def choose(self, seat: int, observe: Observe, legal: list[Action]) -> Action:
        """Pick one action for `seat`: one of `legal`, or an action the view says may be
        volunteered (an Offer when `can_offer` is true). A bot may set `reason` (a short
        text for the game log)."""
        ...


# Optional, besides `choose`: `propose(seat, observe) -> Action | None`, an action from a
# seat that is not asked (an Offer to the active player). The bot driver calls it for each
# such seat once per `Rules.proposal_round` key (phase 2 begins, a trade was made). After
# each choice a bot may set `reason: str` for the game log: the why of the action ("needs the
# field for Soy"); the log says what was done.
