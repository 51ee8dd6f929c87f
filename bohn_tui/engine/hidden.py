"""Hidden cards dealt anew: the one way a game's rules (`Rules.redeal_hidden`: what a seat
cannot see, shuffled among its places) and the bots' sampled worlds (a whole state made
from what one seat sees, the unseen cards dealt at random) deal cards nobody may know.

A place is a pile and an index into it (`pile[index] = card`). `deal` shuffles the cards
with the generator's `shuffle` (its draws: a record's replay and the bots' seeded worlds
depend on them) and puts the k-th into the k-th place; `redeal` deals the cards lying in
some places among those places (each pile keeps its size, the cards only change places).

Pure Python: no game, no UI.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any

Place = tuple[MutableSequence[Any], int]  # a pile and an index into it

__all__ = ["Place", "deal", "places", "redeal"]


def deal(cards: list[Any], where: Sequence[Place], rng: random.Random) -> None:
    """Shuffle `cards` (in place, `rng.shuffle`) and put the k-th into the k-th of `where`
    (as many places as cards: ValueError otherwise)."""
    if len(cards) != len(where):
        raise ValueError(f"{len(cards)} cards cannot be dealt to {len(where)} places")
    rng.shuffle(cards)
    for (pile, i), card in zip(where, cards, strict=True):
        pile[i] = card


def redeal(where: Sequence[Place], rng: random.Random) -> None:
    """The cards in `where` dealt anew among those places."""
    deal([pile[i] for pile, i in where], where, rng)


def places(pile: MutableSequence[Any], start: int = 0, stop: int | None = None) -> list[Place]:
    """The places of `pile` from `start` to `stop` (its end by default), in order."""
    return [(pile, i) for i in range(start, len(pile) if stop is None else stop)]
