"""The actions and events of the bean games (Bohnanza, Dahlias, Bohnröschen and the others
built on the Bohnanza turn), with their JSON form in docs/formats.md."""

from __future__ import annotations

from typing import Any, ClassVar

# re-exported (`X as X`: strict mypy's explicit form): the bean games import them from here
from bohn_tui.engine.actions import Action as Action
from bohn_tui.engine.actions import Event as Event
from bohn_tui.engine.actions import IllegalAction as IllegalAction
from bohn_tui.engine.actions import action_from_json as action_from_json
from bohn_tui.engine.actions import register_actions as register_actions
from bohn_tui.engine.actions import to_json as to_json
from bohn_tui.engine.records import record


def on_field(action: Action, field: int | None) -> str:
    """An action on one of its seat's fields in a few words: "harvest on field 2"."""
    words = action.type.replace("_", " ")
    return words if field is None else f"{words} on field {field + 1}"


@record
class PlantHand(Action):
    """Plant the front card of the hand (phase 1)."""

    type: ClassVar[str] = "plant_hand"
    field: int

    def words(self) -> str:
        return on_field(self, self.field)


@record
class EndPlanting(Action):
    """Stop planting from the hand and turn up cards (end of phase 1)."""

    type: ClassVar[str] = "end_planting"


@record
class PlantArea(Action):
    """Plant a card of `variety` from the seat's trade area (phase 3, or a duel's offer)."""

    type: ClassVar[str] = "plant_area"
    variety: str
    field: int

    def words(self) -> str:
        return on_field(self, self.field)


@record
class Harvest(Action):
    type: ClassVar[str] = "harvest"
    field: int

    def words(self) -> str:
        return on_field(self, self.field)


@record
class BuyField(Action):
    type: ClassVar[str] = "buy_field"


@record
class Offer(Action):
    """Offer cards (hand positions, and for the active player turned-up cards) for cards
    of the named kinds. `to` is a seat, or None for an offer open to all. An empty `want`
    is a gift. `counter_to` names the offer this one answers."""

    type: ClassVar[str] = "offer"
    to: int | None = None
    give_hand: tuple[int, ...] = ()
    give_up: tuple[int, ...] = ()
    want: tuple[str, ...] = ()
    counter_to: int | None = None


@record
class Accept(Action):
    """Accept offer `offer`, giving these cards for the kinds it wants."""

    type: ClassVar[str] = "accept"
    offer: int
    give_hand: tuple[int, ...] = ()
    give_up: tuple[int, ...] = ()


@record
class Decline(Action):
    type: ClassVar[str] = "decline"
    offer: int


@record
class Withdraw(Action):
    type: ClassVar[str] = "withdraw"
    offer: int


@record
class EndTrading(Action):
    type: ClassVar[str] = "end_trading"


@record
class DiscardOffer(Action):
    """Bean duel, phase 1: discard one card of the opponent's offer instead of planting it."""

    type: ClassVar[str] = "discard_offer"
    variety: str


@record
class DiscardHand(Action):
    """Bean duel, phase 2: discard the card at this hand position, face up."""

    type: ClassVar[str] = "discard_hand"
    index: int


@record
class EndTurn(Action):
    """Bean duel, phase 3: leave the unplanted turned-up cards as the opponent's offer."""

    type: ClassVar[str] = "end_turn"


BEAN_ACTIONS = (
    PlantHand,
    EndPlanting,
    PlantArea,
    Harvest,
    BuyField,
    Offer,
    Accept,
    Decline,
    Withdraw,
    EndTrading,
    DiscardOffer,
    DiscardHand,
    EndTurn,
)
register_actions(*BEAN_ACTIONS)


@record
class Planted(Event):
    type: ClassVar[str] = "planted"
    seat: int
    variety: str
    field: int
    source: str  # "hand", "area", "offer" or "turned_up"


@record
class Harvested(Event):
    type: ClassVar[str] = "harvested"
    seat: int
    field: int
    variety: str
    count: int
    coins: int


@record
class FieldBought(Event):
    type: ClassVar[str] = "field_bought"
    seat: int
    cost: int


@record
class TurnedUp(Event):
    type: ClassVar[str] = "turned_up"
    seat: int
    cards: tuple[str, ...]
    from_discard: tuple[str, ...] = ()


@record
class Drew(Event):
    """Cards drawn to the back of a hand: only their number is public."""

    type: ClassVar[str] = "drew"
    seat: int
    count: int


@record
class DeckRanOut(Event):
    type: ClassVar[str] = "deck_ran_out"
    time: int
    reshuffled: int  # cards in the new deck; 0 when this was the last time


@record
class OfferMade(Event):
    type: ClassVar[str] = "offer_made"
    offer: int
    seat: int
    to: int | None
    give: tuple[str, ...]
    want: tuple[str, ...]
    counter_to: int | None


@record
class OfferClosed(Event):
    """An offer ends without a trade: declined, withdrawn, or ended with trading."""

    type: ClassVar[str] = "offer_closed"
    offer: int
    seat: int
    reason: str  # "declined", "withdrawn", "countered", "trading ended", "cards moved"


@record
class Traded(Event):
    type: ClassVar[str] = "traded"
    offer: int
    seat: int  # who made the offer
    other: int  # who accepted it
    gave: tuple[str, ...]
    got: tuple[str, ...]


@record
class Discarded(Event):
    type: ClassVar[str] = "discarded"
    seat: int
    variety: str
    source: str  # "offer" or "hand"


@record
class PhaseStarted(Event):
    type: ClassVar[str] = "phase_started"
    seat: int
    phase: str
    turn: int


@record
class GameOver(Event):
    type: ClassVar[str] = "game_over"
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str


_ACTION_CACHE: dict[tuple[Any, ...], Action] = {}


def cached_action(cls: type[Action], *args: Any) -> Action:
    """The one `cls(*args)` (actions are frozen): legal actions made once, not per call."""
    key = (cls, *args)
    a = _ACTION_CACHE.get(key)
    if a is None:
        a = _ACTION_CACHE[key] = cls(*args)
    return a
