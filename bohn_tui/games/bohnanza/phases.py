"""The phases of the Bohnanza turn (bohnanza/rules.py's docstring says what each is) and
their names."""

from __future__ import annotations

from bohn_tui.games.common.trading import TRADE

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
