"""The expert's solo Bohnröschen: a search over the solo player's own decisions.

In the solo game nothing is hidden but the order of the draw pile (and the face-down vine
cards), and nothing happens between the player's own decisions but the turn-up (end of
phase 1) and the draw (phase 4). So the search is exact inside a phase: the planner
rebuilds the game from the player's view (`world`), tries every sequence of its own
actions in the phase (plantings, the hand discard, harvests, the third field, tribute, in
every order) on the engine itself, so each task is checked exactly as the game checks it,
and scores the position where the phase would end (`Planner.leaf`). What comes after the
chance is valued by expectation, from the counts of the cards the player has not seen:
the bean value of the fields and the hand (`evaluate.value`), the figure's place, how
likely the task under the figure is to be done for free before long (`prospect`, over
every turn the figure may wait there before the violet figure is ahead), a small premium
for each coin kept, and the red figure's threat (a turn that starts with the violet
figure in front of the player's moves the red one; its eighth move loses the run). The
three weights (PROSPECT, RED_COST, COIN_KEEP) were tuned on runs 0-199 of `bohn simulate`
(benchmarks/README.md, "Solo"): a free task and a kept coin count more, a red move less,
than first set.

The rebuilt world holds no card the player cannot see: the draw pile is made of the
unseen cards in a fixed order, the vine cards still face down are placeholders no one can
fulfil, and the search never draws from the pile, so its choice is the same for every
order of the real pile."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any

from bohn_tui.games import rules_for
from bohn_tui.games.bohnroschen.actions import DrawCards, PayTribute
from bohn_tui.games.bohnroschen.rules import BohnroschenRules, violet_after
from bohn_tui.games.bohnroschen.state import BohnroschenState
from bohn_tui.games.bohnroschen.tasks import CASTLE, Fact, Task
from bohn_tui.games.common.actions import (
    Action,
    DiscardHand,
    EndPlanting,
    EndTurn,
)
from bohn_tui.games.common.bots.evaluate import Meters, meters, value
from bohn_tui.games.common.rules import GameState
from bohn_tui.games.common.table import Deck, Field, PlayerState, harvestable_counts

GAME = "bohnroschen"
PLACEHOLDER = "v14"  # a face-down vine card in the rebuilt world: a task solo cannot do
MAX_NODES = 1500  # positions searched for one decision
WIN = 1000.0
STEP_COST = 0.001  # of two plans that end alike, the shorter
PROSPECT = 1.2  # a task likely done for free is worth this much of a coin
RED_COST = 1.0  # one move of the red figure, with all its moves still to spare
COIN_KEEP = 0.4  # a coin kept is worth this much more than the card it could pay past
MAX_WAITS = 4  # turns of waiting counted for a task's chance
ENDERS = (EndPlanting, EndTurn, DrawCards)  # the action that ends the phase (chance follows)


@cache
def solo_rules() -> BohnroschenRules:
    """The rules of the solo game."""
    return rules_for(GAME, 1)  # type: ignore[return-value]


@dataclass(slots=True)
class Memory:
    """What the planner keeps between decisions: the task facts and the fields started in
    the current phase (a phase task counts all of its phase), as the engine recorded them
    in the planner's own world after each chosen action."""

    key: tuple[int, int] = (-1, -1)
    facts: list[Fact] = field(default_factory=list)
    fresh: set[tuple[int, int]] = field(default_factory=set)


@dataclass(slots=True)
class Terms:
    """The parts of the value of a position where a phase ends (`Planner.terms`), which the
    hint compares to say what decides a move: `fixed` when the run is decided there (won,
    or `lost` to the violet or red figure), else the bean value (coins, fields, the hand's
    front), the figure's card, the task under it likely done for free, the coins kept, the
    red figure's threat and the coins short at the castle's door (the last two count
    against)."""

    fixed: float | None = None
    lost: str = ""
    beans: float = 0.0
    figure: float = 0.0
    task: float = 0.0
    keep: float = 0.0
    red: float = 0.0
    door: float = 0.0

    def total(self) -> float:
        if self.fixed is not None:
            return self.fixed
        return self.beans + self.figure + self.task + self.keep - self.red - self.door


@dataclass(slots=True)
class Plan:
    value: float
    actions: list[Action]
    end: BohnroschenState | None  # the position where the phase ends


# -- the world as the player sees it ---------------------------------------------------------


