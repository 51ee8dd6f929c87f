"""The dice game's computer players (wuerfelspiel.txt): `make(level, seed, trade)`.

A bot sees only the public view (`view(state, seat)`, through `observe`) and its legal
actions. The roller's choices come through `choose` (Roll with the dice to place, Reroll,
Harvest); harvests at any other time through `propose`, which the bot driver asks once per
`proposal_round` (after every action).

- random: a legal action at random; harvests, when it may, half of the times it is asked.
- standard: greedy, one look at the roll. It places the fewest dice that serve its lowest
  uncovered orders best (`_serves`: the orders the field would fulfil in sequence, then
  whether the next order stays reachable with the dice left, how few dice it still lacks,
  then how few the one after lacks); the bean figure when the roll serves nothing, else
  the die least wanted by its orders. It harvests at four or five orders, at three when
  the fourth is hard (printed odds under HARD, nearly always), and when a harvest wins.
- expert: the roller's choices by chances.best_move (exact expected value over the rest of
  the turn, weighing what its rolls give the others, the lower cards included where a
  harvest puts them to use). It harvests when that wins the game; otherwise only while
  dice it may use lie open and cover orders of its next card (another's roll, or its own
  full field after its turn): the check right after a harvest uses those dice, which have
  checked the old card already, so waiting for such a moment never loses (and at the end
  everyone with three or more orders harvests anyway: the lead's rule 5)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from bohn_tui.engine.bots import Observe

from . import chances
from .actions import Action, Harvest, Reroll, Roll
from .dice import DiceData, Order, covered_run, load

HARD = 35  # percent: a fourth order this hard makes the standard bot take one thaler now


def make(level: str, seed: int = 0, trade: bool = True) -> Any:
    """A bot of `level` ("random", "standard", "expert") with its own seeded randomness
    (`trade` is the contract's; this game has no trading)."""
    kinds = {"random": RandomBot, "standard": StandardBot, "expert": ExpertBot}
    if level not in kinds:
        raise ValueError(f"unknown bot level {level!r}; choose one of: {', '.join(sorted(kinds))}")
    return kinds[level](seed)


# -- reading the view -------------------------------------------------------------------------


def _orders(data: DiceData, player: dict[str, Any]) -> tuple[Order, ...]:
    upper = player.get("upper")
    return data.cards[upper["number"] - 1].orders if upper else ()


def _dice(view: dict[str, Any], where: str) -> dict[int, str]:
    return {d["die"]: d["face"] for d in view["dice"] if d["where"] == where and d["face"]}


def _usable(view: dict[str, Any], seat: int) -> tuple[str, ...]:
    """The dice a harvest's check of the new upper card would use for `seat` now (rule 3):
    another's open roll, or the roller's own full field."""
    last = view.get("last_roll") or {}
    if last.get("open") and last.get("roller") != seat:
        return tuple(last.get("faces", ()))
    field = _dice(view, "field")
    if len(field) == len(view["dice"]) and last.get("roller") == seat:
        return tuple(field.values())
    return ()


def _thalers(data: DiceData, covered: int) -> int:
    return data.thalers.get(min(covered, max(data.thalers)), 0) if covered >= 3 else 0


def _wins_now(data: DiceData, view: dict[str, Any], seat: int) -> bool:
    """Whether harvesting now ends the game with `seat` ahead of everybody's final harvest."""
    me = view["players"][seat]
    total = me["thalers"] + _thalers(data, me["covered"])
    if total < view["target"]:
        return False
    rest = [
        p["thalers"] + _thalers(data, p["covered"])
        for i, p in enumerate(view["players"])
        if i != seat
    ]
    return total > max(rest, default=0)


def _may_harvest(view: dict[str, Any], seat: int) -> bool:
    p = view["players"][seat]
    return bool(p.get("can_harvest")) and not view.get("over")


def _harvest_reason(data: DiceData, view: dict[str, Any], seat: int, why: str) -> str:
    c = view["players"][seat]["covered"]
    n = _thalers(data, c)
    return f"harvests {c} orders for {n} thaler{'s' if n != 1 else ''}: {why}"


class _Base:
    level = "base"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.data = load()
        self.reason = ""

    def propose(self, seat: int, observe: Observe) -> Action | None:
        view = observe()
        if not _may_harvest(view, seat):
            return None
        why = self.harvest_now(view, seat)
        if why is None:
            return None
        self.reason = _harvest_reason(self.data, view, seat, why)
        return Harvest(seat)

    def harvest_now(self, view: dict[str, Any], seat: int) -> str | None:
        """Why `seat` harvests now, or None to wait."""
        raise NotImplementedError

    def choose(self, seat: int, observe: Observe, legal: list[Action]) -> Action:
        view = observe()
        harvest = next((a for a in legal if isinstance(a, Harvest)), None)
        if harvest is not None and _may_harvest(view, seat):
            why = self.harvest_now(view, seat)
            if why is not None:
                self.reason = _harvest_reason(self.data, view, seat, why)
                return harvest
        rolls = [a for a in legal if not isinstance(a, Harvest)] or legal
        rolled = _dice(view, "rolled")
        if len(rolls) == 1 or not rolled or not (view.get("last_roll") or {}).get("open"):
            only = rolls[0]
            self.reason = ""
            if isinstance(only, Roll):
                self.reason = "places the dice left" if only.place else "rolls the dice"
            return only
        return self.answer(seat, view, rolled, rolls)

    def answer(
        self, seat: int, view: dict[str, Any], rolled: dict[int, str], legal: list[Action]
    ) -> Action:
        """The roller's answer to the open roll `rolled`."""
        raise NotImplementedError

    def _place(
        self, legal: list[Action], place: Sequence[int], rolled: dict[int, str]
    ) -> Action | None:
        by_set = {frozenset(a.place): a for a in legal if isinstance(a, Roll)}
        action = by_set.get(frozenset(place))
        if action is not None:
            faces = ", ".join(self.data.by_id[rolled[d]].name for d in sorted(place))
            rest = len(rolled) - len(place)
            self.reason = f"places {faces}" + (f", rolls {rest} again" if rest else "")
        return action

    def _figure(self, legal: list[Action]) -> Action | None:
        action = next((a for a in legal if isinstance(a, Reroll)), None)
        if action is not None:
            self.reason = "uses the bean figure"
        return action


class RandomBot(_Base):
    level = "random"

    def harvest_now(self, view: dict[str, Any], seat: int) -> str | None:
        return "at random" if self.rng.random() < 0.5 else None

    def choose(self, seat: int, observe: Observe, legal: list[Action]) -> Action:
        self.reason = ""
        return legal[self.rng.randrange(len(legal))]

    def answer(
        self, seat: int, view: dict[str, Any], rolled: dict[int, str], legal: list[Action]
    ) -> Action:
        return legal[self.rng.randrange(len(legal))]  # pragma: no cover (choose does it)


class StandardBot(_Base):
    level = "standard"

    def harvest_now(self, view: dict[str, Any], seat: int) -> str | None:
        me = view["players"][seat]
        c = me["covered"]
        if _wins_now(self.data, view, seat):
            return "it wins the game"
        if c >= 4:
            return "four orders or more"
        orders = me["upper"]["orders"] if me.get("upper") else []
        if c == 3 and len(orders) > 3 and orders[3]["odds"] < HARD:
            return "the fourth order is hard"
        return None

    def answer(
        self, seat: int, view: dict[str, Any], rolled: dict[int, str], legal: list[Action]
    ) -> Action:
        me = view["players"][seat]
        orders = _orders(self.data, me)
        start = me["covered"]
        field = tuple(_dice(view, "field").values())
        dice = sorted(rolled)
        here = _serves(orders, start, tuple(sorted(field)), len(dice))
        best: tuple[tuple[int, ...], tuple[int, ...]] = ((*here, 0), ())
        for n in range(1, len(dice) + 1):  # ties: the fewer dice (more are rolled again)
            for part in itertools.combinations(dice, n):
                faces = tuple(sorted(field + tuple(rolled[d] for d in part)))
                score = (*_serves(orders, start, faces, len(dice) - n), -n)
                if score > best[0]:
                    best = (score, part)
        place = best[1]
        if not place:  # the roll serves nothing: the figure, else the least useful die
            figure = self._figure(legal)
            if figure is not None:
                return figure
            wanted = {k for o in orders[start:] for k in _kinds(o)}
            place = (min(dice, key=lambda d: (rolled[d] in wanted, d)),)
        action = self._place(legal, place, rolled)
        if action is None:
            self.reason = ""
            action = next((a for a in legal if isinstance(a, Roll)), legal[0])
        return action


def _serves(
    orders: Sequence[Order], start: int, faces: tuple[str, ...], left: int
) -> tuple[int, ...]:
    """How far `faces` serve the lowest uncovered orders, `left` dice still to roll: the
    orders fulfilled in sequence, whether the next one can still be, how few dice it still
    lacks, then how few the one after lacks."""
    run = covered_run(orders, start, faces)
    nxt = start + run
    lack = _lacks(orders[nxt], faces) if nxt < len(orders) else 0
    after = _lacks(orders[nxt + 1], faces) if nxt + 1 < len(orders) else 0
    return run, lack <= left, -lack, -after


@lru_cache(maxsize=65536)
def _lacks(order: Order, faces: tuple[str, ...]) -> int:
    """The fewest dice `order` still lacks next to `faces` (over its alternatives; each die
    serves once)."""
    best = 5
    for choice in itertools.product(*order.parts):
        slots = [need.kinds for alt in choice for need in alt for _ in range(need.count)]
        best = min(best, len(slots) - _matching(slots, faces))
    return best


def _matching(slots: list[frozenset[str]], faces: tuple[str, ...]) -> int:
    """The largest matching of slots to dice showing one of the slot's kinds."""
    owner: list[int | None] = [None] * len(faces)

    def place(s: int, seen: set[int]) -> bool:
        for d, face in enumerate(faces):
            if face in slots[s] and d not in seen:
                seen.add(d)
                o = owner[d]
                if o is None or place(o, seen):
                    owner[d] = s
                    return True
        return False

    return sum(place(s, set()) for s in range(len(slots)))


def _kinds(order: Order) -> frozenset[str]:
    return frozenset(k for part in order.parts for alt in part for need in alt for k in need.kinds)


class ExpertBot(_Base):
    level = "expert"

    def __init__(self, seed: int = 0, weight: float = chances.WEIGHT) -> None:
        super().__init__(seed)
        self.weight = weight
        chances.warm(self.data)  # the dice-state graph and the orders on it, once a process

    def harvest_now(self, view: dict[str, Any], seat: int) -> str | None:
        me = view["players"][seat]
        if _wins_now(self.data, view, seat):
            return "it wins the game"
        if me.get("lower") is None:  # no card to come: only a full card is worth taking
            return "the card is full" if me["covered"] >= len(me["upper"]["orders"]) else None
        if seat == view["active"] or view.get("ending"):
            return None  # rolling: after the turn the full field checks the new card too
        # harvesting later, while dice it may use lie open, is never worse than now: those
        # dice check this card first and then the new one; so it waits for dice that cover
        # orders of the next card (at the end everyone harvests anyway)
        gift = covered_run(self.data.cards[me["lower"] - 1].orders, 0, _usable(view, seat))
        if gift:
            return f"the dice cover {gift} order{'s' if gift > 1 else ''} of the next card"
        return None

    def answer(
        self, seat: int, view: dict[str, Any], rolled: dict[int, str], legal: list[Action]
    ) -> Action:
        me = view["players"][seat]
        others = [
            (_orders(self.data, p), p["covered"], self._lower(p))
            for i, p in enumerate(view["players"])
            if i != seat and p.get("upper")
        ]
        choice = chances.best_move(
            self.data,
            _orders(self.data, me),
            me["covered"],
            others,
            _dice(view, "field"),
            rolled,
            bool(view.get("can_reroll")),
            weight=self.weight,
            lower=self._lower(me),
        )
        action = self._figure(legal) if choice.figure else self._place(legal, choice.place, rolled)
        if action is None:  # not listed: the rules allow less than the full choice
            self.reason = ""
            action = next((a for a in legal if isinstance(a, Roll)), legal[0])
        return action

    def _lower(self, player: dict[str, Any]) -> tuple[Order, ...]:
        lower = player.get("lower")
        return self.data.cards[lower - 1].orders if lower else ()
