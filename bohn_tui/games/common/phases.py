"""The phases of the Bohnanza turn (rules.py's docstring says what each is), their
names, and who must act in each (a mixin of BeanRules)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bohn_tui.games.common.trading import TRADE as TRADE  # re-exported: a phase as the others

OVER = "over"
PLANT = "plant"
PLANT_TRADES = "plant_trades"
TAKE_OFFER = "take_offer"
PLANT_TURNED_UP = "plant_turned_up"

PHASE_NAMES = {
    PLANT: "Phase 1: plant from the hand",
    TRADE: "Phase 2: turn up and trade",
    PLANT_TRADES: "Phase 3: plant turned-up and traded cards",
    TAKE_OFFER: "Phase 1: plant or discard the offered cards",
    PLANT_TURNED_UP: "Phase 3: plant turned-up cards",
    OVER: "Game over",
}

_ACTIVE_PHASES = frozenset({PLANT, TAKE_OFFER, PLANT_TURNED_UP})


class TurnOrder:
    """Who must act: the seats the game waits for in each phase. Reads the rules' `_order`
    (the seats from each seat on) and Trading's `_addressees`."""

    _order: list[list[int]]
    _addressees: Callable[[Any, Any], list[int]]

    def phase_name(self, st: Any) -> str:
        return PHASE_NAMES[st.phase]

    def waiting_for(self, st: Any) -> list[int]:
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

    def to_move(self, st: Any) -> int | None:
        """The seat whose decision comes first: waiting_for(st)[0], without the list."""
        phase = st.phase  # (the set is asked last: two string compares cost less)
        if phase == PLANT_TRADES:
            players = st.players
            order: list[int] = self._order[st.active]  # (typed: st is any game's state)
            for s in order:
                if players[s].area:
                    return s
            return None
        if (phase == TRADE and not st.offers) or phase in _ACTIVE_PHASES:
            active: int = st.active
            return active
        seats = self.waiting_for(st)
        return seats[0] if seats else None