def unseen(view: dict[str, Any]) -> Counter[str]:
    """The bean cards the solo player cannot see where they are: the draw pile, the discard
    pile under its top card and the coin cards (all of them, counted by kind)."""
    rules = solo_rules()
    pool: Counter[str] = Counter({v.id: v.count for v in rules.varieties.values()})
    me = view["players"][0]
    seen = list(me["hand"]) + list(view["turned_up"])
    for f in me["fields"]:
        if f["count"]:
            seen.extend([f["variety"]] * f["count"])
    if view["discard_top"] is not None:
        seen.append(view["discard_top"])
    pool.subtract(seen)
    return +pool


def world(view: dict[str, Any], legal: list[Action], memory: Memory) -> BohnroschenState:
    """A complete solo state that fits the view: unseen cards in a fixed order (the search
    never draws them), face-down vine cards as placeholders."""
    rules = solo_rules()
    me = view["players"][0]
    rest = sorted(unseen(view).elements())
    n_coins = me["coins"] or 0
    coins, rest = rest[:n_coins], rest[n_coins:]
    n_discard = max(0, view["discard_size"] - (view["discard_top"] is not None))
    discard, rest = rest[:n_discard], rest[n_discard:]
    if view["discard_top"] is not None:
        discard.append(view["discard_top"])
    deck = _no_pair_on_top(rest[: view["deck_size"]], view["discard_top"])
    vine_view = view["vine"]
    cards = vine_view["cards"]
    vine = [c.get("id", PLACEHOLDER) if c["state"] == "face_up" else PLACEHOLDER for c in cards]
    vine[-1] = CASTLE
    revealed = sum(1 for c in cards if c["state"] in ("face_up", "gone"))
    player = PlayerState(
        name=me["name"],
        hand=list(me["hand"]),
        fields=[Field(f["variety"], f["count"]) for f in me["fields"]],
        coins=coins,
        area=list(me["area"]),
        bought_field=me["bought_field"],
    )
    base = GameState(
        rules=rules,
        seed=0,
        options={},
        players=[player],
        deck=Deck(cards=deck, discard=discard, end_at=0, runouts=view["runouts"]),
        removed=[],
        rng=_NoChance(),  # type: ignore[arg-type]  # (a Random's .random() only)
        turned_up=list(view["turned_up"]),
        duel_offer=[],
        active=0,
        phase=view["phase"],
        planted=view["planted"],
        turn=view["turn"],
        total=Counter(rules._total),
    )
    st = BohnroschenState(**{f.name: getattr(base, f.name) for f in fields(GameState)})
    solo = vine_view["solo"]
    key = (view["turn"], view["phase_number"])
    st.vine = vine
    st.revealed = revealed
    st.pos = [me["figure"]]
    st.entered = [me["in_castle"]]
    st.violet = solo["violet"]
    st.red = solo["red"]
    st.since = [[]]
    st.phase_key = key
    st.phase_facts = list(memory.facts) if memory.key == key else []
    st.fresh = set(memory.fresh) if memory.key == key else set()
    st.discarded = (
        view["phase"] == "plant"
        and bool(me["hand"])
        and not any(isinstance(a, DiscardHand) for a in legal)
    )
    st.done = [True]
    return st


def _no_pair_on_top(deck: list[str], top: str | None) -> list[str]:
    """The rebuilt pile, ordered so that a turn-up the search runs into by itself (phase 1
    ends when nothing is left to do in it) shows three different kinds, none of them the
    discard pile's top: it fulfils no task and takes nothing from the discard pile. The
    search values the end of phase 1 without the turned-up cards."""
    head: list[str] = []
    for v in reversed(deck):
        if len(head) < 3 and v != top and v not in head:
            head.append(v)
    rest = list(deck)
    for v in head:
        rest.remove(v)
    return rest + head[::-1]


class _NoChance:
    """The rebuilt world's generator: the search stops before any chance, so a shuffle
    there gets a fixed order (no draw from the real pile's order can leak in)."""

    def random(self) -> float:
        return 0.5


