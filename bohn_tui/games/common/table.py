"""The pieces every game of the family shares: fields, players, the deck with its passes,
harvesting with the protection rule, and the coin pile."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from bohn_tui.games.common.data import Variety


class Field:
    """One bean field: any number of cards of one variety."""

    __slots__ = ("variety", "count")

    def __init__(self, variety: str | None = None, count: int = 0) -> None:
        self.variety = variety
        self.count = count

    def accepts(self, variety: str) -> bool:
        return self.count == 0 or self.variety == variety

    def __repr__(self) -> str:
        return f"Field({self.variety!r}, {self.count})"


@dataclass(slots=True)
class PlayerState:
    name: str
    hand: list[str]  # front card first; never re-ordered
    fields: list[Field]
    coins: list[str] = field(default_factory=list)  # coin cards, top of the stack last
    area: list[str] = field(default_factory=list)  # received cards still to plant
    bought_field: bool = False


def protected(fields: list[Field]) -> bool:
    """The protection rule: a field of one card may not be harvested while another field
    holds more than one. True when the player's single-card fields are protected."""
    for f in fields:
        if f.count > 1:
            return True
    return False


def harvestable(fields: list[Field]) -> list[int]:
    """Fields that may be harvested now: not empty, and not protected."""
    big = protected(fields)
    return [i for i, f in enumerate(fields) if f.count > 1 or (f.count == 1 and not big)]


def harvest(player: PlayerState, index: int, variety: Variety, discard: list[str]) -> int:
    """Harvest a field: coin cards to the treasury, the rest to the discard pile."""
    f = player.fields[index]
    coins = variety.coins_for(f.count)
    player.coins.extend([variety.id] * coins)
    discard.extend([variety.id] * (f.count - coins))
    f.variety, f.count = None, 0
    return coins


def pay_coins(player: PlayerState, amount: int, to: list[str]) -> None:
    """Pay coins from the top of the player's coin stack onto `to`."""
    for _ in range(amount):
        to.append(player.coins.pop())


@dataclass(slots=True)
class Deck:
    """The draw pile (top card last) and the discard pile (top card last), with the count
    of times the draw pile ran out. When it runs out for the `end_at`-th time the game is
    ending; before that the discard pile is shuffled into a new draw pile, with the game's
    one generator (the state's `rng`: a deck holds no chance of its own)."""

    cards: list[str]
    discard: list[str]
    end_at: int
    runouts: int = 0
    ending: bool = False

    def draw(self, n: int, on_runout: list[tuple[int, int]], rng: random.Random) -> list[str]:
        """Draw up to n cards; each run-out is reported as (time, new deck size)."""
        out: list[str] = []
        for _ in range(n):
            while not self.cards and not self.ending:
                self._run_out(on_runout, rng)
            if self.ending:
                break
            out.append(self.cards.pop())
            if not self.cards:
                self._run_out(on_runout, rng)
        return out

    def _run_out(self, on_runout: list[tuple[int, int]], rng: random.Random) -> None:
        self.runouts += 1
        if self.runouts >= self.end_at:
            self.ending = True
            on_runout.append((self.runouts, 0))
            return
        self.cards = self.discard
        self.discard = []
        shuffle(self.cards, rng)
        on_runout.append((self.runouts, len(self.cards)))


def shuffle(cards: list[str], rng: random.Random) -> None:
    """Shuffle in place, every order equally likely: sorting by independent random keys
    takes a third of the time of random.shuffle, and it runs at the start of every game
    and at every run-out."""
    key = rng.random
    cards.sort(key=lambda _: key())


def count_cards(*piles: list[str]) -> Counter[str]:
    c: Counter[str] = Counter()
    for pile in piles:
        c.update(pile)
    return c
