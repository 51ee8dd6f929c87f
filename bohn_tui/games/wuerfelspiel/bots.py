"""The dice game's computer players (wuerfelspiel.txt): `make(level, seed, trade)`.

A bot sees only the public view (`view(state, seat)`, through `observe`) and its legal
actions. The roller's choices come through `choose` (Roll with the dice to place, Reroll,
Harvest); harvests at any other time through `propose`, which the bot driver asks once per
volunteering window (`Ask.window`: after every action).

- random: a legal action at random; harvests, when it may, half of the times it is asked.
- standard: greedy, one look ahead. For each set of dice it could place (and the bean
  figure) it values the field in chances.VALUES (its own check, plus its lower card's on
  the same field when it would harvest after the turn) plus AHEAD x what one more roll of
  the rest, all then placed, adds on average; ties: the most dice placed, so a roll that
  can gain nothing is placed whole (no needless rolls that feed the others). It harvests
  like the expert (below).
- expert: the roller's choices by chances.best_move (exact expected value over the rest of
  the turn, weighing what its rolls give the others, the lower cards included where a
  harvest puts them to use). Both harvest when that wins the game; otherwise only while
  dice it may use lie open and cover orders of its next card (another's roll, or its own
  full field after its turn): the check right after a harvest uses those dice, which have
  checked the old card already, so waiting for such a moment never loses (and at the end
  everyone with three or more orders harvests anyway: the lead's rule 5).
- Both use the bean figure only where it raises their own expected orders (by
  chances.figure_gain), never to gamble for a harvest's thalers at the cost of orders;
  otherwise they place what they would place with the figure left. The reason of a
  re-roll names the roll re-rolled: the log shows the new one after it."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from bohn_tui.engine.actions import Action
from bohn_tui.engine.bots import Observe

from . import chances
from .actions import Harvest, Reroll, Roll
from .dice import HARVEST, DiceData, Order, covered_run, load, outcomes

AHEAD = 0.7  # how much the standard counts what one more roll adds on average


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
    return data.thalers.get(min(covered, max(data.thalers)), 0) if covered >= HARVEST else 0


def _wins_now(data: DiceData, view: dict[str, Any], seat: int) -> bool:
    """Whether harvesting now ends the game with `seat` ahead of everybody's final harvest."""
    me = view["players"][seat]
    total: int = me["thalers"] + _thalers(data, me["covered"])
    if total < view["target"]:
        return False
    rest: list[int] = [
        p["thalers"] + _thalers(data, p["covered"])
        for i, p in enumerate(view["players"])
        if i != seat
    ]
    return total > max(rest, default=0)


def _gain(data: DiceData, view: dict[str, Any], seat: int, placed: Sequence[str]) -> int:
    """How many more of `seat`'s orders the field fulfils with `placed` added."""
    me = view["players"][seat]
    orders, c = _orders(data, me), me["covered"]
    field = tuple(_dice(view, "field").values())
    return covered_run(orders, c, field + tuple(placed)) - covered_run(orders, c, field)


def _place_reason(data: DiceData, view: dict[str, Any], seat: int, placed: Sequence[str]) -> str:
    """Why the roller places `placed` (the log line names the dice): the order of its card
    they serve; else, with three or more orders on the field (the harvest after the turn
    checks the next card against it), the next card's order; else that no further order is
    within reach (the last dice) or the order the field still lacks."""
    me = view["players"][seat]
    orders, c = _orders(data, me), me["covered"]
    field = tuple(_dice(view, "field").values())
    both = field + tuple(placed)
    aim = c + covered_run(orders, c, field)  # the first order the field does not fulfil yet
    last = len(both) == len(view["dice"])
    if _gain(data, view, seat, placed):
        return f"for order {aim + 1} ({orders[aim].text})"
    lower = me.get("lower")
    if lower and c + covered_run(orders, c, both) >= HARVEST:
        nxt = data.cards[lower - 1].orders
        first = covered_run(nxt, 0, field)
        if first < len(nxt) and (covered_run(nxt, 0, both) > first or not last):
            return f"for the next card's order {first + 1} ({nxt[first].text})"
    if last or aim >= len(orders):
        return "no further order is within reach"
    return f"for order {aim + 1} ({orders[aim].text})"


