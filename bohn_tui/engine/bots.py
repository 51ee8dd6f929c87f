"""Computer players. A bot sees only what its seat may see: `view(state, seat)` (asked for
lazily, through `observe`) and the seat's legal actions; it never gets the state. Each game's
spec makes its bots by level (`GameSpec.bots`); the bot driver (engine/driver.py) asks them,
for the session (play/session.py) and for simulations and rollouts alike.

`Bot` is what every bot has. What some bots have besides is a capability of its own, a
protocol below, checked through engine/capabilities.py (never by looking a name up):
`Proposes` (actions a seat volunteers), `Reasons` (the why of its last action, for the log),
`SeesPeople` (the seats people play, set by whoever seats it) and `DrawsUniform` (its choice
is a uniform draw the driver may make itself)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from bohn_tui.engine.actions import Action

Observe = Callable[[], dict[str, Any]]


class Bot(Protocol):
    level: str

    def choose(self, seat: int, observe: Observe, legal: list[Action]) -> Action:
        """Pick one action for `seat`: one of `legal`, or an action the view says may be
        volunteered (an Offer when `can_offer` is true)."""
        ...


@runtime_checkable
class Proposes(Protocol):
    """A bot that volunteers actions (an Offer to the active player, a harvest). The bot
    driver asks each such seat once per volunteering window (`Ask.window`: phase 2 begins, a
    trade was made) while the seat's ask (`Rules.asks`) says it may volunteer."""

    def propose(self, seat: int, observe: Observe) -> Action | None: ...


@runtime_checkable
class Reasons(Protocol):
    """A bot that says why: after each choice it may set `reason` to a short text for the
    game log ("needs the field for Soy"; the log says what was done). The session reads it
    after the bot's action is applied and sets it back to ""."""

    reason: str


@runtime_checkable
class SeesPeople(Protocol):
    """A bot that knows which seats people play (its offers to people are few: it hands the
    screen over). Whoever seats it sets `people` (the session); empty by default."""

    people: frozenset[int]


@runtime_checkable
class DrawsUniform(Protocol):
    """A bot whose `choose` is `legal[floor(uniform() * len(legal))]` and nothing else (the
    random bot without trading): the bot driver makes that draw itself, without a call of
    `choose` or a view (engine/driver.py's fast path)."""

    def uniform(self) -> float: ...
