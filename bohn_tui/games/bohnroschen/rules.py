"""Bohnröschen: the Bohnanza expansion in which every figure climbs a row of vine cards to
Sleeping Beauty's castle (shared/rules/bohnroschen.txt). 3-6 players, 2 players and solo.

The Bohnanza engine plays the beans; this module adds the vine row, the figures, the
tasks, tribute, the castle and the end, and its own turn shapes:

- 3-6 players: phases 1-3 of Bohnanza, then "draw" (phase 4: the active player may still
  pay tribute, then draws) and "intermediate" (everybody may pay tribute, in any order and
  repeatedly, nobody may harvest; it ends when every seat has said it is done).
- 2 players: phase 0 "take_offer" (plant or discard the beans the opponent left, a whole
  kind at a time), phase 1 "plant" (the front card, optionally the second, and one discard
  from the hand before or after), phase 2 (three cards turned up, plus matching discards),
  phase 3 "plant_turned_up" (a whole kind at a time; the rest is left for the opponent),
  phase 4 "draw". Harvest, third field and tribute only on one's own turn; paid coins leave.
- Solo: the two-player turn without phase 0; the violet and red neutral figures move
  before phase 1; unwanted turned-up beans go to the discard pile.

Tasks are recognised by the engine itself: every event of an action is turned into a fact
(a planting, a harvest, a trade, a draw...) as it happens; after each action, and at each
change of phase, every figure whose task is fulfilled moves on at once (FigureMoved).
Phase tasks count the facts of the current phase; event tasks the facts since the figure
arrived on the card; state tasks look at the table as it is.

The end: the first figure past the last vine card that shows five coins enters the castle
and ends the game; the others harvest and pay their way in if they can; the most coins in
the castle win. The draw pile may run out any number of times. One designed rule keeps
every game finite: when no bean card is left to turn up or to draw (all of them in hands,
fields and treasuries), the game ends the same way.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from bohn_tui.engine.contract import Prompt
from bohn_tui.games.bohnanza.rules import (
    OVER,
    PLANT,
    PLANT_TRADES,
    PLANT_TURNED_UP,
    TAKE_OFFER,
    TRADE,
    BohnanzaRules,
    GameState,
)
from bohn_tui.games.bohnroschen.actions import (
    DiscardKind,
    DrawCards,
    EndTribute,
    PayTribute,
    PlantKind,
)
from bohn_tui.games.common.actions import (
    Action,
    BuyField,
    DeckRanOut,
    Discarded,
    DiscardHand,
    DiscardOffer,
    Drew,
    EndPlanting,
    EndTurn,
    Event,
    FieldBought,
    GameOver,
    Harvest,
    Harvested,
    IllegalAction,
    PhaseStarted,
    PlantArea,
    Planted,
    Traded,
    TurnedUp,
)
from bohn_tui.games.common.data import GameData
from bohn_tui.games.common.table import (
    PlayerState,
    harvest,
    harvestable,
    pay_coins,
    plant_choices,
    shuffle,
)

DRAW = "draw"
INTERMEDIATE = "intermediate"

PHASE_NAMES = {
    TAKE_OFFER: "Phase 0: plant or discard the beans left for you, a whole kind at a time",
    PLANT: "Phase 1: plant from the hand",
    TRADE: "Phase 2: turn up and trade",
    PLANT_TRADES: "Phase 3: plant turned-up and traded cards",
    PLANT_TURNED_UP: "Phase 3: plant turned-up beans, a whole kind at a time",
    DRAW: "Phase 4: pay tribute if you like, then draw",
    INTERMEDIATE: "Intermediate phase: everybody may pay tribute",
    OVER: "Game over",
}

# the phase number of each engine phase ("intermediate" is 5: no phase task counts there)
PHASE_NUMBER = {
    TAKE_OFFER: 0,
    PLANT: 1,
    TRADE: 2,
    PLANT_TRADES: 3,
    PLANT_TURNED_UP: 3,
    DRAW: 4,
    INTERMEDIATE: 5,
    OVER: 6,
}
VINE_DATA_KEYS = ("red_start", "solo_castle")  # the vine view's keys read from data.toml
_OWN_TURN = frozenset({TAKE_OFFER, PLANT, TRADE, PLANT_TRADES, PLANT_TURNED_UP, DRAW})


# ---------------------------------------------------------------------------------------
# Actions and events


@dataclass(frozen=True, slots=True)
class TributePaid(Event):
    type: ClassVar[str] = "tribute_paid"
    seat: int
    variety: str  # the coin card, now bean side up on the discard pile (or out of the game)
    removed: bool


@dataclass(frozen=True, slots=True)
class FigureMoved(Event):
    """A figure left vine card `card` for position `to`: its task was fulfilled ("task"),
    or tribute was paid for it ("tribute")."""

    type: ClassVar[str] = "figure_moved"
    seat: int
    card: str
    to: int
    how: str
    text: str


@dataclass(frozen=True, slots=True)
class CastleEntered(Event):
    type: ClassVar[str] = "castle_entered"
    seat: int
    coins: int


@dataclass(frozen=True, slots=True)
class VineRevealed(Event):
    type: ClassVar[str] = "vine_revealed"
    index: int
    card: str


@dataclass(frozen=True, slots=True)
class VineRemoved(Event):
    """Every figure has passed this card: it leaves the game."""

    type: ClassVar[str] = "vine_removed"
    index: int
    card: str


@dataclass(frozen=True, slots=True)
class NeutralMoved(Event):
    """Solo: the violet or the red figure moved (positions are layout cards, castle 28)."""

    type: ClassVar[str] = "neutral_moved"
    figure: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class TributeDone(Event):
    type: ClassVar[str] = "tribute_done"
    seat: int


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    """The empty draw pile is refilled from the discard pile (after an earlier run-out)."""

    type: ClassVar[str] = "deck_reshuffled"
    size: int


# ---------------------------------------------------------------------------------------
# Vine cards and their tasks


@dataclass(frozen=True, slots=True)
class Fact:
    """Something that happened, as the tasks see it."""

    kind: str  # plant, harvest, buy_field, turn_up, trade_give, trade_get, draw, deck_empty
    seat: int = -1
    variety: str = ""
    source: str = ""  # plant: hand, area, turned_up, offer
    cards: int = 0  # plant: cards on the field before; harvest: cards harvested
    coins: int = 0
    flag: bool = False  # plant: onto a field that held beans when the phase began;
    # draw: the kind lies on one of the drawer's fields


_TASK_KEYS = {
    "check",
    "phase",
    "event",
    "who",
    "varieties",
    "from",
    "onto",
    "on_own_field",
    "cards",
    "min_cards",
    "coins",
    "need",
    "same_kind",
    "kinds",
    "state",
    "min_coins",
}
_STATES = {
    "own_field",
    "any_field",
    "every_field",
    "empty_field",
    "kinds_on_fields",
    "last_figure",
    "coins",
}
_EVENTS = {
    "plant",
    "harvest",
    "buy_field",
    "turn_up",
    "trade_give",
    "trade_get",
    "draw",
    "deck_empty",
}


@dataclass(frozen=True, slots=True)
class Task:
    check: str  # "state", "phase" or "event"
    phase: int = 0
    event: str = ""
    who: str = "self"
    varieties: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    onto: str = ""
    on_own_field: bool = False
    cards: int | None = None
    min_cards: int = 0
    coins: int | None = None
    need: int = 1
    same_kind: int = 0
    kinds: int = 0
    state: str = ""
    min_coins: int = 0

    @classmethod
    def from_data(cls, card: str, raw: dict[str, Any]) -> Task:
        spec = {k: v for k, v in raw.items() if k in _TASK_KEYS}
        check = spec.get("check")
        if check not in ("state", "phase", "event"):
            raise ValueError(f"vine card {card}: check must be state, phase or event")
        if check == "state" and spec.get("state") not in _STATES:
            raise ValueError(f"vine card {card}: unknown state {spec.get('state')!r}")
        if check != "state" and spec.get("event") not in _EVENTS:
            raise ValueError(f"vine card {card}: unknown event {spec.get('event')!r}")
        if check == "phase" and spec.get("phase") not in (1, 2, 3, 4):
            raise ValueError(f"vine card {card}: a phase task names phase 1, 2, 3 or 4")
        spec["varieties"] = tuple(spec.get("varieties", ()))
        spec["sources"] = tuple(spec.pop("from", ()))
        return cls(**spec)

    def matches(self, f: Fact, seat: int) -> bool:
        if f.kind != self.event:
            return False
        if self.who == "self" and f.seat != seat:
            return False
        if self.varieties and f.variety not in self.varieties:
            return False
        if self.sources and f.source not in self.sources:
            return False
        if self.onto == "existing" and not f.flag:
            return False
        if self.onto == "empty" and f.cards:
            return False
        if self.on_own_field and not f.flag:
            return False
        if self.cards is not None and f.cards != self.cards:
            return False
        if f.cards < self.min_cards:
            return False
        return self.coins is None or f.coins == self.coins

    def explain(self) -> str:
        """How the engine checks this task, in a sentence for the help screen."""
        if self.check == "state":
            return "Checked against the table at any moment while your figure stands here."
        if self.check == "phase":
            return (
                f"Counts only in phase {self.phase} (anybody's turn), including what happened "
                "earlier in that same phase, before your figure arrived."
            )
        return "Must happen while your figure stands on this card, in any phase."

    def enough(self, facts: list[Fact]) -> bool:
        """Whether the matching facts fulfil the task."""
        if len(facts) < self.need:
            return False
        if self.same_kind and max(Counter(f.variety for f in facts).values()) < self.same_kind:
            return False
        return not self.kinds or len({f.variety for f in facts}) >= self.kinds


@dataclass(frozen=True, slots=True)
class VineCard:
    id: str
    text: str
    source: str
    task: Task


CASTLE = "castle"


# ---------------------------------------------------------------------------------------
# State


@dataclass(slots=True)
class RoseState(GameState):
    """A Bohnanza state plus the vine row, the figures and the task bookkeeping."""

    vine: list[str] = field(default_factory=list)  # the row in order, the castle last
    vine_out: list[str] = field(default_factory=list)  # removed at setup (shorter game)
    revealed: int = 0  # cards [0, revealed) have been turned face up
    gone: int = 0  # cards [0, gone) have been passed by every figure and left the game
    pos: list[int] = field(default_factory=list)  # the card each figure stands on (its task)
    entered: list[bool] = field(default_factory=list)  # figure placed on the castle
    violet: int = 0  # solo: the layout card the violet figure stands on (castle_index: 28)
    red: int = 0  # solo: the red figure (set from data.toml's red_start at setup)
    since: list[list[Fact]] = field(default_factory=list)  # event-task facts since arriving
    phase_key: tuple[int, int] = (0, -1)  # (turn, phase number) of phase_facts
    phase_facts: list[Fact] = field(default_factory=list)
    fresh: set[tuple[int, int]] = field(default_factory=set)  # fields started this phase
    discarded: bool = False  # two players: a hand card was discarded this turn
    done: list[bool] = field(default_factory=list)  # intermediate phase: said "done"
    ender: int | None = None  # the seat that entered the castle first


class _Tap(list):
    """The event list of one action: each event is turned into task facts as it happens."""

    __slots__ = ("rules", "st")

    def __init__(self, rules: BohnroschenRules, st: RoseState) -> None:
        super().__init__()
        self.rules = rules
        self.st = st

    def append(self, e: Event) -> None:  # type: ignore[override]
        list.append(self, e)
        self.rules._on_event(self.st, e, self)

    def extend(self, events: Any) -> None:  # type: ignore[override]
        for e in events:
            self.append(e)


# ---------------------------------------------------------------------------------------
# Rules


class BohnroschenRules(BohnanzaRules):
    """Bohnröschen for 1 (solo), 2 and 3-6 players."""

    def __init__(self, data: GameData, n_players: int) -> None:
        super().__init__(data, n_players)
        self.solo = n_players == 1
        extra = data.extra
        self.castle_coins: int = extra["castle_coins"]
        self.figure_colours: list[str] = list(extra["figure_colours"])
        self.solo_layout: dict[str, Any] = dict(extra["solo"])
        self.castle_text: str = extra["castle"]["text"]
        self.cards: dict[str, VineCard] = {}
        for raw in extra["vine"]:
            self.cards[raw["id"]] = VineCard(
                raw["id"], raw["text"], raw["source"], Task.from_data(raw["id"], raw)
            )
        self._apply.update(
            {
                PayTribute: self._pay_tribute,
                EndTribute: self._end_tribute,
                DrawCards: self._draw_cards,
                PlantKind: self._plant_kind,
                DiscardKind: self._discard_kind,
            }
        )
        seats = range(n_players)
        self._a_tribute = [PayTribute(s) for s in seats]
        self._a_done = [EndTribute(s) for s in seats]
        self._a_draw = [DrawCards(s) for s in seats]
        self._a_end_turn = [EndTurn(s) for s in seats]
        self._a_plant_kind = [
            {v: [PlantKind(s, v, i) for i in range(3)] for v in self.varieties} for s in seats
        ]

    # -- setup -----------------------------------------------------------------------------

    def new_game(
        self,
        names: list[str],
        seed: int,
        options: dict[str, Any] | None = None,
        deck: list[str] | None = None,
    ) -> tuple[GameState, list[Event]]:
        """Options: "short" (remove eight vine cards), "face_down_end" (lay the last 0-5
        cards of the pile out face down; 4 by default), "all_face_down" (two players: lay
        the whole row out face down at once, as in the solo game), "vine" (the row's order,
        vine card ids without the castle; shuffled by default)."""
        if len(names) != self.n:
            raise ValueError(f"this rules object is for {self.n} players, not {len(names)}")
        opts = dict(options or {})
        end = opts.get("face_down_end", 4)
        if end.__class__ is not int or not 0 <= end <= 5:
            raise ValueError("option 'face_down_end' is a whole number from 0 to 5")
        for flag in ("short", "all_face_down"):
            if opts.get(flag, False).__class__ is not bool:
                raise ValueError(f"option {flag!r} is true or false")
        if opts.get("all_face_down") and self.n > 2:
            raise ValueError("option 'all_face_down' is for two players (solo always has it)")
        base, _ = super().new_game(names, seed, opts, deck)  # deals; the turn starts below
        st = RoseState(**{f.name: getattr(base, f.name) for f in fields(GameState)})
        order = opts.get("vine")
        if order is None:
            order = list(self.cards)
            shuffle(order, st.rng)
        else:
            if not isinstance(order, list) or not all(c in self.cards for c in order):
                raise ValueError("option 'vine' is a list of vine card ids")
            if len(set(order)) != len(order) or not order:
                raise ValueError("option 'vine' must list distinct vine card ids")
            order = list(order)
        if opts.get("short"):
            if self.solo:
                raise ValueError("the solo layout uses all 28 vine cards")
            out = [c for c in self.cards if c not in order]
            need = max(0, 8 - len(out))  # eight out of the game in all
            order, out = order[need:], out + order[:need]
            st.vine_out = out
        else:
            st.vine_out = [c for c in self.cards if c not in order]
        if self.solo and len(order) != len(self.cards):
            raise ValueError("the solo layout uses all 28 vine cards")
        st.vine = order + [CASTLE]
        st.pos = [0] * self.n
        st.entered = [False] * self.n
        st.since = [[] for _ in range(self.n)]
        st.done = [True] * self.n
        if self.solo:
            st.violet = self.solo_layout["violet_start"]
            st.red = self.solo_layout["red_start"]
        ev = _Tap(self, st)
        self._update_row(st, ev)
        self._start_turn(st, ev)
        self._settle(st, ev)
        return st, list(ev)

    @property
    def castle_index(self) -> int:
        """Solo: the castle's place in the layout (4 rows of 7: card 28)."""
        return self.solo_layout["rows"] * self.solo_layout["row_length"]

    # -- the turn --------------------------------------------------------------------------

    def _start_turn(self, st: GameState, ev: list[Event] | None) -> None:
        if not isinstance(st, RoseState):
            return  # new_game builds the Bohnröschen state first
        assert ev is not None
        st.discarded = False
        if self.solo:
            self._move_neutrals(st, ev)
            if st.phase == OVER:
                return
        super()._start_turn(st, ev)

    def _move_neutrals(self, st: RoseState, ev: list[Event]) -> None:
        """Solo, before phase 1: the violet figure moves on 1, 2 or 3 cards by its row; then
        the red one moves a card if the violet figure is ahead of the player's."""
        lay = self.solo_layout
        castle = self.castle_index
        row = min(st.violet // lay["row_length"], lay["rows"] - 1)
        start = st.violet
        st.violet = min(castle, st.violet + lay["violet_steps"][row])
        ev.append(NeutralMoved("violet", start, st.violet))
        if st.violet >= castle:
            self._game_over(st, ev, "the violet figure reached the castle first")
            return
        if st.violet > st.pos[0] - 1:  # the player stands on the last card fulfilled
            st.red += 1
            ev.append(NeutralMoved("red", st.red - 1, st.red))
            if st.red >= castle:
                self._game_over(st, ev, "the red figure reached the castle first")

    def _turn_up(self, st: GameState, ev: list[Event] | None) -> None:
        assert isinstance(st, RoseState) and ev is not None
        self._new_phase(st, ev, 2)
        if st.phase == OVER:
            return
        cards, pending = self._draw(st, self.count.turn_up, ev, defer=self.duel)
        from_discard: list[str] = []
        if self.duel:  # while the discard pile's top matches a turned-up kind, add it
            discard = st.deck.discard
            while discard and discard[-1] in cards:
                from_discard.append(discard.pop())
        st.turned_up = cards + from_discard
        ev.append(TurnedUp(st.active, tuple(cards), tuple(from_discard)))
        if pending:  # the draw pile is shuffled only after the matching cards were taken
            self._ran_out(st, ev)
        if not cards and self._exhausted(st):
            self._game_over(st, ev, "no bean cards are left to turn up")
            return
        st.phase = PLANT_TURNED_UP if self.duel else TRADE
        ev.append(PhaseStarted(st.active, st.phase, st.turn))

    def _after_planting_trades(self, st: GameState, ev: list[Event] | None) -> None:
        if st.phase == OVER:
            return
        for p in st.players:
            if p.area:
                return
        self._draw_and_pass(st, ev)

    def _draw_and_pass(self, st: GameState, ev: list[Event] | None) -> None:
        """Phase 4 is a phase of its own here: tribute may still be paid before drawing."""
        st.phase = DRAW
        assert ev is not None
        ev.append(PhaseStarted(st.active, DRAW, st.turn))

    def _end_turn(self, st: GameState, a: EndTurn, ev: list[Event] | None) -> None:
        """Two players, end of phase 3: the beans not planted are left for the opponent
        (solo: they go to the discard pile); phase 4 follows."""
        if st.phase != PLANT_TURNED_UP:
            raise IllegalAction("the turned-up beans are left only at the end of phase 3")
        self._need_active(st, a, "end phase 3")
        assert ev is not None
        left, st.turned_up = st.turned_up, []
        if self.solo:
            st.deck.discard.extend(left)
            for v in left:
                ev.append(Discarded(a.seat, v, "turned_up"))
        else:
            st.duel_offer = left
        self._draw_and_pass(st, ev)

    def _draw_cards(self, st: RoseState, a: DrawCards, ev: list[Event]) -> None:
        if st.phase != DRAW:
            raise IllegalAction("cards are drawn only in phase 4")
        self._need_active(st, a, "draw")
        p = st.players[a.seat]
        drawn, _ = self._draw(st, self.count.draw, ev)
        p.hand.extend(drawn)
        ev.append(Drew(a.seat, len(drawn)))
        for v in drawn:
            on_field = any(f.variety == v and f.count for f in p.fields)
            self._fact(st, Fact("draw", a.seat, v, flag=on_field))
        self._check_tasks(st, ev)
        if st.phase == OVER:
            return
        if not drawn and self._exhausted(st):
            self._game_over(st, ev, "no bean cards are left to draw")
            return
        if self.duel:
            self._next_turn(st, ev)
            return
        st.phase = INTERMEDIATE
        st.done = [not self._can_pay(st, s) for s in range(self.n)]
        if all(st.done):  # nobody can pay tribute: the intermediate phase is skipped
            self._next_turn(st, ev)
            return
        ev.append(PhaseStarted(st.active, INTERMEDIATE, st.turn))

    def _next_turn(self, st: RoseState, ev: list[Event]) -> None:
        st.active = (st.active + 1) % self.n
        self._start_turn(st, ev)

    # -- the draw pile (it may run out any number of times) ---------------------------------

    def _draw(
        self, st: RoseState, n: int, ev: list[Event], defer: bool = False
    ) -> tuple[list[str], bool]:
        """Draw up to n cards. When the pile becomes empty the discard pile is shuffled into
        a new one, at once or (defer) by the caller: (cards, run-out still to do)."""
        deck = st.deck
        out: list[str] = []
        pending = False
        for _ in range(n):
            if not deck.cards:
                if pending:
                    self._ran_out(st, ev)
                    pending = False
                elif deck.discard:
                    self._reshuffle(st)
                    ev.append(DeckReshuffled(len(deck.cards)))
                if not deck.cards:
                    break
            out.append(deck.cards.pop())
            if not deck.cards:
                pending = True
        if pending and not defer:
            self._ran_out(st, ev)
            pending = False
        return out, pending

    def _reshuffle(self, st: RoseState) -> None:
        deck = st.deck
        deck.cards, deck.discard = deck.discard, []
        shuffle(deck.cards, st.rng)

    def _ran_out(self, st: RoseState, ev: list[Event]) -> None:
        st.deck.runouts += 1
        self._reshuffle(st)
        ev.append(DeckRanOut(st.deck.runouts, len(st.deck.cards)))

    @staticmethod
    def _exhausted(st: RoseState) -> bool:
        return not st.deck.cards and not st.deck.discard

    # -- two players: phases 0, 1 and 3 -----------------------------------------------------

    def _kind_pile(self, st: RoseState, a: Action) -> tuple[list[str], str]:
        if st.phase == TAKE_OFFER:
            pile, source = st.duel_offer, "offer"
        elif st.phase == PLANT_TURNED_UP:
            pile, source = st.turned_up, "turned_up"
        else:
            raise IllegalAction(
                "beans are planted a whole kind at a time only in phase 0 or 3 of the "
                "two-player and solo game"
            )
        self._need_active(st, a, "plant these beans")
        return pile, source

    def _plant_kind(self, st: RoseState, a: PlantKind, ev: list[Event]) -> None:
        pile, source = self._kind_pile(st, a)
        n = pile.count(a.variety)
        if not n:
            raise IllegalAction(f"there is no {self.vname(a.variety)} to plant")
        p = st.players[a.seat]
        self._plant(p, a.variety, a.field)  # the first one raises if the field cannot take it
        for k in range(n):
            if k:
                self._plant(p, a.variety, a.field)
            pile.remove(a.variety)
            ev.append(Planted(a.seat, a.variety, a.field, source))
        if st.phase == TAKE_OFFER and not pile:
            self._start_planting(st, ev)

    def _discard_kind(self, st: RoseState, a: DiscardKind, ev: list[Event]) -> None:
        if st.phase != TAKE_OFFER:
            raise IllegalAction("left beans are discarded only in phase 0")
        pile, _ = self._kind_pile(st, a)
        if a.variety not in pile:
            raise IllegalAction(f"there is no {self.vname(a.variety)} left for you")
        while a.variety in pile:
            pile.remove(a.variety)
            st.deck.discard.append(a.variety)
            ev.append(Discarded(a.seat, a.variety, "offer"))
        if not pile:
            self._start_planting(st, ev)

    def _plant_area(self, st: GameState, a: PlantArea, ev: list[Event] | None) -> None:
        if st.phase in (TAKE_OFFER, PLANT_TURNED_UP):
            raise IllegalAction(
                "in Bohnröschen for two, all beans of a kind are planted together (plant_kind)"
            )
        super()._plant_area(st, a, ev)

    def _discard_offer(self, st: GameState, a: DiscardOffer, ev: list[Event] | None) -> None:
        raise IllegalAction(
            "in Bohnröschen for two, left beans are discarded a whole kind at a time"
        )

    def _discard_hand(self, st: GameState, a: DiscardHand, ev: list[Event] | None) -> None:
        """Two players, phase 1: one card from anywhere in the hand, before or after
        planting; the phase goes on."""
        assert isinstance(st, RoseState) and ev is not None
        if not self.duel:
            raise IllegalAction("hand cards are discarded only in the two-player game")
        if st.phase != PLANT:
            raise IllegalAction("a hand card may be discarded only in phase 1")
        self._need_active(st, a, "discard from the hand")
        if st.discarded:
            raise IllegalAction("you have discarded a hand card this turn already")
        p = st.players[a.seat]
        if a.index.__class__ is not int or not 0 <= a.index < len(p.hand):
            raise IllegalAction(f"there is no card at hand position {a.index}")
        card = p.hand.pop(a.index)
        st.deck.discard.append(card)
        st.discarded = True
        ev.append(Discarded(a.seat, card, "hand"))

    def _planting_done(self, st: GameState, p: PlayerState) -> bool:
        """As in Bohnanza, but phase 1 goes on after the second card while the player may
        still pay tribute in it (rulebook example 1) or discard a hand card (two players)."""
        assert isinstance(st, RoseState)
        done = st.planted == 2 or not p.hand
        return (
            done
            and (st.discarded or not p.hand or not self.duel)
            and self.tribute_refusal(st, st.active) is not None
        )

    def _end_planting(self, st: GameState, a: EndPlanting, ev: list[Event] | None) -> None:
        if st.phase != PLANT:
            raise IllegalAction("this is not the planting phase")
        self._need_active(st, a, "end planting")
        hand = st.players[a.seat].hand
        if st.planted == 0 and hand:
            raise IllegalAction(f"you must plant your front card ({self.vname(hand[0])}) first")
        self._turn_up(st, ev)

    # -- harvest and third field -------------------------------------------------------------

    def _harvest(self, st: GameState, a: Harvest, ev: list[Event] | None) -> None:
        if st.phase == INTERMEDIATE:
            raise IllegalAction("no bean field may be harvested in the intermediate phase")
        if self.duel and a.seat != st.active:
            raise IllegalAction("with two players, beans are harvested only on your own turn")
        super()._harvest(st, a, ev)

    def _buy_field(self, st: GameState, a: BuyField, ev: list[Event] | None) -> None:
        if self.duel and a.seat != st.active:
            raise IllegalAction("with two players, a third field is bought only on your own turn")
        super()._buy_field(st, a, ev)

    def _can_buy(self, st: GameState, p: PlayerState, seat: int) -> bool:
        return super()._can_buy(st, p, seat) and (not self.duel or seat == st.active)

    # -- tribute -----------------------------------------------------------------------------

    def _can_pay(self, st: RoseState, seat: int) -> bool:
        """Whether the figure could move on for a coin (whatever the phase)."""
        return (
            not st.entered[seat]
            and st.pos[seat] < len(st.vine) - 1
            and bool(st.players[seat].coins)
        )

    def tribute_refusal(self, st: RoseState, seat: int) -> str | None:
        """Why `seat` may not pay tribute now (None: it may)."""
        if st.phase == OVER:
            return "the game is over"
        if st.entered[seat] or st.pos[seat] >= len(st.vine) - 1:
            return "your figure has passed every vine card already"
        if not st.players[seat].coins:
            return "you have no coin to pay tribute with"
        if st.phase == INTERMEDIATE:
            return None
        if seat != st.active or st.phase not in _OWN_TURN:
            if self.duel:
                return "tribute is paid only on your own turn"
            return "tribute is paid on your own turn or in the intermediate phase"
        return None

    def _pay_tribute(self, st: RoseState, a: PayTribute, ev: list[Event]) -> None:
        why = self.tribute_refusal(st, a.seat)
        if why:
            raise IllegalAction(why)
        self._pay_one(st, a.seat, ev)
        if st.phase == INTERMEDIATE:
            st.done[a.seat] = False

    def _pay_one(self, st: RoseState, seat: int, ev: list[Event]) -> None:
        """One coin, top of the stack first, to the discard pile (two players and solo: out
        of the game); the figure moves one vine card on."""
        p = st.players[seat]
        removed = self.count.paid_coins == "removed"
        coin = p.coins[-1]
        pay_coins(p, 1, st.removed if removed else st.deck.discard)
        ev.append(TributePaid(seat, coin, removed))
        self._advance(st, seat, "tribute", ev)

    def _end_tribute(self, st: RoseState, a: EndTribute, ev: list[Event]) -> None:
        if st.phase != INTERMEDIATE:
            raise IllegalAction("there is no intermediate phase on now")
        if st.done[a.seat]:
            raise IllegalAction("you are done with tribute in this intermediate phase")
        st.done[a.seat] = True
        ev.append(TributeDone(a.seat))

    # -- figures, tasks and the row ----------------------------------------------------------

    def _advance(self, st: RoseState, seat: int, how: str, ev: list[Event]) -> None:
        p = st.pos[seat]
        card = st.vine[p]
        st.pos[seat] = p + 1
        st.since[seat] = []
        ev.append(FigureMoved(seat, card, p + 1, how, self.cards[card].text))
        self._update_row(st, ev)

    def _update_row(self, st: RoseState, ev: list[Event]) -> None:
        """A) three face-up cards in front of the frontmost figure (solo: four in front of
        the player's); B) cards every figure has passed leave the game (not in solo)."""
        ahead = st.pos[0] + 4 if self.solo else max(st.pos) + 4
        target = min(ahead, len(st.vine))
        while st.revealed < target:
            ev.append(VineRevealed(st.revealed, st.vine[st.revealed]))
            st.revealed += 1
        if not self.solo:
            low = min(st.pos)
            while st.gone < low:
                ev.append(VineRemoved(st.gone, st.vine[st.gone]))
                st.gone += 1

    def task_of(self, st: RoseState, seat: int) -> VineCard | None:
        """The vine card under the seat's figure (None: at or in the castle)."""
        p = st.pos[seat]
        return None if p >= len(st.vine) - 1 else self.cards[st.vine[p]]

    def _ahead_of(self, st: RoseState, seat: int) -> list[bool]:
        """For each other figure: does it stand in front of `seat`'s figure?"""
        if self.solo:  # the player stands on the card before its task
            standing = st.pos[0] - 1
            return [st.violet > standing, st.red > standing]
        me = st.pos[seat]
        return [st.pos[o] > me or st.entered[o] for o in range(self.n) if o != seat]

    def _state_holds(self, st: RoseState, seat: int, t: Task) -> bool:
        p = st.players[seat]
        kind = t.state
        if kind == "own_field" or kind == "any_field":
            least = max(1, t.min_cards)
            players = st.players if kind == "any_field" else [p]
            return any(
                f.count >= least and (not t.varieties or f.variety in t.varieties)
                for q in players
                for f in q.fields
            )
        if kind == "every_field":
            return all(f.count == t.cards for f in p.fields)
        if kind == "empty_field":
            return any(f.count == 0 for f in p.fields) and any(
                f.count >= t.min_cards for f in p.fields
            )
        if kind == "kinds_on_fields":
            least = max(1, t.min_cards)
            return len({f.variety for f in p.fields if f.count >= least}) >= t.kinds
        if kind == "last_figure":
            ahead = self._ahead_of(st, seat)
            return bool(ahead) and all(ahead)
        return len(p.coins) >= t.min_coins  # "coins"

    def _fulfilled(self, st: RoseState, seat: int, t: Task) -> bool:
        if t.check == "state":
            return self._state_holds(st, seat, t)
        if t.check == "phase":
            if st.phase_key[1] != t.phase:
                return False
            facts = [f for f in st.phase_facts if t.matches(f, seat)]
        else:
            facts = st.since[seat]
        return bool(facts) and t.enough(facts)

    def _check_tasks(self, st: RoseState, ev: list[Event]) -> None:
        """Move every figure whose task is fulfilled, until none is; then the castle: the
        first figure past the last vine card with enough coins enters and ends the game."""
        if st.phase == OVER:
            return
        last = len(st.vine) - 1
        order = self._order[st.active]
        moved = True
        while moved:
            moved = False
            for s in order:
                p = st.pos[s]
                if p < last and self._fulfilled(st, s, self.cards[st.vine[p]].task):
                    self._advance(st, s, "task", ev)
                    moved = True
        for s in order:
            if st.pos[s] == last and len(st.players[s].coins) >= self.castle_coins:
                st.entered[s] = True
                st.ender = s
                ev.append(CastleEntered(s, len(st.players[s].coins)))
                self._game_over(st, ev, f"{st.players[s].name} entered the castle")
                return

    def _new_phase(self, st: RoseState, ev: list[Event], number: int) -> None:
        """A new phase begins: the tasks of the one ending are checked with its facts."""
        key = (st.turn, number)
        if key == st.phase_key:
            return
        self._check_tasks(st, ev)
        st.phase_key = key
        st.phase_facts = []
        st.fresh = set()

    def _fact(self, st: RoseState, f: Fact) -> None:
        st.phase_facts.append(f)
        last = len(st.vine) - 1
        for s in range(self.n):
            p = st.pos[s]
            if p < last:
                t = self.cards[st.vine[p]].task
                if t.check == "event" and t.matches(f, s):
                    st.since[s].append(f)

    def _on_event(self, st: RoseState, e: Event, ev: list[Event]) -> None:
        """Turn one event into task facts, as it happens."""
        if st.phase == OVER:
            return
        t = e.__class__
        if t is Planted:
            f = st.players[e.seat].fields[e.field]
            before = f.count - 1
            key = (e.seat, e.field)
            existing = before > 0 and key not in st.fresh
            if not before:
                st.fresh.add(key)
            self._fact(st, Fact("plant", e.seat, e.variety, e.source, before, flag=existing))
        elif t is Harvested:
            self._fact(st, Fact("harvest", e.seat, e.variety, cards=e.count, coins=e.coins))
        elif t is FieldBought:
            self._fact(st, Fact("buy_field", e.seat))
        elif t is TurnedUp:
            for v in e.cards:  # the beans taken from the discard pile are not turned up
                self._fact(st, Fact("turn_up", e.seat, v))
        elif t is Traded:
            for v in e.gave:
                self._fact(st, Fact("trade_give", e.seat, v))
                self._fact(st, Fact("trade_get", e.other, v))
            for v in e.got:
                self._fact(st, Fact("trade_give", e.other, v))
                self._fact(st, Fact("trade_get", e.seat, v))
        elif t is DeckRanOut:
            self._fact(st, Fact("deck_empty"))
        elif t is PhaseStarted:
            self._new_phase(st, ev, PHASE_NUMBER[e.phase])

    # -- apply -------------------------------------------------------------------------------

    def _events(self, st: GameState) -> list[Event]:
        """The events of one action are turned into task facts as they happen."""
        assert isinstance(st, RoseState)
        return _Tap(self, st)

    def step(self, st: GameState, action: Action) -> None:
        """The tasks are recognised from the events, so a step is a whole apply."""
        self.apply(st, action)

    def _settle(self, st: GameState, ev: list[Event]) -> None:
        """After every action: every fulfilled task moves its figure; an intermediate phase
        in which every seat is done ends."""
        assert isinstance(st, RoseState)
        self._check_tasks(st, ev)
        if st.phase == INTERMEDIATE:
            for s in range(self.n):
                if not self._can_pay(st, s):
                    st.done[s] = True
            if all(st.done):
                self._next_turn(st, ev)
                self._check_tasks(st, ev)

    # -- who acts, and what they may do -------------------------------------------------------

    def waiting_for(self, st: GameState) -> list[int]:
        if st.phase == INTERMEDIATE:
            assert isinstance(st, RoseState)
            return [s for s in self._order[st.active] if not st.done[s]]
        return super().waiting_for(st)

    def phase_prompt(self, st: GameState, seat: int) -> Prompt | None:
        name = st.players[seat].name
        if st.phase == INTERMEDIATE:
            return Prompt(seat, "tribute", f"{name} may pay tribute (intermediate phase).")
        if st.phase == DRAW and seat == st.active:
            return Prompt(seat, "turn", f"It is {name}'s turn.")
        return None

    def to_move(self, st: GameState) -> int | None:
        seats = self.waiting_for(st)
        return seats[0] if seats else None

    def legal_actions(self, st: GameState, seat: int) -> list[Action]:
        assert isinstance(st, RoseState)
        phase = st.phase
        if phase == OVER or not 0 <= seat < self.n:
            return []
        if phase in (TRADE, PLANT_TRADES) or (phase == PLANT and not self.duel):
            out = super().legal_actions(st, seat)
        else:
            out = []
            p = st.players[seat]
            active = seat == st.active
            if phase == INTERMEDIATE:
                if not st.done[seat]:
                    out.append(self._a_done[seat])
                if self._can_buy(st, p, seat):
                    out.append(self._a_buy[seat])
            elif active:
                if phase == DRAW:
                    out.append(self._a_draw[seat])
                elif phase == PLANT:  # two players
                    if st.planted < 2 and p.hand:
                        plant_choices(p.fields, p.hand[:1], self._a_plant_hand[seat], out)
                    if st.planted or not p.hand:
                        out.append(self._a_end_planting[seat])
                    if not st.discarded:
                        out.extend(DiscardHand(seat, i) for i in range(len(p.hand)))
                elif phase == TAKE_OFFER:
                    self._kind_choices(seat, p, st.duel_offer, out)
                    out.extend(DiscardKind(seat, v) for v in dict.fromkeys(st.duel_offer))
                elif phase == PLANT_TURNED_UP:
                    self._kind_choices(seat, p, st.turned_up, out)
                    out.append(self._a_end_turn[seat])
                self._harvest_buy(st, seat, p, out)
            elif phase == DRAW and not self.duel:
                self._harvest_buy(st, seat, p, out)
        if self.tribute_refusal(st, seat) is None:
            out.append(self._a_tribute[seat])
        return out

    def _kind_choices(self, seat: int, p: PlayerState, pile: list[str], out: list[Action]) -> None:
        plant_choices(p.fields, dict.fromkeys(pile), self._a_plant_kind[seat], out)

    def _harvest_buy(self, st: RoseState, seat: int, p: PlayerState, out: list[Action]) -> None:
        row = self._a_harvest[seat]
        out.extend(row[i] for i in harvestable(p.fields))
        if self._can_buy(st, p, seat):
            out.append(self._a_buy[seat])

    # -- the end -----------------------------------------------------------------------------

    def _game_over(self, st: GameState, ev: list[Event] | None, reason: str) -> None:
        """The first figure entered the castle (or the solo run was lost, or no cards are
        left): every other player harvests and pays tribute up to the castle if they can;
        the most coins in the castle wins, a tie shares the win."""
        assert isinstance(st, RoseState) and ev is not None
        if st.phase == OVER:
            return
        st.phase = OVER  # from here on no task is checked
        st.offers.clear()
        last = len(st.vine) - 1
        if not self.solo:
            for s in self._order[st.active]:
                if st.entered[s]:
                    continue
                p = st.players[s]
                for i, f in enumerate(p.fields):
                    if f.count:
                        variety, count = f.variety, f.count
                        coins = harvest(p, i, self.varieties[variety], st.deck.discard)  # type: ignore[index]
                        ev.append(Harvested(s, i, variety, count, coins))  # type: ignore[arg-type]
                need = last - st.pos[s]
                if len(p.coins) >= need:
                    for _ in range(need):
                        self._pay_one(st, s, ev)
                    st.entered[s] = True
                    ev.append(CastleEntered(s, len(p.coins)))
        if self.solo:
            st.scores = (len(st.players[0].coins),)
        else:
            st.scores = tuple(
                len(p.coins) if st.entered[s] else 0 for s, p in enumerate(st.players)
            )
        st.winners = self.winners(st)
        st.end_reason = reason
        ev.append(GameOver(st.scores, st.winners, reason))

    def winners(self, st: GameState) -> tuple[int, ...]:
        assert isinstance(st, RoseState)
        inside = [s for s in range(self.n) if st.entered[s]]
        if not inside:
            return ()
        best = max(st.scores[s] for s in inside)
        return tuple(s for s in inside if st.scores[s] == best)

    def tiebreak_text(self) -> str:
        return "Most coins in the castle wins; a tie shares the win."

    def rules_summary(self) -> list[str]:
        """The rules of this player count in a few lines, for the help screen."""
        c = self.count
        where = "leaves the game" if self.duel else "goes to the discard pile"
        lines = [
            "Your figure climbs the vine row to Sleeping Beauty's castle. The task on the "
            "card under your figure is recognised at once, whoever's turn it is, and your "
            "figure moves on.",
            f"Or pay tribute: the top coin of your stack {where}, and your figure moves one "
            "card on.",
        ]
        if self.solo:
            lines += [
                "Solo: 4 rows of 7 cards, the castle 8th in row 4; four cards face up ahead.",
                "Before each phase 1 the violet figure moves 1, 2 or 3 cards (rows 1, 2, 3-4); "
                "the red one moves a card when the violet is ahead of you.",
                "Win: reach the castle with 5 coins before either of them does.",
            ]
        if self.duel:
            if not self.solo:
                lines.append(
                    "Phase 0: plant or discard the beans your opponent left, a whole kind at "
                    "a time."
                )
            lines += [
                "Phase 1: plant your front card, the second if you like; once, before or "
                "after, you may discard any hand card.",
                "Phase 2: turn up 3 (plus matching cards from the discard pile). Phase 3: "
                "plant them a whole kind at a time on one field; the rest "
                + ("go to the discard pile." if self.solo else "is left for your opponent."),
                f"Phase 4: pay tribute if you like, then draw {c.draw}. Harvest, the third "
                "field and tribute only on your own turn; garden beans are out.",
            ]
        else:
            lines += [
                f"Phases 1-3 as in Bohnanza ({c.fields} fields"
                + (f", the third for {self.field_cost} coins)." if self.field_cost else ")."),
                "Tribute on your own turn until you draw in phase 4; then, in the "
                "intermediate phase, everybody may pay, in any order; nobody may harvest.",
            ]
        if not self.solo:
            lines.append(
                f"End: past the last vine card with {self.castle_coins} coins you enter the "
                "castle and end the game; the others harvest and pay their way in. "
                + self.tiebreak_text()
            )
        return lines

    # -- views -------------------------------------------------------------------------------

    def _laid_out(self, st: RoseState) -> int:
        """How many cards of the row lie on the table (face up or face down)."""
        if self.solo or st.options.get("all_face_down"):
            return len(st.vine)
        end = st.options.get("face_down_end", 4)
        return len(st.vine) if len(st.vine) - st.revealed <= end else st.revealed

    def vine_view(self, st: RoseState) -> dict[str, Any]:
        """The row as everybody sees it: face-down cards show no id and no text."""
        laid = self._laid_out(st)
        last = len(st.vine) - 1
        cards = []
        for i, c in enumerate(st.vine):
            if i < st.gone:
                state = "gone"
            elif i < st.revealed:
                state = "face_up"
            elif i < laid:
                state = "face_down"
            else:
                state = "pile"
            card: dict[str, Any] = {"index": i, "state": state, "castle": i == last}
            if i == last:
                card.update(id=CASTLE, text=self.castle_text)
            elif state in ("gone", "face_up"):
                vc = self.cards[c]
                card.update(id=vc.id, text=vc.text, source=vc.source)
            cards.append(card)
        out: dict[str, Any] = {
            "cards": cards,
            "castle": last,
            "pile": len(st.vine) - laid,
            "figures": [
                {
                    "seat": s,
                    "colour": self.figure_colours[s],
                    "pos": st.pos[s],
                    "in_castle": st.entered[s],
                }
                for s in range(self.n)
            ],
            "castle_coins": self.castle_coins,
            "removed_at_setup": len(st.vine_out),
        }
        # solo: where the red figure starts and the neutral figures' castle (data.toml)
        out.update(zip(VINE_DATA_KEYS, (self.solo_layout["red_start"], self.castle_index)))
        if self.solo:
            lay = self.solo_layout
            width = lay["row_length"]
            out["solo"] = {
                "rows": [list(range(r * width, (r + 1) * width)) for r in range(lay["rows"])],
                "violet": st.violet,
                "red": st.red,
                "player_standing": st.pos[0] - 1,
            }
        return out

    def phase_name(self, st: GameState) -> str:
        return PHASE_NAMES[st.phase]

    def view(self, st: GameState, seat: int | None) -> dict[str, Any]:
        assert isinstance(st, RoseState)
        out = super().view(st, seat)
        out["phase_number"] = PHASE_NUMBER[st.phase]
        out["vine"] = self.vine_view(st)
        for pv in out["players"]:
            s = pv["seat"]
            card = self.task_of(st, s)
            pv["figure"] = st.pos[s]
            pv["in_castle"] = st.entered[s]
            pv["task"] = (
                {"id": card.id, "text": card.text, "how": card.task.explain()} if card else None
            )
            if s == seat:
                pv["can_pay_tribute"] = self.tribute_refusal(st, s) is None
        out["tribute_done"] = list(st.done) if st.phase == INTERMEDIATE else None
        out["paid_coins"] = self.count.paid_coins
        out["first_in_castle"] = st.ender
        if self.solo:
            out["solo"] = {
                "turns": st.turn,
                "coins": len(st.players[0].coins),
                "won": bool(st.entered[0]),
                "lost": st.phase == OVER and not st.entered[0],
            }
        return out

    def full_state(self, st: GameState) -> dict[str, Any]:
        assert isinstance(st, RoseState)
        out = super().full_state(st)
        for key in VINE_DATA_KEYS:  # data, not state: `bohn replay --json` prints as before
            del out["vine"][key]
        out["vine_order"] = list(st.vine)
        out["vine_out"] = list(st.vine_out)
        return out

    def hidden_places(self, st: GameState, seat: int | None) -> list[list[tuple[list[str], int]]]:
        """The Bohnanza groups, and the vine cards nobody has seen: the face-down and the
        pile's cards of the row (the castle stays last) and those removed at setup."""
        assert isinstance(st, RoseState)
        vine = [(st.vine, i) for i in range(st.revealed, len(st.vine) - 1)]
        vine.extend((st.vine_out, i) for i in range(len(st.vine_out)))
        return [*super().hidden_places(st, seat), vine]

    def vine_count(self, st: RoseState) -> Counter[str]:
        """Every vine card, in the row or removed at setup (the castle included)."""
        return Counter(st.vine) + Counter(st.vine_out)


# events that show something no seat knew before (an undo must not take them back)
REVEALING = (VineRevealed, TributePaid, DeckReshuffled, DeckRanOut, TurnedUp, Drew)