def clone(st: BohnroschenState) -> BohnroschenState:
    c = BohnroschenState(**{f.name: getattr(st, f.name) for f in fields(BohnroschenState)})
    c.players = [
        PlayerState(
            p.name,
            list(p.hand),
            [Field(f.variety, f.count) for f in p.fields],
            list(p.coins),
            list(p.area),
            p.bought_field,
        )
        for p in st.players
    ]
    d = st.deck
    c.deck = Deck(list(d.cards), list(d.discard), d.end_at, d.runouts, d.ending)
    for name in ("removed", "turned_up", "pos", "entered", "phase_facts", "done"):
        setattr(c, name, list(getattr(st, name)))
    c.since = [list(x) for x in st.since]
    c.fresh = set(st.fresh)
    return c


# -- chances, from the unseen cards ---------------------------------------------------------


def _shares(pool: Counter[str]) -> dict[str, float]:
    total = sum(pool.values()) or 1
    return {v: n / total for v, n in pool.items()}


def at_least_one(q: float, n: int) -> float:
    return 1.0 - (1.0 - q) ** n


def at_least(k: int, mean: float) -> float:
    """P(Poisson(mean) >= k)."""
    if k <= 0:
        return 1.0
    term = math.exp(-mean)
    below = term
    for i in range(1, k):
        term *= mean / i
        below += term
    return max(0.0, 1.0 - below)


def pair_among_three(q: dict[str, float]) -> float:
    """P(two of three turned-up cards are of one kind)."""
    s2 = sum(x * x for x in q.values())
    s3 = sum(x**3 for x in q.values())
    return min(1.0, 3 * s2 - 2 * s3)


# -- the planner ------------------------------------------------------------------------------


