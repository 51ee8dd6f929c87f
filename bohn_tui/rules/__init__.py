"""The shared rules module: pure Python, no UI, no files, no asyncio.

The contract every game follows (design.md):

- `new_game(game, players, seed, options, deck)` -> (state, events)
- `legal_actions(state, seat)` -> what that seat may do now (any seat, not only the active)
- `apply(state, action)` -> events, or raises IllegalAction and leaves the state unchanged
- `view(state, seat)` -> a JSON-ready dict of what that seat may know (None: the public table)
- `waiting_for(state)` -> the seats whose decision the game waits for
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for the annotations below
    from .actions import Action, Event
    from .bohnanza import GameState

# the names this package offers, by the module that defines them: imported when first asked
# for, so that `import bohn_tui.rules.games` (the game list, for the command line) does not
# build every action class and the engine before the app's first frame
_FROM = {
    "Action": "actions",
    "Event": "actions",
    "IllegalAction": "actions",
    "action_from_json": "actions",
    "to_json": "actions",
    "GameState": "bohnanza",
    "RULESETS": "games",
    "rules_for": "games",
}


def __getattr__(name: str) -> Any:
    if name not in _FROM:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_FROM[name]}"), name)


__all__ = [*_FROM, "apply", "legal_actions", "new_game", "view", "waiting_for"]


def new_game(
    game: str,
    players: list[str],
    seed: int = 0,
    options: dict[str, Any] | None = None,
    deck: list[str] | None = None,
) -> tuple[GameState, list[Event]]:
    from .games import rules_for

    rules = rules_for(game, len(players))
    return rules.new_game(list(players), seed, options, deck)


def legal_actions(state: GameState, seat: int) -> list[Action]:
    return state.rules.legal_actions(state, seat)


def apply(state: GameState, action: Action) -> list[Event]:
    return state.rules.apply(state, action)


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    return state.rules.view(state, seat)


def waiting_for(state: GameState) -> list[int]:
    return state.rules.waiting_for(state)
