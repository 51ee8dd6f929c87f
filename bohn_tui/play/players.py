"""Who plays: the `--players` spec and the error a game that cannot start gives. Kept apart
from the session (which needs the rules) so that the command line can check its input
before the app's first frame."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from bohn_tui.engine.limits import MAX_INT, MAX_NAME, MAX_PLAYERS, InputError, check_name, show

BOT_NAMES = ("Cem", "Dora", "Emil", "Fay", "Gus", "Hana", "Ivo")


class SessionError(InputError):
    """A game that cannot be started or continued; the message (at most limits.MESSAGE
    characters) says why."""


def bot_level(text: str, levels: Collection[str], what: str = "a bot") -> str:
    """The game's bot level `text` names, in any case ("Standard", "bot:EXPERT"): the one
    parser of `--bots` and of `bot:LEVEL` in `--players`. SessionError, naming the levels,
    for an unknown level or none (`what` says who named none: "'bot:'", "--bots")."""
    level = text.strip()
    known = ", ".join(levels)
    if not level:
        raise SessionError(f"{what} names no bot level; choose one of: {known}")
    found = next((lv for lv in levels if lv.casefold() == level.casefold()), None)
    if found is None:
        raise SessionError(f"unknown bot level {show(level)}; choose one of: {known}")
    return found


def parse_players(
    spec: str, levels: Collection[str] | None = None
) -> tuple[list[str], dict[int, str]]:
    """'Ana,Ben,bot:standard' -> (names, {seat: bot level}). Bots get free names. Each name
    is held to the limits (limits.check_name), at most MAX_PLAYERS of them; `levels`, when
    given, are the bot levels the game has. SessionError says what is wrong, in one line."""
    if len(spec) > MAX_PLAYERS * (MAX_NAME + 1):
        raise SessionError(f"--players is {len(spec):,} characters long; name fewer players")
    parts = [p.strip() for p in spec.split(",")]
    if not any(parts):
        raise SessionError("name at least one player, e.g. --players 'Ana,Ben,bot:standard'")
    if len(parts) > MAX_PLAYERS:
        raise SessionError(f"--players names {len(parts)} players; at most {MAX_PLAYERS}")

    def is_bot(p: str) -> bool:  # "bot" or "bot:LEVEL" (a person may be called Botond)
        return p.lower() == "bot" or p.lower().startswith("bot:")

    humans = {p for p in parts if not is_bot(p)}
    spare = [n for n in BOT_NAMES if n not in humans]
    names: list[str] = []
    bots: dict[int, str] = {}
    for seat, p in enumerate(parts):
        if is_bot(p):
            # "bot" alone is the standard bot; "bot:" must name a level
            level = p.split(":", 1)[1] if ":" in p else "standard"
            if levels is not None:
                level = bot_level(level, levels, "'bot:'")
            elif not level.strip():
                raise SessionError("'bot:' names no bot level")
            bots[seat] = level.strip()
            names.append(spare.pop(0) if spare else f"Bot {seat + 1}")
        else:
            try:
                names.append(check_name(p, f"player {seat + 1}'s name"))
            except InputError as e:
                raise SessionError(str(e)) from None
    if len(set(names)) != len(names):
        raise SessionError("every player needs a different name")
    return names, bots


def count_span(counts: tuple[int, ...]) -> str:
    """A game's player counts in words: "3 to 5", "1"."""
    low, high = min(counts), max(counts)
    return f"{low} to {high}" if low != high else f"{low}"


def count_error(game: str, n: int) -> str | None:
    """Why `game` cannot be played by `n` players (its spec's counts), or None: the one
    check of the command line (`bohn play`, `bohn host`) and the new-game screen."""
    from bohn_tui.games import spec

    data = spec(game)
    counts = data.player_counts
    if n in counts:
        return None
    return f"{data.title} is for {count_span(counts)} players, not {n}"


def parse_seats(game: str, players: str) -> tuple[list[str], dict[int, str]]:
    """`--players` for `game`: parse_players with the game's bot levels, and SessionError
    for a count the game has not, before anything starts."""
    from bohn_tui.games import spec

    names, bots = parse_players(players, spec(game).bot_levels)
    why = count_error(game, len(names))
    if why is not None:
        raise SessionError(why)
    return names, bots


def parse_seed(text: str | None) -> int | None:
    """A seed as typed (`--seed`, the new-game screen): None for none, else a whole number
    within the limits (-(2**63 - 1) to 2**63 - 1); SessionError in one line otherwise."""
    if text is None or not text.strip():
        return None
    value = text.strip()
    digits = value.removeprefix("-")
    if digits.isdecimal() and digits.isascii() and len(digits) <= 19:
        seed = int(value)
        if -MAX_INT <= seed <= MAX_INT:
            return seed
    raise SessionError(f"the seed must be a whole number of at most 19 digits, not {show(text)}")


SECURE_SEED_BITS = 128  # random bits of a hosted game's seed


def secure_seed() -> int:
    """The seed of a game whose players sit at screens of their own (`bohn host` without
    `--seed`): SECURE_SEED_BITS bits from the operating system's secure random source
    (secrets), far too many to search from the cards a client sees. The bit above them is
    set, so that every such seed has SECURE_SEED_BITS + 1 binary digits (a record writes it
    as text: engine/record.py's seed_json)."""
    import secrets  # here: its hashlib loads OpenSSL (~3.5 MB), which `bohn join` lacks

    return (1 << SECURE_SEED_BITS) | secrets.randbits(SECURE_SEED_BITS)


@dataclass(frozen=True)
class NewGame:
    """A game to start: what `Session.new` takes (`Session.start` makes it)."""

    game: str
    names: list[str]
    bots: dict[int, str] = field(default_factory=dict)
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
