"""The registry: game id -> its spec, imported only when that game is asked for.

The table itself lives in bohn_tui/games/__init__.py (one line per game); the engine only
knows how to look a spec up, so that it names no game."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cache
from importlib import import_module
from typing import TypeVar

from bohn_tui.engine.actions import Action
from bohn_tui.engine.contract import GameSpec, Rules
from bohn_tui.engine.limits import show
from bohn_tui.engine.record import Record, RecordError

T = TypeVar("T")


class UnknownGame(ValueError):
    """A game id that is not registered; the message lists the ones that are."""


class Registry:
    def __init__(self, packages: Mapping[str, str]) -> None:
        self.packages = dict(packages)  # game id -> the module that defines SPEC

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(self.packages)

    def find(self, name: str) -> str:
        """The game id a person means by `name`: any case, with or without umlauts
        ("Bohnanza", "bohnröschen"), or one of the game's aliases; UnknownGame lists the
        ids."""
        wanted = _folded(name)
        for game in self.packages:
            if _folded(game) == wanted:
                return game
        for game in self.packages:  # only now the specs (each imports its game's package)
            if wanted in (_folded(a) for a in self.spec(game).aliases):
                return game
        raise UnknownGame(f"unknown game {show(name)}; choose one of: {', '.join(self.packages)}")

    def spec(self, game: str) -> GameSpec:
        if game not in self.packages:
            known = ", ".join(self.packages)
            raise UnknownGame(f"unknown game {show(game)}; choose one of: {known}")
        return _load(self.packages[game])

    def with_legacy(self, record: Record) -> Record | None:
        """`record` with its game's legacy options (its own options over them), to replay a
        record saved before a rule was corrected; None when that changes nothing."""
        try:
            legacy = self.spec(record.game).legacy_options
        except ValueError:
            return None
        options = {**legacy, **record.options}
        if options == record.options:
            return None
        return replace(record, options=options, actions=list(record.actions))

    def replay_either(
        self, record: Record, replay: Callable[[Record], T], error: type[Exception]
    ) -> T:
        """`replay(record)`; if that raises `error`, `replay` of the record with its game's
        legacy options (with_legacy); when that fails too, the first error."""
        try:
            return replay(record)
        except error:
            old = self.with_legacy(record)
            if old is None:
                raise
            try:
                return replay(old)
            except error:
                pass
            raise

    def rules_for(self, game: str, n_players: int) -> Rules:
        """The rules object for `game` with `n_players` players (ValueError if there is none).
        Rules objects hold no game state, so one serves every game of that kind."""
        return _rules(self, game, n_players)

    def load_actions(self) -> list[type[Action]]:
        """Every game's action types (each game registers them with the codec)."""
        out: list[type[Action]] = []
        for game in self.packages:
            out.extend(self.spec(game).actions())
        return out

    def read_record(self, raw: object) -> Record:
        """A record from its JSON form (RecordError says what is wrong)."""
        self.load_actions()
        return Record.from_json(raw)

    def start(self, record: Record) -> object:
        """The state a record starts from (RecordError for a game that cannot start)."""
        return record.start(self._rules_of(record))

    def replay(self, record: Record, upto: int | None = None) -> object:
        """The state after the first `upto` actions of a record (all by default); a record
        of a rule since corrected replays with its game's legacy options."""
        return self.replay_either(record, lambda r: r.replay(self._rules_of(r), upto), RecordError)

    def _rules_of(self, record: Record) -> Rules:
        try:
            return self.rules_for(record.game, len(record.players))
        except ValueError as e:
            raise RecordError(str(e)) from None


def _folded(name: str) -> str:
    """`name` in lower case without accents (ö -> o), for matching what a person types."""
    parts = unicodedata.normalize("NFKD", name.strip().casefold())
    return "".join(c for c in parts if not unicodedata.combining(c))


@cache
def _load(module: str) -> GameSpec:
    spec = import_module(module).SPEC
    assert isinstance(spec, GameSpec)
    return spec


@cache
def _rules(registry: Registry, game: str, n_players: int) -> Rules:
    return registry.spec(game).rules(n_players)
