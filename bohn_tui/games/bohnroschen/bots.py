"""Bohnröschen decisions for the computer players (shared/rules/bohnroschen.txt).

`BohnroschenBot` wraps a `StandardBot`: planting, harvesting, buying and trading are the standard
bot's valuations (`StandardBot.after`, its trading code), plus a bonus for an action that
fulfils the task under the bot's own figure (or brings it closer). The Bohnröschen choices
are its own:

- chase the task: each planting or harvest is turned into the facts the engine will see
  (the same `Task.matches` / `Task.enough` the engine uses); a state task is checked on
  the fields as they will be after the action;
- tribute (3-6 and 2 players): with the coins beyond the castle's five (`castle_coins`), in
  phase 4 or the intermediate phase, for whatever task (the reason names a task out of
  reach: a phase task whose phase is over, a chance task, a figure task); at any time when
  the coins beyond the five reach past the last vine card;
- tribute in solo: every coin while more than SOLO_FAR cards are left (the violet figure
  sets the pace), in phase 4 or when the task is out of reach; then it keeps five; and a
  harvested coin counts SOLO_COIN more;
- at the last vine card with fewer than five coins it harvests what brings it to five;
- `plant_kind` / `discard_kind` (two players and solo) by the value of the fields after
  the whole kind is planted, `draw_cards` when nothing is better.

The `expert` level plays a solo run with a search of its own decisions (solo_search.py);
with 2-6 players it plays as the standard level does here.

A bot sees only its seat's view, as every bot does."""

from __future__ import annotations

from functools import cache
from typing import Any

from bohn_tui.engine.bots import Observe
from bohn_tui.games import rules_for
from bohn_tui.games.bohnroschen.actions import (
    DiscardKind,
    DrawCards,
    EndTribute,
    PayTribute,
    PlantKind,
)
from bohn_tui.games.bohnroschen.rules import BohnroschenRules
from bohn_tui.games.bohnroschen.solo_search import Planner
from bohn_tui.games.bohnroschen.tasks import Fact, Task
from bohn_tui.games.common.actions import (
    Action,
    BuyField,
    EndTurn,
    Harvest,
    PlantArea,
    PlantHand,
)
from bohn_tui.games.common.bots.evaluate import Meters, Seat, meters, plant_one, seat_of, value
from bohn_tui.games.common.bots.standard import BUY_REASON, HARVEST_BIAS, StandardBot

GAME = "bohnroschen"
TASK_BONUS = 1.2  # an action that fulfils the task saves (at least) a coin of tribute
PARTIAL_BONUS = 0.3  # an action that counts towards a task of several facts
CASTLE_BONUS = 50.0  # a harvest that brings the coins for the castle: the game
SOLO_COIN = 0.3  # solo: a harvested coin is worth this much more (it moves the figure)
SOLO_FAR = 10  # solo: the castle's five coins are kept only this close to the castle
HARD_EVENTS = frozenset({"draw", "turn_up", "deck_empty", "trade_give", "trade_get"})


@cache
def _tasks(n: int) -> dict[str, Task]:
    """Vine card id -> Task, as the engine checks it."""
    rules = rules_for(GAME, n)
    assert isinstance(rules, BohnroschenRules)
    return {cid: vc.task for cid, vc in rules.cards.items()}


def _fact(kind: str, seat: int, **kw: Any) -> Any:
    return Fact(kind, seat, **kw)


