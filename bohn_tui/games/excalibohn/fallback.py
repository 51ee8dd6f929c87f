"""Until Excalibohn's own bots land: the common bots for the Bohnanza decisions, a random
legal action for Excalibohn's own (its phases, its decisions, its actions)."""

from __future__ import annotations

import random
from typing import Any

from bohn_tui.engine.bots import Observe
from bohn_tui.games.common import bots as common_bots
from bohn_tui.games.common.actions import Action
from bohn_tui.games.excalibohn.actions import EXCALIBOHN_ACTIONS

OWN = frozenset(a.type for a in EXCALIBOHN_ACTIONS)


class FallbackBot:
    """`base` (a common bot) where the choice is Bohnanza's; random where it is not."""

    def __init__(self, base: Any, seed: int) -> None:
        self.base = base
        self.level = base.level
        self.rng = random.Random(seed)

    def choose(self, seat: int, observe: Observe, legal: list[Action]) -> Action:
        if any(a.type in OWN for a in legal) or observe().get("pending") is not None:
            own = [a for a in legal if a.type in OWN] or legal
            if self.rng.random() < 0.8:
                return own[int(self.rng.random() * len(own))]
            return legal[int(self.rng.random() * len(legal))]
        return self.base.choose(seat, observe, legal)

    def propose(self, seat: int, observe: Observe) -> Action | None:
        propose = getattr(self.base, "propose", None)
        return propose(seat, observe) if propose is not None else None


def fallback_bot(level: str, seed: int, trade: bool) -> FallbackBot:
    # the expert searches with Bohnanza's own states: the standard bot stands in for it
    base = common_bots.make("standard" if level == "expert" else level, seed, trade)
    base.level = level
    return FallbackBot(base, seed)
