"""The `random` level: uniformly random legal actions, with a bounded number of random
offers a turn so that games end."""

from __future__ import annotations

import random

from bohn_tui.engine.bots import Observe
from bohn_tui.games.common.actions import Action, Decline, Offer

OFFERS_PER_TURN = 2
OFFER_CHANCE = 0.25
TRADE_ANSWERS = {"end_trading", "decline"}


class RandomBot:
    level = "random"

    def __init__(self, seed: int = 0, trade: bool = True) -> None:
        self.rng = random.Random(seed)
        self._random = self.rng.random
        self.trade = trade
        self._turn = -1
        self._offers = 0

    def __new__(cls, seed: int = 0, trade: bool = True) -> RandomBot:
        # without trading it is a UniformRandomBot: the capability is its class's
        # (engine/capabilities.py knows the driver's capabilities per type)
        return super().__new__(UniformRandomBot if cls is RandomBot and not trade else cls)

    def choose(self, seat: int, observe: Observe, legal: list[Action]) -> Action:
        if self.trade and any(a.type in TRADE_ANSWERS for a in legal):
            offer = self._maybe_offer(seat, observe, legal)
            if offer is not None:
                return offer
        return legal[int(self._random() * len(legal))]

    def _maybe_offer(self, seat: int, observe: Observe, legal: list[Action]) -> Action | None:
        rng = self.rng
        if rng.random() >= OFFER_CHANCE:
            return None
        view = observe()
        if not view.get("can_offer"):
            return None
        if view["turn"] != self._turn:
            self._turn, self._offers = view["turn"], 0
        if self._offers >= OFFERS_PER_TURN:
            return None
        me = view["players"][seat]
        hand = me["hand"] or []
        up = view["turned_up"] if view["active"] == seat else []
        give_hand = tuple(sorted(rng.sample(range(len(hand)), k=min(len(hand), rng.randint(0, 2)))))
        give_up = tuple(sorted(rng.sample(range(len(up)), k=min(len(up), rng.randint(0, 2)))))
        kinds = view["varieties"]
        want = tuple(rng.choice(kinds) for _ in range(rng.randint(0, 2)))
        if not (give_hand or give_up or want):
            return None
        others = [p["seat"] for p in view["players"] if p["seat"] != seat]
        counter_to = None
        if view["active"] == seat:
            to = rng.choice([*others, None])
        else:
            to = view["active"]
            # answering an offer: counter it
            asked = [a.offer for a in legal if isinstance(a, Decline)]
            mine = [o["id"] for o in view["offers"] if o["id"] in asked and o["seat"] == to]
            counter_to = rng.choice(mine) if mine else None
        self._offers += 1
        return Offer(seat, to, give_hand, give_up, want, counter_to)


class UniformRandomBot(RandomBot):
    """The random bot without trading: its choose is legal[floor(random() * len(legal))],
    so it offers `uniform` (engine/bots.py's DrawsUniform): the bot driver draws it so,
    without calling it."""

    def __init__(self, seed: int = 0, trade: bool = False) -> None:
        super().__init__(seed, trade=False)
        self.uniform = self._random