class BohnroschenBot:
    """A Bohnröschen player built on the standard bot's valuations (`base`); any other game
    is played by `other` (the standard bot itself, or the bot it wraps, such as expert)."""

    level = "standard"

    def __init__(
        self,
        seed: int = 0,
        trade: bool = True,
        base: StandardBot | None = None,
        other: Any = None,
    ) -> None:
        self.base = base if base is not None else StandardBot(seed, trade)
        self.other = other if other is not None else self.base
        self.level = getattr(self.other, "level", "standard")
        self.reason = ""
        self._phase_key: tuple[int, int] = (-1, -1)
        self._phase_facts: list[Any] = []
        self._since_key: tuple[int, int] = (-1, -1)
        self._since: list[Any] = []
        self._planner: Planner | None = None  # the expert's solo search (solo_search.py)

    @property
    def people(self) -> frozenset[int]:
        """The seats played by people (games/common/bots/people.py): both bots it plays
        through hold back their offers to them."""
        return frozenset(getattr(self.other, "people", frozenset()))

    @people.setter
    def people(self, seats: frozenset[int]) -> None:
        for bot in (self.base, self.other):  # the same bot twice when it plays as itself
            if hasattr(bot, "people"):
                bot.people = seats

    # -- the protocol ------------------------------------------------------------------

    def propose(self, seat: int, observe: Observe) -> Action | None:
        view = observe()
        bot = self.base if view["game"] == GAME else self.other
        offer = bot.propose(seat, lambda: view)
        self.reason = bot.reason
        return offer

    def choose(self, seat: int, observe: Observe, legal: list[Action]) -> Action:
        view = observe()
        if view["game"] != GAME:
            action = self.other.choose(seat, lambda: view, legal)
            self.reason = self.other.reason
            return action
        self.reason = ""
        action = self._choose(seat, view, legal)
        self._remember(seat, view, action)
        return action

    # -- Bohnröschen -------------------------------------------------------------------

    def _choose(self, seat: int, view: dict[str, Any], legal: list[Action]) -> Action:
        if self.level == "expert" and "solo" in view["vine"]:
            if self._planner is None:
                self._planner = Planner()
            action = self._planner.choose(view, legal)
            self.reason = self._planner.reason
            return action
        if view["phase"] == "trade":
            action = self.base.choose(seat, lambda: view, legal)
            self.reason = self.base.reason
            return action
        tribute = next((a for a in legal if isinstance(a, PayTribute)), None)
        if tribute is not None and self.should_pay(seat, view):
            return tribute
        rest = [a for a in legal if not isinstance(a, PayTribute)]
        if not rest:
            return legal[0]
        done = next((a for a in rest if isinstance(a, EndTribute)), None)
        if done is not None:  # the intermediate phase: a bought field waits for the turn
            # no reason: why it keeps its coins is what they are, and its treasury is closed
            return done
        buy = next((a for a in rest if isinstance(a, BuyField)), None)
        if buy is not None:
            if self._task_done_by(seat, view, buy):
                self.reason = "its task asks for a third field"
                return buy
            if self.base.should_buy(view):
                self.reason = BUY_REASON
                return buy
        if len(rest) == 1:
            return rest[0]
        return self.best_move(seat, view, [a for a in rest if not isinstance(a, BuyField)])

    def best_move(self, seat: int, view: dict[str, Any], legal: list[Action]) -> Action:
        m = meters(GAME)
        s = seat_of(view, seat)
        best, best_v = legal[0], -1e9
        why = ""
        for a in legal:
            v = self.after(m, view, seat, s, a)
            if isinstance(a, Harvest):
                v -= HARVEST_BIAS
            bonus, text = self.task_bonus(seat, view, s, a)
            if v + bonus > best_v:
                best, best_v, why = a, v + bonus, text
        self.reason = why or self.base.explain(m, view, s, best)
        return best

    def after(self, m: Meters, view: dict[str, Any], seat: int, s: Seat, a: Action) -> float:
        """The value of the position after `a` (the standard bot's, plus the whole-kind
        plantings of two players and solo, which it does not know)."""
        if isinstance(a, PlantKind | DiscardKind | EndTurn | DrawCards):
            pile = list(view["duel_offer"] if view["phase"] == "take_offer" else view["turned_up"])
            fields = [list(f) for f in s.fields]
            if isinstance(a, PlantKind):
                k = pile.count(a.variety)
                fields[a.field] = [a.variety, fields[a.field][1] + k]
                pile = [c for c in pile if c != a.variety]
            elif isinstance(a, DiscardKind):
                pile = [c for c in pile if c != a.variety]
            else:
                pile = []  # end of phase 3: the rest is left (solo: discarded)
            may = pile if view["phase"] in ("take_offer", "plant_turned_up") else []
            if view["phase"] == "take_offer" and isinstance(a, PlantKind | DiscardKind):
                # every kind left must still be planted or discarded: only the good ones count
                may = [c for c in pile if plant_one(m, [list(f) for f in fields], c)[0] > 0]
            return value(m, fields, s.coins, s.hand, [], may)
        if isinstance(a, EndTribute | PayTribute):
            return value(m, s.fields, s.coins, s.hand)
        v = self.base.after(m, view, seat, s, a)
        if isinstance(a, Harvest) and "solo" in view["vine"]:  # coins are the pace: harvest
            fv, c = s.fields[a.field]
            v += SOLO_COIN * m.pay_of(fv, c)
        return v

    # -- tasks -------------------------------------------------------------------------

    def _task(self, seat: int, view: dict[str, Any]) -> Any | None:
        task = view["players"][seat].get("task")
        if task is None:
            return None
        return _tasks(len(view["players"])).get(task["id"])

    def facts_of(self, seat: int, view: dict[str, Any], s: Seat, a: Action) -> list[Any]:
        """The task facts the engine will see when `a` is applied (own actions only)."""
        m = meters(GAME)
        if isinstance(a, PlantHand) and s.hand:
            fv, c = s.fields[a.field]
            return [_fact("plant", seat, variety=s.hand[0], source="hand", cards=c, flag=c > 0)]
        if isinstance(a, PlantArea):
            fv, c = s.fields[a.field]
            src = "area" if view["phase"] == "plant_trades" else "turned_up"
            return [_fact("plant", seat, variety=a.variety, source=src, cards=c, flag=c > 0)]
        if isinstance(a, PlantKind):
            pile = view["duel_offer"] if view["phase"] == "take_offer" else view["turned_up"]
            src = "offer" if view["phase"] == "take_offer" else "turned_up"
            fv, c = s.fields[a.field]
            return [
                _fact("plant", seat, variety=a.variety, source=src, cards=c + i, flag=c > 0)
                for i in range(pile.count(a.variety))
            ]
        if isinstance(a, Harvest):
            fv, c = s.fields[a.field]
            return [_fact("harvest", seat, variety=fv, cards=c, coins=m.pay_of(fv, c))]
        if isinstance(a, BuyField):
            return [_fact("buy_field", seat)]
        return []

    def _task_done_by(self, seat: int, view: dict[str, Any], a: Action) -> bool:
        bonus, _ = self.task_bonus(seat, view, seat_of(view, seat), a)
        return bonus >= TASK_BONUS

    def task_bonus(self, seat: int, view: dict[str, Any], s: Seat, a: Action) -> tuple[float, str]:
        """(bonus, reason) for how far `a` takes the task under the figure."""
        t = self._task(seat, view)
        if t is None:
            return self._castle_bonus(seat, view, s, a)
        if t.check == "state":
            if t.state in ("last_figure", "any_field") or self._state_holds(t, s, view):
                return 0.0, ""  # not the bot's doing, or fulfilled already
            after = self._after_fields(s, view, a)
            if after is not None and self._state_holds(t, after, view):
                return TASK_BONUS, "fulfils its task"
            return 0.0, ""
        new = [f for f in self.facts_of(seat, view, s, a) if t.matches(f, seat)]
        if not new:
            return 0.0, ""
        if t.check == "phase":
            if view["phase_number"] != t.phase:
                return 0.0, ""
            old = self._phase_facts if self._phase_key == self._key(view) else []
        else:
            old = self._since if self._since_key == (seat, view["players"][seat]["figure"]) else []
        have = [f for f in old if t.matches(f, seat)]
        if t.enough(have + new):
            return TASK_BONUS, "fulfils its task"
        return PARTIAL_BONUS, "works towards its task"

    def _castle_bonus(
        self, seat: int, view: dict[str, Any], s: Seat, a: Action
    ) -> tuple[float, str]:
        """Past the last vine card: a harvest that brings the coins for the castle."""
        me = view["players"][seat]
        need = view["vine"]["castle_coins"]
        if me["in_castle"] or not isinstance(a, Harvest) or s.coins >= need:
            return 0.0, ""
        fv, c = s.fields[a.field]
        if s.coins + meters(GAME).pay_of(fv, c) >= need:
            return CASTLE_BONUS, "harvests the coins for the castle"
        return 0.0, ""

    @staticmethod
    def _after_fields(s: Seat, view: dict[str, Any], a: Action) -> Seat | None:
        fields = [list(f) for f in s.fields]
        coins = s.coins
        if isinstance(a, PlantHand) and s.hand:
            fields[a.field] = [s.hand[0], fields[a.field][1] + 1]
        elif isinstance(a, PlantArea):
            fields[a.field] = [a.variety, fields[a.field][1] + 1]
        elif isinstance(a, PlantKind):
            pile = view["duel_offer"] if view["phase"] == "take_offer" else view["turned_up"]
            fields[a.field] = [a.variety, fields[a.field][1] + pile.count(a.variety)]
        elif isinstance(a, Harvest):
            fv, c = fields[a.field]
            coins += meters(GAME).pay_of(fv, c)
            fields[a.field] = [None, 0]
        elif isinstance(a, BuyField):
            fields.append([None, 0])
        else:
            return None
        return Seat(fields, coins, s.hand, s.area)

    @staticmethod
    def _state_holds(t: Task, s: Seat, view: dict[str, Any]) -> bool:
        """The engine's state check, on the seat's fields as the bot models them."""
        kind = t.state
        counts = [c for _, c in s.fields]
        if kind == "own_field":
            least = max(1, t.min_cards)
            return any(c >= least and (not t.varieties or v in t.varieties) for v, c in s.fields)
        if kind == "every_field":
            return all(c == t.cards for c in counts)
        if kind == "empty_field":
            return 0 in counts and any(c >= t.min_cards for c in counts)
        if kind == "kinds_on_fields":
            least = max(1, t.min_cards)
            return len({v for v, c in s.fields if c >= least}) >= t.kinds
        if kind == "coins":
            return s.coins >= t.min_coins
        return False

    @staticmethod
    def _key(view: dict[str, Any]) -> tuple[int, int]:
        return (view["turn"], view["phase_number"])

    def _remember(self, seat: int, view: dict[str, Any], a: Action) -> None:
        """Keep the facts of the bot's own actions: a phase task counts the phase's facts,
        an event task those since the figure arrived."""
        facts = self.facts_of(seat, view, seat_of(view, seat), a)
        key = self._key(view)
        if key != self._phase_key:
            self._phase_key, self._phase_facts = key, []
        skey = (seat, view["players"][seat]["figure"])
        if skey != self._since_key:
            self._since_key, self._since = skey, []
        self._phase_facts.extend(facts)
        self._since.extend(facts)

    # -- tribute -----------------------------------------------------------------------

    def should_pay(self, seat: int, view: dict[str, Any]) -> bool:
        me = view["players"][seat]
        vine = view["vine"]
        need = vine["castle_coins"]
        coins = me["coins"] or 0
        left = vine["castle"] - me["figure"]  # vine cards still to pass
        if coins - need >= left > 0:
            self.reason = "pays its way towards the castle"
            return True
        t = self._task(seat, view)
        if t is None:
            return False
        late = view["phase"] in ("draw", "intermediate")
        if "solo" in vine:
            # the violet figure sets the pace: every coin moves the figure on, until the
            # last stretch, where the castle's five are kept
            if coins <= (0 if left > SOLO_FAR else need):
                return False
            if late or self._out_of_reach(t, view):
                self.reason = "keeps pace with the violet figure"
                return True
            return False
        if coins <= need or not late:
            return False
        self.reason = (
            "its task is out of reach: pays tribute"
            if self._out_of_reach(t, view)
            else "would rather move on than wait for its task"
        )
        return True

    @staticmethod
    def _out_of_reach(t: Task, view: dict[str, Any]) -> bool:
        if t.check == "state":
            return t.state in ("last_figure", "any_field")
        if t.event in HARD_EVENTS:
            return True
        number: int = view["phase_number"]
        return t.check == "phase" and number >= t.phase


def bohnroschen_or(bot: Any) -> Any:
    """`bot` for every game, playing Bohnröschen through a BohnroschenBot: the standard bot's
    valuations are the standard bot's own, or those of the standard bot an expert holds."""
    if isinstance(bot, StandardBot):
        return BohnroschenBot(base=bot)
    std = getattr(bot, "std", None)
    if isinstance(std, StandardBot):
        return BohnroschenBot(base=std, other=bot)
    return bot


# the old names, until the UI's branch (and its tests) have merged

__all__ = ["BohnroschenBot", "bohnroschen_or"]
