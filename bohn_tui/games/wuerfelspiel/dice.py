"""The dice and the harvest cards' orders (wuerfelspiel.txt, card-data.md): reading the data
file, the order grammar, whether dice fulfil an order, and exact odds over every outcome.

An order is written in the rulebook's grammar, one string per order in data.toml:

    "Broad + Soy + Red"          one Broad, one Soy and one Red must show
    "2 Wax | 2 Soy"              two Wax or two Soy
    "Soy/Wax + Red + Garden"     a Soy or a Wax, and a Red, and a Garden
    "Soy/Wax + 2 Garden/Red"     a Soy or a Wax, and two dice showing Garden or Red

`+` joins the parts that must all show, `|` gives alternatives for one part, `n A/B` asks
for n dice each showing A or B. Within one order every die counts once; across orders the
dice are not used up (the same roll fulfils several orders). Pure Python, no state."""

from __future__ import annotations

import itertools
import random
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from importlib import resources

from bohn_tui.engine.chance import Chance, Shuffle, dice_roll

HARVEST = 3  # covered orders a harvest needs (the fewest data.toml's [thalers] pays for)


@dataclass(frozen=True, slots=True)
class Kind:
    id: str  # "garden"
    name: str  # "Garden"
    name_de: str  # "Gartenbohne"
    letter: str  # one letter for the narrowest table: "G"
    colour: str


@dataclass(frozen=True, slots=True)
class Need:
    """`count` dice, each showing one of `kinds` (ids)."""

    count: int
    kinds: frozenset[str]


@dataclass(frozen=True, slots=True)
class Order:
    """One order: every part must show; a part is one of its alternatives (a tuple of Needs
    that must all show, e.g. "2 Wax")."""

    text: str
    parts: tuple[tuple[tuple[Need, ...], ...], ...]

    def fulfilled_by(self, faces: Sequence[str]) -> bool:
        """Whether dice showing `faces` (kind ids, any order) fulfil this order."""
        return _fulfils(self, tuple(sorted(faces)))


@dataclass(frozen=True, slots=True)
class Card:
    """A harvest card: five orders, the bottom one first (fulfilled from bottom to top)."""

    number: int  # 1..55, its place in data.toml
    orders: tuple[Order, ...]
    source: str  # "designed": not the printed card (card-data.md)