class Planner:
    """Chooses the solo player's action by searching its own decisions in the phase."""

    def __init__(self) -> None:
        self.memory = Memory()
        self.reason = ""
        self.m: Meters = meters(GAME)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        rules = solo_rules()
        st = world(view, legal, self.memory)
        plan = self.search(st)
        action = plan.actions[0] if plan.actions else _ender(legal)
        if action not in legal:  # the world disagrees with the game: never play illegally
            action = _ender(legal)
        self.reason = self.explain(st, plan, action)
        after = clone(st)
        if not isinstance(action, ENDERS):
            rules.step(after, action)
        self.memory = Memory(after.phase_key, list(after.phase_facts), set(after.fresh))
        return action

    # -- search -----------------------------------------------------------------------------

    def search(self, root: BohnroschenState) -> Plan:
        rules = solo_rules()
        phase = root.phase
        seen: set[Any] = set()
        best = Plan(-math.inf, [], None)
        stack: list[tuple[BohnroschenState, list[Action]]] = [(root, [])]
        nodes = 0
        while stack:
            st, path = stack.pop()
            nodes += 1
            if st.phase != phase or st.over:  # the phase ended by itself, or the run did
                v = self.leaf(st, phase) - STEP_COST * len(path)
                if v > best.value:
                    best = Plan(v, path, st)
                continue
            legal = rules.legal_actions(st, 0)
            if any(isinstance(a, ENDERS) for a in legal):
                v = self.leaf(st, phase) - STEP_COST * len(path)
                if v > best.value:
                    best = Plan(v, path + [_ender(legal)], st)
            if nodes > MAX_NODES:
                continue
            for a in legal:
                if isinstance(a, ENDERS):
                    continue
                nxt = clone(st)
                rules.step(nxt, a)
                key = _key(nxt)
                if key in seen:
                    continue
                seen.add(key)
                stack.append((nxt, path + [a]))
        return best

    # -- the value of a position where the phase ends -----------------------------------------

    def leaf(self, st: BohnroschenState, phase: str) -> float:
        return self.terms(st, phase).total()

    def terms(self, st: BohnroschenState, phase: str) -> Terms:
        """The value of a position where the phase ends, in its parts (`leaf` sums them)."""
        if st.over:
            return Terms(fixed=WIN + len(st.players[0].coins) if st.entered[0] else -WIN)
        rules = solo_rules()
        p = st.players[0]
        coins = len(p.coins)
        fields_ = [[f.variety, f.count] for f in p.fields]
        pos = st.pos[0]
        castle = len(st.vine) - 1
        violet = _violet_next(rules, st.violet)
        if violet >= rules.castle_index and phase == "draw":
            return Terms(fixed=-WIN + pos + coins, lost="violet")  # violet: castle next turn
        t = Terms(beans=value(self.m, fields_, coins, p.hand), figure=pos)
        task = None if pos >= castle else rules.cards[st.vine[pos]].task
        if task is not None:
            chance = self.prospect(st, task, phase, violet)
            waits = _waits(rules, st.violet, pos)  # turns the figure may wait here
            t.task = PROSPECT * (1 - (1 - chance) ** max(1, waits))
        t.keep = COIN_KEEP * coins
        deficit = violet + 1 - pos
        if deficit > 0 and (phase == "draw" or deficit > coins):
            spare = rules.castle_index - 1 - st.red  # red moves it can still make
            if spare <= 0:
                return Terms(fixed=-WIN + pos + coins, lost="red")
            t.red = RED_COST * 8 / (spare + 1)
        if pos >= castle and coins < rules.castle_coins:
            t.door = 0.5 * (rules.castle_coins - coins)  # stuck at the castle's door
        return t

    def prospect(self, st: BohnroschenState, t: Task, phase: str, violet: int) -> float:
        """How likely the task under the figure is done for free by the end of the next
        turn's phase 3 (from the unseen cards' shares and the hand's front)."""
        p = st.players[0]
        pool = _pool_of(st)
        q = _shares(pool)
        hand2 = p.hand[:2]
        counts = [f.count for f in p.fields]
        up = 3 * (2 if phase == "plant" else 1)  # turned-up cards still to come before then
        if t.check == "phase":
            if t.event == "plant" and t.phase == 1:
                return 0.85 if _phase1_possible(t, p, hand2) else 0.05
            if t.event == "plant":  # phase 3
                if t.varieties:
                    return at_least_one(sum(q.get(v, 0) for v in t.varieties), up)
                return 0.7 if t.kinds <= 2 else 0.3
            if t.event == "turn_up":
                per = pair_among_three(q)
                return 1 - (1 - per) ** (up // 3)
            if t.event == "draw":
                if t.varieties:
                    share = sum(q.get(v, 0) for v in t.varieties)
                else:
                    share = sum(
                        q.get(f.variety, 0) for f in p.fields if f.count and f.variety is not None
                    )
                return at_least_one(share, 2)
            return 0.0
        if t.check == "event":
            if t.event == "harvest":
                return _harvest_chance(self.m, t, p, q, up)
            if t.event == "deck_empty":
                return 1.0 if st.deck.cards and len(st.deck.cards) <= 5 else 0.0
            return 0.0
        kind = t.state
        if kind in ("own_field", "any_field"):
            least = max(1, t.min_cards)
            best = 0.0
            for v in t.varieties or list(q):
                have = max((f.count for f in p.fields if f.variety == v), default=0)
                room = have or any(not c for c in counts) or bool(harvestable_counts(counts))
                if not room:
                    continue
                sure = sum(1 for c in hand2 if c == v)
                mean = q.get(v, 0) * up * 1.0
                best = max(best, at_least(least - have - sure, mean))
            return best
        if kind == "every_field":
            assert t.cards is not None  # an every_field task names its cards
            return 0.45 if all(c <= t.cards for c in counts) else 0.15
        if kind == "empty_field":
            big = max(counts)
            if big >= t.min_cards:
                return 0.8
            return 0.5 if big >= t.min_cards - 1 else 0.2
        if kind == "kinds_on_fields":
            least = max(1, t.min_cards)
            n = sum(1 for c in counts if c >= least)
            return 0.75 if n >= t.kinds - 1 else 0.3
        if kind == "last_figure":
            return 1.0 if violet >= st.pos[0] and st.red >= st.pos[0] else 0.0
        if kind == "coins":
            return 0.8 if len(p.coins) + 1 >= t.min_coins else 0.3
        return 0.0

    # -- the reason ----------------------------------------------------------------------------

    def explain(self, st: BohnroschenState, plan: Plan, action: Action) -> str:
        """Why: what the plan of the phase that starts with `action` does, by the rules. The
        log is public and the solo treasury closed: no coin count, the task quoted whole."""
        rules = solo_rules()
        end = plan.end
        if end is None:
            return "nothing better is left to do in this phase"
        if end.over and end.entered[0]:
            return "it takes the figure into the castle: the run is won"
        pos, after = st.pos[0], end.pos[0]
        paid = len(end.removed) - len(st.removed)
        paid -= rules.field_cost if end.players[0].bought_field > st.players[0].bought_field else 0
        done = after - pos - paid
        task = rules.task_of(st, 0)
        bits = []
        if isinstance(action, PayTribute) and task is not None:
            bits.append(f"“{task.text}” is not worth waiting for")
        if done > 0:
            bits.append(f"this phase's plan fulfils {done} task(s) for free")
        if paid > 0 and not isinstance(action, PayTribute):
            bits.append(f"it pays tribute for {paid} card(s)")
        violet = _violet_next(rules, st.violet)
        if end.phase == "draw" or after != pos:
            short = violet + 1 - after
            if short <= 0:
                bits.append(f"the figure stays ahead of the violet one (card {violet + 1} next)")
            else:
                bits.append(f"{short} card(s) behind the violet figure next turn: red moves on")
        if not bits:
            bits.append("it leaves the fields and the hand best placed for the harvests")
        return "; ".join(bits)


def _ender(legal: list[Action]) -> Action:
    return next((a for a in legal if isinstance(a, ENDERS)), legal[0])


def _key(st: BohnroschenState) -> tuple[Any, ...]:
    p = st.players[0]
    return (
        st.phase,
        st.planted,
        st.discarded,
        st.pos[0],
        len(p.coins),
        tuple((f.variety, f.count) for f in p.fields),
        tuple(p.hand),
        tuple(st.turned_up),
        p.bought_field,
        len(st.phase_facts),
    )


def _violet_next(rules: BohnroschenRules, violet: int) -> int:
    """Where the violet figure stands after its next move (before the next phase 1)."""
    return violet_after(rules.solo_layout, rules.castle_index, violet)


def _waits(rules: BohnroschenRules, violet: int, pos: int) -> int:
    """How many turns in a row, from the next one, start with the violet figure not ahead
    of the player's (standing on card pos - 1): the turns a task may be waited for."""
    n = 0
    while n < MAX_WAITS:
        violet = _violet_next(rules, violet)
        if violet > pos - 1:
            break
        n += 1
    return n


def _pool_of(st: BohnroschenState) -> Counter[str]:
    """The unseen cards of a rebuilt world: its draw pile and discard pile under the top
    (made of the unseen cards) and its coins."""
    pool = Counter(st.deck.cards) + Counter(st.deck.discard[:-1]) + Counter(st.players[0].coins)
    return pool


def _phase1_possible(t: Task, p: PlayerState, hand2: list[str]) -> bool:
    """Whether next turn's phase 1 can do this planting task with the hand's front two."""
    counts = [f.count for f in p.fields]
    variants: list[list[Field]] = [[Field(f.variety, f.count) for f in p.fields]]
    for i in harvestable_counts(counts):  # or after harvesting one field first
        fs = [Field(f.variety, f.count) for f in p.fields]
        fs[i] = Field(None, 0)
        variants.append(fs)
    for fs in variants:
        for facts in _plantings(fs, hand2):
            if t.enough([f for f in facts if t.matches(f, 0)]):
                return True
    return False


def _plantings(fs: list[Field], cards: list[str]) -> list[list[Fact]]:
    """Every way to plant the front card, then maybe the second, as task facts."""
    out: list[list[Fact]] = []

    def go(i: int, fs: list[Field], facts: list[Fact]) -> None:
        if facts:
            out.append(facts)
        if i >= len(cards):
            return
        v = cards[i]
        for j, f in enumerate(fs):
            if f.count and f.variety != v:
                continue
            fact = Fact("plant", 0, v, "hand", f.count, flag=f.count > 0)
            nfs = [Field(x.variety, x.count) for x in fs]
            nfs[j] = Field(v, f.count + 1)
            go(i + 1, nfs, facts + [fact])

    go(0, fs, [])
    return out


def _harvest_chance(m: Meters, t: Task, p: PlayerState, q: dict[str, float], up: int) -> float:
    counts = [f.count for f in p.fields]
    can = harvestable_counts(counts)
    for i in can:
        f = p.fields[i]
        assert f.variety is not None
        fact = Fact("harvest", 0, f.variety, cards=f.count, coins=m.pay_of(f.variety, f.count))
        if t.matches(fact, 0):
            return 0.9
    if t.coins is not None and t.coins > 0:
        return 0.5  # a field will grow to pay it
    if t.cards is not None:
        return 0.5  # a field of one card: plant one on an empty field
    if t.varieties:
        have = any(f.variety in t.varieties and f.count for f in p.fields)
        return 0.85 if have else at_least_one(sum(q.get(v, 0) for v in t.varieties), up)
    return 0.6
