"""The roller's decision problem, solved exactly: dynamic programming over the dice states
of one turn (which faces lie on the bean field, how many of each kind of die are still to
roll, whether the bean figure is left). Pure, no game state.

A state is (the field's faces as a sorted multiset, how many dice of each distinct die are
left to roll). From a state the roller rolls what is left; every outcome (the faces of each
distinct die as a multiset, weighted by how many of the 6^n face tuples give it) is then
answered by placing a non-empty part of it (the rest is rolled again) or, once a turn, by
the bean figure (the same dice are rolled again). When all five lie on the field the turn
ends and the roller's own card is checked against the field (`covered_run`). The state
graph (450 states, 3,872 outcomes, 23,412 placements for the designed dice) is built once
per set of dice; each evaluation is then two passes over it in floats (exact enumeration,
float sums), a few milliseconds.

Two uses:
- `outlook`: the distribution of the orders the roller's own check will cover, under the
  policy that maximises the EXPECTED number of covered orders (nothing else weighed).
- `best_move`: the expert's choice, maximising the value of the roller's covered orders at
  the end of the turn (in thalers: `VALUES`) minus `weight` x the orders every roll of the
  rest of the turn is expected to give the other players (each checked from its current
  lowest uncovered order; what a roll gives them is not carried into their later checks).
  Lower cards count where a harvest puts them to use at once: with three or more orders a
  player harvests and the new upper card is checked against the same dice (the roller's
  full field; another's open roll), so those orders are added (valued, resp. weighed)."""

from __future__ import annotations

import itertools
import threading
from collections import Counter, OrderedDict
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from .dice import HARVEST, DiceData, Order, assign_dice, covered_run, order_slots, outcomes

# the worth, in thalers, of a card with 0..5 covered orders at the end of the turn: 3, 4 and
# 5 harvest for 1, 2 and 3; the first two orders are progress towards that
VALUES: tuple[float, ...] = (0.0, 0.3, 0.6, 1.0, 2.0, 3.0)
WEIGHT = 0.15  # the default weight of one order a roll gives another player

Faces = tuple[str, ...]
Counts = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class _Graph:
    types: tuple[Faces, ...]  # the distinct dice (their six faces)
    index: dict[tuple[Faces, Counts], int]  # state -> its number
    fields: tuple[Faces, ...]  # state -> the faces on its field
    order: tuple[int, ...]  # the states with dice left, fewest left first
    done: tuple[bool, ...]  # state -> whether all dice lie on its field
    left: tuple[int, ...]  # state -> how many dice are left to roll
    outs: tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]  # (weight, roll, children)
    totals: tuple[int, ...]  # state -> the sum of its outcomes' weights
    rolls: tuple[Faces, ...]  # roll number -> the faces rolled (sorted)


def _type_outcomes(faces: Faces, n: int) -> list[tuple[Faces, int]]:
    """A roll of `n` dice of one kind as the rules declare it (dice.outcomes)."""
    return list(outcomes((faces,) * n))


@cache
def _submultisets(faces: Faces) -> tuple[Faces, ...]:
    c = Counter(faces)
    keys = sorted(c)
    return tuple(
        tuple(k for k, m in zip(keys, combo, strict=True) for _ in range(m))
        for combo in itertools.product(*(range(c[k] + 1) for k in keys))
    )


def _types(dice: tuple[Faces, ...]) -> tuple[Faces, ...]:
    return tuple(dict.fromkeys(dice))