def _may_harvest(view: dict[str, Any], seat: int) -> bool:
    p = view["players"][seat]
    return bool(p.get("can_harvest")) and not view.get("over")


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
        self.reason = why  # the log line says what is harvested; the reason says why
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
                self.reason = why
                return harvest
        rolls = [a for a in legal if not isinstance(a, Harvest)] or legal
        rolled = _dice(view, "rolled")
        if len(rolls) == 1 or not rolled or not (view.get("last_roll") or {}).get("open"):
            self.reason = ""  # no choice: the log line says it all
            return rolls[0]
        return self.answer(seat, view, rolled, rolls)

    def answer(
        self, seat: int, view: dict[str, Any], rolled: dict[int, str], legal: list[Action]
    ) -> Action:
        """The roller's answer to the open roll `rolled`."""
        raise NotImplementedError

    def _place(
        self,
        legal: list[Action],
        place: Sequence[int],
        rolled: dict[int, str],
        view: dict[str, Any],
        seat: int,
    ) -> Action | None:
        by_set = {frozenset(a.place): a for a in legal if isinstance(a, Roll)}
        action = by_set.get(frozenset(place))
        if action is not None:
            self.reason = _place_reason(self.data, view, seat, [rolled[d] for d in place])
        return action

    def _figure(self, legal: list[Action], view: dict[str, Any], seat: int) -> Action | None:
        """The bean figure, where it is legal and raises the bot's own expected orders
        (chances.figure_gain: a re-roll that only gambles for a harvest's thalers while
        fewer orders are expected is not made); the reason names the roll it re-rolls (the
        log shows the new roll after it)."""
        action = next((a for a in legal if isinstance(a, Reroll)), None)
        if action is None:
            return None
        me = view["players"][seat]
        field, rolled = _dice(view, "field"), _dice(view, "rolled")
        orders = _orders(self.data, me)
        if chances.figure_gain(self.data, orders, me["covered"], field, rolled) <= 1e-9:
            return None
        faces = list(rolled.values())
        helps = any(
            _gain(self.data, view, seat, [faces[i] for i in part])
            for n in range(1, len(faces) + 1)
            for part in itertools.combinations(range(len(faces)), n)
        )
        roll = ", ".join(self.data.by_id[f].name for f in faces)
        worth = f"a new roll is worth more than {roll}"
        self.reason = worth if helps else f"nothing in its roll ({roll}) helps"
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
        return _harvest_when_dice_serve(self.data, view, seat)

    def answer(
        self, seat: int, view: dict[str, Any], rolled: dict[int, str], legal: list[Action]
    ) -> Action:
        me = view["players"][seat]
        hand = (me["upper"]["number"], me["covered"], me.get("lower") or 0)
        field = tuple(_dice(view, "field").values())
        darker = {d["die"] for d in view["dice"] if d["darker"]}
        dice = sorted(rolled)
        best: tuple[float, tuple[int, ...]] | None = None
        for n in range(len(dice), 0, -1):  # ties: the most dice placed (fewer rolled again)
            for part in itertools.combinations(dice, n):
                rest = [d for d in dice if d not in part]
                faces = field + tuple(rolled[d] for d in part)
                value = _one_roll(hand, faces, rest, darker)
                if best is None or value > best[0] + 1e-12:
                    best = (value, part)
        assert best is not None
        if _one_roll(hand, field, dice, darker) > best[0] + 1e-12:
            figure = self._figure(legal, view, seat)
            if figure is not None:
                return figure
        action = self._place(legal, best[1], rolled, view, seat)
        if action is None:
            self.reason = ""
            action = next((a for a in legal if isinstance(a, Roll)), legal[0])
        return action


