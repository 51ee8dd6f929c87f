"""Which dice of the open roll fit the roller's next unfulfilled orders: what the table's `a`
key places (issue #23: "a key that places every die that fits the next order").

The orders are fulfilled from the bottom up ("which you must fulfil from bottom to top"), so
the dice that fit are those that bring the field closest to the lowest orders it does not
fulfil yet: as many of them fulfilled as the roll allows, then as many of the next one's
dice as it can give (Example 1: "He can use the Broad Bean for fulfilling his lowest order
and places the corresponding die"); no die more than that needs. Pure, no game state."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bohn_tui.games.wuerfelspiel.dice import Order, covered_run, order_slots


@dataclass(frozen=True, slots=True)
class FitDice:
    """`dice`: the dice of the roll that fit (empty: none does); `orders`: the orders they
    serve (numbered from 0 at the bottom), the last maybe only in part; `aim`: the lowest
    order the field does not fulfil without them (len(orders) when none is left); `part`:
    when the last of `orders` is served only in part, (the dice of it the field shows with
    them, the dice it asks for), else None."""

    dice: tuple[int, ...]
    orders: tuple[int, ...]
    aim: int
    part: tuple[int, int] | None = None


def _filled(slots: tuple[frozenset[str], ...], faces: Counter[str]) -> int:
    """How many of `slots` get a die of their own from `faces` (the most)."""
    if not slots:
        return 0
    first, rest = slots[0], slots[1:]
    best = _filled(rest, faces)
    for kind in first:
        if faces[kind] > 0:
            faces[kind] -= 1
            best = max(best, 1 + _filled(rest, faces))
            faces[kind] += 1
    return best


def filled(order: Order, faces: Sequence[str]) -> int:
    """How many dice `order` asks for that `faces` show (its most satisfied alternative);
    kept by the order's text and the faces (a roll's 31 subsets ask it again and again)."""
    key = (order.text, tuple(sorted(faces)))
    got = _FILLED.get(key)
    if got is None:
        if len(_FILLED) >= 8192:  # (emptied past a bound: memory held bounded)
            _FILLED.clear()
        counts = Counter(faces)
        got = _FILLED[key] = max(_filled(slots, counts) for slots in order_slots(order))
    return got


_FILLED: dict[tuple[str, tuple[str, ...]], int] = {}  # filled's answers


def shown_of(order: Order, faces: Sequence[str]) -> tuple[int, int]:
    """(the dice of `order` that `faces` show, the dice it asks for), of its alternative
    that `faces` satisfy most (of those, the one asking for the fewest dice)."""
    counts = Counter(faces)
    got = max((_filled(slots, counts), -len(slots)) for slots in order_slots(order))
    return got[0], -got[1]


def _reach(orders: Sequence[Order], start: int, faces: Sequence[str]) -> tuple[int, int]:
    """(the orders `faces` fulfil from `start` up, the dice of the next one they show)."""
    run = covered_run(orders, start, faces)
    nxt = start + run
    return run, filled(orders[nxt], faces) if nxt < len(orders) else 0


_FITS: dict[tuple[object, ...], FitDice] = {}  # fitting's answers (the table asks again)


def fitting(
    orders: Sequence[Order], start: int, field: Mapping[int, str], rolled: Mapping[int, str]
) -> FitDice:
    """_fitting's answer, kept: the table asks it for its keys' labels, their checks and
    its hint at every refresh (issue #25), the same roll and picks many times."""
    # an order by its text, as covered_run keeps them (an Order's hash is made anew)
    key = (tuple(o.text for o in orders), start, tuple(field.items()), tuple(rolled.items()))
    got = _FITS.get(key)
    if got is None:
        if len(_FITS) >= 4096:
            _FITS.clear()
        got = _FITS[key] = _fitting(orders, start, field, rolled)
    return got


def _fitting(
    orders: Sequence[Order], start: int, field: Mapping[int, str], rolled: Mapping[int, str]
) -> FitDice:
    """The dice of `rolled` (die -> face) that fit the lowest orders of a card whose orders
    below `start` are covered, next to `field` (the dice on the bean field, and any the
    player picked already): the fewest dice that fulfil the most orders from the lowest one
    the field lacks, then show the most of the next one's dice; ties: the lowest dice."""
    base = tuple(field.values())
    aim = start + covered_run(orders, start, base)
    here = _reach(orders, start, base)
    best: tuple[tuple[int, int], tuple[int, ...]] = (here, ())
    dice = sorted(rolled)
    for n in range(1, len(dice) + 1):
        for part in itertools.combinations(dice, n):
            got = _reach(orders, start, base + tuple(rolled[d] for d in part))
            if got > best[0]:
                best = (got, part)
    (run, part_of_next), chosen = best
    if not chosen:
        return FitDice((), (), aim)
    top = start + run  # the first order still not fulfilled with them
    # that one is served too where these dice show more of it than the field did
    serves = top < len(orders) and part_of_next > filled(orders[top], base)
    shown = shown_of(orders[top], base + tuple(rolled[d] for d in chosen)) if serves else None
    return FitDice(chosen, tuple(range(aim, top + serves)), aim, shown)