@cache
def _graph(dice: tuple[Faces, ...]) -> _Graph:
    types = _types(dice)
    start: tuple[Faces, Counts] = ((), tuple(dice.count(t) for t in types))
    found: dict[tuple[Faces, Counts], list[tuple[int, Faces, list[tuple[Faces, Counts]]]]] = {}
    stack = [start]
    while stack:
        state = stack.pop()
        if state in found:
            continue
        field, left = state
        outs: list[tuple[int, Faces, list[tuple[Faces, Counts]]]] = []
        found[state] = outs
        if not sum(left):
            continue
        per_type = [_type_outcomes(t, n) for t, n in zip(types, left, strict=True)]
        for combo in itertools.product(*per_type):
            weight = 1
            for _, w in combo:
                weight *= w
            children: dict[tuple[Faces, Counts], int] = {}
            for parts in itertools.product(*(_submultisets(fs) for fs, _ in combo)):
                placed = sum(len(p) for p in parts)
                if placed:
                    child = (
                        tuple(sorted(field + tuple(f for p in parts for f in p))),
                        tuple(n - len(p) for n, p in zip(left, parts, strict=True)),
                    )
                    children[child] = max(children.get(child, 0), placed)
            roll = tuple(sorted(f for fs, _ in combo for f in fs))
            # the most dice placed first: ties go to the fewer rolls
            ordered = sorted(children, key=lambda c: -children[c])
            outs.append((weight, roll, ordered))
            stack.extend(ordered)
    states = sorted(found, key=lambda s: (sum(s[1]), s))
    index = {s: i for i, s in enumerate(states)}
    rolls = sorted({roll for outs in found.values() for _, roll, _ in outs})
    roll_no = {r: i for i, r in enumerate(rolls)}
    return _Graph(
        types=types,
        index=index,
        fields=tuple(s[0] for s in states),
        order=tuple(index[s] for s in states if sum(s[1])),
        done=tuple(not sum(s[1]) for s in states),
        left=tuple(sum(s[1]) for s in states),
        outs=tuple(
            tuple((w, roll_no[r], tuple(index[c] for c in ch)) for w, r, ch in found[s])
            for s in states
        ),
        totals=tuple(sum(w for w, _, _ in found[s]) for s in states),
        rolls=tuple(rolls),
    )


@lru_cache(maxsize=2048)
def _hits(dice: tuple[Faces, ...], order: Order, rolls: bool) -> tuple[bool, ...]:
    """Whether each roll (`rolls`) or each full field (else; False for the other states)
    of the graph fulfils `order`: computed once per order, shared by every start."""
    g = _graph(dice)
    alts = tuple(order_slots(order))  # dice.py's matching, its slots computed once per order

    def fulfils(faces: Faces) -> bool:
        counts = Counter(faces)
        return any(len(slots) <= len(faces) and assign_dice(slots, counts) for slots in alts)

    if rolls:
        return tuple(fulfils(r) for r in g.rolls)
    return tuple(done and fulfils(f) for f, done in zip(g.fields, g.done, strict=True))


def _runs(
    dice: tuple[Faces, ...], orders: tuple[Order, ...], start: int, rolls: bool
) -> tuple[int, ...]:
    """covered_run from `start` for every roll or full field of the graph (see _hits)."""
    g = _graph(dice)
    n = len(g.rolls) if rolls else len(g.fields)
    run = [0] * n
    alive = list(range(n))
    for order in orders[start:]:
        hits = _hits(dice, order, rolls)
        alive = [i for i in alive if hits[i]]
        if not alive:
            break
        for i in alive:
            run[i] += 1
    return tuple(run)


@lru_cache(maxsize=4096)
def _ends(dice: tuple[Faces, ...], orders: tuple[Order, ...], start: int) -> tuple[int, ...]:
    """state -> the orders the roller's own check covers if the turn ended with its field
    (meaningful for full fields)."""
    return _runs(dice, orders, start, rolls=False)


@lru_cache(maxsize=4096)
def _gifts(dice: tuple[Faces, ...], orders: tuple[Order, ...], start: int) -> tuple[int, ...]:
    """roll -> the orders it lets a player (orders, lowest uncovered `start`) cover."""
    return _runs(dice, orders, start, rolls=True)