def _one_roll(
    hand: tuple[int, int, int], faces: tuple[str, ...], rest: Sequence[int], darker: set[int]
) -> float:
    """The standard's value of placing `faces` on the field and rolling the dice `rest`
    once more: what the field is worth now, plus AHEAD x what one more roll of `rest`
    (all of it then placed) adds on average. With nothing to gain from `rest`, placing it
    all is as good (and feeds nobody)."""
    now = _worth(hand, tuple(sorted(faces)))
    if not rest:
        return now
    nd = sum(d in darker for d in rest)
    after = _after_roll(hand, tuple(sorted(faces)), nd, len(rest) - nd)
    return now + AHEAD * (after - now)


@lru_cache(maxsize=1 << 18)
def _worth(hand: tuple[int, int, int], faces: tuple[str, ...]) -> float:
    """What a full field of `faces` is worth to the roller with `hand` (upper card number,
    covered orders, lower card number or 0), in chances.VALUES: its own check, plus the
    lower card's check on the same field when that gives three or more (the harvest after
    the turn checks the new card against the field: rule 3)."""
    data = load()
    upper, covered, lower = hand
    top = len(chances.VALUES) - 1
    c = min(top, covered + covered_run(data.cards[upper - 1].orders, covered, faces))
    value = chances.VALUES[c]
    if c >= HARVEST and lower:
        value += chances.VALUES[min(top, covered_run(data.cards[lower - 1].orders, 0, faces))]
    return value


@lru_cache(maxsize=1 << 18)
def _after_roll(hand: tuple[int, int, int], faces: tuple[str, ...], nd: int, nl: int) -> float:
    """_worth on average after `faces` and one roll of `nd` darker and `nl` lighter dice."""
    total: int = 6 ** (nd + nl)
    return sum(w * _worth(hand, tuple(sorted(faces + f))) for f, w in _rolls(nd, nl)) / total


@lru_cache(maxsize=16)
def _rolls(nd: int, nl: int) -> tuple[tuple[tuple[str, ...], int], ...]:
    """Every outcome of rolling `nd` darker and `nl` lighter dice, with its weight."""
    data = load()
    darker = [i for i, dark in enumerate(data.darker) if dark][:nd]
    lighter = [i for i, dark in enumerate(data.darker) if not dark][:nl]
    return outcomes(tuple(data.dice[i] for i in darker + lighter))


def _harvest_when_dice_serve(data: DiceData, view: dict[str, Any], seat: int) -> str | None:
    """The standard's and the expert's harvest policy: when that wins the game; otherwise
    only while dice `seat` may use lie open and cover orders of its next card (another's
    roll; its own full field after its turn), never while rolling. Harvesting later, at such
    a moment, is never worse than now: those dice check this card first and then the new
    one (and at the end everyone with three or more orders harvests anyway)."""
    me = view["players"][seat]
    if _wins_now(data, view, seat):
        return "it wins the game"
    if me.get("lower") is None:  # no card to come: only a full card is worth taking
        return "the card is full" if me["covered"] >= len(me["upper"]["orders"]) else None
    if seat == view["active"] or view.get("ending"):
        return None  # rolling: after the turn the full field checks the new card too
    gift = covered_run(data.cards[me["lower"] - 1].orders, 0, _usable(view, seat))
    if gift:
        return f"the dice cover {gift} order{'s' if gift > 1 else ''} of the next card"
    return None


class ExpertBot(_Base):
    level = "expert"

    def __init__(self, seed: int = 0, weight: float = chances.WEIGHT) -> None:
        super().__init__(seed)
        self.weight = weight
        chances.warm(self.data)  # the dice-state graph and the orders on it, once a process

    def harvest_now(self, view: dict[str, Any], seat: int) -> str | None:
        return _harvest_when_dice_serve(self.data, view, seat)

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
        action = self._figure(legal, view, seat) if choice.figure else None
        if action is None:  # no figure, or one that would lower its expected orders
            place = choice.instead if choice.figure else choice.place
            action = self._place(legal, place, rolled, view, seat)
        if action is None:  # not listed: the rules allow less than the full choice
            self.reason = ""
            action = next((a for a in legal if isinstance(a, Roll)), legal[0])
        return action

    def _lower(self, player: dict[str, Any]) -> tuple[Order, ...]:
        lower = player.get("lower")
        return self.data.cards[lower - 1].orders if lower else ()
