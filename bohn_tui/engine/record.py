"""Game records: the config, seed and action list that make a game (docs/formats.md).

A record is JSON: {"game", "players", "seed", "options", "deck" (optional, top card first),
"actions": [{"type": ..., "seat": ..., ...}, ...]}. The same record always gives the same game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bohn_tui.engine.actions import Action, IllegalAction, action_from_json, to_json


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
        """Read a record; the games' action types must be registered first (the registry's
        `read_record` does that)."""
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
        parsed = []
        for n, a in enumerate(actions, start=1):
            try:
                parsed.append(action_from_json(a))
            except IllegalAction as e:
                raise RecordError(f"action {n}: {e}") from None
        return cls(game, players, seed, options, deck, parsed)

    def start(self, rules: Any) -> Any:
        """The state this record starts from, with `rules` (RecordError if it cannot start)."""
        try:
            state, _ = rules.new_game(self.players, self.seed, self.options, self.deck)
        except ValueError as e:
            raise RecordError(str(e)) from None
        return state

    def replay(self, rules: Any, upto: int | None = None) -> Any:
        """The state after the first `upto` actions (all by default)."""
        state = self.start(rules)
        for n, a in enumerate(self.actions[:upto], start=1):
            try:
                rules.apply(state, a)
            except IllegalAction as e:
                raise RecordError(f"action {n}: {e}") from None
        return state
