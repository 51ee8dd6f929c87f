"""Chance the rules can name (OpenSpiel's chance nodes are the model): where a game leaves
something to chance, its rules draw it through a declared `Chance` (a roll, a pick from a
pile) or `Shuffle` (every order of some cards equally likely), which lists the outcomes with
their exact probabilities and draws one from the state's seeded generator, consuming it
exactly as the rules always have, so that a record replays from its seed.

A `Told` generator is told outcomes by value ("the roll shows Chili, Soy, ..."): a declared
chance drawn from it takes the next one it was told (checked against the declared outcomes),
and draws as a seeded generator once it was told nothing more. Tests choose outcomes this
way instead of rigging the numbers a generator gives.

Pure Python: no game, no UI.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

T = TypeVar("T", bound=Hashable)

Outcomes = tuple[tuple[Any, Fraction], ...]


@dataclass(frozen=True, eq=False)
class Chance(Generic[T]):
    """One thing left to chance with a list of outcomes: `name` says what, for a person
    ("a roll of 3 dice"); `make` lists every outcome with its exact probability
    (each positive, all summing to 1; listed once, when first asked: `outcomes`); `pick`
    draws one from a generator the way the rules do (the consumption a record's replay
    depends on)."""

    name: str
    make: Callable[[], Iterable[tuple[T, Fraction]]] = field(repr=False)
    pick: Callable[[random.Random], T] = field(repr=False)

    @cached_property
    def outcomes(self) -> tuple[tuple[T, Fraction], ...]:
        """Every outcome with its probability (equal outcomes merged)."""
        merged: dict[T, Fraction] = {}
        for outcome, p in self.make():
            merged[outcome] = merged.get(outcome, Fraction(0)) + p
        return tuple(merged.items())

    @cached_property
    def table(self) -> dict[T, Fraction]:
        """`outcomes` as a dict."""
        return dict(self.outcomes)

    def probability(self, outcome: T) -> Fraction:
        """The probability of `outcome` (0 for one that cannot come)."""
        return self.table.get(outcome, Fraction(0))

    def draw(self, rng: random.Random) -> T:
        """One outcome, drawn from `rng` (from what a `Told` generator was told first)."""
        if rng.__class__ is Told:
            return rng.told(self)  # type: ignore[no-any-return]
        return self.pick(rng)


def places(name: str, n: int) -> Chance[int]:
    """One of `n` places (0 to n-1: a card from a pile that is not kept in order), each equally
    likely, drawn as `rng.randrange(n)`."""
    if n < 1:
        raise ValueError(f"{name}: no place to pick from")
    return Chance(
        name, lambda: ((i, Fraction(1, n)) for i in range(n)), lambda rng: rng.randrange(n)
    )


def dice_roll(name: str, sides: Sequence[Sequence[T]]) -> Chance[tuple[T, ...]]:
    """A roll of dice (each die the sequence of its faces, every face equally likely): the
    faces shown, in die order, each drawn as `faces[int(rng.random() * len(faces))]`, one die
    after the other."""
    sides = tuple(tuple(s) for s in sides)

    def make() -> Iterable[tuple[tuple[T, ...], Fraction]]:
        total = math.prod(len(s) for s in sides)
        counts = Counter(itertools.product(*sides))
        return ((faces, Fraction(w, total)) for faces, w in counts.items())

    def pick(rng: random.Random) -> tuple[T, ...]:
        r = rng.random
        return tuple([s[int(r() * len(s))] for s in sides])

    return Chance(name, make, pick)


SHUFFLES = ("keys", "swaps")  # how a Shuffle draws: see Shuffle.by


@dataclass(frozen=True, eq=False)
class Shuffle:
    """Some cards shuffled, every order equally likely: `name` says which ("the discard pile
    shuffled into a new draw pile"), `cards` are the cards as they lie before. Every order
    is an outcome of probability 1/n! (equal cards merge their orders): `outcomes` lists them
    for a small pile only; `place` is what any one place of the shuffled pile holds (the top
    card, the next turn-up): each card with its count over the pile's size. `by` is how the
    rules draw it: "keys" sorts by one `rng.random()` per card (games/common's deck),
    "swaps" is `rng.shuffle`."""

    name: str
    cards: tuple[Any, ...]
    by: str = "keys"

    LISTED = 8  # the most cards whose orders `outcomes` lists

    def __post_init__(self) -> None:
        if self.by not in SHUFFLES:
            raise ValueError(f"{self.name}: a shuffle is by {' or '.join(SHUFFLES)}, not {self.by}")

    @cached_property
    def outcomes(self) -> tuple[tuple[tuple[Any, ...], Fraction], ...]:
        """Every distinct order with its probability (ValueError above LISTED cards)."""
        if len(self.cards) > self.LISTED:
            raise ValueError(f"{self.name}: {len(self.cards)} cards have too many orders to list")
        counts = Counter(itertools.permutations(self.cards))
        total = math.factorial(len(self.cards))
        return tuple((order, Fraction(w, total)) for order, w in counts.items())

    @cached_property
    def place(self) -> tuple[tuple[Any, Fraction], ...]:
        """What any one place of the shuffled pile holds, with its probability."""
        n = len(self.cards)
        return tuple((card, Fraction(k, n)) for card, k in Counter(self.cards).items())

    def draw(self, rng: random.Random, cards: list[Any]) -> None:
        """Shuffle `cards` (the declared cards) in place with `rng` (or as a `Told` generator
        was told)."""
        if rng.__class__ is Told:
            cards[:] = rng.told(self)
        else:
            self.shuffle(rng, cards)

    def shuffle(self, rng: random.Random, cards: list[Any]) -> None:
        """The draw itself, from a generator (`by`)."""
        if self.by == "swaps":
            rng.shuffle(cards)
        else:
            by_keys(cards, rng)


def by_keys(cards: list[Any], rng: random.Random) -> None:
    """A Shuffle "by keys": sorting by independent random keys, one `rng.random()` per card in
    order (a third of random.shuffle's time: it runs at the start of every game and at every
    run-out of a bean game's pile)."""
    n = len(cards)
    keys = list(itertools.starmap(rng.random, itertools.repeat((), n)))
    cards[:] = map(cards.__getitem__, sorted(range(n), key=keys.__getitem__))


class Told(random.Random):
    """A seeded generator that is told the outcomes of the next chances: `tell(outcome, ...)`
    queues them (an outcome of a `Chance`, or the order of a `Shuffle`'s cards, top of the
    pile as the game keeps it), and each declared chance drawn from it takes the next one,
    checked: a ValueError names the chance and the outcome it cannot give. Told nothing
    more, it draws as the seeded generator it is. (Exactly this class, not a subclass: a
    draw asks `rng.__class__ is Told`, one comparison on the engine's hot path.)"""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.queue: list[Any] = []

    def tell(self, *outcomes: Any) -> Told:
        self.queue.extend(outcomes)
        return self

    def told(self, chance: Chance[Any] | Shuffle) -> Any:
        if not self.queue:
            if isinstance(chance, Shuffle):
                cards = list(chance.cards)
                chance.shuffle(self, cards)
                return cards
            return chance.pick(self)
        outcome = self.queue.pop(0)
        if isinstance(chance, Shuffle):
            if Counter(outcome) != Counter(chance.cards):
                raise ValueError(f"{chance.name} cannot give the order {list(outcome)}")
            return list(outcome)
        if not chance.probability(outcome):
            raise ValueError(f"{chance.name} cannot give {outcome!r}")
        return outcome


@runtime_checkable
class NamesChance(Protocol):
    """Rules that name their chance: `chances(state)` lists what the actions legal now may
    leave to chance, as the rules will draw it (a `Chance` or a `Shuffle` each)."""

    def chances(self, state: Any) -> list[Chance[Any] | Shuffle]: ...


def check(chance: Chance[Any] | Shuffle) -> list[str]:
    """What is wrong with a declared chance's probabilities: each must be positive and all
    must sum to 1 (a Shuffle's `place`, and its orders when they are few)."""
    lists: list[Outcomes] = []
    if isinstance(chance, Shuffle):
        lists.append(chance.place)
        if len(chance.cards) <= Shuffle.LISTED:
            lists.append(chance.outcomes)
    else:
        lists.append(chance.outcomes)
    wrong = []
    for outcomes in lists:
        if not outcomes:
            wrong.append(f"{chance.name}: no outcomes")
        if any(p <= 0 for _, p in outcomes):
            wrong.append(f"{chance.name}: a probability is not positive")
        if sum(p for _, p in outcomes) != 1:
            wrong.append(f"{chance.name}: the probabilities sum to {sum(p for _, p in outcomes)}")
    return wrong
