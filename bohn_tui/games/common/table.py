"""The pieces every game of the family shares: fields, players, the deck with its passes,
harvesting with the protection rule, and the coin pile."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bohn_tui.engine.chance import Shuffle, Told, by_keys
from bohn_tui.games.common.data import Variety

DEAL = "the deal: the deck shuffled"  # the names of the bean games' shuffles (their chance)
RESHUFFLE = "the discard pile shuffled into a new draw pile"

T = TypeVar("T")


class Field:
    """One bean field: any number of cards of one variety (variety None exactly when empty)."""

    __slots__ = ("variety", "count")

    def __init__(self, variety: str | None = None, count: int = 0) -> None:
        self.variety = variety
        self.count = count

    def accepts(self, variety: str) -> bool:
        """Whether a card of `variety` may be planted here (`plant_choices` says it)."""
        return bool(plant_targets([self], variety))

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


def plant_choices(
    fields: list[Field], kinds: Iterable[str], rows: Mapping[str, Sequence[T]], out: list[T]
) -> list[T]:
    """Appends to `out`, for each variety in `kinds` (in order) and each field i that takes
    a card of it, `rows[variety][i]`: an empty field (variety None) takes any variety, a
    planted one only its own. The one place this rule is written (Field.accepts, the legal
    actions and planting ask it); `rows` are usually the seat's made-once actions. Three
    fields or fewer are unrolled: it runs before most decisions of every game."""
    if len(fields) == 3:
        f0, f1, f2 = fields
        v0, v1, v2 = f0.variety, f1.variety, f2.variety
        for v in kinds:
            row = rows[v]
            if v0 is None or v0 == v:
                out.append(row[0])
            if v1 is None or v1 == v:
                out.append(row[1])
            if v2 is None or v2 == v:
                out.append(row[2])
        return out
    for v in kinds:
        row = rows[v]
        i = 0
        for f in fields:
            if f.variety is None or f.variety == v:
                out.append(row[i])
            i += 1
    return out


def distinct(cards: list[str]) -> list[str] | dict[str, None]:
    """The kinds of `cards`, each once, in the order they first appear (dict.fromkeys, which
    costs more than the usual one or two cards need)."""
    if len(cards) < 2:
        return cards
    if len(cards) == 2:
        return cards if cards[0] != cards[1] else cards[:1]
    return dict.fromkeys(cards)


def plant_targets(fields: list[Field], variety: str) -> list[int]:
    """The fields that take a card of `variety` (plant_choices)."""
    return plant_choices(fields, (variety,), {variety: range(len(fields))}, [])


def protected_counts(counts: Sequence[int]) -> bool:
    """The protection rule: a field of one card may not be harvested while another field
    holds more than one. True when single-card fields are protected."""
    return any(c > 1 for c in counts)


def harvestable_counts(counts: Sequence[int]) -> list[int]:
    """The fields (given by their card counts) that may be harvested now: not empty, and
    not protected. The one statement of the rule; the tables below are made from it."""
    big = protected_counts(counts)
    return [i for i, c in enumerate(counts) if c > 1 or (c == 1 and not big)]


MAX_TABLED = 4  # harvestable fields are looked up for up to this many fields


def _tables() -> list[list[tuple[int, ...]]]:
    """HARVESTABLE[n][code]: the harvestable fields of n fields whose counts, capped at 2,
    are the base-3 digits of `code` (field 0 the lowest; see field_code)."""
    out: list[list[tuple[int, ...]]] = [[()]]
    for n in range(1, MAX_TABLED + 1):
        rows = []
        for code in range(3**n):
            counts = [(code // 3**i) % 3 for i in range(n)]
            rows.append(tuple(harvestable_counts(counts)))
        out.append(rows)
    return out


HARVESTABLE = _tables()


def field_code(fields: list[Field]) -> int:
    """The key of HARVESTABLE[len(fields)]: each field's count capped at 2, in base 3."""
    code = 0
    for f in reversed(fields):
        c = f.count
        code = code * 3 + (c if c < 2 else 2)
    return code