def _solve(
    g: _Graph, end: Sequence[float], cost: Sequence[float], upto: int = 99, figure: bool = True
) -> tuple[list[float], list[float]]:
    """The values of the states with at most `upto` dice left, without (v0) and, if
    `figure`, with (v1) the bean figure: `end` per state (used where no dice are left),
    minus `cost` per roll made from there on."""
    v0 = list(end)
    v1 = list(end)
    outs, totals, left = g.outs, g.totals, g.left
    for s in g.order:
        if left[s] > upto:
            break
        t0 = 0.0
        for w, r, ch in outs[s]:
            t0 += w * (max(map(v0.__getitem__, ch)) - cost[r])
        here = v0[s] = t0 / totals[s]
        if not figure:
            continue
        t1 = 0.0
        for w, r, ch in outs[s]:
            best = max(map(v1.__getitem__, ch))
            t1 += w * ((best if best >= here else here) - cost[r])
        v1[s] = t1 / totals[s]
    return v0, v1


_Dists = tuple[list[tuple[float, ...]], list[tuple[float, ...]]]
_OutKey = tuple[tuple[Faces, ...], tuple[Order, ...], int]
_OUTLOOKS: OrderedDict[_OutKey, _Dists] = OrderedDict()  # the last 1024 (any thread's)
_OUTLOOKS_LOCK = threading.Lock()


def _outlooks(dice: tuple[Faces, ...], orders: tuple[Order, ...], start: int) -> _Dists:
    """Per state, without and with the figure: the distribution of the covered orders under
    the policy maximising their expected number (kept: `outlooks_in_parts`)."""
    key = (dice, orders, start)
    with _OUTLOOKS_LOCK:
        got = _OUTLOOKS.get(key)
        if got is not None:
            _OUTLOOKS.move_to_end(key)
            return got
    parts = outlooks_in_parts(dice, orders, start)
    while True:
        try:
            next(parts)
        except StopIteration as done:
            dists: _Dists = done.value
            return dists


def outlooks_known(dice: tuple[Faces, ...], orders: tuple[Order, ...], start: int) -> bool:
    """Whether `_outlooks` of this card and start is kept (answers at once)."""
    with _OUTLOOKS_LOCK:
        return (dice, orders, start) in _OUTLOOKS


def outlooks_in_parts(
    dice: tuple[Faces, ...], orders: tuple[Order, ...], start: int
) -> Generator[None, None, _Dists]:
    """Work `_outlooks` out, yielding after each state (a table does a few at a time
    between its keys: ui/outlook.py), and keep it. One pass over the states, fewest dice
    left first: the expected covered orders without (v0) and with (v1) the figure, as
    `_solve` gives them, and beside each value the distribution of its best child (ties:
    the first child, the most dice placed), the same sums in the same order."""
    g = _graph(dice)
    ends = _ends(dice, orders, start)
    m = len(orders) - start + 1
    v0 = [float(k) for k in ends]
    v1 = list(v0)
    d0 = [tuple(1.0 if k == e else 0.0 for k in range(m)) for e in ends]
    d1 = list(d0)
    zero = [0.0] * m
    get0, get1 = v0.__getitem__, v1.__getitem__
    for s in g.order:
        outs, total = g.outs[s], g.totals[s]
        t0, acc = 0.0, zero
        for w, _, ch in outs:
            b = max(ch, key=get0)
            t0 += w * v0[b]
            acc = [a + w * x for a, x in zip(acc, d0[b], strict=True)]
        here = v0[s] = t0 / total
        mine = d0[s] = tuple(a / total for a in acc)
        t1, acc = 0.0, zero
        for w, _, ch in outs:
            b = max(ch, key=get1)
            best = v1[b]
            if here > best:  # the figure: this roll is rolled again
                t1 += w * here
                acc = [a + w * x for a, x in zip(acc, mine, strict=True)]
            else:
                t1 += w * best
                acc = [a + w * x for a, x in zip(acc, d1[b], strict=True)]
        v1[s] = t1 / total
        d1[s] = tuple(a / total for a in acc)
        yield
    with _OUTLOOKS_LOCK:
        _OUTLOOKS[(dice, orders, start)] = (d0, d1)
        if len(_OUTLOOKS) > 1024:
            _OUTLOOKS.popitem(last=False)
    return d0, d1


def warm(data: DiceData) -> None:
    """Build the dice-state graph of `data`'s dice and every card order's fulfilment over it
    now (once per process, ~0.7 s), so that no decision waits for them."""
    for card in data.cards:
        for order in card.orders:
            _hits(data.dice, order, True)
            _hits(data.dice, order, False)


