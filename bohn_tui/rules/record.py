"""Game records: the config, seed and action list that make a game (docs/formats.md).

A record is JSON: {"game", "players", "seed", "options", "deck" (optional, top card first),
"actions": [{"type": ..., "seat": ..., ...}, ...]}. The same record always gives the same game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .actions import Action, IllegalAction, action_from_json, to_json
from .bohnanza import GameState
from .games import load_actions, rules_for


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says where and why."""


@dataclass(slots=True)
class Record:
    game: str
    players: list[str]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    deck: list[str] | None = None
    actions: list[Action] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "players": list(self.players),
            "seed": self.seed,
            "options": dict(self.options),
        }
        if self.deck is not None:
            out["deck"] = list(self.deck)
        out["actions"] = [to_json(a) for a in self.actions]
        return out

    @classmethod
    def from_json(cls, raw: Any) -> Record:
        if not isinstance(raw, dict):
            raise RecordError("a record must be a JSON object")
        game = raw.get("game")
        players = raw.get("players")
        seed = raw.get("seed", 0)
        options = raw.get("options", {})
        deck = raw.get("deck")
        actions = raw.get("actions", [])
        if not isinstance(game, str):
            raise RecordError("the record names no game")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RecordError("'players' must be a list of names")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("'seed' must be a whole number")
        if not isinstance(options, dict):
            raise RecordError("'options' must be an object")
        if deck is not None and (
            not isinstance(deck, list) or not all(isinstance(c, str) for c in deck)
        ):
            raise RecordError("'deck' must be a list of variety ids")
        if not isinstance(actions, list):
            raise RecordError("'actions' must be a list")
        load_actions()
        parsed = []
        for n, a in enumerate(actions, start=1):
            try:
                parsed.append(action_from_json(a))
            except IllegalAction as e:
                raise RecordError(f"action {n}: {e}") from None
        return cls(game, players, seed, options, deck, parsed)

    def start(self) -> GameState:
        try:
            rules = rules_for(self.game, len(self.players))
            state, _ = rules.new_game(self.players, self.seed, self.options, self.deck)
        except ValueError as e:
            raise RecordError(str(e)) from None
        return state

    def replay(self, upto: int | None = None) -> GameState:
        """The state after the first `upto` actions (all by default)."""
        state = self.start()
        for n, a in enumerate(self.actions[:upto], start=1):
            try:
                state.rules.apply(state, a)
            except IllegalAction as e:
                raise RecordError(f"action {n}: {e}") from None
        return state