TREE_COUNTS = 32  # harvest trees are indexed directly by counts below this (larger: capped)


def harvest_tree(by_code: list[list[T]]) -> list[Any]:
    """`by_code` (indexed like HARVESTABLE: [n][field_code]) re-indexed by the fields'
    counts: `tree[n][c0][c1]...[c(n-1)]` is `by_code[n][code]` for counts below
    TREE_COUNTS (each count above 1 shares the entry of 2). Read by harvest_choices."""

    def build(n: int, prefix: int, digit: int) -> Any:
        if digit == n:
            return by_code[n][prefix]
        subs = [build(n, prefix + d * 3**digit, digit + 1) for d in range(3)]
        return [subs[c if c < 2 else 2] for c in range(TREE_COUNTS)]

    return [by_code[0][0], *(build(n, 0, 0) for n in range(1, len(by_code)))]


def harvest_choices(fields: list[Field], tree: list[Any]) -> Any:
    """What a seat made once for each pattern of HARVESTABLE (its Harvest actions, or the
    field numbers themselves for HARVEST_TREE), looked up in its `harvest_tree` by the
    fields' counts, without calls: it runs before every decision of every game. Up to
    MAX_TABLED fields (IndexError beyond)."""
    n = len(fields)
    try:
        if n == 3:
            f0, f1, f2 = fields
            return tree[3][f0.count][f1.count][f2.count]
        if n == 2:
            f0, f1 = fields
            return tree[2][f0.count][f1.count]
    except IndexError:  # a count of TREE_COUNTS or more
        pass
    t = tree[n]
    for f in fields:
        c = f.count
        t = t[c if c < 2 else 2]
    return t


HARVEST_TREE = harvest_tree(HARVESTABLE)


def protected(fields: list[Field]) -> bool:
    """True when the player's single-card fields are protected (protected_counts)."""
    return protected_counts([f.count for f in fields])


def harvestable(fields: list[Field]) -> list[int]:
    """Fields that may be harvested now: not empty, and not protected (harvestable_counts)."""
    if len(fields) <= MAX_TABLED:
        return list(harvest_choices(fields, HARVEST_TREE))
    return harvestable_counts([f.count for f in fields])


def plant_on(f: Field, variety: str) -> None:
    """One card of `variety` on field `f`, which takes it (its checks made)."""
    if f.count:
        f.count += 1
    else:
        f.variety = variety
        f.count = 1


def harvest(player: PlayerState, index: int, variety: Variety, discard: list[str]) -> int:
    """Harvest a field: coin cards to the treasury, the rest to the discard pile."""
    f = player.fields[index]
    count = f.count
    pay = variety.payout  # Variety.coins_for, without the call: every harvest of every game
    coins = pay[count] if count < len(pay) else pay[-1]
    vid = variety.id
    if coins:  # (extend as a method call: the fast one)
        player.coins.extend([vid] * coins)
    discard.extend([vid] * (count - coins))
    f.variety = None
    f.count = 0
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
        cards = self.cards
        if 0 < n < len(cards):  # the usual draw: no run-out on the way
            drawn = cards[: -n - 1 : -1]
            del cards[-n:]
            return drawn
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
        shuffle(self.cards, rng, RESHUFFLE)
        on_runout.append((self.runouts, len(self.cards)))


def shuffle(cards: list[str], rng: random.Random, name: str = "the cards shuffled") -> None:
    """Shuffle in place, every order equally likely: the rules' declared chance (`name` says
    what is shuffled; engine/chance.py's Shuffle "by keys", drawn from the state's generator,
    or as a Told generator was told)."""
    if rng.__class__ is Told:
        Shuffle(name, tuple(cards)).draw(rng, cards)
    else:
        by_keys(cards, rng)


def count_cards(*piles: list[str]) -> Counter[str]:
    c: Counter[str] = Counter()
    for pile in piles:
        c.update(pile)
    return c
