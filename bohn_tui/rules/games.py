"""Which rules class plays which game. Each game module registers itself here."""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Any

# game id -> (module, class name); a module is imported only when its game is played
RULESETS: dict[str, tuple[str, str]] = {
    "bohnanza": ("bohn_tui.rules.bohnanza", "BohnanzaRules"),
    "dahlias": ("bohn_tui.rules.bohnanza", "BohnanzaRules"),
    "bohnroschen": ("bohn_tui.rules.bohnroschen", "BohnroschenRules"),
}

# modules that add action types of their own (actions.ACTION_TYPES): `load_actions`
# imports them, so that a game record can be read before its game is played
ACTION_MODULES = ("bohn_tui.rules.bohnroschen_actions",)


def load_actions() -> None:
    """Make every game's action types known to `actions.action_from_json`."""
    for module in ACTION_MODULES:
        import_module(module)


@cache
def rules_for(game: str, n_players: int) -> Any:
    """The rules object for `game` with `n_players` players (ValueError if there is none).
    Rules objects hold no game state, so one serves every game of that kind."""
    from ..data import load

    if game not in RULESETS:
        raise ValueError(f"unknown game {game!r}; choose one of: {', '.join(RULESETS)}")
    module, name = RULESETS[game]
    cls = getattr(import_module(module), name)
    return cls(load(game), n_players)
