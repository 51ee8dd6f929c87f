"""The bean engine: the Bohnanza turn, on which Bohnanza for 2 to 7 players (with the bean
duel for two) and Dahlias run as they are and Bohnröschen and Excalibohn compose through
its hooks (a subclass of BeanRules each, over a state type of its own).

Bohnanza and Dahlias differ only in their data (varieties, player-count rules, whether a
third field can be bought, the tie-break): each game's package is its spec (`bean_spec` in
games/common/spec.py, naming "bohn_tui.games.common.rules:BeanRules") and its data.toml
(bohn_tui/games/bohnanza/data.toml, bohn_tui/games/dahlias/data.toml), read by
games/common/data.py's `load` and handed to the rules with the player count. Phases:

- "plant": phase 1, the active player must plant the front hand card and may plant the
  next (in the bean duel, may then discard one hand card). Once nothing is left to
  decide (two planted, or the hand is empty) the cards are turned up at once.
- "trade": phase 2, cards are turned up and the active player trades.
- "plant_trades": phase 3, everybody plants what they received, the active player also
  the turned-up cards; phase 4 (drawing) follows by itself when all are planted.
- bean duel only: "take_offer" (plant or discard the opponent's offer) and
  "plant_turned_up" (plant any of the three turned-up cards, the rest become the offer).
- "over".
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

from bohn_tui.engine.limits import show
from bohn_tui.games.common.actions import (
    Accept,
    Action,
    BuyField,
    DeckRanOut,
    Decline,
    DiscardHand,
    DiscardOffer,
    EndPlanting,
    EndTrading,
    EndTurn,
    Event,
    FieldBought,
    Harvest,
    IllegalAction,
    Offer,
    OfferClosed,
    PhaseStarted,
    PlantArea,
    Planted,
    PlantHand,
    TurnedUp,
    Withdraw,
    cached_action,
)
from bohn_tui.games.common.data import TURN_UP_ENDS, CountRules, GameData
from bohn_tui.games.common.duel import BeanDuel
from bohn_tui.games.common.ending import GameEnd
from bohn_tui.games.common.fast import Decision, FastPaths

# the phases, re-exported (`X as X`: strict mypy's explicit form) for the games on these rules
from bohn_tui.games.common.phases import OVER as OVER
from bohn_tui.games.common.phases import PLANT as PLANT
from bohn_tui.games.common.phases import PLANT_TRADES as PLANT_TRADES
from bohn_tui.games.common.phases import PLANT_TURNED_UP as PLANT_TURNED_UP
from bohn_tui.games.common.phases import TAKE_OFFER as TAKE_OFFER
from bohn_tui.games.common.phases import TRADE as TRADE
from bohn_tui.games.common.phases import TurnOrder
from bohn_tui.games.common.table import (
    DEAL,
    HARVEST_TREE,
    HARVESTABLE,
    MAX_TABLED,
    Deck,
    Field,
    PlayerState,
    distinct,
    harvest_choices,
    harvest_tree,
    harvestable,
    pay_coins,
    plant_choices,
    plant_targets,
    shuffle,
)
from bohn_tui.games.common.trading import PendingOffer as PendingOffer  # re-exported
from bohn_tui.games.common.trading import Trading
from bohn_tui.games.common.views import BeanViews


@dataclass(slots=True)
class GameState:
    rules: BeanRules[Any]  # the rules over this state's type (a game's own subclass of it)
    seed: int
    options: dict[str, Any]
    players: list[PlayerState]
    deck: Deck
    removed: list[str]  # coins that left the game (bean duel's third field)
    rng: random.Random  # all the game's chance: seeded from `seed`, replayed with the record
    turned_up: list[str] = field(default_factory=list)
    duel_offer: list[str] = field(default_factory=list)
    offers: dict[int, PendingOffer] = field(default_factory=dict)
    next_offer: int = 1
    active: int = 0
    phase: str = PLANT
    planted: int = 0  # cards planted from the hand this phase 1
    turn: int = 0
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    end_reason: str = ""
    total: Counter[str] = field(default_factory=Counter)  # every card in the game at the start

    @property
    def over(self) -> bool:
        return self.phase == OVER


S = TypeVar("S", bound=GameState)  # the state type of a game on these rules


class BeanRules(Trading, BeanDuel, GameEnd, TurnOrder, BeanViews, FastPaths, Generic[S]):
    """The rules of a bean game (Bohnanza, Dahlias: its data) for one player count."""

    def __init__(self, data: GameData, n_players: int) -> None:
        self.data = data
        self.n = n_players
        self.count: CountRules = data.for_players(n_players)
        self.varieties = {k: v for k, v in data.varieties.items() if k not in self.count.removed}
        self.duel = self.count.duel
        self.field_cost = self.count.third_field_cost if data.third_field else 0
        self._cards = [v.id for v in self.varieties.values() for _ in range(v.count)]  # unshuffled
        self._total = Counter(self._cards)  # a new game's `total` (a copy): the same counts
        self.handlers: dict[type[Action], Callable[..., None]] = {  # (st, action, ev=None)
            PlantHand: self._plant_hand,
            EndPlanting: self._end_planting,
            PlantArea: self._plant_area,
            Harvest: self._harvest,
            BuyField: self._buy_field,
            Offer: self._offer,
            Accept: self._accept,
            Decline: self._decline,
            Withdraw: self._withdraw,
            EndTrading: self._end_trading,
            DiscardOffer: self._discard_offer,
            DiscardHand: self._discard_hand,
            EndTurn: self._end_turn,
        }
        # the actions legal_actions hands out, made once (the hot path of every game)
        seats = range(n_players)
        self._a_plant_hand = [  # by variety, for table.plant_choices: the same row for each
            dict.fromkeys(self.varieties, [PlantHand(s, i) for i in range(3)]) for s in seats
        ]
        self._a_harvest = [[Harvest(s, i) for i in range(MAX_TABLED)] for s in seats]
        self._a_harvest_by = [  # [seat]: its Harvest actions by field counts (harvest_tree)
            harvest_tree([[tuple(row[i] for i in ix) for ix in by_code] for by_code in HARVESTABLE])
            for row in self._a_harvest
        ]
        self._a_plant_area = [
            {v: [PlantArea(s, v, i) for i in range(3)] for v in self.varieties} for s in seats
        ]
        self._a_end_planting = [EndPlanting(s) for s in seats]
        self._a_end_trading = [EndTrading(s) for s in seats]
        self._a_buy = [BuyField(s) for s in seats]
        self._order = [[(s + k) % n_players for k in seats] for s in seats]  # from s on
        self._make_fast()
        # legal_actions for the seat to_move names; a game with its own legal_actions: those
        own = type(self).legal_actions is not BeanRules.legal_actions
        self.legal_to_move = self.legal_actions if own else self._legal
        if not own and type(self).to_move is TurnOrder.to_move:  # (the type decides)
            self.next_decision = self._next_decision

    # the seat to move and its legal actions in one call (fast.py), set on rules whose
    # legal_actions and to_move are these (engine/contract.py's NextDecision)
    next_decision: Callable[[S], Decision | None]

    # -- names for messages ---------------------------------------------------------------

    def vname(self, variety: str | None) -> str:
        v = self.data.varieties.get(variety or "")
        return v.name if v else show(variety)  # a name from outside: quoted, short

    # -- setup -----------------------------------------------------------------------------

    def new_game(
        self,
        names: list[str],
        seed: int,
        options: dict[str, Any] | None = None,
        deck: list[str] | None = None,
    ) -> tuple[GameState, list[Event]]:
        options = dict(options or {})  # "open_treasuries": every coin count is open
        if options.get("open_treasuries", False).__class__ is not bool:
            raise ValueError("option 'open_treasuries' is true or false")
        if options.get("turn_up_end", "at_once") not in TURN_UP_ENDS:  # see ending.py
            raise ValueError(f"option 'turn_up_end' is one of {', '.join(TURN_UP_ENDS)}")
        rng = random.Random(seed)
        if deck is None:
            cards = list(self._cards)
            shuffle(cards, rng, DEAL)
            total = self._total.copy()
        else:
            unknown = sorted({c for c in deck if c not in self.varieties})
            if unknown:
                shown = ", ".join(show(c, 30) for c in unknown[:5])
                raise ValueError(f"the deck holds cards that are not in this game: {shown}")
            cards = list(reversed(deck))  # the top card is drawn first: keep it last
            total = Counter(cards)
        players = []
        for seat, name in enumerate(names):
            size = self.count.hand_size(seat)
            if len(cards) < size:
                raise ValueError("the deck is too small to deal the starting hands")
            hand = cards[: -size - 1 : -1]  # popped from the top, one by one
            del cards[len(cards) - size :]
            players.append(
                PlayerState(
                    name=name, hand=hand, fields=[Field() for _ in range(self.count.fields)]
                )
            )
        state = GameState(
            rules=self,
            seed=seed,
            options=options,
            players=players,
            deck=Deck(cards=cards, discard=[], end_at=self.count.end_runout),
            removed=[],
            rng=rng,
            total=total,
        )
        events: list[Event] = []
        # S is GameState for the games on these rules as they are; a game with a state type
        # of its own builds it from this one after, and its start_turn waits for it
        self.start_turn(cast(S, state), events)
        return state, events

    # -- turn flow -------------------------------------------------------------------------

    # The hooks: public methods the Bohnanza turn calls at fixed points, which a game on
    # this engine (Bohnröschen) overrides, calling super() for the Bohnanza part. `ev` is
    # the action's event list (None in `step`: no events are built); a hook may append
    # events, change the state and move to a phase of its own, and must raise nothing once
    # the action has been accepted. `handlers` maps each action type to its handler
    # (st, action, ev): a game adds its actions there (their legal actions in its
    # `legal_actions`, its view keys in `view`), or its own handler for one of Bohnanza's
    # (which may call the Bohnanza handler, e.g. super()._harvest).

    def start_turn(self, st: S, ev: list[Event] | None) -> None:
        """Hook: a turn begins (the active seat is set): the turn counter, then phase 1 (or
        the bean duel's offer). A game may run a phase of its own first (Bohnröschen's solo
        figures) or build its state here."""
        st.turn += 1
        st.planted = 0
        if self.duel and st.duel_offer:
            st.phase = TAKE_OFFER
            if ev is not None:
                ev.append(PhaseStarted(st.active, TAKE_OFFER, st.turn))
            return
        self._start_planting(st, ev)

    def _start_planting(self, st: S, ev: list[Event] | None) -> None:
        if not st.players[st.active].hand:  # nothing to plant: phase 1 is skipped
            self.turn_up_cards(st, ev)
            return
        st.phase = PLANT
        if ev is not None:
            ev.append(PhaseStarted(st.active, PLANT, st.turn))

    def turn_up_cards(self, st: S, ev: list[Event] | None) -> None:
        """Hook: phase 1 is over, the cards are turned up and phase 2 (or the duel's phase
        3) begins. A game may turn up its own way instead (Bohnröschen draws through its own
        pile, which may be reshuffled any number of times)."""
        ran: list[tuple[int, int]] = []
        cards = st.deck.draw(self.count.turn_up, ran, st.rng)
        from_discard: list[str] = []
        if self.duel and not st.deck.ending:  # while the discard's top matches one, add it
            discard = st.deck.discard
            while discard and discard[-1] in cards:
                from_discard.append(discard.pop())
        st.turned_up = cards + from_discard if from_discard else cards  # a fresh list
        if ev is not None:
            ev.extend(DeckRanOut(t, size) for t, size in ran)
            ev.append(TurnedUp(st.active, tuple(cards), tuple(from_discard)))
        if ran and self.ends_at_turn_up(st, ev):
            return
        st.phase = PLANT_TURNED_UP if self.duel else TRADE
        if ev is not None:
            ev.append(PhaseStarted(st.active, st.phase, st.turn))

    def after_planting(self, st: S, ev: list[Event] | None) -> None:
        """Hook: a card of phase 3 was planted (or trading ended). Phase 3 is done once
        every trade area is empty: then `end_of_turn`. A game may start its phase 4 here."""
        for p in st.players:
            if p.area:
                return
        self.end_of_turn(st, ev)

    # -- legal actions ---------------------------------------------------------------------

    def legal_actions(self, st: S, seat: int) -> list[Action]:
        """Every action `seat` may take now. Offers are not listed (their number is vast):
        a seat may make one whenever `can_offer` says so; answers to offers are listed,
        an acceptance with the frontmost cards that fit."""
        if st.phase == OVER or not 0 <= seat < self.n:
            return []
        return self._legal(st, seat)

    def _legal(self, st: S, seat: int) -> list[Action]:
        """`legal_actions` past its guard (a seat of the game, the game not over). The bot
        driver asks it, as `legal_to_move`, for the seat that `to_move` has just named."""
        phase = st.phase
        p = st.players[seat]
        fields = p.fields
        active = True if seat == st.active else False  # (a compare in a jump: fast)
        out: list[Action] = []
        if phase == PLANT:
            if active:
                planted = st.planted
                hand = p.hand
                if planted < 2 and hand:
                    plant_choices(fields, (hand[0],), self._a_plant_hand[seat], out)
                if planted:
                    out.append(self._a_end_planting[seat])
                    if self.duel:  # (loops, not comprehensions: seat stays a plain local)
                        for i in range(len(p.hand)):
                            out.append(cached_action(DiscardHand, seat, i))
        elif phase == PLANT_TRADES:
            area = p.area
            if area:
                plant_choices(fields, distinct(area), self._a_plant_area[seat], out)
        elif phase == TRADE:
            if st.offers:
                for o in st.offers.values():
                    if o.seat == seat:
                        out.append(cached_action(Withdraw, seat, o.id))
                    elif seat in self._addressees(st, o):
                        acc = self._default_accept(st, seat, o)
                        if acc is not None:
                            out.append(acc)
                        out.append(cached_action(Decline, seat, o.id))
            if active:
                out.append(self._a_end_trading[seat])
        elif active and phase == TAKE_OFFER:
            kinds = dict.fromkeys(st.duel_offer)
            plant_choices(fields, kinds, self._a_plant_area[seat], out)
            for v in kinds:
                out.append(cached_action(DiscardOffer, seat, v))
        elif active and phase == PLANT_TURNED_UP:
            plant_choices(fields, dict.fromkeys(st.turned_up), self._a_plant_area[seat], out)
            out.append(cached_action(EndTurn, seat))
        if active or not self.duel:
            try:  # harvest_choices, unrolled for two and three fields
                if len(fields) == 2:
                    f0, f1 = fields
                    out += self._a_harvest2[seat][f0.count][f1.count]
                elif len(fields) == 3:
                    f0, f1, f2 = fields
                    out += self._a_harvest3[seat][f0.count][f1.count][f2.count]
                else:
                    out.extend(harvest_choices(fields, self._a_harvest_by[seat]))
            except IndexError:  # a count past the trees' reach, more fields than they hold
                for i in harvestable(fields):
                    out.append(cached_action(Harvest, seat, i))
        cost = self.field_cost
        if cost and len(fields) < 3 and len(p.coins) >= cost:
            out.append(self._a_buy[seat])
        return out

    def can_buy_field(self, st: S, p: PlayerState, seat: int) -> bool:
        """Hook: whether `seat` (player `p`) may buy the third field now (for its view)."""
        return (
            self.field_cost > 0
            and len(p.fields) < 3
            and len(p.coins) >= self.field_cost
            and st.phase != OVER
        )

    # -- apply -----------------------------------------------------------------------------

    def apply(self, st: S, action: Action) -> list[Event]:
        """Apply one action. Returns the events, or raises IllegalAction and changes nothing."""
        handler = self.handlers.get(type(action))
        if handler is None:
            raise IllegalAction(f"{type(action).__name__} is not an action of {self.data.title}")
        if action.seat.__class__ is not int or not 0 <= action.seat < self.n:
            raise IllegalAction(f"there is no seat {show(action.seat)} in this game")
        if st.phase == OVER:
            raise IllegalAction("the game is over")
        ev = self.event_tap(st)
        handler(st, action, ev)
        self.after_action(st, ev)
        return list(ev)

    def event_tap(self, st: S) -> list[Event]:
        """Hook (the event tap): the list one action's events go into, made before the
        action's handler runs. A game whose tasks react to events as they happen
        (Bohnröschen) returns a list that watches every event appended to it."""
        return []

    def after_action(self, st: S, ev: list[Event]) -> None:
        """Hook: runs after every action `apply` accepted, with its events (a game checks
        its tasks here); nothing to do in Bohnanza and Dahlias."""

    def step(self, st: S, action: Action) -> None:
        """`apply` without building events: for simulations and bot rollouts."""
        handler = self.handlers.get(action.__class__)
        if handler is None or st.phase == OVER or not 0 <= action.seat < self.n:
            self.apply(st, action)  # raises the readable error
        handler(st, action, None)  # type: ignore[misc]

    @property
    def listed_steps(self) -> dict[type[Action], Callable[..., None]] | None:
        """What the bot driver applies an action with that legal_actions has just listed,
        by action type: its handler (ev None by default), past step's guard, which listing
        has passed already (an action type of this game, a seat of it, the game not over);
        for a Harvest, the part past its checks as well (legal_actions lists the harvests
        the same rule allows). None for a game whose steps are its own (Bohnröschen: every
        step is an apply)."""
        if type(self).step is not BeanRules.step:
            return None
        steps = dict(self.handlers)
        for kind, handler, listed in (  # (not a game's own handler)
            (Harvest, self._harvest, self._harvest_checked),
            (PlantHand, self._plant_hand, self._plant_hand_listed),
            (PlantArea, self._plant_area, self._plant_area_listed),
        ):
            if steps.get(kind) == handler:
                steps[kind] = listed
        return steps

    def _need_active(self, st: S, a: Action, what: str) -> None:
        if a.seat != st.active:
            raise IllegalAction(
                f"only {self._who(st, st.active)}, whose turn it is, can {what} now"
            )

    def _check_field(self, p: PlayerState, index: int) -> Field:
        if index.__class__ is not int or not 0 <= index < len(p.fields):
            raise IllegalAction(
                f"there is no field {show(index + 1 if isinstance(index, int) else index)}:"
                f" {len(p.fields)} fields are in play"
            )
        return p.fields[index]

    def _plant(self, p: PlayerState, variety: str, index: int) -> None:
        """Plant one card on field `index`, or raise (changing nothing) if it cannot go there."""
        fields = p.fields
        if index.__class__ is int and 0 <= index < len(fields):
            f = fields[index]
            if not f.count:
                f.variety = variety
                f.count = 1
                return
            if f.variety == variety:
                f.count += 1
                return
        f = self._check_field(p, index)
        free = [str(i + 1) for i in plant_targets(p.fields, variety)]
        hint = f"field {' or '.join(free)} can take it" if free else "harvest a field first"
        raise IllegalAction(
            f"{self.vname(variety)} cannot go on field {index + 1}: it holds "
            f"{self.vname(f.variety)}; {hint}"
        )

    def _plant_hand(self, st: S, a: PlantHand, ev: list[Event] | None = None) -> None:
        if st.phase != PLANT:
            raise IllegalAction("cards are planted from the hand only in phase 1")
        if a.seat != st.active:
            self._need_active(st, a, "plant from the hand")
        p = st.players[a.seat]
        if not p.hand:
            raise IllegalAction("your hand is empty")
        if st.planted >= 2:
            raise IllegalAction("you have planted two cards from your hand already")
        front = p.hand[0]
        self._plant(p, front, a.field)
        del p.hand[0]
        st.planted += 1
        if ev is not None:
            ev.append(Planted(a.seat, front, a.field, "hand"))
        if self.planting_done(st, p):
            self.turn_up_cards(st, ev)

    def planting_done(self, st: S, p: PlayerState) -> bool:
        """Hook: whether nothing is left to decide in phase 1, so the cards are turned up
        at once: the hand is empty, or two cards are planted (the bean duel may still
        discard one). A game that allows more in phase 1 says False longer."""
        if not p.hand:
            return True
        return not self.duel if st.planted == 2 else False  # (the compare in a jump: fast)

    def _end_planting(self, st: S, a: EndPlanting, ev: list[Event] | None = None) -> None:
        if st.phase != PLANT:
            raise IllegalAction("this is not the planting phase")
        if a.seat != st.active:
            self._need_active(st, a, "end planting")
        if st.planted == 0:
            raise IllegalAction(
                f"you must plant your front card ({self.vname(st.players[a.seat].hand[0])}) first"
            )
        self.turn_up_cards(st, ev)

    def _plant_area(self, st: S, a: PlantArea, ev: list[Event] | None = None) -> None:
        p = st.players[a.seat]
        if st.phase == PLANT_TRADES:
            pile, source = p.area, "area"
        elif st.phase == TAKE_OFFER:
            self._need_active(st, a, "plant the offered cards")
            pile, source = st.duel_offer, "offer"
        elif st.phase == PLANT_TURNED_UP:
            self._need_active(st, a, "plant the turned-up cards")
            pile, source = st.turned_up, "turned_up"
        else:
            raise IllegalAction("there are no traded or turned-up cards to plant now")
        variety = a.variety
        if variety not in pile:
            raise IllegalAction(f"you have no {self.vname(variety)} to plant")
        self._plant(p, variety, a.field)
        pile.remove(variety)
        if ev is not None:
            ev.append(Planted(a.seat, variety, a.field, source))
        if st.phase == PLANT_TRADES:
            if not pile:  # phase 3 ends when every trade area is empty
                self.after_planting(st, ev)
        elif st.phase == TAKE_OFFER and not st.duel_offer:
            self._start_planting(st, ev)

    def _harvest(self, st: S, a: Harvest, ev: list[Event] | None = None) -> None:
        if self.duel and a.seat != st.active:
            raise IllegalAction("in the bean duel, beans are harvested only on your own turn")
        p = st.players[a.seat]
        fields = p.fields
        index = a.field
        if index.__class__ is not int or not 0 <= index < len(fields):
            self._check_field(p, index)  # raises
        f = fields[index]
        count = f.count
        if count < 2:
            if count == 0:
                raise IllegalAction(f"field {index + 1} is empty")
            if index not in harvest_choices(fields, HARVEST_TREE):  # the protection rule
                raise IllegalAction(
                    f"field {index + 1} holds a single {self.vname(f.variety)} and is "
                    "protected while another field holds more than one card"
                )
        self._harvest_checked(st, a, ev)

    def _buy_field(self, st: S, a: BuyField, ev: list[Event] | None = None) -> None:
        p = st.players[a.seat]
        if len(p.fields) >= 3:
            raise IllegalAction("you have three fields already")
        if not self.field_cost:
            raise IllegalAction(f"no third field can be bought in this game of {self.data.title}")
        if len(p.coins) < self.field_cost:
            raise IllegalAction(
                f"the third field costs {self.field_cost} coins and you have {len(p.coins)}"
            )
        to = st.removed if self.count.paid_coins == "removed" else st.deck.discard
        pay_coins(p, self.field_cost, to)
        p.fields.append(Field())
        p.bought_field = True
        if ev is not None:
            ev.append(FieldBought(a.seat, self.field_cost))

    def _end_trading(self, st: S, a: EndTrading, ev: list[Event] | None = None) -> None:
        if st.phase != TRADE:
            raise IllegalAction("trading is not on now")
        if a.seat != st.active:
            self._need_active(st, a, "end trading")
        if st.offers:
            for o in list(st.offers.values()):
                if ev is not None:
                    ev.append(OfferClosed(o.id, o.seat, "trading ended"))
            st.offers.clear()
        st.players[st.active].area.extend(st.turned_up)
        st.turned_up = []
        st.phase = PLANT_TRADES
        if ev is not None:
            ev.append(PhaseStarted(st.active, PLANT_TRADES, st.turn))
        self.after_planting(st, ev)
