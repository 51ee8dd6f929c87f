"""What the rules ask each seat (engine.contract.Ask), read the way the bot driver reads it:
whether a seat may volunteer an action now, and the volunteering window."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from bohn_tui.engine.contract import window_of


def may_volunteer(state: Any, seat: int) -> bool:
    """The seat's ask says it may volunteer an action now (an offer, a harvest)."""
    ask = state.rules.asks(state).get(seat)
    return ask is not None and ask.volunteer


def window(state: Any) -> Hashable:
    """The volunteering window of the asks now (None: nobody may volunteer)."""
    return window_of(state.rules.asks(state))


def private_at_start(game: str) -> bool:
    """A new game of `game` (its largest count) asks something private at once
    (`Ask.private`: a hand to hide); False for a game whose every decision is public."""
    from bohn_tui.games import rules_for, spec

    n = max(spec(game).player_counts)
    rules = rules_for(game, n)
    state, _ = rules.new_game([f"P{i}" for i in range(n)], 1)
    return any(a.private for a in rules.asks(state).values())