def _state(data: DiceData, field: Mapping[int, str]) -> tuple[Faces, Counts]:
    types = _types(data.dice)
    left = [0] * len(types)
    for i, faces in enumerate(data.dice):
        if i not in field:
            left[types.index(faces)] += 1
    return tuple(sorted(field.values())), tuple(left)


def _check(data: DiceData, *placed: Mapping[int, str]) -> None:
    for part in placed:
        for die, face in part.items():
            if not 0 <= die < len(data.dice) or face not in data.dice[die]:
                raise ValueError(f"die {die} cannot show {face!r}")
    if len(placed) == 2 and set(placed[0]) & set(placed[1]):
        raise ValueError("a die cannot be placed twice")


def outlook(
    data: DiceData,
    orders: Sequence[Order],
    start: int,
    field: dict[int, str],
    place: dict[int, str],
    figure_left: bool,
) -> tuple[float, ...]:
    """The chance that the turn ends with exactly k more of the roller's own orders covered
    (k = 0 .. len(orders) - start), when the roller now places `place` (die -> face, from
    the roll just made) next to `field` (the dice already on the bean field) and rolls the
    rest, then plays on by the policy that maximises the expected number of covered orders
    (the bean figure included while `figure_left`; ties: the most dice placed). If nothing
    is left to roll the answer is certain. An empty `place` means rolling every die not on
    the field: with `figure_left` False, the outlook of using the bean figure now.
    Exact enumeration over every outcome, in floats (the chances sum to 1)."""
    _check(data, field, place)
    if not 0 <= start <= len(orders):
        raise ValueError(f"order {start} is not on a card of {len(orders)} orders")
    both = {**field, **place}
    orders = tuple(orders)
    if len(both) == len(data.dice):
        k = covered_run(orders, start, tuple(both.values()))
        return tuple(1.0 if i == k else 0.0 for i in range(len(orders) - start + 1))
    d0, d1 = _outlooks(data.dice, orders, start)
    return (d1 if figure_left else d0)[_graph(data.dice).index[_state(data, both)]]


@dataclass(frozen=True, slots=True)
class Choice:
    """The expert's answer to an open roll: place `place` (dice numbers) and roll the rest,
    or use the bean figure (`figure` True, `place` empty); `value` is its expected value;
    `instead`: with the figure, the best placement (for a bot that does not use it)."""

    place: tuple[int, ...]
    figure: bool
    value: float
    instead: tuple[int, ...] = ()


_Held = tuple[tuple[Order, ...], int, tuple[Order, ...]]  # orders, covered, lower card
_Key = tuple[tuple[Faces, ...], _Held, tuple[_Held, ...], float, tuple[float, ...]]
_SOLVED: OrderedDict[_Key, tuple[int, bool, list[float], list[float]]] = OrderedDict()


def _expert_values(
    dice: tuple[Faces, ...],
    mine: _Held,
    others: tuple[_Held, ...],
    weight: float,
    values: tuple[float, ...],
    *,
    upto: int,
    figure: bool,
) -> tuple[list[float], list[float]]:
    """_solve_expert for the key (dice, mine, others, weight, values), kept (the last 256
    keys) with how far it was solved: a later roll of the same turn, with fewer dice or no
    figure, reuses it."""
    key: _Key = (dice, mine, others, weight, values)
    got = _SOLVED.get(key)
    if got is not None and got[0] >= upto and (got[1] or not figure):
        _SOLVED.move_to_end(key)
        return got[2], got[3]
    v0, v1 = _solve_expert(*key, upto, figure)
    _SOLVED[key] = (upto, figure, v0, v1)
    if len(_SOLVED) > 256:
        _SOLVED.popitem(last=False)
    return v0, v1


