"""Every game, one package each (design.md). This table is the only place that lists them:
adding a game is its package plus one line here. Outside this folder nothing imports a game
module or compares a game id; everything goes through the registry's specs."""

from __future__ import annotations

from bohn_tui.engine.registry import Registry, UnknownGame

REGISTRY = Registry(
    {
        "bohnanza": "bohn_tui.games.bohnanza",
        "dahlias": "bohn_tui.games.dahlias",
        "bohnroschen": "bohn_tui.games.bohnroschen",
        "wuerfelspiel": "bohn_tui.games.wuerfelspiel",
        "excalibohn": "bohn_tui.games.excalibohn",
    }
)

GAMES = REGISTRY.ids
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
    "GAMES",
    "REGISTRY",
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
