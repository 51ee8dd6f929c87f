"""Pocket duel's computer players: `random` (any legal action) and `standard` (blocks when
it can, plays its highest card with a full hand, else draws while the pile lasts)."""

from __future__ import annotations

import random
from typing import Any

from bohn_testgame.rules import Answer, Draw, Play
from bohn_tui.engine.actions import Action


class DuelBot:
    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.rng = random.Random(seed)
        self.reason = ""

    def choose(self, seat: int, observe: Any, legal: list[Action]) -> Action:
        if self.level == "random":
            return self.rng.choice(legal)
        if Answer(seat, True) in legal:
            self.reason = "blocks what it can"
            return Answer(seat, True)
        plays = [a for a in legal if isinstance(a, Play)]
        if Draw(seat) in legal and len(plays) < 2:
            return Draw(seat)
        return max(plays, key=lambda a: a.card) if plays else legal[0]


def make(level: str, seed: int) -> DuelBot:
    if level not in ("random", "standard"):
        raise ValueError(f"unknown bot level {level!r}; choose one of: random, standard")
    return DuelBot(level, seed)
