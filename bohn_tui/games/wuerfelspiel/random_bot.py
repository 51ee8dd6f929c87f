"""A small random bot for the dice game (until the bots helper's bots.py): a random legal
action when asked; when it may harvest on another player's turn, it does so half the time."""

from __future__ import annotations

import random

from bohn_tui.engine.actions import Action
from bohn_tui.engine.bots import Observe
from bohn_tui.games.wuerfelspiel.actions import Harvest


class RandomDiceBot:
    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self._random = random.Random(seed).random
        self.reason = ""

    def choose(self, seat: int, observe: Observe, legal: list[Action]) -> Action:
        return legal[int(self._random() * len(legal))]

    def propose(self, seat: int, observe: Observe) -> Action | None:
        """Called only when this seat may harvest (Rules.may_propose)."""
        return Harvest(seat) if self._random() < 0.5 else None
