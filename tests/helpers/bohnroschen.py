"""Bohnröschen's test helpers: stacked vine rows, games, getting to a phase."""

from __future__ import annotations

from bohn_tui.games.bohnroschen.rules import (
    BohnroschenState,
)
from helpers.rules import start

GAME = "bohnroschen"


# cards that the scripted turns below never fulfil: buy a field, trade away stink, receive
# two beans in trades, draw a black-eyed bean
QUIET = ["v05", "v14", "v15", "v18"]


def game(
    n: int, hands: list[list[str]], rest: list[str], row: list[str], **options
) -> BohnroschenState:
    state = start(GAME, n, hands, rest, {"vine": row, **options})
    assert isinstance(state, BohnroschenState)
    return state


def four(front: list[str], rest_hand: str = "soy") -> list[list[str]]:
    """Four hands: seat 0 starts with `front`, the others hold soy."""
    return [front + [rest_hand] * (5 - len(front))] + [[rest_hand] * 5 for _ in range(3)]


def to_phase(state: BohnroschenState, phase: str) -> None:
    """Play the active player's plainest moves (plant on the first field that takes the
    card, end planting and trading, draw) until `phase` begins."""
    rules = state.rules
    for _ in range(60):
        if state.phase == phase:
            return
        seat = rules.to_move(state)
        legal = rules.legal_actions(state, seat)
        kinds = ("draw_cards", "end_trading", "end_planting", "end_turn", "plant_area")
        for kind in (*kinds, "plant_hand"):
            chosen = [a for a in legal if a.type == kind]
            if chosen:
                rules.apply(state, chosen[0])
                break
        else:
            raise AssertionError(f"stuck in {state.phase}: {legal}")
    raise AssertionError(f"{phase} never began")
