"""Bohnanza for 2 to 7 players (with the bean duel for two) and Dahlias, on one engine.

The two games differ only in their data (varieties, player-count rules, whether a third
field can be bought, the tie-break) read from bohn_tui/data. Phases:

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
from typing import Any

from bohn_tui.engine.contract import Prompt
from bohn_tui.games.common.actions import (
    Accept,
    Action,
    BuyField,
    DeckRanOut,
    Decline,
    Discarded,
    DiscardHand,
    DiscardOffer,
    Drew,
    EndPlanting,
    EndTrading,
    EndTurn,
    Event,
    FieldBought,
    GameOver,
    Harvest,
    Harvested,
    IllegalAction,
    Offer,
    OfferClosed,
    OfferMade,
    PhaseStarted,
    PlantArea,
    Planted,
    PlantHand,
    Traded,
    TurnedUp,
    Withdraw,
)
from bohn_tui.games.common.data import CountRules, GameData
from bohn_tui.games.common.table import (
    HARVESTABLE,
    MAX_TABLED,
    Deck,
    Field,
    PlayerState,
    count_cards,
    harvest,
    harvest_choices,
    harvestable,
    pay_coins,
    plant_choices,
    plant_targets,
    shuffle,
)

PLANT = "plant"
TRADE = "trade"
PLANT_TRADES = "plant_trades"
TAKE_OFFER = "take_offer"
PLANT_TURNED_UP = "plant_turned_up"
OVER = "over"

PHASE_NAMES = {
    PLANT: "Phase 1: plant from the hand",
    TRADE: "Phase 2: turn up and trade",
    PLANT_TRADES: "Phase 3: plant turned-up and traded cards",
    TAKE_OFFER: "Phase 1: plant or discard the offered cards",
    PLANT_TURNED_UP: "Phase 3: plant turned-up cards",
    OVER: "Game over",
}


@dataclass(slots=True)
class PendingOffer:
    id: int
    seat: int
    to: int | None  # None: open to every other player
    give_hand: tuple[int, ...]
    give_up: tuple[int, ...]
    want: tuple[str, ...]
    counter_to: int | None
    declined: set[int] = field(default_factory=set)


@dataclass(slots=True)
class GameState:
    rules: BohnanzaRules
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


_ACTIVE_PHASES = frozenset({PLANT, TAKE_OFFER, PLANT_TURNED_UP})

_ACTION_CACHE: dict[tuple[Any, ...], Action] = {}


def _act(cls: type[Action], *args: Any) -> Action:
    key = (cls, *args)
    a = _ACTION_CACHE.get(key)
    if a is None:
        a = _ACTION_CACHE[key] = cls(*args)
    return a


class BohnanzaRules:
    """The rules of Bohnanza and Dahlias for one game and player count."""

    def __init__(self, data: GameData, n_players: int) -> None:
        self.data = data
        self.n = n_players
        self.count: CountRules = data.for_players(n_players)
        self.varieties = {k: v for k, v in data.varieties.items() if k not in self.count.removed}
        self.duel = self.count.duel
        self.field_cost = self.count.third_field_cost if data.third_field else 0
        self._apply: dict[type[Action], Callable[[GameState, Any, list[Event]], None]] = {
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
        self._a_harvest_by = [  # [seat][number of fields][field_code]: its Harvest actions
            [[tuple(row[i] for i in idx) for idx in by_code] for by_code in HARVESTABLE]
            for row in self._a_harvest
        ]
        self._a_plant_area = [
            {v: [PlantArea(s, v, i) for i in range(3)] for v in self.varieties} for s in seats
        ]
        self._a_end_planting = [EndPlanting(s) for s in seats]
        self._a_end_trading = [EndTrading(s) for s in seats]
        self._a_buy = [BuyField(s) for s in seats]
        self._order = [[(s + k) % n_players for k in seats] for s in seats]  # from s on

    # -- names for messages ---------------------------------------------------------------

    def vname(self, variety: str | None) -> str:
        v = self.data.varieties.get(variety or "")
        return v.name if v else str(variety)

    # -- setup -----------------------------------------------------------------------------

    def new_game(
        self,
        names: list[str],
        seed: int,
        options: dict[str, Any] | None = None,
        deck: list[str] | None = None,
    ) -> tuple[GameState, list[Event]]:
        rng = random.Random(seed)
        if deck is None:
            cards = [v.id for v in self.varieties.values() for _ in range(v.count)]
            shuffle(cards, rng)
        else:
            unknown = sorted({c for c in deck if c not in self.varieties})
            if unknown:
                raise ValueError(
                    f"the deck holds cards that are not in this game: {', '.join(unknown)}"
                )
            cards = list(reversed(deck))  # the top card is drawn first: keep it last
        total = Counter(cards)
        players = []
        for seat, name in enumerate(names):
            size = self.count.hand_size(seat)
            if len(cards) < size:
                raise ValueError("the deck is too small to deal the starting hands")
            hand = [cards.pop() for _ in range(size)]
            players.append(
                PlayerState(
                    name=name, hand=hand, fields=[Field() for _ in range(self.count.fields)]
                )
            )
        state = GameState(
            rules=self,
            seed=seed,
            options=dict(options or {}),
            players=players,
            deck=Deck(cards=cards, discard=[], end_at=self.count.end_runout),
            removed=[],
            rng=rng,
            total=total,
        )
        events: list[Event] = []
        self._start_turn(state, events)
        return state, events

    # -- turn flow -------------------------------------------------------------------------

    def _start_turn(self, st: GameState, ev: list[Event] | None) -> None:
        st.turn += 1
        st.planted = 0
        if self.duel and st.duel_offer:
            st.phase = TAKE_OFFER
            if ev is not None:
                ev.append(PhaseStarted(st.active, TAKE_OFFER, st.turn))
            return
        self._start_planting(st, ev)

    def _start_planting(self, st: GameState, ev: list[Event] | None) -> None:
        if not st.players[st.active].hand:  # nothing to plant: phase 1 is skipped
            self._turn_up(st, ev)
            return
        st.phase = PLANT
        if ev is not None:
            ev.append(PhaseStarted(st.active, PLANT, st.turn))

    def _turn_up(self, st: GameState, ev: list[Event] | None) -> None:
        ran: list[tuple[int, int]] = []
        cards = st.deck.draw(self.count.turn_up, ran, st.rng)
        from_discard: list[str] = []
        if self.duel:  # while the discard pile's top matches a turned-up card, add it
            discard = st.deck.discard
            while discard and discard[-1] in cards:
                from_discard.append(discard.pop())
        st.turned_up = cards + from_discard
        if ev is not None:
            ev.extend(DeckRanOut(t, size) for t, size in ran)
        if ev is not None:
            ev.append(TurnedUp(st.active, tuple(cards), tuple(from_discard)))
        st.phase = PLANT_TURNED_UP if self.duel else TRADE
        if ev is not None:
            ev.append(PhaseStarted(st.active, st.phase, st.turn))

    def _after_planting_trades(self, st: GameState, ev: list[Event] | None) -> None:
        """Phase 3 is done once every trade area is empty: draw (phase 4), next turn."""
        for p in st.players:
            if p.area:
                return
        self._draw_and_pass(st, ev)

    def _draw_and_pass(self, st: GameState, ev: list[Event] | None) -> None:
        if st.deck.ending:
            self._game_over(st, ev, "the draw pile ran out for the last time")
            return
        ran: list[tuple[int, int]] = []
        drawn = st.deck.draw(self.count.draw, ran, st.rng)
        st.players[st.active].hand.extend(drawn)
        if ev is not None:
            ev.append(Drew(st.active, len(drawn)))
        if ev is not None:
            ev.extend(DeckRanOut(t, size) for t, size in ran)
        if st.deck.ending:
            self._game_over(st, ev, "the draw pile ran out for the last time")
            return
        st.active = (st.active + 1) % self.n
        self._start_turn(st, ev)

    def _game_over(self, st: GameState, ev: list[Event], reason: str) -> None:
        for seat, p in enumerate(st.players):  # the final harvest
            for i, f in enumerate(p.fields):
                if f.count:
                    variety, count = f.variety, f.count
                    coins = harvest(p, i, self.varieties[variety], st.deck.discard)  # type: ignore[index]
                    if ev is not None:
                        ev.append(Harvested(seat, i, variety, count, coins))  # type: ignore[arg-type]
        for o in list(st.offers):
            del st.offers[o]
        st.scores = tuple(len(p.coins) for p in st.players)
        st.winners = self.winners(st)
        st.phase = OVER
        st.end_reason = reason
        if ev is not None:
            ev.append(GameOver(st.scores, st.winners, reason))

    def winners(self, st: GameState) -> tuple[int, ...]:
        best = max(st.scores)
        tied = [s for s, score in enumerate(st.scores) if score == best]
        if len(tied) > 1 and self.data.tiebreak == "hand":
            most = max(len(st.players[s].hand) for s in tied)
            tied = [s for s in tied if len(st.players[s].hand) == most]
        elif len(tied) > 1 and self.data.tiebreak == "furthest_from_start":
            tied = [max(tied)]  # the starting player is seat 0; play goes to the left
        return tuple(tied)

    def tiebreak_text(self) -> str:
        if self.data.tiebreak == "hand":
            return "Ties: most cards in hand wins; a tie there shares the win."
        return "Ties: the tied player furthest from the starting player (clockwise) wins."

    # -- who must act ----------------------------------------------------------------------

    def waiting_for(self, st: GameState) -> list[int]:
        """The seats whose decision the game waits for, the most urgent first."""
        if st.phase in _ACTIVE_PHASES:
            return [st.active]
        if st.phase == OVER:
            return []
        if st.phase == TRADE:
            seats: list[int] = []
            for o in st.offers.values():
                for s in self._addressees(st, o):
                    if s not in seats and s != st.active:
                        seats.append(s)
            seats.append(st.active)
            return seats
        if st.phase == PLANT_TRADES:
            players = st.players
            return [s for s in self._order[st.active] if players[s].area]
        return [st.active]

    def to_move(self, st: GameState) -> int | None:
        """The seat whose decision comes first: waiting_for(st)[0], without the list."""
        phase = st.phase
        if phase in _ACTIVE_PHASES or (phase == TRADE and not st.offers):
            return st.active
        if phase == PLANT_TRADES:
            players = st.players
            for s in self._order[st.active]:
                if players[s].area:
                    return s
            return None
        seats = self.waiting_for(st)
        return seats[0] if seats else None

    def prompts(self, st: GameState) -> list[Prompt]:
        """What each seat in `waiting_for` is being asked (engine.contract.Prompt)."""
        return [self.prompt(st, seat) for seat in self.waiting_for(st)]

    def prompt(self, st: GameState, seat: int) -> Prompt:
        """What `seat` is asked now. A game's own phases add theirs (`phase_prompt`)."""
        names = [p.name for p in st.players]
        own = self.phase_prompt(st, seat)
        if own is not None:
            return own
        if st.phase == TRADE and seat != st.active:
            for o in st.offers.values():
                if o.seat != seat and seat in self._addressees(st, o):
                    kind = "a gift" if not o.want else "an offer"
                    text = f"{names[o.seat]} has {kind} for {names[seat]}."
                    return Prompt(seat, "answer_offer", text, o.id)
        if st.phase == PLANT_TRADES and seat != st.active:
            return Prompt(seat, "plant_received", f"{names[seat]} plants the cards they received.")
        if seat == st.active and st.phase == TRADE and st.offers:
            return Prompt(seat, "turn", f"Back to {names[seat]}: the answers are in.")
        if seat == st.active:
            return Prompt(seat, "turn", f"It is {names[seat]}'s turn.")
        return Prompt(seat, "decide", f"{names[seat]} decides next.")

    def phase_prompt(self, st: GameState, seat: int) -> Prompt | None:
        """Hook: a game's prompt for a phase of its own (None: the Bohnanza prompts)."""
        return None

    def proposal_round(self, st: GameState) -> tuple[int, int] | None:
        """Phase 2 (trade) begins or a trade was made: the cards in the trade areas grow
        exactly when a trade is made. The bot driver asks for offers once per key."""
        if st.phase != TRADE or self.duel:
            return None
        return st.turn, sum(len(p.area) for p in st.players)

    def may_propose(self, st: GameState, seat: int) -> bool:
        """Whether `seat` may volunteer an offer now: to the active player, in phase 2."""
        return st.phase == TRADE and seat != st.active

    def scores(self, st: GameState) -> list[int]:
        return [len(p.coins) for p in st.players]

    def summary(self, st: GameState) -> dict[str, Any]:
        """The end of the game: scores, winners, why it ended and the tie-break rule."""
        return {
            "scores": list(st.scores),
            "winners": list(st.winners),
            "reason": st.end_reason,
            "tiebreak": self.tiebreak_text(),
        }

    def _addressees(self, st: GameState, o: PendingOffer) -> list[int]:
        if o.to is not None:
            return [o.to]
        return [s for s in range(self.n) if s != o.seat and s not in o.declined]

    # -- legal actions ---------------------------------------------------------------------

    def legal_actions(self, st: GameState, seat: int) -> list[Action]:
        """Every action `seat` may take now. Offers are not listed (their number is vast):
        a seat may make one whenever `can_offer` says so; answers to offers are listed,
        an acceptance with the frontmost cards that fit."""
        phase = st.phase
        if phase == OVER or not 0 <= seat < self.n:
            return []
        p = st.players[seat]
        fields = p.fields
        active = seat == st.active
        out: list[Action]
        if phase == PLANT_TRADES:
            out = []
            if p.area:
                plant_choices(fields, dict.fromkeys(p.area), self._a_plant_area[seat], out)
        elif phase == PLANT:
            out = []
            if active:
                if st.planted < 2 and p.hand:
                    plant_choices(fields, p.hand[:1], self._a_plant_hand[seat], out)
                if st.planted:
                    out.append(self._a_end_planting[seat])
                    if self.duel:
                        out.extend(_act(DiscardHand, seat, i) for i in range(len(p.hand)))
        elif phase == TRADE:
            out = []
            if st.offers:
                for o in st.offers.values():
                    if o.seat == seat:
                        out.append(_act(Withdraw, seat, o.id))
                    elif seat in self._addressees(st, o):
                        acc = self._default_accept(st, seat, o)
                        if acc is not None:
                            out.append(acc)
                        out.append(_act(Decline, seat, o.id))
            if active:
                out.append(self._a_end_trading[seat])
        elif active and phase == TAKE_OFFER:
            kinds = dict.fromkeys(st.duel_offer)
            out = plant_choices(fields, kinds, self._a_plant_area[seat], [])
            for v in kinds:
                out.append(_act(DiscardOffer, seat, v))
        elif active and phase == PLANT_TURNED_UP:
            out = []
            plant_choices(fields, dict.fromkeys(st.turned_up), self._a_plant_area[seat], out)
            out.append(_act(EndTurn, seat))
        else:
            out = []
        if active or not self.duel:
            if len(fields) <= MAX_TABLED:
                out += harvest_choices(fields, self._a_harvest_by[seat])
            else:
                out += [_act(Harvest, seat, i) for i in harvestable(fields)]
        cost = self.field_cost
        if cost and len(fields) < 3 and len(p.coins) >= cost:
            out.append(self._a_buy[seat])
        return out

    def can_offer(self, st: GameState, seat: int) -> bool:
        """Whether `seat` may make an offer now (trading is on and it has cards to trade)."""
        if st.phase != TRADE or self.duel:
            return False
        if seat == st.active:
            return self.n > 1
        return 0 <= seat < self.n

    def _default_accept(self, st: GameState, seat: int, o: PendingOffer) -> Accept | None:
        p = st.players[seat]
        up_left = list(st.turned_up) if seat == st.active else []
        used_hand: list[int] = []
        used_up: list[int] = []
        for want in o.want:
            for i, c in enumerate(up_left):
                if c == want and i not in used_up:
                    used_up.append(i)
                    break
            else:
                for i, c in enumerate(p.hand):
                    if c == want and i not in used_hand:
                        used_hand.append(i)
                        break
                else:
                    return None
        return Accept(seat, o.id, tuple(sorted(used_hand)), tuple(sorted(used_up)))

    def _can_buy(self, st: GameState, p: PlayerState, seat: int) -> bool:
        return (
            self.field_cost > 0
            and len(p.fields) < 3
            and len(p.coins) >= self.field_cost
            and st.phase != OVER
        )

    # -- apply -----------------------------------------------------------------------------

    def apply(self, st: GameState, action: Action) -> list[Event]:
        """Apply one action. Returns the events, or raises IllegalAction and changes nothing."""
        handler = self._apply.get(type(action))
        if handler is None:
            raise IllegalAction(f"{type(action).__name__} is not an action of {self.data.title}")
        if action.seat.__class__ is not int or not 0 <= action.seat < self.n:
            raise IllegalAction(f"there is no seat {action.seat!r} in this game")
        if st.phase == OVER:
            raise IllegalAction("the game is over")
        ev = self._events(st)
        handler(st, action, ev)
        self._settle(st, ev)
        return list(ev)

    def _events(self, st: GameState) -> list[Event]:
        """The list one action's events go into. A game whose tasks react to events as they
        happen (Bohnröschen) returns a list that watches them."""
        return []

    def _settle(self, st: GameState, ev: list[Event]) -> None:
        """Runs after every applied action; nothing to do in Bohnanza and Dahlias."""

    def phase_name(self, st: GameState) -> str:
        return PHASE_NAMES[st.phase]

    def step(self, st: GameState, action: Action) -> None:
        """`apply` without building events: for simulations and bot rollouts."""
        handler = self._apply.get(action.__class__)
        if handler is None or st.phase == OVER or not 0 <= action.seat < self.n:
            self.apply(st, action)  # raises the readable error
        handler(st, action, None)  # type: ignore[misc]

    def _who(self, st: GameState, seat: int) -> str:
        return st.players[seat].name

    def _need_active(self, st: GameState, a: Action, what: str) -> None:
        if a.seat != st.active:
            raise IllegalAction(
                f"only {self._who(st, st.active)}, whose turn it is, can {what} now"
            )

    def _check_field(self, p: PlayerState, index: int) -> Field:
        if index.__class__ is not int or not 0 <= index < len(p.fields):
            raise IllegalAction(
                f"there is no field {index + 1 if isinstance(index, int) else index}"
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

    def _plant_hand(self, st: GameState, a: PlantHand, ev: list[Event] | None) -> None:
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
        if self._planting_done(st, p):
            self._turn_up(st, ev)

    def _planting_done(self, st: GameState, p: PlayerState) -> bool:
        """Nothing is left to decide in phase 1, so the cards are turned up at once: the
        hand is empty, or two cards are planted (the bean duel may still discard one)."""
        return not p.hand or (st.planted == 2 and not self.duel)

    def _end_planting(self, st: GameState, a: EndPlanting, ev: list[Event] | None) -> None:
        if st.phase != PLANT:
            raise IllegalAction("this is not the planting phase")
        self._need_active(st, a, "end planting")
        if st.planted == 0:
            raise IllegalAction(
                f"you must plant your front card ({self.vname(st.players[a.seat].hand[0])}) first"
            )
        self._turn_up(st, ev)

    def _discard_hand(self, st: GameState, a: DiscardHand, ev: list[Event] | None) -> None:
        if not self.duel:
            raise IllegalAction("hand cards are discarded only in the bean duel")
        if st.phase != PLANT:
            raise IllegalAction("a hand card may be discarded only at the end of planting")
        self._need_active(st, a, "discard from the hand")
        if st.planted == 0:
            raise IllegalAction("plant your front card before discarding")
        p = st.players[a.seat]
        if not isinstance(a.index, int) or not 0 <= a.index < len(p.hand):
            raise IllegalAction(f"there is no card at hand position {a.index}")
        card = p.hand.pop(a.index)
        st.deck.discard.append(card)
        if ev is not None:
            ev.append(Discarded(a.seat, card, "hand"))
        self._turn_up(st, ev)

    def _plant_area(self, st: GameState, a: PlantArea, ev: list[Event] | None) -> None:
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
                self._after_planting_trades(st, ev)
        elif st.phase == TAKE_OFFER and not st.duel_offer:
            self._start_planting(st, ev)

    def _discard_offer(self, st: GameState, a: DiscardOffer, ev: list[Event] | None) -> None:
        if st.phase != TAKE_OFFER:
            raise IllegalAction("offered cards are discarded only at the start of a duel turn")
        self._need_active(st, a, "discard the offered cards")
        if a.variety not in st.duel_offer:
            raise IllegalAction(f"there is no {self.vname(a.variety)} in the offer")
        st.duel_offer.remove(a.variety)
        st.deck.discard.append(a.variety)
        if ev is not None:
            ev.append(Discarded(a.seat, a.variety, "offer"))
        if not st.duel_offer:
            self._start_planting(st, ev)

    def _end_turn(self, st: GameState, a: EndTurn, ev: list[Event] | None) -> None:
        if st.phase != PLANT_TURNED_UP:
            raise IllegalAction("the turn can be ended only after the cards are turned up")
        self._need_active(st, a, "end the turn")
        st.duel_offer = st.turned_up
        st.turned_up = []
        self._draw_and_pass(st, ev)

    def _harvest(self, st: GameState, a: Harvest, ev: list[Event] | None) -> None:
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
            if index not in harvestable(fields):  # the protection rule
                raise IllegalAction(
                    f"field {index + 1} holds a single {self.vname(f.variety)} and is "
                    "protected while another field holds more than one card"
                )
        variety = f.variety
        coins = harvest(p, index, self.varieties[variety], st.deck.discard)  # type: ignore[index]
        if ev is not None:
            ev.append(Harvested(a.seat, index, variety, count, coins))  # type: ignore[arg-type]

    def _buy_field(self, st: GameState, a: BuyField, ev: list[Event] | None) -> None:
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

    # -- trading ---------------------------------------------------------------------------

    def _check_cards(
        self, st: GameState, seat: int, hand: tuple[int, ...], up: tuple[int, ...]
    ) -> list[str]:
        p = st.players[seat]
        if len(set(hand)) != len(hand) or len(set(up)) != len(up):
            raise IllegalAction("the same card is named twice")
        for i in hand:
            if not isinstance(i, int) or not 0 <= i < len(p.hand):
                raise IllegalAction(f"there is no card at hand position {i}")
        if up and seat != st.active:
            raise IllegalAction("only the active player can trade the turned-up cards")
        for i in up:
            if not isinstance(i, int) or not 0 <= i < len(st.turned_up):
                raise IllegalAction(f"there is no turned-up card {i}")
        return [p.hand[i] for i in hand] + [st.turned_up[i] for i in up]

    def _offer(self, st: GameState, a: Offer, ev: list[Event] | None) -> None:
        if self.duel:
            raise IllegalAction("there is no trading in the bean duel")
        if st.phase != TRADE:
            raise IllegalAction("trading happens only in phase 2")
        to = a.to
        if a.seat == st.active:
            if to is not None and (not isinstance(to, int) or not 0 <= to < self.n or to == a.seat):
                raise IllegalAction("an offer goes to another player, or to all")
        else:
            if to is None:
                to = st.active
            if to != st.active:
                raise IllegalAction(
                    f"trades are only with {self._who(st, st.active)}, whose turn it is"
                )
        give = self._check_cards(st, a.seat, a.give_hand, a.give_up)
        for w in a.want:
            if w not in self.varieties:
                raise IllegalAction(f"{w!r} is not a card of this game")
        if not give and not a.want:
            raise IllegalAction("an offer must give or ask for at least one card")
        original = None
        if a.counter_to is not None:
            original = st.offers.get(a.counter_to)
            if original is None or a.seat not in self._addressees(st, original):
                raise IllegalAction(f"there is no offer {a.counter_to} to you to counter")
            if to != original.seat:
                raise IllegalAction("a counter-offer goes back to whoever made the offer")
        if original is not None:
            self._close_for(st, original, a.seat, "countered", ev)
        o = PendingOffer(st.next_offer, a.seat, to, a.give_hand, a.give_up, a.want, a.counter_to)
        st.offers[o.id] = o
        st.next_offer += 1
        if ev is not None:
            ev.append(OfferMade(o.id, a.seat, to, tuple(give), a.want, a.counter_to))

    def _close_for(
        self, st: GameState, o: PendingOffer, seat: int, reason: str, ev: list[Event] | None
    ) -> None:
        """`seat` turns offer `o` down; an open offer stays open for the others."""
        if o.to is None:
            o.declined.add(seat)
            if self._addressees(st, o):
                if ev is not None:
                    ev.append(OfferClosed(o.id, seat, reason))
                return
        del st.offers[o.id]
        if ev is not None:
            ev.append(OfferClosed(o.id, seat, reason))

    def _find_offer(self, st: GameState, offer: int) -> PendingOffer:
        o = st.offers.get(offer)
        if o is None:
            raise IllegalAction(f"offer {offer} is no longer open")
        return o

    def _accept(self, st: GameState, a: Accept, ev: list[Event] | None) -> None:
        if st.phase != TRADE:
            raise IllegalAction("trading happens only in phase 2")
        o = self._find_offer(st, a.offer)
        if a.seat not in self._addressees(st, o) or a.seat == o.seat:
            raise IllegalAction(f"offer {o.id} is not made to you")
        got = self._check_cards(st, a.seat, a.give_hand, a.give_up)
        if Counter(got) != Counter(o.want):
            wanted = ", ".join(self.vname(w) for w in o.want) or "nothing"
            raise IllegalAction(f"offer {o.id} asks for {wanted}; give exactly those cards")
        gave = self._take(st, o.seat, o.give_hand, o.give_up)
        got = self._take(st, a.seat, a.give_hand, a.give_up)
        st.players[a.seat].area.extend(gave)
        st.players[o.seat].area.extend(got)
        del st.offers[o.id]
        if ev is not None:
            ev.append(Traded(o.id, o.seat, a.seat, tuple(gave), tuple(got)))
        self._reindex_offers(st, o.seat, o.give_hand, o.give_up, ev)
        self._reindex_offers(st, a.seat, a.give_hand, a.give_up, ev)

    def _take(
        self, st: GameState, seat: int, hand: tuple[int, ...], up: tuple[int, ...]
    ) -> list[str]:
        p = st.players[seat]
        cards = [p.hand[i] for i in hand] + [st.turned_up[i] for i in up]
        for i in sorted(hand, reverse=True):
            del p.hand[i]
        for i in sorted(up, reverse=True):
            del st.turned_up[i]
        return cards

    def _reindex_offers(
        self,
        st: GameState,
        seat: int,
        hand: tuple[int, ...],
        up: tuple[int, ...],
        ev: list[Event] | None,
    ) -> None:
        """Cards left `seat`'s hand (and the turned-up cards): offers that named them close,
        the others follow the cards to their new positions."""
        if not hand and not up:
            return

        def moved(positions: tuple[int, ...], gone: tuple[int, ...]) -> tuple[int, ...] | None:
            if set(positions) & set(gone):
                return None
            return tuple(i - sum(1 for g in gone if g < i) for i in positions)

        for o in list(st.offers.values()):
            new_hand = moved(o.give_hand, hand) if o.seat == seat else o.give_hand
            new_up = moved(o.give_up, up)
            if new_hand is None or new_up is None:
                del st.offers[o.id]
                if ev is not None:
                    ev.append(OfferClosed(o.id, o.seat, "cards moved"))
            else:
                o.give_hand, o.give_up = new_hand, new_up

    def _decline(self, st: GameState, a: Decline, ev: list[Event] | None) -> None:
        o = self._find_offer(st, a.offer)
        if a.seat not in self._addressees(st, o) or a.seat == o.seat:
            raise IllegalAction(f"offer {o.id} is not made to you")
        self._close_for(st, o, a.seat, "declined", ev)

    def _withdraw(self, st: GameState, a: Withdraw, ev: list[Event] | None) -> None:
        o = self._find_offer(st, a.offer)
        if o.seat != a.seat:
            raise IllegalAction(f"offer {o.id} is not yours to withdraw")
        del st.offers[o.id]
        if ev is not None:
            ev.append(OfferClosed(o.id, a.seat, "withdrawn"))

    def _end_trading(self, st: GameState, a: EndTrading, ev: list[Event] | None) -> None:
        if st.phase != TRADE:
            raise IllegalAction("trading is not on now")
        self._need_active(st, a, "end trading")
        for o in list(st.offers.values()):
            if ev is not None:
                ev.append(OfferClosed(o.id, o.seat, "trading ended"))
        st.offers.clear()
        st.players[st.active].area.extend(st.turned_up)
        st.turned_up = []
        st.phase = PLANT_TRADES
        if ev is not None:
            ev.append(PhaseStarted(st.active, PLANT_TRADES, st.turn))
        self._after_planting_trades(st, ev)

    # -- views -----------------------------------------------------------------------------

    def view(self, st: GameState, seat: int | None) -> dict[str, Any]:
        """What `seat` may know, as a JSON-ready dict; seat None is the public table."""
        open_coins = bool(st.options.get("open_treasuries")) or st.phase == OVER
        players = []
        for s, p in enumerate(st.players):
            mine = s == seat
            players.append(
                {
                    "seat": s,
                    "name": p.name,
                    "hand_size": len(p.hand),
                    "hand": list(p.hand) if mine else None,
                    "fields": [self.field_view(f) for f in p.fields],
                    "coins": len(p.coins) if (mine or open_coins) else None,
                    "area": list(p.area),
                    "bought_field": p.bought_field,
                    "can_buy_field": self._can_buy(st, p, s) if mine else None,
                }
            )
        return {
            "game": self.data.game,
            "title": self.data.title,
            "seat": seat,
            "players": players,
            "active": st.active,
            "phase": st.phase,
            "phase_name": self.phase_name(st),
            "turn": st.turn,
            "planted": st.planted,
            "turned_up": list(st.turned_up),
            "duel_offer": list(st.duel_offer),
            "offers": [
                {
                    "id": o.id,
                    "seat": o.seat,
                    "to": o.to,
                    "give": [st.players[o.seat].hand[i] for i in o.give_hand]
                    + [st.turned_up[i] for i in o.give_up],
                    "give_hand": list(o.give_hand) if o.seat == seat else None,
                    "give_up": list(o.give_up),
                    "want": list(o.want),
                    "counter_to": o.counter_to,
                    "declined": sorted(o.declined),
                }
                for o in st.offers.values()
            ],
            "deck_size": len(st.deck.cards),
            "discard_top": st.deck.discard[-1] if st.deck.discard else None,
            "discard_size": len(st.deck.discard),
            "runouts": st.deck.runouts,
            "end_runout": st.deck.end_at,
            "ending": st.deck.ending,
            "field_cost": self.field_cost,
            "duel": self.duel,
            "waiting_for": self.waiting_for(st),
            "can_offer": self.can_offer(st, seat) if seat is not None else False,
            "varieties": list(self.varieties),
            "over": st.phase == OVER,
            "scores": list(st.scores) if st.phase == OVER else None,
            "winners": list(st.winners) if st.phase == OVER else None,
            "end_reason": st.end_reason or None,
        }

    def field_view(self, f: Field) -> dict[str, Any]:
        if not f.count:
            return {"variety": None, "count": 0, "pays": 0, "next": None}
        v = self.varieties[f.variety]  # type: ignore[index]
        step = v.next_step(f.count)
        return {
            "variety": f.variety,
            "count": f.count,
            "pays": v.coins_for(f.count),
            "next": list(step) if step else None,
        }

    # -- checks ----------------------------------------------------------------------------

    def card_count(self, st: GameState) -> Counter[str]:
        """Every card wherever it is: deck, discard, hands, fields, coins, areas, offers."""
        c = count_cards(st.deck.cards, st.deck.discard, st.removed, st.turned_up, st.duel_offer)
        for p in st.players:
            c.update(p.hand)
            c.update(p.coins)
            c.update(p.area)
            for f in p.fields:
                if f.count:
                    c[f.variety] += f.count  # type: ignore[index]
        return c

    def redeal_hidden(self, st: GameState, seat: int | None, rng: random.Random) -> None:
        """Deal anew what `seat` cannot see (None: the public table): the cards of each group
        of `hidden_places` change places at random among themselves, each pile keeping its
        size. `view(st, seat)` must not change (the conformance tests)."""
        for places in self.hidden_places(st, seat):
            pool = [pile[i] for pile, i in places]
            rng.shuffle(pool)
            for (pile, i), card in zip(places, pool, strict=True):
                pile[i] = card

    def hidden_places(self, st: GameState, seat: int | None) -> list[list[tuple[list[str], int]]]:
        """Hook for `redeal_hidden`: the places (pile, index) of the cards `seat` cannot see,
        in groups whose cards may trade places (a game's own kind of card is its own group).
        Bohnanza: the other hands, the draw pile's order and, while treasuries are closed,
        the other coin piles; cards named in open offers stay (offers are public). A game
        that hides more appends its groups to these."""
        open_coins = bool(st.options.get("open_treasuries")) or st.phase == OVER
        offered = {(o.seat, i) for o in st.offers.values() for i in o.give_hand}  # public
        places: list[tuple[list[str], int]] = [
            (st.deck.cards, i) for i in range(len(st.deck.cards))
        ]
        for s, p in enumerate(st.players):
            if s != seat:
                places.extend((p.hand, i) for i in range(len(p.hand)) if (s, i) not in offered)
                if not open_coins:
                    places.extend((p.coins, i) for i in range(len(p.coins)))
        return [places]

    def violations(self, st: GameState) -> list[str]:
        """What is wrong with a state: cards created or lost, impossible fields."""
        out = []
        now = self.card_count(st)
        if now != st.total:
            diff = {
                k: now[k] - st.total[k] for k in set(now) | set(st.total) if now[k] != st.total[k]
            }
            out.append(f"cards created or lost: {diff}")
        for p in st.players:
            if len(p.fields) > 3:
                out.append(f"{p.name} has {len(p.fields)} fields")
            for f in p.fields:
                if (f.count > 0) != (f.variety is not None) or f.count < 0:
                    out.append(f"{p.name} has a broken field {f!r}")
        return out

    def full_state(self, st: GameState) -> dict[str, Any]:
        """The whole state as JSON (for `bohn replay --json`): nothing hidden."""
        out = self.view(st, None)
        for s, p in enumerate(st.players):
            pv = out["players"][s]
            pv["hand"] = list(p.hand)
            pv["coins"] = len(p.coins)
            pv["coin_cards"] = list(p.coins)
        out["deck"] = list(reversed(st.deck.cards))
        out["discard"] = list(st.deck.discard)
        out["removed"] = list(st.removed)
        out["seed"] = st.seed
        for o in out["offers"]:
            src = st.offers[o["id"]]
            o["give_hand"] = list(src.give_hand)
        return out
