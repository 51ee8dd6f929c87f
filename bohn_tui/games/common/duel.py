"""The bean duel's own actions (Bohnanza for two): discarding a hand card at the end of
phase 1, discarding from the opponent's offer, and ending the turn (what is left of the
turned-up cards becomes the offer). A mixin of BeanRules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bohn_tui.engine.limits import show
from bohn_tui.games.common.actions import (
    Action,
    Discarded,
    DiscardHand,
    DiscardOffer,
    EndTurn,
    Event,
    IllegalAction,
)
from bohn_tui.games.common.phases import PLANT, PLANT_TURNED_UP, TAKE_OFFER


class BeanDuel:
    """The bean duel's handlers (see the module)."""

    duel: bool
    # what it uses of BeanRules (st: the state of the game on these rules)
    vname: Callable[[str | None], str]
    _need_active: Callable[[Any, Action, str], None]
    _start_planting: Callable[[Any, list[Event] | None], None]
    turn_up_cards: Callable[[Any, list[Event] | None], None]
    end_of_turn: Callable[[Any, list[Event] | None], None]

    def _discard_hand(self, st: Any, a: DiscardHand, ev: list[Event] | None = None) -> None:
        if not self.duel:
            raise IllegalAction("hand cards are discarded only in the bean duel")
        if st.phase != PLANT:
            raise IllegalAction("a hand card may be discarded only at the end of planting")
        self._need_active(st, a, "discard from the hand")
        if st.planted == 0:
            raise IllegalAction("plant your front card before discarding")
        p = st.players[a.seat]
        if not isinstance(a.index, int) or not 0 <= a.index < len(p.hand):
            raise IllegalAction(f"there is no card at hand position {show(a.index)}")
        card = p.hand.pop(a.index)
        st.deck.discard.append(card)
        if ev is not None:
            ev.append(Discarded(a.seat, card, "hand"))
        self.turn_up_cards(st, ev)

    def _discard_offer(self, st: Any, a: DiscardOffer, ev: list[Event] | None = None) -> None:
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

    def _end_turn(self, st: Any, a: EndTurn, ev: list[Event] | None = None) -> None:
        if st.phase != PLANT_TURNED_UP:
            raise IllegalAction("the turn can be ended only after the cards are turned up")
        self._need_active(st, a, "end the turn")
        st.duel_offer = st.turned_up
        st.turned_up = []
        self.end_of_turn(st, ev)
