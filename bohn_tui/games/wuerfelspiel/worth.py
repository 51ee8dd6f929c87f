"""What a card state is worth, from the game itself: a small Markov model of one harvest
card's progress over the rounds left in the game (wuerfelspiel.txt).

A round, seen from the end of the roller's own turn: the other players' turns (their rolls
check this card: each roll a random roll of the game's mix of roll sizes, exact over the
faces) and then the roller's own turn (its full field checks the card: the exact outlook
of `chances.outlook`, the figure included). A card at three or more covered orders is
harvested (the bots harvest at the first dice that serve their next card): it pays 1, 2 or
3 thalers for 3, 4 or 5 orders. The worth of k covered orders on a card with `rounds` left
is the expected number of thalers its harvest pays before the game ends; orders not
harvested by then pay nothing (the final harvest is automatic, but only from three orders).
"""

from __future__ import annotations

from functools import lru_cache

from . import chances
from .dice import Order

# the measured mix of roll sizes (standard bots, 60 4-player games: 686 rolls of five dice,
# 130 of four, 278 of three, 434 of two, 584 of one): a roll of another player is one of these
SIZES: dict[int, float] = {5: 686, 4: 130, 3: 278, 2: 434, 1: 584}
ROLLS_PER_TURN = 3.4  # rolls per turn, the figure's included (the same games)


@lru_cache(maxsize=4)
def _mix(dice: tuple[tuple[str, ...], ...]) -> tuple[float, ...]:
    """The chance of each of the dice graph's rolls (chances._graph(...).rolls) being the
    roll another player makes: the sizes in SIZES, each size's states weighted alike."""
    g = chances._graph(dice)
    by_left: dict[int, list[int]] = {}
    for s in g.order:
        by_left.setdefault(g.left[s], []).append(s)
    total = sum(SIZES.values())
    p = [0.0] * len(g.rolls)
    for n, states in by_left.items():
        share = SIZES.get(n, 0.0) / total / len(states)
        for s in states:
            for w, r, _ in g.outs[s]:
                p[r] += share * w / g.totals[s]
    return tuple(p)


@lru_cache(maxsize=512)
def _step(
    dice: tuple[tuple[str, ...], ...], orders: tuple[Order, ...], k: int
) -> tuple[float, ...]:
    """The distribution of the orders one roll of another player covers from order k."""
    mix = _mix(dice)
    dist = [0.0] * (len(orders) - k + 1)
    for r, m in enumerate(chances._gifts(dice, orders, k)):
        dist[m] += mix[r]
    return tuple(dist)


def _field(
    dice: tuple[tuple[str, ...], ...], orders: tuple[Order, ...], k: int
) -> tuple[float, ...]:
    """The distribution of the orders the roller's own turn covers from order k."""
    g = chances._graph(dice)
    start = g.index[((), tuple(dice.count(t) for t in g.types))]
    return chances._outlooks(dice, orders, k)[1][start]


PAY = (0.0, 0.0, 0.0, 1.0, 2.0, 3.0)


def _steps(players: int) -> int:
    """Checks per round: the others' rolls, then the own field."""
    return max(1, round((players - 1) * ROLLS_PER_TURN)) + 1


def _kind(t: int, players: int) -> bool:
    """Whether the check `t` steps before the horizon is the roller's own field (the last
    check of each round, counted from the end of the roller's turn)."""
    return (t - 1) % _steps(players) == 0


@lru_cache(maxsize=4)
def _generic(
    dice: tuple[tuple[str, ...], ...], cards: tuple[tuple[Order, ...], ...]
) -> tuple[tuple[tuple[float, ...], ...], tuple[tuple[float, ...], ...]]:
    """The average card's roll and field steps from k = 0..2 (over every card)."""
    out = []
    for step in (_step, _field):
        rows = []
        for k in range(chances.HARVEST):
            acc = [0.0] * 6
            for orders in cards:
                for m, q in enumerate(step(dice, orders, k)):
                    acc[min(k + m, 5)] += q / len(cards)
            rows.append(tuple(acc))  # indexed by the state reached
        out.append(tuple(rows))
    return out[0], out[1]


@lru_cache(maxsize=8192)
def _later(
    dice: tuple[tuple[str, ...], ...], cards: tuple[tuple[Order, ...], ...], t: int, players: int
) -> float:
    """The expected thalers of a fresh average card over the last `t` checks, its harvests
    and the fresh cards after them included."""
    return _run(t, players, lambda k, field: _generic(dice, cards)[field][k], cards, dice)[0]


def _run(t, players, row, cards, dice):  # type: ignore[no-untyped-def]
    """The expected thalers at k = 0..2 with `t` checks left; row(k, field) -> the
    distribution of the state reached."""
    if t <= 0:
        return (0.0, 0.0, 0.0)
    field = _kind(t, players)
    nxt = _run_cached(t - 1, players, row, cards, dice)
    again = _later(dice, cards, t - 1, players)
    out = []
    for k in range(chances.HARVEST):
        v = 0.0
        for j, q in enumerate(row(k, field)):
            if q:
                v += q * (PAY[j] + again if j >= chances.HARVEST else nxt[j])
        out.append(v)
    return tuple(out)


def _run_cached(t, players, row, cards, dice):  # type: ignore[no-untyped-def]
    return _run(t, players, row, cards, dice)


@lru_cache(maxsize=8192)
def worth(
    dice: tuple[tuple[str, ...], ...],
    cards: tuple[tuple[Order, ...], ...],
    orders: tuple[Order, ...],
    t: int,
    players: int,
) -> tuple[float, ...]:
    """The expected thalers, over the last `t` checks of the game, of a card (`orders`) at
    k = 0..5 covered orders and the cards after it (see the module's docstring)."""

    def row(k: int, field: bool) -> tuple[float, ...]:
        step = (_field if field else _step)(dice, orders, k)
        acc = [0.0] * 6
        for m, q in enumerate(step):
            acc[min(k + m, 5)] += q
        return tuple(acc)

    vals = list(_table(t, players, row, cards, dice))
    again = _later(dice, cards, t, players)
    return tuple(vals) + tuple(PAY[k] + again for k in range(chances.HARVEST, 6))


def _table(t, players, row, cards, dice):  # type: ignore[no-untyped-def]
    """_run for every t' <= t bottom-up (no deep recursion)."""
    prev: tuple[float, ...] = (0.0, 0.0, 0.0)
    for tt in range(1, t + 1):
        field = _kind(tt, players)
        again = _later_up(dice, cards, tt - 1, players)
        cur = []
        for k in range(chances.HARVEST):
            v = 0.0
            for j, q in enumerate(row(k, field)):
                if q:
                    v += q * (PAY[j] + again if j >= chances.HARVEST else prev[j])
            cur.append(v)
        prev = tuple(cur)
    return prev


@lru_cache(maxsize=8192)
def _later_up(
    dice: tuple[tuple[str, ...], ...], cards: tuple[tuple[Order, ...], ...], t: int, players: int
) -> float:
    """_later bottom-up: a fresh average card's expected thalers over the last `t` checks."""
    if t <= 0:
        return 0.0
    gen = _generic(dice, cards)
    vals: list[float] = [0.0] * chances.HARVEST
    fresh = [0.0] * (t + 1)
    for tt in range(1, t + 1):
        field = _kind(tt, players)
        cur = []
        for k in range(chances.HARVEST):
            v = 0.0
            for j, q in enumerate(gen[field][k]):
                if q:
                    v += q * (PAY[j] + fresh[tt - 1] if j >= chances.HARVEST else vals[j])
            cur.append(v)
        vals = cur
        fresh[tt] = vals[0]
    return fresh[t]
