"""Bohnröschen's phases: the Bohnanza phases plus phase 4 (draw) and the intermediate phase,
their names and numbers (phase tasks count per number)."""

from __future__ import annotations

from bohn_tui.games.common.rules import (
    OVER,
    PLANT,
    PLANT_TRADES,
    PLANT_TURNED_UP,
    TAKE_OFFER,
    TRADE,
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
