"""The game contract (design.md): the Rules protocol, prompts, actions and events with their
JSON codec, the record, and the registry of games. Pure Python: no textual, rich, typer,
asyncio, no files, and no game; each game lives in its own package under bohn_tui/games.

- `rules.new_game(names, seed, options, deck)` -> (state, events)
- `rules.legal_actions(state, seat)` -> what that seat may do now (any seat)
- `rules.apply(state, action)` -> events, or IllegalAction and the state unchanged
- `rules.view(state, seat)` -> a JSON-ready dict of what that seat may know (None: public)
- `rules.waiting_for(state)` / `rules.prompts(state)` -> who is asked what now
"""

from bohn_tui.engine.actions import (
    Action,
    Event,
    IllegalAction,
    action_from_json,
    register_actions,
    to_json,
)
from bohn_tui.engine.contract import Describer, GameSpec, Prompt, Rules, State
from bohn_tui.engine.record import Record, RecordError

__all__ = [
    "Action",
    "Describer",
    "Event",
    "GameSpec",
    "IllegalAction",
    "Prompt",
    "Record",
    "RecordError",
    "Rules",
    "State",
    "action_from_json",
    "register_actions",
    "to_json",
]
