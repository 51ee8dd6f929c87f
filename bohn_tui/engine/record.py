"""Game records: the config, seed and action list that make a game (docs/formats.md).

A record is JSON: {"game", "players", "seed", "options", "deck" (optional, top card first),
"actions": [{"type": ..., "seat": ..., ...}, ...]}. The same record always gives the same game.
A record from outside is held to the limits (engine/limits.py) once, in `Record.from_json`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bohn_tui.engine.actions import Action, IllegalAction, parse_action, to_json
from bohn_tui.engine.limits import (
    MAX_INT,
    MAX_PLAYERS,
    InputError,
    check_name,
    check_tree,
    clip,
    show,
)


class RecordError(InputError):
    """A record that cannot be read or replayed; the message (at most limits.MESSAGE
    characters) says where and why."""


SEED_DIGITS = 40  # a seed written as text (too large for a JSON whole number): its digits


def seed_json(seed: int) -> int | str:
    """A seed as a record writes it: a whole number within the limits (limits.MAX_INT), a
    larger one (`bohn host`'s 128-bit seeds) as the text of its decimal digits."""
    return seed if -MAX_INT <= seed <= MAX_INT else str(seed)


def _seed(raw: Any) -> int:
    """A record's seed: a whole number, or the text of one of at most SEED_DIGITS digits."""
    if isinstance(raw, str) and raw.isascii() and raw.isdecimal() and len(raw) <= SEED_DIGITS:
        return int(raw)
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise RecordError(
            f"'seed' must be a whole number (or the text of one of at most {SEED_DIGITS} "
            f"digits), not {show(raw)}"
        )
    return raw


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
            "seed": seed_json(self.seed),
            "options": dict(self.options),
        }
        if self.deck is not None:
            out["deck"] = list(self.deck)
        out["actions"] = [to_json(a) for a in self.actions]
        return out

    @classmethod
    def from_json(cls, raw: Any) -> Record:
        """Read a record from outside: the limits (limits.check_tree) over the whole value
        once, then each key. The games' action types must be registered first (the
        registry's `read_record` does that). Whether the game can start with these players,
        options and deck is the game's to say (`start`)."""
        try:
            check_tree(raw, "the record")
        except InputError as e:
            raise RecordError(str(e)) from None
        if not isinstance(raw, dict):
            raise RecordError(f"a record must be a JSON object, not {show(raw)}")
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
        if not 1 <= len(players) <= MAX_PLAYERS:
            raise RecordError(f"'players' names {len(players)} players (1 to {MAX_PLAYERS})")
        for seat, name in enumerate(players):
            try:
                check_name(name, f"player {seat + 1}'s name")
            except InputError as e:
                raise RecordError(str(e)) from None
        seed = _seed(seed)
        if not isinstance(options, dict):
            raise RecordError(f"'options' must be an object, not {show(options)}")
        if deck is not None and (
            not isinstance(deck, list) or not all(isinstance(c, str) for c in deck)
        ):
            raise RecordError("'deck' must be a list of variety ids")
        if not isinstance(actions, list):
            raise RecordError(f"'actions' must be a list, not {show(actions)}")
        parsed = []
        for n, a in enumerate(actions, start=1):
            try:
                parsed.append(parse_action(a))
            except IllegalAction as e:
                raise RecordError(f"action {n}: {e}") from None
        return cls(game, players, seed, options, deck, parsed)

    def start(self, rules: Any) -> Any:
        """The state this record starts from, with `rules` (RecordError if it cannot start:
        the game refuses its players, options or deck with a ValueError)."""
        try:
            state, _ = rules.new_game(self.players, self.seed, self.options, self.deck)
        except ValueError as e:
            raise RecordError(str(e)) from None
        except Exception as e:  # the last line of defence: a bug in the rules, see `replay`
            raise RecordError(f"the game cannot start: {_bug(e)}") from e
        return state

    def replay(self, rules: Any, upto: int | None = None) -> Any:
        """The state after the first `upto` actions (all by default). An illegal action is a
        RecordError naming it; so is any other exception the rules raise on it. That one is
        a bug in the rules (they must refuse every action with IllegalAction), caught here
        only because a record comes from outside and must never crash the program."""
        state = self.start(rules)
        for n, a in enumerate(self.actions[:upto], start=1):
            try:
                rules.apply(state, a)
            except IllegalAction as e:
                raise RecordError(f"action {n}: {e}") from None
            except Exception as e:
                raise RecordError(f"action {n}: the rules failed on it: {_bug(e)}") from e
        return state


def _bug(e: Exception) -> str:
    """A short form of an unexpected exception for a message."""
    return f"{type(e).__name__}: {clip(str(e), 120)} (a bug, please report it)"