def _solve_expert(
    dice: tuple[Faces, ...],
    mine: tuple[tuple[Order, ...], int, tuple[Order, ...]],
    others: tuple[tuple[tuple[Order, ...], int, tuple[Order, ...]], ...],
    weight: float,
    values: tuple[float, ...],
    upto: int,
    figure: bool,
) -> tuple[list[float], list[float]]:
    g = _graph(dice)
    orders, start, lower = mine
    top = len(values) - 1
    then = _ends(dice, lower, 0) if lower else None
    end = []
    for s, k in enumerate(_ends(dice, orders, start)):
        c = min(start + k, top)
        extra = values[min(then[s], top)] if then is not None and c >= HARVEST else 0.0
        end.append(values[c] + extra)
    cost = [0.0] * len(g.rolls)
    for their, at, nxt in others:
        later = _gifts(dice, nxt, 0) if nxt else None
        for r, k in enumerate(_gifts(dice, their, at)):
            more = later[r] if later is not None and at + k >= HARVEST else 0
            cost[r] += weight * (k + more)
    return _solve(g, end, cost, upto, figure)


Hand = tuple[Sequence[Order], int] | tuple[Sequence[Order], int, Sequence[Order]]


def _hand(hand: Hand) -> tuple[tuple[Order, ...], int, tuple[Order, ...]]:
    lower = tuple(hand[2]) if len(hand) > 2 else ()
    return tuple(hand[0]), hand[1], lower


def best_move(
    data: DiceData,
    orders: Sequence[Order],
    start: int,
    others: Sequence[Hand],
    field: dict[int, str],
    rolled: dict[int, str],
    figure_left: bool,
    weight: float = WEIGHT,
    values: tuple[float, ...] = VALUES,
    lower: Sequence[Order] = (),
) -> Choice:
    """The expert's choice for the open roll `rolled` (die -> face; every die not on
    `field`): the placement, or the bean figure while `figure_left`, of the highest expected
    value (see the module's docstring). `others`: each other player's orders and lowest
    uncovered order, and optionally the orders of their lower card; `lower`: the roller's.
    A lower card counts where a harvest puts it to use: a player with three or more orders
    harvests and checks the new card against the same dice (the roller: the full field
    after its turn; another: the roll just made). Ties: the most dice placed, then the
    lowest dice numbers."""
    _check(data, field, rolled)
    if not rolled:
        raise ValueError("no open roll to answer")
    g = _graph(data.dice)
    v0, v1 = _expert_values(
        data.dice,
        _hand((orders, start, lower)),
        tuple(_hand(h) for h in others if h[1] < len(h[0])),
        float(weight),
        tuple(values),
        upto=len(rolled),  # the states after this roll have at most as many dice left
        figure=figure_left,
    )
    v = v1 if figure_left else v0
    best: Choice | None = None
    dice = sorted(rolled)
    for n in range(len(dice), 0, -1):
        seen: set[int] = set()
        for part in itertools.combinations(dice, n):
            child = g.index[_state(data, {**field, **{d: rolled[d] for d in part}})]
            if child in seen:
                continue
            seen.add(child)
            if best is None or v[child] > best.value + 1e-12:
                best = Choice(part, False, v[child])
    assert best is not None
    if figure_left:
        here = v0[g.index[_state(data, field)]]
        if here > best.value + 1e-12:
            best = Choice((), True, here, best.place)
    return best


def figure_gain(
    data: DiceData,
    orders: Sequence[Order],
    start: int,
    field: dict[int, str],
    rolled: dict[int, str],
) -> float:
    """How many more of the roller's own orders the turn covers on average if the bean
    figure re-rolls the open roll `rolled` now rather than the best part of it being placed
    (the figure then left), both by `outlook`'s policy (the most orders on average);
    negative where the figure lowers them."""
    _check(data, field, rolled)

    def mean(dist: Sequence[float]) -> float:
        return sum(k * p for k, p in enumerate(dist))

    figure = mean(outlook(data, orders, start, field, {}, False))
    dice = sorted(rolled)
    placed = max(
        mean(outlook(data, orders, start, field, {d: rolled[d] for d in part}, True))
        for n in range(1, len(dice) + 1)
        for part in itertools.combinations(dice, n)
    )
    return figure - placed
