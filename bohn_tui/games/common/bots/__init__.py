"""The bean games' computer players by level: random, standard and expert (design.md).
A game's spec makes them through `make`; Bohnröschen wraps them (games/bohnroschen/bots.py)."""

from __future__ import annotations

from importlib import import_module
from typing import Any

# level -> (module, factory): imported when a bot of that level is first made
LEVELS: dict[str, tuple[str, str]] = {
    "random": ("random_bot", "RandomBot"),
    "standard": ("standard", "StandardBot"),
    "expert": ("expert", "ExpertBot"),
}


def make(level: str, seed: int = 0, trade: bool = True) -> Any:
    """A bot of `level`, with its own seeded randomness; trade=False never offers."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose one of: {', '.join(sorted(LEVELS))}")
    module, name = LEVELS[level]
    return getattr(import_module(f"{__name__}.{module}"), name)(seed, trade)
