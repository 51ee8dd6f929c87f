"""Every game, one package each (design.md), found through the entry points of the group
`bohn_tui.games` (pyproject.toml; docs/adding-a-game.md): the five built-in ones first, in
BUILT_IN's order, then any other distribution's games by id. Outside this folder nothing
imports a game module or compares a game id; everything goes through the registry's specs.

`GAMES` (the ids of the games that can be played) is looked up only when asked for: the
entry points are not scanned at import, so `bohn --help` does not pay for it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bohn_tui.engine.registry import BrokenGame, Registry, UnknownGame

if TYPE_CHECKING:  # looked up by __getattr__ below
    GAMES: tuple[str, ...]

GROUP = "bohn_tui.games"
# the built-in games in their fixed order; each is an entry point of bohn-tui (pyproject.toml)
BUILT_IN = ("bohnanza", "dahlias", "bohnroschen", "wuerfelspiel", "excalibohn")

REGISTRY = Registry(GROUP, {g: f"bohn_tui.games.{g}:SPEC" for g in BUILT_IN})

find = REGISTRY.find
spec = REGISTRY.spec
rules_for = REGISTRY.rules_for
with_legacy = REGISTRY.with_legacy
replay_either = REGISTRY.replay_either
read_record = REGISTRY.read_record
load_actions = REGISTRY.load_actions
replay = REGISTRY.replay
start = REGISTRY.start

__all__ = [
    "BUILT_IN",
    "GAMES",
    "GROUP",
    "REGISTRY",
    "BrokenGame",
    "UnknownGame",
    "find",
    "load_actions",
    "make_bot",
    "read_record",
    "replay",
    "replay_either",
    "rules_for",
    "spec",
    "start",
    "with_legacy",
]


def make_bot(game: str, level: str, seed: int = 0, trade: bool = True) -> object:
    """A bot of `level` for `game` (ValueError for an unknown level)."""
    return REGISTRY.spec(game).bots(level, seed, trade)


def __getattr__(name: str) -> object:
    """`GAMES`: the games that can be played, in order (the entry points scanned now)."""
    if name == "GAMES":
        return REGISTRY.ids
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
