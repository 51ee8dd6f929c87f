"""The two-player (and solo) turn: phase 0 (the beans left for you, a whole kind at a
time), phase 1 with one discard from the hand, phase 3 a whole kind at a time."""

from __future__ import annotations

from bohn_tui.engine.limits import show
from bohn_tui.games.bohnroschen.actions import (
    DiscardKind,
    PlantKind,
)
from bohn_tui.games.bohnroschen.core import RulesCore
from bohn_tui.games.bohnroschen.phases import (
    INTERMEDIATE,
)
from bohn_tui.games.bohnroschen.state import BohnroschenState
from bohn_tui.games.common.actions import (
    Action,
    BuyField,
    Discarded,
    DiscardHand,
    DiscardOffer,
    EndPlanting,
    Event,
    Harvest,
    IllegalAction,
    PlantArea,
    Planted,
)
from bohn_tui.games.common.rules import (
    PLANT,
    PLANT_TURNED_UP,
    TAKE_OFFER,
)
from bohn_tui.games.common.table import (
    PlayerState,
)


class TwoPlayerTurn(RulesCore):
    """The two-player and solo turn (a mixin of BohnroschenRules)."""

    # -- two players: phases 0, 1 and 3 -----------------------------------------------------

    def _kind_pile(self, st: BohnroschenState, a: Action) -> tuple[list[str], str]:
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

    def _plant_kind(self, st: BohnroschenState, a: PlantKind, ev: list[Event]) -> None:
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

    def _discard_kind(self, st: BohnroschenState, a: DiscardKind, ev: list[Event]) -> None:
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

    def _plant_traded(self, st: BohnroschenState, a: PlantArea, ev: list[Event] | None) -> None:
        if st.phase in (TAKE_OFFER, PLANT_TURNED_UP):
            raise IllegalAction(
                "in Bohnröschen for two, all beans of a kind are planted together (plant_kind)"
            )
        super()._plant_area(st, a, ev)

    def _refuse_discard_offer(
        self, st: BohnroschenState, a: DiscardOffer, ev: list[Event] | None
    ) -> None:
        raise IllegalAction(
            "in Bohnröschen for two, left beans are discarded a whole kind at a time"
        )

    def _discard_from_hand(
        self, st: BohnroschenState, a: DiscardHand, ev: list[Event] | None
    ) -> None:
        """Two players, phase 1: one card from anywhere in the hand, before or after
        planting; the phase goes on."""
        assert ev is not None
        if not self.duel:
            raise IllegalAction("hand cards are discarded only in the two-player game")
        if st.phase != PLANT:
            raise IllegalAction("a hand card may be discarded only in phase 1")
        self._need_active(st, a, "discard from the hand")
        if st.discarded:
            raise IllegalAction("you have discarded a hand card this turn already")
        p = st.players[a.seat]
        if a.index.__class__ is not int or not 0 <= a.index < len(p.hand):
            raise IllegalAction(f"there is no card at hand position {show(a.index)}")
        card = p.hand.pop(a.index)
        st.deck.discard.append(card)
        st.discarded = True
        ev.append(Discarded(a.seat, card, "hand"))

    def planting_done(self, st: BohnroschenState, p: PlayerState) -> bool:
        """As in Bohnanza, but phase 1 goes on after the second card while the player may
        still pay tribute in it (rulebook example 1) or discard a hand card (two players)."""
        done = st.planted == 2 or not p.hand
        return (
            done
            and (st.discarded or not p.hand or not self.duel)
            and self.tribute_refusal(st, st.active) is not None
        )

    def _end_phase_1(self, st: BohnroschenState, a: EndPlanting, ev: list[Event] | None) -> None:
        if st.phase != PLANT:
            raise IllegalAction("this is not the planting phase")
        self._need_active(st, a, "end planting")
        hand = st.players[a.seat].hand
        if st.planted == 0 and hand:
            raise IllegalAction(f"you must plant your front card ({self.vname(hand[0])}) first")
        self.turn_up_cards(st, ev)

    # -- harvest and third field -------------------------------------------------------------

    def _harvest_own_turn(self, st: BohnroschenState, a: Harvest, ev: list[Event] | None) -> None:
        if st.phase == INTERMEDIATE:
            raise IllegalAction("no bean field may be harvested in the intermediate phase")
        if self.duel and a.seat != st.active:
            raise IllegalAction("with two players, beans are harvested only on your own turn")
        super()._harvest(st, a, ev)

    def _buy_field_own_turn(
        self, st: BohnroschenState, a: BuyField, ev: list[Event] | None
    ) -> None:
        if self.duel and a.seat != st.active:
            raise IllegalAction("with two players, a third field is bought only on your own turn")
        super()._buy_field(st, a, ev)

    def can_buy_field(self, st: BohnroschenState, p: PlayerState, seat: int) -> bool:
        return super().can_buy_field(st, p, seat) and (not self.duel or seat == st.active)
