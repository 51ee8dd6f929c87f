"""A game's options as a schema: what each option a game's record may carry is called, of
which type it is, what a person reads beside it, its default, its choices and the player
counts it applies to. The command line (`--option NAME=VALUE` and the shorthand flags the
schema declares) and the new-game screen are built from it, so that nothing outside a game's
package names one of its options.

The rules' `new_game` still checks every value (a record comes from anywhere); the schema
reads a person's text into a value of the right type first, so that a typo is one line
naming the expected type or choices. Pure Python, no game."""

from __future__ import annotations

from typing import Any

from bohn_tui.engine.limits import MAX_STRING, show
from bohn_tui.engine.records import record

BOOL, INT, STR, CHOICE, LIST, DAY = "bool", "int", "str", "choice", "list", "day"
TYPES = (BOOL, INT, STR, CHOICE, LIST, DAY)
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


@record
class Option:
    """One option of a game's record (`Record.options[name]`).

    `type`: BOOL (true or false), INT (a whole number; `choices`, when given, the ones
    allowed), STR (text), CHOICE (one of `choices`), LIST (text items; comma-separated on the
    command line), DAY (an ISO date, YYYY-MM-DD: the day of a daily run; its `flag` plays
    today's run with the day's seed, the same for everyone). `counts`: the player counts it
    applies to (empty: every count of the game). `flag`: a command-line shorthand
    ("--open-treasuries"): a BOOL flag sets it true, a DAY flag sets today. `menu`: the
    new-game screen offers it (False: records carry it, for a rule since corrected or a
    setting the program makes)."""

    name: str
    type: str
    label: str = ""
    default: Any = None
    choices: tuple[Any, ...] = ()
    counts: tuple[int, ...] = ()
    flag: str = ""
    help: str = ""
    menu: bool = True

    def __post_init__(self) -> None:
        if self.type not in TYPES:
            raise ValueError(f"option {self.name!r}: unknown type {self.type!r}")
        if self.type == CHOICE and not self.choices:
            raise ValueError(f"option {self.name!r}: a choice needs its choices")
        if self.flag and not (self.flag.startswith("--") and self.type in (BOOL, DAY)):
            raise ValueError(f"option {self.name!r}: a flag is --NAME, of a bool or a day")

    def applies(self, n: int) -> bool:
        """Whether the option is one for a game of `n` players."""
        return not self.counts or n in self.counts

    @property
    def expects(self) -> str:
        """What a value of this option is, in words: "true or false", "one of a, b"."""
        if self.type == BOOL:
            return "true or false"
        if self.type == INT and self.choices:
            low, high = min(self.choices), max(self.choices)
            if list(self.choices) == list(range(low, high + 1)):
                return f"a whole number from {low} to {high}"
            return "one of " + ", ".join(map(str, self.choices))
        if self.type == INT:
            return "a whole number"
        if self.type == CHOICE:
            return "one of " + ", ".join(map(str, self.choices))
        if self.type == LIST:
            return "a comma-separated list"
        if self.type == DAY:
            return "a day, YYYY-MM-DD"
        return "text"

    def describe(self) -> str:
        """One line for `--option help`: name, what it takes, default, counts, flag, help."""
        parts = [f"{self.name}: {self.expects}"]
        if self.default is not None:
            default = str(self.default).lower() if self.type == BOOL else str(self.default)
            parts.append(f"default {default}")
        if self.counts:
            parts.append(f"for {counts_words(self.counts)}")
        if self.flag:
            parts.append(f"shorthand {self.flag}")
        line = ", ".join(parts)
        return f"{line}: {self.help}" if self.help else line

    def parse(self, text: str) -> Any:
        """The value a person means by `text` (the command line's NAME=VALUE); ValueError,
        one line naming the option and what it takes, when it is none."""
        value = text.strip()
        bad = ValueError(f"option {self.name} takes {self.expects}, not {show(text)}")
        if len(text) > MAX_STRING:
            raise bad
        if self.type == BOOL:
            if value.casefold() in _TRUE:
                return True
            if value.casefold() in _FALSE:
                return False
            raise bad
        if self.type == INT:
            digits = value.removeprefix("-")
            if not (digits.isdecimal() and digits.isascii() and len(digits) <= 19):
                raise bad
            number = int(value)
            if self.choices and number not in self.choices:
                raise bad
            return number
        if self.type == CHOICE:
            for choice in self.choices:
                if str(choice).casefold() == value.casefold():
                    return choice
            raise bad
        if self.type == LIST:
            items = [v.strip() for v in value.split(",")]
            if not value or not all(items):
                raise bad
            return items
        if self.type == DAY:
            import datetime as dt

            try:
                return dt.date.fromisoformat(value).isoformat()
            except ValueError:
                raise bad from None
        return text


def counts_words(counts: tuple[int, ...]) -> str:
    """ "1 player", "2 or 3 players", "2-6 players"."""
    ordered = sorted(counts)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]} players"
    return " or ".join(map(str, ordered)) + (" player" if ordered == [1] else " players")


def find_option(options: tuple[Option, ...], name: str, game: str) -> Option:
    """The option `name` of a game's schema; ValueError, one line listing the game's
    options, when it has none of that name."""
    for option in options:
        if option.name == name.strip():
            return option
    known = ", ".join(o.name for o in options) or "none"
    raise ValueError(f"unknown option {show(name)} for {game}; options: {known}")


def read_options(
    options: tuple[Option, ...], pairs: list[str], game: str, n: int | None = None
) -> dict[str, Any]:
    """The options of NAME=VALUE texts (the command line's `--option`), each read by the
    schema: ValueError (one line) for an unknown name, a value of the wrong type, an option
    twice, one for another player count (`n`), or a DAY option (set by its flag only)."""
    out: dict[str, Any] = {}
    for pair in pairs:
        name, eq, text = pair.partition("=")
        if not eq:
            raise ValueError(f"--option takes NAME=VALUE, not {show(pair)}")
        option = find_option(options, name, game)
        if option.type == DAY:
            how = f"with {option.flag}" if option.flag else "by the program"
            raise ValueError(f"option {option.name} is set {how}, not by --option")
        if option.name in out:
            raise ValueError(f"option {option.name} is given twice")
        if n is not None and not option.applies(n):
            raise ValueError(f"option {option.name} is for {counts_words(option.counts)}, not {n}")
        out[option.name] = option.parse(text)
    return out


def by_flag(options: tuple[Option, ...], flag: str) -> Option | None:
    """The option whose command-line shorthand is `flag` ("--open-treasuries"), if any."""
    return next((o for o in options if o.flag and o.flag == flag), None)