@dataclass(frozen=True)
class DiceData:
    title: str
    kinds: tuple[Kind, ...]
    dice: tuple[tuple[str, ...], ...]  # each die's six faces (kind ids)
    darker: tuple[bool, ...]  # which dice are the darker ones
    cards: tuple[Card, ...]
    thalers: dict[int, int]  # fulfilled orders -> thalers of a harvest
    target: int  # thalers that end the game
    player_counts: tuple[int, ...]
    by_id: dict[str, Kind] = field(init=False, repr=False)
    rolls: dict[tuple[int, ...], Chance[tuple[str, ...]]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_id", {k.id: k for k in self.kinds})
        object.__setattr__(self, "rolls", {})

    def roll(self, dice: tuple[int, ...]) -> Chance[tuple[str, ...]]:
        """The rules' chance of rolling `dice` (die numbers 0-4, in order): the faces they
        show, in die order, every face of each die equally likely (engine/chance.py)."""
        chance = self.rolls.get(dice)
        if chance is None:
            chance = self.rolls[dice] = roll_chance(tuple(self.dice[i] for i in dice))
        return chance

    def kind_of(self, text: str) -> str:
        """The kind id a word names ("Garden", "garden", "Gartenbohne")."""
        t = text.strip().casefold()
        for k in self.kinds:
            if t in (k.id, k.name.casefold(), k.name_de.casefold()):
                return k.id
        raise ValueError(f"unknown bean kind {text!r}")

    def parse(self, text: str) -> Order:
        """An order from its text (ValueError names what is wrong)."""
        parts = []
        for part in text.split("+"):
            alts = []
            for alt in part.split("|"):
                needs = []
                words = alt.split()
                if not words:
                    raise ValueError(f"empty part in order {text!r}")
                count = 1
                if words[0].isdigit():
                    count = int(words.pop(0))
                if len(words) != 1 or not 1 <= count <= 5:
                    raise ValueError(f"cannot read {alt.strip()!r} in order {text!r}")
                kinds = frozenset(self.kind_of(w) for w in words[0].split("/"))
                needs.append(Need(count, kinds))
                alts.append(tuple(needs))
            parts.append(tuple(alts))
        return Order(text.strip(), tuple(parts))


def order_slots(order: Order) -> Iterable[tuple[frozenset[str], ...]]:
    """Each way of choosing one alternative per part, as the dice slots it needs (the
    narrowest first, for the matching)."""
    for choice in itertools.product(*order.parts):
        slots = [n.kinds for alt in choice for n in alt for _ in range(n.count)]
        yield tuple(sorted(slots, key=len))


@cache
def _fulfils(order: Order, faces: tuple[str, ...]) -> bool:
    for slots in order_slots(order):
        if len(slots) <= len(faces) and assign_dice(slots, Counter(faces)):
            return True
    return False


def assign_dice(slots: tuple[frozenset[str], ...], faces: Counter[str]) -> bool:
    """Whether each slot gets its own die showing one of its kinds."""
    if not slots:
        return True
    first, rest = slots[0], slots[1:]
    for kind in first:
        if faces[kind] > 0:
            faces[kind] -= 1
            ok = assign_dice(rest, faces)
            faces[kind] += 1
            if ok:
                return True
    return False


def covered_run(orders: Sequence[Order], start: int, faces: Sequence[str]) -> int:
    """How many orders, from `start` up, `faces` fulfil one after another (the check: the
    lowest uncovered order first, then the next, stopping at the first it does not)."""
    key = tuple(sorted(faces))
    n = 0
    known = _KNOWN
    for order in orders[start:]:
        # by the order's text (a str keeps its hash; an Order's is computed anew each time)
        k = (order.text, key)
        ok = known.get(k)
        if ok is None:
            ok = known[k] = _fulfils(order, key)
        if not ok:
            break
        n += 1
    return n


# covered_run's answers by (order text, sorted faces): an order's text says what it asks
_KNOWN: dict[tuple[str, tuple[str, ...]], bool] = {}


@cache
def roll_chance(dice: tuple[tuple[str, ...], ...]) -> Chance[tuple[str, ...]]:
    """The chance of a roll of `dice` (each die's six faces) as the rules declare and draw it:
    the faces shown in die order, each die's face `faces[int(rng.random() * 6)]`."""
    return dice_roll(f"a roll of {len(dice)} {'die' if len(dice) == 1 else 'dice'}", dice)


@cache
def outcomes(dice: tuple[tuple[str, ...], ...]) -> tuple[tuple[tuple[str, ...], int], ...]:
    """Every outcome of rolling `dice` as (sorted faces, how many of the 6^n face tuples
    give it): the rules' declared roll (`roll_chance`) with the order of the dice left
    out, its probabilities times 6^n (the weights sum to 6 ** len(dice))."""
    total = 6 ** len(dice)
    counts: Counter[tuple[str, ...]] = Counter()
    for faces, p in roll_chance(dice).outcomes:
        weight = p * total
        assert weight.denominator == 1, (dice, faces, p)
        counts[tuple(sorted(faces))] += weight.numerator
    return tuple(sorted(counts.items()))


DEAL = "the deal: the harvest cards shuffled"  # the dice game's shuffles (its chance)
EXCHANGE = "the five exchanged cards shuffled into a new pile"


def shuffle(name: str, cards: list[int], rng: random.Random) -> None:
    """Shuffle `cards` in place as the dice game does (`random.shuffle`), through its declared
    chance (engine/chance.py's Shuffle "by swaps")."""
    Shuffle(name, tuple(cards), "swaps").draw(rng, cards)


def first_roll_odds(order: Order, dice: tuple[tuple[str, ...], ...]) -> Fraction:
    """The exact chance that the first roll of all `dice` fulfils `order` (over all 6^5
    outcomes): the number printed beside each order."""
    total = 6 ** len(dice)
    hits = sum(w for faces, w in outcomes(dice) if _fulfils(order, faces))
    return Fraction(hits, total)


EPSILON = 1e-12  # a float chance this close to 0 or 1 is certain (sums of exact floats)


def percent(chance: Fraction | float) -> int:
    """A chance as the card prints it: whole percent, rounded half up, never 0 or 100 for a
    chance that is neither (a float within EPSILON of 0 or 1 counts as certain)."""
    half = Fraction(1, 2) if isinstance(chance, Fraction) else 0.5
    p = int(chance * 100 + half)
    margin = 0 if isinstance(chance, Fraction) else EPSILON
    if margin < chance < 1 - margin:
        p = min(max(p, 1), 99)
    return p


def shipped() -> str:
    """The text of the game's own data.toml."""
    return resources.files("bohn_tui.games.wuerfelspiel").joinpath("data.toml").read_text("utf-8")


# where `load` reads the content: the game's data.toml; the tests read a fixed deck of their
# own (tests/conftest.py), so that their positions do not move when the cards are redesigned
SOURCE: Callable[[], str] = shipped


@cache
def load() -> DiceData:
    """The game's content (SOURCE: data.toml), read once (ValueError if an order cannot
    be read)."""
    return read(SOURCE())


def read(text: str) -> DiceData:
    """Dice data from the text of a data file."""
    raw = tomllib.loads(text)
    kinds = tuple(
        Kind(k["id"], k["name"], k["name_de"], k["letter"], k["colour"]) for k in raw["kind"]
    )
    dice: list[tuple[str, ...]] = []
    darker: list[bool] = []
    for d in raw["die"]:
        for _ in range(d["count"]):
            dice.append(tuple(d["faces"]))
            darker.append(d["colour"] == "darker")
    data = DiceData(
        title=raw["title"],
        kinds=kinds,
        dice=tuple(dice),
        darker=tuple(darker),
        cards=(),
        thalers={int(k): v for k, v in raw["thalers"].items()},
        target=raw["target"],
        player_counts=tuple(raw["player_counts"]),
    )
    cards = tuple(
        Card(i, tuple(data.parse(t) for t in c["orders"]), c["source"])
        for i, c in enumerate(raw["card"], 1)
    )
    if min(data.thalers) != HARVEST:
        raise ValueError(f"a harvest needs {HARVEST} orders: [thalers] must start there")
    object.__setattr__(data, "cards", cards)
    return data
