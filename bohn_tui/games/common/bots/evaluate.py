"""How a bot values a seat's table, from what that seat sees: coins, the fields measured
against the bean-o-meters, the cards it must still plant and the front of its hand.

Everything here works on a small local model built from `view(state, seat)`: a field is a
`[variety, count]` pair. One value function serves every decision: a bot compares the
values of the positions its choices lead to (`standard`), and scores rollouts (`expert`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Any

from bohn_tui.games.common.data import load
from bohn_tui.games.common.table import harvestable_counts

# discount of what a field will pay once it has grown
GROWTH = 0.9
GROWTH_CARDS = 10.0  # a variety of n cards adds about n / GROWTH_CARDS cards to a field
# worth of keeping a field empty: the first empty field, and each further one
EMPTY_FIRST = 0.35
EMPTY_MORE = 0.1
# how much the cards at the front of the hand count (they will be planted next turns)
HAND_WEIGHTS = (0.9, 0.6, 0.35, 0.2)
HAND_TAIL = 0.1  # each card further back
# a trade must bring at least this much; another seat's gain counts this much against it
MIN_GAIN = 0.15
RIVAL_SHARE = 0.5

FieldT = list[Any]  # [variety | None, count]


@dataclass(frozen=True, slots=True)
class Meters:
    """Per variety: coins paid (`pay[v][c]`) and the potential (`pot[v][c]`) of a field
    of c cards: its pay plus a discounted share of the way to the next step."""

    pay: dict[str, tuple[int, ...]]
    pot: dict[str, tuple[float, ...]]
    names: dict[str, str]
    counts: dict[str, int]

    def pay_of(self, v: str, c: int) -> int:
        row = self.pay[v]
        return row[c] if c < len(row) else row[-1]

    def pot_of(self, v: str, c: int) -> float:
        row = self.pot[v]
        return row[c] if c < len(row) else row[-1]


@cache
def meters(game: str) -> Meters:
    data = load(game)
    pay: dict[str, tuple[int, ...]] = {}
    pot: dict[str, tuple[float, ...]] = {}
    for v in data.varieties.values():
        top = v.count + 1
        pays = tuple(v.coins_for(c) for c in range(top + 1))
        # a field grows by K more cards before it is harvested, K ~ Poisson(count / 6):
        # a few for the common varieties, about one for the rare ones
        mu = v.count / GROWTH_CARDS
        probs = [math.exp(-mu)]
        for k in range(1, 12):
            probs.append(probs[-1] * mu / k)
        pots = [0.0]
        for c in range(1, top + 1):
            ahead = sum(p * pays[min(c + k, top)] for k, p in enumerate(probs))
            pots.append(pays[c] + GROWTH * max(0.0, ahead - pays[c]))
        pay[v.id] = pays
        pot[v.id] = tuple(pots)
    names = {v.id: v.name for v in data.varieties.values()}
    counts = {v.id: v.count for v in data.varieties.values()}
    return Meters(pay, pot, names, counts)


def harvestable(fields: list[FieldT]) -> list[int]:
    """Fields that may be harvested (table.harvestable_counts), on the local model."""
    return harvestable_counts([c for _, c in fields])


def fields_value(m: Meters, fields: list[FieldT]) -> float:
    total = 0.0
    empty = 0
    for v, c in fields:
        if c:
            total += m.pot_of(v, c)
        else:
            total += EMPTY_FIRST if empty == 0 else EMPTY_MORE
            empty += 1
    return total


def plant_one(m: Meters, fields: list[FieldT], v: str) -> tuple[float, int, int | None]:
    """The best way to plant one card of `v`, changing `fields` in place: returns (the
    change of value incl. coins from a forced harvest, the field, the field harvested)."""
    best_gain, best_i, best_h = -1e9, -1, None
    empty = sum(1 for _, c in fields if not c)
    for i, (fv, c) in enumerate(fields):
        if c and fv == v:
            gain = m.pot_of(v, c + 1) - m.pot_of(v, c)
        elif not c:
            gain = m.pot_of(v, 1) - (EMPTY_FIRST if empty == 1 else EMPTY_MORE)
        else:
            continue
        if gain > best_gain:
            best_gain, best_i = gain, i
    if best_i < 0:  # no room: harvest the field that loses least
        for i in harvestable(fields):
            fv, c = fields[i]
            gain = m.pay_of(fv, c) - m.pot_of(fv, c) + m.pot_of(v, 1)
            if gain > best_gain:
                best_gain, best_i, best_h = gain, i, i
        if best_i < 0:
            return 0.0, -1, None
        fields[best_i] = [v, 1]
        return best_gain, best_i, best_h
    fields[best_i] = [v, fields[best_i][1] + 1]
    return best_gain, best_i, None


def plant_all(m: Meters, fields: list[FieldT], cards: list[str]) -> float:
    """Plant cards that must be planted now (any order: cards that join a field first)."""
    total = 0.0
    mine = {fv for fv, c in fields if c}
    for v in sorted(cards, key=lambda v: v not in mine):
        total += plant_one(m, fields, v)[0]
    return total


def hand_value(m: Meters, fields: list[FieldT], hand: list[str]) -> float:
    """What the front of the hand will do to the fields, discounted: the front card must
    be planted (even if that forces a harvest), the next one only if it helps; cards
    further back count only where they will join a field (they come after trades and
    turned-up cards that no one can foresee). Changes `fields`."""
    total = 0.0
    k = len(HAND_WEIGHTS)
    for i, v in enumerate(hand):
        w = HAND_WEIGHTS[i] if i < k else HAND_TAIL
        if i == 0:
            total += w * plant_one(m, fields, v)[0]
        elif i == 1:
            trial = [list(x) for x in fields]
            gain = plant_one(m, trial, v)[0]
            if gain > 0:
                total += w * gain
                fields[:] = trial
        else:
            for f in fields:
                if f[1] and f[0] == v:
                    total += w * (m.pot_of(v, f[1] + 1) - m.pot_of(v, f[1]))
                    f[1] += 1
                    break
    return total


def value(
    m: Meters,
    fields: list[FieldT],
    coins: int,
    hand: list[str] | None = None,
    must: list[str] | None = None,
    may: list[str] | None = None,
) -> float:
    """A seat's position: coins, field potential, cards it must plant (`must`), cards it
    may plant (`may`: a duel's offer or turned-up cards, each only if it helps), then the
    front of its hand. `fields` is not changed."""
    f = [list(x) for x in fields]
    total = coins + fields_value(m, f)
    if must:
        total += plant_all(m, f, must)
    if may:
        for v in may:
            trial = [list(x) for x in f]
            gain = plant_one(m, trial, v)[0]
            if gain > 0:
                total += gain
                f = trial
    if hand:
        total += hand_value(m, f, hand)
    return total


def card_gain(m: Meters, fields: list[FieldT], v: str) -> float:
    """The change of value from having to plant one more card of `v`."""
    return plant_one(m, [list(x) for x in fields], v)[0]


@dataclass(slots=True)
class Seat:
    """One seat's table as a view shows it (hand only for the viewer's own seat)."""

    fields: list[FieldT]
    coins: int
    hand: list[str]
    area: list[str]


def seat_of(view: dict[str, Any], seat: int) -> Seat:
    p = view["players"][seat]
    return Seat(
        [[f["variety"], f["count"]] for f in p["fields"]],
        p["coins"] or 0,
        list(p["hand"] or []),
        list(p["area"]),
    )


def must_plant(view: dict[str, Any], seat: int, s: Seat) -> list[str]:
    """The cards the seat will have to plant this turn: its trade area, and for the active
    player in the trade phase the turned-up cards."""
    if view["phase"] == "trade" and view["active"] == seat:
        return s.area + list(view["turned_up"])
    return list(s.area)


def trade_gain(
    m: Meters,
    view: dict[str, Any],
    seat: int,
    give_hand: tuple[int, ...],
    give_up: tuple[int, ...],
    get: list[str],
    hand_known: bool = True,
) -> float:
    """How much `seat` gains by giving these cards (hand positions, turned-up positions)
    and getting `get` (which it must plant this turn). With hand_known False the seat's
    hand is unknown (another player): only its fields and must-plant cards count."""
    s = seat_of(view, seat)
    must = must_plant(view, seat, s)
    up = list(view["turned_up"])
    hand = s.hand if hand_known else []
    before = value(m, s.fields, 0, hand, must)
    gone = [up[i] for i in give_up if i < len(up)]
    must_after = list(must)
    for v in gone:
        must_after.remove(v)
    must_after.extend(get)
    if hand_known:
        drop = set(give_hand)
        hand = [c for i, c in enumerate(s.hand) if i not in drop]
    after = value(m, s.fields, 0, hand, must_after)
    return after - before


def wanted(m: Meters, view: dict[str, Any], seat: int, kinds: Any) -> list[tuple[float, str]]:
    """The kinds (of `kinds`) that `seat` gains more than MIN_GAIN by getting one of, as
    (gain, kind), the best first."""
    out = []
    for v in kinds:
        g = trade_gain(m, view, seat, (), (), [v])
        if g > MIN_GAIN:
            out.append((g, v))
    out.sort(reverse=True)
    return out


def fair(mine: float, theirs: float, players: int) -> bool:
    """A trade is worth making when it helps this seat and not much more the other: the
    other's gain counts as much as it sets this seat back against the average rival."""
    return mine > MIN_GAIN and mine > theirs * RIVAL_SHARE * 2 / max(1, players - 1)
