"""The game contract (design.md): the Rules protocol, what each seat is asked (`Ask`),
actions and events with their JSON codec, the record, and the registry of games. Pure
Python: no textual, rich, typer, asyncio, no files, and no game; each game lives in its own
package under bohn_tui/games.

- `rules.new_game(names, seed, options, deck)` -> (state, events)
- `rules.legal_actions(state, seat)` -> what that seat may do now (any seat)
- `rules.apply(state, action)` -> events, or IllegalAction and the state unchanged
- `rules.view(state, seat)` -> a JSON-ready dict of what that seat may know (None: public)
- `rules.asks(state)` -> who may act now and why (`Ask`: kind, sentence, private, volunteer)
"""

from bohn_tui.engine.actions import (
    Action,
    Event,
    IllegalAction,
    action_from_json,
    register_actions,
    to_json,
)
from bohn_tui.engine.contract import Ask, Describer, GameSpec, Rules, State
from bohn_tui.engine.record import Record, RecordError

__all__ = [
    "Action",
    "Ask",
    "Describer",
    "Event",
    "GameSpec",
    "IllegalAction",
    "Record",
    "RecordError",
    "Rules",
    "State",
    "action_from_json",
    "register_actions",
    "to_json",
]
