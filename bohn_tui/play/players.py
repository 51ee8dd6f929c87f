"""Who plays: the `--players` spec and the error a game that cannot start gives. Kept apart
from the session (which needs the rules) so that the command line can check its input
before the app's first frame."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

BOT_NAMES = ("Cem", "Dora", "Emil", "Fay", "Gus", "Hana", "Ivo")


class SessionError(ValueError):
    """A game that cannot be started or continued; the message says why."""


def parse_players(spec: str) -> tuple[list[str], dict[int, str]]:
    """'Ana,Ben,bot:standard' -> (names, {seat: bot level}). Bots get free names."""
    parts = [p.strip() for p in spec.split(",") if p.strip()]
    if not parts:
        raise SessionError("name at least one player, e.g. --players 'Ana,Ben,bot:standard'")
    humans = {p for p in parts if not p.lower().startswith("bot")}
    spare = [n for n in BOT_NAMES if n not in humans]
    names: list[str] = []
    bots: dict[int, str] = {}
    for seat, p in enumerate(parts):
        if p.lower().startswith("bot"):
            level = p.split(":", 1)[1].strip() if ":" in p else "standard"
            bots[seat] = level or "standard"
            names.append(spare.pop(0) if spare else f"Bot {seat + 1}")
        else:
            names.append(p)
    if len(set(names)) != len(names):
        raise SessionError("every player needs a different name")
    return names, bots


@dataclass(frozen=True)
class NewGame:
    """A game to start: what `Session.new` takes (`Session.start` makes it)."""

    game: str
    names: list[str]
    bots: dict[int, str] = field(default_factory=dict)
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)

    def first_hand_over(self) -> str | None:
        """The player the screen passes to first, when the game opens with a hand-over:
        every game starts with seat 0 (tests/test_session.py holds the engine to it), and
        the screen passes only between two or more people."""
        humans = len(self.names) - len(self.bots)
        return self.names[0] if humans > 1 and 0 not in self.bots else None
