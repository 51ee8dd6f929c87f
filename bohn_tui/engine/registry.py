"""The registry: game id -> its spec, found through entry points (group `bohn_tui.games`,
docs/adding-a-game.md) and imported only when that game is asked for.

The built-in games are entry points of bohn-tui itself, listed first in a fixed order
(bohn_tui/games/__init__.py's BUILT_IN); other distributions' games follow by id. Nothing
is scanned before a command needs the games: importlib.metadata alone costs ~50 ms of
start-up (benchmarks/README.md). A plug-in that cannot be used (it does not import, it is not
a GameSpec, its id is taken) is set aside with one line saying why, said once; the other
games go on working. The engine names no game."""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from importlib import import_module
from typing import Any, Protocol, TypeVar

from bohn_tui.engine.actions import Action
from bohn_tui.engine.contract import GameSpec, Rules
from bohn_tui.engine.limits import clip, show
from bohn_tui.engine.record import Record, RecordError

T = TypeVar("T")


class UnknownGame(ValueError):
    """A game id that is not registered; the message lists the ones that are."""


class BrokenGame(UnknownGame):
    """A registered game that cannot be used; the message is its one line (why)."""


class EntryPointLike(Protocol):
    """What the registry reads of an importlib.metadata.EntryPoint."""

    @property
    def name(self) -> str: ...
    @property
    def value(self) -> str: ...
    def load(self) -> Any: ...


@dataclass(frozen=True)
class _Point:
    """A built-in game whose entry point the installed metadata lacks (a checkout run
    from PYTHONPATH beside an older install): loaded from its module all the same."""

    name: str
    value: str

    def load(self) -> Any:
        module, _, attr = self.value.partition(":")
        return getattr(import_module(module), attr or "SPEC")


def entry_points(group: str) -> list[EntryPointLike]:
    """The installed entry points of `group` (importlib.metadata, imported only now)."""
    from importlib.metadata import entry_points as found

    return list(found(group=group))


def _stderr(line: str) -> None:
    print(line, file=sys.stderr)


class Registry:
    def __init__(
        self,
        group: str,
        built_in: Mapping[str, str],
        found: Callable[[str], Iterable[EntryPointLike]] = entry_points,
    ) -> None:
        self.group = group
        self.built_in = dict(built_in)  # id -> "module:SPEC", in the games' fixed order
        self._found = found
        self._points: dict[str, EntryPointLike] | None = None
        self._specs: dict[str, GameSpec] = {}
        self.problems: dict[str, str] = {}  # id -> the one line why it cannot be used
        self._said: set[str] = set()
        # where the lines about unusable games go (the app shows them as notifications)
        self.say: Callable[[str], None] = _stderr

    @property
    def packages(self) -> dict[str, EntryPointLike]:
        """Every registered game id -> its entry point, built-ins first (scanned once)."""
        if self._points is None:
            self._points = self._scan()
        return self._points

    def _scan(self) -> dict[str, EntryPointLike]:
        by_id: dict[str, list[EntryPointLike]] = {}
        for point in self._found(self.group):
            same = by_id.setdefault(point.name, [])
            if all(p.value != point.value for p in same):  # one dist seen twice is one
                same.append(point)
        for game, value in self.built_in.items():
            by_id.setdefault(game, [_Point(game, value)])
        points: dict[str, EntryPointLike] = {}
        for game in [*self.built_in, *sorted(set(by_id) - set(self.built_in))]:
            mine = [p for p in by_id[game] if p.value == self.built_in.get(game)]
            others = [p for p in by_id[game] if p not in mine]
            if mine and others:
                taken = ", ".join(p.value for p in others)
                self.problems[f"{game} ({taken})"] = (
                    f"game plug-in {taken} is not used: the id {show(game)} is a built-in game's"
                )
            elif len(others) > 1:
                both = " and ".join(sorted(p.value for p in others))
                self.problems[game] = (
                    f"game plug-in {show(game)} is not used: {both} both register that id"
                )
                continue
            points[game] = (mine or others)[0]
        return points

    def _usable(self) -> tuple[str, ...]:
        """The ids of the games that load (each imported now), in the registry's order;
        each one that does not is said once."""
        out = []
        for game in self.packages:
            try:
                self._load(game)  # not spec: that marks the line as the caller's to say
                out.append(game)
            except BrokenGame:
                pass
        for key, line in self.problems.items():
            if key not in self._said:
                self._said.add(key)
                self.say(line)
        return tuple(out)

    @property
    def ids(self) -> tuple[str, ...]:
        """The games that can be played (a plug-in that cannot is left out, said once)."""
        return self._usable()

    def unusable(self) -> dict[str, str]:
        """The registered games that cannot be used, each with its line (nothing said)."""
        for game in self.packages:
            try:
                self._load(game)
            except BrokenGame:
                pass
        return dict(self.problems)

    def find(self, name: str) -> str:
        """The game id a person means by `name`: any case, with or without umlauts
        ("Bohnanza", "bohnröschen"), or one of the game's aliases; UnknownGame lists the
        ids, BrokenGame says why the game meant cannot be used."""
        wanted = _folded(name)
        # a built-in game's id first, without the scan of the installed plug-ins (their
        # entry points: importlib.metadata): the built-in takes its id whatever registers it
        for games in (lambda: self.built_in, lambda: self.packages):
            for game in games():
                if _folded(game) == wanted:
                    self.spec(game)  # a plug-in that cannot be used: its line, as the error
                    return game
        usable = self.ids  # only now the specs (each imports its game's package)
        for game in usable:
            if wanted in (_folded(a) for a in self.spec(game).aliases):
                return game
        raise UnknownGame(f"unknown game {show(name)}; choose one of: {', '.join(usable)}")

    def spec(self, game: str) -> GameSpec:
        """The spec of `game` (UnknownGame; BrokenGame with its line, then said)."""
        try:
            return self._load(game)
        except BrokenGame:
            self._said.add(game)  # the caller shows the error: not said again
            raise

    def _load(self, game: str) -> GameSpec:
        if game in self._specs:
            return self._specs[game]
        if game in self.problems:
            raise BrokenGame(self.problems[game])
        if self._points is None and game in self.built_in:  # as the scan would have it
            point: EntryPointLike = _Point(game, self.built_in[game])
        elif game not in self.packages:
            known = ", ".join(g for g in self.packages if g not in self.problems)
            raise UnknownGame(f"unknown game {show(game)}; choose one of: {known}")
        else:
            point = self.packages[game]
        why = ""
        try:
            spec = point.load()
        except Exception as e:  # noqa: BLE001 - any failure of a plug-in is its one line
            why = f"it does not import ({type(e).__name__}: {clip(str(e), 120)})"
        else:
            if not isinstance(spec, GameSpec):
                why = f"{point.value} is not a GameSpec (it is {type(spec).__name__})"
            elif spec.id != game:
                why = f"its spec's id is {show(spec.id)}, not {show(game)}"
        if why:
            self.problems[game] = f"game plug-in {show(game)} cannot be used: {why}"
            raise BrokenGame(self.problems[game])
        assert isinstance(spec, GameSpec)
        self._specs[game] = spec
        return spec

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
        for game in self.ids:
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
def _rules(registry: Registry, game: str, n_players: int) -> Rules:
    return registry.spec(game).rules(n_players)
